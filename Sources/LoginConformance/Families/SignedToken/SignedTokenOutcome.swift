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
    public enum Reason: String, Sendable, Hashable, Codable, CaseIterable {
        /// The token is not exactly three dot-separated segments.
        case malformed
        /// A segment is not base64url as the profile reads it.
        case badBase64url
        /// The header or payload is not one JSON object (not UTF-8, not JSON, another type, a duplicate member).
        case badJSON
        /// `alg` absent, not a string, or not exactly `RS256`.
        case headerAlgorithm
        /// `typ` absent, not a string, or not exactly `JWT`.
        case headerType
        /// `kid` absent, not a string, or empty.
        case headerKeyID
        /// Documented reading: a `crit` header names an extension the validator does not understand.
        case headerCritical
        /// `kid` names no key of the profile's key source.
        case unknownKeyID
        /// The signature does not verify with the key `kid` names.
        case signatureInvalid
        /// A required claim is absent.
        case missingClaim
        /// A required claim has the wrong JSON type (`null` included).
        case wrongClaimType
        /// `jti`, `sub` or `nonce` is the empty string.
        case emptyClaim
        /// `iss` fails the profile's issuer rule.
        case issuer
        /// `aud` is a string other than the app ID.
        case audience
        /// `exp <= now`.
        case expired
        /// `iat < now - 600`.
        case issuedTooLongAgo
        /// `nonce` differs from the expected nonce.
        case nonceMismatch

        /// Whether the reason names a claim.
        public var namesClaim: Bool { [.missingClaim, .wrongClaimType, .emptyClaim].contains(self) }
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
