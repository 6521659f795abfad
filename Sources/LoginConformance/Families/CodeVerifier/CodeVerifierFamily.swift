/// The `code-verifier` family: ``CodeVerifierValidating`` against `Vectors/code-verifier.json`.
public enum CodeVerifierFamily: VectorFamily {
    public static let family = ConformanceFamily.codeVerifier

    public static func run(_ input: CodeVerifierInput, on implementation: Any) throws -> CodeVerifierVerdict? {
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
