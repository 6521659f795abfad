import Foundation

/// `Vectors/changelog.json`: which vector IDs each suite version added, changed and retired.
///
/// It lets a gate tell a *new vector* (added after the baseline's suite version: reported, not blocking) from a
/// regression, and it keeps retired IDs from ever being reused with another meaning (the failure Wycheproof's
/// renumbered `tcId`s and Bowtie's missing IDs show). The first release introduces every
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
        /// Vectors whose expectation this version corrected, each with the reason.
        public let changed: [Change]
        /// Vectors this version removed, each with the reason and the IDs that replace it. A retired ID is never
        /// used again.
        public let retired: [Retirement]

        private enum CodingKeys: String, ClosedObjectKeys { case version, summary, added, changed, retired }
    }

    /// A vector whose expectation a release corrected: a gate reports a failure of it as a *changed vector*, with
    /// this reason, rather than as a regression.
    public struct Change: Sendable, Hashable, Codable {
        /// The vector's ID (unchanged).
        public let id: String
        /// Why the expectation changed, in one line citing the rule or decision.
        public let reason: String

        private enum CodingKeys: String, ClosedObjectKeys { case id, reason }

        public init(id: String, reason: String) {
            self.id = id
            self.reason = reason
        }
    }

    /// A vector a release removed, with why and what replaces it (a profile pair that replaces a vector holding in
    /// both profiles, for example).
    public struct Retirement: Sendable, Hashable, Codable {
        /// The retired ID, never used again.
        public let id: String
        /// Why it was retired, in one line.
        public let reason: String
        /// The vectors that take its place, if any.
        public let replacedBy: [String]

        private enum CodingKeys: String, ClosedObjectKeys {
            case id, reason, replacedBy
            static var optionalMembers: [Self] { [.replacedBy] }
        }

        public init(id: String, reason: String, replacedBy: [String] = []) {
            self.id = id
            self.reason = reason
            self.replacedBy = replacedBy
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            reason = try container.decode(String.self, forKey: .reason)
            replacedBy = try container.decodeIfPresent([String].self, forKey: .replacedBy) ?? []
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(reason, forKey: .reason)
            if !replacedBy.isEmpty { try container.encode(replacedBy, forKey: .replacedBy) }
        }
    }

    private enum CodingKeys: String, ClosedObjectKeys { case formatVersion, releases }

    public init(from decoder: any Decoder) throws {
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
            for retirement in release.retired { retired[retirement.id] = release.version }
        }
        return retired
    }

    /// The reason for the latest change of `id`'s expectation made after `version`: a correction in `changed`, or
    /// the retirement of a vector `id` replaces. `nil` when the vector's expectation is as it was in `version`.
    public func change(of id: String, after version: SuiteVersion) -> (version: SuiteVersion, reason: String)? {
        for release in releases.reversed() where release.version > version {
            if let change = release.changed.first(where: { $0.id == id }) { return (release.version, change.reason) }
            if let retirement = release.retired.first(where: { $0.replacedBy.contains(id) }) {
                return (release.version, "replaces \(retirement.id): \(retirement.reason)")
            }
        }
        return nil
    }

    /// The retirement of `id`, with the release that made it.
    public func retirement(of id: String) -> (version: SuiteVersion, retirement: Retirement)? {
        for release in releases {
            if let retirement = release.retired.first(where: { $0.id == id }) { return (release.version, retirement) }
        }
        return nil
    }

    /// The version that introduced `id`: the release that lists it as added, else the first release.
    public func introducedVersion(of id: String) -> SuiteVersion? {
        releases.dropFirst().first { $0.added.contains(id) }?.version ?? releases.first?.version
    }

    /// Checks the changelog against the manifest and the loaded IDs (`isVector`); the first problem throws.
    func validate(suiteVersion: String, isVector: (String) -> Bool, file: String) throws(VectorLoadError) {
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
        // Every ID any release retires, computed once (the checks below run for every listed ID).
        let everRetired = retiredIDs
        var retiredSoFar: [String: SuiteVersion] = [:]
        for (index, release) in releases.enumerated() {
            for (position, change) in release.changed.enumerated() where change.reason.isEmpty {
                throw problem("$.releases[\(index)].changed[\(position)].reason", "a change says why")
            }
            for (member, list) in [("added", release.added), ("changed", release.changed.map(\.id))] {
                for (position, id) in list.enumerated() {
                    // Written only for a problem: the IDs are thousands.
                    var path: String { "$.releases[\(index)].\(member)[\(position)]" + (member == "changed" ? ".id" : "") }
                    if let retiredIn = retiredSoFar[id] {
                        throw VectorLoadError(file: file, jsonPath: path, kind: .retiredIDReused,
                                              problem: "\(id) was retired in \(retiredIn) and may never be used again")
                    }
                    if !isVector(id), everRetired[id] == nil {
                        throw problem(path, "\(id) is not a vector of the suite")
                    }
                }
            }
            for (position, id) in release.retired.map(\.id).enumerated() {
                let entry = "$.releases[\(index)].retired[\(position)]"
                let path = entry + ".id"
                if retiredSoFar[id] != nil { throw problem(path, "\(id) is retired twice") }
                let retirement = release.retired[position]
                if retirement.reason.isEmpty { throw problem(entry + ".reason", "a retirement says why") }
                for (slot, replacement) in retirement.replacedBy.enumerated()
                where !isVector(replacement) && everRetired[replacement] == nil {
                    throw problem(entry + ".replacedBy[\(slot)]", "\(replacement) is not a vector of the suite")
                }
                if isVector(id) {
                    throw VectorLoadError(file: file, jsonPath: path, kind: .retiredIDReused,
                                          problem: "\(id) was retired in \(release.version) and may never be used again, but a vector has it")
                }
                retiredSoFar[id] = release.version
            }
        }
    }
}
