import Foundation
import LoginConformance
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the CLI writes: standard output and standard error, or buffers in tests.
final class CommandOutput: @unchecked Sendable {
    private let writeOut: (String) -> Void
    private let writeError: (String) -> Void

    init(out: @escaping (String) -> Void, error: @escaping (String) -> Void) {
        writeOut = out
        writeError = error
    }

    /// The process's standard output and standard error. A stream that is closed, whose reader went away
    /// (`run … | head -1`) or that is full (`2>/dev/full`) ends that stream's output, silently: the reports are
    /// files, written first, and the exit status still says the verdict. Never a crash (`FileHandle.write` traps).
    static var standard: CommandOutput {
        let out = TerminalStream(descriptor: 1), error = TerminalStream(descriptor: 2)
        return CommandOutput(out: { out.write($0 + "\n") }, error: { error.write($0 + "\n") })
    }

    /// Writes a line to standard output. Whatever it holds (an adapter's name or message, a vector's text), no
    /// control character reaches the terminal: each is shown escaped (``FailureMessage/visible(_:)``).
    func line(_ text: String = "") { writeOut(FailureMessage.visible(text)) }
    /// Writes a line to standard error, escaped as ``line(_:)`` is.
    func problem(_ text: String) { writeError(FailureMessage.visible(text)) }
}

/// One of the process's standard streams, written with `write(2)`: `EPIPE`, `EBADF`, `ENOSPC` or any other
/// error ends its output for the rest of the run (SIGPIPE is ignored, so a reader that went away is an error).
final class TerminalStream: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var ended = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
        signal(SIGPIPE, SIG_IGN)
    }

    /// Whether an error has ended this stream's output.
    var hasEnded: Bool { lock.withLock { ended } }

    func write(_ text: String) {
        lock.withLock {
            guard !ended else { return }
            if DescriptorWriting.writeAll(Array(text.utf8), to: descriptor) != nil { ended = true }
        }
    }
}
