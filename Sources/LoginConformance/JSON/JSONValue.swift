import Foundation

/// A JSON value, keeping the distinctions a token validator must make: a boolean is not a number, `null` is not
/// absent, an integer-valued number and a fractional one are both numbers (SPECIFICATION.md §4: "JSON number").
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
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
    /// The number, if this is a number (never a boolean).
    public var numberValue: Double? { if case .number(let value) = self { value } else { nil } }
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
        } else if let value = try? container.decode(Double.self) {
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
