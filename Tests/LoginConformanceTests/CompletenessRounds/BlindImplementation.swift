import LoginConformance
import LoginConformanceTestSupport

/// An implementation a completeness blind round's writer wrote from `Vectors/SPECIFICATION.md` and the protocols'
/// documentation alone, without sight of the vectors: a base as correct as its writer could make it, and
/// realistic bugs, each turned on by one knob. A round's files are kept verbatim as the module `BlindRound<N>`
/// (`Tests/CompletenessRounds/round-<N>/in-process/`: they are what was measured); a round registers them through
/// this protocol (``CompletenessRound``).
protocol BlindImplementation: ConformanceSubject, Sendable {
    /// The bugs, each named for what it does wrong; its `///` comment in the round's file names the rule it breaks.
    associatedtype Bug: RawRepresentable, CaseIterable, Sendable where Bug.RawValue == String
    /// The profile the base implements (SPECIFICATION.md §8): the base and every bug are run against its vectors.
    static var profile: ConformanceProfile { get }
    /// The base when `bug` is nil, otherwise the base with that one bug.
    init(bug: Bug?)
}

extension BlindImplementation {
    /// The family whose protocol the type adopts, found by running its base on one vector of each family of the
    /// standard registry: the one family whose vector is not skipped (a round registers types, never a family by
    /// hand); `nil` when none or several are.
    static var family: ConformanceFamily? {
        guard let suite = try? VectorSuite.bundled() else { return nil }
        let base = Self(bug: nil)
        let adopted = ConformanceFamily.allCases.filter { family in
            guard let vector = suite.vectors.first(where: { $0.family == family }) else { return false }
            if case .skipped = vector.evaluate(against: base) { return false }
            return true
        }
        return adopted.count == 1 ? adopted[0] : nil
    }


    /// The base and every bug, as subjects for the engine: `(nil, base)` first, then `(name, implementation)`.
    static var subjects: [(bug: String?, subject: any ConformanceSubject & Sendable)] {
        [(nil, Self(bug: nil))] + Bug.allCases.map { ($0.rawValue, Self(bug: $0)) }
    }
}
