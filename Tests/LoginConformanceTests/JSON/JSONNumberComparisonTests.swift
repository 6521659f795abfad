import Foundation
import LoginConformance
import Testing
import LoginConformanceTestSupport

/// DECISIONS.md D58: the runner compared the numbers of kept claims as `Double`s, so an implementation that lost
/// precision above 2^53 in an answered claim passed. JSON numbers now compare by exact value (RFC 8259 §6): digit for
/// digit, whatever their spelling (`1`, `1.0`, `1e0` and `10e-1` are one number; so are `-0` and `0`).
@Suite("JSON numbers compare exactly")
struct JSONNumberComparisonTests {
    static let now = "1767225600"

    /// A token-claims family file (what `extract` writes) holding one accepted vector whose claims and kept claims
    /// carry `exp` and `user_age_range.min` exactly as written here, never through a `Double`.
    static func tokenClaimsFile(exp: String, ageMin: String) -> String {
        let claims = #"{"jti":"5f0c8a6e-3b1d-4c2e-9a7f-1d2e3f4a5b6c","iss":"https://www.facebook.com","aud":"1234567890","#
            + #""exp":\#(exp),"iat":1767225540,"nonce":"n-0S6_WzA2Mj","sub":"10157834620091592","#
            + #""user_age_range":{"min":\#(ageMin)}}"#
        let escapedClaims = claims.replacingOccurrences(of: "\"", with: "\\\"")
        return """
        {
          "family": "token-claims",
          "formatVersion": 1,
          "description": "Exact numbers (DECISIONS.md D58).",
          "reasons": {"expired": "exp is not later than now (exp <= now)"},
          "vectors": [
            {
              "id": "token-claims::numbers::exact",
              "description": "kept claims keep their numbers exactly",
              "severity": "critical",
              "refs": ["RFC 8259 \\u00a76"],
              "rules": ["token.jose.numbers"],
              "input": {
                "header": "{\\"alg\\":\\"RS256\\",\\"typ\\":\\"JWT\\",\\"kid\\":\\"test-key-1\\"}",
                "claims": "\(escapedClaims)",
                "expectedNonce": "n-0S6_WzA2Mj",
                "appID": "1234567890",
                "now": \(now)
              },
              "expected": {
                "result": "accepted",
                "claims": {
                  "jti": "5f0c8a6e-3b1d-4c2e-9a7f-1d2e3f4a5b6c",
                  "iss": "https://www.facebook.com",
                  "aud": "1234567890",
                  "exp": \(exp),
                  "iat": 1767225540,
                  "nonce": "n-0S6_WzA2Mj",
                  "sub": "10157834620091592",
                  "user_age_range": {"min": \(ageMin)}
                }
              }
            }
          ]
        }
        """
    }

    /// The one vector of ``tokenClaimsFile(exp:ageMin:)``, loaded by the suite's loader.
    static func vector(exp: String, ageMin: String = "21") throws -> any ConformanceVector {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("exact-numbers-\(UUID().uuidString).json")
        try Data(tokenClaimsFile(exp: exp, ageMin: ageMin).utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let suite = try VectorSuite.load(from: file)
        return try #require(suite.vector(withID: "token-claims::numbers::exact"))
    }

    /// An adapter's answer accepting the token with these kept numbers, parsed as the harness parses answers.
    static func answer(exp: String, ageMin: String = "21") throws -> JSONValue {
        try #require(JSONValue.parse(#"{"result":"accepted","claims":{"jti":"5f0c8a6e-3b1d-4c2e-9a7f-1d2e3f4a5b6c","#
            + #""iss":"https://www.facebook.com","aud":"1234567890","exp":\#(exp),"iat":1767225540,"#
            + #""nonce":"n-0S6_WzA2Mj","sub":"10157834620091592","user_age_range":{"min":\#(ageMin)}}}"#))
    }

    @Test("an answered claim that lost precision fails (out of process)", arguments: [
        ("9007199254740993", "9007199254740992"),        // 2^53 + 1: a Double holds only 2^53
        ("12345678901234567890", "12345678901234567000"),  // both round to the same Double
        ("18446744073709551617", "18446744073709551616"),  // 2^64 + 1
        ("1767229200.0000000001", "1767229200"),           // a fraction a Double drops
    ])
    func lostPrecisionFails(expected: String, answered: String) throws {
        let vector = try Self.vector(exp: expected)
        // The exact answer first: the runner remembers decoded answers, and must not serve this one for the next.
        #expect(vector.judge(answer: try Self.answer(exp: expected)) == .passed)
        let outcome = vector.judge(answer: try Self.answer(exp: answered))
        #expect(outcome.failureKind == .wrongDetails, "exp \(answered) where \(expected) is kept: \(outcome)")
    }

    @Test("a kept age-range bound that lost precision fails")
    func lostPrecisionInAnObjectOfNumbers() throws {
        let vector = try Self.vector(exp: "1767229200", ageMin: "9007199254740993")
        #expect(vector.judge(answer: try Self.answer(exp: "1767229200", ageMin: "9007199254740993")) == .passed)
        #expect(vector.judge(answer: try Self.answer(exp: "1767229200", ageMin: "9007199254740992")).failureKind == .wrongDetails)
    }

    @Test("the same number written differently passes", arguments: [
        ("1767229200", "1767229200.0"), ("1767229200", "1.7672292e9"), ("1767229200", "17672292000e-1"),
        ("1767229200", "1767229200E+0"), ("1767229200.5", "1767229200.50"), ("1767229200.5", "17672292005e-1"),
        ("9007199254740993", "9.007199254740993e15"), ("9007199254740993", "90071992547409930e-1"),
    ])
    func sameValuePasses(expected: String, answered: String) throws {
        let vector = try Self.vector(exp: expected)
        #expect(vector.judge(answer: try Self.answer(exp: answered)) == .passed, "exp \(answered) for \(expected)")
    }

    @Test("negative zero is zero", arguments: [("0", "-0"), ("-0", "0"), ("0", "-0.0e5"), ("0", "0E-3"), ("21", "2.1e1"), ("21", "210e-1")])
    func negativeZero(expected: String, answered: String) throws {
        let vector = try Self.vector(exp: "1767229200", ageMin: expected)
        #expect(vector.judge(answer: try Self.answer(exp: "1767229200", ageMin: answered)) == .passed,
                "min \(answered) for \(expected)")
    }

