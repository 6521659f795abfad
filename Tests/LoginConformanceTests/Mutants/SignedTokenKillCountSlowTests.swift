import Testing
import LoginConformanceMutants
import LoginConformanceTestSupport

/// No kill by accident: every signed-token mutant is killed by at least two vectors, or
/// ``SignedTokenMutants/oneVectorIsEnough`` says why one is, and no such reason outlives its single kill.
/// The slow command's (``SlowCommand``): it reads the whole catalogue's run.
@Suite("Signed-token kill counts", .slow)
struct SignedTokenKillCountSlowTests {
    @Test("each signed-token mutant is killed by two or more vectors, or says why one is enough")
    func killedTwiceOrExplained() throws {
        let run = try MutationRun.bundled.get()
        let outcomes = run.outcomes.filter { $0.mutant.family == .signedToken }
        #expect(outcomes.count >= 70, "the signed-token catalogue has \(outcomes.count) mutants; the catalogue promises at least 70")
        for outcome in outcomes where outcome.killers.count == 1 {
            #expect(SignedTokenMutants.oneVectorIsEnough[outcome.mutant.name] != nil,
                    "\(outcome.mutant.name) is killed by \(outcome.killers[0]) alone: add a second vector for its bug in Scripts/vectorgen/signed_token.py, or say in SignedTokenMutants.oneVectorIsEnough why one input is all the bug changes")
        }
        let single = Set(outcomes.filter { $0.killers.count == 1 }.map(\.mutant.name))
        for name in SignedTokenMutants.oneVectorIsEnough.keys.sorted() where !single.contains(name) {
            Issue.record("SignedTokenMutants.oneVectorIsEnough names \(name), which is not a signed-token mutant killed by exactly one vector: remove the entry")
        }
    }
}
