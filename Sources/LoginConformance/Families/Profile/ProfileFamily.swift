/// The `profile` family: ``ProfileMaking`` against `Vectors/profile.json`.
public enum ProfileFamily: VectorFamily {
    public static let family = ConformanceFamily(name: "profile", protocolName: "ProfileMaking")

    public static func run(_ input: ProfileInput, on implementation: any ConformanceSubject) throws -> ProfileOutcome? {
        try (implementation as? any ProfileMaking)?.makeProfile(input)
    }

    public static func label(of outcome: ProfileOutcome) -> String {
        switch outcome {
        case .noProfile: "noProfile"
        case .created: "created"
        }
    }

    /// Profiles have no rejection reason: `noProfile` says everything.
    public static func declaredReason(of outcome: ProfileOutcome) -> String? { nil }
}

extension ConformanceFamily {
    /// The Limited Login profile made from a token's claims (SPECIFICATION.md §5). Protocol: ``ProfileMaking``.
    public static let profile = ProfileFamily.family
}
