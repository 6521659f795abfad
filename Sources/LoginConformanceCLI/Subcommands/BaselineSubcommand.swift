import Foundation
import LoginConformance

/// `baseline update`: a run, then the baseline it gives, written all or nothing; never from a run with an incident.
struct BaselineSubcommand: OptionsSubcommand {
    static let name = "baseline"
    static let synopsis = "baseline update"
    static let help = ["run, then write the baseline named by --baseline (known failures, sorted, stable)"]
    let tool: CommandLineTool

    func run(options: CommandLineOptions) throws -> ExitCode {
        guard options.positional == ["update"] else {
            throw CommandLineOptions.UsageError(description: "use: baseline update --baseline <file>")
        }
        guard let url = options.baseline else {
            throw CommandLineOptions.UsageError(description: "baseline update needs --baseline <file>")
        }
        let previous = FileManager.default.fileExists(atPath: url.path) ? try Baseline.load(from: url) : nil
        let suite = try options.loadSuite()
        try tool.checkBaselineVersion(previous, suite: suite, url: url)
        let execution = try tool.execute(options, suite: suite)
        let run = execution.run
        if let previous, previous.profile != run.profile {
            throw CommandLineOptions.UsageError(
                description: "\(url.path) is the baseline of profile \(previous.profile.rawValue), the run is for \(run.profile.rawValue); choose another file")
        }
        if let previous, let recorded = previous.implementation, recorded != execution.implementation.name {
            throw CommandLineOptions.UsageError(
                description: "\(url.path) is the baseline of \(recorded), this run checked \(execution.implementation.name); "
                    + "give the same --adapter, or delete the file to start a baseline for another implementation")
        }
        if !run.incidents.isEmpty {
            for incident in run.incidents { tool.output.problem("[\(incident.kind.rawValue)] \(FailureMessage.line(incident.message))") }
            tool.output.problem("error: the run was not whole (see above); the baseline was not written")
            if let signal = execution.interruption { return ExitCode.interrupted(by: signal) }
            return .implementationUnavailable
        }
        var baseline = Baseline(run: run, previous: previous, implementation: execution.implementation.name)
        // Vectors this run did not select keep their entries, as long as they still exist.
        let ran = Set(run.results.map(\.id))
        var kept = 0
        for (id, entry) in previous?.knownFailures ?? [:] where !ran.contains(id) && suite.vector(withID: id) != nil {
            baseline.knownFailures[id] = entry
            kept += 1
        }
        try tool.writeFiles([(url, baseline.fileText())])
        tool.output.line("wrote \(url.path): \(baseline.knownFailures.count) known failures"
            + (kept > 0 ? " (\(kept) kept from vectors this run did not select)" : "")
            + " for suite \(baseline.suiteVersion), profile \(baseline.profile.rawValue)")
        return .passed
    }
}
