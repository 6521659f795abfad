import LoginConformance
@testable import LoginConformanceTools
import Testing

/// The generated documents under `docs/` are exactly what the current vectors, rule catalogue and mutants give.
/// Refresh both with `LOGIN_CONFORMANCE_UPDATE_DOCS=1 swift test --filter GeneratedDocuments`.
@Suite("Generated documents")
struct GeneratedDocuments {
    @Test("docs/rule-coverage.md is current: rule → accepting and refusing vectors → mutants killed")
    func ruleCoverage() throws {
        let suite = try VectorSuite.bundled()
        let text = RuleCoverageDocument.render(
            coverage: try RuleCoverage(directory: suite.directory), run: try MutationRun.bundled.get(),
            vectorCount: suite.vectors.count)
        try GeneratedDocument(path: RuleCoverageDocument.path, text: text).checkCommitted()
    }

    @Test("docs/mutation-report.md is current: the score and, per mutant, the vectors that kill it")
    func mutationReport() throws {
        let text = MutationReportDocument.render(run: try MutationRun.bundled.get())
        try GeneratedDocument(path: MutationReportDocument.path, text: text).checkCommitted()
    }
}
