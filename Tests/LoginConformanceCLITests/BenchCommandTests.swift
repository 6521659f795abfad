import Foundation
@testable import LoginConformanceBenchmarks
@testable import LoginConformanceCLI
import LoginConformance
import LoginConformanceHarness
import Testing
import LoginConformanceTestSupport

/// `login-conformance bench` (the LoginConformanceBenchmarks target), in process with small scales: it runs, prints
/// each benchmark and the summary table, and refuses arguments it does not understand. No time is asserted.
@Suite("login-conformance bench")
struct BenchCommandTests {
    static let root = RepositoryPaths.root
    static let trivialAdapter = Python.command + " " + root.appendingPathComponent("Tests/Adapters/trivial_adapter.py").path

    static func bench(_ arguments: String...) -> (ExitCode, CapturedOutput) {
        let captured = CapturedOutput()
        let status = CommandLineTool(output: captured.output).run(["bench"] + arguments)
        return (status, captured)
    }

    @Test("the adapter-alone benchmark replays the runner's own lines: start, a run request per vector, stop")
    func requestLines() throws {
        let suite = try VectorSuite.bundled()
        let vector = try #require(suite.vectors(for: .documented, families: [.loginResult]).first)
        let run = try #require(JSONValue.parse(AdapterRequest.run(vector, sequence: 7))?.objectValue)
        #expect(Set(run.keys) == ["type", "seq", "family", "id", "input"])
        #expect(run["type"]?.stringValue == "run")
        #expect(run["seq"]?.numberValue == 7)
        #expect(run["family"]?.stringValue == "login-result")
        #expect(run["id"]?.stringValue == vector.metadata.id)
        #expect(run["input"] == JSONValue.parse(vector.inputJSON()))
        let start = try #require(JSONValue.parse(AdapterRequest.start)?.objectValue)
        #expect(start["type"]?.stringValue == "start")
        #expect(start["protocolVersion"]?.numberValue == Double(HarnessRunner.protocolVersion))
        #expect(JSONValue.parse(AdapterRequest.stop)?.objectValue?["type"]?.stringValue == "stop")
    }

