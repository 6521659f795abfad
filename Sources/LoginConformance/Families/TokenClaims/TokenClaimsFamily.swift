/// The `token-claims` family: ``TokenClaimsValidating`` against `Vectors/token-claims.json`.
public enum TokenClaimsFamily: VectorFamily {
    public static let family = ConformanceFamily(name: "token-claims", protocolName: "TokenClaimsValidating")

    public static func run(_ input: TokenClaimsInput, on implementation: any ConformanceSubject) throws -> TokenClaimsOutcome? {
        try (implementation as? any TokenClaimsValidating)?.validateClaims(input)
    }

    public static func label(of outcome: TokenClaimsOutcome) -> String {
        switch outcome {
        case .accepted: "accepted"
        case .rejected(let rejection):
            "rejected(\(rejection.reason.rawValue)\(rejection.claim.map { ": \($0)" } ?? ""))"
        }
    }

    public static func declaredReason(of outcome: TokenClaimsOutcome) -> String? {
        if case .rejected(let rejection) = outcome { rejection.reason.rawValue } else { nil }
    }
}

extension ConformanceFamily {
    /// id_token header and claims validation (SPECIFICATION.md §4, §8). Protocol: ``TokenClaimsValidating``.
    public static let tokenClaims = TokenClaimsFamily.family
}
