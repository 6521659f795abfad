import Foundation
import LoginConformance
import LoginConformanceReference

/// `login-conformance bench`: how cheap the toolkit is to run, measured in this process (BENCHMARKS.md).
///
/// Machines are shared and noisy, so wherever a comparison exists the result is a ratio of two measurements taken
/// in the same run, interleaved; absolute times are medians over repeats. Nothing here is an assertion: a missed
/// target is printed as such and the command still exits 0. The measurements that need the outside world (clean
/// build times, the Swift Testing runner's wall time) are driven by `Scripts/bench.sh`.
struct BenchCommand {
    let output: CommandOutput

    struct Options {
        /// Fewer repeats and smaller harness runs: the CI smoke check.
        var quick = false
        var trivialAdapter = "python3 Tests/Adapters/trivial_adapter.py"
        var referenceAdapter = "python3 Examples/PythonAdapter/reference_adapter.py"
        var harness = true
        var scales = [1, 10, 100]
        var vectorsDirectory: URL?

        init(parsing arguments: [String]) throws(CommandLineOptions.UsageError) {
            var remaining = arguments[...]
            func value(for option: String) throws(CommandLineOptions.UsageError) -> String {
                guard let value = remaining.popFirst() else {
                    throw CommandLineOptions.UsageError(description: "\(option) needs a value")
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
                case "--scales":
                    let text = try value(for: argument)
                    let parsed = text.split(separator: ",").compactMap { Int($0) }
                    guard !parsed.isEmpty, parsed.allSatisfy({ $0 >= 1 }) else {
                        throw CommandLineOptions.UsageError(description: "--scales takes factors like 1,10,100, not \"\(text)\"")
                    }
                    scales = parsed
                default:
                    throw CommandLineOptions.UsageError(description: "bench: unknown argument \(argument)")
                }
            }
        }
    }

    /// One line of the closing summary table.
    private struct Row {
        let name: String
        let result: String
        let target: String
        let met: String
    }

    func run(_ arguments: [String]) -> ExitCode {
        let options: Options
        do {
            options = try Options(parsing: arguments)
        } catch {
            output.problem("error: \(error.description)\n\n\(CommandLineTool.usage)")
            return .configurationProblem
        }
        #if DEBUG
        let configuration = "debug"
        #else
        let configuration = "release"
        #endif
        output.line("login-conformance bench (\(configuration) build\(options.quick ? ", quick" : ""); "
            + "\(ProcessInfo.processInfo.activeProcessorCount) cores)")
        if configuration == "debug" {
            output.line("note: a debug build; the numbers in BENCHMARKS.md are from `swift build -c release`")
        }
        var rows: [Row] = []
        do {
            let (suite, loadRow) = try loading(options)
            rows.append(loadRow)
            rows.append(engineOverhead(suite, options))
            rows.append(contentsOf: parameterizedSizes(suite))
            rows.append(scaling(suite, options))
            if options.harness {
                rows.append(contentsOf: harness(suite, options))
            }
        } catch let error as VectorLoadError {
            output.problem("vector error: \(error.description)")
            return .configurationProblem
        } catch {
            output.problem("error: \(error)")
            return .configurationProblem
        }
        output.line()
        output.line("| benchmark | result | target | met |")
        output.line("| --- | --- | --- | --- |")
        for row in rows {
            output.line("| \(row.name) | \(row.result) | \(row.target) | \(row.met) |")
        }
        return .passed
    }

    // MARK: 2. Vector loading

    private func loading(_ options: Options) throws -> (VectorSuite, Row) {
        section("2. Vector loading: VectorSuite.load of every vector file (read, strict decode, ID and changelog checks)")
        let clock = ContinuousClock()
        let start = clock.now
        let suite = try options.vectorsDirectory.map(VectorSuite.load(from:)) ?? VectorSuite.bundled()
        let first = clock.now - start
        let times = (0..<(options.quick ? 5 : 20)).map { _ in
            Self.time { _ = try? VectorSuite.load(from: suite.directory) }
        }
        let median = Self.median(times)
        output.line("  \(suite.vectors.count) vectors in \(suite.families.count) files (suite \(suite.suiteVersion))")
        output.line("  first load in this process: \(Self.ms(first)) · median of \(times.count) more: \(Self.ms(median)) · min \(Self.ms(times.min()!))")
        return (suite, Row(name: "2. vector loading (\(suite.vectors.count) vectors)", result: "\(Self.ms(median)) median (first \(Self.ms(first)))",
                           target: "well under 50 ms", met: Self.seconds(median) < 0.025 ? "yes" : (Self.seconds(median) < 0.05 ? "under 50 ms" : "NO")))
    }

