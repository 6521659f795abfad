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
    /// The manifest's families as the registry the suite was loaded with knows them (a family of your own included).
    private let loadedFamilies: [ConformanceFamily]

    /// The profiles the suite keeps apart (SPECIFICATION.md §8), in its manifest's order: every vector names only
    /// these, and an implementation claims one of them. A folder whose manifest predates the list holds the bundled
    /// suite's (``ConformanceProfile/allCases``).
    public let profiles: [ConformanceProfile]

    /// The suite's SemVer version.
    public var suiteVersion: String { manifest.suiteVersion }

    /// The folder of the vectors bundled with this package (the top-level `Vectors/`, copied as a resource):
    /// `manifest.json`, the family files, `schema/` and the documents; `nil` if the resource is missing.
    public static var bundledDirectory: URL? {
        Bundle.module.url(forResource: "Vectors", withExtension: nil)
    }

    /// The vectors bundled with this package (the top-level `Vectors/` folder, copied as a resource).
    ///
    /// They are read once per process and shared: the bundle is read-only and a suite is an immutable value, so
    /// every later call (a test process's many suites, each Swift Testing case list) returns the same suite, or
    /// the same error, without reading a byte again.
    public static func bundled() throws(VectorLoadError) -> VectorSuite {
        try bundledOnce.get()
    }

    /// The bundled suite, read on first use.
    private static let bundledOnce: Result<VectorSuite, VectorLoadError> = Result { () throws(VectorLoadError) in
        guard let directory = bundledDirectory else {
            throw VectorLoadError(file: "Vectors", jsonPath: "$", kind: .unreadable,
                                  problem: "the bundled Vectors folder is missing from the LoginConformance resources")
        }
        return try load(from: directory)
    }

    /// Loads the suite in `directory` (a folder with `manifest.json` and the family files it lists), or the one
    /// family file it names (what `login-conformance extract` writes), read as a one-family suite at the version of
    /// the bundled vectors, so `login-conformance run --vectors FILE` reruns a bug report from that one file.
    /// The manifest's families are looked up in `registry` (a family of your own: ``FamilyRegistry/adding(_:)``).
    public static func load(from directory: URL) throws(VectorLoadError) -> VectorSuite {
        try load(from: directory, registry: .standard)
    }

    /// ``load(from:)`` with the families of `registry`: the standard ones and any of your own
    /// (``FamilyRegistry/adding(_:)``; docs: "Adding a family").
    public static func load(
        from directory: URL, registry: FamilyRegistry
    ) throws(VectorLoadError) -> VectorSuite {
        do {
            if let standalone = try StandaloneSuite(ifFileAt: directory) {
                return try load(from: standalone.directory, manifest: standalone.manifest,
                                changelog: standalone.changelog, registry: registry)
            }
            return try load(from: directory, manifest: nil, changelog: nil, registry: registry)
        } catch {
            throw error.located()
        }
    }

    /// The suite in `directory`, with the manifest and changelog read from it unless given.
    static func load(
        from directory: URL, manifest givenManifest: SuiteManifest?, changelog givenChangelog: SuiteChangelog?,
        registry: FamilyRegistry = .standard
    ) throws(VectorLoadError) -> VectorSuite {
        let manifestURL = directory.appendingPathComponent("manifest.json")
        let manifest: SuiteManifest
        if let givenManifest { manifest = givenManifest } else { manifest = try JSONFile.decode(SuiteManifest.self, from: manifestURL) }
        guard manifest.formatVersion == SuiteManifest.supportedFormatVersion else {
            throw VectorLoadError(
                file: manifestURL.path, jsonPath: "$.formatVersion", kind: .unsupportedFormatVersion,
                problem: "format version \(manifest.formatVersion); this toolkit reads version \(SuiteManifest.supportedFormatVersion)")
        }
        let profiles = try checkedProfiles(of: manifest, file: manifestURL.path)
        let known = Set(profiles)
        var families: [ConformanceFamily] = []
        var definitions: [any VectorFamily.Type] = []
        for (entryIndex, entry) in manifest.families.enumerated() {
            guard let family = registry.family(named: entry.family), let definition = registry.definition(of: family) else {
                throw VectorLoadError(
                    file: manifestURL.path, jsonPath: "$.families[\(entryIndex)].family", kind: .unknownFamily,
                    problem: "unknown family \"\(entry.family)\"; this toolkit knows \(registry.families.map(\.rawValue).joined(separator: ", "))")
            }
            families.append(family)
            definitions.append(definition)
        }
        // The files are independent: decode them in parallel, then check them in manifest order, so the first
        // problem reported is the same whatever the scheduling.
        let changelogURL = directory.appendingPathComponent("changelog.json")
        let decoded = decodeConcurrently(families.indices.map { index in
            (definitions[index], directory.appendingPathComponent(manifest.families[index].file))
        }, changelog: givenChangelog == nil ? changelogURL : nil)
        var vectors: [any ConformanceVector] = []
        var descriptions: [ConformanceFamily: String] = [:]
        var reasons: [ConformanceFamily: [String: String]] = [:]
        var firstSeen: [String: (file: String, index: Int)] = [:]
        firstSeen.reserveCapacity(decoded.files.reduce(0) { $0 + ((try? $1.1.get())?.vectors.count ?? 0) })
        for (family, (fileURL, result)) in zip(families, decoded.files) {
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
                let metadata = vector.metadata  // one copy through the existential, not one per member read
                let id = metadata.id
                try checkID(id, family: family, file: file, index: index, firstSeen: firstSeen)
                firstSeen[id] = (file, index)
                if let named = metadata.profiles, let unknown = named.first(where: { !known.contains($0) }) {
                    throw VectorLoadError(
                        file: file, jsonPath: "$.vectors[\(index)].profiles", kind: .invalidFormat,
                        problem: "\(id) names profile \(CanonicalJSON.render(unknown.rawValue)), which the manifest does not list "
                            + "(its profiles: \(ConformanceProfile.listed(profiles)))")
                }
                // The expected outcome's reason, then each accepted alternative's: every one declared.
                // (The paths are only spelt out for an error: formatting them for every vector was a cost.)
                for case let (position, reason?) in ([vector.expectedReason] + vector.alsoAcceptedReasons).enumerated()
                where decoded.reasons[reason] == nil {
                    let path = position == 0 ? "$.vectors[\(index)].expected.reason" : "$.vectors[\(index)].alsoAccepted[\(position - 1)].reason"
                    throw VectorLoadError(
                        file: file, jsonPath: path, kind: .undeclaredReason,
                        problem: "reason \"\(reason)\" of \(id) is not declared in $.reasons (declared: \(decoded.reasons.keys.sorted().joined(separator: ", ")))")
                }
            }
            vectors += decoded.vectors
            descriptions[family] = decoded.description
            reasons[family] = decoded.reasons
        }
        let changelog: SuiteChangelog
        if let givenChangelog { changelog = givenChangelog } else { changelog = try decoded.changelog!.get() }
        try changelog.validate(suiteVersion: manifest.suiteVersion, isVector: { firstSeen[$0] != nil }, file: changelogURL.path)
        return VectorSuite(manifest: manifest, profiles: profiles, families: families, vectors: vectors,
                           familyDescriptions: descriptions, declaredReasons: reasons, directory: directory,
                           changelog: changelog)
    }

    /// The manifest's profiles (the bundled suite's when it lists none), each a distinct name of `a-z 0-9 -`
    /// starting with a letter: a name that could not be an ID's suffix or a command-line word is refused here.
    private static func checkedProfiles(of manifest: SuiteManifest, file: String) throws(VectorLoadError) -> [ConformanceProfile] {
        guard let listed = manifest.profiles else { return ConformanceProfile.allCases }
        guard !listed.isEmpty else {
            throw VectorLoadError(file: file, jsonPath: "$.profiles", kind: .invalidFormat,
                                  problem: "the manifest lists no profile; omit profiles to mean the bundled suite's")
        }
        var seen: Set<String> = []
        for (index, entry) in listed.enumerated() {
            let name = entry.profile
            let wellFormed = name.utf8.first.map { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) } == true
                && name.utf8.allSatisfy { isLowerAlphanumeric($0) || $0 == UInt8(ascii: "-") }
            guard wellFormed, seen.insert(name).inserted else {
                throw VectorLoadError(
                    file: file, jsonPath: "$.profiles[\(index)].profile", kind: .invalidFormat,
                    problem: wellFormed ? "profile \"\(name)\" is listed twice"
                        : "profile \(CanonicalJSON.render(name)) must be a-z 0-9 - starting with a letter")
            }
        }
        return listed.map { ConformanceProfile(name: $0.profile) }
    }

    private init(
        manifest: SuiteManifest, profiles: [ConformanceProfile], families: [ConformanceFamily], vectors: [any ConformanceVector],
        familyDescriptions: [ConformanceFamily: String], declaredReasons: [ConformanceFamily: [String: String]],
        directory: URL, changelog: SuiteChangelog
    ) {
        self.manifest = manifest
        self.profiles = profiles
        self.loadedFamilies = families
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

    /// The families the suite holds, in manifest order, as the registry it was loaded with names them: a family
    /// of your own (``load(from:registry:)``) is one of them.
    public var families: [ConformanceFamily] { loadedFamilies }

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

    /// Decodes each family file, and the changelog unless it is given, on its own thread (the work is CPU-bound
    /// parsing and decoding), the largest files first so that the last to finish is a small one.
    private static func decodeConcurrently(
        _ files: [(any VectorFamily.Type, URL)], changelog changelogURL: URL?
    ) -> (files: [(URL, Result<DecodedFamilyFile, VectorLoadError>)], changelog: Result<SuiteChangelog, VectorLoadError>?) {
        let results = ConcurrentResults<Result<DecodedFamilyFile, VectorLoadError>>(count: files.count)
        let changelog = ConcurrentResults<Result<SuiteChangelog, VectorLoadError>>(count: 1)
        let jobs = (files.map(\.1) + [changelogURL].compactMap { $0 }).enumerated()
            .map { (job: $0.offset, size: Self.size(of: $0.element)) }
            .sorted { $0.size > $1.size }
            .map(\.job)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { position in
            let job = jobs[position]
            guard job < files.count else {
                changelog[0] = Result { () throws(VectorLoadError) in try JSONFile.decode(SuiteChangelog.self, from: changelogURL!) }
                return
            }
            let (definition, url) = files[job]
            results[job] = Result { () throws(VectorLoadError) in
                try JSONFile.read(url) { document in try definition.decodeFile(document) }
            }
        }
        return (files.indices.map { (files[$0].1, results[$0]!) }, changelog[0])
    }

    /// The size of the file at `url` in bytes, 0 when unknown (reading it reports the problem).
    private static func size(of url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    private static func isLowerAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func checkID(
        _ id: String, family: ConformanceFamily, file: String, index: Int,
        firstSeen: [String: (file: String, index: Int)]
    ) throws(VectorLoadError) {
        var path: String { "$.vectors[\(index)].id" }
        let parts = Self.idParts(id)
        guard parts.first?.elementsEqual(family.rawValue.utf8) == true, parts.count >= 3, !parts.contains(where: { $0.isEmpty }) else {
            throw VectorLoadError(file: file, jsonPath: path, kind: .misplacedID,
                                  problem: "ID \(CanonicalJSON.render(id)) must be \(family.rawValue)::group::case")
        }
        // The lint's ID rule, byte by byte: no control character (ESC, BEL, a newline) reaches a terminal or
        // splits a rerun line.
        let wellFormed = parts.allSatisfy { part in
            part.first.map(Self.isLowerAlphanumeric) == true
                && part.allSatisfy { Self.isLowerAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_")
                    || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }
        }
        if !wellFormed, let problem = VectorMetadata.idFormProblem(id) {
            throw VectorLoadError(file: file, jsonPath: path, kind: .invalidFormat, problem: problem)
        }
        if let first = firstSeen[id] {
            throw VectorLoadError(file: file, jsonPath: path, kind: .duplicateID,
                                  problem: "duplicate ID \"\(id)\", first used at \(first.file): $.vectors[\(first.index)].id")
        }
    }
}

extension VectorSuite {
    /// The parts of a vector ID between its `::` separators, as `components(separatedBy: "::")` gives them, read
    /// byte by byte (Foundation's search for the separator cost a sixth of the loading time).
    static func idParts(_ id: String) -> [ArraySlice<UInt8>] {
        let bytes = Array(id.utf8)
        var parts: [ArraySlice<UInt8>] = []
        var partStart = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: ":"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ":") {
                parts.append(bytes[partStart..<index])
                index += 2
                partStart = index
            } else {
                index += 1
            }
        }
        parts.append(bytes[partStart...])
        return parts
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
