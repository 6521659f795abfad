import LoginConformance
import LoginConformanceTestSupport

/// Step 1: the outcome, the shape of the vector's `expected`: `{"result": "greeting", "text": …}` or
/// `{"result": "refused", "reason": …}`, the reason an ``ExtensibleValue`` so that it can grow.
enum GreetingOutcome: Sendable, Hashable, Codable {
    case greeting(String)
    case refused(Reason)

    struct Reason: ExtensibleValue {
        let rawValue: String
        private init(_ rawValue: String) { self.rawValue = rawValue }
        /// The name is the empty string.
        static let emptyName = Self("emptyName")
        static let allCases: [Self] = [.emptyName]
    }

    private enum Keys: String, CodingKey { case result, text, reason }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        switch try container.decode(String.self, forKey: .result) {
        case "greeting": self = .greeting(try container.decode(String.self, forKey: .text))
        case "refused": self = .refused(try container.decode(Reason.self, forKey: .reason))
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .result, in: container,
                                                   debugDescription: "\"\(other)\" is not one of: greeting, refused")
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch self {
        case .greeting(let text):
            try container.encode("greeting", forKey: .result)
            try container.encode(text, forKey: .text)
        case .refused(let reason):
            try container.encode("refused", forKey: .result)
            try container.encode(reason, forKey: .reason)
        }
    }
}
