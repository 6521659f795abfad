import Foundation
@testable import LoginConformanceCLI
import LoginConformance
@testable import LoginConformanceHarness
import LoginConformanceReference
import Testing
import LoginConformanceTestSupport

/// The subprocess harness: the Python reference adapter passes the suite through it, and every misbehaviour of a
/// test adapter becomes its own outcome for the vector that caused it while the rest of the vectors still run.
@Suite("Subprocess harness")
struct HarnessTests {
    let suite: VectorSuite

    init() throws {
        suite = try VectorSuite.bundled()
    }

    /// Runs the nonce vectors (documented) through `python3 misbehaving_adapter.py <flags>`.
    private func misbehaving(
        _ flags: String, options: HarnessOptions = HarnessOptions(timeout: .seconds(5)),
        families: Set<ConformanceFamily> = [.nonce]
    ) async throws -> (results: [String: VectorResult], failure: HarnessFailure?, restarts: Int) {
        let runner = HarnessRunner(command: "\(Python.command) \(RepositoryPaths.misbehavingAdapter) \(flags)", options: options)
        let vectors = suite.vectors(for: .documented, families: families)
        // A misbehaving adapter's run is mostly waiting (on its timeouts and restarts): awaited, not blocking.
        let (results, failure) = try await offThePool {
            try runner.start()
            defer { runner.stop() }
            return runner.run(vectors)
        }
        #expect(results.map(\.id) == vectors.map(\.metadata.id), "one result per vector, in order")
        return (Dictionary(uniqueKeysWithValues: results.map { ($0.id, $0) }), failure, runner.restarts)
    }

    /// Every result except `id` passed.
    private func othersPassed(_ results: [String: VectorResult], except ids: Set<String>) -> Bool {
        results.values.allSatisfy { ids.contains($0.id) || $0.outcome == .passed }
    }

    private let target = "nonce::shape::seeds-example-123"

    @Test("the Python reference adapter passes every vector through the harness", arguments: ConformanceProfile.allCases)
    func referenceAdapterPasses(profile: ConformanceProfile) throws {
        // The adapter implements the two readings; a profile that takes one is claimed with --reads naming it.
        let reading = try #require(ReferenceImplementation.readingProfile(of: profile))
        let runner = HarnessRunner(command: "\(Python.command) \(RepositoryPaths.referenceAdapter) --profile \(profile.rawValue) --reads \(reading.rawValue)")
        let handshake = try runner.start()
        #expect(handshake.profile == profile)
        // Every family but signed-token: verifying RS256 needs cryptography, which the standard-library adapter has not.
        #expect(handshake.capabilities == Set(ConformanceFamily.allCases).subtracting([.signedToken]))
        let (results, failure) = runner.run(suite.vectors(for: profile))
        #expect(runner.stop() == .exited(status: 0))
        #expect(failure == nil)
        let problems = results.filter(\.outcome.isProblem).map { "\($0.id): \($0.outcome.summary)" }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(results.count == suite.vectors(for: profile).count)
    }

    @Test("through the harness and in process, the same vectors give the same results")
    func sameResultsAsInProcess() throws {
        let runner = HarnessRunner(command: "\(Python.command) \(RepositoryPaths.misbehavingAdapter) --errored-on \(target)")
        try runner.start()
        defer { runner.stop() }
        let vectors = suite.vectors(for: .documented, families: [.tokenClaims, .nonce])
        let (harness, _) = runner.run(vectors)
        let inProcess = try ConformanceEngine(suite: suite)
            .run(ReferenceImplementation(profile: .documented), profile: .documented, families: [.tokenClaims, .nonce])
        #expect(harness.map(\.id) == inProcess.results.map(\.id))
        let differing = zip(harness, inProcess.results).filter { $0.outcome.kind != $1.outcome.kind }.map(\.0.id)
        #expect(differing == [target])
    }

    @Test("a crash is a crash for the vector in flight; the adapter restarts and the rest pass")
    func crash() async throws {
        let (results, failure, restarts) = try await misbehaving("--crash-on \(target)")
        guard case .crashed(let message)? = results[target]?.outcome else {
            Issue.record("expected a crash, got \(String(describing: results[target]?.outcome))")
            return
        }
        #expect(message.hasSuffix("(killed by signal 11) while answering this vector") || message == "the adapter killed by signal 11 while answering this vector")
        #expect(results[target]?.diagnostics?.contains("crashing on \(target)") == true)
        #expect(othersPassed(results, except: [target]))
        #expect(failure == nil && restarts == 1)
    }

    @Test("a hang is a hang: the adapter is killed after the timeout and restarted")
    func hang() async throws {
        let (results, failure, restarts) = try await misbehaving("--hang-on \(target)", options: HarnessOptions(timeout: .seconds(3)))
        guard case .hung(let message)? = results[target]?.outcome else {
            Issue.record("expected a hang, got \(String(describing: results[target]?.outcome))")
            return
        }
        #expect(message.hasPrefix("no answer within"))
        #expect(othersPassed(results, except: [target]))
        #expect(failure == nil && restarts == 1)
    }

