/// The `signed-token` family: ``SignedTokenValidating`` against `Vectors/signed-token.json`.
public enum SignedTokenFamily: VectorFamily {
    public static let family = ConformanceFamily(name: "signed-token", protocolName: "SignedTokenValidating")

    public static func run(_ input: SignedTokenInput, on implementation: any ConformanceSubject) throws -> SignedTokenOutcome? {
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

extension ConformanceFamily {
    /// Full validation of a compact RS256 id_token with the published keys: base64url, JOSE header, key by `kid`,
    /// signature, then the claims (SPECIFICATION.md §4, §8). Protocol: ``SignedTokenValidating``.
    public static let signedToken = SignedTokenFamily.family
}
