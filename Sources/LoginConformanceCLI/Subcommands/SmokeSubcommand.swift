import LoginConformance
import LoginConformanceHarness

/// `smoke`: whether an adapter speaks the protocol, strictly (HARNESS.md).
struct SmokeSubcommand: OptionsSubcommand {
    static let name = "smoke"
    static let synopsis = "smoke --adapter CMD"
    static let help = ["check that an adapter speaks the protocol (handshake, one vector per capability, stop)"]
    let tool: CommandLineTool

    /// Checks that an adapter speaks the protocol: the handshake, one vector per declared capability answered with
    /// a well-formed message, and a clean stop.
    func run(options: CommandLineOptions) throws -> ExitCode {
        guard let command = options.adapter else {
            throw CommandLineOptions.UsageError(description: "smoke needs --adapter <command line>")
        }
        let suite = try options.loadSuite()
        let adapter = AdapterSubject(command: command, options: options.harness)
        let runner = adapter.runner
        tool.interrupts?.watch(adapter)
        defer { tool.interrupts?.watch(nil) }
        let handshake = try runner.start()
        tool.output.line("ok    handshake: \(handshake.implementation.name) \(handshake.implementation.version ?? "")"
            + " (\(handshake.implementation.language ?? "language not given")), profile \(handshake.profile.rawValue),"
            + " capabilities \(handshake.capabilities.sorted().map(\.rawValue).joined(separator: ", "))")
        var healthy = true
        for family in handshake.capabilities.sorted() {
            guard let vector = suite.vectors(for: handshake.profile, families: [family]).first else {
                tool.output.line("skip  \(family.rawValue): the suite has no vector of it under \(handshake.profile.rawValue) (DECISIONS.md D31)")
                continue
            }
            let (results, failure) = runner.run([vector])
            let outcome = results[0].outcome
            let wellFormed: Bool = switch outcome {
            case .passed, .lenient, .failed, .skipped: true
            case .errored(let message): message.hasPrefix("the adapter reported an error")
            case .crashed, .hung: false
            }
            healthy = healthy && wellFormed && failure == nil && runner.restarts == 0
            tool.output.line("\(wellFormed && failure == nil ? "ok  " : "FAIL")  \(family.rawValue): \(vector.metadata.id) → \(outcome.kind)"
                + (wellFormed ? "" : ": \(outcome.summary)"))
        }
        let ending = runner.stop()
        if let signal = runner.interruption {
            tool.output.problem("adapter error: \(HarnessFailure.interrupted(signal: signal).description)")
            return ExitCode.interrupted(by: signal)
        }
        let stoppedCleanly = ending.isClean
        tool.output.line("\(stoppedCleanly ? "ok  " : "FAIL")  stop: the adapter \(ending)")
        // Smoke is strict where run is lenient: answers repeated or written after the last one, and members the
        // protocol does not define, fail it.
        for (id, message) in runner.lateViolations {
            tool.output.line("FAIL  protocol: \(id): \(message)")
        }
        for warning in runner.warnings {
            tool.output.line("FAIL  protocol: \(warning)")
        }
        // A restart fails smoke even when every answer was well formed: say why, with what the runner recorded.
        if runner.restarts > 0 {
            let what = runner.incidents.map { FailureMessage.line($0.message) }.joined(separator: "; ")
            tool.output.line("FAIL  restarts: the adapter had to be restarted \(runner.restarts) time\(runner.restarts == 1 ? "" : "s")"
                + (what.isEmpty ? "" : ": \(what)"))
        }
        let strict = runner.lateViolations.isEmpty && runner.warnings.isEmpty
        return healthy && stoppedCleanly && strict ? .passed : .implementationUnavailable
    }
}
