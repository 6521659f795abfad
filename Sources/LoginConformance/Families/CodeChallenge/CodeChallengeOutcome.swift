/// The answer of a ``CodeChallengeComputing`` implementation: `{"result": "challenge", "challenge": …}`.
public struct CodeChallengeOutcome: Sendable, Hashable {
    /// The challenge, compared exactly.
    public let challenge: String

    public init(challenge: String) { self.challenge = challenge }
}

extension CodeChallengeOutcome: Codable {
    private enum Keys: String, DiscriminatedObjectKeys {
        case result, challenge
        static var discriminator: Keys { .result }
        static var variants: [(value: String, required: [Keys], optional: [Keys])] { [("challenge", [.challenge], [])] }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        challenge = try container.decode(String.self, forKey: .challenge)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode("challenge", forKey: .result)
        try container.encode(challenge, forKey: .challenge)
    }
}
