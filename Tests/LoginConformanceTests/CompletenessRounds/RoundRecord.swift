import Foundation
import LoginConformance
import LoginConformanceTestSupport

/// A blind round's record of one lane (`Tests/CompletenessRounds/round-<N>/<lane>.<kind>.json`), the same shape the
/// harness lane's `Scripts/mutation/completeness_round.py` writes: per suite version measured, each base's failures and each
/// bug's killers.
///
/// A bug is **killed** when it fails (or errors on) a vector its own base passes: the base is its writer's best
/// reading of the specification, so a vector both fail measures the base, not the bug (its failures are listed
/// under `base`, to be triaged on their own).
struct RoundRecord: Codable, Equatable {
    /// One run of every implementation of the lane against one suite.
    struct Run: Codable, Equatable {
        /// The suite version of the vectors measured.
        var suiteVersion: String
        /// The project's commit measured (`git rev-parse HEAD`, first runs only: a latest record would change with
        /// every commit).
        var commit: String?
        /// Each family's base: the vectors of its family and profile it fails.
        var bases: [Base]
        /// Each bug, in the round's order.
        var bugs: [Bug]
    }

    /// A base implementation's run.
    struct Base: Codable, Equatable {
        var family: String
        var profile: String
        /// The vectors of its family and profile.
        var checked: Int
        /// The vectors it fails or errors on.
        var fails: [String]
    }

    /// One bug's run.
    struct Bug: Codable, Equatable {
        /// `<family>.<bug>`.
        var name: String
        var family: String
        var profile: String
        /// The writer's one line: what it does wrong and the rule it breaks.
        var description: String
        var checked: Int
        /// The vectors it fails or errors on that its base passes; empty: it survived.
        var killers: [String]
    }

    /// 1, 2, …
    var round: Int
    /// `in-process` or `harness`.
    var lane: String
    /// One run per suite version, in the order they were measured.
    var runs: [Run]

    /// The record's text: sorted keys, two-space indentation, a final newline (byte-stable).
    func fileText() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }

    /// The record at `url`, or nil when there is none.
    static func load(_ url: URL) throws -> RoundRecord? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try JSONDecoder().decode(RoundRecord.self, from: Data(contentsOf: url))
    }
}

extension RoundRecord.Run {
    /// The in-process lane of `round` run against `suite` (`source`: `bundled` or the path of its `Vectors/`
    /// folder): every base and every bug, through ``ConformanceEngine``, each in a child process
    /// (``IsolatedEvaluation``): a bug that crashes fails the vector in flight.
    init(round: CompletenessRound, suite: VectorSuite, source: String, commit: String?) throws {
        var bases: [RoundRecord.Base] = []
        var bugs: [RoundRecord.Bug] = []
        let failures = try IsolatedEvaluation.failures(of: .init(kind: "round", round: round.number, suite: source),
                                                       shards: ProcessInfo.processInfo.activeProcessorCount)
        for ((family, type), failures) in zip(round.implementations, failures) {
            let descriptions = try round.bugDescriptions(of: type)
            let checked = suite.vectors(for: type.profile, families: [family]).count
            let baseFails = Set(failures[0])
            bases.append(.init(family: family.rawValue, profile: type.profile.rawValue, checked: checked,
                               fails: failures[0]))
            for (index, subject) in type.subjects.enumerated().dropFirst() {
                let bug = subject.bug!
                bugs.append(.init(name: CompletenessRound.bugName(family, bug), family: family.rawValue,
                                  profile: type.profile.rawValue, description: descriptions[bug] ?? "",
                                  checked: checked, killers: failures[index].filter { !baseFails.contains($0) }))
            }
        }
        self.init(suiteVersion: suite.manifest.suiteVersion, commit: commit, bases: bases, bugs: bugs)
    }
}
