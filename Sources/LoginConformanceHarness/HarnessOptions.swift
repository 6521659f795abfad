import LoginConformance
/// How the subprocess harness runs an adapter.
public struct HarnessOptions: Sendable, Hashable {
    /// How long an answer may take before the vector is a hang and the adapter is killed.
    public var timeout: Duration
    /// How long the adapter may take to start and answer the handshake (a JVM or a first-run interpreter start
    /// takes seconds, an answer microseconds); never shorter than ``timeout``.
    public var startTimeout: Duration
    /// How many times the adapter may be restarted after a crash, a hang or a protocol violation.
    public var restartBudget: Int
    /// How many requests may be unanswered at a time (1: one at a time): a window, refilled once half of it is
    /// answered, not a lock step (Vectors/HARNESS.md, "Batching").
    public var batchSize: Int
    /// The longest line of standard output accepted from the adapter, in bytes (without the newline); a longer
    /// line, or output that never ends a line, is an `error` for the vector in flight and is not kept.
    public var maxLineBytes: Int
    /// How long an adapter may take to exit after `stop` (to take the request, end its output and exit), or after
    /// SIGTERM on an interrupt, before its process group is killed.
    public var terminationGrace: Duration

    /// The default ``maxLineBytes``: 1 MiB.
    public static let defaultMaxLineBytes = 1 << 20

    public init(
        timeout: Duration = .seconds(10), restartBudget: Int = 10, batchSize: Int = 1,
        startTimeout: Duration = .seconds(30), maxLineBytes: Int = HarnessOptions.defaultMaxLineBytes,
        terminationGrace: Duration = .seconds(2)
    ) {
        self.maxLineBytes = max(1, maxLineBytes)
        self.terminationGrace = terminationGrace
        self.timeout = timeout
        self.startTimeout = max(startTimeout, timeout)
        self.restartBudget = restartBudget
        self.batchSize = max(1, batchSize)
    }
}