    // MARK: 1. Engine overhead

    private func engineOverhead(_ suite: VectorSuite, _ options: Options) -> Row {
        section("1. Engine overhead: ConformanceEngine.run against the reference, both profiles, vs a hand-written loop")
        output.line("  (the loop calls the same reference functions on the same decoded inputs, judged by the same Family.conforms)")
        let engine = ConformanceEngine(suite: suite)
        let profiles = ConformanceProfile.allCases
        let references = profiles.map(ReferenceImplementation.init(profile:))
        // The families the hand-written loop knows; a family added later joins both sides once the loop calls it.
        let families = TypedVectors.families.intersection(suite.families)
        let typed = profiles.map { TypedVectors(suite.vectors(for: $0, families: families)) }
        var engineTimes: [Duration] = [], loopTimes: [Duration] = []
        var enginePassed = 0, loopPassed = 0
        let repeats = options.quick ? 5 : 21
        for _ in 0..<repeats {  // interleaved, so drift on a shared machine hits both sides alike
            engineTimes.append(Self.time {
                enginePassed = 0
                for (profile, reference) in zip(profiles, references) {
                    let run = try? engine.run(reference, profile: profile, families: families)
                    enginePassed += run?.totals.passed ?? 0
                }
            })
            loopTimes.append(Self.time {
                loopPassed = 0
                for (vectors, reference) in zip(typed, references) {
                    loopPassed += vectors.handWrittenLoop(reference)
                }
            })
        }
        let count = typed.map(\.count).reduce(0, +)
        let engineMedian = Self.median(engineTimes), loopMedian = Self.median(loopTimes)
        let ratio = Self.seconds(engineMedian) / Self.seconds(loopMedian)
        output.line("  \(count) vector runs per pass (documented + ios-sdk; \(families.sorted().map(\.rawValue).joined(separator: ", "))), \(repeats) passes each")
        output.line("  engine: median \(Self.ms(engineMedian)) (\(Self.perThousand(engineMedian, count)) per 1,000) · \(enginePassed) passed")
        output.line("  loop:   median \(Self.ms(loopMedian)) (\(Self.perThousand(loopMedian, count)) per 1,000) · \(loopPassed) passed")
        output.line("  ratio engine / loop: \(Self.fixed(ratio, 2))×")
        if enginePassed != loopPassed {
            output.problem("warning: the engine passed \(enginePassed) vectors, the loop \(loopPassed)")
        }
        return Row(name: "1. engine overhead (\(count) vectors)", result: "\(Self.fixed(ratio, 2))× (\(Self.ms(engineMedian)) vs \(Self.ms(loopMedian)))",
                   target: "≤ 1.2×", met: ratio <= 1.2 ? "yes" : "NO")
    }

    // MARK: 3 (in process). Parameterized test sizes

    private func parameterizedSizes(_ suite: VectorSuite) -> [Row] {
        section("3. Swift Testing: cases per parameterized test (ConformanceCases.family, one test per family and profile)")
        var largest = 0, total = 0
        for profile in ConformanceProfile.allCases {
            let sizes = suite.families.map { family in (family, suite.vectors(for: profile, families: [family]).count) }
            output.line("  \(profile.rawValue): " + sizes.map { "\($0.0.rawValue) \($0.1)" }.joined(separator: ", "))
            largest = max(largest, sizes.map(\.1).max() ?? 0)
            total += sizes.map(\.1).reduce(0, +)
        }
        output.line("  \(total) cases in all; the largest parameterized test has \(largest) (the wall time: Scripts/bench.sh)")
        return [Row(name: "3. largest parameterized test", result: "\(largest) cases (\(total) in all)", target: "≤ 2,000 cases",
                    met: largest <= 2_000 ? "yes" : "NO")]
    }

    // MARK: 6. Scaling

