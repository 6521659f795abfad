/// How the subprocess harness runs an adapter.
public struct HarnessOptions: Sendable, Hashable {
    /// How long an answer may take before the vector is a hang and the adapter is killed.
    public var timeout: Duration
    /// How long the adapter may take to start and answer the handshake (a JVM or a first-run interpreter start
    /// takes seconds, an answer microseconds); never shorter than ``timeout``.
    public var startTimeout: Duration
    /// How many times the adapter may be restarted after a crash, a hang or a protocol violation.
    public var restartBudget: Int
    /// How many requests are sent before the answers are read (1: one at a time).
    public var batchSize: Int

    public init(
        timeout: Duration = .seconds(10), restartBudget: Int = 10, batchSize: Int = 1,
        startTimeout: Duration = .seconds(30)
    ) {
        self.timeout = timeout
        self.startTimeout = max(startTimeout, timeout)
        self.restartBudget = restartBudget
        self.batchSize = max(1, batchSize)
    }
}
