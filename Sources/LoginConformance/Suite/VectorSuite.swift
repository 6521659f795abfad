import Foundation

/// The loaded vectors: every family file the manifest lists, decoded strictly and checked for meaning.
///
/// Loading either yields a whole, consistent suite or throws a ``VectorLoadError`` naming the file, the JSON path
/// and the problem; it never drops a bad vector silently.
public struct VectorSuite: Sendable {
    /// The manifest: suite version and family files.
    public let manifest: SuiteManifest
    /// Every vector, in manifest order and then file order.
    public let vectors: [any ConformanceVector]
    /// Each family's description, from its file.
    public let familyDescriptions: [ConformanceFamily: String]
    /// Each family's declared rejection reasons and their meanings.
    public let declaredReasons: [ConformanceFamily: [String: String]]
    /// Where the vectors were read from.
    public let directory: URL
    /// Which versions added, changed and retired which IDs (`changelog.json`).
    public let changelog: SuiteChangelog

    private let indexByID: [String: Int]

    /// The suite's SemVer version.
    public var suiteVersion: String { manifest.suiteVersion }

    /// The vectors bundled with this package (the top-level `Vectors/` folder, copied as a resource).
    public static func bundled() throws(VectorLoadError) -> VectorSuite {
        guard let directory = Bundle.module.url(forResource: "Vectors", withExtension: nil) else {
            throw VectorLoadError(file: "Vectors", jsonPath: "$", kind: .unreadable,
                                  problem: "the bundled Vectors folder is missing from the LoginConformance resources")
        }
        return try load(from: directory)
    }

    /// Loads the suite in `directory` (a folder with `manifest.json` and the family files it lists), or the one
    /// family file it names (what `login-conformance extract` writes), read as a one-family suite at the version of
    /// the bundled vectors, so `login-conformance run --vectors FILE` reruns a bug report from that one file.
    public static func load(from directory: URL) throws(VectorLoadError) -> VectorSuite {
        if let standalone = try StandaloneSuite(ifFileAt: directory) {
            return try load(from: standalone.directory, manifest: standalone.manifest, changelog: standalone.changelog)
        }
        return try load(from: directory, manifest: nil, changelog: nil)
    }

