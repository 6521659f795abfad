import Foundation
@testable import LoginConformance
import Testing
import LoginConformanceTestSupport

/// ``CanonicalJSONWriter`` writes what Foundation's `JSONEncoder` wrote for ``CanonicalJSON``, byte for byte: every
/// request line, failure message and report depends on that text, and two renderings compare as text.
@Suite("Canonical JSON without JSONEncoder")
struct CanonicalJSONWriterTests {
    @Test("every bundled vector, whole and its input, renders as JSONEncoder renders it")
    func everyBundledVector() throws {
        var differing: [String] = []
        for vector in try VectorSuite.bundled().vectors {
            let ours = [vector.inputJSON(), vector.canonicalJSON(pretty: false)]
            let foundation = [foundationRendering(of: vector, inputOnly: true), foundationRendering(of: vector, inputOnly: false)]
            if ours != foundation { differing.append(vector.metadata.id) }
        }
        #expect(differing.isEmpty, "\(differing.count) differ, first \(differing.prefix(5))")
    }

    @Test("strings: quotes, backslashes and every C0 control escaped as JSONEncoder escapes them; the rest as itself")
    func strings() {
        let controls = String(String.UnicodeScalarView((0..<0x20).map { Unicode.Scalar(UInt8($0)) }))
        for text in [controls, "\"\\/", "\u{7F}\u{80}\u{2028}\u{2029}\u{FEFF}é😀\u{301}", "", "JSONNumber-not-a-placeholder:1"] {
            #expect(CanonicalJSON.render(text) == CanonicalJSON.renderWithJSONEncoder(text, pretty: false), "\(text.debugDescription)")
            #expect(CanonicalJSON.render([text: text]) == CanonicalJSON.renderWithJSONEncoder([text: text], pretty: false))
        }
    }

    @Test("members in the UTF-8 order of their names, not Swift's String order nor a numeric one")
    func memberOrder() {
        let object: [String: Int] = ["b": 1, "B": 2, "a10": 3, "a9": 4, "é": 5, "e\u{301}x": 6, "\u{212B}": 7, "\u{C5}b": 8,
                                     "_": 9, "\u{0}": 10, "😀": 11, "\u{FF21}": 12]
        let rendered = CanonicalJSON.render(object)
        #expect(rendered == CanonicalJSON.renderWithJSONEncoder(object, pretty: false))
        #expect(rendered.hasPrefix(#"{"\u0000":10,"B":2,"_":9,"a10":3,"a9":4,"b":1,"e\#u{301}x":6,"#))
    }

    @Test("numbers: shortest text, no trailing .0, exact where a Double is not; non-finite refused as JSONEncoder refuses it")
    func numbers() throws {
        let doubles: [Double] = [0, -0.0, 1, -1, 1.5, 0.1, 1e-7, 1e21, 1e22, 1e16, 1e17, 100, 123456.789,
                                 9007199254740992, 1.7976931348623157e308, .leastNonzeroMagnitude, -1.25e-5, 2147483648.5]
        #expect(CanonicalJSON.render(doubles) == CanonicalJSON.renderWithJSONEncoder(doubles, pretty: false))
        let integers: [Int64] = [.max, .min, 0, -1]
        #expect(CanonicalJSON.render(integers) == CanonicalJSON.renderWithJSONEncoder(integers, pretty: false))
        let small: [UInt8] = [0, 255]
        #expect(CanonicalJSON.render(small) == "[0,255]")
        #expect(CanonicalJSON.render([Float(0.1), 1.5]) == CanonicalJSON.renderWithJSONEncoder([Float(0.1), 1.5], pretty: false))
        let exact = try #require(JSONValue.parse(#"[9007199254740993,1.0,1e300,-0,12345678901234567890123,0.1000000000000000000001]"#))
        #expect(CanonicalJSON.render(exact) == CanonicalJSON.renderWithJSONEncoder(exact, pretty: false))
        #expect(CanonicalJSON.render(exact).hasPrefix("[9007199254740993,1,"))
        #expect(CanonicalJSON.render([Double.infinity]) == "<not encodable>")
        #expect(CanonicalJSON.renderWithJSONEncoder([Double.nan], pretty: false) == "<not encodable>")
    }

    @Test("null, booleans, empty and nested containers, and optional members left out")
    func shapes() throws {
        let value = try #require(JSONValue.parse(#"{"a":null,"b":[true,false,[],{}],"c":{"d":[{"e":"f"}]}}"#))
        #expect(CanonicalJSON.render(value) == #"{"a":null,"b":[true,false,[],{}],"c":{"d":[{"e":"f"}]}}"#)
        struct Optionals: Encodable { var present: String? = "x"; var absent: Int? = nil }
        #expect(CanonicalJSON.render(Optionals()) == CanonicalJSON.renderWithJSONEncoder(Optionals(), pretty: false))
    }

    /// What ``CanonicalJSON`` wrote through `JSONEncoder`: the vector's input alone, or the whole vector.
    private func foundationRendering(of vector: any ConformanceVector, inputOnly: Bool) -> String {
        guard let typed = vector as? any FoundationRenderable else { return "<unknown vector type>" }
        return typed.foundationRendering(inputOnly: inputOnly)
    }
}

/// A typed vector rendered through `JSONEncoder`.
private protocol FoundationRenderable {
    func foundationRendering(inputOnly: Bool) -> String
}

extension Vector: FoundationRenderable {
    fileprivate func foundationRendering(inputOnly: Bool) -> String {
        inputOnly ? CanonicalJSON.renderWithJSONEncoder(input, pretty: false)
            : CanonicalJSON.renderWithJSONEncoder(VectorDocument(vector: self), pretty: false)
    }
}