    private func scaling(_ suite: VectorSuite, _ options: Options) -> Row {
        section("6. Scaling: the engine (evaluate, then the run's totals, families and problems) over replicated vectors")
        let profile = ConformanceProfile.documented
        let reference = ReferenceImplementation(profile: profile)
        let base = suite.vectors(for: profile)
        var perThousand: [(Int, Int, Double)] = []
        for factor in options.scales {
            let vectors = Self.replicate(base, factor)
            let repeats = vectors.count > 50_000 ? (options.quick ? 1 : 3) : (options.quick ? 3 : 7)
            let times = (0..<repeats).map { _ in
                Self.time {
                    let run = ConformanceRun(suiteVersion: suite.suiteVersion, profile: profile,
                                             results: vectors.map { ConformanceEngine.evaluate($0, against: reference) })
                    _ = (run.totals, run.familySummaries, run.problems, run.verdict)
                }
            }
            let best = times.min()!
            let cost = Self.seconds(best) * 1000 * 1000 / Double(vectors.count)
            perThousand.append((factor, vectors.count, cost))
            output.line("  \(String(factor).leftPadded(4))× \(String(vectors.count).leftPadded(7)) vectors: \(Self.ms(best)) (best of \(repeats)) · \(Self.fixed(cost, 2)) ms per 1,000")
        }
        let growth = perThousand.count > 1 ? perThousand.last!.2 / perThousand.first!.2 : 1
        output.line("  cost per vector at \(perThousand.last!.0)× ÷ at \(perThousand.first!.0)×: \(Self.fixed(growth, 2)) (1.00 is perfectly linear)")
        return Row(name: "6. scaling \(perThousand.map { "\($0.0)×" }.joined(separator: "/"))",
                   result: perThousand.map { "\(Self.fixed($0.2, 2))" }.joined(separator: " / ") + " ms per 1,000",
                   target: "linear", met: growth <= 1.5 ? "yes (\(Self.fixed(growth, 2)))" : "NO (\(Self.fixed(growth, 2)))")
    }

    // MARK: 4. Harness throughput

    private func harness(_ suite: VectorSuite, _ options: Options) -> [Row] {
        section("4. Harness throughput: HarnessRunner over JSON Lines (start and handshake not counted)")
        var rows: [Row] = []
        let profile = ConformanceProfile.documented
        let base = suite.vectors(for: profile)
        let trivialVectors = Self.replicate(base.filter { TypedVectors.families.contains($0.family) }, options.quick ? 2 : 10)
        let trivialBatches = options.quick ? [1, 256] : [1, 16, 256]
        var bestTrivial: Double = 0
        for batch in trivialBatches {
            guard let measured = throughput(options.trivialAdapter, trivialVectors, batch: batch) else { continue }
            bestTrivial = max(bestTrivial, measured)
            rows.append(Row(name: "4. harness, trivial adapter, batch \(batch)", result: "\(Self.grouped(measured)) vectors/s",
                            target: "≥ 20,000/s", met: measured >= 20_000 ? "yes" : "NO"))
        }
        for batch in options.quick ? [64] : [1, 64] {
            guard let measured = throughput(options.referenceAdapter, base, batch: batch) else { continue }
            rows.append(Row(name: "4. harness, Python reference adapter, batch \(batch)", result: "\(Self.grouped(measured)) vectors/s",
                            target: "(no target)", met: "—"))
        }
        if let alone = adapterAlone(options.trivialAdapter, trivialVectors) {
            rows.append(Row(name: "4. trivial adapter alone (no runner)", result: "\(Self.grouped(alone)) vectors/s",
                            target: "(its ceiling)", met: "—"))
        }
        output.line("  (the trivial adapter answers {\"result\":\"valid\"} to everything: a failure or, outside the nonce family,"
            + " an answer of the wrong shape, an error; that is the point, it measures the runner, not an implementation)")
        runnerSplit(trivialVectors)
        return rows
    }

