/// The `nonce` family: ``NonceValidating`` against `Vectors/nonce.json`.
public enum NonceFamily: VectorFamily {
    public static let family = ConformanceFamily(name: "nonce", protocolName: "NonceValidating")

    public static func run(_ input: NonceInput, on implementation: any ConformanceSubject) throws -> NonceVerdict? {
        try (implementation as? any NonceValidating)?.validateNonce(input.nonce)
    }

    public static func label(of outcome: NonceVerdict) -> String {
        switch outcome {
        case .valid: "valid"
        case .invalid(let reason): "invalid(\(reason.rawValue))"
        }
    }

    public static func declaredReason(of outcome: NonceVerdict) -> String? {
        if case .invalid(let reason) = outcome { reason.rawValue } else { nil }
    }
}

extension ConformanceFamily {
    /// Nonce validation (SPECIFICATION.md §1, §8). Protocol: ``NonceValidating``.
    public static let nonce = NonceFamily.family
}
