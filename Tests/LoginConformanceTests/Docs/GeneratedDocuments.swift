import Foundation
import LoginConformance
@testable import LoginConformanceTools
import Testing
import LoginConformanceTestSupport

/// The generated documents under `docs/`, and the generated family tables of the DocC articles, are exactly what the
/// current vectors, rule catalogue, registry and mutants give. Refresh them with ``GeneratedDocument/refreshCommand``,
/// which turns on the slow command's tests too: the two documents of the mutation run are ``GeneratedDocumentsSlowTests``.
@Suite("Generated documents")
struct GeneratedDocuments {
    @Test("the DocC articles' family tables are current: every registered family, its protocol, types and rules",
          arguments: FamilyTableSection.articles)
    func familyTable(article: String) throws {
        let suite = try VectorSuite.bundled()
        let url = GeneratedDocument.repositoryRoot.appendingPathComponent(article)
        let committed = try String(contentsOf: url, encoding: .utf8)
        let table = FamilyTableSection.table(suite: suite, catalogue: try RuleCatalogue.load(from: suite.directory))
        guard let text = FamilyTableSection.replacing(in: committed, with: table) else {
            Issue.record("""
                \(article): the generated family table needs its two marker lines, once each and in order:
                \(FamilyTableSection.begin)
                \(FamilyTableSection.end)
                """)
            return
        }
        try GeneratedDocument(path: article, text: text).checkCommitted()
    }

    @Test("README.md's family table (the vector generator's, from the family modules) names every registered family with its protocol, in the registry's order")
    func readmeFamilyTable() throws {
        let readme = try String(contentsOf: GeneratedDocument.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let rows = readme.split(separator: "\n").compactMap { line -> (family: String, protocolName: String)? in
            guard let match = line.wholeMatch(of: /\| `([a-z0-9-]+)` \| `(\w+)` \| .* \| \d+ \|/) else { return nil }
            return (String(match.1), String(match.2))
        }
        let registered = FamilyRegistry.standard.definitions.map { $0.family }
        #expect(rows.map(\.family) == registered.map(\.rawValue))
        #expect(rows.map(\.protocolName) == registered.map(\.protocolName), "each family module's PROTOCOL is its Swift protocol")
    }
}

/// The documents of the catalogue's whole mutation run (the slow command, ``SlowCommand``).
@Suite("Generated documents of the mutation run", .slow)
struct GeneratedDocumentsSlowTests {
    @Test("docs/generated/rule-coverage.md is current: rule → accepting and refusing vectors → mutants killed")
    func ruleCoverage() throws {
        let suite = try VectorSuite.bundled()
        let text = RuleCoverageDocument.render(
            coverage: try RuleCoverage(directory: suite.directory), run: try MutationRun.bundled.get(), suite: suite)
        try GeneratedDocument(path: RuleCoverageDocument.path, text: text).checkCommitted()
    }

    @Test("docs/generated/mutation-report.md is current: the score and, per mutant, the vectors that kill it")
    func mutationReport() throws {
        let text = try MutationReportDocument.render(run: try MutationRun.bundled.get())
        try GeneratedDocument(path: MutationReportDocument.path, text: text).checkCommitted()
    }
}