    /// Vectors per second through the runner, or `nil` (with a note) when the adapter cannot be run.
    private func throughput(_ command: String, _ allVectors: [any ConformanceVector], batch: Int) -> Double? {
        let runner = HarnessRunner(command: command, options: HarnessOptions(timeout: .seconds(30), restartBudget: 0, batchSize: batch))
        let clock = ContinuousClock()
        let startedAt = clock.now
        let vectors: [any ConformanceVector]
        do {
            let capabilities = try runner.start().capabilities
            vectors = allVectors.filter { capabilities.contains($0.family) }  // the others are skipped, never sent
        } catch {
            output.line("  \(command): not measured: \(error)")
            return nil
        }
        let startup = clock.now - startedAt
        var results: [VectorResult] = []
        var failure: HarnessFailure?
        let elapsed = Self.time { (results, failure) = runner.run(vectors) }
        runner.stop()
        let counts = FamilySummary.Counts.of(results)
        let rate = Double(vectors.count) / Self.seconds(elapsed)
        output.line("  \(command) --batch \(batch): \(vectors.count) vectors in \(Self.ms(elapsed)) → \(Self.grouped(rate)) vectors/s"
            + " (start \(Self.ms(startup)); \(counts.passed) passed, \(counts.failed) failed, \(counts.errored) errors\(failure.map { "; \($0)" } ?? ""))")
        return rate
    }

