/// The authentication token a Limited Login callback's validated `id_token` makes (DECISIONS.md D40).
public struct ResolvedAuthenticationToken: Codable, Sendable, Hashable {
    private enum CodingKeys: String, ClosedObjectKeys { case tokenString, nonce }

    /// The `id_token` parameter.
    public let tokenString: String
    /// The nonce stored with the configuration, which the token was validated against.
    public let nonce: String

    public init(tokenString: String, nonce: String) {
        self.tokenString = tokenString
        self.nonce = nonce
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tokenString, forKey: .tokenString)
        try container.encode(nonce, forKey: .nonce)
    }
}
