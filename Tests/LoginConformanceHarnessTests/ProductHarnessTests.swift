import Foundation
@testable import LoginConformance
@testable import LoginConformanceHarness
import Testing
import LoginConformanceTestSupport

/// The subprocess harness against a scripted adapter that answers exactly as a test says (the product mutants of
/// Scripts/mutation/product_mutants.json, area harness).
@Suite("Product mutants: harness")
struct ProductHarnessTests {
    let suite = ProductFixtures.suite

    /// Runs the first `count` documented nonce vectors through the scripted adapter with `plan`.
    func run(_ plan: [String: Any], count: Int = 1, families: Set<ConformanceFamily> = [.nonce],
             options: HarnessOptions = HarnessOptions(timeout: .seconds(10)))
        throws -> (runner: HarnessRunner, results: [VectorResult], failure: HarnessFailure?)
    {
        let runner = HarnessRunner(command: ScriptedAdapter.command(plan), options: options)
        try runner.start()
        let vectors = Array(suite.vectors(for: .documented, families: families).prefix(count))
        let (results, failure) = runner.run(vectors)
        runner.stop()
        return (runner, results, failure)
    }

    @Test("seq is checked on every answer: a skipped or errored answer with another seq, or none, is a violation")
    func seqOnEveryMessage() throws {
        for answer: [String: Any] in [["type": "skipped", "reason": "r", "seq": "due+5"], ["type": "errored", "message": "m", "seq": "due+5"],
                                      ["type": "skipped", "reason": "r", "seq": "none"], ["type": "errored", "message": "m", "seq": "none"]] {
            let (_, results, _) = try run(["answers": [answer]])
            guard case .errored(let message) = results[0].outcome else {
                Issue.record("\(answer): \(results[0].outcome)")
                continue
            }
            #expect(message.hasPrefix("the adapter answered seq") || message.hasPrefix("the adapter's answer has no seq"), "\(message)")
        }
    }

    @Test("a skipped answer is a skip with the adapter's reason; an errored one an error with its message")
    func skippedAndErrored() throws {
        let (_, skipped, _) = try run(["answers": [["type": "skipped", "reason": "not mine"]]])
        #expect(skipped[0].outcome == .skipped(reason: "the adapter skipped it: not mine"))
        let (_, errored, _) = try run(["answers": [["type": "errored", "message": "boom"]]])
        #expect(errored[0].outcome == .errored(message: "the adapter reported an error: boom"))
    }

    @Test("a handshake without an implementation name is refused")
    func emptyName() {
        let runner = HarnessRunner(command: ScriptedAdapter.command(["handshake": ["implementation": ["name": ""]]]))
        #expect(throws: HarnessFailure.self) { try runner.start() }
        runner.stop()
    }

    @Test("vectors of a family the adapter does not declare are skipped, never sent")
    func undeclaredFamilies() throws {
        let vectors = suite.vectors(for: .documented, families: [.nonce]).prefix(1) + suite.vectors(for: .documented, families: [.codeVerifier]).prefix(1)
        // The plan answers the first request skipped: a code-verifier request sent would be answered valid.
        let runner = HarnessRunner(command: ScriptedAdapter.command(["answers": [["type": "result", "outcome": ["result": "valid"]],
                                                                      ["type": "skipped", "reason": "sent"]]]))
        try runner.start()
        let (results, _) = runner.run(Array(vectors))
        runner.stop()
        #expect(results[1].outcome == .skipped(reason: "the adapter does not declare the capability code-verifier"))
    }

    @Test("output after the last answer: a repeat is blamed on the vector it repeats, the rest on the last answered, the first violation kept")
    func lateOutput() throws {
        let (runner, results, _) = try run(["answers": [["type": "skipped", "reason": "r",
                                                         "after": [["type": "result", "seq": 1, "outcome": ["result": "valid"]], "garbage"]]]])
        let id = results[0].id
        #expect(runner.lateViolations.map(\.id) == [id, id])
        #expect(runner.lateViolations.first?.message.hasPrefix("the adapter answered seq 1 again after its last answer") == true)
        let amended = runner.amended(results)
        guard case .errored(let message) = amended[0].outcome else {
            Issue.record("\(amended[0].outcome)")
            return
        }
        #expect(message.hasPrefix("the adapter answered seq 1 again"), "\(message)")
    }

