import Foundation

/// A JSON number kept exactly: its decimal value (sign, significant digits, exponent), never only the nearest
/// `Double`.
///
/// RFC 8259 §6 defines a number by its decimal text and warns that numbers beyond IEEE 754 binary64 (integers above
/// 2^53, more than 17 significant digits) are where implementations disagree. A conformance suite must not be one of
/// them: `9007199254740993` and `9007199254740992` round to the same `Double`, and an implementation that answers
/// one where the other is kept has lost a claim's precision. So two JSON numbers are equal exactly when their
/// decimal values are, however they are written: `1`, `1.0`, `1e0`, `10e-1` and `0.1e1` are one number, and so are
/// `-0` and `0`; `9007199254740993` is not `9007199254740992`.
///
/// A number made from a `Double` (as an in-process answer gives one) stands for the value the
/// `Double` denotes: an integral `Double` for the integer it holds exactly (`9223372036854775808.0` is 2^63), any
/// other for the shortest decimal that reads back to it (`0.1` is 0.1), which is what Swift prints for it.
///
/// Rendered in the suite's canonical JSON (failure messages, reports, the inputs sent to adapters), a number that a
/// `Double` prints exactly is printed as that `Double` always was (`1767225600`, `0.5`, `1e-07`, `-0`), so the
/// renderings of existing vectors do not change; any other as its exact decimal text (``description``).
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral {
    /// The exact value: `digits × 10^exponent`, with the sign.
    private enum Value: Hashable {
        /// `digits` are ASCII decimal digits without leading or trailing zeros (empty for zero, whose `negative`
        /// is `false` and `exponent` 0), so that equal values have equal representations.
        case finite(negative: Bool, digits: [UInt8], exponent: Int)
        /// Infinity or NaN, which JSON cannot write: only a `Double` gives one (its bit pattern).
        case nonFinite(UInt64)
    }

    private let value: Value
    /// Whether the number is a zero written (or held) with a minus sign: equal to `0`, but rendered `-0` as a
    /// `Double` `-0.0` always was.
    private let isNegativeZero: Bool

    /// The nearest `Double` (`±infinity` beyond its range; for `-0`, `-0.0`).
    public let doubleValue: Double

    /// Exponents are clamped to this magnitude (a number such as `1e-99999999999999999999` is still accepted):
    /// numbers beyond it are far outside any `Double` and differ from each other only there.
    private static let exponentLimit = Int.max / 4

    // MARK: making one

    /// The number `text` writes, or `nil` when `text` is not exactly a JSON number (RFC 8259 §6: an optional
    /// minus, an integer part without leading zeros, an optional fraction and an optional exponent).
    public init?(_ text: String) {
        guard let number = Self.parse(Array(text.utf8)) else { return nil }
        self = number
    }

    /// The value a `Double` denotes: an integral one the integer it holds exactly, any other the shortest decimal
    /// that reads back to it (what Swift prints). Infinity and NaN, which JSON cannot write, are kept as such:
    /// equal only to themselves, and not encodable.
    public init(_ value: Double) {
        guard value.isFinite else {
            self.init(value: .nonFinite(value.bitPattern), isNegativeZero: false, doubleValue: value)
            return
        }
        if value == 0 {
            self.init(value: .finite(negative: false, digits: [], exponent: 0),
                      isNegativeZero: value.sign == .minus, doubleValue: value)
        } else if value.rounded(.towardZero) == value {
            let magnitude = Self.integerDigits(of: value.magnitude)
            self.init(value: Self.normalized(negative: value < 0, digits: magnitude, exponent: 0),
                      isNegativeZero: false, doubleValue: value)
        } else {
            self = Self.parse(Array(value.description.utf8))!  // "0.1", "1e-07", "5e-324": JSON numbers
        }
    }

    /// The integer `value`, exactly.
    public init<Integer: BinaryInteger>(_ value: Integer) {
        let digits = Array(String(value.magnitude).utf8)
        self.init(value: Self.normalized(negative: value < 0, digits: digits, exponent: 0),
                  isNegativeZero: false, doubleValue: Double(value))
    }

    public init(integerLiteral value: Int) {
        self.init(value)
    }

    /// The literal's `Double`, read as a `Double` is: write a number a `Double` cannot hold as text, with the
    /// failable initializer.
    public init(floatLiteral value: Double) {
        self.init(value)
    }

    private init(value: Value, isNegativeZero: Bool, doubleValue: Double) {
        self.value = value
        self.isNegativeZero = isNegativeZero
        self.doubleValue = doubleValue
    }

    /// The number of the JSON number text `bytes`, or `nil` when they are not one.
    static func parse(_ bytes: some Collection<UInt8>) -> JSONNumber? {
        var index = bytes.startIndex
        func peek() -> UInt8? { index < bytes.endIndex ? bytes[index] : nil }
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? false }

        let negative = peek() == UInt8(ascii: "-")
        if negative { index = bytes.index(after: index) }
        var digits: [UInt8] = []
        // The integer part: 0, or digits not starting with 0.
        guard isDigit(peek()) else { return nil }
        if peek() == UInt8(ascii: "0") {
            index = bytes.index(after: index)
            guard !isDigit(peek()) else { return nil }
        } else {
            while isDigit(peek()) {
                digits.append(bytes[index])
                index = bytes.index(after: index)
            }
        }
        var fractionDigits = 0
        if peek() == UInt8(ascii: ".") {
            index = bytes.index(after: index)
            guard isDigit(peek()) else { return nil }
            while isDigit(peek()) {
                // Leading zeros of the significand are dropped as they come (0.001: one digit, three places).
                if !digits.isEmpty || bytes[index] != UInt8(ascii: "0") { digits.append(bytes[index]) }
                fractionDigits += 1
                index = bytes.index(after: index)
            }
        }
        var exponent = 0
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index = bytes.index(after: index)
            let negativeExponent = peek() == UInt8(ascii: "-")
            if negativeExponent || peek() == UInt8(ascii: "+") { index = bytes.index(after: index) }
            guard isDigit(peek()) else { return nil }
            while isDigit(peek()) {
                let digit = Int(bytes[index] - UInt8(ascii: "0"))
                exponent = exponent > exponentLimit / 10 ? exponentLimit : Swift.min(exponent * 10 + digit, exponentLimit)
                index = bytes.index(after: index)
            }
            if negativeExponent { exponent = -exponent }
        }
        guard index == bytes.endIndex else { return nil }
        let number = normalized(negative: negative, digits: digits, exponent: exponent - fractionDigits)
        let text = String(decoding: bytes, as: UTF8.self)
        let double = Double(text) ?? (negative ? -.infinity : .infinity)
        return JSONNumber(value: number, isNegativeZero: negative && digits.isEmpty, doubleValue: double)
    }

    /// The value `digits × 10^exponent`, without leading or trailing zeros; zero is unsigned.
    private static func normalized(negative: Bool, digits: [UInt8], exponent: Int) -> Value {
        guard let first = digits.firstIndex(where: { $0 != UInt8(ascii: "0") }) else {
            return .finite(negative: false, digits: [], exponent: 0)
        }
        let last = digits.lastIndex { $0 != UInt8(ascii: "0") }!
        let shifted = exponent + (digits.count - 1 - last)
        return .finite(negative: negative, digits: Array(digits[first...last]),
                       exponent: Swift.max(-exponentLimit, Swift.min(exponentLimit, shifted)))
    }

    /// The decimal digits of the integral, non-negative `value`, exactly.
    private static func integerDigits(of value: Double) -> [UInt8] {
        if value < 0x1p63 { return Array(String(UInt64(value)).utf8) }
        // value = significand × 2^shift, both integers: double a little-endian base-10^9 number `shift` times.
        let shift = Int(value.exponent) - Double.significandBitCount
        var limbs: [UInt64] = [1 << UInt64(Double.significandBitCount) | value.significandBitPattern]
        let base: UInt64 = 1_000_000_000
        limbs = [limbs[0] % base, limbs[0] / base % base, limbs[0] / base / base]
        for _ in 0..<shift {
            var carry: UInt64 = 0
            for position in limbs.indices {
                let doubled = limbs[position] * 2 + carry
                limbs[position] = doubled % base
                carry = doubled / base
            }
            if carry > 0 { limbs.append(carry) }
        }
        while limbs.count > 1, limbs.last == 0 { limbs.removeLast() }
        var text = String(limbs.last!)
        for limb in limbs.dropLast().reversed() {
            let part = String(limb)
            text += String(repeating: "0", count: 9 - part.count) + part
        }
        return Array(text.utf8)
    }

    // MARK: equality

    /// Whether the two numbers have the same exact decimal value (`-0` equals `0`; infinity and NaN only
    /// themselves).
    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        lhs.value == rhs.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }

    // MARK: text

    /// The number's exact decimal text, as JSON: the digits written out where the decimal point falls among them
    /// or at most 21 places from them (`9007199254740993`, `0.000001`), exponent notation otherwise (`1e+21`,
    /// `1.5e-7`), the rule of ECMAScript's `Number.prototype.toString`; `-0` for a negative zero. For infinity and
    /// NaN, the `Double`'s description.
    public var description: String {
        guard case .finite(let negative, let digits, let exponent) = value else { return doubleValue.description }
        if digits.isEmpty { return isNegativeZero ? "-0" : "0" }
        let count = digits.count
        let point = exponent + count  // where the decimal point falls, counted from the first digit
        let sign = negative ? "-" : ""
        let text = String(decoding: digits, as: UTF8.self)
        if count <= point, point <= 21 {
            return sign + text + String(repeating: "0", count: point - count)
        }
        if 0 < point, point <= 21 {
            return sign + text.prefix(point) + "." + text.dropFirst(point)
        }
        if -6 < point, point <= 0 {
            return sign + "0." + String(repeating: "0", count: -point) + text
        }
        let mantissa = count == 1 ? text : text.prefix(1) + "." + text.dropFirst()
        let power = point - 1
        return sign + mantissa + "e" + (power < 0 ? "-" : "+") + String(power.magnitude)
    }

    /// Whether ``doubleValue``, printed as Swift prints a `Double`, is exactly this number: then rendering the
    /// `Double` gives the same text as ever (15 significant digits or fewer always are).
    var isPrintedExactlyByDouble: Bool {
        guard case .finite(_, let digits, let exponent) = value, doubleValue.isFinite else { return false }
        if digits.count <= 15, (-300...290).contains(exponent) { return true }
        return Self.parse(Array(doubleValue.description.utf8))?.value == value
    }
}

