import Foundation
import Testing

/// A copy of the files git tracks (the tree a fresh clone has, with what is added but not yet committed) in a fresh
/// temporary folder, removed with the last value holding it: for the slow tests that extend the toolkit the way a
/// contributor would (a report format, a family) and build and run the copy.
package struct ScratchRepository {
    private let scratch: ScratchDirectory
    /// The copy's root.
    package var root: URL { scratch.url }

    /// Copies the tracked tree of the repository (``RepositoryPaths/root``) to a new folder named `prefix-<UUID>`.
    package init(prefix: String) throws {
        scratch = try ScratchDirectory(prefix: prefix)
        let listing = try Self.execute("/usr/bin/env", ["git", "-C", RepositoryPaths.root.path, "ls-files", "-z",
                                                        "--cached", "--others", "--exclude-standard"])
        try #require(listing.status == 0, "git ls-files failed (the test copies the tracked tree): \(listing.output)")
        let files = listing.output.split(separator: "\0").map(String.init)
        try #require(files.contains("Package.swift"))
        for file in files {
            let source = RepositoryPaths.root.appendingPathComponent(file), target = root.appendingPathComponent(file)
            guard FileManager.default.fileExists(atPath: source.path) else { continue }  // deleted, not yet committed
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source, to: target)
        }
    }

    /// The copy's file at `path` (from its root).
    package func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }

    /// Writes `text` to the copy's file at `path` (from its root), making its folders.
    package func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(at: url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url(path), atomically: true, encoding: .utf8)
    }

    /// Replaces the one line of the copy's `file` that contains `marker` with what `edit` makes of it; fails the test
    /// unless exactly one line contains it, so an edit never lands somewhere unexpected.
    package func editLine(of file: String, containing marker: String, _ edit: (String) -> String) throws {
        let url = url(file)
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        let found = lines.indices.filter { lines[$0].contains(marker) }
        try #require(found.count == 1, "\(file): one line containing `\(marker)` expected, found \(found.count)")
        lines[found[0]] = edit(lines[found[0]])
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
    }

    /// Runs the vector generator in the copy, then its `--check` and the schema validation, with the pinned Python
    /// tools (`bash Scripts/bootstrap.sh`); fails the test at the first step that fails, with its output.
    package func generateVectors() throws {
        let python = RepositoryPaths.root.appendingPathComponent(".venv/bin/python").path
        try #require(FileManager.default.isExecutableFile(atPath: python),
                     "the generator needs the pinned Python tools: run bash Scripts/bootstrap.sh")
        for arguments in [["Scripts/vectors/generate_vectors.py"], ["Scripts/vectors/generate_vectors.py", "--check"],
                          ["Scripts/vectors/validate_vectors.py"]] {
            let step = try Self.execute(python, arguments, in: root)
            try #require(step.status == 0, "\(arguments.joined(separator: " ")):\n\(step.output.suffix(4_000))")
        }
    }

    /// Builds the copy's CLI (a debug build) and returns a function that runs it in the copy; fails the test, saying
    /// what the copy holds (`what`), when the copy does not build.
    package func buildCLI(with what: String) throws -> ([String]) throws -> (status: Int32, output: String) {
        let build = try Self.execute("/usr/bin/env", ["swift", "build", "--product", "login-conformance",
                                                      "--package-path", root.path])
        try #require(build.status == 0, "the scratch copy with \(what) does not build:\n\(build.output.suffix(4_000))")
        let binary = url(".build/debug/login-conformance").path, root = root
        return { arguments in try Self.execute(binary, arguments, in: root) }
    }

    /// Runs `executable` with `arguments` (in `directory`, when given) and waits: its status and its standard
    /// output and error together.
    package static func execute(_ executable: String, _ arguments: [String], in directory: URL? = nil,
                                environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
