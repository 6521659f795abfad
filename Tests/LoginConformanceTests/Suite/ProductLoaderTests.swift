import Foundation
@testable import LoginConformance
import Testing
import LoginConformanceTestSupport

/// The loader and the strict JSON parser (the product mutants of Scripts/mutation/product_mutants.json, area loader).
@Suite("Product mutants: loader")
struct ProductLoaderTests {
    @Test("an answer with a member its outcome does not define is an error naming it, in every family decoded through Foundation")
    func unknownMemberInAnAnswer() throws {
        // Adapter answers are decoded with Foundation's decoder, so the generic unknown-member check is the one
        // that runs here (the loader's document decoder has its own).
        let suite = try VectorSuite.bundled()
        let vector = try #require(suite.vectors(for: .documented, families: [.nonce]).first)
        let answer = JSONValue.object(["result": .string("valid"), "expectd": .bool(true)])
        guard case .errored(let message) = vector.judge(answer: answer) else {
            Issue.record("an answer with an unknown member must be an error")
            return
        }
        #expect(message.contains("expectd"))
    }

    @Test("a family file whose family is not the one the manifest lists it for is refused at $.family")
    func familyAgainstTheManifest() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.edit("nonce.json") { document in document["family"] = "code-verifier" }
        let error = try #require(vectors.loadError())
        #expect(error.kind == .unknownFamily)
        #expect(error.file == vectors.path("nonce.json"))
        #expect(error.jsonPath == "$.family")
        #expect(error.problem.contains(#"the file says family "code-verifier" but the manifest lists it for "nonce""#))
    }

    @Test("a family file of another format version is refused, naming the file")
    func familyFileFormatVersion() throws {
        let vectors = try TemporaryVectors(families: ["profile"])
        try vectors.edit("profile.json") { document in document["formatVersion"] = 2 }
        let error = try #require(vectors.loadError())
        #expect(error.kind == .unsupportedFormatVersion)
        #expect(error.file == vectors.path("profile.json"))
        #expect(error.jsonPath == "$.formatVersion")
    }

    @Test("an ID of two parts, or an alsoAccepted outcome with an undeclared reason, is refused")
    func idsAndAcceptedReasons() throws {
        let vectors = try TemporaryVectors(families: ["nonce", "token-claims"])
        try vectors.editVector("nonce.json", at: 0) { vector in vector["id"] = "nonce::two-parts" }
        #expect(vectors.loadError()?.kind == .misplacedID)

        // A reason declared in the file that an alsoAccepted outcome names before any expected outcome does: once it
        // is no longer declared, that alsoAccepted outcome is where the loader stops.
        let accepted = try TemporaryVectors(families: ["token-claims"])
        let file = "token-claims.json"
        let document = try #require(JSONValue.parse(String(contentsOf: accepted.directory.appendingPathComponent(file), encoding: .utf8)))
        let list = try #require(document.objectValue?["vectors"]?.arrayValue)
        var firstUse: [String: (index: Int, path: String)] = [:]
        for (index, vector) in list.enumerated() {
            let expected = vector.objectValue?["expected"]?.objectValue?["reason"]?.stringValue
            if let expected, firstUse[expected] == nil { firstUse[expected] = (index, "expected") }
            for (position, alternative) in (vector.objectValue?["alsoAccepted"]?.arrayValue ?? []).enumerated() {
                if let reason = alternative.objectValue?["reason"]?.stringValue, firstUse[reason] == nil {
                    firstUse[reason] = (index, "alsoAccepted[\(position)]")
                }
            }
        }
        let (reason, use) = try #require(firstUse.sorted { $0.key < $1.key }.first { $0.value.path != "expected" })
        try accepted.edit(file) { document in
            var reasons = document["reasons"] as! [String: Any]
            reasons[reason] = nil
            document["reasons"] = reasons
        }
        let error = try #require(accepted.loadError())
        #expect(error.kind == .undeclaredReason)
        #expect(error.jsonPath == "$.vectors[\(use.index)].\(use.path).reason", "\(error)")
    }

    @Test("a vector's profiles are non-empty and each listed once; its alsoAccepted never repeats the expected outcome")
    func profilesAndAlternativesOnce() throws {
        let repeatedProfile = try TemporaryVectors(families: ["nonce"])
        try repeatedProfile.editVector("nonce.json", at: 0) { vector in vector["profiles"] = ["documented", "documented"] }
        let profileError = try #require(repeatedProfile.loadError())
        #expect(profileError.kind == .invalidFormat)
        #expect(profileError.jsonPath == "$.vectors[0].profiles", "\(profileError)")
        #expect(profileError.problem.contains("non-empty and unique"), "\(profileError)")

        let expectedAgain = try TemporaryVectors(families: ["nonce"])
        try expectedAgain.editVector("nonce.json", at: 0) { vector in vector["alsoAccepted"] = [vector["expected"]!] }
        let alternativeError = try #require(expectedAgain.loadError())
        #expect(alternativeError.kind == .invalidFormat)
        #expect(alternativeError.jsonPath == "$.vectors[0].alsoAccepted", "\(alternativeError)")
        #expect(alternativeError.problem.contains("without the expected outcome"), "\(alternativeError)")
    }

    @Test("a manifest member the format does not define (a misspelling) is refused, naming it")
    func manifestUnknownMember() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.edit("manifest.json") { manifest in manifest["familes"] = manifest["families"] }
        let error = try #require(vectors.loadError())
        #expect(error.file == vectors.path("manifest.json"))
        #expect("\(error)".contains("familes"), "\(error)")
    }

    @Test("a vector without profiles holds in every profile; the selection keeps the profile and the families asked for")
    func profilesAndFamilies() throws {
        let suite = try VectorSuite.bundled()
        let everywhere = try #require(suite.vectors.first { $0.metadata.profiles == nil })
        #expect(ConformanceProfile.allCases.allSatisfy(everywhere.metadata.applies(to:)))
        let onlySDK = try #require(suite.vectors.first { $0.metadata.isOfReading(.iosSDK) })
        #expect(!onlySDK.metadata.applies(to: .documented))
        let selected = suite.vectors(for: .documented, families: [.nonce])
        #expect(!selected.isEmpty && selected.allSatisfy { $0.family == .nonce && $0.metadata.applies(to: .documented) })
        #expect(!suite.vectors(for: .documented).contains { $0.metadata.id == onlySDK.metadata.id })
    }

    @Test("the strict parser: the nesting limit exactly, text after the value, overflow, bad surrogates, a number without digits")
    func strictParser() {
        let limit = StrictJSONParser.maximumDepth
        #expect(JSONValue.parse(String(repeating: "[", count: limit) + String(repeating: "]", count: limit)) != nil)
        #expect(JSONValue.parse(String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)) == nil)
        for text in ["{} x", "1 2", #"{"a":1}}"#, "1e400", "-1e400", #""\ud800\ue000""#, #""\ud800\u0041""#, "-.5", "-", "[-]",
                     #"{"a":1,"a":1}"#, #"{"a":{"b":1,"b":2}}"#] {
            #expect(JSONValue.parse(text) == nil, "\(text)")
        }
        // Every C0 control must be escaped in a string, up to 0x1F; from the space (0x20) on, characters stand as they are.
        for control in [0x00, 0x0A, 0x1F] {
            #expect(JSONValue.parse("\"a\(Character(Unicode.Scalar(UInt8(control))))b\"") == nil, "byte \(control)")
        }
        #expect(JSONValue.parse("\" ~\"") == .string(" ~"))
        #expect(JSONValue.parse(#""\ud83d\ude00""#) == .string("😀"))
        #expect(JSONValue.parse("-0.5") == .number(-0.5))
    }

    @Test("the strict parser's number grammar (RFC 8259 §6), edge by edge: leading zeros, signs, fractions, exponents",
          arguments: [("00", false), ("-00", false), ("01", false), ("-01", false), ("00.5", false), ("01e2", false),
                      ("+1", false), ("--1", false), ("1.", false), (".5", false), ("1.e3", false), ("1e", false),
                      ("1e+", false), ("1E-", false), ("0x1", false), ("NaN", false), ("Infinity", false), ("-Infinity", false),
                      ("0", true), ("-0", true), ("0.0", true), ("0e0", true), ("0E+0", true), ("-0.0e-0", true), ("10", true),
                      ("1.5e3", true), ("1e-7", true), ("2.5E+10", true), ("[0,-0,0.25]", true), ("[00]", false), ("[1,01]", false)])
    func numberGrammar(text: String, valid: Bool) {
        #expect((JSONValue.parse(text) != nil) == valid, "\(text)")
    }

    @Test("a leading zero is refused as such, at the number, whatever follows it",
          arguments: ["01", "-01", "00", "[1,00]", #"{"a":012}"#, "00.5"])
    func leadingZeroNamed(text: String) throws {
        do {
            _ = try StrictJSONParser.document(Array(text.utf8))
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.problem == "a number with a leading zero", "\(text): \(error.problem)")
            #expect(text.utf8.dropFirst(error.offset).first.map { $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: "-") } == true)
        }
    }

    @Test("duplicate member names are found as Swift compares keys: escaped, non-ASCII, and canonically equivalent (NFC and NFD)",
          arguments: [(#"{"é":1,"e\u0301":2}"#, false), (#"{"\u00e9":1,"é":2}"#, false), (#"{"a":1,"\u0061":2}"#, false),
                      (#"{"Å":1,"\u212b":2}"#, false), (#"{"é":1,"e":2}"#, true), (#"{"a":1,"A":2}"#, true)])
    func duplicateNames(text: String, valid: Bool) {
        #expect((JSONValue.parse(text) != nil) == valid, "\(text)")
    }

    @Test("an outcome with an unknown result, or an unknown member, is refused where it stands")
    func strictOutcomes() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.editVector("nonce.json", at: 0) { vector in vector["expected"] = ["result": "maybe"] }
        let error = try #require(vectors.loadError())
        #expect(error.jsonPath == "$.vectors[0].expected.result", "\(error)")
        #expect(error.problem.contains(#""maybe" is not one of: "#), "\(error)")
        let member = try TemporaryVectors(families: ["nonce"])
        try member.edit("nonce.json") { document in document["comment"] = "not a member" }
        #expect(member.loadError()?.jsonPath == "$.comment")
    }
}