    @Test("the vectors left when the restart budget runs out are errors, not skips")
    func budgetExhausted() throws {
        let garbage = ["type": "nonsense"]
        let (_, results, failure) = try run(["answers": [garbage, garbage, garbage, garbage]], count: 4,
                                            options: HarnessOptions(timeout: .seconds(10), restartBudget: 0))
        #expect(failure == .restartBudgetExhausted(0))
        for result in results.dropFirst() {
            guard case .errored(let message) = result.outcome else {
                Issue.record("\(result.id): \(result.outcome)")
                continue
            }
            #expect(message.hasPrefix("not run: "), "\(message)")
        }
    }

    @Test("an answer repeating the first seq sent to the adapter is blamed on that seq's vector")
    func repeatOfTheFirstSeq() throws {
        let (_, results, _) = try run(["answers": [["type": "result", "outcome": ["result": "valid"]],
                                                   ["type": "result", "seq": 1, "outcome": ["result": "valid"]]]], count: 2)
        guard case .errored(let message) = results[0].outcome else {
            Issue.record("\(results[0].outcome)")
            return
        }
        #expect(message.hasPrefix("the adapter answered seq 1 twice (the second time while seq 2 was due)"), "\(message)")
    }

    @Test("after a restart, an answer repeating a seq sent to the earlier process is out of order for the vector in flight")
    func repeatOfAnEarlierProcessesSeq() throws {
        // Each process follows the same plan: its first answer says seq 1 (due for the first process), its second is
        // not a protocol message (an error, then a restart). The second process's first request is seq 3.
        let (_, results, _) = try run(["answers": [["type": "result", "seq": 1, "outcome": ["result": "valid"]],
                                                   ["type": "nonsense"]]], count: 3)
        #expect(results.count == 3)
        guard case .errored(let message) = results[2].outcome else {
            Issue.record("the third vector: \(results[2].outcome)")
            return
        }
        #expect(message.hasPrefix("the adapter answered a seq it was not sent (out of order)"), "\(message)")
        guard case .errored(let second) = results[1].outcome else {
            Issue.record("the second vector: \(results[1].outcome)")
            return
        }
        #expect(!second.contains("twice"), "\(second)")
        if case .errored(let first) = results[0].outcome { Issue.record("the first vector is blamed: \(first)") }
    }

    @Test("the first signal wins: a second one while the run stops does not change the interrupt (or the exit status)")
    func firstSignalWins() {
        let interrupter = HarnessInterrupter(grace: .milliseconds(10))
        #expect(interrupter.signal == nil)
        interrupter.interrupt(signal: SIGINT)
        interrupter.interrupt(signal: SIGTERM)
        interrupter.interrupt(signal: SIGHUP)
        #expect(interrupter.signal == SIGINT)
    }

    @Test("members of the started message the protocol does not define are a warning")
    func handshakeExtraMembers() throws {
        let runner = HarnessRunner(command: ScriptedAdapter.command(["handshake": ["vendor": "x"]]))
        try runner.start()
        runner.stop()
        #expect(runner.warnings == ["the adapter's started message has members the protocol does not define (ignored): vendor"])
    }

    @Test("a hang with several answers outstanding is bisected: the vector that hangs is the hang, the rest of the batch still runs")
    func hangInABatch() async throws {
        let vectors = Array(suite.vectors(for: .documented, families: [.nonce]).prefix(3))
        let adapter = RepositoryPaths.misbehavingAdapter
        let runner = HarnessRunner(command: "\(Python.command) \(adapter) --hang-on \(vectors[0].metadata.id)",
                                   options: HarnessOptions(timeout: .seconds(2), batchSize: 3))
        // Mostly waiting on the hang: awaited, not blocking a test thread.
        let (results, failure) = try await offThePool {
            try runner.start()
            defer { runner.stop() }
            return runner.run(vectors)
        }
        #expect(failure == nil)
        #expect(results.map(\.outcome.kind) == ["hang", "pass", "pass"])
    }

