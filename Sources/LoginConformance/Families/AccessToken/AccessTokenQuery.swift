/// The input of an `access-token` vector: a token, the time, and one question about the token.
public struct AccessTokenQuery: Codable, Sendable, Hashable {
    /// `permission` is a member exactly when the question is `hasGranted`.
    private enum CodingKeys: String, DiscriminatedObjectKeys {
        case token, now, question, permission
        static var discriminator: Self { .question }
        static var variants: [(value: String, required: [Self], optional: [Self])] {
            [("hasGranted", [.token, .now, .permission], []), ("isExpired", [.token, .now], []),
             ("isDataAccessExpired", [.token, .now], [])]
        }
    }

    /// The question asked (SPECIFICATION.md §6).
    public enum Question: Sendable, Hashable {
        /// `hasGranted(permission)`.
        case hasGranted(String)
        /// `isExpired`.
        case isExpired
        /// `isDataAccessExpired`.
        case isDataAccessExpired

        /// The name the vector gives the question.
        public var name: String {
            switch self {
            case .hasGranted: "hasGranted"
            case .isExpired: "isExpired"
            case .isDataAccessExpired: "isDataAccessExpired"
            }
        }
    }

    /// The token asked about.
    public let token: AccessTokenSnapshot
    /// The time of the question, epoch seconds (read by the expiry questions).
    public let now: Double
    /// The question.
    public let question: Question

    /// The question `question` about `token` at `now`.
    public init(token: AccessTokenSnapshot, now: Double, question: Question) {
        self.token = token
        self.now = now
        self.question = question
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        token = try container.decode(AccessTokenSnapshot.self, forKey: .token)
        now = try container.decode(Double.self, forKey: .now)
        switch try container.decode(String.self, forKey: .question) {
        case "hasGranted": question = .hasGranted(try container.decode(String.self, forKey: .permission))
        case "isExpired": question = .isExpired
        default: question = .isDataAccessExpired
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(token, forKey: .token)
        try container.encode(now, forKey: .now)
        try container.encode(question.name, forKey: .question)
        if case .hasGranted(let permission) = question {
            try container.encode(permission, forKey: .permission)
        }
    }
}
