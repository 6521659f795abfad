import Foundation
import LoginConformance

/// The vector files as ``VectorLint`` reads them: the manifest, every family file it lists, the rule catalogue and
/// the retired IDs of the changelog, parsed with the strict RFC 8259 parser.
///
/// Unlike ``VectorSuite/load(from:)``, which yields a whole suite or throws its first problem, reading never stops:
/// a file that cannot be read becomes a problem and everything else is still linted. A family file the loader's
/// strict models refuse is decoded again vector by vector, so every vector's format problem is reported, not only
/// the first one.
struct SuiteDocuments {
    /// The vectors folder.
    let directory: URL
    /// The family files, in manifest order.
    private(set) var families: [FamilyDocument] = []
    /// The profiles the manifest lists; the bundled suite's when it lists none or cannot be read (the loader reports
    /// a list it refuses).
    private(set) var profiles: [ConformanceProfile] = ConformanceProfile.allCases
    /// The rule catalogue, when it can be read.
    private(set) var catalogue: RuleCatalogue?
    /// Vector IDs the changelog retired, with the version that retired them.
    private(set) var retiredVectorIDs: [String: String] = [:]
    /// What could not be read, and every vector's format problem.
    private(set) var problems: [LintProblem] = []

    /// One family file.
    struct FamilyDocument {
        let family: ConformanceFamily
        let file: String
        /// The declared reasons; `nil` when the file has no `reasons` object.
        let reasons: Set<String>?
        let vectors: [VectorEntry]
    }

    /// Every vector of every family file, in manifest order.
    var vectors: [VectorEntry] { families.flatMap(\.vectors) }

