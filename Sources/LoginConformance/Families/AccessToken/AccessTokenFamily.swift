/// The `access-token` family: ``AccessTokenEvaluating`` against `Vectors/access-token.json`.
public enum AccessTokenFamily: VectorFamily {
    public static let family = ConformanceFamily(name: "access-token", protocolName: "AccessTokenEvaluating")

    /// Asks the implementation the vector's one question.
    public static func run(_ input: AccessTokenQuery, on implementation: any ConformanceSubject) throws -> AccessTokenAnswer? {
        guard let evaluator = implementation as? any AccessTokenEvaluating else { return nil }
        switch input.question {
        case .hasGranted(let permission):
            return AccessTokenAnswer(try evaluator.hasGranted(permission, in: input.token))
        case .isExpired:
            return AccessTokenAnswer(try evaluator.isExpired(input.token, now: input.now))
        case .isDataAccessExpired:
            return AccessTokenAnswer(try evaluator.isDataAccessExpired(input.token, now: input.now))
        }
    }

    /// `true` or `false`: the answer is the whole outcome.
    public static func label(of outcome: AccessTokenAnswer) -> String { "\(outcome.answer)" }

    /// Answers have no rejection reason.
    public static func declaredReason(of outcome: AccessTokenAnswer) -> String? { nil }
}

extension ConformanceFamily {
    /// Access token questions: `hasGranted`, expiry and data-access expiry (SPECIFICATION.md §6). Protocol: ``AccessTokenEvaluating``.
    public static let accessToken = AccessTokenFamily.family
}
