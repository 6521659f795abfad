/// A reading of the behaviour where the documentation and the observed iOS SDK disagree (SPECIFICATION.md §8).
///
/// An implementation claims one profile; it is checked against the vectors that name no profile plus those that
/// name its own. Divergence is data, never a silent choice.
///
/// The profiles are one list, `Vectors/manifest.json`'s `profiles` (``SuiteManifest/profiles``): a suite's are
/// ``VectorSuite/profiles``, and ``allCases`` are those of the vectors bundled with this toolkit. The two static
/// members name the bundled profiles for Swift code. A struct, not an enum, so that a profile added in a minor
/// release (or listed by a suite of your own) does not break an adopter's `switch` (<doc:AddingAProfile>).
public struct ConformanceProfile: RawRepresentable, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// The profile's name, as the manifest, vectors and adapters spell it (`documented`, for example).
    public let rawValue: String

    /// The profile named `name`, whether or not the bundled suite lists it: one a suite of your own lists. The loader
    /// refuses a vector naming a profile its suite's manifest does not list.
    public init(name: String) {
        self.rawValue = name
    }

    /// The profile of the bundled suite named `rawValue`, or `nil` if its manifest lists none of that name.
    public init?(rawValue: String) {
        guard let known = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = known
    }

    /// The public Facebook Login documentation, the RFCs and OpenID Connect (the sources SPECIFICATION.md cites).
    public static let documented = ConformanceProfile(name: "documented")
    /// What the public Facebook iOS SDK does, at the release `Vectors/rules.json` names.
    public static let iosSDK = ConformanceProfile(name: "ios-sdk")

    /// The profiles of the vectors bundled with this toolkit, in their manifest's order (empty only if the bundled
    /// manifest is missing, when no bundled suite loads either).
    public static let allCases: [ConformanceProfile] = {
        guard let manifest = try? StandaloneSuite.bundledManifest().manifest else { return [] }
        return (manifest.profiles ?? []).map { ConformanceProfile(name: $0.profile) }
    }()

    /// The profiles of the bundled manifest that take another profile's reading at every point where the readings
    /// disagree (their entry's `reads`), each with that profile: for what is written once per reading (the reference).
    package static let takenReadings: [ConformanceProfile: ConformanceProfile] = {
        guard let manifest = try? StandaloneSuite.bundledManifest().manifest else { return [:] }
        let taken = (manifest.profiles ?? []).compactMap { entry in
            entry.reads.map { (ConformanceProfile(name: entry.profile), ConformanceProfile(name: $0)) }
        }
        return Dictionary(taken) { first, _ in first }
    }()

    /// The names of `profiles` for a message: `documented, ios-sdk`.
    static func listed(_ profiles: [ConformanceProfile]) -> String {
        profiles.map(\.rawValue).joined(separator: ", ")
    }

    public var description: String { rawValue }

    /// Decodes a profile's name; which names a suite allows is its manifest's business (the loader checks them).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(name: try container.decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
