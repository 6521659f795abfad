/// Something that happened to a run as a whole, which no single vector's result says: the run was interrupted by a
/// signal, the adapter exited when nobody asked it to, or it could not be (re)started. A run with an incident is
/// never `passed`: its results are not the whole answer (Vectors/HARNESS.md, "Verdicts").
public struct RunIncident: Error, Sendable, Hashable, Codable {
    /// What kind of incident.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A signal (SIGINT, SIGTERM, SIGHUP) ended the run early; the vectors not run are skips "not run: …".
        case interrupted
        /// The adapter exited (or closed its output) when no vector's result explains it: its exit status is here.
        case adapterExited
        /// The adapter could not be started, failed its handshake, or exhausted the restart budget.
        case adapterUnavailable
    }

    /// What kind of incident.
    public let kind: Kind
    /// What happened, for a person: the signal, the exit status, the vector answered last.
    public let message: String
    /// For ``Kind/interrupted``: the signal's name (`SIGINT`, `SIGTERM`, `SIGHUP`).
    public let signal: String?
    /// How many selected vectors did not run because of it (0 when every one ran).
    public let notRun: Int

    public init(kind: Kind, message: String, signal: String? = nil, notRun: Int = 0) {
        self.kind = kind
        self.message = message
        self.signal = signal
        self.notRun = notRun
    }
}