    /// The adapter on its own: the same request lines from a file, its output to /dev/null, its start-up time
    /// (an empty run) subtracted. The runner can never beat this.
    private func adapterAlone(_ command: String, _ vectors: [any ConformanceVector]) -> Double? {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("login-conformance-bench-\(getpid())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let full = directory.appendingPathComponent("requests.jsonl"), empty = directory.appendingPathComponent("empty.jsonl")
        var lines = [#"{"type":"start","protocolVersion":1}"#]
        for (index, vector) in vectors.enumerated() {
            lines.append(#"{"type":"run","seq":\#(index + 1),"family":"\#(vector.family.rawValue)","id":\#(Self.jsonString(vector.metadata.id)),"input":\#(vector.inputJSON())}"#)
        }
        lines.append(#"{"type":"stop"}"#)
        do {
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: full)
            try Data((lines[0] + "\n" + lines.last! + "\n").utf8).write(to: empty)
        } catch {
            output.line("  adapter alone: not measured: \(error)")
            return nil
        }
        func best(_ file: URL) -> Duration? {
            var times: [Duration] = []
            for _ in 0..<3 {
                // posix_spawn and waitpid: Foundation's Process.waitUntilExit polls, which blurs short runs.
                let script = "\(command) < \(CommandLineTool.shellQuoted(file.path)) > /dev/null"
                let words: [String] = ["/bin/sh", "-c", script]
                let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
                defer { arguments.forEach { free($0) } }
                var child: pid_t = 0, status: Int32 = 0
                let elapsed = Self.time {
                    guard posix_spawn(&child, "/bin/sh", nil, nil, arguments, environ) == 0 else { status = -1; return }
                    while waitpid(child, &status, 0) < 0 && errno == EINTR {}
                }
                guard status == 0 else { return nil }
                times.append(elapsed)
            }
            return times.min()
        }
        guard let fullTime = best(full), let emptyTime = best(empty) else {
            output.line("  adapter alone: \(command) did not run cleanly from a file")
            return nil
        }
        let work = max(Self.seconds(fullTime - emptyTime), 1e-9)
        let rate = Double(vectors.count) / work
        output.line("  \(command) alone, \(vectors.count) requests from a file, output to /dev/null: \(Self.ms(fullTime))"
            + " − start-up \(Self.ms(emptyTime)) → \(Self.grouped(rate)) vectors/s")
        return rate
    }

    /// Where the runner's own time goes per vector, without any adapter: the request line, parsing the answer line,
    /// judging the answer.
    private func runnerSplit(_ vectors: [any ConformanceVector]) {
        let answerLine = #"{"type":"result","seq":12345,"outcome":{"result":"valid"}}"#
        let answer = JSONValue.parse(answerLine)?.objectValue?["outcome"] ?? .null
        let request = Self.time {
            for (index, vector) in vectors.enumerated() {
                let line = #"{"type":"run","seq":\#(index + 1),"family":"\#(vector.family.rawValue)","id":\#(Self.jsonString(vector.metadata.id)),"input":\#(vector.inputJSON())}"#
                precondition(!line.isEmpty)
            }
        }
        let parse = Self.time {
            for _ in vectors { precondition(JSONValue.parse(answerLine) != nil) }
        }
        let judge = Self.time {
            for vector in vectors { _ = vector.judge(answer: answer) }
        }
        output.line("  runner split, µs per vector (in process, no adapter): request line \(Self.micro(request, vectors.count))"
            + " · parse answer \(Self.micro(parse, vectors.count)) · judge answer \(Self.micro(judge, vectors.count))")
    }

    // MARK: Helpers

    private func section(_ title: String) {
        output.line()
        output.line(title)
    }

    /// `vectors` repeated `factor` times, the copies with distinct IDs (`<id>~2`, `<id>~3`…).
    static func replicate(_ vectors: [any ConformanceVector], _ factor: Int) -> [any ConformanceVector] {
        guard factor > 1 else { return vectors }
        var copies = vectors
        copies.reserveCapacity(vectors.count * factor)
        for copy in 2...factor {
            for vector in vectors {
                copies.append((vector as! any BenchReplicable).replica(copy))
            }
        }
        return copies
    }

    static func time(_ body: () -> Void) -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        body()
        return clock.now - start
    }

    static func median(_ times: [Duration]) -> Duration {
        times.sorted()[times.count / 2]
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func ms(_ duration: Duration) -> String {
        let value = seconds(duration) * 1000
        return "\(fixed(value, value < 10 ? 2 : 1)) ms"
    }

    static func perThousand(_ duration: Duration, _ count: Int) -> String {
        "\(fixed(seconds(duration) * 1000 * 1000 / Double(count), 2)) ms"
    }

    static func micro(_ duration: Duration, _ count: Int) -> String {
        fixed(seconds(duration) * 1e6 / Double(count), 2)
    }

    static func fixed(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    static func grouped(_ value: Double) -> String {
        let digits = String(Int(value.rounded()))
        var result = ""
        for (index, character) in digits.reversed().enumerated() {
            if index > 0 && index % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return String(result.reversed())
    }

    static func jsonString(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }
}

/// A vector that can be copied under another ID, for the scaling and throughput runs.
protocol BenchReplicable {
    func replica(_ copy: Int) -> any ConformanceVector
}

extension Vector: BenchReplicable {
    func replica(_ copy: Int) -> any ConformanceVector {
        Vector(metadata: VectorMetadata(id: "\(metadata.id)~\(copy)", description: metadata.description,
                                        severity: metadata.severity, profiles: metadata.profiles, refs: metadata.refs,
                                        rules: metadata.rules),
               input: input, expected: expected)
    }
}

/// One profile's vectors, split by family into typed arrays before timing, for the hand-written loop.
private struct TypedVectors {
    static let families: Set<ConformanceFamily> = [.nonce, .loginConfiguration, .loginResult, .tokenClaims]

    var nonces: [Vector<NonceFamily>] = []
    var configurations: [Vector<LoginConfigurationFamily>] = []
    var results: [Vector<LoginResultFamily>] = []
    var claims: [Vector<TokenClaimsFamily>] = []

    init(_ vectors: [any ConformanceVector]) {
        for vector in vectors {
            switch vector {
            case let vector as Vector<NonceFamily>: nonces.append(vector)
            case let vector as Vector<LoginConfigurationFamily>: configurations.append(vector)
            case let vector as Vector<LoginResultFamily>: results.append(vector)
            case let vector as Vector<TokenClaimsFamily>: claims.append(vector)
            default: preconditionFailure("a vector of an unknown family: \(vector.metadata.id)")
            }
        }
    }

    var count: Int { nonces.count + configurations.count + results.count + claims.count }

    /// Calls the reference directly and judges each answer with the family's rule; returns how many conform.
    func handWrittenLoop(_ reference: ReferenceImplementation) -> Int {
        var passed = 0
        for vector in nonces where NonceFamily.conforms(reference.validateNonce(vector.input.nonce), to: vector.expected, input: vector.input) {
            passed += 1
        }
        for vector in configurations where LoginConfigurationFamily.conforms(reference.makeConfiguration(vector.input), to: vector.expected, input: vector.input) {
            passed += 1
        }
        for vector in results where LoginResultFamily.conforms(reference.resolveLoginResult(vector.input), to: vector.expected, input: vector.input) {
            passed += 1
        }
        for vector in claims where TokenClaimsFamily.conforms(reference.validateClaims(vector.input), to: vector.expected, input: vector.input) {
            passed += 1
        }
        return passed
    }
}

extension FamilySummary.Counts {
    /// Counts over `results` (the initializer is internal to LoginConformance).
    static func of(_ results: [VectorResult]) -> Self {
        ConformanceRun(suiteVersion: "", profile: .documented, results: results).totals
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
