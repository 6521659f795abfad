import Foundation
@testable import LoginConformanceCLI
import LoginConformance
import Testing
import LoginConformanceTestSupport

/// The CLI in process: baseline update across families, the printed report, options (the product mutants of
/// Scripts/mutation/product_mutants.json, area cli).
@Suite("Product mutants: CLI")
struct ProductCLITests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    private func cli(_ implementation: any ConformanceSubject, _ arguments: [String]) -> (ExitCode, CapturedOutput) {
        let captured = CapturedOutput()
        let tool = CommandLineTool(output: captured.output) { _ in (implementation, ImplementationInfo(name: "test", language: "swift")) }
        return (tool.run(arguments), captured)
    }

    @Test("baseline update --family X keeps the known failures of every other family, and says how many")
    func updateOneFamily() throws {
        let baselineURL = directory.appendingPathComponent("baseline.json")
        var broken = KnownFailuresImplementation()
        broken.declinedAsRequestedMinusGranted = true
        #expect(cli(broken, ["baseline", "update", "--baseline", baselineURL.path]).0 == .passed)
        let before = try Baseline.load(from: baselineURL)
        let others = before.knownFailures.filter { !$0.key.hasPrefix("nonce::") }
        #expect(!others.isEmpty && others.count < before.knownFailures.count)
        let (status, captured) = cli(broken, ["baseline", "update", "--baseline", baselineURL.path, "--family", "nonce"])
        #expect(status == .passed)
        let after = try Baseline.load(from: baselineURL)
        #expect(after.knownFailures == before.knownFailures)
        #expect(captured.out.last?.contains("(\(others.count) kept from vectors this run did not select)") == true)
    }

    @Test("baseline update refuses a baseline of another profile")
    func updateOtherProfile() throws {
        let baselineURL = directory.appendingPathComponent("baseline.json")
        _ = cli(KnownFailuresImplementation(), ["baseline", "update", "--baseline", baselineURL.path])
        let before = try Data(contentsOf: baselineURL)
        let (status, captured) = cli(KnownFailuresImplementation(), ["baseline", "update", "--baseline", baselineURL.path, "--profile", "ios-sdk"])
        #expect(status == .configurationProblem)
        #expect(captured.error.joined().contains("is the baseline of profile documented, the run is for ios-sdk"))
        #expect(try Data(contentsOf: baselineURL) == before)
    }

    @Test("the printed report: the first 20 blocking results unless --verbose, then how many more; regressions first")
    func printedBlockingResults() throws {
        let (status, captured) = cli(TrimmingNonceValidator(), ["run", "--family", "nonce"])
        #expect(status == .failures)
        let shown = captured.out.filter { $0.hasPrefix("[regression] ") }
        #expect(shown.count == RunReportPrinter.detailLimit)
        let more = try #require(captured.out.first { $0.hasPrefix("… and ") })
        let (_, verbose) = cli(TrimmingNonceValidator(), ["run", "--family", "nonce", "--verbose"])
        let all = verbose.out.filter { $0.hasPrefix("[regression] ") }
        #expect(more == "… and \(all.count - shown.count) more blocking results (--verbose lists them all)")
        #expect(!verbose.out.contains { $0.hasPrefix("… and ") })

        let baselineURL = directory.appendingPathComponent("baseline.json")
        _ = cli(KnownFailuresImplementation(), ["baseline", "update", "--baseline", baselineURL.path])
        var broken = KnownFailuresImplementation()
        broken.declinedAsRequestedMinusGranted = true
        let (_, mixed) = cli(broken, ["run", "--baseline", baselineURL.path, "--verbose"])
        let tags = mixed.out.compactMap { line -> String? in line.hasPrefix("[") ? String(line.prefix { $0 != "]" }) : nil }
        #expect(tags.first == "[regression")
    }

    @Test("the family table: pass, fail, error, skip and total columns in that order, and a total row")
    func table() throws {
        var implementation = KnownFailuresImplementation()
        implementation.nonceThrows = true
        let (_, captured) = cli(implementation, ["run", "--family", "nonce"])
        let run = try ConformanceEngine(suite: VectorSuite.bundled()).run(implementation, profile: .documented, families: [.nonce])
        let counts = run.totals
        #expect(counts.failed > 0 && counts.errored > 0 && counts.failed != counts.errored)
        let header = try #require(captured.out.first { $0.hasPrefix("family ") })
        #expect(header.split(separator: " ") == ["family", "pass", "fail", "error", "skip", "total"])
        for name in ["nonce", "total"] {
            let row = try #require(captured.out.first { $0.hasPrefix(name + " ") }, "\(name) row")
            #expect(row.split(separator: " ").dropFirst() == ["\(counts.passed)", "\(counts.failed)", "\(counts.errored)", "\(counts.skipped)", "\(counts.total)"])
        }
    }

    @Test("a run that checks nothing prints FAILED and exits 2")
    func nothingChecked() {
        let (status, captured) = cli(NotAnImplementation(), ["run", "--family", "nonce"])
        #expect(status == .configurationProblem)
        #expect(captured.out.last?.hasPrefix("FAILED: 0 passed") == true)
    }

    @Test("a non-blocking stale entry is printed as such")
    func staleNotBlocking() throws {
        let (release, previous) = try #require(ProductFixtures.newestRelease { !$0.retired.isEmpty })
        let retired = try #require(release.retired.first).id
        let baseline = Baseline(suiteVersion: previous, profile: .documented, implementation: "x",
                                knownFailures: [retired: .init(kind: .wrongVerdict)])
        let baselineURL = directory.appendingPathComponent("old.json")
        try Data(baseline.fileText().utf8).write(to: baselineURL)
        let (status, captured) = cli(CommandLineTool.reference(.documented).subject, ["run", "--baseline", baselineURL.path, "--family", "nonce"])
        #expect(status == .passed)
        #expect(captured.out.contains { $0.hasPrefix("[stale baseline entry, not blocking] \(retired): retired in suite ") })
    }

    @Test("shell quoting escapes a single quote")
    func shellQuoting() {
        #expect(CommandLineTool.shellQuoted("it's") == #"'it'\''s'"#)
        #expect(CommandLineTool.shellQuoted("plain") == "'plain'")
    }

    @Test("options: counts within their range, --vector * refused, a family file outside the directory refused")
    func options() throws {
        for arguments in [["--batch", "10001"], ["--restarts", "1001"], ["--timeout", "86401"], ["--vector", "*"], ["--vector", "***"]] {
            #expect(throws: CommandLineOptions.UsageError.self, "\(arguments)") { try CommandLineOptions(parsing: arguments) }
        }
        #expect(try CommandLineOptions(parsing: ["--batch", "10000"]).harness.batchSize == 10_000)
        let vectors = try TemporaryVectors(families: ["nonce"])
        let sibling = vectors.directory.path + "-other"
        try FileManager.default.createDirectory(atPath: sibling, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: sibling) }
        let name = (sibling as NSString).lastPathComponent
        try vectors.edit("manifest.json") { manifest in
            var families = manifest["families"] as! [[String: Any]]
            families[0]["file"] = "../\(name)/nonce.json"
            manifest["families"] = families
        }
        let options = try CommandLineOptions(parsing: ["--vectors", vectors.directory.path])
        #expect(throws: CommandLineOptions.UsageError.self) { try options.checkVectorsDirectory() }
    }

    @Test("a stray file with vectors but no family member is warned about")
    func strayFile() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.write("extra.json", #"{"vectors":[]}"#)
        let options = try CommandLineOptions(parsing: ["--vectors", vectors.directory.path])
        #expect(try options.checkVectorsDirectory().count == 1)
    }

    @Test("options that do not apply to the command, and adapter options without --adapter, are refused")
    func refused() throws {
        #expect(throws: CommandLineOptions.UsageError.self) { try CommandLineOptions(parsing: ["--baseline", "b.json"]).validate(for: "list") }
        #expect(throws: CommandLineOptions.UsageError.self) { try CommandLineOptions(parsing: ["--timeout", "5"]).validate(for: "run") }
        try CommandLineOptions(parsing: ["--timeout", "5", "--adapter", "x"]).validate(for: "run")
        #expect(try CommandLineOptions(parsing: ["--profile", "ios-sdk"]).profileGiven)
        #expect(try !CommandLineOptions(parsing: []).profileGiven)
        #expect(try CommandLineOptions(parsing: ["--new-vectors", "block"]).policy == GatePolicy(blockOnNewVectors: true))
        #expect(try CommandLineOptions(parsing: ["--changed-vectors", "block"]).policy == GatePolicy(blockOnChangedVectors: true))
        #expect(try CommandLineOptions(parsing: ["--allow-newly-passing"]).policy == GatePolicy(allowNewlyPassing: true))
        #expect(throws: CommandLineOptions.UsageError.self) { try CommandLineOptions(parsing: ["--profile", "documented", "--profile", "ios-sdk"]) }
        #expect(try CommandLineOptions(parsing: ["--family", "nonce", "--family", "profile"]).families == [.nonce, .profile])
    }

    @Test("--profile contradicting the adapter's claimed profile is a configuration problem")
    func adapterProfile() {
        let command = ScriptedAdapter.command([:])
        let (status, captured) = cli(NotAnImplementation(), ["run", "--adapter", command, "--profile", "ios-sdk", "--family", "nonce"])
        #expect(status == .configurationProblem)
        #expect(captured.error.joined().contains("the adapter claims profile documented but --profile says ios-sdk"))
        #expect(cli(NotAnImplementation(), ["run", "--adapter", command, "--family", "nonce"]).0 != .configurationProblem)
    }

    @Test("smoke fails an adapter that does not exit cleanly at stop")
    func smokeStop() {
        let (clean, _) = cli(NotAnImplementation(), ["smoke", "--adapter", ScriptedAdapter.command([:])])
        #expect(clean == .passed)
        let (status, captured) = cli(NotAnImplementation(), ["smoke", "--adapter", ScriptedAdapter.command(["exit": 3])])
        #expect(status == .implementationUnavailable)
        #expect(captured.out.last == "FAIL  stop: the adapter exited with status 3")
    }

    @Test("smoke fails an adapter that had to be restarted, even when every answer it gave was well formed")
    func smokeRestart() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("exit-once-\(UUID().uuidString)")
        let planFile = FileManager.default.temporaryDirectory.appendingPathComponent("plan-\(UUID().uuidString).json")
        defer { for file in [marker, planFile] { try? FileManager.default.removeItem(at: file) } }
        // Two capabilities: the first process closes its input, answers the first one's vector and exits, so the
        // second vector's request provably never arrives (not blamed); the adapter is restarted and answers it. The
        // plan is in a file, so the command line is simple and the runner execs the adapter (no shell keeps its
        // input open).
        let plan: [String: Any] = ["handshake": ["capabilities": ["nonce", "code-verifier"]], "exitOnce": marker.path]
        try JSONSerialization.data(withJSONObject: plan).write(to: planFile)
        let command = "\(Python.command) \(ScriptedAdapter.scriptURL.path) @\(planFile.path)"
        let (status, captured) = cli(NotAnImplementation(), ["smoke", "--adapter", command])
        #expect(FileManager.default.fileExists(atPath: marker.path), "the first process exited after its first answer")
        #expect(status != .passed, "\(captured.out)")
        #expect(!captured.out.contains { $0.hasPrefix("FAIL  nonce") || $0.hasPrefix("FAIL  code-verifier") },
                "each vector's answer was well formed: only the restart fails smoke \(captured.out)")
        #expect(captured.out.contains { $0.hasPrefix("FAIL  restarts: the adapter had to be restarted 1 time") }, "\(captured.out)")
        // Without the exit, the same adapter passes.
        let (clean, cleanOutput) = cli(NotAnImplementation(), ["smoke", "--adapter", ScriptedAdapter.command(
            ["handshake": ["capabilities": ["nonce", "code-verifier"]]])])
        #expect(clean == .passed, "\(cleanOutput.out)")
    }

    @Test("smoke shows a protocol violation as a failing family, with what the adapter did")
    func smokeViolation() {
        let (status, captured) = cli(NotAnImplementation(), ["smoke", "--adapter", ScriptedAdapter.command(["answers": [["type": "nonsense"]]])])
        #expect(status == .implementationUnavailable)
        let line = captured.out.first { $0.contains("nonce: ") }
        #expect(line?.hasPrefix("FAIL  nonce: ") == true, "\(captured.out)")
        #expect(line?.contains("→ error: the adapter answered with an unknown message type \"nonsense\"") == true, "\(captured.out)")
    }

    @Test("the printed report lists regressions before newly passing vectors, whatever their severity")
    func regressionsFirst() throws {
        let suite = ProductFixtures.suite
        let documented = suite.vectors(for: .documented)
        let low = try #require(documented.first { $0.metadata.severity == .low }).metadata.id
        let critical = try #require(documented.first { $0.metadata.severity == .critical }).metadata.id
        let gate = try ProductFixtures.gate(ProductFixtures.baseline(suite.suiteVersion, [critical: .init(kind: .wrongVerdict)]))
        let report = gate.evaluate(ProductFixtures.run([ProductFixtures.result(critical, .passed),
                                                        ProductFixtures.result(low, ProductFixtures.failed(.wrongVerdict))]),
                                   implementation: ImplementationInfo(name: "x"))
        let captured = CapturedOutput()
        RunReportPrinter(output: captured.output, verbose: false).print(report, rerun: { "rerun \($0)" })
        let tags = captured.out.filter { $0.hasPrefix("[") }.map { String($0.prefix { $0 != "]" }) + "]" }
        #expect(tags == ["[regression]", "[newly passing]"])
    }
}

