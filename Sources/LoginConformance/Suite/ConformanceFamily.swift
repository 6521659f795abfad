/// A family of vectors: one capability of a Facebook Login implementation, one protocol, one vector file.
///
/// The raw value is the family's name as it appears in vector IDs (`nonce::…`), in `Vectors/manifest.json`
/// and in the file name (`Vectors/nonce.json`).
public enum ConformanceFamily: String, CaseIterable, Sendable, Codable, Hashable, Comparable {
    /// Nonce validation (SPECIFICATION.md §1, §8). Protocol: ``NonceValidating``.
    case nonce
    /// Login configuration: nonce, permission syntax, tracking scope, auth type, code verifier
    /// (SPECIFICATION.md §1, §8). Protocol: ``LoginConfigurationBuilding``.
    case loginConfiguration = "login-configuration"
    /// Login result resolution: cancelled / failed / success with granted and declined permissions
    /// (SPECIFICATION.md §3). Protocol: ``LoginResultResolving``.
    case loginResult = "login-result"
    /// id_token header and claims validation (SPECIFICATION.md §4, §8). Protocol: ``TokenClaimsValidating``.
    case tokenClaims = "token-claims"
    /// Full validation of a compact RS256 id_token with the published keys: base64url, JOSE header, key by `kid`,
    /// signature, then the claims (SPECIFICATION.md §4, §8). Protocol: ``SignedTokenValidating``.
    case signedToken = "signed-token"
    /// PKCE code verifier validity: length 43…128 and the allowed characters, ASCII (RFC 7636) or the SDK's Unicode
    /// alphanumerics (SPECIFICATION.md §1, §8). Protocol: ``CodeVerifierValidating``.
    case codeVerifier = "code-verifier"
    /// The PKCE S256 code challenge of a verifier: base64url without padding of its SHA-256 (SPECIFICATION.md §1). Protocol: ``CodeChallengeComputing``.
    case codeChallenge = "code-challenge"
    /// The login request a configuration makes: host, path and the authorization URL's parameters (SPECIFICATION.md §2). Protocol: ``LoginRequestBuilding``.
    case loginRequest = "login-request"
    /// The Limited Login profile made from a token's claims (SPECIFICATION.md §5). Protocol: ``ProfileMaking``.
    case profile
    /// Access token questions: `hasGranted`, expiry and data-access expiry (SPECIFICATION.md §6). Protocol: ``AccessTokenEvaluating``.
    case accessToken = "access-token"
    /// The notifications a sequence of current-token changes posts, with their user info (SPECIFICATION.md §6). Protocol: ``TokenChangeNotifying``.
    case tokenChange = "token-change"
    /// A Graph API error body turned into a category, a permission-error flag, a message, what the client must do and
    /// what happens to the current token (SPECIFICATION.md §6, §7). Protocol: ``GraphErrorClassifying``.
    case graphError = "graph-error"

    /// The name of the Swift protocol an implementation adopts to be checked against this family.
    public var protocolName: String {
        switch self {
        case .nonce: "NonceValidating"
        case .loginConfiguration: "LoginConfigurationBuilding"
        case .loginResult: "LoginResultResolving"
        case .tokenClaims: "TokenClaimsValidating"
        case .signedToken: "SignedTokenValidating"
        case .codeVerifier: "CodeVerifierValidating"
        case .codeChallenge: "CodeChallengeComputing"
        case .loginRequest: "LoginRequestBuilding"
        case .profile: "ProfileMaking"
        case .accessToken: "AccessTokenEvaluating"
        case .tokenChange: "TokenChangeNotifying"
        case .graphError: "GraphErrorClassifying"
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
