import Foundation
import LoginConformance

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
            switch argument {
            case "--profile":
                let name = try value(for: argument)
                guard let profile = ConformanceProfile(rawValue: name) else {
                    throw UsageError(description: "unknown profile \"\(name)\"; use one of: \(ConformanceProfile.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                self.profile = profile
                profileGiven = true
            case "--adapter":
                adapter = try value(for: argument)
            case "--timeout":
                let text = try value(for: argument)
                guard let seconds = Double(text), seconds > 0 else {
                    throw UsageError(description: "--timeout takes a number of seconds, not \"\(text)\"")
                }
                harness.timeout = .milliseconds(Int64(seconds * 1000))
            case "--restarts":
                harness.restartBudget = try Self.count(try value(for: argument), option: argument, minimum: 0)
            case "--batch":
                harness.batchSize = try Self.count(try value(for: argument), option: argument, minimum: 1)
            case "--family":
                let name = try value(for: argument)
                families = (families ?? []).union([try Self.family(named: name)])
            case "--vector":
                selection = VectorSelection(patterns: selection.patterns + VectorSelection(parsing: try value(for: argument)).patterns)
            case "--vectors":
                vectorsDirectory = URL(fileURLWithPath: try value(for: argument), isDirectory: true)
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

    /// The suite: `--vectors DIR`, or the bundled vectors.
    func loadSuite() throws(VectorLoadError) -> VectorSuite {
        if let vectorsDirectory { return try VectorSuite.load(from: vectorsDirectory) }
        return try VectorSuite.bundled()
    }
}
