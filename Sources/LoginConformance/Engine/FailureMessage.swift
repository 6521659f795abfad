/// The text of a failed or errored vector, the same in the CLI and the Swift Testing runner: which vector, why it
/// matters, expected against actual, the input, and one command that reruns just that vector.
public enum FailureMessage {
    /// A multi-line message for `result`; `vector` adds the input when given.
    public static func text(
        for result: VectorResult, vector: (any ConformanceVector)?, rerunCommand: String
    ) -> String {
        var lines = ["\(result.id) — \(result.metadata.description)"]
        switch result.outcome {
        case .failed(let mismatch):
            lines.append("  \(mismatch.summary)")
            lines.append("  expected: \(mismatch.expected)")
            lines.append("  actual:   \(mismatch.actual)")
        case .errored(let message):
            lines.append("  error: \(message)")
        case .skipped(let reason):
            lines.append("  skipped: \(reason)")
        case .passed:
            lines.append("  passed")
        }
        if let vector {
            lines.append("  input:    \(vector.inputJSON())")
        }
        let profiles = result.metadata.profiles.map { $0.map(\.rawValue).sorted().joined(separator: ", ") } ?? "all"
        lines.append("  severity: \(result.metadata.severity.rawValue) · profiles: \(profiles) · refs: \(result.metadata.refs.joined(separator: "; "))")
        lines.append("  rerun:    \(rerunCommand)")
        return lines.joined(separator: "\n")
    }

    /// The CLI command that reruns one vector against the bundled reference implementation's runner.
    public static func cliRerunCommand(id: String, profile: ConformanceProfile) -> String {
        "swift run login-conformance run --profile \(profile.rawValue) --vector '\(id)'"
    }
}
