/// The answer of a ``NonceValidating`` implementation.
public enum NonceVerdict: Sendable, Hashable {
    /// The nonce can be used.
    case valid
    /// The nonce is refused, for `reason`.
    case invalid(Reason)

    /// Why a nonce is refused (SPECIFICATION.md §1), a closed list.
    public struct Reason: ExtensibleValue {
        public let rawValue: String
        private init(_ rawValue: String) { self.rawValue = rawValue }
        /// The nonce is the empty string.
        public static let empty = Self("empty")
        /// The nonce contains a whitespace character of the profile's reading.
        public static let whitespace = Self("whitespace")

        /// Every value this release knows, in the order the specification lists them.
        public static let allCases: [Self] = [.empty, .whitespace]
    }
}

extension NonceVerdict: Codable {
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
