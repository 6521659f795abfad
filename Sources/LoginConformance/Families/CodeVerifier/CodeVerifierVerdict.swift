/// The answer of a ``CodeVerifierValidating`` implementation.
public enum CodeVerifierVerdict: Sendable, Hashable {
    /// The verifier can be used.
    case valid
    /// The verifier is refused, for `reason`.
    case invalid(Reason)

    /// Why a code verifier is refused (SPECIFICATION.md §1 item 4), a closed list. No vector breaks both rules, so the
    /// reason never depends on which check runs first.
    public struct Reason: ExtensibleValue {
        public let rawValue: String
        private init(_ rawValue: String) { self.rawValue = rawValue }
        /// The verifier is not 43 to 128 characters long.
        public static let length = Self("length")
        /// The verifier holds a character outside `A-Z a-z 0-9 - . _ ~` (in the ios-sdk reading, non-ASCII letters,
        /// marks and numbers, general categories L*, M* and N*, are allowed too: DECISIONS.md D23).
        public static let characters = Self("characters")

        /// Every value this release knows, in the order the specification lists them.
        public static let allCases: [Self] = [.length, .characters]
    }
}

extension CodeVerifierVerdict: Codable {
    public init(from decoder: any Decoder) throws {
        self = try VerdictCoding<Reason>.decode(from: decoder).map(Self.invalid) ?? .valid
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .valid: try VerdictCoding<Reason>.encode(invalidBecause: nil, to: encoder)
        case .invalid(let reason): try VerdictCoding<Reason>.encode(invalidBecause: reason, to: encoder)
        }
    }
}
