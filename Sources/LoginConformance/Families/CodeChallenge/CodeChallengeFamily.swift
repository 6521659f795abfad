/// The `code-challenge` family: ``CodeChallengeComputing`` against `Vectors/code-challenge.json`.
public enum CodeChallengeFamily: VectorFamily {
    public static let family = ConformanceFamily(name: "code-challenge", protocolName: "CodeChallengeComputing")

    public static func run(_ input: CodeVerifierInput, on implementation: any ConformanceSubject) throws -> CodeChallengeOutcome? {
        guard let implementation = implementation as? any CodeChallengeComputing else { return nil }
        return CodeChallengeOutcome(challenge: try implementation.codeChallenge(for: input.codeVerifier))
    }

    /// `challenge`: the family computes a value, so two answers differ only in their details.
    public static func label(of outcome: CodeChallengeOutcome) -> String { "challenge" }

    /// The family refuses nothing.
    public static func declaredReason(of outcome: CodeChallengeOutcome) -> String? { nil }
}

extension ConformanceFamily {
    /// The PKCE S256 code challenge of a verifier: base64url without padding of its SHA-256 (SPECIFICATION.md §1). Protocol: ``CodeChallengeComputing``.
    public static let codeChallenge = CodeChallengeFamily.family
}
