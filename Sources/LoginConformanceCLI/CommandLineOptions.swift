import Foundation
import LoginConformance

/// The options shared by the subcommands, parsed without dependencies.
struct CommandLineOptions {
    var profile: ConformanceProfile = .documented
    var families: Set<ConformanceFamily>?
    var selection: VectorSelection = .all
    var vectorsDirectory: URL?
    var verbose = false
    var positional: [String] = []

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
            case "--family":
                let name = try value(for: argument)
                families = (families ?? []).union([try Self.family(named: name)])
            case "--vector":
                selection = VectorSelection(patterns: selection.patterns + VectorSelection(parsing: try value(for: argument)).patterns)
            case "--vectors":
                vectorsDirectory = URL(fileURLWithPath: try value(for: argument), isDirectory: true)
            case "--verbose", "-v":
                verbose = true
            default:
                guard !argument.hasPrefix("-") else { throw UsageError(description: "unknown option \(argument)") }
                positional.append(argument)
            }
        }
    }

    static func family(named name: String) throws(UsageError) -> ConformanceFamily {
        guard let family = ConformanceFamily(rawValue: name) else {
            throw UsageError(description: "unknown family \"\(name)\"; use one of: \(ConformanceFamily.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return family
    }

    /// The suite: `--vectors DIR`, or the bundled vectors.
    func loadSuite() throws(VectorLoadError) -> VectorSuite {
        if let vectorsDirectory { return try VectorSuite.load(from: vectorsDirectory) }
        return try VectorSuite.bundled()
    }
}
