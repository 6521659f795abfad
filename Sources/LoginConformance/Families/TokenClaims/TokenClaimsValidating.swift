/// Validates the header and claims of a Limited Login id_token (SPECIFICATION.md §4).
///
/// Header: `alg` exactly `RS256`, `typ` exactly `JWT`, `kid` a non-empty string. Required claims: `jti` (`ios-sdk`
/// only, DECISIONS.md D07), `iss` (the issuer rule of the profile, §8), `aud` (a string equal to the app ID; an array
/// is refused), `exp` (later than now), `iat` (inside the window of rule `token.iat.window`, no upper bound in the SDK), `nonce`
/// (the expected nonce), `sub`. Under `documented` the `typ`, missing-`kid` and `iat` refusals are preferred and accepting the
/// token is a lenient pass (`alsoAccepted`, D01, D02, D05), and `nonce` and `aud` compare code point by code point;
/// under `ios-sdk` they compare with Swift `==`, canonical equivalence (D10, D11). Optional claims of the wrong type
/// are dropped while the token is still accepted. The signature is the signed-token family's concern.
///
/// ## Topics
///
/// ### The family's vectors
///
/// - ``TokenClaimsFamily``
/// - ``TokenClaimsInput``
/// - ``TokenClaimsOutcome``
/// - ``TokenClaims``
/// - ``TokenClaimsRejection``
public protocol TokenClaimsValidating: ConformanceSubject {
    /// The claims the validator keeps, or why it rejects the token.
    func validateClaims(_ input: TokenClaimsInput) throws -> TokenClaimsOutcome
}

/// The input of a `token-claims` vector.
public struct TokenClaimsInput: Codable, Sendable, Hashable {
    private enum CodingKeys: String, ClosedObjectKeys { case header, claims, expectedNonce, appID, now }

    /// The exact JSON text of the token's header (its first segment, base64url-decoded).
    public let header: String
    /// The exact JSON text of the token's claims (its second segment, base64url-decoded).
    public let claims: String
    /// The nonce the app sent with the login request.
    public let expectedNonce: String
    /// The app ID the token must be for.
    public let appID: String
    /// The validation time, epoch seconds.
    public let now: Double

    public init(header: String, claims: String, expectedNonce: String, appID: String, now: Double) {
        self.header = header
        self.claims = claims
        self.expectedNonce = expectedNonce
        self.appID = appID
        self.now = now
    }
}
