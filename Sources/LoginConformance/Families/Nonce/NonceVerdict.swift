/// The answer of a ``NonceValidating`` implementation.
public enum NonceVerdict: Sendable, Hashable {
    /// The nonce can be used.
    case valid
    /// The nonce is refused, for `reason`.
    case invalid(Reason)

    /// Why a nonce is refused (SPECIFICATION.md §1), a closed list.
    public enum Reason: String, Sendable, Hashable, Codable, CaseIterable {
        /// The nonce is the empty string.
        case empty
        /// The nonce contains a whitespace character of the profile's reading.
        case whitespace
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
