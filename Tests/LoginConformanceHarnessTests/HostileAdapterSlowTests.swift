import Foundation
@testable import LoginConformance
@testable import LoginConformanceHarness
@testable import LoginConformanceCLI
import Testing
import LoginConformanceTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Hostile adapters (`Tests/Adapters/hostile_adapter.py`) and interrupts: every attack ends in bounded time and
/// memory, is blamed on the vector that caused it, ends with the documented exit status, writes the reports and
/// leaves no process of the adapter's group behind.
/// Slow (the slow command, ``SlowCommand``): each attack starts Python adapters and the CLI, and several wait for
/// their bounds.
@Suite("Hostile adapters and interrupts", .slow)
struct HostileAdapterSlowTests {
    private let target = "nonce::shape::seeds-example-123"
    let suite: VectorSuite
    var nonce: [any ConformanceVector] { suite.vectors(for: .documented, families: [.nonce]) }

    init() throws {
        suite = try VectorSuite.bundled()
    }

    private func hostile(_ flags: String) -> String { "\(Python.command) \(RepositoryPaths.hostileAdapter) \(flags)" }

    /// Runs the nonce vectors through the hostile adapter; the results as the CLI would report them (late
    /// violations applied), how long it took, and the runner.
    private func run(
        _ flags: String, options: HarnessOptions = HarnessOptions(timeout: .seconds(30))
    ) throws -> (results: [String: VectorResult], failure: HarnessFailure?, runner: HarnessRunner, seconds: Double) {
        let runner = HarnessRunner(command: hostile(flags), options: options)
        let started = ContinuousClock.now
        try runner.start()
        let firstGroup = try #require(runner.processGroup)
        let (results, failure) = runner.run(nonce)
        let lastGroup = runner.processGroup
        runner.stop()
        let seconds = AdapterProcess.seconds(ContinuousClock.now - started)
        // No process is left behind: neither the first adapter's group (restarted after the attack) nor the last.
        #expect(runner.processGroup == nil)
        #expect(waitUntilGone(firstGroup), "the first adapter's process group \(firstGroup) is still there")
        if let lastGroup { #expect(waitUntilGone(lastGroup), "the last adapter's process group \(lastGroup) is still there") }
        let amended = runner.amended(results)
        #expect(amended.map(\.id) == nonce.map(\.metadata.id))
        return (Dictionary(uniqueKeysWithValues: amended.map { ($0.id, $0) }), failure, runner, seconds)
    }

    private func message(_ result: VectorResult?) -> String {
        switch result?.outcome {
        case .errored(let text)?, .crashed(let text)?, .hung(let text)?, .skipped(let text)?: text
        default: "\(String(describing: result?.outcome))"
        }
    }

    private func othersPassed(_ results: [String: VectorResult], except ids: Set<String>) -> Bool {
        results.values.allSatisfy { ids.contains($0.id) || $0.outcome == .passed }
    }

    // MARK: protocol violations blamed right (item 4)

    @Test("an answer given twice is blamed on the vector that caused it, not on the next one")
    func doubleAnswer() throws {
        let (results, failure, runner, _) = try run("--double-answer-on \(target)")
        #expect(message(results[target]).contains("answered seq"), "\(message(results[target]))")
        #expect(message(results[target]).contains("twice"))
        #expect(othersPassed(results, except: [target]))
        #expect(failure == nil && runner.restarts == 1)
    }

    @Test("a repeated answer to the last vector, and output at stop, are noticed")
    func afterTheLastAnswer() throws {
        let last = try #require(nonce.last?.metadata.id)
        let (results, _, _, _) = try run("--double-answer-on \(last)")
        #expect(message(results[last]).contains("again after its last answer"), "\(message(results[last]))")
        #expect(othersPassed(results, except: [last]))

        let (atStop, _, _, _) = try run("--extra-on-stop")
        let blamed = atStop.values.filter { $0.outcome != .passed }
        #expect(blamed.count == 1)
        #expect(blamed.first.map { message($0).contains("after its last answer") } == true)
    }

    @Test("smoke fails an adapter that answers everything twice, or adds members; run only warns on members")
    func smokeIsStrict() {
        let twice = CapturedOutput()
        #expect(CommandLineTool(output: twice.output).run(["smoke", "--adapter", hostile("--double-answer-all")]) == .implementationUnavailable)
        #expect(twice.out.contains { $0.hasPrefix("FAIL") })

        let id = "nonce::empty::empty-string"
        let member = CapturedOutput()
        #expect(CommandLineTool(output: member.output).run(["smoke", "--adapter", hostile("--extra-member-on \(id)")]) == .implementationUnavailable)
        #expect(member.out.contains { $0.hasPrefix("FAIL  protocol: ") && $0.contains("debug") }, "\(member.text)")

        let gate = CapturedOutput()
        #expect(CommandLineTool(output: gate.output).run(["run", "--family", "nonce", "--adapter", hostile("--extra-member-on \(id)")]) == .passed)
        #expect(gate.error.contains { $0.hasPrefix("warning: ") && $0.contains(id) && $0.contains("debug") })
    }

    // MARK: bounded lines, invalid UTF-8 (items 2 and 6)

    @Test("invalid UTF-8 is a protocol error with the bytes escaped")
    func invalidUTF8() throws {
        let (results, failure, _, _) = try run("--invalid-utf8-on \(target)")
        #expect(message(results[target]).contains("not UTF-8"))
        #expect(message(results[target]).contains(#"\xff\xfe"#), "\(message(results[target]))")
        #expect(othersPassed(results, except: [target]))
        #expect(failure == nil)
    }

    @Test("a 100 MiB line is refused quickly, naming the limit, with bounded memory", arguments: ["overlong", "endless"])
    func overlongLine(kind: String) throws {
        let flags = kind == "overlong" ? "--overlong-on \(target) 104857600" : "--endless-on \(target)"
        let (results, failure, _, seconds) = try run(flags)
        guard case .errored(let text)? = results[target]?.outcome else {
            Issue.record("expected an error, got \(String(describing: results[target]?.outcome))")
            return
        }
        #expect(text.contains("longer than 1048576 bytes, the limit (--max-line-bytes)"), "\(text)")
        #expect(othersPassed(results, except: [target]))
        #expect(failure == nil)
        #expect(seconds < 25, "took \(seconds) s, the timeout is 30 s")
    }

    @Test("the CLI's peak memory stays bounded under a 100 MiB line; --max-line-bytes sets the limit")
    func boundedMemory() throws {
        guard FileManager.default.fileExists(atPath: RepositoryPaths.cliBinary), FileManager.default.fileExists(atPath: "/usr/bin/time") else { return }
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: report) }
        let (status, _, error) = try spawn("/usr/bin/time", ["-f", "peak-kb %M", RepositoryPaths.cliBinary, "run", "--family", "nonce",
            "--vector", target, "--max-line-bytes", "65536", "--report-json", report.path,
            "--adapter", hostile("--overlong-on \(target) 104857600")])
        #expect(status == 1)
        let peak = try #require(error.split(separator: "\n").last { $0.hasPrefix("peak-kb ") }.flatMap { Int($0.dropFirst(8)) })
        #expect(peak < 150_000, "peak resident memory \(peak) KB")
        #expect(try String(contentsOf: report, encoding: .utf8).contains("longer than 65536 bytes"))
    }

    @Test("a flood of short lines at stop: read with bounded memory and time, blamed on the last vector answered")
    func floodAtStop() throws {
        guard FileManager.default.fileExists(atPath: RepositoryPaths.cliBinary), FileManager.default.fileExists(atPath: "/usr/bin/time") else { return }
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: report) }
        let started = ContinuousClock.now
        let (status, _, error) = try spawn("/usr/bin/time", ["-f", "peak-kb %M", RepositoryPaths.cliBinary, "run", "--family", "nonce",
            "--vector", target, "--report-json", report.path, "--adapter", hostile("--flood-on-stop 209715200")])
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(status == 1)
        let peak = try #require(error.split(separator: "\n").last { $0.hasPrefix("peak-kb ") }.flatMap { Int($0.dropFirst(8)) })
        #expect(peak < 150_000, "peak resident memory \(peak) KB")
        #expect(try String(contentsOf: report, encoding: .utf8).contains("the adapter wrote after its last answer: noise"))
    }

    // MARK: end of output (item 5)

    @Test("end of standard output is a crash at once, not after the timeout", arguments: ["--close-stdout-on", "--fork-exit-on"], [1, 16])
    func endOfOutput(flag: String, batch: Int) throws {
        let (results, failure, _, seconds) = try run("\(flag) \(target)", options: HarnessOptions(timeout: .seconds(60), batchSize: batch))
        guard case .crashed(let text)? = results[target]?.outcome else {
            Issue.record("expected a crash, got \(String(describing: results[target]?.outcome))")
            return
        }
        #expect(text.contains(flag == "--close-stdout-on" ? "closed its standard output" : "exited with status 0"), "\(text)")
        #expect(othersPassed(results, except: [target]))
        #expect(failure == nil)
        #expect(seconds < 40, "took \(seconds) s, the timeout is 60 s")
    }

    // MARK: failed handshake report (item 7)

    @Test("a failed handshake exits 3 and still writes the reports, saying why nothing ran")
    func handshakeReport() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = directory.appendingPathComponent("results.json"), junit = directory.appendingPathComponent("junit.xml")
        let captured = CapturedOutput()
        let status = CommandLineTool(output: captured.output).run([
            "run", "--family", "nonce", "--report-json", json.path, "--report-junit", junit.path,
            "--adapter", "\(Python.command) \(RepositoryPaths.misbehavingAdapter) --no-handshake"])
        #expect(status == .implementationUnavailable)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(results.count == nonce.count)
        #expect(results.allSatisfy { $0["outcome"] as? String == "skip"
            && ($0["message"] as? String)?.hasPrefix("not run: the adapter's handshake failed: ") == true })
        #expect(FileManager.default.fileExists(atPath: junit.path))
    }

    // MARK: interrupts (item 1)

    @Test("an interrupt stops the adapter's group (TERM, then KILL), and the vectors not run are reported as such")
    func interruptInProcess() throws {
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).pid")
        defer { try? FileManager.default.removeItem(at: pidFile) }
        let runner = HarnessRunner(
            command: hostile("--hang-on \(target) --ignore-term --pid-file \(pidFile.path)"),
            options: HarnessOptions(timeout: .seconds(60), terminationGrace: .milliseconds(500)))
        try runner.start()
        let group = try #require(runner.processGroup)
        DispatchQueue.global().asyncAfter(deadline: .now() + 1.5) { [interrupter = runner.interrupter] in interrupter.interrupt(signal: SIGTERM) }
        let started = ContinuousClock.now
        let (results, failure) = runner.run(nonce)
        runner.stop()
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(failure == .interrupted(signal: SIGTERM))
        let notRun = results.filter { if case .skipped(let reason) = $0.outcome { reason.hasPrefix("not run: interrupted by SIGTERM") } else { false } }
        #expect(notRun.contains { $0.id == target })
        #expect(results.filter { $0.outcome == .passed }.count + notRun.count == results.count)
        #expect(waitUntilGone(group), "the adapter's process group \(group) is still there")
    }

    @Test("SIGINT (to the runner's process group), SIGTERM and SIGHUP: exit 128 + signal, reports written, no process left",
          arguments: [SIGINT, SIGTERM, SIGHUP])
    func signals(signalNumber: Int32) throws {
        guard FileManager.default.fileExists(atPath: RepositoryPaths.cliBinary) else {
            Issue.record("build the CLI first: \(RepositoryPaths.cliBinary) is missing")
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pidFile = directory.appendingPathComponent("adapter.pid")
        let json = directory.appendingPathComponent("results.json")
        let junit = directory.appendingPathComponent("junit.xml")
        let markdown = directory.appendingPathComponent("summary.md")
        // The CLI leads a process group of its own, as a shell's foreground job does (Ctrl-C signals the group):
        // python sets it up and execs the CLI, which keeps the process ID.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [Python.interpreter, "-c", "import os, sys; os.setpgid(0, 0); os.execv(sys.argv[1], sys.argv[1:])",
                             RepositoryPaths.cliBinary, "run", "--family", "nonce", "--report-json", json.path,
                             "--report-junit", junit.path, "--report-markdown", markdown.path,
                             "--adapter", hostile("--hang-on \(target) --ignore-term --pid-file \(pidFile.path)")]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // Wait for the adapter, then for it to reach the vector it hangs on.
        let deadline = Date(timeIntervalSinceNow: 30)
        while Date() < deadline, (try? String(contentsOf: pidFile, encoding: .utf8))?.hasSuffix("\n") != true {
            usleep(50_000)
        }
        let ids = try #require(try? String(contentsOf: pidFile, encoding: .utf8)).split(whereSeparator: \.isWhitespace)
        let group = try #require(ids.count == 2 ? pid_t(ids[1]) : nil)
        usleep(1_500_000)
        if signalNumber == SIGINT {
            kill(-process.processIdentifier, signalNumber)
        } else {
            kill(process.processIdentifier, signalNumber)
        }
        let waitDeadline = Date(timeIntervalSinceNow: 30)
        while process.isRunning, Date() < waitDeadline { usleep(50_000) }
        #expect(!process.isRunning, "the CLI did not end within 30 s of the signal")
        guard !process.isRunning else { return }
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 128 + signalNumber)
        #expect(waitUntilGone(group), "the adapter's process group \(group) is still there")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(results.count == nonce.count)
        let notRun = results.filter { ($0["message"] as? String)?.hasPrefix("not run: interrupted by ") == true }
        #expect(notRun.contains { $0["id"] as? String == target })
        #expect(notRun.allSatisfy { $0["outcome"] as? String == "skip" })
        #expect(FileManager.default.fileExists(atPath: junit.path))
        // Never "passed": every report says interrupted, by which signal, and how many vectors did not run.
        #expect(document["verdict"] as? String == "interrupted")
        let incident = try #require((document["incidents"] as? [[String: Any]])?.first)
        #expect(incident["signal"] as? String == HarnessFailure.signalName(signalNumber))
        #expect(incident["notRun"] as? Int == notRun.count)
        #expect(try String(contentsOf: markdown, encoding: .utf8).contains("**Gate: INTERRUPTED** — by \(HarnessFailure.signalName(signalNumber))"))
        #expect(try String(contentsOf: junit, encoding: .utf8).contains("<error type=\"interrupted\""))
    }

    /// Whether every live process of `group` is gone within a few seconds.
    private func waitUntilGone(_ group: pid_t) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 10)
        while Date() < deadline {
            if !processGroupExists(group) { return true }
            usleep(50_000)
        }
        return false
    }

    /// Runs a program; its exit status, standard output and standard error.
    private func spawn(_ path: String, _ arguments: [String]) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let out = Pipe(), error = Pipe()
        process.standardOutput = out
        process.standardError = error
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
    }
}
