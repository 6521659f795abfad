import Foundation
import LoginConformance
import Testing

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
    ///
    /// The file is read with the strict parser, not `JSONSerialization`, which on Linux drops a U+FEFF at the start
    /// of a string (so a second edit would silently change `nonce::not-whitespace::only-u+feff`).
    func edit(_ file: String, _ transform: (inout [String: Any]) -> Void) throws {
        let url = directory.appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        var document = try #require(JSONValue.parse(text)).foundationObject as! [String: Any]
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

extension JSONValue {
    /// The value as Foundation objects, for tests that edit vector files. A number is an `NSDecimalNumber`, which
    /// `JSONSerialization` writes digit for digit, when that holds it exactly (2^53 + 1 in a kept claim stays
    /// 2^53 + 1), else its `Double`.
    var foundationObject: Any {
        switch self {
        case .null: NSNull()
        case .bool(let value): value
        case .number(let value):
            JSONNumber(NSDecimalNumber(string: value.description).description) == value
                ? NSDecimalNumber(string: value.description) : value.doubleValue as Any
        case .string(let value): value
        case .array(let value): value.map(\.foundationObject)
        case .object(let value): value.mapValues(\.foundationObject)
        }
    }
}
