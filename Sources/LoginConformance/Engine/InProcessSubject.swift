/// A Swift implementation in this process, run by the engine: each vector is evaluated by a direct call to the
/// family protocol it adopts (a family it does not adopt is skipped).
public final class InProcessSubject: RunnableSubject {
    /// The implementation.
    public let implementation: any ConformanceSubject
    /// Who it is, for the reports.
    public let info: ImplementationInfo

    public init(_ implementation: any ConformanceSubject, info: ImplementationInfo) {
        self.implementation = implementation
        self.info = info
    }

    public func open() -> Result<SubjectOpening, RunIncident> {
        .success(SubjectOpening(implementation: info, profile: nil))
    }

    public func answer(_ vectors: [any ConformanceVector]) -> (results: [VectorResult], incidents: [RunIncident]) {
        (vectors.map { ConformanceEngine.evaluate($0, against: implementation) }, [])
    }

    public func close() {}
}
