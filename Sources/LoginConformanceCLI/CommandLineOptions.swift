import Foundation
import LoginConformance
import LoginConformanceHarness

/// The options shared by the subcommands, parsed without dependencies.
struct CommandLineOptions {
    var profile: ConformanceProfile = .documented
    /// Whether `--profile` was given (an adapter's claimed profile applies otherwise).
    var profileGiven = false
    /// `--adapter "<command line>"`: check an implementation in another process.
    var adapter: String?
    var harness = HarnessOptions()
    var families: Set<ConformanceFamily>?
    var selection: VectorSelection = .all
    var vectorsDirectory: URL?
    var verbose = false
    var positional: [String] = []
    var baseline: URL?
    var policy = GatePolicy()
    /// The reports asked for (`--report-<format>`), in the order given.
    var reports: [(format: ReportFormat, url: URL)] = []
    var output: URL?
    /// `--help` / `-h` after a subcommand: its help.
    var helpRequested = false
    /// The adapter limits as given (`--timeout`, `--restarts`, `--max-line-bytes` and their text), in order: they
    /// can change a vector's outcome, so a rerun command repeats them.
    var outcomeOptions: [(option: String, value: String)] = []
    /// The options given, in order (without values), to refuse those that do not apply to the subcommand.
    var given: [String] = []

    /// The range of each numeric option, checked as it is parsed (a value outside is exit 2, never a crash).
    static let timeoutRange = 0.001...86_400.0
    static let restartsRange = 0...1_000
    static let batchRange = 1...10_000
    static let maxLineBytesRange = 1_024...(1 << 30)

    /// Refuses an option that does not apply to `command`, and one whose requirement (`--adapter`, `--baseline`)
    /// is missing: the table (``CommandLineOption/all``) says which.
    func validate(for command: String) throws(UsageError) {
        for name in given {
            guard let option = CommandLineOption.named(name) else { continue }
            if !option.applies(to: command) {
                let names = CommandLineOption.commandNames(option.commands ?? []).joined(separator: ", ")
                throw UsageError(description: "\(name) does not apply to \(command) (it applies to: \(names))")
            }
            switch option.requires {
            case .adapter? where adapter == nil:
                throw UsageError(description: "\(name) applies only to an adapter run; add --adapter <command line> or leave \(name) out")
            case .baseline? where baseline == nil:
                throw UsageError(description: "\(name) applies only to a run against a baseline; add --baseline <file> or leave \(name) out")
            default: break
            }
        }
    }

    /// The files `command` writes, by the option that names them.
    func outputs(for command: String) -> [OutputFiles.Output] {
        switch command {
        case "run": reports.map { OutputFiles.Output(option: "--report-\($0.format.name)", url: $0.url) }
        case "baseline": baseline.map { [OutputFiles.Output(option: "--baseline", url: $0)] } ?? []
        case "extract": output.map { [OutputFiles.Output(option: "--output", url: $0)] } ?? []
        default: []
        }
    }

    /// The files and directories `command` reads, which no output may replace.
    func inputs(for command: String) -> [OutputFiles.Input] {
        var named: [(String, URL?)] = [("--vectors", vectorsDirectory)]
        if command != "baseline" { named.append(("--baseline", baseline)) }
        return named.compactMap { option, url in url.map { OutputFiles.Input(option: option, url: $0) } }
    }

