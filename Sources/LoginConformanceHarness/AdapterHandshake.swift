import LoginConformance
/// What an adapter says about itself in the handshake (`Vectors/HARNESS.md`).
public struct AdapterHandshake: Sendable, Hashable {
    /// Who it is.
    public let implementation: ImplementationInfo
    /// The families it implements; the others' vectors are skipped without being sent.
    public let capabilities: Set<ConformanceFamily>
    /// The profile it claims.
    public let profile: ConformanceProfile
}
