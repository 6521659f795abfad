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
}
