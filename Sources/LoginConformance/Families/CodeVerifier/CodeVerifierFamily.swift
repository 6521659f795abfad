/// The `code-verifier` family: ``CodeVerifierValidating`` against `Vectors/code-verifier.json`.
public enum CodeVerifierFamily: VectorFamily {
    public static let family = ConformanceFamily(name: "code-verifier", protocolName: "CodeVerifierValidating")

    public static func run(_ input: CodeVerifierInput, on implementation: any ConformanceSubject) throws -> CodeVerifierVerdict? {
        try (implementation as? any CodeVerifierValidating)?.validateCodeVerifier(input.codeVerifier)
    }

    public static func label(of outcome: CodeVerifierVerdict) -> String {
        switch outcome {
        case .valid: "valid"
        case .invalid(let reason): "invalid(\(reason.rawValue))"
        }
    }

    public static func declaredReason(of outcome: CodeVerifierVerdict) -> String? {
        if case .invalid(let reason) = outcome { reason.rawValue } else { nil }
    }
}

extension ConformanceFamily {
    /// PKCE code verifier validity: length 43…128 and the allowed characters, ASCII (RFC 7636) or the SDK's Unicode
    /// alphanumerics (SPECIFICATION.md §1, §8). Protocol: ``CodeVerifierValidating``.
    public static let codeVerifier = CodeVerifierFamily.family
}
