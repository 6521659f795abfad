import Foundation

/// What an in-process run of the CLI printed: its standard output and standard error line by line, and both in the
/// order they were printed. Each test target that runs the CLI makes its `CommandOutput` from ``append(out:)`` and
/// ``append(error:)`` (the CLI's output type is internal to it).
package final class CapturedOutput: @unchecked Sendable {
    /// The lines of standard output.
    package private(set) var out: [String] = []
    /// The lines of standard error.
    package private(set) var error: [String] = []
    /// Both, in the order they were printed.
    package private(set) var lines: [String] = []

    package init() {}

    package func append(out line: String) {
        out.append(line)
        lines.append(line)
    }

    package func append(error line: String) {
        error.append(line)
        lines.append(line)
    }

    /// Standard output, one text.
    package var text: String { out.joined(separator: "\n") }
    /// Standard error, one text.
    package var errorText: String { error.joined(separator: "\n") }
    /// Both, one text, in the order they were printed.
    package var allText: String { lines.joined(separator: "\n") }
}
