/// The JSON shape the token outcomes share: `{"result": "accepted", "claims": {…}}` or
/// `{"result": "rejected", "reason": …, "claim": …}` (`claim` exactly when the reason names one). Used by
/// ``TokenClaimsOutcome`` and ``SignedTokenOutcome``, whose reasons differ but whose shape does not.
enum TokenOutcomeCoding<Reason: Codable & Hashable & Sendable> {
    /// An outcome as read from JSON.
    enum Decoded {
        case accepted(TokenClaims)
        case rejected(Reason, claim: String?)
    }

    private enum Keys: String, DiscriminatedObjectKeys {
        case result, claims, reason, claim
        static var discriminator: Keys { .result }
        static var variants: [(value: String, required: [Keys], optional: [Keys])] {
            [("accepted", [.claims], []), ("rejected", [.reason], [.claim])]
        }
    }

    /// Reads an outcome strictly; `namesClaim` says which reasons carry a `claim`.
    static func decode(from decoder: any Decoder, namesClaim: (Reason) -> Bool) throws -> Decoded {
        let container = try decoder.container(keyedBy: Keys.self)
        if try container.decode(String.self, forKey: .result) == "accepted" {
            return .accepted(try container.decode(TokenClaims.self, forKey: .claims))
        }
        let reason = try container.decode(Reason.self, forKey: .reason)
        // `claim` comes with a claim reason only.
        if !namesClaim(reason) { try decoder.rejectUnknownMembers(allowed: ["result", "reason"]) }
        return .rejected(reason, claim: namesClaim(reason) ? try container.decode(String.self, forKey: .claim) : nil)
    }

    /// Writes an accepted outcome.
    static func encode(accepted claims: TokenClaims, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode("accepted", forKey: .result)
        try container.encode(claims, forKey: .claims)
    }

    /// Writes a rejection.
    static func encode(rejected reason: Reason, claim: String?, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode("rejected", forKey: .result)
        try container.encode(reason, forKey: .reason)
        try container.encodeIfPresent(claim, forKey: .claim)
    }
}
