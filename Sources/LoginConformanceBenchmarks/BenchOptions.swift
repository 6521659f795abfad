import Foundation

/// The options of `login-conformance bench` (its line in `login-conformance help`; BENCHMARKS.md).
package struct BenchOptions: Sendable, Hashable {
    /// Fewer repeats and smaller harness runs: the CI smoke check.
    package var quick = false
    /// The adapter whose throughput measures the runner: it answers at once, whatever it is asked.
    package var trivialAdapter = "python3 Tests/Adapters/trivial_adapter.py"
    /// A real adapter, for a throughput with an implementation behind it.
    package var referenceAdapter = "python3 Examples/PythonAdapter/reference_adapter.py"
    /// Whether the harness benchmarks (which start adapters) run.
    package var harness = true
    /// How many times each harness throughput (and the trivial adapter alone) is measured: its median is reported,
    /// with the range when more than one (a run is about 100 ms, so one run is at the mercy of the machine).
    package var harnessRuns = 1
    /// The replication factors of the scaling benchmark.
    package var scales = [1, 10, 100]
    /// The replication factors of the whole-run benchmark (the suite written to disk; `--quick`: 1,2).
    package var runScales = [1, 20]
    /// The CLI the whole-run benchmark starts, when `bench` does not run as `login-conformance` itself.
    package var cli: String?
    /// The vectors to measure, instead of the bundled ones.
    package var vectorsDirectory: URL?

    /// The defaults.
    package init() {}

    /// Reads `bench`'s arguments (without the command name).
    package init(parsing arguments: [String]) throws(BenchUsageError) {
        var remaining = arguments[...]
        var runScalesGiven = false
        func value(for option: String) throws(BenchUsageError) -> String {
            guard let value = remaining.popFirst() else {
                throw BenchUsageError(description: "\(option) needs a value")
            }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--no-harness": harness = false
            case "--trivial-adapter": trivialAdapter = try value(for: argument)
            case "--reference-adapter": referenceAdapter = try value(for: argument)
            case "--vectors": vectorsDirectory = URL(fileURLWithPath: try value(for: argument), isDirectory: true)
            case "--scales": scales = try Self.factors(try value(for: argument), option: argument)
            case "--run-scales":
                runScales = try Self.factors(try value(for: argument), option: argument)
                runScalesGiven = true
            case "--harness-runs":
                let text = try value(for: argument)
                guard let runs = Int(text), runs >= 1 else {
                    throw BenchUsageError(description: "\(argument) takes a count of 1 or more, not \"\(text)\"")
                }
                harnessRuns = runs
            case "--cli": cli = try value(for: argument)
            default:
                throw BenchUsageError(description: "bench: unknown argument \(argument)")
            }
        }
        if quick && !runScalesGiven { runScales = [1, 2] }
    }

    /// Replication factors like `1,10,100`: at least one, each 1 or more.
    private static func factors(_ text: String, option: String) throws(BenchUsageError) -> [Int] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let parsed = parts.compactMap { Int($0) }
        guard !parsed.isEmpty, parsed.count == parts.count, parsed.allSatisfy({ $0 >= 1 }) else {
            throw BenchUsageError(description: "\(option) takes factors like 1,10,100, not \"\(text)\"")
        }
        return parsed
    }
}
