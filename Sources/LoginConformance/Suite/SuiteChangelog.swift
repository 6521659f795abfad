import Foundation

/// `Vectors/changelog.json`: which vector IDs each suite version added, changed and retired.
///
/// It lets a gate tell a *new vector* (added after the baseline's suite version: reported, not blocking) from a
/// regression, and it keeps retired IDs from ever being reused with another meaning (the failure Wycheproof's
/// renumbered `tcId`s and Bowtie's missing IDs show, conformance-suites.md). The first release introduces every
/// vector that no later release adds.
public struct SuiteChangelog: Sendable, Hashable, Codable {
    /// The releases, oldest first; the last is the suite's current version.
    public let releases: [Release]

    /// One suite version.
    public struct Release: Sendable, Hashable, Codable {
        /// The version.
        public let version: SuiteVersion
        /// What changed, in a sentence.
        public let summary: String
        /// Vector IDs this version added (empty for the first release, which introduces every other vector).
        public let added: [String]
        /// Vector IDs whose expectation this version corrected.
        public let changed: [String]
        /// Vector IDs this version removed. A retired ID is never used again.
        public let retired: [String]

        private enum CodingKeys: String, CodingKey, CaseIterable { case version, summary, added, changed, retired }

        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownMembers(of: CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            version = try container.decode(SuiteVersion.self, forKey: .version)
            summary = try container.decode(String.self, forKey: .summary)
            added = try container.decode([String].self, forKey: .added)
            changed = try container.decode([String].self, forKey: .changed)
            retired = try container.decode([String].self, forKey: .retired)
        }
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case formatVersion, releases }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownMembers(of: CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        _ = try container.decode(Int.self, forKey: .formatVersion)
        releases = try container.decode([Release].self, forKey: .releases)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(SuiteManifest.supportedFormatVersion, forKey: .formatVersion)
        try container.encode(releases, forKey: .releases)
    }

    /// Every retired ID, with the version that retired it.
    public var retiredIDs: [String: SuiteVersion] {
        var retired: [String: SuiteVersion] = [:]
        for release in releases {
            for id in release.retired { retired[id] = release.version }
        }
        return retired
    }

    /// The version that introduced `id`: the release that lists it as added, else the first release.
    public func introducedVersion(of id: String) -> SuiteVersion? {
        releases.dropFirst().first { $0.added.contains(id) }?.version ?? releases.first?.version
    }

    /// Checks the changelog against the manifest and the loaded IDs; the first problem throws.
    func validate(suiteVersion: String, ids: Set<String>, file: String) throws(VectorLoadError) {
        func problem(_ path: String, _ text: String) -> VectorLoadError {
            VectorLoadError(file: file, jsonPath: path, kind: .invalidChangelog, problem: text)
        }
        guard let last = releases.last else { throw problem("$.releases", "the changelog has no release") }
        for (index, release) in releases.enumerated().dropFirst() where release.version <= releases[index - 1].version {
            throw problem("$.releases[\(index)].version", "versions must increase: \(release.version) follows \(releases[index - 1].version)")
        }
        guard last.version.description == suiteVersion else {
            throw problem("$.releases[\(releases.count - 1)].version",
                          "the last release is \(last.version) but the manifest's suiteVersion is \(suiteVersion)")
        }
        var retiredSoFar: [String: SuiteVersion] = [:]
        for (index, release) in releases.enumerated() {
            for (member, list) in [("added", release.added), ("changed", release.changed)] {
                for (position, id) in list.enumerated() {
                    let path = "$.releases[\(index)].\(member)[\(position)]"
                    if let retiredIn = retiredSoFar[id] {
                        throw VectorLoadError(file: file, jsonPath: path, kind: .retiredIDReused,
                                              problem: "\(id) was retired in \(retiredIn) and may never be used again")
                    }
                    if !ids.contains(id), !retiredIDs.keys.contains(id) {
                        throw problem(path, "\(id) is not a vector of the suite")
                    }
                }
            }
            for (position, id) in release.retired.enumerated() {
                let path = "$.releases[\(index)].retired[\(position)]"
                if retiredSoFar[id] != nil { throw problem(path, "\(id) is retired twice") }
                if ids.contains(id) {
                    throw VectorLoadError(file: file, jsonPath: path, kind: .retiredIDReused,
                                          problem: "\(id) was retired in \(release.version) and may never be used again, but a vector has it")
                }
                retiredSoFar[id] = release.version
            }
        }
    }
}
