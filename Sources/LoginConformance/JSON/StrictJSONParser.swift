/// A strict RFC 8259 parser for ``JSONValue``.
///
/// Foundation's parsers are lenient in ways a token validator must not be (measured with Swift 6.3.1 on Linux):
/// they accept a trailing comma, which RFC 8259 forbids, and they disagree on duplicate members (`JSONDecoder`
/// keeps the first, `JSONSerialization` the last: the first-wins/last-wins confusion of conformance-suites.md).
/// This parser refuses both, and also refuses numbers that overflow a `Double`, nesting deeper than
/// ``maximumDepth``, and a leading byte-order mark (RFC 8259 §8.1 allows refusing or ignoring it).
struct StrictJSONParser {
    /// Nesting deeper than this is refused rather than risking the stack.
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var index = 0

    private struct Failure: Error {}

    /// The value of `text`, or `nil` when it is not exactly one valid JSON value.
    static func parse(_ text: String) -> JSONValue? {
        var parser = StrictJSONParser(bytes: Array(text.utf8))
        guard let value = try? parser.value(depth: 0) else { return nil }
        parser.skipWhitespace()
        return parser.index == parser.bytes.count ? value : nil
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func expect(_ literal: String) throws(Failure) {
        for byte in literal.utf8 {
            guard current == byte else { throw Failure() }
            index += 1
        }
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
        guard depth < Self.maximumDepth else { throw Failure() }
        skipWhitespace()
        switch current {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        default: return .number(try number())
        }
    }

    private mutating func object(depth: Int) throws(Failure) -> JSONValue {
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw Failure() }
            let key = try string()
            skipWhitespace()
            try expect(":")
            guard members.updateValue(try value(depth: depth + 1), forKey: key) == nil else { throw Failure() }
            skipWhitespace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            try expect("}")
            return .object(members)
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            try expect("]")
            return .array(elements)
        }
    }

    private mutating func string() throws(Failure) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flushRun() {
            scalars.append(contentsOf: String(decoding: bytes[runStart..<index], as: UTF8.self).unicodeScalars)
        }
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                flushRun()
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flushRun()
                index += 1
                scalars.append(try escape())
                runStart = index
            case 0x00..<0x20:
                throw Failure()
            default:
                index += 1
            }
        }
        throw Failure()
    }

    private mutating func escape() throws(Failure) -> Unicode.Scalar {
        guard let byte = current else { throw Failure() }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try hexQuad()
            if (0xD800..<0xDC00).contains(first) {
                try expect("\\u")
                let second = try hexQuad()
                guard (0xDC00..<0xE000).contains(second) else { throw Failure() }
                return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(first) else { throw Failure() }  // a lone low surrogate
            return scalar
        default:
            throw Failure()
        }
    }

    private mutating func hexQuad() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count,
              let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw Failure() }
        index += 4
        return value
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, finite as a `Double`.
    private mutating func number() throws(Failure) -> Double {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else {
            guard try digits() > 0 else { throw Failure() }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard try digits() > 0 else { throw Failure() }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard try digits() > 0 else { throw Failure() }
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
            throw Failure()
        }
        return value
    }

    private mutating func digits() throws(Failure) -> Int {
        let start = index
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        return index - start
    }
}
