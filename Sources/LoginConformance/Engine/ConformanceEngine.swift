/// Runs one implementation against the vectors of one profile and yields one ``VectorResult`` per vector.
///
/// Framework-neutral: it returns results or throws, and imports no test framework, so Swift Testing, XCTest, the
/// CLI and plain code all share it. An implementation is any value: for each vector the engine asks whether it
/// adopts the family's protocol (``NonceValidating``, ``LoginConfigurationBuilding``, ``LoginResultResolving``,
/// ``TokenClaimsValidating``) and reports the vector as skipped when it does not.
public struct ConformanceEngine: Sendable {
    /// The vectors.
    public let suite: VectorSuite

    public init(suite: VectorSuite) {
        self.suite = suite
    }

    /// The vectors a run would check. Throws when nothing is selected: a run that checks nothing is never a pass.
    public func plan(
        profile: ConformanceProfile, families: Set<ConformanceFamily>? = nil, selection: VectorSelection = .all
    ) throws(ConformanceRunError) -> [any ConformanceVector] {
        let vectors = suite.vectors(for: profile, families: families, selection: selection)
        guard !vectors.isEmpty else {
            throw ConformanceRunError.noVectorsSelected(
                "no vector of profile \(profile.rawValue)"
                + (families.map { " in \($0.sorted().map(\.rawValue).joined(separator: ", "))" } ?? "")
                + " matches \(selection)")
        }
        return vectors
    }

    /// Runs `implementation` against the planned vectors.
    public func run(
        _ implementation: any ConformanceSubject, profile: ConformanceProfile, families: Set<ConformanceFamily>? = nil,
        selection: VectorSelection = .all
    ) throws(ConformanceRunError) -> ConformanceRun {
        let vectors = try plan(profile: profile, families: families, selection: selection)
        return ConformanceRun(
            suiteVersion: suite.suiteVersion, profile: profile,
            results: vectors.map { Self.evaluate($0, against: implementation) })
    }

    /// Evaluates one vector, timing the implementation.
    public static func evaluate(_ vector: any ConformanceVector, against implementation: any ConformanceSubject) -> VectorResult {
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = vector.evaluate(against: implementation)
        return VectorResult(metadata: vector.metadata, family: vector.family, outcome: outcome,
                            duration: clock.now - start)
    }
}

/// A run that cannot be made as asked: a configuration problem, never an implementation failure.
public enum ConformanceRunError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The profile, families and selection leave no vector to run.
    case noVectorsSelected(String)

    public var description: String {
        switch self {
        case .noVectorsSelected(let detail): "nothing to check: \(detail)"
        }
    }
}
