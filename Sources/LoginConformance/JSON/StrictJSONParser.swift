import Foundation

/// A strict RFC 8259 parser: UTF-8 bytes to a ``JSONDocument`` (or a ``JSONValue``), or a ``JSONSyntaxError``
/// naming the line, the column, the JSON path and the problem.
///
/// Foundation's parsers are lenient in ways a token validator must not be (measured with Swift 6.3.1 on Linux):
/// they accept a trailing comma, which RFC 8259 forbids, and they disagree on duplicate members (`JSONDecoder`
/// keeps the first, `JSONSerialization` the last: the first-wins/last-wins confusion behind JSON parser-differential attacks).
/// This parser refuses both, and also refuses numbers that overflow a `Double`, nesting deeper than
/// ``maximumDepth``, lone surrogate escapes, bytes that are not UTF-8 and a leading byte-order mark (RFC 8259 §8.1
/// allows refusing or ignoring it). Two member names that Swift's `String ==` equates (canonically equivalent,
/// such as NFC and NFD spellings) are duplicates too: a Swift dictionary cannot keep both. Strings keep their
/// exact code points: nothing is normalized.
///
/// It reads bytes, never `Character`s, and builds no tree of Swift values: one flat list of nodes, iteratively
/// (no recursion, whatever the nesting).
package struct StrictJSONParser {
    /// Nesting deeper than this is refused rather than risking the stack of whoever walks the value.
    static let maximumDepth = 512

    /// An object with more members than this checks duplicates with a set rather than by comparing each pair.
    private static let pairwiseDuplicateLimit = 32

    /// The value of `text`, or `nil` when it is not exactly one valid JSON value.
    static func parse(_ text: String) -> JSONValue? {
        (try? document(Array(text.utf8)))?.value()
    }

    /// The document `bytes` hold, or why they are not exactly one valid JSON value.
    package static func document(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) -> JSONDocument {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        var parser = StrictJSONParser(bytes: UnsafeBufferPointer(buffer))
        do {
            return JSONDocument(owning: buffer, nodes: try parser.parseDocument())
        } catch {
            buffer.deallocate()
            throw error
        }
    }

    // MARK: parsing

    /// An array or object being read.
    private struct Level {
        let node: Int
        let isObject: Bool
        /// Members or elements completed so far.
        var count: UInt32 = 0
        /// Where this object's key nodes start in `keys`.
        let keysStart: Int
        /// The key of the member being read (an object), while its value is read.
        var currentKey: Int?
        /// Whether an element is being read (an array).
        var inElement = false
        /// The member names so far, once the object is too large to compare them pairwise.
        var names: Set<String>?
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var nodes: [JSONDocument.Node] = []
    private var levels: [Level] = []
    private var keys: [Int] = []
    /// Whether each of `keys` is plain ASCII (see `isPlain`).
    private var plainKeys: [Bool] = []

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        nodes.reserveCapacity(bytes.count / 12 + 1)
    }

    private mutating func parseDocument() throws(JSONSyntaxError) -> [JSONDocument.Node] {
        guard bytes.count < Int(UInt32.max) else { throw failure(at: 0, "the text is larger than 4 GiB") }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            throw failure(at: 0, "the text starts with a byte-order mark (U+FEFF); save it as UTF-8 without one")
        }
        while true {
            // Read values until one is complete (opening an array or object starts reading its first value).
            while try parseValue() {}
            // After a value: close the containers it completes, then find where the next value starts.
            while true {
                guard !levels.isEmpty else {
                    skipWhitespace()
                    guard index == bytes.count else { throw failure(at: index, "unexpected text after the JSON value") }
                    return nodes
                }
                levels[levels.count - 1].count += 1
                levels[levels.count - 1].currentKey = nil
                levels[levels.count - 1].inElement = false
                skipWhitespace()
                let byte = current
                if levels[levels.count - 1].isObject {
                    if byte == UInt8(ascii: ",") {
                        index += 1
                        try parseKey()
                        break
                    }
                    guard byte == UInt8(ascii: "}") else {
                        throw failure(at: index, byte == nil ? "the text ends inside an object" : "expected ',' or '}' after the member")
                    }
                } else {
                    if byte == UInt8(ascii: ",") {
                        index += 1
                        skipWhitespace()
                        if current == UInt8(ascii: "]") { throw failure(at: index, "a trailing comma before ']'") }
                        levels[levels.count - 1].inElement = true
                        break
                    }
                    guard byte == UInt8(ascii: "]") else {
                        throw failure(at: index, byte == nil ? "the text ends inside an array" : "expected ',' or ']' after the element")
                    }
                }
                index += 1
                close()
            }
        }
    }

    /// Reads a value; an array or object is only opened, its contents read by the loop in `parseDocument`. Whether
    /// it opened one that is not empty (its first value is to be read next).
    private mutating func parseValue() throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard levels.count < Self.maximumDepth else {
            throw failure(at: index, "arrays and objects nested more than \(Self.maximumDepth) deep; the limit is \(Self.maximumDepth)")
        }
        let start = index
        guard let byte = current else {
            throw failure(at: index, levels.isEmpty ? "the text is empty: no JSON value" : "the text ends where a value should be")
        }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let isObject = byte == UInt8(ascii: "{")
            index += 1
            nodes.append(.init(kind: isObject ? .object : .array, start: UInt32(start), end: 0, count: 0))
            levels.append(Level(node: nodes.count - 1, isObject: isObject, keysStart: keys.count))
            skipWhitespace()
            if current == UInt8(ascii: isObject ? "}" : "]") {
                index += 1
                close()
                return false
            }
            if isObject {
                try parseKey()
            } else {
                levels[levels.count - 1].inElement = true
            }
            return true
        case UInt8(ascii: "\""):
            let escaped = try scanString()
            nodes.append(.init(kind: escaped ? .escapedString : .string, start: UInt32(start), end: UInt32(index - 1), count: 0))
        case UInt8(ascii: "t"):
            try literal("true")
            nodes.append(.init(kind: .trueValue, start: UInt32(start), end: UInt32(index), count: 0))
        case UInt8(ascii: "f"):
            try literal("false")
            nodes.append(.init(kind: .falseValue, start: UInt32(start), end: UInt32(index), count: 0))
        case UInt8(ascii: "n"):
            try literal("null")
            nodes.append(.init(kind: .null, start: UInt32(start), end: UInt32(index), count: 0))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try scanNumber()
            nodes.append(.init(kind: .number, start: UInt32(start), end: UInt32(index), count: 0))
        default:
            throw failure(at: index, "expected a value (an object, array, string, number, true, false or null), found \(Self.describe(byte))")
        }
        return false
    }

    /// Ends the innermost array or object: records where it ends and how many members or elements it has.
    private mutating func close() {
        let level = levels.removeLast()
        let node = nodes[level.node]
        nodes[level.node] = .init(kind: node.kind, start: node.start, end: UInt32(nodes.count), count: level.count)
        keys.removeSubrange(level.keysStart...)
        plainKeys.removeSubrange(level.keysStart...)
    }

    /// Reads a member name and its colon, refusing a name the object already has.
    private mutating func parseKey() throws(JSONSyntaxError) {
        skipWhitespace()
        guard current == UInt8(ascii: "\"") else {
            if current == UInt8(ascii: "}") { throw failure(at: index, "a trailing comma before '}'") }
            throw failure(at: index, current == nil ? "the text ends where a member name should be"
                          : "expected a member name in double quotes, found \(Self.describe(current!))")
        }
        let start = index
        let escaped = try scanString()
        let key = JSONDocument.Node(kind: escaped ? .escapedString : .string, start: UInt32(start), end: UInt32(index - 1), count: 0)
        let level = levels.count - 1
        if let first = try firstDuplicate(of: key, in: level) {
            let (line, column) = JSONDocument.lineAndColumn(in: bytes, offset: Int(nodes[first].start))
            let name = string(of: key)
            let equivalence = string(of: nodes[first]).utf8.elementsEqual(name.utf8) ? "" : ", a canonically equivalent spelling"
            throw failure(at: start, "duplicate member \"\(name)\" (first at line \(line), column \(column)\(equivalence))", key: name)
        }
        nodes.append(key)
        keys.append(nodes.count - 1)
        plainKeys.append(isPlain(key))
        levels[level].currentKey = nodes.count - 1
        skipWhitespace()
        guard current == UInt8(ascii: ":") else {
            throw failure(at: index, current == nil ? "the text ends after a member name" : "expected ':' after the member name")
        }
        index += 1
    }

    /// The key node of the object at `level` with the same name as `key`, if any.
    private mutating func firstDuplicate(of key: JSONDocument.Node, in level: Int) throws(JSONSyntaxError) -> Int? {
        let previous = keys[levels[level].keysStart...]
        if previous.count >= Self.pairwiseDuplicateLimit {
            if levels[level].names == nil {
                levels[level].names = Set(previous.map { string(of: nodes[$0]) })
            }
            let name = string(of: key)
            guard levels[level].names!.insert(name).inserted else {
                return previous.first { string(of: nodes[$0]) == name }
            }
            return nil
        }
        let keyIsPlain = isPlain(key)
        let length = key.end - key.start
        var position = levels[level].keysStart
        while position < keys.count {
            let candidate = keys[position], otherIsPlain = plainKeys[position]
            position += 1
            let other = nodes[candidate]
            if keyIsPlain && otherIsPlain {
                // ASCII text is canonically equivalent to nothing but itself: compare lengths, then bytes.
                if other.end - other.start == length,
                   memcmp(bytes.baseAddress! + Int(key.start), bytes.baseAddress! + Int(other.start), Int(length)) == 0 {
                    return candidate
                }
            } else if string(of: other) == string(of: key) {
                return candidate
            }
        }
        return nil
    }

    /// Whether the string node is plain ASCII, without escapes: equal to another such name only byte for byte.
    private func isPlain(_ node: JSONDocument.Node) -> Bool {
        guard node.kind == .string else { return false }
        var offset = Int(node.start) + 1
        let end = Int(node.end)
        while offset < end {
            if bytes[offset] >= 0x80 { return false }
            offset += 1
        }
        return true
    }

    private func string(of node: JSONDocument.Node) -> String {
        let start = Int(node.start) + 1, end = Int(node.end)
        if node.kind == .string {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        var decoded: [UInt8] = []
        Self.unescape(bytes, from: start, to: end, into: &decoded)
        return String(decoding: decoded, as: UTF8.self)
    }

    // MARK: scanning

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    @inline(__always)
    private mutating func skipWhitespace() {
        // The hot loops read through the base pointer and compare with literal bytes: in a debug build (the tests)
        // a buffer subscript and `UInt8(ascii:)` are each a call.
        let base = bytes.baseAddress!, count = bytes.count
        while index < count {
            let byte = base[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            index += 1
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let start = index
        let length = word.utf8CodeUnitCount
        guard index + length <= bytes.count,
              memcmp(bytes.baseAddress! + index, word.utf8Start, length) == 0
        else { throw failure(at: start, "expected a value (an object, array, string, number, true, false or null)") }
        index += length
    }

    /// 0x01 in every byte of a word, and 0x80 in every byte: the masks of ``scanString()``'s eight-byte test.
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Scans a string from its opening quote to after its closing quote, checking every escape and every UTF-8
    /// sequence; whether it holds an escape.
    private mutating func scanString() throws(JSONSyntaxError) -> Bool {
        let start = index
        index += 1
        var escaped = false
        while true {
            // The common case, printable ASCII, in a tight loop: eight bytes at a time while none of them can end it
            // (no byte below 0x20 or from 0x80, no '"' and no '\': exact bit tests on the word, which never miss
            // such a byte), then byte by byte.
            let base = bytes.baseAddress!, count = bytes.count
            var at = index
            while at + 8 <= count {
                let word = UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)
                let quote = word ^ (0x22 &* Self.ones), backslash = word ^ (0x5C &* Self.ones)
                let below = (word &- 0x20 &* Self.ones) & ~word
                let stops = (word | below | ((quote &- Self.ones) & ~quote) | ((backslash &- Self.ones) & ~backslash))
                if stops & Self.highBits != 0 { break }
                at += 8
            }
            while at < count {
                let byte = base[at]
                guard byte >= 0x20, byte < 0x80, byte != 0x22, byte != 0x5C else { break }  // not '"' or '\'
                at += 1
            }
            index = at
            guard index < bytes.count else { throw failure(at: start, "the string that starts here is never closed") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return escaped
            case UInt8(ascii: "\\"):
                escaped = true
                try scanEscape()
            case 0x00..<0x20:
                throw failure(at: index, "an unescaped control character (\(Self.describe(byte))) in a string; write it as \\u\(Self.hex(UInt32(byte)))")
            default:
                try scanUTF8Sequence()
            }
        }
    }

    private mutating func scanEscape() throws(JSONSyntaxError) {
        let start = index
        index += 1
        guard let byte = current else { throw failure(at: start, "the text ends inside an escape") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return
        case UInt8(ascii: "u"):
            let first = try hexQuad(escapeAt: start)
            if (0xD800..<0xDC00).contains(first) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw failure(at: start, "a lone surrogate escape \\u\(Self.hex(first)): a high surrogate must be followed by a low one")
                }
                index += 2
                let second = try hexQuad(escapeAt: index - 2)
                guard (0xDC00..<0xE000).contains(second) else {
                    throw failure(at: start, "a lone surrogate escape \\u\(Self.hex(first)): it is followed by \\u\(Self.hex(second)), not a low surrogate")
                }
            } else if (0xDC00..<0xE000).contains(first) {
                throw failure(at: start, "a lone surrogate escape \\u\(Self.hex(first)): a low surrogate must follow a high one")
            }
        default:
            throw failure(at: start, "an invalid escape \\\(Self.printable(byte)); JSON escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
        }
    }

    private mutating func hexQuad(escapeAt start: Int) throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure(at: start, "\\u must be followed by four hexadecimal digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Self.hexDigit(bytes[index]) else {
                throw failure(at: start, "\\u must be followed by four hexadecimal digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// One well-formed UTF-8 sequence of two to four bytes (no overlong form, no surrogate, nothing above U+10FFFF).
    private mutating func scanUTF8Sequence() throws(JSONSyntaxError) {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF  // the range of the second byte
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw failure(at: index, "a byte that is not UTF-8 (0x\(Self.hex(UInt32(lead), digits: 2)))")
        }
        guard index + length <= bytes.count, (low...high).contains(bytes[index + 1]),
              (2..<length).allSatisfy({ (0x80...0xBF).contains(bytes[index + $0]) })
        else { throw failure(at: index, "bytes that are not UTF-8 (a malformed sequence starting 0x\(Self.hex(UInt32(lead), digits: 2)))") }
        index += length
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, finite as a `Double`.
    private mutating func scanNumber() throws(JSONSyntaxError) {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        if current == UInt8(ascii: "0") {
            index += 1
            if let next = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) {
                throw failure(at: start, "a number with a leading zero")
            }
        } else {
            guard digits() > 0 else { throw failure(at: start, "expected a value (an object, array, string, number, true, false or null)") }
        }
        let integerDigits = index - integerStart
        var isInteger = true
        if current == UInt8(ascii: ".") {
            index += 1
            isInteger = false
            guard digits() > 0 else { throw failure(at: start, "a number needs digits after its decimal point") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            isInteger = false
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw failure(at: start, "a number needs digits in its exponent") }
        }
        // Fifteen digits or fewer always fit; anything else is checked by converting it.
        if isInteger && integerDigits <= 15 { return }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw failure(at: start, "the number \(text) is too large for a double")
        }
    }

    private mutating func digits() -> Int {
        let start = index
        let base = bytes.baseAddress!, count = bytes.count
        while index < count, base[index] >= 0x30, base[index] <= 0x39 { index += 1 }  // '0'...'9'
        return index - start
    }

    // MARK: unescaping

    /// Appends the UTF-8 of the string content `bytes[start..<end]` (between its quotes, already checked by
    /// `scanString`) to `output`, escapes decoded.
    static func unescape(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, into output: inout [UInt8]
    ) {
        // Plain loops over a raw pointer, no generics and no closures: a debug build (the tests) runs this for every
        // escaped string it reads, and each abstraction costs there what the optimizer would have removed.
        let base = bytes.baseAddress!
        var index = start
        while index < end {
            guard base[index] == UInt8(ascii: "\\") else {
                // A run of plain bytes, copied at once.
                let runStart = index
                while index < end, base[index] != UInt8(ascii: "\\") { index += 1 }
                output.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: index - runStart))
                continue
            }
            let escape = base[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = quad(base, at: index)
                index += 4
                if scalar >= 0xD800, scalar < 0xDC00 {
                    // The second escape's \u, then its four digits.
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (quad(base, at: index + 2) - 0xDC00)
                    index += 6
                }
                appendUTF8(scalar, to: &output)
            default: output.append(escape)  // " \ /
            }
        }
    }

    /// The value of the four hex digits at `index` (the parser checked them).
    private static func quad(_ base: UnsafePointer<UInt8>, at index: Int) -> UInt32 {
        hexDigit(base[index])! << 12 | hexDigit(base[index + 1])! << 8 | hexDigit(base[index + 2])! << 4 | hexDigit(base[index + 3])!
    }

    /// Appends the UTF-8 encoding of `scalar` (a scalar value: the parser refused lone surrogates).
    private static func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case ..<0x80: output.append(UInt8(scalar))
        case ..<0x800:
            output.append(UInt8(0xC0 | scalar >> 6))
            output.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            output.append(UInt8(0xE0 | scalar >> 12))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        default:
            output.append(UInt8(0xF0 | scalar >> 18))
            output.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    // MARK: failures

    /// A failure at byte `offset`, with the JSON path of what was being read (and `key` when the problem is a
    /// member name).
    private func failure(at offset: Int, _ problem: String, key: String? = nil) -> JSONSyntaxError {
        var path = "$"
        for level in levels {
            if level.isObject, let currentKey = level.currentKey {
                path += ".\(string(of: nodes[currentKey]))"
            } else if !level.isObject, level.inElement {
                path += "[\(level.count)]"
            }
        }
        if let key { path += ".\(key)" }
        let (line, column) = JSONDocument.lineAndColumn(in: bytes, offset: offset)
        return JSONSyntaxError(offset: offset, line: line, column: column, jsonPath: path, problem: problem)
    }

    private static func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0x20...0x7E: "'\(Character(Unicode.Scalar(byte)))'"
        default: "the byte 0x\(hex(UInt32(byte), digits: 2))"
        }
    }

    private static func printable(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? String(Character(Unicode.Scalar(byte))) : "(0x\(hex(UInt32(byte), digits: 2)))"
    }

    private static func hex(_ value: UInt32, digits: Int = 4) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
