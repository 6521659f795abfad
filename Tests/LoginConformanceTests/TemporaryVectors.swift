import Foundation
import LoginConformance

/// A copy of the bundled vectors in a fresh temporary folder, to be broken on purpose by a test.
struct TemporaryVectors {
    let directory: URL

    init() throws {
        let bundled = try VectorSuite.bundled().directory
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("login-conformance-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.copyItem(at: bundled, to: directory)
    }

    /// The path of `file` as the loader reports it.
    func path(_ file: String) -> String {
        directory.appendingPathComponent(file).path
    }

    /// Rewrites `file` after `transform` edits its JSON.
    func edit(_ file: String, _ transform: (inout [String: Any]) -> Void) throws {
        let url = directory.appendingPathComponent(file)
        var document = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        transform(&document)
        try JSONSerialization.data(withJSONObject: document).write(to: url)
    }

    /// Edits vector `index` of `file`.
    func editVector(_ file: String, at index: Int, _ transform: (inout [String: Any]) -> Void) throws {
        try edit(file) { document in
            var vectors = document["vectors"] as! [[String: Any]]
            transform(&vectors[index])
            document["vectors"] = vectors
        }
    }

    /// Replaces `file` with `text`.
    func write(_ file: String, _ text: String) throws {
        try Data(text.utf8).write(to: directory.appendingPathComponent(file))
    }

    /// Loads the (possibly broken) suite.
    func load() throws(VectorLoadError) -> VectorSuite {
        try VectorSuite.load(from: directory)
    }

    /// The error loading the suite throws; fails the caller when it loads.
    func loadError() -> VectorLoadError? {
        do {
            _ = try load()
            return nil
        } catch {
            return error
        }
    }
}
