import Foundation

extension ConformanceGate {
    /// Runs `implementation` against the suite (the bundled vectors by default) and classifies the run against the
    /// baseline file at `baseline` (none: every failure is a regression): the whole gate in one call, for a test
    /// that writes reports or a tool of your own.
    public static func evaluate(
        _ implementation: any ConformanceSubject, as info: ImplementationInfo, profile: ConformanceProfile, baseline: URL? = nil,
        policy: GatePolicy = GatePolicy(), suite: VectorSuite? = nil
    ) throws -> GateReport {
        let suite = try suite ?? VectorSuite.bundled()
        let gate = try ConformanceGate(
            suite: suite, profile: profile, baseline: try baseline.map { url throws(BaselineError) in try Baseline.load(from: url) },
            policy: policy)
        let run = try ConformanceEngine(suite: suite).run(implementation, profile: profile)
        return gate.evaluate(run, implementation: info)
    }
}

extension GateReport {
    /// Writes one file per report format (``ReportFormat/all``: `results.json`, `junit.xml`, `summary.md`) into
    /// `directory` (created when missing), each failure with the command `rerun` gives for it.
    public func writeReports(to directory: URL, rerun: (String) -> String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for format in ReportFormat.all {
            try Data(format.render(self, rerun).utf8).write(to: directory.appendingPathComponent(format.fileName))
        }
    }
}
