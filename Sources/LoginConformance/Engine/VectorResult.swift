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

    public init(metadata: VectorMetadata, family: ConformanceFamily, outcome: VectorOutcome, duration: Duration) {
        self.metadata = metadata
        self.family = family
        self.outcome = outcome
        self.duration = duration
    }

    /// The vector's ID.
    public var id: String { metadata.id }

    /// The duration in seconds, for reports.
    public var durationSeconds: Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
