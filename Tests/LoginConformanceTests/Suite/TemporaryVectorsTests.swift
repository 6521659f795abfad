import Foundation
import LoginConformance
import LoginConformanceTools
import Testing
import LoginConformanceTestSupport

/// The restricted copies tests break on purpose start clean: each family alone loads and lints without a problem,
/// so a problem a test finds in one is the one it made.
@Suite("Temporary vectors")
struct TemporaryVectorsTests {
    @Test("a copy restricted to one family loads that family's vectors whole and lints clean",
          arguments: try VectorSuite.bundled().families.map(\.rawValue))
    func restrictedCopyIsClean(family: String) throws {
        let vectors = try TemporaryVectors(families: [family])
        let suite = try vectors.load()
        let bundled = try VectorSuite.bundled()
        #expect(suite.families.map(\.rawValue).contains(family))
        #expect(suite.families.count < bundled.families.count)
        #expect(suite.vectors.map(\.metadata.id) == bundled.vectors.filter { suite.families.contains($0.family) }.map(\.metadata.id))
        let problems = VectorLint.lint(directory: vectors.directory)
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
    }
}
