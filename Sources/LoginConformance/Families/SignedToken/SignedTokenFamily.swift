/// The `signed-token` family: ``SignedTokenValidating`` against `Vectors/signed-token.json`.
public enum SignedTokenFamily: VectorFamily {
    public static let family = ConformanceFamily.signedToken

    public static func run(_ input: SignedTokenInput, on implementation: Any) throws -> SignedTokenOutcome? {
        try (implementation as? any SignedTokenValidating)?.validateSignedToken(input)
    }

    public static func label(of outcome: SignedTokenOutcome) -> String {
        switch outcome {
        case .accepted: "accepted"
        case .rejected(let rejection):
            "rejected(\(rejection.reason.rawValue)\(rejection.claim.map { ": \($0)" } ?? ""))"
        }
    }

    public static func declaredReason(of outcome: SignedTokenOutcome) -> String? {
        if case .rejected(let rejection) = outcome { rejection.reason.rawValue } else { nil }
    }
}
