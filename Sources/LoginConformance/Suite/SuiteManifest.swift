/// `Vectors/manifest.json`: the suite's version, its profiles and its family files.
public struct SuiteManifest: Codable, Sendable, Hashable {
    /// SemVer: major = format or protocol change, minor = new vectors, patch = corrected expectations.
    public let suiteVersion: String
    /// The vector format version; this toolkit reads ``SuiteManifest/supportedFormatVersion``.
    public let formatVersion: Int
    /// The family files, in report order.
    public let families: [Entry]
    /// The profiles the suite keeps apart (SPECIFICATION.md §8), in report order: the one list of them (the loader
    /// checks every vector's `profiles` against it, ``VectorSuite/profiles``). `nil` for a folder written before the
    /// manifest listed them, which holds the profiles of the vectors bundled with this toolkit.
    public let profiles: [Profile]?

    /// The format version this toolkit reads.
    public static let supportedFormatVersion = 1

    /// One family file.
    public struct Entry: Codable, Sendable, Hashable {
        /// The family's name (``ConformanceFamily`` raw value).
        public let family: String
        /// The file name within the vectors folder.
        public let file: String

        private enum CodingKeys: String, ClosedObjectKeys { case family, file }
    }

    /// One profile.
    public struct Profile: Codable, Sendable, Hashable {
        /// The profile's name (``ConformanceProfile`` raw value), as vectors and adapters spell it.
        public let profile: String
        /// Whose reading of the sources it is, in one line.
        public let description: String
        /// For a profile that takes one of the readings at every point where they disagree, that reading's profile
        /// (`"reads": "documented"`); `nil` for a reading itself (LoginConformance.docc, "Adding a profile").
        package let reads: String?

        private enum CodingKeys: String, ClosedObjectKeys {
            case profile, description, reads
            static var optionalMembers: [Self] { [.reads] }
        }
    }

    private enum CodingKeys: String, ClosedObjectKeys {
        case suiteVersion, formatVersion, profiles, families
        static var optionalMembers: [Self] { [.profiles] }
    }

    init(suiteVersion: String, formatVersion: Int, profiles: [Profile]?, families: [Entry]) {
        self.suiteVersion = suiteVersion
        self.formatVersion = formatVersion
        self.profiles = profiles
        self.families = families
    }
}
