/// The answer of a ``ProfileMaking`` implementation (SPECIFICATION.md §5). In JSON: `{"result": "noProfile"}` or
/// `{"result": "created", "profile": {…}}`.
public enum ProfileOutcome: Sendable, Hashable {
    /// The claims carry no usable `sub` (absent, not a string, or empty): no profile is made.
    case noProfile
    /// The profile made.
    case created(LimitedProfile)
}

extension ProfileOutcome: Codable {
    private enum Keys: String, DiscriminatedObjectKeys {
        case result, profile
        static var discriminator: Keys { .result }
        static var variants: [(value: String, required: [Keys], optional: [Keys])] {
            [("created", [.profile], []), ("noProfile", [], [])]
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        switch try container.decode(String.self, forKey: .result) {
        case "created": self = .created(try container.decode(LimitedProfile.self, forKey: .profile))  // never null
        default: self = .noProfile
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
