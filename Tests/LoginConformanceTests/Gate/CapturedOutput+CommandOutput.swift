@testable import LoginConformanceCLI
import LoginConformanceTestSupport

extension CapturedOutput {
    /// The CLI's output into this capture (the CLI's output type is internal to it: one such extension per test target).
    var output: CommandOutput { CommandOutput(out: { self.append(out: $0) }, error: { self.append(error: $0) }) }
}
