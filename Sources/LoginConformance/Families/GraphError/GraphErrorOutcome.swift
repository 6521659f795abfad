/// The answer of a ``GraphErrorClassifying`` implementation: how the error is classified and what it does to the
/// current token (SPECIFICATION.md §7, §6). In JSON: `{"result": "classified", "category", "isPermissionError",
/// "message", "clientAction", "currentToken"}`.
public struct GraphErrorOutcome: Sendable, Hashable {
    /// The error's category.
    public let category: GraphErrorCategory
    /// Whether the error is a permission error (Graph code 10 or 200–299). Optional (DECISIONS.md D30): the SDK has
    /// no such flag, so a vector compares it only where its `expected` has it; an answer may always send it.
    public let isPermissionError: Bool?
    /// `message`, else `error_reason`, else `error_msg`; `nil` when the error has none of them.
    public let message: String?
    /// What the client should do about it. Optional like ``isPermissionError`` (DECISIONS.md D30).
    public let clientAction: GraphErrorClientAction?
    /// What happens to the current access token. Optional in an expected outcome (DECISIONS.md D31): what a
    /// permission error does to the token only the SDK's code states, so the documented vectors leave it out and the
    /// judge then ignores it; an implementation always answers it.
    public let currentToken: CurrentTokenEffect?

    /// An outcome with every member given.
    public init(
        category: GraphErrorCategory, isPermissionError: Bool?, message: String?,
        clientAction: GraphErrorClientAction?, currentToken: CurrentTokenEffect?
    ) {
        self.category = category
        self.isPermissionError = isPermissionError
        self.message = message
        self.clientAction = clientAction
        self.currentToken = currentToken
    }
}

/// The category of a Graph error (the SDK's `GraphRequestError`: other 0, transient 1, recoverable 2).
public enum GraphErrorCategory: String, Codable, Sendable, Hashable, CaseIterable {
    /// Nothing the client can do by itself.
    case other
    /// Retrying later may succeed.
    case transient
    /// The user can recover, by logging in again (the "login" recovery).
    case recoverable
}

/// What the client should do about a Graph error.
public enum GraphErrorClientAction: String, Codable, Sendable, Hashable, CaseIterable {
    /// A permission error: ask for the permission again, then retry (the Handling Errors page's advice).
    case rerequestPermission
    /// A recoverable error: log the user in again.
    case logInAgain
    /// A transient error: retry the request.
    case retry
    /// An error of category other: nothing to do.
    case none
}

/// What a Graph error does to the current access token (SPECIFICATION.md §6).
public enum CurrentTokenEffect: String, Codable, Sendable, Hashable, CaseIterable {
    /// The current token is cleared (190 or 102 on a request made with it).
    case cleared
    /// The current token is kept but marked expired (subcode 493).
    case markedExpired
    /// The current token is left as it is.
    case kept
}

extension GraphErrorOutcome: Codable {
    private enum CodingKeys: String, DiscriminatedObjectKeys {
        case result, category, isPermissionError, message, clientAction, currentToken
        static var discriminator: Self { .result }
        static var variants: [(value: String, required: [Self], optional: [Self])] {
            [("classified", [.category, .message], [.isPermissionError, .clientAction, .currentToken])]
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        category = try container.decode(GraphErrorCategory.self, forKey: .category)
        isPermissionError = try container.decodeIfPresent(Bool.self, forKey: .isPermissionError)
        message = try container.decode(String?.self, forKey: .message)
        clientAction = try container.decodeIfPresent(GraphErrorClientAction.self, forKey: .clientAction)
        currentToken = try container.decodeIfPresent(CurrentTokenEffect.self, forKey: .currentToken)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("classified", forKey: .result)
        try container.encode(category, forKey: .category)
        try container.encodeIfPresent(isPermissionError, forKey: .isPermissionError)
        try container.encode(message, forKey: .message)
        try container.encodeIfPresent(clientAction, forKey: .clientAction)
        try container.encodeIfPresent(currentToken, forKey: .currentToken)
    }
}
