import Foundation

/// Where the repository's files are, found from this file's own path
/// (`Tests/LoginConformanceTests/Support/RepositoryPaths.swift`): one place, so that a test file can move between
/// the subject folders without counting its way back to the root.
enum RepositoryPaths {
    /// The repository (package) root.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `relative` from the repository root.
    static func url(_ relative: String) -> URL {
        root.appendingPathComponent(relative)
    }
}
