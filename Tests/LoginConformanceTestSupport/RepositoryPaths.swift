import Foundation

/// Where the repository's files are, found from this file's own path
/// (`Tests/LoginConformanceTestSupport/RepositoryPaths.swift`): one place, so that a test file can move between
/// the test targets and their folders without counting its way back to the root.
package enum RepositoryPaths {
    /// The repository (package) root.
    package static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `relative` from the repository root.
    package static func url(_ relative: String) -> URL {
        root.appendingPathComponent(relative)
    }

    /// The Python reference adapter (an adopter's example).
    package static let referenceAdapter = url("Examples/PythonAdapter/reference_adapter.py").path
    /// The adapter that misbehaves as its flags say (crashes, hangs, garbage: the runner's faults).
    package static let misbehavingAdapter = url("Tests/Adapters/misbehaving_adapter.py").path
    /// The adapter that attacks the runner as its flags say (floods, endless lines, daemons, signals).
    package static let hostileAdapter = url("Tests/Adapters/hostile_adapter.py").path
    /// The CLI built beside the test bundle (any scratch path), else in `.build/debug`.
    package static let cliBinary: String = {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("login-conformance").path
        return FileManager.default.isExecutableFile(atPath: besideTests)
            ? besideTests : root.appendingPathComponent(".build/debug/login-conformance").path
    }()
}
