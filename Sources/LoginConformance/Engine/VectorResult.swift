/// One implementation's outcome on one vector, with the vector's identity and how long the answer took.
public struct VectorResult: Sendable {
    /// The vector's ID, description, severity, profiles and refs.
    public let metadata: VectorMetadata
    /// The vector's family.
    public let family: ConformanceFamily
    /// Pass, fail, skip or error.
    public let outcome: VectorOutcome
    /// The time the implementation took on this vector.
    public let duration: Duration
    /// What an out-of-process implementation wrote to standard error while answering, if anything.
    public let diagnostics: String?
    /// The vector that was run (its input, its expectation), so that a report shows the input without reaching
    /// back into the suite; `nil` for a result built without it.
    public let vector: (any ConformanceVector)?

    public init(
        metadata: VectorMetadata, family: ConformanceFamily, outcome: VectorOutcome, duration: Duration,
        diagnostics: String? = nil, vector: (any ConformanceVector)? = nil
    ) {
        self.metadata = metadata
        self.family = family
        self.outcome = outcome
        self.duration = duration
        self.diagnostics = diagnostics
        self.vector = vector
    }

    /// This result with another outcome (the harness amending a result after the fact).
    public func with(outcome: VectorOutcome) -> VectorResult {
        VectorResult(metadata: metadata, family: family, outcome: outcome, duration: duration,
                     diagnostics: diagnostics, vector: vector)
    }

    /// The vector's ID.
    public var id: String { metadata.id }

    /// The duration in seconds, for reports.
    public var durationSeconds: Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
