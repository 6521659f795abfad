import Foundation
import LoginConformance
import Testing
import LoginConformanceTestSupport

/// A Markdown document under `docs/` that a test generates and compares with the committed file, so it never goes
/// stale: the test fails with the first differing line and the command that refreshes it.
struct GeneratedDocument {
    /// Set to `1` to write the documents instead of comparing them.
    static let updateVariable = "LOGIN_CONFORMANCE_UPDATE_DOCS"
    /// The command that rewrites every generated document.
    static let refreshCommand = "\(updateVariable)=1 \(SlowCommand.variable)=1 swift test --filter GeneratedDocuments"

    /// The path from the repository root: `docs/generated/rule-coverage.md`.
    let path: String
    /// The text the current vectors, rules and mutants give.
    let text: String

    /// The repository root.
    static let repositoryRoot = RepositoryPaths.root

    /// Writes the document when ``updateVariable`` is `1`; otherwise records an issue unless the committed file
    /// is exactly `text`.
    func checkCommitted(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = Self.repositoryRoot.appendingPathComponent(path)
        if ProcessInfo.processInfo.environment[Self.updateVariable] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            return
        }
        guard let committed = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("\(path) is missing. Generate it: \(Self.refreshCommand)", sourceLocation: sourceLocation)
            return
        }
        guard !committed.isCodePointEqual(to: text) else { return }
        let old = committed.components(separatedBy: "\n")
        let new = text.components(separatedBy: "\n")
        let line = zip(old, new).enumerated().first { !$0.element.0.isCodePointEqual(to: $0.element.1) }?.offset
            ?? min(old.count, new.count)
        Issue.record("""
            \(path) is stale: the vectors, the rule catalogue or the mutants changed. First difference, line \(line + 1):
              committed: \(line < old.count ? old[line] : "<end of file>")
              generated: \(line < new.count ? new[line] : "<end of file>")
            Refresh it and commit the result: \(Self.refreshCommand)
            """, sourceLocation: sourceLocation)
    }
}
