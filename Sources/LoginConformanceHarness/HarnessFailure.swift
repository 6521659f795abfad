import LoginConformance
/// Why an adapter could not be run (CLI exit status 3): distinct from an implementation that runs and fails.
package enum HarnessFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The process could not be started.
    case cannotStart(String)
    /// The adapter no longer reads its input.
    case cannotWrite(String)
    /// The handshake failed: no answer, a malformed answer, or another protocol version.
    case handshake(String)
    /// The adapter was restarted as often as allowed; the remaining vectors were not run.
    case restartBudgetExhausted(Int)
    /// The runner was interrupted by a signal (SIGINT, SIGTERM, SIGHUP); the remaining vectors were not run.
    case interrupted(signal: Int32)

    package var description: String {
        switch self {
        case .cannotStart(let detail): "the adapter could not be started: \(detail)"
        case .cannotWrite(let detail): "the adapter does not read its input: \(detail)"
        case .handshake(let detail): "the adapter's handshake failed: \(detail)"
        case .restartBudgetExhausted(let count): "the adapter was restarted \(count) times, the limit; the remaining vectors were not run"
        case .interrupted(let signal): "interrupted by \(Self.signalName(signal)); the adapter was stopped and the remaining vectors were not run"
        }
    }

    /// `SIGINT`, `SIGTERM`, `SIGHUP`, or `signal N`.
    package static func signalName(_ signal: Int32) -> String {
        switch signal {
        case 1: "SIGHUP"
        case 2: "SIGINT"
        case 15: "SIGTERM"
        default: "signal \(signal)"
        }
    }
}
