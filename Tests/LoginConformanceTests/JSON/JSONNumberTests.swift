import Foundation
import LoginConformance
import Testing
import LoginConformanceTestSupport

/// ``JSONNumber``: a JSON number's exact decimal value (RFC 8259 §6), equal by value whatever its spelling.
@Suite("JSONNumber")
struct JSONNumberTests {
    @Test("equal by exact value, whatever the spelling", arguments: [
        ("1", "1.0"), ("1", "1e0"), ("1", "10e-1"), ("1", "0.1e1"), ("1", "1.000E+0"), ("0", "-0"), ("0", "0.0e-5"),
        ("-0.5", "-5e-1"), ("1767225600", "1.7672256e9"), ("9007199254740993", "9.007199254740993E15"),
        ("123.456", "123456e-3"), ("100", "1e2"),
    ])
    func equal(_ a: String, _ b: String) throws {
        let (x, y) = (try #require(JSONNumber(a)), try #require(JSONNumber(b)))
        #expect(x == y)
        #expect(x.hashValue == y.hashValue)
    }

    @Test("different values differ, though their Doubles are equal", arguments: [
        ("9007199254740993", "9007199254740992"), ("12345678901234567890", "12345678901234567000"),
        ("18446744073709551617", "18446744073709551616"), ("0.1", "0.1000000000000000055511151231257827"),
        ("1e-400", "0"), ("1767229200.0000000001", "1767229200"),
    ])
    func different(_ a: String, _ b: String) throws {
        let (x, y) = (try #require(JSONNumber(a)), try #require(JSONNumber(b)))
        #expect(x.doubleValue == y.doubleValue)  // the very reason
        #expect(x != y)
    }

    @Test("ordered by exact value: each pair ascending, though some have equal Doubles", arguments: [
        ("9007199254740992", "9007199254740993"), ("18446744073709551616", "18446744073709551617"),
        ("1767229200", "1767229200.0000000001"), ("-1", "0"), ("-0", "1e-400"), ("-2", "-1.5"), ("-1e400", "-1e399"),
        ("0.099", "0.1"), ("9.99", "10"), ("1e2", "101"), ("1767225600.5", "1767225600.75"), ("-0.5", "-0.25"),
    ])
    func ordered(_ low: String, _ high: String) throws {
        let (x, y) = (try #require(JSONNumber(low)), try #require(JSONNumber(high)))
        #expect(x < y)
        #expect(!(y < x))
        #expect(!(x < x) && x <= x)
    }

    @Test("equal values are not ordered, whatever the spelling", arguments: [("0", "-0"), ("1e2", "100.0")])
    func unordered(_ a: String, _ b: String) throws {
        let (x, y) = (try #require(JSONNumber(a)), try #require(JSONNumber(b)))
        #expect(!(x < y) && !(y < x))
    }

    @Test("only RFC 8259 number text is a number", arguments: [
        "", "-", "+1", "01", "-01", ".5", "1.", "1e", "1e+", "0x10", "NaN", "Infinity", " 1", "1 ", "1,0", "--1", "1.2.3",
    ])
    func invalid(_ text: String) {
        #expect(JSONNumber(text) == nil)
    }

    @Test("its text is the exact value", arguments: [
        ("9007199254740993", "9007199254740993"), ("1.0", "1"), ("10e-1", "1"), ("-0", "-0"), ("-0.0e3", "-0"),
        ("0.000001", "0.000001"), ("1e-7", "1e-7"), ("1.5e-7", "1.5e-7"), ("123e18", "123000000000000000000"), ("123e19", "1.23e+21"),
        ("1e21", "1e+21"), ("12345678901234567890123", "1.2345678901234567890123e+22"), ("-2.50", "-2.5"),
        ("1767229200.0000000001", "1767229200.0000000001"), ("1e-99999999999999999999999", "1e-2305843009213693951"),
    ])
    func description(_ text: String, _ expected: String) throws {
        #expect(try #require(JSONNumber(text)).description == expected)
    }

    @Test("a Double stands for the value it denotes: an integral one exactly, any other as Swift prints it")
    func fromDouble() throws {
        #expect(JSONNumber(9_223_372_036_854_775_808.0) == JSONNumber("9223372036854775808"))
        #expect(JSONNumber(0x1p64) == JSONNumber("18446744073709551616"))
        #expect(JSONNumber(-0x1p64) == JSONNumber("-18446744073709551616"))
        #expect(JSONNumber(1e300) == JSONNumber(
            "1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864043704443832883878176942523235360430575644792184786706982848387200926575803737830233794788090059368953234970799945081119038967640880074652742780142494579258788820056842838115669472196386865459400540160"))
        #expect(JSONNumber(0.1) == JSONNumber("0.1"))
        #expect(JSONNumber(20.2) == JSONNumber("20.2"))
        #expect(JSONNumber(1e-7) == JSONNumber("1e-7"))
        #expect(JSONNumber(-0.0) == JSONNumber("0"))
        #expect(JSONNumber(-0.0).description == "-0")
        #expect(JSONNumber(Double("9007199254740993")!) == JSONNumber("9007199254740992"))
        #expect(JSONNumber(1_767_225_600) == JSONNumber("1767225600"))
        #expect(JSONNumber(UInt64.max) == JSONNumber("18446744073709551615"))
        #expect(JSONNumber(Int64.min) == JSONNumber("-9223372036854775808"))
        #expect(JSONNumber(2.5) == 2.5)
        #expect(JSONNumber(3) == 3)
        // Infinity and NaN are only themselves, and not JSON.
        #expect(JSONNumber(.infinity) == JSONNumber(.infinity))
        #expect(JSONNumber(.infinity) != JSONNumber(-.infinity))
        #expect(JSONNumber(.nan) == JSONNumber(.nan))
        #expect(throws: (any Error).self) { try JSONEncoder().encode([JSONNumber(.nan)]) }
    }

    @Test("the Double view is the nearest Double")
    func doubleValue() throws {
        #expect(try #require(JSONNumber("9007199254740993")).doubleValue == 9_007_199_254_740_992)
        #expect(try #require(JSONNumber("-0")).doubleValue.sign == .minus)
        #expect(try #require(JSONNumber("1e400")).doubleValue == .infinity)
        #expect(try #require(JSONNumber("1e-400")).doubleValue == 0)
        #expect(JSONValue.parse("[1e-400]")?.arrayValue?.first?.exactNumberValue == JSONNumber("1e-400"))
    }

    @Test("read exactly by the suite's reader; through Double by Foundation's")
    func decoding() throws {
        let text = #"{"exp":9007199254740993}"#
        #expect(JSONValue.parse(text)?.objectValue?["exp"]?.exactNumberValue == JSONNumber("9007199254740993"))
        let foundation = try JSONDecoder().decode([String: JSONNumber].self, from: Data(text.utf8))
        #expect(foundation["exp"] == JSONNumber("9007199254740992"))
        // A Foundation encoder writes the Double, as it always did.
        #expect(String(decoding: try JSONEncoder().encode([JSONNumber("9007199254740993")!]), as: UTF8.self)
            == "[9007199254740992]")
    }

    @Test("kept claims hold numbers exactly, and their Double views still read and write")
    func tokenClaims() throws {
        var claims = TokenClaims(jti: "j", iss: "i", aud: "a", exp: 1_767_229_200, iat: 1_767_225_540, nonce: "n", sub: "s")
        #expect(claims.exactExp == JSONNumber("1767229200"))
        claims.exactExp = try #require(JSONNumber("9007199254740993"))
        #expect(claims.exp == 9_007_199_254_740_992)
        #expect(claims != TokenClaims(jti: "j", iss: "i", aud: "a", exp: 9_007_199_254_740_992, iat: 1_767_225_540,
                                      nonce: "n", sub: "s"))
        #expect(claims == TokenClaims(jti: "j", iss: "i", aud: "a", exactExp: try #require(JSONNumber("9007199254740993")),
                                      exactIat: 1_767_225_540, nonce: "n", sub: "s"))
        claims.userAgeRange = ["min": 21]
        #expect(claims.exactUserAgeRange == ["min": 21])
        claims.exactUserAgeRange = ["min": try #require(JSONNumber("21.00000000000000000001"))]
        #expect(claims.userAgeRange == ["min": 21])
        #expect(ProfileAgeRange(min: 21, max: nil) == ProfileAgeRange(exactMin: 21, exactMax: nil))
        #expect(ProfileAgeRange(min: 21, max: nil) != ProfileAgeRange(exactMin: JSONNumber("21.00000000000000000001"), exactMax: nil))
        #expect(ProfileAgeRange(exactMin: JSONNumber("20.5"), exactMax: nil).min == 20.5)
    }
}
