import Foundation
import LoginConformance
import Testing

/// A copy of the bundled vectors in a fresh temporary folder, to be broken on purpose by a test; removed when the
/// test is done with it.
package struct TemporaryVectors {
    private let scratch: ScratchDirectory
    package var directory: URL { scratch.url }

    package init() throws {
        try self.init(copying: try VectorSuite.bundled().directory)
    }

    /// A fresh copy of the folder `source`.
    private init(copying source: URL) throws {
        scratch = try ScratchDirectory(prefix: "login-conformance", copying: source)
    }

    /// A copy restricted to `families` and the families whose vectors cite the same rules (a rule's accepting and
    /// refusing vectors may live in two families: nonce and login-configuration): their files as they are, the
    /// manifest, the changelog and the rule catalogue cut down to them, the other family files removed. For a test
    /// that breaks one family's file: loading and linting a few hundred vectors instead of the whole suite keeps
    /// `swift test` fast, and the copy, unbroken, still loads and lints clean (`TemporaryVectorsTests`).
    ///
    /// Each set of families is cut down once per test process; later copies of it are file copies.
    package init(families requested: [String]) throws {
        try self.init(copying: try Self.restrictedTemplate(requested))
    }

    /// The restricted copy of `requested` (with the families sharing rules with them), made on first use.
    private static func restrictedTemplate(_ requested: [String]) throws -> URL {
        let families = try families(sharingRulesWith: requested)
        let key = families.sorted().joined(separator: ",")
        if let template = templates.withLock({ $0[key] }) { return template.directory }
        let template = try TemporaryVectors()
        try template.restrict(to: families)
        return templates.withLock { templates in
            if let made = templates[key] { return made.directory }  // made meanwhile by another test
            templates[key] = template
            return template.directory
        }
    }

    /// Restricted copies made so far in this process, by their families (sorted, comma-separated); kept for the
    /// process's life, then removed when it exits.
    private static let templates: Locked<[String: TemporaryVectors]> = {
        atexit { TemporaryVectors.templates.withLock { $0 = [:] } }
        return Locked([:])
    }()

    /// `requested` and every family whose vectors cite a rule theirs cite, until no other does.
    private static func families(sharingRulesWith requested: [String]) throws -> Set<String> {
        let rulesOf = try rulesByFamily()
        var families = Set(requested)
        while true {
            let cited = families.reduce(into: Set<String>()) { $0.formUnion(rulesOf[$1] ?? []) }
            let sharing = Set(rulesOf.filter { !$0.value.isDisjoint(with: cited) }.keys)
            if sharing.isSubset(of: families) { return families }
            families.formUnion(sharing)
        }
    }

    /// The rules each bundled family's vectors cite.
    private static func rulesByFamily() throws -> [String: Set<String>] {
        try VectorSuite.bundled().vectors.reduce(into: [:]) { rules, vector in
            rules[vector.family.rawValue, default: []].formUnion(vector.metadata.rules)
        }
    }

    /// Cuts this copy down to `families`: the manifest, the changelog and the rule catalogue to theirs, the other
    /// family files removed.
    private func restrict(to families: Set<String>) throws {
        let rulesOf = try Self.rulesByFamily()
        var droppedFiles: [String] = []
        try edit("manifest.json") { manifest in
            let entries = manifest["families"] as! [[String: Any]]
            droppedFiles = entries.filter { !families.contains($0["family"] as! String) }.map { $0["file"] as! String }
            manifest["families"] = entries.filter { families.contains($0["family"] as! String) }
        }
        for file in droppedFiles { try FileManager.default.removeItem(at: directory.appendingPathComponent(file)) }
        // The rules the kept vectors cite; the changelog's entries for the kept families' IDs.
        let cited = families.reduce(into: Set<String>()) { $0.formUnion(rulesOf[$1] ?? []) }
        let prefixes = families.map { $0 + "::" }
        let isKept = { (id: Any?) in (id as? String).map { id in prefixes.contains { id.hasPrefix($0) } } ?? false }
        try edit("changelog.json") { changelog in
            changelog["releases"] = (changelog["releases"] as! [[String: Any]]).map { release in
                var release = release
                release["added"] = (release["added"] as! [Any]).filter(isKept)
                release["changed"] = (release["changed"] as! [[String: Any]]).filter { isKept($0["id"]) }
                release["retired"] = (release["retired"] as! [[String: Any]]).filter { isKept($0["id"]) }.map { retirement in
                    var retirement = retirement
                    if let replacements = retirement["replacedBy"] as? [Any] { retirement["replacedBy"] = replacements.filter(isKept) }
                    return retirement
                }
                return release
            }
        }
        try edit("rules.json") { catalogue in
            catalogue["rules"] = (catalogue["rules"] as! [[String: Any]]).filter { cited.contains($0["id"] as! String) }
        }
    }

    /// The path of `file` as the loader reports it.
    package func path(_ file: String) -> String {
        directory.appendingPathComponent(file).path
    }

    /// Rewrites `file` after `transform` edits its JSON.
    ///
    /// The file is read with the strict parser, not `JSONSerialization`, which on Linux drops a U+FEFF at the start
    /// of a string (so a second edit would silently change `nonce::not-whitespace::only-u+feff`), and written with
    /// the toolkit's own writer (``JSONValue/init(foundationObject:)``), a fifth of the test command's time spent
    /// in `JSONSerialization` otherwise.
    package func edit(_ file: String, _ transform: (inout [String: Any]) -> Void) throws {
        let url = directory.appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        var document = try #require(JSONValue.parse(text)).foundationObject as! [String: Any]
        transform(&document)
        try Data(CanonicalJSON.render(try JSONValue(foundationObject: document)).utf8).write(to: url)
    }

    /// Adds `name` to the manifest's profiles: a suite of your own with a reading of its own.
    package func listProfile(_ name: String) throws {
        try edit("manifest.json") { manifest in
            manifest["profiles"] = (manifest["profiles"] as! [[String: Any]]) + [["profile": name, "description": "a reading of its own"]]
        }
    }

    /// Edits vector `index` of `file`.
    package func editVector(_ file: String, at index: Int, _ transform: (inout [String: Any]) -> Void) throws {
        try edit(file) { document in
            var vectors = document["vectors"] as! [[String: Any]]
            transform(&vectors[index])
            document["vectors"] = vectors
        }
    }

    /// Replaces `file` with `text`.
    package func write(_ file: String, _ text: String) throws {
        try Data(text.utf8).write(to: directory.appendingPathComponent(file))
    }

    /// Loads the (possibly broken) suite.
    /// Appends to `file` a copy of the vector `id`, changed by `transform`.
    package func appendCopy(of id: String, in file: String, _ transform: (inout [String: Any]) throws -> Void) throws {
        var failure: (any Error)?
        try edit(file) { document in
            var list = document["vectors"] as! [[String: Any]]
            guard var copy = list.first(where: { $0["id"] as? String == id }) else {
                failure = NoVector(id: id)
                return
            }
            do { try transform(&copy) } catch { failure = error }
            list.append(copy)
            document["vectors"] = list
        }
        if let failure { throw failure }
    }

    package func load() throws(VectorLoadError) -> VectorSuite {
        try VectorSuite.load(from: directory)
    }

    /// The error loading the suite throws; fails the caller when it loads.
    package func loadError() -> VectorLoadError? {
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
    package var foundationObject: Any {
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

extension JSONValue {
    /// The JSON value of `object`, a Foundation object as ``foundationObject`` makes it and a test edits it
    /// (`NSNull`, `Bool`, a number, a string, an array, a dictionary keyed by strings); a number stays exact.
    package init(foundationObject object: Any) throws {
        switch object {
        case is NSNull: self = .null
        case let value as NSDecimalNumber: self = .number(try #require(JSONNumber(value.description)))
        case let value as Bool where Swift.type(of: object) == Bool.self: self = .bool(value)
        case let value as Int where Swift.type(of: object) == Int.self: self = .number(try #require(JSONNumber(String(value))))
        case let value as Double where Swift.type(of: object) == Double.self: self = .number(JSONNumber(value))
        case let value as String: self = .string(value)
        case let value as [String: Any]: self = .object(try value.mapValues(JSONValue.init(foundationObject:)))
        case let value as [Any]: self = .array(try value.map(JSONValue.init(foundationObject:)))
        default: throw UnwritableObject(object: "\(Swift.type(of: object)): \(object)")
        }
    }
}

/// ``JSONValue/init(foundationObject:)`` was given something that is no JSON value.
package struct UnwritableObject: Error {
    package let object: String
}

/// ``TemporaryVectors/appendCopy(of:in:_:)`` was asked to copy a vector its file does not hold.
package struct NoVector: Error {
    package let id: String
}
