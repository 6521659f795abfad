import Foundation
@testable import LoginConformance
import Testing
import LoginConformanceTestSupport

/// The loader parses vector files strictly: what `JSONDecoder` let through silently (a duplicate member, first
/// wins) is refused, and every refusal names the file, the line and column, the JSON path and the problem in words
/// a person can act on.
@Suite("Strict vector loading")
struct StrictLoadingTests {
    /// The text of `file` in `vectors`, with `insertion` put before the `occurrence`-th (from 0) match of `anchor`,
    /// and the offset where the anchor now starts.
    private static func insert(
        _ insertion: String, before anchor: String, occurrence: Int, of file: String, in vectors: TemporaryVectors
    ) throws -> (text: String, anchorOffset: Int) {
        let text = try String(contentsOf: URL(fileURLWithPath: vectors.path(file)), encoding: .utf8)
        var searchStart = text.startIndex
        var position = text.startIndex
        for _ in 0...occurrence {
            let found = try #require(text.range(of: anchor, range: searchStart..<text.endIndex), "\(anchor) in \(file)")
            position = found.lowerBound
            searchStart = found.upperBound
        }
        let edited = String(text[..<position]) + insertion + String(text[position...])
        return (edited, text.utf8.distance(from: text.startIndex, to: position) + insertion.utf8.count)
    }

