import Foundation
import LoginConformance
import Testing
import LoginConformanceTestSupport

/// The completeness blind rounds' in-process lane, measured: each round's latest record is what this tree's vectors
/// give. Every base and bug of every round runs over its family's vectors in child processes
/// (``IsolatedEvaluation``): deliberately slow end-to-end work, so the slow command's (``SlowCommand``).
@Suite struct CompletenessRoundSlowTests {
    /// The command that rewrites the latest records from this tree's vectors.
    static let refresh = "\(GeneratedDocument.updateVariable)=1 \(SlowCommand.variable)=1 swift test --filter CompletenessRoundSlowTests"

    @Test("each round's latest in-process record is what this tree's vectors give", .slow, arguments: CompletenessRound.all.map(\.number))
    func latest(number: Int) throws {
        let round = try #require(CompletenessRound.all.first { $0.number == number })
        let url = round.recordURL(lane: "in-process", kind: "latest")
        let current = RoundRecord(round: number, lane: "in-process",
                                  runs: [try RoundRecord.Run(round: round, suite: .bundled(), source: "bundled", commit: nil)])
        #expect(current.runs[0].bugs.map(\.name) == round.bugNames, "round \(number): the run's bugs are not the round's")
        if ProcessInfo.processInfo.environment[GeneratedDocument.updateVariable] == "1" {
            try Data(current.fileText().utf8).write(to: url)
            return
        }
        let committed = try #require(try RoundRecord.load(url), "\(url.path) is missing: \(Self.refresh)")
        let old = Dictionary(uniqueKeysWithValues: (committed.runs.first?.bugs ?? []).map { ($0.name, $0) })
        for bug in current.runs[0].bugs where old[bug.name] != bug {
            Issue.record("round \(number), \(bug.name): recorded \(old[bug.name].map { $0.killers.isEmpty ? "survived" : "killed by \($0.killers.count)" } ?? "nothing"), now \(bug.killers.isEmpty ? "survives" : "killed by \(bug.killers.count)"); refresh: \(Self.refresh)")
        }
        // The records are long: say that it is stale and how to refresh it, not the whole of both.
        if committed != current {
            Issue.record("\(url.path) is stale (suite \(committed.runs.first?.suiteVersion ?? "none") recorded, \(current.runs[0].suiteVersion) now): \(Self.refresh)")
        }
    }
}
