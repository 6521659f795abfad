/// The `login-configuration` family: ``LoginConfigurationBuilding`` against `Vectors/login-configuration.json`.
public enum LoginConfigurationFamily: VectorFamily {
    public static let family = ConformanceFamily(name: "login-configuration", protocolName: "LoginConfigurationBuilding")

    public static func run(
        _ input: LoginConfigurationRequest, on implementation: any ConformanceSubject
    ) throws -> LoginConfigurationOutcome? {
        try (implementation as? any LoginConfigurationBuilding)?.makeConfiguration(input)
    }

    /// Exact equality, except where the vector expects a default (`nonce` or `codeVerifier` `null`): then any value
    /// that is itself valid conforms (SPECIFICATION.md §1: a fresh UUID nonce; a fresh verifier of 43…128 characters).
    public static func conforms(
        _ actual: LoginConfigurationOutcome, to expected: LoginConfigurationOutcome, input: LoginConfigurationRequest
    ) -> Bool {
        guard case .created(let want) = expected, case .created(let got) = actual else {
            return CanonicalJSON.render(actual).isCodePointEqual(to: CanonicalJSON.render(expected))
        }
        guard let gotNonce = got.nonce, let gotVerifier = got.codeVerifier,
              want.nonce != nil || DefaultValueRules.isValidDefaultNonce(gotNonce),
              want.codeVerifier != nil || DefaultValueRules.isValidDefaultCodeVerifier(gotVerifier)
        else { return false }
        // The defaults were valid: compare the rest exactly, the defaults standing in for themselves.
        let wantWithDefaults = LoginConfiguration(
            permissions: want.permissions, tracking: want.tracking, nonce: want.nonce ?? gotNonce,
            authType: want.authType, messengerPageId: want.messengerPageId,
            codeVerifier: want.codeVerifier ?? gotVerifier)
        return CanonicalJSON.render(got).isCodePointEqual(to: CanonicalJSON.render(wantWithDefaults))
    }

    public static func label(of outcome: LoginConfigurationOutcome) -> String {
        switch outcome {
        case .created: "created"
        case .refused(let reason): "refused(\(reason.rawValue))"
        }
    }

    public static func declaredReason(of outcome: LoginConfigurationOutcome) -> String? {
        if case .refused(let reason) = outcome { reason.rawValue } else { nil }
    }
}

/// What a default made by an implementation must satisfy (SPECIFICATION.md §1), in the strictest reading so that a
/// default conforms under every profile.
enum DefaultValueRules {
    /// Non-empty, without any Unicode whitespace.
    static func isValidDefaultNonce(_ nonce: String) -> Bool {
        !nonce.isEmpty && !nonce.unicodeScalars.contains { $0.properties.isWhitespace }
    }

    /// 43…128 characters of `A-Z a-z 0-9 - . _ ~` (RFC 7636 §4.1).
    static func isValidDefaultCodeVerifier(_ verifier: String) -> Bool {
        let scalars = verifier.unicodeScalars
        return (43...128).contains(scalars.count) && scalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-._~".unicodeScalars.contains(scalar))
        }
    }
}

extension ConformanceFamily {
    /// Login configuration: nonce, permission syntax, tracking scope, auth type, code verifier
    /// (SPECIFICATION.md §1, §8). Protocol: ``LoginConfigurationBuilding``.
    public static let loginConfiguration = LoginConfigurationFamily.family
}
