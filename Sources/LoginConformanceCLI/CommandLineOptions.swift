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
    var jsonReport: URL?
    var junitReport: URL?
    var markdownReport: URL?
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

    /// Options that may be given more than once.
    static let repeatable: Set<String> = ["--family", "--vector", "--verbose", "-v", "--help", "-h", "--allow-newly-passing"]

    /// Options that apply only to some subcommands (any other option applies to every subcommand that reads it).
    static let applicability: [String: Set<String>] = [
        "--profile": ["run", "baseline", "list"],
        "--adapter": ["run", "baseline", "smoke"],
        "--timeout": ["run", "baseline", "smoke"],
        "--restarts": ["run", "baseline", "smoke"],
        "--batch": ["run", "baseline"],
        "--max-line-bytes": ["run", "baseline", "smoke"],
        "--family": ["run", "baseline", "list"],
        "--vector": ["run", "baseline", "list"],
        "--vectors": ["run", "baseline", "smoke", "lint", "list", "show", "extract"],
        "--verbose": ["run"], "-v": ["run"],
        "--baseline": ["run", "baseline"],
        "--allow-newly-passing": ["run"],
        "--new-vectors": ["run"],
        "--changed-vectors": ["run"],
        "--report-json": ["run"],
        "--report-junit": ["run"],
        "--report-markdown": ["run"],
        "--output": ["extract"], "-o": ["extract"],
    ]
    /// Options that only an adapter run reads.
    static let adapterOnly: Set<String> = ["--timeout", "--restarts", "--batch", "--max-line-bytes"]
    /// Options that only a run against a baseline reads (the gate's policy for known failures and new vectors).
    static let baselineOnly: Set<String> = ["--allow-newly-passing", "--new-vectors", "--changed-vectors"]

    /// Refuses an option that does not apply to `command`, and adapter options without `--adapter`.
    func validate(for command: String) throws(UsageError) {
        for option in given {
            if let commands = Self.applicability[option], !commands.contains(command) {
                let names = commands.sorted().map { $0 == "baseline" ? "baseline update" : $0 }.joined(separator: ", ")
                throw UsageError(description: "\(option) does not apply to \(command) (it applies to: \(names))")
            }
            if Self.adapterOnly.contains(option), adapter == nil {
                throw UsageError(description: "\(option) applies only to an adapter run; add --adapter <command line> or leave \(option) out")
            }
            if Self.baselineOnly.contains(option), baseline == nil {
                throw UsageError(description: "\(option) applies only to a run against a baseline; add --baseline <file> or leave \(option) out")
            }
        }
    }

    /// The files `command` writes, by the option that names them.
    func outputs(for command: String) -> [OutputFiles.Output] {
        let named: [(String, URL?)] = switch command {
        case "run": [("--report-json", jsonReport), ("--report-junit", junitReport), ("--report-markdown", markdownReport)]
        case "baseline": [("--baseline", baseline)]
        case "extract": [("--output", output)]
        default: []
        }
        return named.compactMap { option, url in url.map { OutputFiles.Output(option: option, url: $0) } }
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
        func value(for option: String) throws(UsageError) -> String {
            guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
                throw UsageError(description: "\(option) needs a value")
            }
            return value
        }
        while let argument = remaining.popFirst() {
            if argument.hasPrefix("-") {
                if given.contains(argument) && !Self.repeatable.contains(argument) {
                    throw UsageError(description: "\(argument) is given twice; give it once")
                }
                given.append(argument)
            }
            switch argument {
            case "--help", "-h":
                helpRequested = true
            case "--profile":
                let name = try value(for: argument)
                guard let profile = ConformanceProfile(rawValue: name) else {
                    throw UsageError(description: "unknown profile \"\(name)\"; use one of: \(ConformanceProfile.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                self.profile = profile
                profileGiven = true
            case "--adapter":
                let command = try value(for: argument)
                guard !command.allSatisfy(\.isWhitespace) else {
                    throw UsageError(description: "--adapter takes a command line, not an empty string")
                }
                adapter = command
            case "--timeout":
                let text = try value(for: argument)
                outcomeOptions.append((argument, text))
                let range = Self.timeoutRange
                guard let seconds = Double(text), seconds.isFinite, range.contains(seconds) else {
                    throw UsageError(description: "--timeout takes a number of seconds from \(range.lowerBound.formatted()) to \(Int(range.upperBound)) (a day), not \"\(text)\"")
                }
                harness.timeout = .milliseconds(Int64((seconds * 1000).rounded(.up)))
                harness.startTimeout = max(harness.startTimeout, harness.timeout)
            case "--restarts":
                let text = try value(for: argument)
                outcomeOptions.append((argument, text))
                harness.restartBudget = try Self.count(text, option: argument, in: Self.restartsRange)
            case "--batch":
                harness.batchSize = try Self.count(try value(for: argument), option: argument, in: Self.batchRange)
            case "--max-line-bytes":
                let text = try value(for: argument)
                outcomeOptions.append((argument, text))
                harness.maxLineBytes = try Self.count(text, option: argument, in: Self.maxLineBytesRange)
            case "--family":
                let name = try value(for: argument)
                families = (families ?? []).union([try Self.family(named: name)])
            case "--vector":
                let text = try value(for: argument)
                let patterns = VectorSelection(parsing: text).patterns
                guard !patterns.isEmpty else {
                    throw UsageError(description: "--vector takes vector IDs or prefix* patterns, comma separated, not \"\(text)\"")
                }
                if let everything = patterns.first(where: { $0.allSatisfy { $0 == "*" } }) {
                    throw UsageError(description: "--vector \"\(everything)\" would select every vector; leave --vector out to run them all")
                }
                selection = VectorSelection(patterns: selection.patterns + patterns)
            case "--vectors":
                let path = try value(for: argument)
                guard !path.isEmpty else { throw UsageError(description: "--vectors takes a directory, not an empty string") }
                vectorsDirectory = URL(fileURLWithPath: path, isDirectory: true)
            case "--verbose", "-v":
                verbose = true
            case "--baseline":
                baseline = URL(fileURLWithPath: try value(for: argument))
            case "--allow-newly-passing":
                policy.allowNewlyPassing = true
            case "--new-vectors":
                switch try value(for: argument) {
                case "report": policy.blockOnNewVectors = false
                case "block": policy.blockOnNewVectors = true
                case let other: throw UsageError(description: "--new-vectors takes report or block, not \"\(other)\"")
                }
            case "--changed-vectors":
                switch try value(for: argument) {
                case "report": policy.blockOnChangedVectors = false
                case "block": policy.blockOnChangedVectors = true
                case let other: throw UsageError(description: "--changed-vectors takes report or block, not \"\(other)\"")
                }
            case "--report-json":
                jsonReport = URL(fileURLWithPath: try value(for: argument))
            case "--report-junit":
                junitReport = URL(fileURLWithPath: try value(for: argument))
            case "--report-markdown":
                markdownReport = URL(fileURLWithPath: try value(for: argument))
            case "--output", "-o":
                output = URL(fileURLWithPath: try value(for: argument))
            default:
                guard !argument.hasPrefix("-") else { throw UsageError(description: "unknown option \(argument)") }
                positional.append(argument)
            }
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
