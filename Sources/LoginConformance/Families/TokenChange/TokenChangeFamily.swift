/// The `token-change` family: ``TokenChangeNotifying`` against `Vectors/token-change.json`.
public enum TokenChangeFamily: VectorFamily {
    public static let family = ConformanceFamily(name: "token-change", protocolName: "TokenChangeNotifying")

    public static func run(_ input: TokenChangeSequence, on implementation: any ConformanceSubject) throws -> TokenChangeOutcome? {
        try (implementation as? any TokenChangeNotifying)?.notifications(for: input)
    }

    /// `2 notifications, current B`: the count and the final current token; the user info are the details. An
    /// expectation that leaves out the current token (a documented one) is labelled by its count alone.
    public static func label(of outcome: TokenChangeOutcome) -> String {
        let count = outcome.notifications.count
        let notifications = "\(count) notification\(count == 1 ? "" : "s")"
        return outcome.statesCurrent ? "\(notifications), current \(outcome.current ?? "nil")" : notifications
    }

    /// Whether `actual` posts what `expected` states: the same canonical JSON for a whole expectation; for one that
    /// names the user-info keys it compares (a documented vector, ``TokenChangeOutcome``), as many notifications
    /// after the same steps, each with the named keys present or absent as expected and equal, and the current token
    /// where the expectation states it (an answer that leaves out a stated current token fails).
    public static func conforms(_ actual: TokenChangeOutcome, to expected: TokenChangeOutcome,
                                input: TokenChangeSequence) -> Bool {
        guard let keys = expected.comparedUserInfoKeys else { return canonicallyEqual(actual, expected) }
        guard actual.notifications.count == expected.notifications.count,
              !expected.statesCurrent || (actual.statesCurrent && actual.current == expected.current)
        else { return false }
        return zip(actual.notifications, expected.notifications).allSatisfy { given, wanted in
            let (got, want) = (given.userInfo.members, wanted.userInfo.members)
            return given.afterStep == wanted.afterStep && keys.allSatisfy { got[$0] == want[$0] }
        }
    }

    /// Outcomes have no rejection reason.
    public static func declaredReason(of outcome: TokenChangeOutcome) -> String? { nil }
}

extension ConformanceFamily {
    /// The notifications a sequence of current-token changes posts, with their user info (SPECIFICATION.md §6). Protocol: ``TokenChangeNotifying``.
    public static let tokenChange = TokenChangeFamily.family
}
