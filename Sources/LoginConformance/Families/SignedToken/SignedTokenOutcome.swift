/// The answer of a ``SignedTokenValidating`` implementation.
public enum SignedTokenOutcome: Sendable, Hashable {
    /// The token is valid; these are the claims kept (as for ``TokenClaimsOutcome/accepted(_:)``).
    case accepted(TokenClaims)
    /// The token is refused.
    case rejected(SignedTokenRejection)
}

/// Why a signed token is refused, and which claim is at fault for the claim reasons.
public struct SignedTokenRejection: Codable, Sendable, Hashable {
    /// The reason, from a closed list.
    public let reason: Reason
    /// The claim at fault, for ``Reason/missingClaim``, ``Reason/wrongClaimType`` and ``Reason/emptyClaim``.
    public let claim: String?

    public init(_ reason: Reason, claim: String? = nil) {
        self.reason = reason
        self.claim = claim
    }

    /// The same rejection for a claim-level reason of the token-claims family.
    public init(_ rejection: TokenClaimsRejection) {
        self.init(Reason(rawValue: rejection.reason.rawValue) ?? .badJSON, claim: rejection.claim)
    }

    /// The closed list of rejection reasons (SPECIFICATION.md §4, §8; how each is chosen: `Vectors/README.md`).
    public struct Reason: ExtensibleValue {
        public let rawValue: String
        private init(_ rawValue: String) { self.rawValue = rawValue }
        /// The token is not exactly three dot-separated segments.
        public static let malformed = Self("malformed")
        /// A segment is not base64url as the profile reads it.
        public static let badBase64url = Self("badBase64url")
        /// The header or payload is not one JSON object (not UTF-8, not JSON, another type, a duplicate member).
        public static let badJSON = Self("badJSON")
        /// `alg` absent, not a string, or not exactly `RS256`.
        public static let headerAlgorithm = Self("headerAlgorithm")
        /// `typ` absent, not a string, or not exactly `JWT`.
        public static let headerType = Self("headerType")
        /// `kid` absent, not a string, or empty.
        public static let headerKeyID = Self("headerKeyID")
        /// Documented reading: a `crit` header names an extension the validator does not understand.
        public static let headerCritical = Self("headerCritical")
        /// `kid` names no key of the profile's key source.
        public static let unknownKeyID = Self("unknownKeyID")
        /// The signature does not verify with the key `kid` names.
        public static let signatureInvalid = Self("signatureInvalid")
        /// A required claim is absent.
        public static let missingClaim = Self("missingClaim")
        /// A required claim has the wrong JSON type (`null` included).
        public static let wrongClaimType = Self("wrongClaimType")
        /// `jti`, `sub` or `nonce` is the empty string.
        public static let emptyClaim = Self("emptyClaim")
        /// `iss` fails the profile's issuer rule.
        public static let issuer = Self("issuer")
        /// `aud` is a string other than the app ID.
        public static let audience = Self("audience")
        /// `exp <= now`.
        public static let expired = Self("expired")
        /// `iat` is earlier than the window of rule `token.iat.window` (SPECIFICATION.md §4) allows.
        public static let issuedTooLongAgo = Self("issuedTooLongAgo")
        /// `nonce` differs from the expected nonce.
        public static let nonceMismatch = Self("nonceMismatch")

        /// Whether the reason names a claim.
        public var namesClaim: Bool { [.missingClaim, .wrongClaimType, .emptyClaim].contains(self) }

        /// Every value this release knows, in the order the specification lists them.
        public static let allCases: [Self] = [.malformed, .badBase64url, .badJSON, .headerAlgorithm, .headerType, .headerKeyID, .headerCritical, .unknownKeyID, .signatureInvalid, .missingClaim, .wrongClaimType, .emptyClaim, .issuer, .audience, .expired, .issuedTooLongAgo, .nonceMismatch]
    }
}

extension SignedTokenOutcome: Codable {
    private typealias Coding = TokenOutcomeCoding<SignedTokenRejection.Reason>

    public init(from decoder: any Decoder) throws {
        switch try Coding.decode(from: decoder, namesClaim: \.namesClaim) {
        case .accepted(let claims): self = .accepted(claims)
        case .rejected(let reason, let claim): self = .rejected(SignedTokenRejection(reason, claim: claim))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .accepted(let claims): try Coding.encode(accepted: claims, to: encoder)
        case .rejected(let rejection): try Coding.encode(rejected: rejection.reason, claim: rejection.claim, to: encoder)
        }
    }
}
