/// The answer of a ``ProfileMaking`` implementation (SPECIFICATION.md §5). In JSON: `{"result": "noProfile"}` or
/// `{"result": "created", "profile": {…}}`.
public enum ProfileOutcome: Sendable, Hashable {
    /// The claims carry no usable `sub` (absent, not a string, or empty): no profile is made.
    case noProfile
    /// The profile made.
    case created(LimitedProfile)
}

extension ProfileOutcome: Codable {
    private enum Keys: String, CodingKey { case result, profile }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        switch try container.decodeDiscriminator(.result, allowed: ["created", "noProfile"]) {
        case "created":
            try decoder.rejectUnknownMembers(allowed: ["result", "profile"])
            self = .created(try container.decode(LimitedProfile.self, forKey: .profile))
        default:
            try decoder.rejectUnknownMembers(allowed: ["result"])
            self = .noProfile
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch self {
        case .noProfile:
            try container.encode("noProfile", forKey: .result)
        case .created(let profile):
            try container.encode("created", forKey: .result)
            try container.encode(profile, forKey: .profile)
        }
    }
}
