/// Whether the callback's `id_token` validated against the stored nonce, and if so its claims (a `login-result`
/// input member, DECISIONS.md D40). In JSON: `{"valid": true, "claims": {…}}` or `{"valid": false}`.
public struct IDTokenVerdict: Codable, Sendable, Hashable {
    private enum CodingKeys: String, ClosedObjectKeys {
        case valid, claims
        static var optionalMembers: [Self] { [.claims] }
    }

    /// The validated token's claims; `nil` when the token failed validation.
    public let claims: [String: JSONValue]?

    /// Whether the token validated.
    public var isValid: Bool { claims != nil }

    /// A token that validated, with its claims.
    public static func valid(claims: [String: JSONValue]) -> IDTokenVerdict { IDTokenVerdict(claims: claims) }

    /// A token that failed validation.
    public static let invalid = IDTokenVerdict(claims: nil)

    private init(claims: [String: JSONValue]?) {
        self.claims = claims
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if try container.decode(Bool.self, forKey: .valid) {
            claims = try container.decode([String: JSONValue].self, forKey: .claims)
        } else if container.contains(.claims) {
            throw DecodingError.dataCorruptedError(
                forKey: .claims, in: container, debugDescription: "an invalid id_token verdict carries no claims")
        } else {
            claims = nil
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(isValid, forKey: .valid)
        try container.encodeIfPresent(claims, forKey: .claims)
    }
}
