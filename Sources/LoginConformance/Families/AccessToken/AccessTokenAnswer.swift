/// The answer of an ``AccessTokenEvaluating`` implementation to one question: `{"result": "answer", "answer": b}`.
///
/// A computed value, not a verdict: `true` and `false` are both ordinary answers.
public struct AccessTokenAnswer: Codable, Sendable, Hashable {
    private enum CodingKeys: String, DiscriminatedObjectKeys {
        case result, answer
        static var discriminator: Self { .result }
        static var variants: [(value: String, required: [Self], optional: [Self])] { [("answer", [.answer], [])] }
    }

    /// The answer to the question.
    public let answer: Bool

    /// An answer of `answer`.
    public init(_ answer: Bool) {
        self.answer = answer
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        answer = try container.decode(Bool.self, forKey: .answer)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("answer", forKey: .result)
        try container.encode(answer, forKey: .answer)
    }
}
