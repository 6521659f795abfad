/// `Vectors/manifest.json`: the suite's version and its family files.
public struct SuiteManifest: Codable, Sendable, Hashable {
    /// SemVer: major = format or protocol change, minor = new vectors, patch = corrected expectations.
    public let suiteVersion: String
    /// The vector format version; this toolkit reads ``SuiteManifest/supportedFormatVersion``.
    public let formatVersion: Int
    /// The family files, in report order.
    public let families: [Entry]

    /// The format version this toolkit reads.
    public static let supportedFormatVersion = 1

    /// One family file.
    public struct Entry: Codable, Sendable, Hashable {
        /// The family's name (``ConformanceFamily`` raw value).
        public let family: String
        /// The file name within the vectors folder.
        public let file: String
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownMembers(allowed: ["suiteVersion", "formatVersion", "families"])
        let container = try decoder.container(keyedBy: CodingKeys.self)
        suiteVersion = try container.decode(String.self, forKey: .suiteVersion)
        formatVersion = try container.decode(Int.self, forKey: .formatVersion)
        families = try container.decode([Entry].self, forKey: .families)
    }
}