    /// A command-line mistake, reported with exit status 2.
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    init(parsing arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("-") else {
                positional.append(argument)
                continue
            }
            guard let option = CommandLineOption.named(argument) else { throw UsageError(description: "unknown option \(argument)") }
            if given.contains(where: { option.names.contains($0) }) && !option.repeatable {
                throw UsageError(description: "\(argument) is given twice; give it once")
            }
            given.append(argument)
            var value = ""
            if option.value != nil {
                guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
                    throw UsageError(description: "\(argument) needs a value")
                }
                value = next
            }
            try option.apply(&self, value)
        }
    }

    /// The file `path` names, for an option that writes or reads one: never the empty path, and never `-`, which
    /// would otherwise name a file called `-` where standard output was meant (extract writes to standard output
    /// without `--output`; reports are files only).
    static func file(_ path: String, option: String) throws(UsageError) -> URL {
        guard !path.isEmpty else { throw UsageError(description: "\(option) needs a file path, not the empty string") }
        guard path != "-" else {
            throw UsageError(description: "\(option) -: standard output is not a file here; give a file path"
                + (option == "--output" ? " (without --output, extract writes to standard output)" : ""))
        }
        return URL(fileURLWithPath: path)
    }

    /// `report` or `block`, for a policy option.
    static func blocking(_ value: String, option: String) throws(UsageError) -> Bool {
        switch value {
        case "report": false
        case "block": true
        default: throw UsageError(description: "\(option) takes report or block, not \"\(value)\"")
        }
    }

    static func count(_ text: String, option: String, minimum: Int) throws(UsageError) -> Int {
        guard let value = Int(text), value >= minimum else {
            throw UsageError(description: "\(option) takes a whole number of at least \(minimum), not \"\(text)\"")
        }
        return value
    }

    static func count(_ text: String, option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(description: "\(option) takes a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(text)\"")
        }
        return value
    }

    /// A profile `name` could be in a suite's manifest (`a-z 0-9 -`, starting with a letter), or `nil`.
    static func profileName(_ name: String) -> ConformanceProfile? {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first),
              name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
        else { return nil }
        return ConformanceProfile(name: name)
    }

    /// Refuses a `--profile` the loaded suite does not list (a name only a suite of your own lists is accepted by
    /// the option, then checked here against the suite actually loaded).
    func checkProfile(in suite: VectorSuite) throws(UsageError) {
        guard suite.profiles.contains(profile) else {
            throw UsageError(description: "unknown profile \"\(profile.rawValue)\"; use one of: \(suite.profiles.map(\.rawValue).joined(separator: ", "))")
        }
    }

    static func family(named name: String) throws(UsageError) -> ConformanceFamily {
        guard let family = ConformanceFamily(rawValue: name) else {
            throw UsageError(description: "unknown family \"\(name)\"; use one of: \(ConformanceFamily.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return family
    }

    /// The baseline named by `--baseline`, if any (a missing file is an error: the user named it).
    func loadBaseline() throws(BaselineError) -> Baseline? {
        try baseline.map { url throws(BaselineError) in try Baseline.load(from: url) }
    }

    /// Problems with a `--vectors` directory that do not stop a run: a file that looks like a family file but is not
    /// in the manifest (it is not run). Refuses a manifest whose family file path leaves the directory.
    func checkVectorsDirectory() throws(UsageError) -> [String] {
        guard let directory = vectorsDirectory else { return [] }
        let manifestURL = directory.appendingPathComponent("manifest.json")
        guard let data = try? Data(contentsOf: manifestURL),
              let manifest = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let families = manifest["families"] as? [[String: Any]] else { return [] }
        let root = directory.standardizedFileURL.resolvingSymlinksInPath().path
        var listed: Set<String> = []
        for (index, family) in families.enumerated() {
            guard let file = family["file"] as? String else { continue }
            let resolved = directory.appendingPathComponent(file).standardizedFileURL.resolvingSymlinksInPath().path
            guard !file.hasPrefix("/"), resolved.hasPrefix(root + "/") else {
                throw UsageError(description: "\(manifestURL.path): $.families[\(index)].file: \"\(file)\" leaves the vectors directory \(directory.path); a family file must be inside it")
            }
            listed.insert(resolved)
        }
        var warnings: [String] = []
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names.sorted() where name.hasSuffix(".json") && !["manifest.json", "changelog.json", "rules.json"].contains(name) {
            let url = directory.appendingPathComponent(name)
            guard !listed.contains(url.standardizedFileURL.resolvingSymlinksInPath().path),
                  let data = try? Data(contentsOf: url),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  object["vectors"] != nil || object["family"] != nil else { continue }
            warnings.append("\(url.path) looks like a family file but is not in \(manifestURL.path); its vectors are not run")
        }
        return warnings
    }

    /// The suite: `--vectors DIR`, or the bundled vectors.
    func loadSuite() throws(VectorLoadError) -> VectorSuite {
        if let vectorsDirectory { return try VectorSuite.load(from: vectorsDirectory) }
        return try VectorSuite.bundled()
    }
}
