import Foundation
import LoginConformance
import LoginConformanceMutants
import LoginConformanceTestSupport

/// Every mutant run through ``ConformanceEngine`` against its family in the profile it claims, once per test
/// process (the tests and both generated documents read the same run).
struct MutationRun: Sendable {
    /// One mutant's outcome.
    struct Outcome: Sendable {
        let mutant: Mutant
        /// The vectors it fails or errors on, in suite order: the vectors that kill it.
        let killers: [String]
        /// How many vectors were checked.
        let checked: Int

        var survived: Bool { killers.isEmpty }
    }

    /// One outcome per mutant, in catalogue order.
    let outcomes: [Outcome]
    /// Each vector's rules, to say which rules killed which mutants.
    let rulesByVector: [String: [String]]

    /// The run of ``Mutant/all`` against the bundled vectors, in child processes (``IsolatedEvaluation``, one per
    /// core): a mutant that crashes is killed by the vector in flight.
    static let bundled: Result<MutationRun, any Error> = Result {
        let suite = try VectorSuite.bundled()
        let failures = try IsolatedEvaluation.failures(of: .init(kind: "catalogue", suite: "bundled"),
                                                       shards: ProcessInfo.processInfo.activeProcessorCount)
        return MutationRun(suite: suite, outcomes: zip(Mutant.all, failures).map { mutant, failed in
            Outcome(mutant: mutant, killers: failed[0],
                    checked: suite.vectors(for: mutant.profile, families: [mutant.family]).count)
        })
    }

    private init(suite: VectorSuite, outcomes: [Outcome]) {
        self.outcomes = outcomes
        rulesByVector = Dictionary(uniqueKeysWithValues: suite.vectors.map { ($0.metadata.id, $0.metadata.rules) })
    }

    /// `mutants` against `suite` in this process (a mutant that crashes ends the process: ``bundled`` isolates them).
    init(suite: VectorSuite, mutants: [Mutant]) {
        // The mutants are independent: run them on every core.
        let slots = OutcomeSlots(count: mutants.count)
        DispatchQueue.concurrentPerform(iterations: mutants.count) { index in
            let mutant = mutants[index]
            let vectors = suite.vectors(for: mutant.profile, families: [mutant.family])
            let killers = vectors.filter { ConformanceEngine.evaluate($0, against: mutant.implementation).outcome.isProblem }
            slots.set(index, Outcome(mutant: mutant, killers: killers.map(\.metadata.id), checked: vectors.count))
        }
        outcomes = slots.values
        rulesByVector = Dictionary(uniqueKeysWithValues: suite.vectors.map { ($0.metadata.id, $0.metadata.rules) })
    }

    /// The mutants no vector kills.
    var survivors: [Outcome] { outcomes.filter(\.survived) }

    /// Killed mutants over all mutants, in percent.
    var score: Double { outcomes.isEmpty ? 0 : Double(outcomes.count - survivors.count) * 100 / Double(outcomes.count) }

    /// The score as reports print it: `100.0% (111 of 111 mutants killed)`.
    var scoreLine: String {
        "\(String(format: "%.1f", score))% (\(outcomes.count - survivors.count) of \(outcomes.count) mutants killed)"
    }

    /// The mutants killed by at least one vector that names `ruleID`.
    func mutantsKilled(through ruleID: String) -> [String] {
        outcomes.filter { outcome in
            outcome.killers.contains { rulesByVector[$0]?.contains(ruleID) == true }
        }.map(\.mutant.name)
    }

    /// The rules named by the vectors that kill `outcome`'s mutant, most killing vectors first.
    func rules(killing outcome: Outcome) -> [String] {
        var counts: [String: Int] = [:]
        for id in outcome.killers {
            for rule in rulesByVector[id] ?? [] { counts[rule, default: 0] += 1 }
        }
        return counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map(\.key)
    }
}

/// The outcomes of a concurrent run, one slot per mutant.
private final class OutcomeSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [MutationRun.Outcome?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ outcome: MutationRun.Outcome) {
        lock.lock()
        defer { lock.unlock() }
        slots[index] = outcome
    }

    var values: [MutationRun.Outcome] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { $0! }
    }
}
