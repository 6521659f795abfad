import Foundation
@testable import LoginConformance
@testable import LoginConformanceHarness
@testable import LoginConformanceCLI
import Testing
import LoginConformanceTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The verdict under faults (the runner's defects 1, 2, 3, 8, 9 and 10): a stuck reader never hangs the runner, an
/// adapter that exits unasked is never a pass, an interrupt is never a pass, a descendant that leaves the process
/// group does not outlive the run, an adapter holds none of the host's descriptors, a handshake listing a
/// capability twice is noticed. Each hostile adapter runs
/// under an outer bound computed from the timeout, the vector count and the restart budget.
@Suite("Runner faults: a true verdict, in bounded time")
struct RunnerFaultTests {
    let suite: VectorSuite
    fileprivate let first = "nonce::empty::empty-string"

    init() throws {
        suite = try VectorSuite.bundled()
    }

    fileprivate func hostile(_ flags: String) -> String {
        "\(Python.command) \(RepositoryPaths.hostileAdapter) \(flags)"
    }

    /// Runs `vectors` through `command` on another thread and waits at most `bound`; a run still going then is
    /// interrupted (so the test ends) and recorded as the defect it is. The waits are awaited (``offThePool(_:)``):
    /// a hostile adapter's run is mostly waiting.
    fileprivate func runBounded(
        _ command: String, _ vectors: [any ConformanceVector], options: HarnessOptions, bound: Duration
    ) async throws -> (results: [VectorResult], failure: HarnessFailure?, incidents: [RunIncident]) {
        let runner = HarnessRunner(command: command, options: options)
        try await offThePool { try runner.start() }
        let finished = DispatchSemaphore(value: 0)
        /// The runner is used by one thread at a time: the run's, then (after the semaphore) this one.
        final class Handoff: @unchecked Sendable {
            let runner: HarnessRunner
            let vectors: [any ConformanceVector]
            var outcome: (results: [VectorResult], failure: HarnessFailure?)?
            init(_ runner: HarnessRunner, _ vectors: [any ConformanceVector]) { self.runner = runner; self.vectors = vectors }
        }
        let handoff = Handoff(runner, vectors)
        Thread {
            handoff.outcome = handoff.runner.run(handoff.vectors)
            finished.signal()
        }.start()
        if try await offThePool({ finished.wait(timeout: .now() + AdapterProcess.seconds(bound)) == .timedOut }) {
            Issue.record("the run did not end within its bound of \(bound)")
            runner.interrupter.interrupt(signal: SIGTERM)
            try await offThePool { finished.wait() }
        }
        try await offThePool { runner.stop() }
        let (results, failure) = try #require(handoff.outcome)
        return (runner.amended(results), failure, runner.incidents)
    }

    /// The bound a run must end within: each restart costs at most a start and two timeouts (a stalled write,
    /// then a read), plus a margin for the adapter's interpreter.
    fileprivate func bound(_ options: HarnessOptions, vectors: Int) -> Duration {
        let perRestart = options.timeout * 2 + .seconds(5)
        return perRestart * (options.restartBudget + 2) + .milliseconds(vectors * 5)
    }

    // MARK: defect 1: every write has a deadline

    @Test("one request over 64 KiB to an adapter that reads nothing: a hang naming the stalled write, not a block")
    func stuckReaderLongRequest() async throws {
        let sized = suite.vectors(for: .documented).map { (vector: $0, bytes: $0.inputJSON().utf8.count) }
        let long = try #require(sized.max { $0.bytes < $1.bytes })
        try #require(long.bytes > 64 * 1024, "the suite has a request over 64 KiB")
        let options = HarnessOptions(timeout: .seconds(1), restartBudget: 2)
        let (results, failure, _) = try await runBounded(hostile("--stop-reading"), [long.vector], options: options,
                                                   bound: bound(options, vectors: 1))
        #expect(failure == nil)
        guard case .hung(let message)? = results.first?.outcome else {
            Issue.record("expected a hang, got \(String(describing: results.first?.outcome))")
            return
        }
        #expect(message.contains("stopped reading its input"), "\(message)")
    }

    // MARK: a batch is a window

    @Test("--batch N is a window: more than N/2 requests unanswered while any is left to send, the next half sent as half are answered; an adapter that answers a request only after reading the N/2 after it finishes, and hangs under a window of 2 × (N/2) − 1", arguments: [2, 3, 16])
    func batchIsAWindow(batch: Int) async throws {
        let vectors = Array(suite.vectors(for: .documented, families: [.nonce]).prefix(3 * batch + 1))
        let adapter = hostile("--read-ahead \(batch / 2) \(vectors.count)")
        let options = HarnessOptions(timeout: .seconds(2), restartBudget: 0, batchSize: batch)
        let (results, failure, incidents) = try await runBounded(adapter, vectors, options: options,
                                                           bound: bound(options, vectors: vectors.count))
        #expect(failure == nil && incidents.isEmpty, "\(String(describing: failure)) \(incidents)")
        #expect(results.allSatisfy { !$0.outcome.isProblem }, "\(results.filter(\.outcome.isProblem).map { "\($0.id): \($0.outcome.summary)" })")
        // A window that may leave fewer unanswered than it reads ahead: it waits for a request the runner holds back
        // until an answer comes, a hang; with no restart allowed, the run is cut short.
        let narrower = 2 * (batch / 2) - 1
        let narrow = HarnessOptions(timeout: .milliseconds(500), restartBudget: 0, batchSize: narrower)
        let (held, heldFailure, _) = try await runBounded(adapter, vectors, options: narrow, bound: bound(narrow, vectors: vectors.count))
        #expect(heldFailure != nil, "under --batch \(narrower) the run should be cut short")
        let problems = held.filter(\.outcome.isProblem).count
        #expect(problems > 0, "under --batch \(narrower) every vector passed")
    }

    // MARK: defect 3: an adapter that exits unasked

    @Test("an adapter that exits right after answering: no vector blamed, the exit is an incident, never a pass",
          arguments: [1, 16])
    func exitAfterAnswering(batch: Int) async throws {
        let vectors = suite.vectors(for: .documented, families: [.nonce])
        let options = HarnessOptions(timeout: .seconds(10), batchSize: batch)
        let (results, failure, incidents) = try await runBounded(hostile("--exit-after \(first)"), vectors, options: options,
                                                           bound: bound(options, vectors: vectors.count))
        #expect(failure == nil)
        // The next vector's request never arrived (the adapter closed its input first): it is run again, not blamed.
        #expect(results.allSatisfy { !$0.outcome.isProblem }, "\(results.filter(\.outcome.isProblem).map(\.id))")
        let exit = try #require(incidents.first)
        #expect(incidents.count == 1 && exit.kind == .adapterExited)
        #expect(exit.message.contains("exited with status 0") && exit.message.contains(first), "\(exit.message)")
        let run = ConformanceRun(suiteVersion: suite.suiteVersion, profile: .documented, results: results, incidents: incidents)
        #expect(run.verdict == .faulted)
    }

    @Test("the CLI: an adapter that exits unasked is FAULTED with exit 3 in the terminal, the JSON and the Markdown")
    func exitAfterAnsweringCLI() throws {
        let directory = try ScratchDirectory.folder(prefix: "runner-faults")
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = directory.appendingPathComponent("results.json"), markdown = directory.appendingPathComponent("summary.md")
        let captured = CapturedOutput()
        let status = CommandLineTool(output: captured.output).run([
            "run", "--family", "nonce", "--batch", "16", "--report-json", json.path, "--report-markdown", markdown.path,
            "--adapter", hostile("--exit-after \(first)")])
        #expect(status == .implementationUnavailable)
        #expect(captured.out.last?.hasPrefix("FAULTED: ") == true, "\(captured.out.last ?? "")")
        #expect(captured.out.contains { $0.hasPrefix("[adapterExited] the adapter exited with status 0") })
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        #expect(document["verdict"] as? String == "faulted")
        let incidents = try #require(document["incidents"] as? [[String: Any]])
        #expect(incidents.map { $0["kind"] as? String } == ["adapterExited"])
        #expect(try String(contentsOf: markdown, encoding: .utf8).contains("**Gate: FAULTED**"))
    }

    @Test("a baseline is not written from a run with an incident")
    func noBaselineFromAFaultedRun() throws {
        let directory = try ScratchDirectory.folder(prefix: "runner-faults")
        defer { try? FileManager.default.removeItem(at: directory) }
        let baseline = directory.appendingPathComponent("baseline.json")
        let captured = CapturedOutput()
        let status = CommandLineTool(output: captured.output).run([
            "baseline", "update", "--baseline", baseline.path, "--family", "nonce",
            "--adapter", hostile("--exit-after \(first)")])
        #expect(status == .implementationUnavailable)
        #expect(!FileManager.default.fileExists(atPath: baseline.path))
        #expect(captured.errorText.contains("the baseline was not written"))
    }

    // MARK: defect 2: an interrupted run is never passed

    @Test("an interrupt in process: the run's verdict is interrupted, with the signal and the count not run")
    func interruptedVerdict() throws {
        let vectors = suite.vectors(for: .documented, families: [.nonce])
        let target = "nonce::shape::seeds-example-123"
        let runner = HarnessRunner(command: hostile("--hang-on \(target)"),
                                   options: HarnessOptions(timeout: .seconds(60), terminationGrace: .milliseconds(200)))
        try runner.start()
        DispatchQueue.global().asyncAfter(deadline: .now() + 1.5) { [interrupter = runner.interrupter] in
            interrupter.interrupt(signal: SIGINT)
        }
        let (results, _) = runner.run(vectors)
        runner.stop()
        let run = ConformanceRun(suiteVersion: suite.suiteVersion, profile: .documented, results: results,
                                 incidents: runner.incidents)
        #expect(run.verdict == .interrupted)
        let incident = try #require(runner.incidents.first)
        #expect(incident.kind == .interrupted && incident.signal == "SIGINT")
        let notRun = results.filter { if case .skipped(let reason) = $0.outcome { reason.hasPrefix("not run:") } else { false } }
        #expect(incident.notRun == notRun.count && notRun.count > 0)
        let gate = try ConformanceGate(suite: suite, profile: .documented, baseline: nil)
        let report = gate.evaluate(run, implementation: ImplementationInfo(name: "hostile"))
        #expect(report.verdict == .interrupted)
        #expect(MarkdownReport.render(report, rerun: { $0 }).contains("**Gate: INTERRUPTED** — by SIGINT; \(notRun.count) selected vectors not run"))
        let printed = CapturedOutput()
        RunReportPrinter(output: printed.output, verbose: false).print(report, rerun: { $0 })
        #expect(printed.out.last?.hasPrefix("INTERRUPTED: ") == true)
        #expect(!printed.out.contains { $0.hasPrefix("PASSED") })
    }

    // MARK: defect 9: descendants that leave the process group

    @Test("a child that calls setsid() does not outlive the run")
    func setsidDescendant() async throws {
        let directory = try ScratchDirectory.folder(prefix: "runner-faults")
        defer { try? FileManager.default.removeItem(at: directory) }
        let pidFile = directory.appendingPathComponent("adapter.pid")
        let vectors = suite.vectors(for: .documented, families: [.nonce])
        let options = HarnessOptions(timeout: .seconds(10))
        let (results, _, _) = try await runBounded(
            hostile("--setsid-child-on \(first) --pid-file \(pidFile.path)"), vectors, options: options,
            bound: bound(options, vectors: vectors.count))
        #expect(results.allSatisfy { !$0.outcome.isProblem })
        let text = try String(contentsOf: pidFile, encoding: .utf8)
        let child = try #require(text.split(separator: "\n").first { $0.hasPrefix("child ") }.flatMap { pid_t($0.dropFirst(6)) })
        let deadline = Date(timeIntervalSinceNow: 10)
        while Date() < deadline, Self.isAlive(child) { usleep(50_000) }
        #expect(!Self.isAlive(child), "the setsid() child \(child) outlived the run")
        if Self.isAlive(child) { kill(child, SIGKILL) }
    }

    // MARK: defect 10: the host's descriptors

    @Test("an adapter inherits none of the host's descriptors but its three pipes (one left open would hold another process's output open)")
    func noInheritedDescriptors() throws {
        // A pipe as a host makes it (Foundation's `Pipe`, a test's `pipe()`): not close-on-exec. Moved to numbers
        // above any the adapter's shell opens itself: `ls` reads /dev/fd through the lowest free descriptor, which
        // in a process with few open is the very number the pipe had, and would read as inherited.
        var made: [Int32] = [-1, -1]
        try #require(pipe(&made) == 0)
        let host = made.map { fcntl($0, F_DUPFD, 200) }
        made.forEach { close($0) }
        try #require(host.allSatisfy { $0 >= 200 })
        defer { host.forEach { close($0) } }
        let directory = try ScratchDirectory.folder(prefix: "runner-faults")
        defer { try? FileManager.default.removeItem(at: directory) }
        let listing = directory.appendingPathComponent("descriptors")
        // The shell lists its descriptors (its own directory read is the one above 2 that `ls` opens), then
        // becomes the reference adapter.
        let command = "ls /dev/fd/ > \(listing.path); exec \(Python.command) \(RepositoryPaths.referenceAdapter)"
        let runner = HarnessRunner(command: command)
        _ = try runner.start()
        #expect(runner.stop() == .exited(status: 0))
        let open = try String(contentsOf: listing, encoding: .utf8).split(separator: "\n").compactMap { Int32($0) }
        #expect(!open.contains(host[0]) && !open.contains(host[1]),
                "the adapter inherited the host's pipe \(host) (its descriptors: \(open))")
        #expect(open.filter { $0 > 2 }.count <= 1, "descriptors above 2 in the adapter: \(open)")
    }

    @Test("the CLI adopts an adapter's daemon (double fork, setsid, orphaned at once) and stops it with the run")
    func orphanedDaemon() throws {
        try #require(FileManager.default.isExecutableFile(atPath: RepositoryPaths.cliBinary), "build the CLI first")
        let directory = try ScratchDirectory.folder(prefix: "runner-faults")
        defer { try? FileManager.default.removeItem(at: directory) }
        let pidFile = directory.appendingPathComponent("adapter.pid")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: RepositoryPaths.cliBinary)
        process.arguments = ["run", "--family", "nonce", "--adapter", hostile("--daemon-on \(first) --pid-file \(pidFile.path)")]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let text = try String(contentsOf: pidFile, encoding: .utf8)
        let daemon = try #require(text.split(separator: "\n").first { $0.hasPrefix("child ") }.flatMap { pid_t($0.dropFirst(6)) })
        let deadline = Date(timeIntervalSinceNow: 10)
        while Date() < deadline, Self.isAlive(daemon) { usleep(50_000) }
        #expect(!Self.isAlive(daemon), "the daemon \(daemon) outlived the run")
        if Self.isAlive(daemon) { kill(daemon, SIGKILL) }
    }

    // MARK: defect 8: a capability listed twice

    @Test("a handshake listing a capability twice: smoke fails, run warns")
    func capabilityTwice() {
        let smoke = CapturedOutput()
        #expect(CommandLineTool(output: smoke.output).run(["smoke", "--adapter", hostile("--capability-twice")]) == .implementationUnavailable)
        #expect(smoke.out.contains { $0.hasPrefix("FAIL  protocol: ") && $0.contains("more than once") && $0.contains("nonce") }, "\(smoke.text)")
        let run = CapturedOutput()
        #expect(CommandLineTool(output: run.output).run(["run", "--family", "nonce", "--adapter", hostile("--capability-twice")]) == .passed)
        #expect(run.error.contains { $0.hasPrefix("warning: ") && $0.contains("more than once") })
    }

    @Test("the members the runner accepts in each adapter message are its schema's, read from the bundled schemas")
    func messageMembersFromSchemas() throws {
        for schema in AdapterMessageSchema.allCases {
            let url = try #require(VectorSuite.bundledDirectory).appendingPathComponent("schema/harness/\(schema.rawValue).schema.json")
            let properties = try #require(JSONValue.parse(String(contentsOf: url, encoding: .utf8))?.objectValue?["properties"]?.objectValue)
            #expect(!schema.members.isEmpty && schema.members == Set(properties.keys), "\(schema.rawValue)")
            var message = properties.mapValues { _ in JSONValue.null }
            message["type"] = .string(schema.rawValue)
            #expect(AdapterMessageSchema.undefinedMembers(of: message) == nil)
            message["debug"] = .bool(true)
            #expect(AdapterMessageSchema.undefinedMembers(of: message) == ["debug"])
        }
    }

    // MARK: defect 7: an adapter's text on the terminal

    @Test("an adapter's message with ESC, BEL and a newline is printed escaped, on one line")
    func terminalControlInMessages() {
        let id = "nonce::empty::empty-string"
        let captured = CapturedOutput()
        #expect(CommandLineTool(output: captured.output).run(["run", "--family", "nonce", "--adapter", hostile("--escape-in-error-on \(id)")]) == .failures)
        let all = captured.out + captured.error
        #expect(!all.contains { $0.unicodeScalars.contains { $0.value == 0x1b || $0.value == 0x07 } })
        #expect(!all.contains { $0.contains("\n") && $0.contains("rm -rf") && !$0.contains("\\u000a") })
        #expect(captured.out.contains { $0.contains(#"\u001b]0;pwned\u0007"#) && $0.contains(#"\u000arerun: rm -rf /"#) }, "\(captured.text)")
    }

    /// Whether `process` exists and is not a zombie.
    static func isAlive(_ process: pid_t) -> Bool {
        guard kill(process, 0) == 0 else { return false }
        guard let stat = try? String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }
}

/// Runner faults over the whole documented suite (the slow command, ``SlowCommand``).
@Suite("Runner faults at the suite's scale", .slow)
struct RunnerFaultSlowTests {
    let faults: RunnerFaultTests

    init() throws {
        faults = try RunnerFaultTests()
    }

    @Test("an adapter that stops reading, with --batch 10000: the runner ends in bounded time, the vector is a hang")
    func stuckReaderLargeBatch() async throws {
        let vectors = faults.suite.vectors(for: .documented)
        let options = HarnessOptions(timeout: .seconds(1), restartBudget: 30, batchSize: 10_000)
        let (results, failure, _) = try await faults.runBounded(faults.hostile("--hang-on \(faults.first)"), vectors, options: options,
                                                   bound: faults.bound(options, vectors: vectors.count))
        #expect(failure == nil)
        let hung = results.filter { if case .hung = $0.outcome { true } else { false } }
        #expect(hung.map(\.id) == [faults.first])
        #expect(results.allSatisfy { $0.id == faults.first || !$0.outcome.isProblem })
    }
}
