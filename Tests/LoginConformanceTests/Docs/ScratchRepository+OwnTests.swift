import Foundation
import Testing
import LoginConformanceTestSupport

extension ScratchRepository {
    /// Refreshes the copy's generated documents with their command (``GeneratedDocument/refreshCommand``), then runs
    /// the copy's own `swift test` (the slow tests off), recording an issue with the failures when either fails: what a
    /// contributor runs after extending the toolkit. Returns the tests' output.
    @discardableResult
    func refreshDocumentsAndRunOwnTests(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let refresh = try Self.execute("/usr/bin/env", ["swift", "test", "--filter", "GeneratedDocuments"], in: root,
                                       environment: [GeneratedDocument.updateVariable: "1", SlowCommand.variable: "1"])
        #expect(refresh.status == 0, "\(GeneratedDocument.refreshCommand):\n\(refresh.output.suffix(4_000))",
                sourceLocation: sourceLocation)
        let tests = try Self.execute("/usr/bin/env", ["swift", "test"], in: root, environment: [SlowCommand.variable: "0"])
        let failures = tests.output.split(separator: "\n").filter { $0.contains("recorded an issue") && !$0.contains("known issue") }
        #expect(tests.status == 0, "swift test in the copy:\n\(failures.prefix(40).joined(separator: "\n"))\n\(tests.output.suffix(2_000))",
                sourceLocation: sourceLocation)
        return tests.output
    }
}
