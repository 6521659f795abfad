/// The input of a `token-change` vector: named tokens, the current token at the start, and the steps to replay.
///
/// Tokens are named: one name is one token object, and two names are two different objects. A step refers to a
/// token by its name, and the outcome names tokens the same way.
public struct TokenChangeSequence: Codable, Sendable, Hashable {
    private enum CodingKeys: String, ClosedObjectKeys { case tokens, initial, steps }

    /// One access token: the fields the change rules read.
    public struct Token: Codable, Sendable, Hashable {
        private enum CodingKeys: String, ClosedObjectKeys { case userID, expirationDate }

        /// The user the token belongs to.
        public let userID: String
        /// When the token expires, epoch seconds; `nil` when it never does.
        public let expirationDate: Double?

        /// A token of `userID` expiring at `expirationDate` (`nil`: never).
        public init(userID: String, expirationDate: Double?) {
            self.userID = userID
            self.expirationDate = expirationDate
        }

        /// Whether the token is active at `now`: not expired, `expirationDate < now` being expired (strict).
        public func isActive(at now: Double) -> Bool {
            guard let expirationDate else { return true }
            return !(expirationDate < now)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(userID, forKey: .userID)
            try container.encode(expirationDate, forKey: .expirationDate)
        }
    }

    /// One event of the sequence.
    public enum Step: Codable, Sendable, Hashable {
        /// The app (or the SDK) sets the current token to the named token, or to nil, at `now`.
        case setCurrent(token: String?, now: Double)
        /// The expiry timer of the current token fires at `now`.
        case expiryTimer(now: Double)

        /// The time of the step, epoch seconds.
        public var now: Double {
            switch self {
            case .setCurrent(_, let now), .expiryTimer(let now): now
            }
        }

        private enum Keys: String, DiscriminatedObjectKeys {
            case step, token, now
            static var discriminator: Keys { .step }
            static var variants: [(value: String, required: [Keys], optional: [Keys])] {
                [("setCurrent", [.token, .now], []), ("expiryTimer", [.now], [])]
            }
        }

        /// Decodes strictly: `setCurrent` has `token` (a name or `null`) and `now`; `expiryTimer` has `now` only.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            switch try container.decode(String.self, forKey: .step) {
            case "setCurrent":
                self = .setCurrent(token: try container.decode(String?.self, forKey: .token),
                                   now: try container.decode(Double.self, forKey: .now))
            default:
                self = .expiryTimer(now: try container.decode(Double.self, forKey: .now))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            switch self {
            case .setCurrent(let token, let now):
                try container.encode("setCurrent", forKey: .step)
                try container.encode(token, forKey: .token)
                try container.encode(now, forKey: .now)
            case .expiryTimer(let now):
                try container.encode("expiryTimer", forKey: .step)
                try container.encode(now, forKey: .now)
            }
        }
    }

    /// The tokens, by name.
    public let tokens: [String: Token]
    /// The name of the current token before the first step; `nil` when there is none.
    public let initial: String?
    /// The steps, in order.
    public let steps: [Step]

    /// A sequence over `tokens`, starting from `initial`.
    public init(tokens: [String: Token], initial: String?, steps: [Step]) {
        self.tokens = tokens
        self.initial = initial
        self.steps = steps
    }

    /// Decodes strictly; every name `initial` and the steps use must be one of `tokens`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tokens = try container.decode([String: Token].self, forKey: .tokens)
        initial = try container.decode(String?.self, forKey: .initial)
        steps = try container.decode([Step].self, forKey: .steps)
        if let initial, tokens[initial] == nil {
            throw DecodingError.dataCorruptedError(
                forKey: .initial, in: container, debugDescription: "\"\(initial)\" names no token of tokens")
        }
        for (index, step) in steps.enumerated() {
            if case .setCurrent(let name?, _) = step, tokens[name] == nil {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: container.codingPath + [CodingKeys.steps, AnyCodingKey(intValue: index)],
                    debugDescription: "\"\(name)\" names no token of tokens"))
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tokens, forKey: .tokens)
        try container.encode(initial, forKey: .initial)
        try container.encode(steps, forKey: .steps)
    }
}