extension JSONNumber: Codable {
    /// Reads a number. From the suite's own JSON reader (vector files, adapters' answers) it is exact; from another
    /// decoder (Foundation's `JSONDecoder`), which reads numbers only through `Double`, it is that `Double`.
    public init(from decoder: any Decoder) throws {
        if let decoder = decoder as? JSONDocumentDecoder {
            self = try decoder.decodeNumber()
            return
        }
        self.init(try decoder.singleValueContainer().decode(Double.self))
    }

    /// Writes the number as ``doubleValue``; in the suite's canonical JSON (failure messages, reports, inputs sent
    /// to adapters) a number that the `Double` does not print exactly is written as its exact ``description``
    /// instead.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if encoder.userInfo[CanonicalJSON.exactNumbersKey] != nil, !isPrintedExactlyByDouble,
           case .finite = value {
            try container.encode(CanonicalJSON.placeholder(for: description))
        } else {
            try container.encode(doubleValue)
        }
    }
}

extension JSONNumber: Comparable {
    /// Orders by exact decimal value, as RFC 7519 §2 compares NumericDates (SPECIFICATION.md §4, `token.jose.numbers`):
    /// `9007199254740993` is greater than `9007199254740992`, though both have the same nearest `Double`; `-0` and `0`
    /// are equal. Infinity and NaN, which JSON cannot write, order by their `Double`.
    public static func < (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        guard case .finite(let leftNegative, let leftDigits, let leftExponent) = lhs.value,
              case .finite(let rightNegative, let rightDigits, let rightExponent) = rhs.value
        else { return lhs.doubleValue < rhs.doubleValue }
        // Zero is unsigned (``normalized``), so a negative number is below every other sign.
        if leftNegative != rightNegative { return leftNegative }
        let left = (leftDigits, leftExponent), right = (rightDigits, rightExponent)
        return leftNegative ? magnitudeIsLess(right, left) : magnitudeIsLess(left, right)
    }

    /// Whether `|digits × 10^exponent|` of `left` is below that of `right` (normalized: no leading or trailing zeros).
    private static func magnitudeIsLess(_ left: ([UInt8], Int), _ right: ([UInt8], Int)) -> Bool {
        if left.0.isEmpty || right.0.isEmpty { return left.0.isEmpty && !right.0.isEmpty }
        // The power of ten of the leading digit decides; then the digits, read from the leading one.
        let leftPower = left.0.count + left.1, rightPower = right.0.count + right.1
        if leftPower != rightPower { return leftPower < rightPower }
        return left.0.lexicographicallyPrecedes(right.0)
    }
}
