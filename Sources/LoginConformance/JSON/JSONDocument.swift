import Foundation

/// A JSON text parsed strictly by ``StrictJSONParser``: its bytes and a flat list of its values in document order,
/// each recording where it starts in the text, so any value can be located (line, column, JSON path) after the fact.
///
/// The list is compact (16 bytes per value, no per-value allocation) and strings stay as byte ranges of the text
/// until a reader asks for them, so a document costs little more than the text itself. Values are read by
/// ``JSONDocumentDecoder`` (the `Decodable` models) or converted to ``JSONValue``.
///
/// Layout: `nodes[0]` is the root. An object's node is followed by its members, each a key node (a string) then the
/// member's value; an array's node by its elements. A container's `end` is the index of the first node after it,
/// so siblings are found without visiting what is inside.
package final class JSONDocument {
    /// The kind of a value.
    enum Kind: UInt8 {
        case null, falseValue, trueValue, number, string, escapedString, array, object
    }

    /// One value.
    struct Node {
        let kind: Kind
        /// The offset of the value's first byte in the text (a string's opening quote).
        let start: UInt32
        /// A string: the offset of its closing quote; a number or literal: the offset after it; an array or
        /// object: the index of the first node after it.
        let end: UInt32
        /// An array's elements or an object's members; 0 otherwise.
        let count: UInt32
    }

    /// The text, UTF-8. (Unsafe buffers, owned by the document, which is immutable: reading them costs no
    /// reference counting and no bounds check beyond what the parser proved.)
    let bytes: UnsafeMutableBufferPointer<UInt8>
    /// Every value, in document order.
    let nodes: UnsafeMutableBufferPointer<Node>

    /// A document owning `bytes` (deallocated with it) and holding a copy of `nodes`.
    init(owning bytes: UnsafeMutableBufferPointer<UInt8>, nodes: [Node]) {
        self.bytes = bytes
        self.nodes = .allocate(capacity: nodes.count)
        _ = self.nodes.initialize(from: nodes)
    }

    deinit {
        bytes.deallocate()
        nodes.deallocate()
    }

    /// The index of the node after `index` and everything inside it.
    @inline(__always)
    func next(after index: Int) -> Int {
        let node = nodes[index]
        return node.kind == .array || node.kind == .object ? Int(node.end) : index + 1
    }

    // MARK: strings

    /// The string at `index` (a string node), with its exact code points.
    func string(at index: Int) -> String {
        let node = nodes[index]
        let start = Int(node.start) + 1, end = Int(node.end)
        if node.kind == .string {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(end - start)
        StrictJSONParser.unescape(UnsafeBufferPointer(bytes), from: start, to: end, into: &decoded)
        return String(decoding: decoded, as: UTF8.self)
    }

    /// Whether the string at `index` (a string node) is exactly `text`, code point by code point.
    @inline(__always)
    func string(at index: Int, equals text: String) -> Bool {
        let node = nodes[index]
        guard node.kind == .string else { return string(at: index).utf8.elementsEqual(text.utf8) }
        let start = Int(node.start) + 1, length = Int(node.end) - start
        let compared = text.utf8.withContiguousStorageIfAvailable { wanted in
            wanted.count == length && (length == 0 || memcmp(bytes.baseAddress! + start, wanted.baseAddress!, length) == 0)
        }
        return compared ?? UnsafeBufferPointer(rebasing: bytes[start..<start + length]).elementsEqual(text.utf8)
    }

    /// The text of the number at `index`.
    func numberText(at index: Int) -> Substring {
        let node = nodes[index]
        return Substring(decoding: UnsafeBufferPointer(rebasing: bytes[Int(node.start)..<Int(node.end)]), as: UTF8.self)
    }

    /// The number at `index` (a number node), exactly.
    func number(at index: Int) -> JSONNumber {
        if let integer = smallInteger(at: index), integer != 0 { return JSONNumber(integer) }  // `-0` keeps its sign
        let node = nodes[index]
        return JSONNumber.parse(UnsafeBufferPointer(rebasing: bytes[Int(node.start)..<Int(node.end)]))!  // parsed
    }

    /// The number at `index` when it is written as an integer of at most 18 digits (no fraction, no exponent),
    /// which an `Int` holds exactly.
    func smallInteger(at index: Int) -> Int? {
        let node = nodes[index]
        let text = bytes
        do {
            var offset = Int(node.start)
            let end = Int(node.end)
            let negative = text[offset] == UInt8(ascii: "-")
            if negative { offset += 1 }
            guard end - offset <= 18 else { return nil }
            var value = 0
            while offset < end {
                let digit = text[offset] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
                offset += 1
            }
            return negative ? -value : value
        }
    }

    // MARK: members and elements

    /// Calls `body` with the key node and value node of each member of the object at `index`, in order, until it
    /// returns `false`.
    @inline(__always)
    func forEachMember(of index: Int, _ body: (_ key: Int, _ value: Int) throws -> Bool) rethrows {
        // A while loop, not `for _ in 0..<count`: a debug build (the tests) pays for the range's iterator.
        var child = index + 1
        var remaining = nodes[index].count
        while remaining > 0 {
            guard try body(child, child + 1) else { return }
            child = next(after: child + 1)
            remaining -= 1
        }
    }

    /// The value node of the member `name` of the object at `index`, compared code point by code point.
    package func member(_ name: String, of index: Int) -> Int? {
        // The name's bytes once, then a plain loop comparing lengths and bytes: the decoder looks up every member of
        // every vector this way, and a debug build (the tests) pays for each closure and generic call per member.
        var name = name
        return name.withUTF8 { wanted in
            var child = index + 1
            var remaining = nodes[index].count
            while remaining > 0 {
                let key = nodes[child]
                if key.kind == .string {
                    let start = Int(key.start) + 1, length = Int(key.end) - start
                    if length == wanted.count,
                       length == 0 || memcmp(bytes.baseAddress! + start, wanted.baseAddress!, length) == 0 {
                        return child + 1
                    }
                } else if string(at: child).utf8.elementsEqual(wanted) {
                    return child + 1
                }
                child = next(after: child + 1)
                remaining -= 1
            }
            return nil
        }
    }

    /// The node of element `position` of the array at `index`.
    package func element(_ position: Int, of index: Int) -> Int? {
        guard position >= 0, position < Int(nodes[index].count) else { return nil }
        var child = index + 1
        var skipped = 0
        while skipped < position {
            child = next(after: child)
            skipped += 1
        }
        return child
    }

    // MARK: conversion

    /// The value at `index` as a ``JSONValue``.
    package func value(at index: Int = 0) -> JSONValue {
        let node = nodes[index]
        switch node.kind {
        case .null: return .null
        case .falseValue: return .bool(false)
        case .trueValue: return .bool(true)
        case .number: return .number(number(at: index))
        case .string, .escapedString: return .string(string(at: index))
        case .array:
            var elements: [JSONValue] = []
            elements.reserveCapacity(Int(node.count))
            var child = index + 1
            while elements.count < Int(node.count) {
                elements.append(value(at: child))
                child = next(after: child)
            }
            return .array(elements)
        case .object:
            var members: [String: JSONValue] = [:]
            members.reserveCapacity(Int(node.count))
            forEachMember(of: index) { key, value in
                members[string(at: key)] = self.value(at: value)
                return true
            }
            return .object(members)
        }
    }

    // MARK: locations

    /// The node at `codingPath` (object members by name, array elements by position), or the deepest node on the
    /// way when the path leaves the document (a missing member: the object that misses it).
    func node(at codingPath: [any CodingKey]) -> Int {
        var index = 0
        for key in codingPath {
            let node = nodes[index]
            let child: Int?
            switch node.kind {
            case .object: child = member(key.stringValue, of: index)
            case .array: child = key.intValue.flatMap { element($0, of: index) }
            default: child = nil
            }
            guard let child else { return index }
            index = child
        }
        return index
    }

    /// The coding path of the node at `target`: the members and elements that lead to it from the root.
    func codingPath(of target: Int) -> [any CodingKey] {
        var path: [any CodingKey] = []
        var index = 0
        while index != target {
            let node = nodes[index]
            var child = index + 1
            var position = 0
            var found = false
            while position < Int(node.count) {
                let valueNode = node.kind == .object ? child + 1 : child
                let after = next(after: valueNode)
                if target < after {
                    // A key node stands for its member.
                    path.append(node.kind == .object ? AnyCodingKey(stringValue: string(at: child)) : AnyCodingKey(intValue: position))
                    index = valueNode
                    found = true
                    if target == child { return path }
                    break
                }
                child = after
                position += 1
            }
            guard found else { return path }
        }
        return path
    }

    /// The 1-based line and column of the byte at `offset`; the column counts Unicode code points.
    func lineAndColumn(ofOffset offset: Int) -> (line: Int, column: Int) {
        Self.lineAndColumn(in: UnsafeBufferPointer(bytes), offset: offset)
    }

    /// The 1-based line and column of the byte at `offset` of `bytes`; the column counts Unicode code points.
    static func lineAndColumn(in bytes: UnsafeBufferPointer<UInt8>, offset: Int) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {  // not a UTF-8 continuation byte
                column += 1
            }
        }
        return (line, column)
    }

    /// The 1-based line and column where the value at `index` starts.
    func lineAndColumn(ofNode index: Int) -> (line: Int, column: Int) {
        lineAndColumn(ofOffset: Int(nodes[index].start))
    }
}
