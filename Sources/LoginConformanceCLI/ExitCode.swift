/// The CLI's exit statuses, documented in `--help` and the README. They separate "the implementation is wrong"
/// from "the suite or the command is wrong" from "the implementation could not be run".
enum ExitCode: Int32, CaseIterable {
    /// Every checked vector passed.
    case passed = 0
    /// At least one vector failed or errored.
    case failures = 1
    /// A suite, vector or configuration problem: malformed vectors, a bad option, nothing selected or checked.
    case configurationProblem = 2
    /// The implementation or adapter could not be run.
    case implementationUnavailable = 3
    /// Interrupted by SIGHUP (128 + 1): the results gathered so far were reported.
    case hangUp = 129
    /// Interrupted by SIGINT (128 + 2, Ctrl-C).
    case interrupted = 130
    /// Interrupted by SIGTERM (128 + 15, a CI cancellation).
    case terminated = 143

    /// The status for an interrupt by `signal`: 128 + the signal.
    static func interrupted(by signal: Int32) -> ExitCode {
        ExitCode(rawValue: 128 + signal) ?? .interrupted
    }
}