/// Found by blind round 1 (Scripts/mutation/blind_rounds/round-1.json).
extension ProductCLITests {
    @Test("an option that may be given once is refused the second time under any of its names (-o a --output b)")
    func onceUnderEveryName() throws {
        let once = CommandLineOption.all.filter { !$0.repeatable && $0.names.count > 1 }
        try #require(!once.isEmpty)
        for option in once {
            for (first, second) in [(option.names[0], option.names[1]), (option.names[1], option.names[0])] {
                let value = option.value == nil ? [String]() : ["x"]
                #expect(throws: CommandLineOptions.UsageError.self, "\(first) then \(second)") {
                    _ = try CommandLineOptions(parsing: [first] + value + [second] + value)
                }
            }
        }
    }

    @Test("a repeatable option keeps every value: --vector A --vector B,C selects all three; --family twice both families")
    func repeatedOptionsAccumulate() throws {
        let options = try CommandLineOptions(parsing: ["--vector", "nonce::a::b", "--vector", "nonce::c::d,login-result::*",
                                                       "--family", "nonce", "--family", "login-result"])
        #expect(options.selection.patterns == ["nonce::a::b", "nonce::c::d", "login-result::*"])
        #expect(options.families == [.nonce, .loginResult])
        // And a run with two --vector options runs both vectors.
        let ids = ProductFixtures.ids(.nonce, 2)
        let captured = CapturedOutput()
        let status = CommandLineTool(output: captured.output).run(["list", "--vector", ids[0], "--vector", ids[1]])
        #expect(status == .passed)
        #expect(captured.out.map { String($0.prefix { $0 != "\t" }) } == ids)
    }

    @Test("an adapter claiming ios-sdk without --profile is run under ios-sdk, and each rerun names ios-sdk")
    func adapterProfileWithoutTheOption() throws {
        let target = "nonce::empty::empty-string"
        let command = "\(Python.command) \(RepositoryPaths.hostileAdapter) --profile ios-sdk --invalid-utf8-on \(target)"
        let captured = CapturedOutput()
        let status = CommandLineTool(output: captured.output).run(["run", "--adapter", command, "--family", "nonce"])
        let text = captured.out.joined(separator: "\n")
        #expect(status == .failures, "\(captured.error.joined(separator: "\n"))")
        #expect(captured.out.first?.contains("profile ios-sdk") == true)
        #expect(text.contains("run --profile ios-sdk --vector '\(target)'"), "\(text.prefix(1_000))")
    }
}