    /// The path of `name` in the vectors folder, as the loader names files.
    func file(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Reads the suite in `directory`.
    static func read(from directory: URL) -> SuiteDocuments {
        var documents = SuiteDocuments(directory: directory)
        documents.readFamilies()
        documents.readCatalogue()
        documents.readRetiredIDs()
        return documents
    }

    private mutating func readFamilies() {
        let manifestFile = file("manifest.json")
        guard let (_, manifest) = object(in: manifestFile) else { return }
        if let listed = manifest["profiles"]?.arrayValue?.compactMap({ $0.objectValue?["profile"]?.stringValue }), !listed.isEmpty {
            profiles = listed.map(ConformanceProfile.init(name:))
        }
        guard let entries = manifest["families"]?.arrayValue else {
            report(manifestFile, "$.families", .invalidFormat, "the manifest lists no family files")
            return
        }
        for (position, entry) in entries.enumerated() {
            let path = "$.families[\(position)]"
            guard let name = entry.objectValue?["family"]?.stringValue, let fileName = entry.objectValue?["file"]?.stringValue else {
                report(manifestFile, path, .invalidFormat, "a family entry is {\"family\": name, \"file\": file name}")
                continue
            }
            guard let family = ConformanceFamily(rawValue: name) else {
                report(manifestFile, "\(path).family", .invalidFormat,
                       "unknown family \"\(name)\"; this toolkit knows \(ConformanceFamily.allCases.map(\.rawValue).joined(separator: ", "))")
                continue
            }
            readFamily(family, file: file(fileName))
        }
    }

    private mutating func readFamily(_ family: ConformanceFamily, file: String) {
        guard let (parsed, document) = object(in: file) else { return }
        // A file the loader decodes has no format problem; only a file it refuses is decoded vector by vector.
        let decodesWhole = (try? family.definition.decodeFile(parsed)) != nil
        let vectorNodes = parsed.member("vectors", of: 0)
        if document["family"]?.stringValue != family.rawValue {
            report(file, "$.family", .invalidFormat, "the file must say \"family\": \"\(family.rawValue)\", the family the manifest lists it for")
        }
        let reasons = document["reasons"]?.objectValue.map { Set($0.keys) }
        if reasons == nil {
            report(file, "$.reasons", .invalidFormat, "the file declares no reasons object")
        }
        guard let list = document["vectors"]?.arrayValue, !list.isEmpty else {
            report(file, "$.vectors", .invalidFormat, "the file holds no vectors array, or an empty one")
            families.append(FamilyDocument(family: family, file: file, reasons: reasons, vectors: []))
            return
        }
        var vectors: [VectorEntry] = []
        for (index, value) in list.enumerated() {
            guard let members = value.objectValue else {
                report(file, "$.vectors[\(index)]", .invalidFormat, "a vector is a JSON object")
                continue
            }
            let entry = VectorEntry(family: family, file: file, index: index, members: members, suiteProfiles: profiles)
            if !decodesWhole, let vectorNodes, let node = parsed.element(index, of: vectorNodes),
               let problem = formatProblem(of: entry, at: node, in: parsed) {
                problems.append(problem)
            }
            vectors.append(entry)
        }
        families.append(FamilyDocument(family: family, file: file, reasons: reasons, vectors: vectors))
    }

    /// The vector decoded alone by the loader's strict model, where it stands in the parsed file (no copy of it is
    /// made): its first format problem, at its path in the file.
    private func formatProblem(of entry: VectorEntry, at node: Int, in document: JSONDocument) -> LintProblem? {
        guard let error = entry.family.definition.formatError(ofVectorAt: node, in: document) else { return nil }
        let loadError = (error as? DecodingError).map { VectorLoadError(file: entry.file, decodingError: $0, document: document) }
        return LintProblem(file: entry.file, jsonPath: loadError?.jsonPath ?? entry.path, kind: .invalidFormat,
                           message: loadError.map(Self.located) ?? "\(error)")
    }

    /// A loader problem's words, with its line and column when it has them.
    private static func located(_ error: VectorLoadError) -> String {
        guard let line = error.line else { return error.problem }
        return "line \(line), column \(error.column ?? 1): \(error.problem)"
    }

    private mutating func readCatalogue() {
        do {
            let loaded = try RuleCatalogue.load(from: directory)
            catalogue = loaded
            for (index, rule) in loaded.rules.enumerated() {
                if let unknown = rule.profiles?.first(where: { !profiles.contains($0) }) {
                    report(file(RuleCatalogue.fileName), "$.rules[\(index)].profiles", .invalidRuleCatalogue,
                           "rule \(rule.id) names profile \(CanonicalJSON.render(unknown.rawValue)), which the manifest does not "
                           + "list (its profiles: \(profiles.map(\.rawValue).joined(separator: ", ")))")
                }
            }
        } catch {
            let message = error.kind == .unreadable
                ? "the suite has no readable rule catalogue \(RuleCatalogue.fileName): every vector names rules from it"
                : error.problem
            report(error.file, error.jsonPath, .invalidRuleCatalogue, message)
        }
    }

    /// The changelog's retired IDs. A changelog that cannot be read is the loader's problem, reported through it.
    private mutating func readRetiredIDs() {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: file("changelog.json"))),
              let releases = JSONValue.parse(String(decoding: data, as: UTF8.self))?.objectValue?["releases"]?.arrayValue
        else { return }
        for release in releases {
            let version = release.objectValue?["version"]?.stringValue ?? "?"
            for id in release.objectValue?["retired"]?.arrayValue?.compactMap({ $0.objectValue?["id"]?.stringValue }) ?? [] {
                retiredVectorIDs[id] = version
            }
        }
    }

    /// The parsed document and the JSON object in `file`, or `nil` after reporting why there is none: for text that
    /// is not strict JSON, the parser's own words, path, line and column (the root cause, before anything else).
    private mutating func object(in file: String) -> (JSONDocument, [String: JSONValue])? {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: file)) else {
            report(file, "$", .unreadable, "cannot read the file")
            return nil
        }
        let document: JSONDocument
        do {
            document = try StrictJSONParser.document(data)
        } catch {
            report(file, error.jsonPath, .invalidJSON, Self.located(VectorLoadError(file: file, syntaxError: error)))
            return nil
        }
        guard let object = document.value().objectValue else {
            report(file, "$", .invalidFormat, "the file is not a JSON object")
            return nil
        }
        return (document, object)
    }

    private mutating func report(_ file: String, _ path: String, _ kind: LintProblem.Kind, _ message: String) {
        problems.append(LintProblem(file: file, jsonPath: path, kind: kind, message: message))
    }
}