    @Test("two adapter-alone measurements at once in one process: one's clean-up does not take the other's request file")
    func concurrentAdapterAlone() throws {
        let suite = try VectorSuite.bundled()
        let vectors = Array(suite.vectors(for: .documented, families: [.nonce]).prefix(4))
        @Sendable func silent() -> BenchOutput { BenchOutput(line: { _ in }, problem: { _ in }) }
        // The slow adapter spawns six times, 0.1 s apart; the failing one starts during the first and removes its directory at once. They used to
        // share one directory per process, so the slow one's later spawns found no input and it was "not measured".
        // Threads of their own: the global queue may run two blocking blocks one after the other.
        let measured = CapturedOutput()
        let done = DispatchGroup()
        let slow = Thread {
            let rate = AdapterAloneBenchmark(command: "sleep 0.1; cat > /dev/null", vectors: vectors, output: silent()).run()
            measured.append(out: rate.map { "\($0)" } ?? "not measured")
            done.leave()
        }
        let failing = Thread {
            usleep(30_000)
            _ = AdapterAloneBenchmark(command: "exit 1", vectors: vectors, output: silent()).run()
            done.leave()
        }
        for thread in [slow, failing] {
            done.enter()
            thread.start()
        }
        done.wait()
        print("MEASURED", measured.out); #expect(measured.out.count == 1 && measured.out != ["not measured"],
                "the adapter that reads its input and exits 0 is measured: \(measured.out)")
    }

    @Test("bench refuses an argument it does not understand, with the reason and the usage, exit 2", arguments: [
        (["--scales", "1,x"], #"--scales takes factors like 1,10,100, not "1,x""#),
        (["--scales", "0"], #"--scales takes factors like 1,10,100, not "0""#),
        (["--scales"], "--scales needs a value"),
        (["--trivial-adapter"], "--trivial-adapter needs a value"),
        (["--harness-runs", "0"], #"--harness-runs takes a count of 1 or more, not "0""#),
        (["--harness-runs", "two"], #"--harness-runs takes a count of 1 or more, not "two""#),
        (["--fast"], "bench: unknown argument --fast"),
    ])
    func refusesArguments(arguments: [String], message: String) {
        let captured = CapturedOutput()
        let status = CommandLineTool(output: captured.output).run(["bench"] + arguments)
        #expect(status == .configurationProblem)
        #expect(captured.error.first?.hasPrefix("error: \(message)\n\nUSAGE: login-conformance") == true, "\(captured.error)")
        #expect(captured.out.isEmpty)
    }

    @Test("bench --vectors with a directory that holds no suite is a vector error, exit 2, nothing measured")
    func missingVectors() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-no-vectors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (status, captured) = Self.bench("--quick", "--no-harness", "--vectors", directory.path)
        #expect(status == .configurationProblem)
        #expect(captured.error.first?.hasPrefix("vector error: ") == true, "\(captured.error)")
        #expect(captured.tableRows.isEmpty)
    }
}

/// The benchmarks themselves, at small scales (the slow command, ``SlowCommand``): loading, the engine, the test
/// sizes and the harness through Python adapters.
@Suite("login-conformance bench, measuring", .slow)
struct BenchCommandSlowTests {
    static let trivialAdapter = BenchCommandTests.trivialAdapter

    @Test("bench --quick --no-harness measures loading, engine overhead, test sizes and scaling, then prints the table")
    func quickInProcess() throws {
        let (status, captured) = BenchCommandTests.bench("--quick", "--no-harness", "--scales", "1,2")
        #expect(status == .passed)
        // The engine and the direct loop agree on how many vectors pass: no warning.
        #expect(captured.error.isEmpty, "\(captured.error)")
        #expect(captured.out.first?.hasPrefix("login-conformance bench (") == true)
        #expect(captured.out.first?.contains(", quick;") == true)

        let suite = try VectorSuite.bundled()
        // The loop covers every family the reference adopts: all but the two that need cryptography.
        let adopted = Set(suite.families).subtracting([.signedToken, .codeChallenge])
        let engineCount = ConformanceProfile.allCases.map { suite.vectors(for: $0, families: adopted).count }.reduce(0, +)
        let largest = ConformanceProfile.allCases.flatMap { profile in
            suite.families.map { suite.vectors(for: profile, families: [$0]).count }
        }.max()!
        let documented = suite.vectors(for: .documented).count

        let rows = captured.tableRows
        #expect(rows.map(\.count) == [4, 4, 4, 4, 4], "five rows of four cells: \(rows)")
        #expect(rows.map { $0.first ?? "" } == [
            "2. vector loading (\(suite.vectors.count) vectors)",
            "2. loading ÷ JSONSerialization parse",
            "1. engine overhead (\(engineCount) vectors)",
            "3. largest parameterized test",
            "6. scaling 1×/2×",
        ])
        #expect(rows[3][1].hasPrefix("\(largest) cases"))
        #expect(rows.allSatisfy { ["yes", "NO", "under 50 ms"].contains($0[3]) || $0[3].hasPrefix("yes (") || $0[3].hasPrefix("NO (") })
        // Scaling ran the documented vectors once, then twice over (the copies under distinct IDs).
        #expect(captured.out.contains { $0.contains("1×") && $0.contains(" \(documented) vectors:") })
        #expect(captured.out.contains { $0.contains("2×") && $0.contains(" \(documented * 2) vectors:") })
        #expect(!captured.out.contains { $0.hasPrefix("4. Harness throughput") })
    }

    @Test("bench --quick through the harness: the trivial adapter at batch 1 and 256, a second adapter, the adapter alone, each the median of --harness-runs runs")
    func quickHarness() throws {
        let (status, captured) = BenchCommandTests.bench("--quick", "--scales", "1", "--trivial-adapter", Self.trivialAdapter,
                                       "--reference-adapter", Self.trivialAdapter, "--harness-runs", "3")
        #expect(status == .passed)
        let suite = try VectorSuite.bundled()
        let trivialCount = 2 * suite.vectors(for: .documented, families: [.nonce, .loginConfiguration, .loginResult, .tokenClaims]).count
        let names = captured.tableRows.map { $0.first ?? "" }
        #expect(names.filter { $0.hasPrefix("4. ") } == [
            "4. harness, trivial adapter, batch 1",
            "4. harness, trivial adapter, batch 256",
            "4. harness, Python reference adapter, batch 64",
            "4. trivial adapter alone (no runner)",
        ], "notes: \(captured.out.filter { $0.contains("alone") || $0.contains("not measured") })")
        // Every vector went through the runner and was answered: none was cut short by a failure.
        for batch in [1, 256] {
            let line = try #require(captured.out.first { $0.contains("--batch \(batch):") && $0.contains("trivial_adapter.py") })
            #expect(line.contains(": \(trivialCount) vectors in "), "\(line)")
            #expect(!line.contains("restarted"), "\(line)")
        }
        // The adapter alone read the runner's own request lines from a file and exited cleanly.
        #expect(captured.out.contains { $0.contains("alone, \(trivialCount) requests from a file") })
        #expect(captured.out.contains { $0.hasPrefix("  runner split, µs per vector") })
        // Each throughput, and the ceiling, is the median of three runs, each run on its own line.
        for batch in [1, 256] {
            #expect(captured.out.filter { $0.contains("trivial_adapter.py --batch \(batch): \(trivialCount) vectors in ") }.count == 3)
            #expect(captured.out.contains { $0.contains("trivial_adapter.py --batch \(batch): median of 3 runs") })
        }
        #expect(captured.out.contains { $0.hasPrefix("  trivial adapter alone: median of 3 runs") })
    }

    @Test("an adapter that cannot be run is noted as not measured, its rows left out; bench still succeeds")
    func adapterThatCannotRun() {
        let (status, captured) = BenchCommandTests.bench("--quick", "--scales", "1", "--trivial-adapter", "exit 1", "--reference-adapter", "exit 1")
        #expect(status == .passed)
        #expect(captured.out.filter { $0.hasPrefix("  exit 1: not measured: the adapter's handshake failed") }.count == 3)
        #expect(captured.out.contains("  adapter alone: exit 1 did not run cleanly from a file"))
        #expect(!captured.tableRows.contains { $0.first?.hasPrefix("4. ") == true })
        #expect(captured.tableRows.count == 5)
    }
}

private extension CapturedOutput {
    /// The summary table's rows (after its header and separator), each split into its four cells.
    var tableRows: [[String]] {
        guard let header = out.firstIndex(of: "| benchmark | result | target | met |") else { return [] }
        return out[(header + 2)...].map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }
}
