/// The elements of an array of a ``JSONDocument``, for ``JSONDocumentDecoder``, read in order.
struct JSONDocumentUnkeyedContainer: UnkeyedDecodingContainer {
    unowned(unsafe) let document: JSONDocument
    /// The array's node.
    let node: Int
    /// The node of the element at `currentIndex`.
    private var element: Int

    private(set) var currentIndex = 0

    init(document: JSONDocument, node: Int) {
        self.document = document
        self.node = node
        element = node + 1
    }

    var codingPath: [any CodingKey] { document.codingPath(of: node) }
    var count: Int? { Int(document.nodes[node].count) }
    var isAtEnd: Bool { currentIndex >= Int(document.nodes[node].count) }

    /// Reads the current element with `read`, then moves to the next one; past the end is `valueNotFound`.
    private mutating func next<T>(_ type: T.Type, _ read: (JSONDocumentDecoder) throws -> T) throws -> T {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(
                codingPath: codingPath + [AnyCodingKey(intValue: currentIndex)],
                debugDescription: "the array has only \(currentIndex) elements"))
        }
        let value = try read(JSONDocumentDecoder(document: document, node: element))
        element = document.next(after: element)
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, document.nodes[element].kind == .null else { return false }
        element += 1
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: String.Type) throws -> String { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) { try $0.decode(type) } }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type) { try $0.decode(type) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next(KeyedDecodingContainer<NestedKey>.self) { try $0.container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next((any UnkeyedDecodingContainer).self) { try $0.unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        try next((any Decoder).self) { $0 }
    }
}
