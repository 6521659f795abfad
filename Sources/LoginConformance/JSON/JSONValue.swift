import Foundation

/// A JSON value, keeping the distinctions a token validator must make: a boolean is not a number, `null` is not
/// absent, an integer-valued number and a fractional one are both numbers (SPECIFICATION.md §4: "JSON number").
/// A number is kept exactly (``JSONNumber``, RFC 8259 §6): `9007199254740993` is not `9007199254740992`, though
/// both have the same nearest `Double`; `1.0` is `1`.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number, exactly. Its nearest `Double` is ``numberValue``.
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses JSON text strictly (RFC 8259): `nil` for anything but exactly one valid JSON value. Trailing
    /// commas, a byte-order mark, duplicate members, numbers that overflow a `Double`, lone surrogates and trailing
    /// garbage are all refused, unlike Foundation's parsers.
    public static func parse(_ text: String) -> JSONValue? {
        StrictJSONParser.parse(text)
    }

    /// The string, if this is a string.
    public var stringValue: String? { if case .string(let value) = self { value } else { nil } }
    /// The number's nearest `Double`, if this is a number (never a boolean). ``exactNumberValue`` is the number
    /// itself.
    public var numberValue: Double? { if case .number(let value) = self { value.doubleValue } else { nil } }
    /// The number, exactly, if this is a number (never a boolean).
    public var exactNumberValue: JSONNumber? { if case .number(let value) = self { value } else { nil } }
    /// The members, if this is an object.
    public var objectValue: [String: JSONValue]? { if case .object(let value) = self { value } else { nil } }
    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? { if case .array(let value) = self { value } else { nil } }
}

extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        // A decoder cannot be asked a value's type, only tried: each failed try throws, so the kinds are tried in
        // the order they are most common in vectors (strings, then objects), which keeps loading fast.
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else if let value = try? container.decode(JSONNumber.self) {
            self = .number(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else {
            self = .array(try container.decode([JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue {
    /// Whether the two values are the same JSON: strings and member names compared code point by code point (never
    /// by Swift's `==`, which equates canonically equivalent text), numbers by exact value (``JSONNumber``: `1.0` is
    /// `1`, `-0` is `0`), arrays element by element.
    package func isExactlyEqual(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a.isCodePointEqual(to: b)
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isExactlyEqual(to: $1) }
        case (.object(let a), .object(let b)):
            let byName = { (members: [String: JSONValue]) in
                members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            }
            return a.count == b.count && zip(byName(a), byName(b)).allSatisfy {
                $0.key.isCodePointEqual(to: $1.key) && $0.value.isExactlyEqual(to: $1.value)
            }
        default: return false
        }
    }
}
