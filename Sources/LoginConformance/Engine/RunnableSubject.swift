/// A subject as the engine runs it, wherever it answers: in this process (``InProcessSubject``) or in another,
/// behind an adapter (`AdapterSubject` in `LoginConformanceHarness`). The engine drives every subject through the
/// same three steps (`ConformanceEngine.run(_:profile:families:selection:)` with a subject), so the
/// CLI, the Swift Testing layer and a tool of your own share one pipeline.
public protocol RunnableSubject: AnyObject {
    /// Starts the subject (an adapter: its process and the handshake). The profile it claims and who it is, or
    /// the incident that kept it from starting (then every planned vector is reported as not run).
    func open() -> Result<SubjectOpening, RunIncident>
    /// Answers `vectors`: one result per vector, in order, and what happened to the run as a whole. Called at
    /// most once, after a successful ``open()``; the subject is closed when it returns.
    func answer(_ vectors: [any ConformanceVector]) -> (results: [VectorResult], incidents: [RunIncident])
    /// Ends the subject if it still runs (idempotent).
    func close()
}

/// What a subject says when it starts.
public struct SubjectOpening: Sendable, Hashable {
    /// Who is checked.
    public let implementation: ImplementationInfo
    /// The profile it claims (an adapter's handshake), or `nil` when it takes the one the run asks for.
    public let profile: ConformanceProfile?

    public init(implementation: ImplementationInfo, profile: ConformanceProfile?) {
        self.implementation = implementation
        self.profile = profile
    }
}
