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

    /// A created profile is compared member by member as the canonical JSON, on the members the expected profile
    /// states (``LimitedProfile``: a documented vector leaves out what only the SDK gives, DECISIONS.md D31); an
    /// answer that leaves out one of those fails.
    public static func conforms(_ actual: ProfileOutcome, to expected: ProfileOutcome, input: ProfileInput) -> Bool {
        var compared = actual
        if case .created(let wanted) = expected, case .created(let given) = actual {
            guard let restricted = given.compared(with: wanted) else { return false }
            compared = .created(restricted)
        }
        return canonicallyEqual(compared, expected)
    }

    /// Profiles have no rejection reason: `noProfile` says everything.
    public static func declaredReason(of outcome: ProfileOutcome) -> String? { nil }
}

extension ConformanceFamily {
    /// The Limited Login profile made from a token's claims (SPECIFICATION.md §5). Protocol: ``ProfileMaking``.
    public static let profile = ProfileFamily.family
}
