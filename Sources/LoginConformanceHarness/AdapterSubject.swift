import LoginConformance

/// An implementation in another process, behind an adapter speaking the JSON Lines protocol of
/// `Vectors/HARNESS.md`: the harness's one public entry. The engine runs it like any subject
/// (`ConformanceEngine.run(_:profile:families:selection:)` with a subject): it starts the adapter and
/// performs the handshake, sends the vectors of the families it declares, judges the answers by the same rules as an
/// in-process run, and stops it; crashes, hangs, protocol violations and adapter exits become results and
/// incidents, never a lost run.
public final class AdapterSubject: RunnableSubject {
    /// The adapter's command line, run with `/bin/sh -c`.
    public let command: String
    /// Timeout, restart budget, batch size, line limit.
    public let options: HarnessOptions
    /// The runner behind it (`smoke` drives it vector by vector).
    package let runner: HarnessRunner

    public init(command: String, options: HarnessOptions = HarnessOptions()) {
        self.command = command
        self.options = options
        runner = HarnessRunner(command: command, options: options)
    }

    /// What the adapter did that the schemas refuse but a run tolerates (members the protocol does not define),
    /// for the user to see.
    public var warnings: [String] { runner.warnings }

    /// The signal that interrupted the run, if one did (the CLI exits with 128 + it).
    public var interruption: Int32? { runner.interruption }

    /// What a signal handler's thread uses to interrupt the run.
    package var interrupter: HarnessInterrupter { runner.interrupter }

    public func open() -> Result<SubjectOpening, RunIncident> {
        do {
            let handshake = try runner.start()
            return .success(SubjectOpening(implementation: handshake.implementation, profile: handshake.profile))
        } catch {
            if case .interrupted(let signal) = error {
                return .failure(RunIncident(kind: .interrupted, message: error.description,
                                            signal: HarnessFailure.signalName(signal)))
            }
            return .failure(RunIncident(kind: .adapterUnavailable, message: error.description))
        }
    }

    public func answer(_ vectors: [any ConformanceVector]) -> (results: [VectorResult], incidents: [RunIncident]) {
        let (results, _) = runner.run(vectors)
        runner.stop()
        return (runner.amended(results), runner.incidents)
    }

    public func close() {
        runner.stop()
    }
}
