import Foundation

/// The text of a failed or errored vector, the same in the CLI and the Swift Testing runner: which vector, why it
/// matters, expected against actual, the input, and one command that reruns just that vector.
public enum FailureMessage {
    /// A multi-line message for `result`; the input is shown from `vector`, or else from the vector the result
    /// carries.
    public static func text(
        for result: VectorResult, vector: (any ConformanceVector)? = nil, rerunCommand: String
    ) -> String {
        let vector = vector ?? result.vector
        var lines = ["\(line(result.id)) — \(line(result.metadata.description))"]
        switch result.outcome {
        case .failed(let mismatch):
            lines.append("  \(line(mismatch.summary))")
            lines.append("  expected: \(visible(mismatch.expected))")
            lines.append("  actual:   \(visible(mismatch.actual))")
        case .errored(let message):
            lines.append("  error: \(line(message))")
        case .crashed(let message):
            lines.append("  crash: \(line(message))")
        case .hung(let message):
            lines.append("  hang: \(line(message))")
        case .skipped(let reason):
            lines.append("  skipped: \(line(reason))")
        case .passed:
            lines.append("  passed")
        case .lenient(let leniency):
            lines.append("  lenient: \(line(leniency.summary))")
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
        lines.append("  severity: \(result.metadata.severity.rawValue) · profiles: \(profiles) · refs: \(line(result.metadata.refs.joined(separator: "; ")))")
        lines.append("  rerun:    \(line(rerunCommand))")
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

    /// Text with every character a reader cannot see, or that a terminal would act on, escaped as `\uXXXX`:
    /// separators and whitespace other than the ASCII space, controls (every C0 control but LF and TAB, DEL, C1),
    /// format characters (U+200B, U+FEFF, bidi marks), private use and unassigned code points. A vector about U+200B must not print as if the character were absent.
    public static func visible(_ json: String) -> String {
        if isPrintableASCII(json) { return json }  // the common case, checked byte by byte
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

    /// One field of a one-line-per-field message: ``visible(_:)``, with line feeds escaped too, so no field (an ID,
    /// an adapter's message) can start a line of its own or split the rerun line.
    public static func line(_ text: String) -> String {
        visible(text).replacingOccurrences(of: "\n", with: "\\u000a").replacingOccurrences(of: "\t", with: "\\u0009")
    }

    /// Whether `text` is printable ASCII, line feeds and tabs only: nothing in it ``visible(_:)`` escapes.
    static func isPrintableASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for byte in bytes where !((0x20..<0x7f).contains(byte) || byte == 0x0a || byte == 0x09) { return false }
            return true
        }
    }

    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII controls other than LF and TAB (ESC, BEL, CR, DEL…) would act on a terminal: a crafted message
        // could clear the screen or set the window title.
        if scalar.isASCII { return (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || scalar.value == 0x7f }
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format, .privateUse, .unassigned,
             .surrogate, .nonspacingMark, .enclosingMark:
            return true
        default:
            return scalar.properties.isWhitespace || scalar.properties.isDefaultIgnorableCodePoint
        }
    }
}