    /// The 1-based line and column (in code points) of the byte at `offset` of `text`, counted here independently
    /// of the loader.
    private static func lineAndColumn(of offset: Int, in text: String) -> (Int, Int) {
        let before = String(decoding: Array(text.utf8)[..<offset], as: UTF8.self)
        let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.count, lines.last!.unicodeScalars.count + 1)
    }

    @Test("a vector with two expected members is refused at the second, naming the first")
    func duplicateMemberInVector() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        // Before the fourth vector's "expected": another one, as a hand edit would leave it.
        let (text, offset) = try Self.insert("\"expected\": {\"result\": \"valid\"},\n      ", before: "\"expected\"",
                                             occurrence: 3, of: "nonce.json", in: vectors)
        try vectors.write("nonce.json", text)
        let error = try #require(vectors.loadError())
        let (line, column) = Self.lineAndColumn(of: offset, in: text)
        let (firstLine, firstColumn) = Self.lineAndColumn(of: offset - "\"expected\": {\"result\": \"valid\"},\n      ".utf8.count, in: text)
        #expect(error.kind == .invalidJSON)
        #expect(error.file == vectors.path("nonce.json"))
        #expect(error.jsonPath == "$.vectors[3].expected")
        #expect((error.line, error.column) == (line, column))
        #expect(error.problem == "not valid JSON: duplicate member \"expected\" (first at line \(firstLine), column \(firstColumn))")
        #expect(error.description == "\(vectors.path("nonce.json")):\(line):\(column) at $.vectors[3].expected: \(error.problem)")
    }

    @Test("a duplicate member nested inside an input is refused with its path")
    func nestedDuplicateMember() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        let (text, offset) = try Self.insert("\"nonce\": \"a\", ", before: "\"nonce\":", occurrence: 2, of: "nonce.json", in: vectors)
        try vectors.write("nonce.json", text)
        let error = try #require(vectors.loadError())
        #expect(error.kind == .invalidJSON)
        #expect(error.jsonPath == "$.vectors[2].input.nonce")
        #expect(error.problem.hasPrefix("not valid JSON: duplicate member \"nonce\""))
        #expect((error.line, error.column) == Self.lineAndColumn(of: offset, in: text))
    }

    @Test("member names that Swift's == equates (NFC and NFD) are duplicates: a dictionary cannot keep both")
    func canonicallyEquivalentMembers() {
        let document = #"{"caf\u00e9": 1, "cafe\u0301": 2}"#
        #expect(JSONValue.parse(document) == nil)
        #expect(throws: JSONSyntaxError.self) { try StrictJSONParser.document(Array(document.utf8)) }
        // Distinct names, byte for byte equal only after decoding an escape, are duplicates too.
        #expect(JSONValue.parse(#"{"a": 1, "\u0061": 2}"#) == nil)
        // Python's json keeps both NFC and NFD names; the loader refuses rather than silently keeping one.
        #expect(throws: JSONSyntaxError.self) { try StrictJSONParser.document(Array(#"{"café": 1, "café": 2}"#.utf8)) }
    }

    @Test("an enum value outside its list names the value and the allowed ones, never Swift's types")
    func unknownEnumValue() throws {
        let vectors = try TemporaryVectors(families: ["token-claims"])
        let suite = try vectors.load()
        let index = try #require(suite.vectors.filter { $0.family == .tokenClaims }.firstIndex { $0.expectedReason != nil })
        try vectors.editVector("token-claims.json", at: index) { vector in
            var expected = vector["expected"] as! [String: Any]
            expected["reason"] = "bogus"
            vector["expected"] = expected
        }
        let error = try #require(vectors.loadError())
        let allowed = TokenClaimsRejection.Reason.allCases.map(\.rawValue).joined(separator: ", ")
        #expect(error.kind == .invalidFormat)
        #expect(error.file == vectors.path("token-claims.json"))
        #expect(error.jsonPath == "$.vectors[\(index)].expected.reason")
        #expect(error.problem == "\"bogus\" is not one of: \(allowed)")
        #expect(error.line == 1 && error.column != nil)  // JSONSerialization writes one line
        #expect(!error.description.contains("Cannot initialize") && !error.description.contains("Reason"))
    }

    @Test("a value of the wrong JSON type says what was expected and what was found")
    func wrongTypeWords() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.editVector("nonce.json", at: 1) { vector in vector["refs"] = "SPECIFICATION.md §1" }
        let error = try #require(vectors.loadError())
        #expect(error.jsonPath == "$.vectors[1].refs")
        #expect(error.problem == "expected an array, found a string")
    }

    @Test("nesting deeper than the limit is refused as such, naming the limit")
    func tooDeep() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        let depth = StrictJSONParser.maximumDepth
        let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let (text, _) = try Self.insert("\"deep\": \(deep), ", before: "\"nonce\":", occurrence: 0, of: "nonce.json", in: vectors)
        try vectors.write("nonce.json", text)
        let error = try #require(vectors.loadError())
        #expect(error.kind == .invalidJSON)
        #expect(error.problem == "not valid JSON: arrays and objects nested more than \(depth) deep; the limit is \(depth)")
        // The innermost array opens at depth `depth` (the file's object, vectors, the vector and input come first).
        #expect(error.jsonPath == "$.vectors[0].input.deep" + String(repeating: "[0]", count: depth - 4))

        // One level less than the limit reaches the model, which refuses the unknown member instead.
        let shallow = try TemporaryVectors(families: ["nonce"])
        let fits = String(repeating: "[", count: depth - 4) + String(repeating: "]", count: depth - 4)
        let (fitting, _) = try Self.insert("\"deep\": \(fits), ", before: "\"nonce\":", occurrence: 0, of: "nonce.json", in: shallow)
        try shallow.write("nonce.json", fitting)
        #expect(shallow.loadError()?.kind == .invalidFormat)
        #expect(shallow.loadError()?.problem.hasPrefix("unknown member \"deep\"") == true)
    }

    @Test("a syntax error is located by line and column", arguments: [
        ("{\n  \"a\": 1,\n}", 3, 1, "$", "a trailing comma before '}'"),
        ("{\"a\": [1, 2,]}", 1, 13, "$.a", "a trailing comma before ']'"),
        ("{\n  \"a\": {\"b\": tru}\n}", 2, 14, "$.a.b", "expected a value (an object, array, string, number, true, false or null)"),
        ("{\"a\": \"\\ud800\"}", 1, 8, "$.a", "a lone surrogate escape \\uD800: a high surrogate must be followed by a low one"),
        ("[\"é\", \"x\u{01}\"]", 1, 9, "$[1]", "an unescaped control character (the byte 0x01) in a string; write it as \\u0001"),
        ("\u{FEFF}{}", 1, 1, "$", "the text starts with a byte-order mark (U+FEFF); save it as UTF-8 without one"),
        ("{\"a\": 1e400}", 1, 7, "$.a", "the number 1e400 is too large for a double"),
        ("{} {}", 1, 4, "$", "unexpected text after the JSON value"),
    ])
    func syntaxErrorLocation(text: String, line: Int, column: Int, path: String, problem: String) {
        #expect(throws: JSONSyntaxError(offset: Self.offset(line: line, column: column, in: text), line: line, column: column,
                                        jsonPath: path, problem: problem)) {
            try StrictJSONParser.document(Array(text.utf8))
        }
    }

    /// The byte offset of a 1-based line and column (in code points) of `text`.
    private static func offset(line: Int, column: Int, in text: String) -> Int {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let before = lines[..<(line - 1)].reduce(0) { $0 + $1.utf8.count + 1 }
        return before + String(lines[line - 1].unicodeScalars.prefix(column - 1)).utf8.count
    }

    @Test("bytes that are not UTF-8 are refused, not replaced")
    func invalidUTF8() {
        for bytes: [UInt8] in [[0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22]] {
            #expect(throws: JSONSyntaxError.self, "\(bytes)") { try StrictJSONParser.document(bytes) }
        }
        #expect((try? StrictJSONParser.document(Array("\"é😀\"".utf8)))?.value() == .string("é😀"))
    }

    @Test("the whole bundled suite loads with the content Python's json module reads, code point by code point")
    func sameContentAsPython() throws {
        let suite = try VectorSuite.bundled()
        let script = """
        import json, sys, os
        directory = sys.argv[1]
        manifest = json.load(open(os.path.join(directory, "manifest.json"), encoding="utf-8"))
        out = {}
        for entry in manifest["families"]:
            document = json.load(open(os.path.join(directory, entry["file"]), encoding="utf-8"))
            for vector in document["vectors"]:
                out[vector["id"]] = {k: vector[k] for k in ("input", "expected", "alsoAccepted") if k in vector}
        sys.stdout.write(json.dumps(out, ensure_ascii=True, sort_keys=True))
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [Python.interpreter, "-c", script, suite.directory.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        let python = try #require(JSONValue.parse(String(decoding: data, as: UTF8.self))?.objectValue)
        #expect(python.count == suite.vectors.count)
        for vector in suite.vectors {
            let id = vector.metadata.id
            let read = try #require(python[id]?.objectValue, "\(id) is not in the files as Python reads them")
            let loaded = try #require(JSONValue.parse(vector.canonicalJSON(pretty: false))?.objectValue)
            for member in ["input", "expected", "alsoAccepted"] {
                switch (loaded[member], read[member]) {
                case (nil, nil): break
                case (let swift?, let fromPython?): #expect(VectorSuiteTests.exactlyEqual(swift, fromPython), "\(id).\(member)")
                case (let swift, let fromPython): Issue.record("\(id).\(member): loaded \(String(describing: swift)), Python \(String(describing: fromPython))")
                }
            }
        }
    }
}
