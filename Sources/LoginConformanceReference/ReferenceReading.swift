import LoginConformance

/// How the reference reads the rules on which the profiles disagree (SPECIFICATION.md §8): one value per reading,
/// each family's rules of it members in that family's folder, each with the rule it transcribes.
///
/// The reference never asks which profile it runs under; it asks its reading. A profile is one entry of the
/// manifest's list plus its reading: one of the two here (``defining``), or the one its entry `reads`. There is no
/// default, so a profile without one is refused (``ReferenceImplementation/profiles`` lists those it has), never read
/// as another.
struct ReferenceReading: Sendable, Equatable {
    /// What a reading transcribes. Each rule on which the readings disagree is a member of this type in its family's
    /// folder (`Families/<Name>/Reference/ReferenceReading+<Name>.swift`), a `switch` over this: a reading added
    /// here stops the build at each of those rules until it is given its own.
    enum Source: Sendable {
        /// The public documentation, the RFCs and OpenID Connect.
        case documentation
        /// The iOS SDK's code at the tag rules.json names.
        case iosSDK
    }

    /// What this reading transcribes.
    let source: Source

    /// The public documentation, the RFCs and OpenID Connect.
    static let documented = ReferenceReading(source: .documentation)

    /// The iOS SDK's code at the tag rules.json names.
    static let iosSDK = ReferenceReading(source: .iosSDK)

    /// The two readings, each named by the profile that defines it (SPECIFICATION.md §8): what
    /// ``ReferenceImplementation/readingProfile(of:)`` names a profile's reading by.
    static let defining: [(profile: ConformanceProfile, reading: ReferenceReading)] = [(.documented, .documented), (.iosSDK, .iosSDK)]

    /// Each profile the reference reads, with its reading: the two readings' own profiles, and each profile of the
    /// bundled manifest that takes one of them (its entry's `reads`, `ConformanceProfile.takenReadings`). A profile
    /// that reads anything else has no reading here, and is refused.
    static let byProfile: [ConformanceProfile: ReferenceReading] = {
        var readings = Dictionary(uniqueKeysWithValues: defining.map { ($0.profile, $0.reading) })
        for (profile, taken) in ConformanceProfile.takenReadings where readings[profile] == nil {
            readings[profile] = defining.first { $0.profile == taken }?.reading
        }
        return readings
    }()

    /// `profile`'s reading. A profile the reference has no reading of is a programming error, stopped here with its
    /// name rather than answered in another profile's reading (callers check ``ReferenceImplementation/profiles``).
    static func of(_ profile: ConformanceProfile) -> ReferenceReading {
        guard let reading = byProfile[profile] else {
            preconditionFailure("the reference implementation has no reading of profile \(profile.rawValue) "
                                + "(it reads \(ReferenceImplementation.profiles.map(\.rawValue).joined(separator: ", ")))")
        }
        return reading
    }
}
