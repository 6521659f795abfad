/// The answer of a ``CodeVerifierValidating`` implementation.
public enum CodeVerifierVerdict: Sendable, Hashable {
    /// The verifier can be used.
    case valid
    /// The verifier is refused, for `reason`.
    case invalid(Reason)

    /// Why a code verifier is refused (behaviour.md §1 item 4), a closed list. No vector breaks both rules, so the
    /// reason never depends on which check runs first.
    public enum Reason: String, Sendable, Hashable, Codable, CaseIterable {
        /// The verifier is not 43 to 128 characters long.
        case length
        /// The verifier holds a character outside `A-Z a-z 0-9 - . _ ~` (in the ios-sdk reading, non-ASCII letters
        /// and decimal digits are allowed too).
        case characters
    }
}

extension CodeVerifierVerdict: Codable {
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
