/// Why an adapter could not be run (CLI exit status 3): distinct from an implementation that runs and fails.
public enum HarnessFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The process could not be started.
    case cannotStart(String)
    /// The adapter no longer reads its input.
    case cannotWrite(String)
    /// The handshake failed: no answer, a malformed answer, or another protocol version.
    case handshake(String)
    /// The adapter was restarted as often as allowed; the remaining vectors were not run.
    case restartBudgetExhausted(Int)

    public var description: String {
        switch self {
        case .cannotStart(let detail): "the adapter could not be started: \(detail)"
        case .cannotWrite(let detail): "the adapter does not read its input: \(detail)"
        case .handshake(let detail): "the adapter's handshake failed: \(detail)"
        case .restartBudgetExhausted(let count): "the adapter was restarted \(count) times, the limit; the remaining vectors were not run"
        }
    }
}
