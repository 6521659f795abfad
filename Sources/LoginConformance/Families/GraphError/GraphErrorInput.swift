/// The input of a `graph-error` vector: a Graph API error response and what the client knew when it got it.
public struct GraphErrorInput: Codable, Sendable, Hashable {
    private enum CodingKeys: String, CodingKey, CaseIterable { case body, serverCategories, requestUsedCurrentToken }

    /// The Graph API response body as JSON, `{"error": {"code", "error_subcode", "is_transient", "message",
    /// "error_reason", "error_msg", "type", "fbtrace_id", …}}`. Kept as any JSON value so that a body whose members
    /// have unexpected types can be represented as it came.
    public let body: JSONValue
    /// The server's `ios_sdk_error_categories` table in the suite's normalised form; `nil` when the app has none and
    /// the default table applies.
    public let serverCategories: [GraphErrorServerCategory]?
    /// Whether the failed request was made with the current access token (SPECIFICATION.md §6).
    public let requestUsedCurrentToken: Bool

    /// An input with the given body, server table (`nil`: none) and token flag.
    public init(body: JSONValue, serverCategories: [GraphErrorServerCategory]?, requestUsedCurrentToken: Bool) {
        self.body = body
        self.serverCategories = serverCategories
        self.requestUsedCurrentToken = requestUsedCurrentToken
    }

    /// The members of the body's `error` object; empty when the body has no `error` object.
    public var errorMembers: [String: JSONValue] {
        body.objectValue?["error"]?.objectValue ?? [:]
    }

    /// The `error` object's member `name` as an integer, when it is a JSON number with an integral value.
    public func integerMember(_ name: String) -> Int? {
        guard let number = errorMembers[name]?.numberValue, number.rounded() == number,
              abs(number) < 9_007_199_254_740_992 else { return nil }
        return Int(number)
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownMembers(of: CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        body = try container.decode(JSONValue.self, forKey: .body)
        serverCategories = try container.decode([GraphErrorServerCategory]?.self, forKey: .serverCategories)
        requestUsedCurrentToken = try container.decode(Bool.self, forKey: .requestUsedCurrentToken)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(body, forKey: .body)
        try container.encode(serverCategories, forKey: .serverCategories)
        try container.encode(requestUsedCurrentToken, forKey: .requestUsedCurrentToken)
    }
}
