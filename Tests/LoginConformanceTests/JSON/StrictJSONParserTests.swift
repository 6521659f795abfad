import LoginConformance
import Testing
import LoginConformanceTestSupport

/// `JSONValue.parse` is strict RFC 8259, where Foundation is lenient; and exact string comparison is by code point.
@Suite("Strict JSON and exact strings")
struct StrictJSONParserTests {
    @Test("valid JSON parses", arguments: [
        (#"{"a":1,"b":[true,false,null],"c":{"d":"e"}}"#, JSONValue.object([
            "a": .number(1), "b": .array([.bool(true), .bool(false), .null]), "c": .object(["d": .string("e")]),
        ])),
        (" \t\r\n{} ", .object([:])),
        (#""\u00e9\ud83d\ude00\n\/""#, .string("é😀\n/")),
        ("-0.5e+2", .number(-50)),
        ("1767225600", .number(1_767_225_600)),
        ("[]", .array([])),
    ])
    func valid(text: String, value: JSONValue) {
        #expect(JSONValue.parse(text) == value)
    }

    @Test("invalid JSON is refused", arguments: [
        #"{"a":1,}"#,            // a trailing comma: Foundation's JSONDecoder accepts it
        "[1,2,]",                // JSONSerialization accepts it
        "\u{FEFF}{}",            // a byte-order mark: both accept it
        #"{"a":1,"a":2}"#,       // a duplicate member: the two Foundation parsers disagree on which wins
        #"{"a":1e400}"#,         // overflows a Double
        #""\ud800""#,            // a lone high surrogate
        #""\udc00""#,            // a lone low surrogate
        "\"a\u{01}b\"",          // an unescaped control character
        "{'a':1}", "{a:1}", "01", ".5", "+1", "NaN", "0x10", "tru", "", "{} {}", "{\"a\":1}//", #""\x""#,
        String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
    ])
    func invalid(text: String) {
        #expect(JSONValue.parse(text) == nil)
    }

    @Test("a string is read byte for byte wherever its bytes fall in the eight the scanner tests at once",
          arguments: 0..<20)
    func everyOffsetOfAWord(offset: Int) {
        let before = String(repeating: "a", count: offset), after = "bcdefghijklmnop"
        // What ends the plain run is found at every offset: a control character is refused, an escape read, a
        // quote ends the string (the rest is trailing garbage), non-ASCII read whole.
        for control in ["\u{0}", "\u{1F}", "\u{0A}"] {
            #expect(JSONValue.parse("\"\(before)\(control)\(after)\"") == nil)
        }
        #expect(JSONValue.parse("\"\(before)\\n\(after)\"") == .string(before + "\n" + after))
        #expect(JSONValue.parse("\"\(before)\"\(after)\"") == nil)
        #expect(JSONValue.parse("\"\(before)é\u{200B}\(after)\"")?.stringValue?.unicodeScalars.elementsEqual(
            (before + "é\u{200B}" + after).unicodeScalars) == true)
        // The bytes around the tested ranges are plain: DEL, space, tilde.
        #expect(JSONValue.parse("\"\(before)\u{7F} ~\(after)\"") == .string(before + "\u{7F} ~" + after))
        // A string that ends within the last eight bytes, and one never closed.
        #expect(JSONValue.parse("\"\(before)\"") == .string(before))
        #expect(JSONValue.parse("\"\(before)\(after)") == nil)
    }

    @Test("booleans are not numbers")
    func booleansAreNotNumbers() {
        #expect(JSONValue.parse("true")?.numberValue == nil)
        #expect(JSONValue.parse("1")?.numberValue == 1)
    }

    @Test("exact comparison tells NFC from NFD, where Swift's == does not")
    func codePointEquality() {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(composed == decomposed)
        #expect(!composed.isCodePointEqual(to: decomposed))
        #expect(composed.isCodePointEqual(to: "caf\u{E9}"))
    }
}
