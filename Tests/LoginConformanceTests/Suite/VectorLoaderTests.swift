import Foundation
import LoginConformance
import Testing
import LoginConformanceTestSupport

/// Malformed vector input gives a clear error naming the file, the JSON path and the problem.
@Suite("Vector loading")
struct VectorLoaderTests {
    @Test("the bundled vectors load")
    func bundledVectorsLoad() throws {
        let suite = try VectorSuite.bundled()
        #expect(suite.families == ConformanceFamily.allCases)
        #expect(!suite.vectors.isEmpty)
        #expect(suite.suiteVersion.split(separator: ".").count == 3)
    }

    @Test("invalid JSON names the file")
    func invalidJSON() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.write("nonce.json", #"{"family": "nonce", "vectors": ["#)
        let error = try #require(vectors.loadError())
        #expect(error.kind == .invalidJSON)
        #expect(error.file == vectors.path("nonce.json"))
        #expect(error.jsonPath == "$.vectors[0]")
        #expect((error.line, error.column) == (1, 33))
        #expect(error.description == "\(vectors.path("nonce.json")):1:33 at $.vectors[0]: not valid JSON: the text ends where a value should be")
    }

    @Test("a misspelt member is refused with its JSON path")
    func unknownMember() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.editVector("nonce.json", at: 3) { vector in
            vector["expectd"] = vector.removeValue(forKey: "expected")
        }
        let error = try #require(vectors.loadError())
        #expect(error.kind == .invalidFormat)
        #expect(error.jsonPath == "$.vectors[3].expectd")
        #expect(error.problem.hasPrefix("unknown member \"expectd\""))
    }

    @Test("a missing member is refused with its JSON path")
    func missingMember() throws {
        let vectors = try TemporaryVectors(families: ["login-result"])
        try vectors.editVector("login-result.json", at: 1) { vector in vector["severity"] = nil }
        let error = try #require(vectors.loadError())
        #expect(error.jsonPath == "$.vectors[1].severity")
        #expect(error.problem == "missing member \"severity\"")
        #expect(error.file == vectors.path("login-result.json"))
    }

    @Test("a value of the wrong type is refused with its JSON path")
    func wrongType() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.editVector("nonce.json", at: 2) { vector in vector["input"] = ["nonce": 5] }
        let error = try #require(vectors.loadError())
        #expect(error.jsonPath == "$.vectors[2].input.nonce")
        #expect(error.problem.hasPrefix("expected a string"))
    }

    @Test("a nested unknown member in an expected outcome is refused with its JSON path")
    func nestedUnknownMember() throws {
        let vectors = try TemporaryVectors(families: ["token-claims"])
        try vectors.editVector("token-claims.json", at: 0) { vector in
            var expected = vector["expected"] as! [String: Any]
            var claims = expected["claims"] as! [String: Any]
            claims["bogus"] = 1
            expected["claims"] = claims
            vector["expected"] = expected
        }
        let error = try #require(vectors.loadError())
        #expect(error.jsonPath == "$.vectors[0].expected.claims.bogus")
    }

    @Test("a reason outside the closed list is refused")
    func unknownReason() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        let index = try Self.indexOfFirstVector(in: vectors, .nonce, reason: "whitespace")
        try vectors.editVector("nonce.json", at: index) { vector in
            vector["expected"] = ["result": "invalid", "reason": "tooShort"]
        }
        let error = try #require(vectors.loadError())
        #expect(error.jsonPath == "$.vectors[\(index)].expected.reason")
    }

    @Test("a reason the file does not declare is refused")
    func undeclaredReason() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        let index = try Self.indexOfFirstVector(in: vectors, .nonce, reason: "whitespace")
        try vectors.edit("nonce.json") { document in
            var reasons = document["reasons"] as! [String: Any]
            reasons["whitespace"] = nil
            document["reasons"] = reasons
        }
        let error = try #require(vectors.loadError())
        #expect(error.kind == .undeclaredReason)
        #expect(error.jsonPath == "$.vectors[\(index)].expected.reason")
        #expect(error.problem.contains("\"whitespace\""))
    }

    @Test("a duplicate ID is refused, naming both places")
    func duplicateID() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        var firstID = ""
        try vectors.edit("nonce.json") { document in
            var list = document["vectors"] as! [[String: Any]]
            firstID = list[0]["id"] as! String
            list[5]["id"] = firstID
            document["vectors"] = list
        }
        let error = try #require(vectors.loadError())
        #expect(error.kind == .duplicateID)
        #expect(error.jsonPath == "$.vectors[5].id")
        #expect(error.problem == "duplicate ID \"\(firstID)\", first used at \(vectors.path("nonce.json")): $.vectors[0].id")
    }

    @Test("an ID across two files is a duplicate too")
    func duplicateIDAcrossFiles() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.edit("manifest.json") { manifest in
            var families = manifest["families"] as! [[String: Any]]
            families.append(["family": "nonce", "file": "nonce.json"])
            manifest["families"] = families
        }
        let error = try #require(vectors.loadError())
        #expect(error.kind == .duplicateID)
        #expect(error.jsonPath == "$.vectors[0].id")
    }

    @Test("an ID outside its family is refused")
    func misplacedID() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.editVector("nonce.json", at: 0) { vector in vector["id"] = "token-claims::stray::vector" }
        let error = try #require(vectors.loadError())
        #expect(error.kind == .misplacedID)
        #expect(error.jsonPath == "$.vectors[0].id")
    }

    @Test("a family file without vectors is refused")
    func emptyFamily() throws {
        let vectors = try TemporaryVectors(families: ["login-result"])
        try vectors.edit("login-result.json") { document in document["vectors"] = [Any]() }
        let error = try #require(vectors.loadError())
        #expect(error.kind == .emptyFamily)
        #expect(error.file == vectors.path("login-result.json"))
    }

    @Test("an unsupported format version is refused")
    func formatVersion() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.edit("manifest.json") { manifest in manifest["formatVersion"] = 2 }
        let error = try #require(vectors.loadError())
        #expect(error.kind == .unsupportedFormatVersion)
        #expect(error.jsonPath == "$.formatVersion")
    }

    @Test("an unknown family in the manifest is refused")
    func unknownFamily() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.edit("manifest.json") { manifest in
            manifest["families"] = [["family": "graph-errors", "file": "graph-errors.json"]]
        }
        let error = try #require(vectors.loadError())
        #expect(error.kind == .unknownFamily)
        #expect(error.jsonPath == "$.families[0].family")
    }

    @Test("a missing file is unreadable")
    func missingFile() throws {
        let vectors = try TemporaryVectors(families: ["token-claims"])
        try FileManager.default.removeItem(atPath: vectors.path("token-claims.json"))
        let error = try #require(vectors.loadError())
        #expect(error.kind == .unreadable)
        #expect(error.file == vectors.path("token-claims.json"))
    }

    @Test("a profile list that is empty is refused")
    func emptyProfiles() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.editVector("nonce.json", at: 0) { vector in vector["profiles"] = [String]() }
        let error = try #require(vectors.loadError())
        #expect(error.jsonPath == "$.vectors[0].profiles")
    }

    private static func indexOfFirstVector(
        in vectors: TemporaryVectors, _ family: ConformanceFamily, reason: String
    ) throws -> Int {
        let suite = try vectors.load()
        return try #require(suite.vectors.filter { $0.family == family }.firstIndex { $0.expectedReason == reason })
    }

    // MARK: changelog (suite versions)

    /// The index of the bundled changelog's last release.
    private var lastRelease: Int {
        get throws { try VectorSuite.bundled().changelog.releases.count - 1 }
    }

    private func addRelease(_ vectors: TemporaryVectors, _ release: [String: Any], suiteVersion: String) throws {
        try vectors.edit("manifest.json") { $0["suiteVersion"] = suiteVersion }
        try vectors.edit("changelog.json") { changelog in
            changelog["releases"] = (changelog["releases"] as! [[String: Any]]) + [release]
        }
    }

    @Test("a retired ID may never be used again")
    func retiredIDReused() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try addRelease(vectors, ["version": "9.0.0", "summary": "retire one", "added": [String](), "changed": [String](),
                                 "retired": [["id": "nonce::empty::empty-string", "reason": "a test"]]], suiteVersion: "9.0.0")
        let error = try #require(vectors.loadError())
        #expect(error.kind == .retiredIDReused)
        #expect(error.file == vectors.path("changelog.json"))
        #expect(error.jsonPath == "$.releases[\(try lastRelease + 1)].retired[0].id")
    }

    @Test("the last release must be the manifest's suite version")
    func changelogVersionMismatch() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.edit("manifest.json") { $0["suiteVersion"] = "9.0.0" }
        let error = try #require(vectors.loadError())
        #expect(error.kind == .invalidChangelog)
        #expect(error.problem == "the last release is \(try VectorSuite.bundled().manifest.suiteVersion) but the manifest's suiteVersion is 9.0.0")
    }

    @Test("a release may only add vectors the suite has, and versions must increase")
    func changelogConsistency() throws {
        let unknown = try TemporaryVectors(families: ["nonce"])
        try addRelease(unknown, ["version": "9.0.0", "summary": "add", "added": ["nonce::no-such::vector"],
                                 "changed": [String](), "retired": [String]()], suiteVersion: "9.0.0")
        #expect(unknown.loadError()?.jsonPath == "$.releases[\(try lastRelease + 1)].added[0]")

        let unexplained = try TemporaryVectors(families: ["nonce"])
        try addRelease(unexplained, ["version": "9.0.0", "summary": "change", "added": [String](),
                                     "changed": [["id": "nonce::empty::empty-string", "reason": ""]], "retired": [String]()],
                       suiteVersion: "9.0.0")
        #expect(unexplained.loadError()?.jsonPath == "$.releases[\(try lastRelease + 1)].changed[0].reason")

        let badReplacement = try TemporaryVectors(families: ["nonce"])
        try addRelease(badReplacement, ["version": "9.0.0", "summary": "retire", "added": [String](), "changed": [String](),
                                        "retired": [["id": "nonce::gone::vector", "reason": "a test", "replacedBy": ["nonce::no-such::vector"]]]],
                       suiteVersion: "9.0.0")
        #expect(badReplacement.loadError()?.jsonPath == "$.releases[\(try lastRelease + 1)].retired[0].replacedBy[0]")

        let backwards = try TemporaryVectors(families: ["nonce"])
        try addRelease(backwards, ["version": "0.0.9", "summary": "older", "added": [String](),
                                   "changed": [String](), "retired": [String]()], suiteVersion: "0.0.9")
        #expect(backwards.loadError()?.problem == "versions must increase: 0.0.9 follows \(try VectorSuite.bundled().manifest.suiteVersion)")
    }

    @Test("a vector's introduced version comes from the release that added it")
    func introducedVersion() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        let id = "nonce::empty::empty-string"
        try addRelease(vectors, ["version": "9.0.0", "summary": "add", "added": [id], "changed": [String](),
                                 "retired": [String]()], suiteVersion: "9.0.0")
        let suite = try vectors.load()
        #expect(suite.changelog.introducedVersion(of: id) == SuiteVersion("9.0.0"))
        #expect(suite.changelog.introducedVersion(of: "nonce::shape::seeds-example-123") == SuiteVersion("0.1.0"))
        // The committed changelog: 0.1.0 was the first five families (its summary names them); 0.2.0 introduced the
        // others of that time, each of their vectors and nothing else; 0.3.0 added only vectors that replace the ones
        // it retired (profile splits) or that it lists as added; a family added since lists its vectors as added.
        let bundled = try VectorSuite.bundled()
        let first: Set<ConformanceFamily> = [.nonce, .loginConfiguration, .loginResult, .tokenClaims, .signedToken]
        let release030 = try #require(bundled.changelog.releases.first { $0.version == SuiteVersion("0.3.0") })
        let added030 = Set(release030.added)
        // Releases after 0.3.0 (0.4.0) list each vector they add.
        let addedLater = Dictionary(
            bundled.changelog.releases.filter { $0.version > SuiteVersion("0.3.0")! }.flatMap { release in
                release.added.map { ($0, release.version) }
            }, uniquingKeysWith: { first, _ in first })
        for profile in ConformanceProfile.allCases {
            for vector in bundled.vectors(for: profile) {
                let id = vector.metadata.id
                let expected = addedLater[id]
                    ?? SuiteVersion(added030.contains(id) ? "0.3.0" : first.contains(vector.family) ? "0.1.0" : "0.2.0")
                #expect(bundled.changelog.introducedVersion(of: id) == expected, "\(id)")
            }
        }
        for retirement in release030.retired {
            #expect(retirement.replacedBy.allSatisfy(added030.contains), "\(retirement.id)'s replacements are added in 0.3.0")
        }
    }
}
