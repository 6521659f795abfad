/// Runs one implementation against the vectors of one profile and yields one ``VectorResult`` per vector.
///
/// Framework-neutral: it returns results or throws, and imports no test framework, so Swift Testing, XCTest, the
/// CLI and plain code all share it. An implementation is any ``ConformanceSubject``: for each vector the engine asks
/// whether it adopts the protocol of the vector's family (``VectorFamily/run(_:on:)``; the families are
/// ``FamilyRegistry``'s) and reports the vector as skipped when it does not.
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
        // A profile the suite does not list would get only the vectors that name no profile: a partial run that
        // looks whole. Refused instead.
        guard suite.profiles.contains(profile) else {
            throw ConformanceRunError.noVectorsSelected(
                "profile \(profile.rawValue) is not one of this suite's profiles (\(ConformanceProfile.listed(suite.profiles)))")
        }
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

    /// Runs `subject` — in this process or behind an adapter — against the planned vectors: opens it, plans the
    /// vectors of the profile it claims (or `profile`, or `documented`), has it answer them, closes it. A subject
    /// that cannot start still gives a run: every planned vector not run, with the incident that says why (a run
    /// with an incident is never `passed`). Throws when nothing is selected, or when `profile` contradicts the
    /// profile the subject claims.
    public func run(
        _ subject: some RunnableSubject, profile: ConformanceProfile? = nil, families: Set<ConformanceFamily>? = nil,
        selection: VectorSelection = .all
    ) throws(ConformanceRunError) -> (run: ConformanceRun, implementation: ImplementationInfo?) {
        defer { subject.close() }
        switch subject.open() {
        case .failure(let incident):
            let asked = profile ?? .documented
            let vectors = try plan(profile: asked, families: families, selection: selection)
            let notRun = vectors.map {
                VectorResult(metadata: $0.metadata, family: $0.family, outcome: .skipped(reason: "not run: \(incident.message)"),
                             duration: .zero, vector: $0)
            }
            let counted = RunIncident(kind: incident.kind, message: incident.message, signal: incident.signal,
                                      notRun: vectors.count)
            return (ConformanceRun(suiteVersion: suite.suiteVersion, profile: asked, results: notRun, incidents: [counted]), nil)
        case .success(let opening):
            if let profile, let claimed = opening.profile, profile != claimed {
                throw ConformanceRunError.profileMismatch(asked: profile, claimed: claimed)
            }
            let chosen = opening.profile ?? profile ?? .documented
            let vectors = try plan(profile: chosen, families: families, selection: selection)
            let (results, incidents) = subject.answer(vectors)
            return (ConformanceRun(suiteVersion: suite.suiteVersion, profile: chosen, results: results, incidents: incidents),
                    opening.implementation)
        }
    }

    /// Evaluates one vector, timing the implementation.
    public static func evaluate(_ vector: any ConformanceVector, against implementation: any ConformanceSubject) -> VectorResult {
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = vector.evaluate(against: implementation)
        return VectorResult(metadata: vector.metadata, family: vector.family, outcome: outcome,
                            duration: clock.now - start, vector: vector)
    }
}

/// A run that cannot be made as asked: a configuration problem, never an implementation failure.
public enum ConformanceRunError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The profile, families and selection leave no vector to run.
    case noVectorsSelected(String)
    /// The run asks for one profile, the subject (an adapter's handshake) claims another.
    case profileMismatch(asked: ConformanceProfile, claimed: ConformanceProfile)

    public var description: String {
        switch self {
        case .noVectorsSelected(let detail): "nothing to check: \(detail)"
        case .profileMismatch(let asked, let claimed):
            "the adapter claims profile \(claimed.rawValue) but --profile says \(asked.rawValue)"
        }
    }
}