/// Found by blind round 3 (Scripts/mutation/blind_rounds/round-3.json).
extension ProductCLITests {
    @Test("the terminal's per-family table puts each count under its own column (pass, fail, error, skip, total)")
    func terminalTableColumns() throws {
        typealias F = ProductFixtures
        // 4 passed, 1 failed, 2 errored, 3 skipped: every count distinct.
        let ids = F.ids(.nonce, 10)
        let results = ids.enumerated().map { index, id -> VectorResult in
            switch index {
            case 0..<4: F.result(id, .passed)
            case 4: F.result(id, F.failed(.wrongVerdict))
            case 5..<7: F.result(id, .errored(message: "threw"))
            default: F.result(id, .skipped(reason: "not adopted"))
            }
        }
        let report = try F.gate(nil).evaluate(F.run(results), implementation: ImplementationInfo(name: "x"))
        let captured = CapturedOutput()
        RunReportPrinter(output: captured.output, verbose: false).print(report, rerun: { $0 })
        func cells(_ line: String) -> [String] { line.split(separator: " ").map(String.init) }
        let header = try #require(captured.out.first { cells($0).first == "family" })
        for name in ["nonce", "total"] {
            let row = try #require(captured.out.first { cells($0).first == name }, "\(captured.out)")
            let cell = Dictionary(uniqueKeysWithValues: zip(cells(header), cells(row)))
            #expect(cell["pass"] == "4" && cell["fail"] == "1" && cell["error"] == "2" && cell["skip"] == "3"
                    && cell["total"] == "10", "\(header)\n\(row)")
        }
    }
}