    @Test("a simple command line is exec'd, one with shell syntax is left to the shell")
    func execIfSimple() {
        #expect(AdapterProcess.execIfSimple("python3 adapter.py --profile ios-sdk") == "exec python3 adapter.py --profile ios-sdk")
        for command in ["python3 a.py | tee log", "cd x && ./adapter", "A=1 ./adapter", "./adapter > out"] {
            #expect(AdapterProcess.execIfSimple(command) == command)
        }
    }
}

/// Found by blind round 1 (Scripts/mutation/blind_rounds/round-1.json).
extension ProductHarnessTests {
    @Test("--max-line-bytes is the longest line accepted: a line of exactly that many bytes is read, one byte more is cut")
    func lineLimitExactly() throws {
        let limit = 64
        // Three lines: limit bytes, limit + 1 bytes, then a short one (the reader goes on after a cut line).
        let command = "printf '%s\\n%s\\n%s\\n' \(String(repeating: "a", count: limit)) \(String(repeating: "b", count: limit + 1)) ok"
        let process = try AdapterProcess(command: command, maxLineBytes: limit)
        defer { process.kill() }
        #expect(process.readLine(timeout: .seconds(10)) == .line(String(repeating: "a", count: limit)))
        guard case .overlong = process.readLine(timeout: .seconds(10)) else {
            Issue.record("a line of \(limit + 1) bytes must be cut under a limit of \(limit)")
            return
        }
        #expect(process.readLine(timeout: .seconds(10)) == .line("ok"))
    }

    @Test("the handshake waits for the start timeout, not the per-vector timeout")
    func handshakeWaitsForTheStartTimeout() async throws {
        let slowStart: [String: Any] = ["startDelay": 1.5]
        let patient = HarnessRunner(command: ScriptedAdapter.command(slowStart),
                                    options: HarnessOptions(timeout: .milliseconds(300), startTimeout: .seconds(30)))
        // Waiting on the slow start: awaited, not blocking a test thread.
        let started = try await offThePool {
            defer { patient.stop() }
            return Result { try patient.start() }
        }
        #expect(throws: Never.self) { try started.get() }
        // The start timeout is never shorter than the per-vector one (HarnessOptions), so it is the one that applies.
        #expect(HarnessOptions(timeout: .seconds(30), startTimeout: .milliseconds(300)).startTimeout == .seconds(30))
    }

    @Test("when the restart budget runs out mid-batch, the incident counts exactly the vectors not run, not the batch's answered ones")
    func notRunCountedExactly() throws {
        // Batch of 4 over 6 vectors, no restart allowed: the third answer is a violation, so the adapter must be
        // restarted and cannot be; the first two were answered, the third is the violation's error.
        let options = HarnessOptions(timeout: .seconds(10), restartBudget: 0, batchSize: 4)
        let (runner, results, failure) = try run(["answers": [["type": "result", "outcome": ["result": "valid"]],
                                                              ["type": "result", "outcome": ["result": "valid"]],
                                                              ["type": "result", "outcome": ["result": "valid"], "seq": "none"]]],
                                                 count: 6, options: options)
        #expect(failure != nil)
        let notRun = results.filter { if case .errored(let message) = $0.outcome { message.hasPrefix("not run") } else { false } }.count
        #expect(notRun == 3, "\(results.map(\.outcome.kind))")
        #expect(runner.incidents.map(\.notRun) == [notRun])
    }
}


/// Found by blind round 3 (Scripts/mutation/blind_rounds/round-3.json).
extension ProductHarnessTests {
    @Test("the handshake's implementation name, version and language are each taken from their own member")
    func handshakeImplementationMembers() throws {
        let runner = HarnessRunner(command: ScriptedAdapter.command(["handshake": [
            "implementation": ["name": "scripted", "version": "1.2.3", "language": "python"],
        ]]))
        let handshake = try runner.start()
        runner.stop()
        #expect(handshake.implementation.name == "scripted")
        #expect(handshake.implementation.version == "1.2.3")
        #expect(handshake.implementation.language == "python")
    }
}
