/// A family of vectors: one capability of a Facebook Login implementation, one protocol, one vector file.
///
/// The raw value is the family's name as it appears in vector IDs (`nonce::…`), in `Vectors/manifest.json`
/// and in the file name (`Vectors/nonce.json`).
public enum ConformanceFamily: String, CaseIterable, Sendable, Codable, Hashable, Comparable {
    /// Nonce validation (behaviour.md §1, §8). Protocol: ``NonceValidating``.
    case nonce
    /// Login configuration: nonce, permission syntax, tracking scope, auth type, code verifier
    /// (behaviour.md §1, §8). Protocol: ``LoginConfigurationBuilding``.
    case loginConfiguration = "login-configuration"
    /// Login result resolution: cancelled / failed / success with granted and declined permissions
    /// (behaviour.md §3). Protocol: ``LoginResultResolving``.
    case loginResult = "login-result"
    /// id_token header and claims validation (behaviour.md §4, §8). Protocol: ``TokenClaimsValidating``.
    case tokenClaims = "token-claims"
    /// Full validation of a compact RS256 id_token with the published keys: base64url, JOSE header, key by `kid`,
    /// signature, then the claims (behaviour.md §4, §8). Protocol: ``SignedTokenValidating``.
    case signedToken = "signed-token"

    /// The name of the Swift protocol an implementation adopts to be checked against this family.
    public var protocolName: String {
        switch self {
        case .nonce: "NonceValidating"
        case .loginConfiguration: "LoginConfigurationBuilding"
        case .loginResult: "LoginResultResolving"
        case .tokenClaims: "TokenClaimsValidating"
        case .signedToken: "SignedTokenValidating"
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
