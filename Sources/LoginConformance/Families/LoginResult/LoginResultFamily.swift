/// The `login-result` family: ``LoginResultResolving`` against `Vectors/login-result.json`.
public enum LoginResultFamily: VectorFamily {
    public static let family = ConformanceFamily(name: "login-result", protocolName: "LoginResultResolving")

    public static func run(_ input: LoginCallback, on implementation: any ConformanceSubject) throws -> LoginResultOutcome? {
        try (implementation as? any LoginResultResolving)?.resolveLoginResult(input)
    }

    public static func label(of outcome: LoginResultOutcome) -> String {
        switch outcome {
        case .cancelled: "cancelled"
        case .failed(let error): "failed(\(error.domain) \(error.code))"
        case .success: "success"
        }
    }

    /// Login results have no rejection reason: the error's domain and code are part of the outcome itself.
    public static func declaredReason(of outcome: LoginResultOutcome) -> String? { nil }
}

extension ConformanceFamily {
    /// Login result resolution: cancelled / failed / success with granted and declined permissions
    /// (SPECIFICATION.md §3). Protocol: ``LoginResultResolving``.
    public static let loginResult = LoginResultFamily.family
}
