/// A JSON value parsed strictly (RFC 8259): UTF-8 only, no duplicate member names, no trailing commas, no NaN, no
/// byte-order mark. Foundation's parsers accept a trailing comma and resolve duplicates first-wins (JSONDecoder) or
/// last-wins (JSONSerialization); a token validator must refuse them instead.
enum StrictJSON: Sendable, Hashable {
    /// A number is its nearest `Double` and its text as the token wrote it, so a claim can be kept exactly (RFC 8259 §6:
    /// `9007199254740993` has no `Double` of its own).
    case null, bool(Bool), number(Double, text: String), string(String), array([StrictJSON]), object([String: StrictJSON])

    static func parse(_ bytes: [UInt8]) -> StrictJSON? {
        guard String(validating: bytes, as: UTF8.self) != nil else { return nil }
        var parser = Parser(bytes: bytes)
        parser.skipWhitespace()
        guard let value = parser.value(depth: 0) else { return nil }
        parser.skipWhitespace()
        return parser.index == bytes.count ? value : nil
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func literal(_ text: String) -> Bool {
            let utf8 = Array(text.utf8)
            guard bytes.count - index >= utf8.count, Array(bytes[index..<index + utf8.count]) == utf8 else { return false }
            index += utf8.count
            return true
        }

        mutating func value(depth: Int) -> StrictJSON? {
            guard depth < 512, index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"): return object(depth: depth)
            case UInt8(ascii: "["): return array(depth: depth)
            case UInt8(ascii: "\""): return string().map(StrictJSON.string)
            case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
            case UInt8(ascii: "n"): return literal("null") ? .null : nil
            default: return number()
            }
        }

        mutating func object(depth: Int) -> StrictJSON? {
            index += 1
            var members: [String: StrictJSON] = [:]
            var seen: Set<[UInt8]> = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
                guard seen.insert(Array(key.utf8)).inserted else { return nil }  // duplicate member name
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                skipWhitespace()
                guard let member = value(depth: depth + 1) else { return nil }
                members[key] = member
                skipWhitespace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                return nil
            }
        }

        mutating func array(depth: Int) -> StrictJSON? {
            index += 1
            var items: [StrictJSON] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            while true {
                skipWhitespace()
                guard let item = value(depth: depth + 1) else { return nil }
                items.append(item)
                skipWhitespace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                return nil
            }
        }

        mutating func string() -> String? {
            index += 1
            var scalars = String.UnicodeScalarView()
            var raw: [UInt8] = []
            func flush() -> Bool {
                guard let text = String(validating: raw, as: UTF8.self) else { return false }
                scalars.append(contentsOf: text.unicodeScalars)
                raw.removeAll()
                return true
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") { index += 1; return flush() ? String(scalars) : nil }
                if byte < 0x20 { return nil }
                if byte == UInt8(ascii: "\\") {
                    guard flush(), index + 1 < bytes.count else { return nil }
                    index += 1
                    switch bytes[index] {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{8}")
                    case UInt8(ascii: "f"): scalars.append("\u{C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"):
                        guard var unit = hex4() else { return nil }
                        if (0xD800..<0xDC00).contains(unit) {
                            // The low surrogate's escape: hex4 steps over the u, as it did for the high one.
                            guard literal("\\"), index < bytes.count, bytes[index] == UInt8(ascii: "u"),
                                  let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                            unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(unit) else { return nil }  // lone surrogates refused
                        scalars.append(scalar)
                        continue
                    default: return nil
                    }
                    index += 1
                    continue
                }
                raw.append(byte)
                index += 1
            }
            return nil
        }

        mutating func hex4() -> UInt32? {
            index += 1
            guard bytes.count - index >= 4, let text = String(validating: bytes[index..<index + 4], as: UTF8.self),
                  let value = UInt32(text, radix: 16) else { return nil }
            index += 4
            return value
        }

        mutating func number() -> StrictJSON? {
            let start = index
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            let digitsStart = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > digitsStart, !(bytes[digitsStart] == UInt8(ascii: "0") && index - digitsStart > 1) else { return nil }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                let fraction = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                guard index > fraction else { return nil }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                let exponent = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                guard index > exponent else { return nil }
            }
            guard let text = String(validating: bytes[start..<index], as: UTF8.self), let value = Double(text),
                  value.isFinite else { return nil }
            return .number(value, text: text)
        }
    }
}
