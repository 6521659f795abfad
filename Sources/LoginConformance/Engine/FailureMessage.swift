import Foundation

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
            lines.append("  expected: \(visible(mismatch.expected))")
            lines.append("  actual:   \(visible(mismatch.actual))")
        case .errored(let message):
            lines.append("  error: \(message)")
        case .crashed(let message):
            lines.append("  crash: \(message)")
        case .hung(let message):
            lines.append("  hang: \(message)")
        case .skipped(let reason):
            lines.append("  skipped: \(reason)")
        case .passed:
            lines.append("  passed")
        case .lenient(let leniency):
            lines.append("  lenient: \(leniency.summary)")
            lines.append("  preferred: \(visible(leniency.preferred))")
            lines.append("  actual:    \(visible(leniency.actual))")
        }
        if let vector {
            lines.append("  input:    \(visible(vector.inputJSON()))")
        }
        if let diagnostics = result.diagnostics?.trimmingCharacters(in: .whitespacesAndNewlines), !diagnostics.isEmpty {
            let shown = diagnostics.count > 2_000 ? String(diagnostics.prefix(2_000)) + "… (\(diagnostics.count - 2_000) more characters)" : diagnostics
            lines.append("  stderr:   " + visible(shown).replacingOccurrences(of: "\n", with: "\n            "))
        }
        let profiles = result.metadata.profiles.map { $0.map(\.rawValue).sorted().joined(separator: ", ") } ?? "all"
        lines.append("  severity: \(result.metadata.severity.rawValue) · profiles: \(profiles) · refs: \(result.metadata.refs.joined(separator: "; "))")
        lines.append("  rerun:    \(rerunCommand)")
        return lines.joined(separator: "\n")
    }

    /// The CLI command that reruns one vector against the bundled reference implementation's runner.
    ///
    /// Deprecated: how a rerun is spelled belongs to the runner that prints it (the CLI adds the options that
    /// change the outcome and the way it was started; the Swift Testing layer its own filter). Removed in 0.5.0.
    @available(*, deprecated, message: "the runner that prints a failure supplies its own rerun command; pass it to text(for:vector:rerunCommand:)")
    public static func cliRerunCommand(id: String, profile: ConformanceProfile) -> String {
        "swift run login-conformance run --profile \(profile.rawValue) --vector '\(id)'"
    }

    /// JSON text with every character a reader cannot see escaped as `\uXXXX`: separators and whitespace other
    /// than the ASCII space, controls, format characters (U+200B, U+FEFF, bidi marks), private use and unassigned
    /// code points. A vector about U+200B must not print as if the character were absent.
    public static func visible(_ json: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            guard isInvisible(scalar) else {
                result.append(scalar)
                continue
            }
            for unit in String(scalar).utf16 {
                let hex = String(unit, radix: 16)
                result.append(contentsOf: "\\u\(String(repeating: "0", count: 4 - hex.count))\(hex)".unicodeScalars)
            }
        }
        return String(result)
    }

    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return false }
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format, .privateUse, .unassigned,
             .surrogate, .nonspacingMark, .enclosingMark:
            return true
        default:
            return scalar.properties.isWhitespace || scalar.properties.isDefaultIgnorableCodePoint
        }
    }
}
