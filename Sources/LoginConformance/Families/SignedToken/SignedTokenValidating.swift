import Foundation

/// Validates a Limited Login id_token as a server receives it (SPECIFICATION.md §4, §8): the compact token string, the
/// expected nonce, the app ID, `now` and the published keys → the claims kept, or why the token is refused.
///
/// Checks, in the order the reasons follow: exactly three segments; base64url (strict in the documented reading,
/// the SDK's lenient decoding in the ios-sdk reading); header and payload each one JSON object (UTF-8; a duplicate
/// member is refused, preferred, or read last-wins, lenient, never first-wins: DECISIONS.md D03); `alg` exactly
/// `RS256`, `typ` exactly `JWT`, `kid` a non-empty string (under `documented` a `typ` or one-key missing-`kid`
/// refusal is preferred and acceptance lenient, D01, D02; and, documented, no unknown
/// `crit` extension); the key `kid` names in the profile's key source (documented: the JWKS; ios-sdk: the kid → PEM
/// certificate map), never another key; an RSASSA-PKCS1-v1_5 SHA-256 signature over the ASCII bytes `seg0.seg1`;
/// then the claim rules of ``TokenClaimsValidating``. Embedded `jwk`, `jku`, `x5u` and `x5c` headers are ignored.
///
/// Verifying a signature needs real cryptography, which this package deliberately does not contain: the bundled
/// reference implementation does not adopt this protocol (its vectors are reported as skipped).
/// `Examples/JWTKitAdopter` adopts it with vapor/jwt-kit.
///
/// ## Topics
///
/// ### The family's vectors
///
/// - ``SignedTokenFamily``
/// - ``SignedTokenInput``
/// - ``SignedTokenKeys``
/// - ``SignedTokenOutcome``
/// - ``SignedTokenRejection``
public protocol SignedTokenValidating: ConformanceSubject {
    /// The claims the validator keeps, or why it rejects the token.
    func validateSignedToken(_ input: SignedTokenInput) throws -> SignedTokenOutcome
}

/// The input of a `signed-token` vector.
public struct SignedTokenInput: Codable, Sendable, Hashable {
    private enum CodingKeys: String, ClosedObjectKeys { case token, expectedNonce, appID, now, keys }

    /// The compact token exactly as received (never re-serialized).
    public let token: String
    /// The nonce the app sent with the login request.
    public let expectedNonce: String
    /// The app ID the token must be for.
    public let appID: String
    /// The validation time, epoch seconds.
    public let now: Double
    /// The published keys, in both forms.
    public let keys: SignedTokenKeys

    public init(token: String, expectedNonce: String, appID: String, now: Double, keys: SignedTokenKeys) {
        self.token = token
        self.expectedNonce = expectedNonce
        self.appID = appID
        self.now = now
        self.keys = keys
    }
}

/// The key material of a vector in both forms Facebook publishes (SPECIFICATION.md §4, §8). The documented profile reads
/// ``jwks``, the ios-sdk profile ``certificates``; most vectors give both the same keys.
public struct SignedTokenKeys: Codable, Sendable, Hashable {
    private enum CodingKeys: String, ClosedObjectKeys {
        case jwks, certificates
        static var wholeObjectMembers: [Self] { [.jwks, .certificates] }
    }

    /// The JWKS document, a JSON object: `{"keys": [{"kid", "kty", "alg", "use", "n", "e"}, …]}` (other key types
    /// may appear and are ignored).
    public let jwks: JSONValue
    /// The certificate map, a JSON object: `{kid: "-----BEGIN CERTIFICATE-----…"}`. A string entry that is not a PEM certificate
    /// is ignored; under `ios-sdk` one entry that is not a string at all fails the whole map (the SDK casts it
    /// `as? [String: String]`, DECISIONS.md D13), so every kid is unknown.
    public let certificates: JSONValue

    public init(jwks: JSONValue, certificates: JSONValue) {
        self.jwks = jwks
        self.certificates = certificates
    }

    /// The JWKS as JSON text, for libraries that load a key set from text.
    public var jwksJSON: String { CanonicalJSON.render(jwks) }

    /// The certificate map's PEM certificates by kid: entries that are not strings starting with
    /// `-----BEGIN CERTIFICATE-----` are left out. A convenience, not the SDK's reading: under `ios-sdk` a map
    /// with a non-string entry yields no key at all (DECISIONS.md D13), which the caller checks on ``certificates``.
    public var certificatesByKeyID: [String: String] {
        var out: [String: String] = [:]
        for (kid, value) in certificates.objectValue ?? [:] {
            if let pem = value.stringValue, pem.hasPrefix("-----BEGIN CERTIFICATE-----") { out[kid] = pem }
        }
        return out
    }
}
