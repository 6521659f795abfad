import Foundation

extension VectorSuite {
    /// A family file (valid against the family's schema) holding only the vector `id`, with the family's
    /// description and declared reasons: what `login-conformance extract` writes for a bug report, so the vector
    /// travels with everything needed to read it. `nil` when the suite has no such vector.
    public func standaloneFile(for id: String) -> String? {
        guard let vector = vector(withID: id), let document = JSONValue.parse(vector.canonicalJSON(pretty: false)) else {
            return nil
        }
        let file = StandaloneFile(
            family: vector.family.rawValue, formatVersion: manifest.formatVersion,
            description: familyDescriptions[vector.family] ?? "",
            reasons: declaredReasons[vector.family] ?? [:], vectors: [document])
        return CanonicalJSON.render(file, pretty: true) + "\n"
    }

    private struct StandaloneFile: Encodable {
        let family: String
        let formatVersion: Int
        let description: String
        let reasons: [String: String]
        let vectors: [JSONValue]
    }
}

/// One family file read on its own as a suite (`login-conformance run --vectors FILE`): a bug report travels as the
/// one file `extract` writes. The file has no manifest or changelog, so it is read as a one-family suite at the
/// version of the vectors bundled with this toolkit, every vector in it introduced by that version (none *new*,
/// none *changed*). Its vectors are checked exactly as in a suite folder (schema, IDs, declared reasons).
struct StandaloneSuite {
    let directory: URL
    let manifest: SuiteManifest
    let changelog: SuiteChangelog

    /// `nil` when `url` is not a regular file (a suite folder, or nothing: the folder loader reports that).
    init?(ifFileAt url: URL) throws(VectorLoadError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return nil
        }
        let file = url.standardizedFileURL
        let header = try JSONFile.decode(Header.self, from: file, what: "the family file")
        guard ConformanceFamily(rawValue: header.family) != nil else {
            throw VectorLoadError(
                file: file.path, jsonPath: "$.family", kind: .unknownFamily,
                problem: "unknown family \"\(header.family)\"; this toolkit knows \(ConformanceFamily.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let (bundled, version) = try Self.bundledManifest()
        directory = file.deletingLastPathComponent()
        manifest = SuiteManifest(
            suiteVersion: version.description, formatVersion: SuiteManifest.supportedFormatVersion,
            profiles: bundled.profiles, families: [SuiteManifest.Entry(family: header.family, file: file.lastPathComponent)])
        changelog = SuiteChangelog(releases: [SuiteChangelog.Release(
            version: version, summary: "a standalone family file (\(file.lastPathComponent))", added: [], changed: [], retired: [])])
    }

    /// The manifest of the bundled vectors and its version (the family files are not read): a standalone file is read
    /// at that version, with its profiles.
    static func bundledManifest() throws(VectorLoadError) -> (manifest: SuiteManifest, version: SuiteVersion) {
        guard let directory = Bundle.module.url(forResource: "Vectors", withExtension: nil) else {
            throw VectorLoadError(file: "Vectors", jsonPath: "$", kind: .unreadable,
                                  problem: "the bundled Vectors folder is missing from the LoginConformance resources")
        }
        let url = directory.appendingPathComponent("manifest.json")
        let manifest = try JSONFile.decode(SuiteManifest.self, from: url)
        guard let version = SuiteVersion(manifest.suiteVersion) else {
            throw VectorLoadError(file: url.path, jsonPath: "$.suiteVersion", kind: .invalidFormat,
                                  problem: "\"\(manifest.suiteVersion)\" is not a major.minor.patch version")
        }
        return (manifest, version)
    }

    /// Only the member that says which family the file holds; the family's decoder checks the whole file.
    private struct Header: Decodable {
        let family: String
    }
}

extension SuiteChangelog {
    init(releases: [Release]) {
        self.releases = releases
    }
}
