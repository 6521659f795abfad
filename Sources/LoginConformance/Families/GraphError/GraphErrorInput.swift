/// The input of a `graph-error` vector: a Graph API error response and what the client knew when it got it.
public struct GraphErrorInput: Codable, Sendable, Hashable {
    private enum CodingKeys: String, ClosedObjectKeys {
        case body, serverCategories, requestUsedCurrentToken, graphErrorRecovery
        static var optionalMembers: [Self] { [.graphErrorRecovery] }
        static var wholeObjectMembers: [Self] { [.body] }
    }

    /// The Graph API response body as JSON, `{"error": {"code", "error_subcode", "is_transient", "message",
    /// "error_reason", "error_msg", "type", "fbtrace_id", …}}`: a JSON object (a vector with another JSON type here
    /// does not load). Kept as a JSON value so that a body whose members have unexpected types is represented as it
    /// came.
    public let body: JSONValue
    /// The server's `ios_sdk_error_categories` table in the suite's normalised form; `nil` when the app has none and
    /// the default table applies.
    public let serverCategories: [GraphErrorServerCategory]?
    /// Whether the failed request was made with the current access token (SPECIFICATION.md §6).
    public let requestUsedCurrentToken: Bool
    /// Whether graph error recovery was on for the request (`Settings.isGraphErrorRecoveryEnabled`, on by default in
    /// SDK 18.1.0, and no `FBSDKGraphRequestFlagDisableErrorRecovery` flag), the request being the only one of its
    /// connection. `nil` when the vector leaves it out: its outcome is the same either way, and an implementation
    /// that needs a value takes the SDK's default, on (rules `graph-error.token.recovery.ios-sdk` and
    /// `graph-error.token.cleared.ios-sdk`, DECISIONS.md D50).
    public let graphErrorRecovery: Bool?

    /// Whether recovery is on: ``graphErrorRecovery``, or the SDK's default (on) when the vector leaves it out.
    public var recoversGraphErrors: Bool { graphErrorRecovery ?? true }

    /// An input with the given body, server table (`nil`: none), token flag and recovery setting (`nil`: not
    /// stated, the SDK's default).
    public init(body: JSONValue, serverCategories: [GraphErrorServerCategory]?, requestUsedCurrentToken: Bool,
                graphErrorRecovery: Bool? = nil) {
        self.body = body
        self.serverCategories = serverCategories
        self.requestUsedCurrentToken = requestUsedCurrentToken
        self.graphErrorRecovery = graphErrorRecovery
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

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(body, forKey: .body)
        try container.encode(serverCategories, forKey: .serverCategories)
        try container.encode(requestUsedCurrentToken, forKey: .requestUsedCurrentToken)
        try container.encodeIfPresent(graphErrorRecovery, forKey: .graphErrorRecovery)
    }
}
