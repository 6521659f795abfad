/// The input of an `access-token` vector: a token, the time, and one question about the token.
public struct AccessTokenQuery: Codable, Sendable, Hashable {
    private enum CodingKeys: String, CodingKey, CaseIterable { case token, now, question, permission }

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

    /// Decodes strictly: `permission` is present exactly when the question is `hasGranted`.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownMembers(of: CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        token = try container.decode(AccessTokenSnapshot.self, forKey: .token)
        now = try container.decode(Double.self, forKey: .now)
        switch try container.decodeDiscriminator(.question, allowed: ["hasGranted", "isExpired", "isDataAccessExpired"]) {
        case "hasGranted":
            question = .hasGranted(try container.decode(String.self, forKey: .permission))
        case let name:
            guard !container.contains(.permission) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .permission, in: container,
                    debugDescription: "permission belongs to the hasGranted question only, not to \(name)")
            }
            question = name == "isExpired" ? .isExpired : .isDataAccessExpired
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
