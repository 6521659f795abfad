/// The answer of a ``NonceValidating`` implementation.
public enum NonceVerdict: Sendable, Hashable {
    /// The nonce can be used.
    case valid
    /// The nonce is refused, for `reason`.
    case invalid(Reason)

    /// Why a nonce is refused (behaviour.md §1), a closed list.
    public enum Reason: String, Sendable, Hashable, Codable, CaseIterable {
        /// The nonce is the empty string.
        case empty
        /// The nonce contains a whitespace character of the profile's reading.
        case whitespace
    }
}

extension NonceVerdict: Codable {
    private enum Keys: String, CodingKey { case result, reason }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        switch try container.decodeDiscriminator(.result, allowed: ["valid", "invalid"]) {
        case "valid":
            try decoder.rejectUnknownMembers(allowed: ["result"])
            self = .valid
        default:
            try decoder.rejectUnknownMembers(allowed: ["result", "reason"])
            self = .invalid(try container.decode(Reason.self, forKey: .reason))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch self {
        case .valid:
            try container.encode("valid", forKey: .result)
        case .invalid(let reason):
            try container.encode("invalid", forKey: .result)
            try container.encode(reason, forKey: .reason)
        }
    }
}
