import Foundation

/// Where the CLI writes: standard output and standard error, or buffers in tests.
final class CommandOutput: @unchecked Sendable {
    private let writeOut: (String) -> Void
    private let writeError: (String) -> Void

    init(out: @escaping (String) -> Void, error: @escaping (String) -> Void) {
        writeOut = out
        writeError = error
    }

    /// The process's standard output and standard error.
    static var standard: CommandOutput {
        CommandOutput(
            out: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
            error: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
    }

    /// Writes a line to standard output.
    func line(_ text: String = "") { writeOut(text) }
    /// Writes a line to standard error.
    func problem(_ text: String) { writeError(text) }
}
