/// The answer of a ``TokenClaimsValidating`` implementation.
public enum TokenClaimsOutcome: Sendable, Hashable {
    /// The token's header and claims are valid; these are the claims kept.
    case accepted(TokenClaims)
    /// The token is refused.
    case rejected(TokenClaimsRejection)
}

/// Why a token is refused, and which claim is at fault for the claim reasons.
public struct TokenClaimsRejection: Codable, Sendable, Hashable {
    /// The reason, from a closed list.
    public let reason: Reason
    /// The claim at fault, for ``Reason/missingClaim``, ``Reason/wrongClaimType`` and ``Reason/emptyClaim``.
    public let claim: String?

    public init(_ reason: Reason, claim: String? = nil) {
        self.reason = reason
        self.claim = claim
    }

    /// The closed list of rejection reasons (SPECIFICATION.md §4; how each is chosen: `Vectors/README.md`).
    public struct Reason: ExtensibleValue {
        public let rawValue: String
        private init(_ rawValue: String) { self.rawValue = rawValue }
        /// The header or the claims text is not a JSON object.
        public static let malformed = Self("malformed")
        /// `alg` absent, not a string, or not exactly `RS256`.
        public static let headerAlgorithm = Self("headerAlgorithm")
        /// `typ` absent, not a string, or not exactly `JWT`.
        public static let headerType = Self("headerType")
        /// `kid` absent, not a string, or empty.
        public static let headerKeyID = Self("headerKeyID")
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
        public static let allCases: [Self] = [.malformed, .headerAlgorithm, .headerType, .headerKeyID, .missingClaim, .wrongClaimType, .emptyClaim, .issuer, .audience, .expired, .issuedTooLongAgo, .nonceMismatch]
    }
}

extension TokenClaimsOutcome: Codable {
    private typealias Coding = TokenOutcomeCoding<TokenClaimsRejection.Reason>

    public init(from decoder: any Decoder) throws {
        switch try Coding.decode(from: decoder, namesClaim: \.namesClaim) {
        case .accepted(let claims): self = .accepted(claims)
        case .rejected(let reason, let claim): self = .rejected(TokenClaimsRejection(reason, claim: claim))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .accepted(let claims): try Coding.encode(accepted: claims, to: encoder)
        case .rejected(let rejection): try Coding.encode(rejected: rejection.reason, claim: rejection.claim, to: encoder)
        }
    }
}
