import Foundation

/// A `Decoder` over one value of a ``JSONDocument``: the vector models' `Decodable` conformances read the strictly
/// parsed document directly, with no second parse and no Foundation decoder.
///
/// It is two words (the document and the value's node), so creating one per value costs nothing; the coding path
/// is not carried along but worked out from the document when asked for (in practice, only to report an error).
/// Its errors are `DecodingError`s in words a person can act on ("found a number"), which
/// ``VectorLoadError`` turns into the file, line, column and JSON path.
///
/// It holds the document without retaining it (decoding creates one per value, and reference counting was a
/// tenth of the loading time): whoever creates the first decoder keeps the document alive until decoding ends, as
/// ``JSONFile`` and ``VectorFamily/decodeFile(_:)`` do by holding it as an argument.
///
/// It reads as `JSONDecoder` does, with these differences, all stricter: member names are matched code point by
/// code point (never by canonical equivalence), and an unknown value of a `String`-backed `CaseIterable` enum is
/// reported with the allowed values.
struct JSONDocumentDecoder: Decoder, SingleValueDecodingContainer {
    unowned(unsafe) let document: JSONDocument
    let node: Int

    init(document: JSONDocument, node: Int = 0) {
        self.document = document
        self.node = node
    }

    var codingPath: [any CodingKey] { document.codingPath(of: node) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    private var kind: JSONDocument.Kind { document.nodes[node].kind }

    // MARK: Decoder

    /// The object's members; when `Key` is ``ClosedObjectKeys`` or ``DiscriminatedObjectKeys``, its members are
    /// checked first (``checkMembers(_:)``).
    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard kind == .object else { throw mismatch([String: Any].self) }
        if let closed = MemberNames.closed(type) { try checkMembers(closed) }
        return KeyedDecodingContainer(JSONDocumentKeyedContainer<Key>(document: document, node: node))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard kind == .array else { throw mismatch([Any].self) }
        return JSONDocumentUnkeyedContainer(document: document, node: node)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: SingleValueDecodingContainer

    func decodeNil() -> Bool { kind == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        switch kind {
        case .trueValue: return true
        case .falseValue: return false
        default: throw mismatch(type)
        }
    }

    func decode(_ type: String.Type) throws -> String {
        guard kind == .string || kind == .escapedString else { throw mismatch(type) }
        return document.string(at: node)
    }

    func decode(_ type: Double.Type) throws -> Double {
        guard kind == .number else { throw mismatch(type) }
        // An integer converts to the nearest Double exactly as its decimal text does: no need to parse the text.
        if let integer = document.smallInteger(at: node) { return Double(integer) }
        return Double(String(document.numberText(at: node)))!  // the parser checked it is finite
    }

    /// The number, exactly (its text, never through a `Double`).
    func decodeNumber() throws -> JSONNumber {
        guard kind == .number else { throw mismatch(Double.self) }
        return document.number(at: node)
    }

    func decode(_ type: Float.Type) throws -> Float {
        let float = Float(try decode(Double.self))
        guard float.isFinite else {
            throw corrupted("the number \(document.numberText(at: node)) does not fit a 32-bit float")
        }
        return float
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        // The types vectors use most, read directly (a dictionary through `Decodable` looks each key up again).
        if type == String.self { return try decode(String.self) as! T }
        if type == JSONValue.self { return document.value(at: node) as! T }
        if type == [String: String].self { return try members(String.self) as! T }
        if type == [String: JSONValue].self { return try members(JSONValue.self) as! T }
        if type == [String: Double].self { return try members(Double.self) as! T }
        if type == JSONNumber.self { return try decodeNumber() as! T }
        if type == [String: JSONNumber].self { return try members(JSONNumber.self) as! T }
        if type == [String].self { return try elements(String.self) as! T }
        do {
            return try T(from: self)
        } catch DecodingError.dataCorrupted(let context) {
            throw unknownValue(of: type) ?? DecodingError.dataCorrupted(context)
        }
    }

    // MARK: reading

    /// The array's elements, each decoded as `Element`.
    private func elements<Element: Decodable>(_ type: Element.Type) throws -> [Element] {
        guard kind == .array else { throw mismatch([Any].self) }
        var elements: [Element] = []
        elements.reserveCapacity(Int(document.nodes[node].count))
        var child = node + 1
        for _ in 0..<document.nodes[node].count {
            elements.append(try JSONDocumentDecoder(document: document, node: child).decode(type))
            child = document.next(after: child)
        }
        return elements
    }

    /// The object's members, each value decoded as `Value`.
    private func members<Value: Decodable>(_ type: Value.Type) throws -> [String: Value] {
        guard kind == .object else { throw mismatch([String: Any].self) }
        var members: [String: Value] = [:]
        members.reserveCapacity(Int(document.nodes[node].count))
        try document.forEachMember(of: node) { key, value in
            // The parser refused names that Swift's dictionaries would take for one another.
            members[document.string(at: key)] = try JSONDocumentDecoder(document: document, node: value).decode(type)
            return true
        }
        return members
    }

    /// An integer as `JSONDecoder` reads one: digits, or a number with a fraction or exponent whose value is a
    /// whole number (`1.0`, `1e2`), within the type's range.
    private func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
        guard kind == .number else { throw mismatch(type) }
        if let small = document.smallInteger(at: node), let value = Integer(exactly: small) { return value }
        let text = String(document.numberText(at: node))
        let value: Integer?
        if !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            value = Integer(text) ?? (text == "-0" ? 0 : nil)
        } else {
            value = Double(text).flatMap { Integer(exactly: $0) }
        }
        guard let value else {
            throw corrupted("the number \(text) is not a whole number between \(Integer.min) and \(Integer.max)")
        }
        return value
    }

    /// When this value is a string that is not one of the raw values of `type` (a `String`-backed, case-iterable
    /// enum), the error naming the value and the allowed ones; otherwise `nil`.
    private func unknownValue<T>(of type: T.Type) -> DecodingError? {
        guard kind == .string || kind == .escapedString, let allowed = Self.rawValues(of: type) else { return nil }
        let value = document.string(at: node)
        guard !allowed.contains(where: { $0.utf8.elementsEqual(value.utf8) }) else { return nil }
        return corrupted("\"\(value)\" is not one of: \(allowed.joined(separator: ", "))")
    }

    private static func rawValues<T>(of type: T.Type) -> [String]? {
        guard let cases = type as? any CaseIterable.Type else { return nil }
        let values = rawValues(ofCases: cases)
        return values.isEmpty ? nil : values
    }

    private static func rawValues<Cases: CaseIterable>(ofCases type: Cases.Type) -> [String] {
        type.allCases.compactMap { ($0 as? any RawRepresentable)?.rawValue as? String }
    }

    // MARK: errors

    /// The JSON name of what this value is: "a string", "an object"…
    var foundDescription: String {
        switch kind {
        case .null: "null"
        case .falseValue, .trueValue: "a boolean"
        case .number: "a number"
        case .string, .escapedString: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The error for a value of the wrong JSON type (`null` where a value is needed is `valueNotFound`).
    func mismatch(_ type: Any.Type) -> DecodingError {
        let context = DecodingError.Context(codingPath: codingPath, debugDescription: "found \(foundDescription)")
        return kind == .null ? .valueNotFound(type, context) : .typeMismatch(type, context)
    }

    /// Why `null` is refused for a member whose type has none (the key protocols' `nullableMembers` and TokenClaims'
    /// optional claims): a member with no value is left out (Vectors/README.md).
    static let nullRefusal = "null is not a value of this member; leave it out when there is none"

    func corrupted(_ problem: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: problem))
    }

    /// Throws when the object has a member outside `allowed` (names compared code point by code point), as
    /// ``Swift/Decoder/rejectUnknownMembers(allowed:)`` does, without building the key list.
    func rejectUnknownMembers(allowed: Set<String>) throws {
        try rejectMembers(outside: allowed)
    }

    /// Checks a closed object: the variant its discriminator names (a value that names none is refused with the
    /// allowed ones), then a member outside the variant's, then a required member that is missing, then an optional
    /// member that is `null` where it may not be, then a member read whole that is not an object.
    private func checkMembers(_ closed: MemberNames.Closed) throws {
        var variant = closed.variants[0]
        if let discriminator = closed.discriminator {
            let key = AnyCodingKey(stringValue: discriminator)
            guard let value = document.member(discriminator, of: node) else {
                throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing member \"\(discriminator)\""))
            }
            let valueDecoder = JSONDocumentDecoder(document: document, node: value)
            let name = try valueDecoder.decode(String.self)
            guard let chosen = closed.variants.first(where: { $0.value == name }) else {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: valueDecoder.codingPath,
                    debugDescription: "\"\(name)\" is not one of: \(closed.variants.compactMap(\.value).joined(separator: ", "))"))
            }
            variant = chosen
        }
        try rejectMembers(outside: variant.allowed)
        if let missing = variant.required.first(where: { document.member($0, of: node) == nil }) {
            throw DecodingError.keyNotFound(AnyCodingKey(stringValue: missing),
                                            .init(codingPath: codingPath, debugDescription: "missing member \"\(missing)\""))
        }
        for name in variant.notNull {
            if let member = document.member(name, of: node), document.nodes[member].kind == .null {
                throw JSONDocumentDecoder(document: document, node: member)
                    .corrupted(Self.nullRefusal)
            }
        }
        for name in closed.wholeObjects {
            if let member = document.member(name, of: node), document.nodes[member].kind != .object {
                throw JSONDocumentDecoder(document: document, node: member).mismatch([String: Any].self)
            }
        }
    }

    /// The first member whose name is none of `allowed`, as an error naming it and the allowed list.
    private func rejectMembers(outside allowed: some Collection<String>) throws {
        guard kind == .object else { throw mismatch([String: Any].self) }
        var unknown: Int?
        document.forEachMember(of: node) { key, _ in
            // A handful of names: comparing bytes beats hashing (and `Set.contains` would compare with `==`).
            if allowed.contains(where: { document.string(at: key, equals: $0) }) { return true }
            unknown = key
            return false
        }
        guard let unknown else { return }
        throw unknownMember(unknown, allowed: Array(allowed))
    }

    private func unknownMember(_ key: Int, allowed: [String]) -> DecodingError {
        let name = document.string(at: key)
        return DecodingError.dataCorrupted(.init(
            codingPath: codingPath + [AnyCodingKey(stringValue: name)],
            debugDescription: "unknown member \"\(name)\"; allowed here: \(allowed.sorted().joined(separator: ", "))"
        ))
    }
}