    /// The suite in `directory`, with the manifest and changelog read from it unless given.
    static func load(
        from directory: URL, manifest givenManifest: SuiteManifest?, changelog givenChangelog: SuiteChangelog?
    ) throws(VectorLoadError) -> VectorSuite {
        let manifestURL = directory.appendingPathComponent("manifest.json")
        let manifest: SuiteManifest
        if let givenManifest { manifest = givenManifest } else { manifest = try JSONFile.decode(SuiteManifest.self, from: manifestURL) }
        guard manifest.formatVersion == SuiteManifest.supportedFormatVersion else {
            throw VectorLoadError(
                file: manifestURL.path, jsonPath: "$.formatVersion", kind: .unsupportedFormatVersion,
                problem: "format version \(manifest.formatVersion); this toolkit reads version \(SuiteManifest.supportedFormatVersion)")
        }
        var families: [ConformanceFamily] = []
        for (entryIndex, entry) in manifest.families.enumerated() {
            guard let family = ConformanceFamily(rawValue: entry.family) else {
                throw VectorLoadError(
                    file: manifestURL.path, jsonPath: "$.families[\(entryIndex)].family", kind: .unknownFamily,
                    problem: "unknown family \"\(entry.family)\"; this toolkit knows \(ConformanceFamily.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            families.append(family)
        }
        // The files are independent: decode them in parallel, then check them in manifest order, so the first
        // problem reported is the same whatever the scheduling.
        let decodedFiles = decodeConcurrently(families.indices.map { index in
            (families[index], directory.appendingPathComponent(manifest.families[index].file))
        })
        var vectors: [any ConformanceVector] = []
        var descriptions: [ConformanceFamily: String] = [:]
        var reasons: [ConformanceFamily: [String: String]] = [:]
        var firstSeen: [String: (file: String, index: Int)] = [:]
        for (family, (fileURL, result)) in zip(families, decodedFiles) {
            let file = fileURL.path
            let decoded = try result.get()
            guard decoded.formatVersion == SuiteManifest.supportedFormatVersion else {
                throw VectorLoadError(file: file, jsonPath: "$.formatVersion", kind: .unsupportedFormatVersion,
                                      problem: "format version \(decoded.formatVersion); this toolkit reads version \(SuiteManifest.supportedFormatVersion)")
            }
            guard decoded.family == family.rawValue else {
                throw VectorLoadError(file: file, jsonPath: "$.family", kind: .unknownFamily,
                                      problem: "the file says family \"\(decoded.family)\" but the manifest lists it for \"\(family.rawValue)\"")
            }
            guard !decoded.vectors.isEmpty else {
                throw VectorLoadError(file: file, jsonPath: "$.vectors", kind: .emptyFamily,
                                      problem: "the family file holds no vector")
            }
            for (index, vector) in decoded.vectors.enumerated() {
                let id = vector.metadata.id
                try checkID(id, family: family, file: file, index: index, firstSeen: firstSeen)
                firstSeen[id] = (file, index)
                // The expected outcome's reason, then each accepted alternative's: every one declared.
                let named = [("$.vectors[\(index)].expected.reason", vector.expectedReason)]
                    + vector.alsoAcceptedReasons.enumerated().map { ("$.vectors[\(index)].alsoAccepted[\($0.offset)].reason", $0.element) }
                for case let (path, reason?) in named where decoded.reasons[reason] == nil {
                    throw VectorLoadError(
                        file: file, jsonPath: path, kind: .undeclaredReason,
                        problem: "reason \"\(reason)\" of \(id) is not declared in $.reasons (declared: \(decoded.reasons.keys.sorted().joined(separator: ", ")))")
                }
            }
            vectors += decoded.vectors
            descriptions[family] = decoded.description
            reasons[family] = decoded.reasons
        }
        let changelogURL = directory.appendingPathComponent("changelog.json")
        let changelog: SuiteChangelog
        if let givenChangelog { changelog = givenChangelog } else { changelog = try JSONFile.decode(SuiteChangelog.self, from: changelogURL) }
        try changelog.validate(suiteVersion: manifest.suiteVersion, ids: Set(firstSeen.keys), file: changelogURL.path)
        return VectorSuite(manifest: manifest, vectors: vectors, familyDescriptions: descriptions,
                           declaredReasons: reasons, directory: directory, changelog: changelog)
    }

    private init(
        manifest: SuiteManifest, vectors: [any ConformanceVector], familyDescriptions: [ConformanceFamily: String],
        declaredReasons: [ConformanceFamily: [String: String]], directory: URL, changelog: SuiteChangelog
    ) {
        self.manifest = manifest
        self.vectors = vectors
        self.familyDescriptions = familyDescriptions
        self.declaredReasons = declaredReasons
        self.directory = directory
        self.changelog = changelog
        self.indexByID = Dictionary(uniqueKeysWithValues: vectors.enumerated().map { ($1.metadata.id, $0) })
    }

    /// The vector with this ID, if the suite has it.
    public func vector(withID id: String) -> (any ConformanceVector)? {
        indexByID[id].map { vectors[$0] }
    }

    /// The families the suite holds, in manifest order.
    public var families: [ConformanceFamily] {
        manifest.families.compactMap { ConformanceFamily(rawValue: $0.family) }
    }

    /// The vectors of an implementation claiming `profile`, restricted to `families` and `selection`.
    public func vectors(
        for profile: ConformanceProfile, families: Set<ConformanceFamily>? = nil, selection: VectorSelection = .all
    ) -> [any ConformanceVector] {
        vectors.filter { vector in
            vector.metadata.applies(to: profile)
                && (families?.contains(vector.family) ?? true)
                && selection.matches(vector.metadata.id)
        }
    }

    /// Decodes each family file on its own thread (the work is CPU-bound JSON decoding).
    private static func decodeConcurrently(
        _ files: [(ConformanceFamily, URL)]
    ) -> [(URL, Result<DecodedFamilyFile, VectorLoadError>)] {
        let results = ConcurrentResults<Result<DecodedFamilyFile, VectorLoadError>>(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let (family, url) = files[index]
            results[index] = Result { () throws(VectorLoadError) in
                try JSONFile.read(url) { data in try family.definition.decodeFile(data) }
            }
        }
        return files.indices.map { (files[$0].1, results[$0]!) }
    }

    private static func checkID(
        _ id: String, family: ConformanceFamily, file: String, index: Int,
        firstSeen: [String: (file: String, index: Int)]
    ) throws(VectorLoadError) {
        let path = "$.vectors[\(index)].id"
        let parts = id.components(separatedBy: "::")
        guard parts.first == family.rawValue, parts.count >= 3, !parts.contains(where: \.isEmpty) else {
            throw VectorLoadError(file: file, jsonPath: path, kind: .misplacedID,
                                  problem: "ID \"\(id)\" must be \(family.rawValue)::group::case")
        }
        if let first = firstSeen[id] {
            throw VectorLoadError(file: file, jsonPath: path, kind: .duplicateID,
                                  problem: "duplicate ID \"\(id)\", first used at \(first.file): $.vectors[\(first.index)].id")
        }
    }
}

/// Slots written by concurrent iterations, one slot per iteration, read after all have finished.
private final class ConcurrentResults<Value>: @unchecked Sendable {
    private var values: [Value?]
    private let lock = NSLock()

    init(count: Int) {
        values = Array(repeating: nil, count: count)
    }

    subscript(index: Int) -> Value? {
        get { lock.withLock { values[index] } }
        set { lock.withLock { values[index] = newValue } }
    }
}
