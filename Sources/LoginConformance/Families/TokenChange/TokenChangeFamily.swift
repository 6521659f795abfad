/// The `token-change` family: ``TokenChangeNotifying`` against `Vectors/token-change.json`.
public enum TokenChangeFamily: VectorFamily {
    public static let family = ConformanceFamily(name: "token-change", protocolName: "TokenChangeNotifying")

    public static func run(_ input: TokenChangeSequence, on implementation: any ConformanceSubject) throws -> TokenChangeOutcome? {
        try (implementation as? any TokenChangeNotifying)?.notifications(for: input)
    }

    /// `2 notifications, current B`: the count and the final current token; the user info are the details.
    public static func label(of outcome: TokenChangeOutcome) -> String {
        let count = outcome.notifications.count
        return "\(count) notification\(count == 1 ? "" : "s"), current \(outcome.current ?? "nil")"
    }

    /// Outcomes have no rejection reason.
    public static func declaredReason(of outcome: TokenChangeOutcome) -> String? { nil }
}

extension ConformanceFamily {
    /// The notifications a sequence of current-token changes posts, with their user info (SPECIFICATION.md §6). Protocol: ``TokenChangeNotifying``.
    public static let tokenChange = TokenChangeFamily.family
}
