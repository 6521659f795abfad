/// How an adapter's process ended, as a value: the runner and `smoke` compare this, never its wording.
package enum AdapterExit: Sendable, Hashable, CustomStringConvertible {
    /// It exited with `status` (`exit(status)`). A shell that ran the adapter as its child reports a signal as
    /// status 128 + N: ``description`` says so.
    case exited(status: Int32)
    /// A signal ended it.
    case killed(signal: Int32)
    /// It had not ended within the wait.
    case stillRunning
    /// It closed its standard output but lived on, and was killed: it could answer nothing more.
    case closedOutput
    /// No adapter was running.
    case notRunning
    /// The run's interrupt stopped it (``HarnessInterrupter``).
    case stoppedByInterrupt

    /// The wait status `status` of `waitpid`, as a value.
    init(waitStatus status: Int32) {
        let signal = status & 0x7f
        self = signal == 0 ? .exited(status: (status >> 8) & 0xff) : .killed(signal: signal)
    }

    /// Whether the adapter ended as the protocol asks after `stop`: status 0.
    package var isClean: Bool { self == .exited(status: 0) }

    /// `exited with status N`, `killed by signal N`, … (a shell's 128 + N is said too).
    package var description: String {
        switch self {
        case .exited(let code) where code > 128 && code < 160:
            "exited with status \(code) (killed by signal \(code - 128))"
        case .exited(let code): "exited with status \(code)"
        case .killed(let signal): "killed by signal \(signal)"
        case .stillRunning: "still running"
        case .closedOutput: "closed its standard output"
        case .notRunning: "not running"
        case .stoppedByInterrupt: "stopped by the interrupt"
        }
    }
}
