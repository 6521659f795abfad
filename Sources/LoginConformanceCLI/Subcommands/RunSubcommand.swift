import Foundation
import LoginConformance
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `run`: the suite as a regression gate, against the bundled reference or an adapter; reports, the terminal summary and
/// the exit status of the verdict.
struct RunSubcommand: OptionsSubcommand {
    static let name = "run"
    static let synopsis = "run"
    static let help = ["run the suite (the gate) against the bundled reference implementation, or --adapter"]
    let tool: CommandLineTool

    func run(options: CommandLineOptions) throws -> ExitCode {
        guard options.positional.isEmpty else {
            throw CommandLineOptions.UsageError(description: "run takes no arguments; got \(options.positional.joined(separator: " "))")
        }
        let suite = try options.loadSuite()
        // Nothing at all at the path (a broken link or a loop is not "missing": loading says what it is).
        var status = stat()
        if let url = options.baseline, lstat(url.path, &status) != 0, errno == ENOENT {
            // The first run of a gate: say how to write the baseline, with the options that reproduce this run.
            let same = RerunCommand(invocation: tool.invocation, profile: options.profile, options: options)
            let profile = options.profileGiven || options.adapter == nil ? ["--profile", options.profile.rawValue] : []
            let update = ([tool.invocation, "baseline", "update"] + profile + ["--baseline", CommandLineTool.shellQuoted(url.path)]
                + same.options).joined(separator: " ")
            throw CommandLineOptions.UsageError(
                description: "\(url.path) does not exist; write the first baseline (the known failures of this run) with: \(update)")
        }
        let baseline = try options.loadBaseline()
        try tool.checkBaselineVersion(baseline, suite: suite, url: options.baseline)
        let execution = try tool.execute(options, suite: suite)
        let gate = try ConformanceGate(
            suite: suite, profile: execution.run.profile, baseline: baseline, policy: options.policy)
        let report = gate.evaluate(execution.run, implementation: execution.implementation)
        try tool.writeReports(report, options: options, rerun: execution.rerun)
        RunReportPrinter(output: tool.output, verbose: options.verbose, baselineUpdate: options.baseline.map { execution.baselineUpdate($0.path) })
            .print(report, rerun: execution.rerun)
        switch report.verdict {
        case .interrupted:
            return execution.interruption.map(ExitCode.interrupted(by:)) ?? .interrupted
        case .faulted: return .implementationUnavailable
        case .passed: return .passed
        case .failed: return .failures
        case .staleBaseline: return .configurationProblem
        case .nothingChecked:
            tool.output.problem("error: every selected vector was skipped: the implementation adopts none of their protocols")
            return .configurationProblem
        }
    }
}