    @Test("garbage, out-of-order answers and partial lines are errors with the offending text", arguments: [
        ("--garbage-on", "the adapter wrote a line that is not a protocol message: this is not json"),
        ("--out-of-order-on", "(out of order)"),
        ("--partial-line-on", #"the adapter ended on a partial line (exited with status 0): {"type":"result","se"#),
    ])
    func protocolViolations(flag: String, text: String) async throws {
        let (results, failure, _) = try await misbehaving("\(flag) \(target)")
        guard case .errored(let message)? = results[target]?.outcome else {
            Issue.record("expected an error, got \(String(describing: results[target]?.outcome))")
            return
        }
        #expect(message.contains(text), "\(message)")
        #expect(othersPassed(results, except: [target]))
        #expect(failure == nil)
    }

    @Test("an adapter that exits mid-run crashes the vector in flight each time; the rest pass")
    func exitAfter() async throws {
        let (results, failure, restarts) = try await misbehaving("--exit-after 40", options: HarnessOptions(restartBudget: 10))
        let crashed = results.values.filter { if case .crashed = $0.outcome { true } else { false } }
        #expect(crashed.count == (results.count - 1) / 41)
        #expect(crashed.allSatisfy { if case .crashed(let message) = $0.outcome { message.contains("exited with status 0") } else { false } })
        #expect(othersPassed(results, except: Set(crashed.map(\.id))))
        #expect(failure == nil && restarts == crashed.count)
    }

    @Test("past the restart budget the remaining vectors are errors, and what was gathered is kept")
    func restartBudget() async throws {
        let (results, failure, restarts) = try await misbehaving("--exit-after 5", options: HarnessOptions(restartBudget: 2))
        #expect(failure == .restartBudgetExhausted(2))
        #expect(restarts == 2)
        #expect(results.values.filter { $0.outcome == .passed }.count == 15)
        #expect(results.values.filter { if case .errored(let message) = $0.outcome { message.hasPrefix("not run: ") } else { false } }.count
            == results.count - 15 - 3)
    }

    @Test("a flood on standard error neither blocks the adapter nor the run; it is attached, capped")
    func stderrFlood() async throws {
        let (results, failure, _) = try await misbehaving("--flood-stderr-on \(target)")
        #expect(results[target]?.outcome == .passed)
        let diagnostics = try #require(results[target]?.diagnostics)
        #expect(diagnostics.utf8.count < 70_000)
        #expect(diagnostics.contains("more bytes of standard error not kept"))
        #expect(othersPassed(results, except: []))
        #expect(failure == nil)
    }

    @Test("standard error is attached to the vector in flight, and an errored answer is an error")
    func stderrAndErrored() async throws {
        let (noted, _, _) = try await misbehaving("--stderr-note-on \(target)")
        #expect(noted[target]?.diagnostics == "note for \(target)\n")
        #expect(noted.values.filter { $0.diagnostics != nil }.map(\.id) == [target])

        let (errored, _, restarts) = try await misbehaving("--errored-on \(target)")
        #expect(errored[target]?.outcome == .errored(message: "the adapter reported an error: deliberate error"))
        #expect(restarts == 0)
    }

    @Test("in a batch, a crash is bisected to the vector that caused it")
    func batchBisection() async throws {
        let (results, failure, restarts) = try await misbehaving(
            "--crash-on \(target)", options: HarnessOptions(timeout: .seconds(5), batchSize: 16))
        guard case .crashed? = results[target]?.outcome else {
            Issue.record("expected the crash on \(target), got \(String(describing: results[target]?.outcome))")
            return
        }
        #expect(othersPassed(results, except: [target]))
        #expect(failure == nil)
        #expect(restarts >= 2 && restarts <= 6, "bisection restarts: \(restarts)")
    }

    @Test("an adapter that cannot start, or speaks another protocol version, exits 3", arguments: [
        ("--no-handshake", "the adapter ended before answering start"),
        ("--bad-version", "the adapter speaks protocol version"),
    ])
    func handshakeFailures(flag: String, text: String) {
        let captured = CapturedOutput()
        let status = CommandLineTool(output: captured.output)
            .run(["run", "--adapter", "\(Python.command) \(RepositoryPaths.misbehavingAdapter) \(flag)"])
        #expect(status == .implementationUnavailable)
        #expect(captured.errorText.hasPrefix("adapter error: the adapter's handshake failed: \(text)"))
    }

    @Test("run --adapter gives the same gate and reports; smoke checks the protocol")
    func commandLine() throws {
        let captured = CapturedOutput()
        let tool = CommandLineTool(output: captured.output)
        let command = "\(Python.command) \(RepositoryPaths.misbehavingAdapter) --crash-on \(target)"
        #expect(tool.run(["run", "--adapter", command, "--family", "nonce"]) == .failures)
        #expect(captured.text.contains("[regression] \(target) — "))
        #expect(captured.text.contains("  rerun:    swift run login-conformance run --profile documented --vector '\(target)' --adapter '\(command)'"))

        let smoke = CapturedOutput()
        #expect(CommandLineTool(output: smoke.output).run(["smoke", "--adapter", "\(Python.command) \(RepositoryPaths.referenceAdapter)"]) == .passed)
        #expect(smoke.out.first?.hasPrefix("ok    handshake: ") == true)
        #expect(smoke.out.count == 2 + ConformanceFamily.allCases.count - 1)  // the adapter declares all but signed-token
        // A declared family with no vector under the profile is said, not checked (DECISIONS.md D31).
        let suite = try VectorSuite.bundled()
        let empty = ConformanceFamily.allCases.filter { $0 != .signedToken && suite.vectors(for: .documented, families: [$0]).isEmpty }
        #expect(smoke.out.filter { $0.hasPrefix("skip") }.count == empty.count)
        #expect(smoke.out.allSatisfy { $0.hasPrefix("ok") || $0.hasPrefix("skip") })

        let profileClash = CapturedOutput()
        #expect(CommandLineTool(output: profileClash.output)
            .run(["run", "--adapter", "\(Python.command) \(RepositoryPaths.referenceAdapter)", "--profile", "ios-sdk"]) == .configurationProblem)
    }
}
