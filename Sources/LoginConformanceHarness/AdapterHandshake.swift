import LoginConformance
/// What an adapter says about itself in the handshake (`Vectors/HARNESS.md`).
package struct AdapterHandshake: Sendable, Hashable {
    /// Who it is.
    package let implementation: ImplementationInfo
    /// The families it implements; the others' vectors are skipped without being sent.
    package let capabilities: Set<ConformanceFamily>
    /// The profile it claims.
    package let profile: ConformanceProfile
}
