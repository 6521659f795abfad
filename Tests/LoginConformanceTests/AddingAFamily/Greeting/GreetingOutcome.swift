import LoginConformance
import LoginConformanceTestSupport

/// Step 1: the outcome, the shape of the vector's `expected`: `{"result": "greeting", "text": …}` or
/// `{"result": "refused", "reason": …}`, the reason an ``ExtensibleValue`` so that it can grow.
public enum GreetingOutcome: Sendable, Hashable, Codable {
    /// The greeting's text.
    case greeting(String)
    /// The name refused, with the reason.
    case refused(Reason)

    /// Why a name is refused.
    public struct Reason: ExtensibleValue {
        public let rawValue: String
        private init(_ rawValue: String) { self.rawValue = rawValue }
        /// The name is the empty string.
        public static let emptyName = Self("emptyName")
        public static let allCases: [Self] = [.emptyName]
    }

    /// The members of each result: the decoder refuses another result, another member and a missing one.
    private enum Keys: String, DiscriminatedObjectKeys {
        case result, text, reason
        static var discriminator: Self { .result }
        static var variants: [(value: String, required: [Self], optional: [Self])] {
            [("greeting", [.text], []), ("refused", [.reason], [])]
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        switch try container.decode(String.self, forKey: .result) {
        case "greeting": self = .greeting(try container.decode(String.self, forKey: .text))
        default: self = .refused(try container.decode(Reason.self, forKey: .reason))
        }
    }

    public func encode(to encoder: any Encoder) throws {
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