    /// Answers with the claims it read through `Double`, as a Swift validator using `Double` for NumericDates does.
    struct DoubleClaimsValidator: TokenClaimsValidating {
        func validateClaims(_ input: TokenClaimsInput) throws -> TokenClaimsOutcome {
            let claims = try #require(JSONValue.parse(input.claims)?.objectValue)
            var kept = TokenClaims(
                jti: claims["jti"]?.stringValue ?? "", iss: claims["iss"]?.stringValue ?? "",
                aud: claims["aud"]?.stringValue ?? "", exp: claims["exp"]?.numberValue ?? 0,
                iat: claims["iat"]?.numberValue ?? 0, nonce: claims["nonce"]?.stringValue ?? "",
                sub: claims["sub"]?.stringValue ?? "")
            kept.userAgeRange = claims["user_age_range"]?.objectValue?.compactMapValues(\.numberValue)
            return .accepted(kept)
        }
    }

    @Test("an in-process answer that lost precision fails; one a Double holds exactly passes", arguments: [
        ("9007199254740993", false), ("18446744073709551617", false), ("1767229200.0000000001", false),
        ("9007199254740992", true), ("9223372036854775808", true), ("1767229200.25", true), ("1767229200", true),
    ])
    func inProcess(exp: String, passes: Bool) throws {
        let outcome = try Self.vector(exp: exp).evaluate(against: DoubleClaimsValidator())
        #expect((outcome == .passed) == passes, "exp \(exp): \(outcome)")
    }

    @Test("JSON values compare numbers by exact value")
    func jsonValues() throws {
        #expect(JSONValue.parse("9007199254740993") != JSONValue.parse("9007199254740992"))
        #expect(JSONValue.parse("12345678901234567890") != JSONValue.parse("12345678901234567000"))
        #expect(JSONValue.parse("[1e400]") == nil)  // still refused: a number must fit a Double
        for spelling in ["1", "1.0", "1e0", "10e-1", "0.1e1", "1.000E+0"] {
            #expect(JSONValue.parse(spelling) == JSONValue.parse("1"), "\(spelling)")
        }
        #expect(JSONValue.parse("-0") == JSONValue.parse("0"))
        #expect(JSONValue.parse("-0")?.hashValue == JSONValue.parse("0")?.hashValue)
        // The Double view is unchanged: the nearest Double.
        #expect(JSONValue.parse("9007199254740993")?.numberValue == 9_007_199_254_740_992)
        #expect(JSONValue.parse("-0.5e+2")?.numberValue == -50)
    }

    @Test("show, extract and the input sent to an adapter keep numbers exactly")
    func rendering() throws {
        let shown = try Self.vector(exp: "9007199254740993", ageMin: "12345678901234567890").canonicalJSON(pretty: false)
        #expect(shown.contains(#""exp":9007199254740993"#), "\(shown)")
        #expect(shown.contains(#""user_age_range":{"min":12345678901234567890}"#), "\(shown)")
        // JSON values in an input (profile claims, a Graph error body) are sent as the vector writes them.
        let value = try #require(JSONValue.parse("[9007199254740993,18446744073709551617,-12345678901234567890]"))
        #expect(CanonicalJSON.render(value) == "[9007199254740993,18446744073709551617,-12345678901234567890]")
    }

    @Test("a number a Double holds renders as it always did")
    func unchangedRendering() throws {
        let text = "[1767229200,1767225600.25,-0.5,0.5,20.2,1e-7,-0,0,1e23,9007199254740992,1.5e300,1.0,2.50]"
        let value = try #require(JSONValue.parse(text))
        #expect(CanonicalJSON.render(value)
            == "[1767229200,1767225600.25,-0.5,0.5,20.2,1e-07,-0,0,1e+23,9007199254740992,1.5e+300,1,2.5]")
    }
}
