/// Writes an `Encodable` value as ``CanonicalJSON``'s compact text without Foundation's `JSONEncoder`: byte for byte
/// what `JSONEncoder` writes with `.sortedKeys` and `.withoutEscapingSlashes` (members in the UTF-8 order of their
/// names; `"`, `\` and the C0 controls escaped, `\b \f \n \r \t` by name, the others as `\u00xx`; every other
/// character as itself; a floating-point number as its shortest `description` without a trailing `.0`), with the
/// exact numbers of ``CanonicalJSON`` in place of their placeholders.
///
/// Every request line the harness sends is one of these renderings, so its cost is the runner's (BENCHMARKS.md,
/// "the runner's own work per vector"): `JSONEncoder` builds a tree of Foundation values, writes it, and the
/// placeholders were then searched for in its text; this writes each scalar's bytes once and sorts each object's
/// members once. `CanonicalJSONWriterTests` holds the two encoders to the same bytes over every bundled vector.
struct CanonicalJSONWriter {
    /// The text of `value`, or `nil` when `JSONEncoder` would refuse it (a non-finite floating-point number, a
    /// value that encodes nothing).
    static func render(_ value: some Encodable) -> String? {
        let root = Slot()
        do {
            try value.encode(to: SlotEncoder(slot: root))
        } catch {
            return nil
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        guard root.write(into: &bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Where one value goes: a scalar's text, an object's members or an array's elements, filled by the containers
    /// (which may be asked for out of order: a nested container is written into after its parent's later members).
    final class Slot {
        var scalar: [UInt8]?
        /// An object's members in the order they were encoded; a name encoded again replaces its value.
        var members: [(name: String, slot: Slot)]?
        var elements: [Slot]?

        /// Appends the value's text; `false` when nothing was encoded into this slot.
        func write(into bytes: inout [UInt8]) -> Bool {
            if let scalar {
                bytes += scalar
            } else if let members {
                bytes.append(UInt8(ascii: "{"))
                // In the UTF-8 order of the names; of a name encoded twice, the later value (as a dictionary keeps it).
                let sorted = members.indices.sorted { left, right in
                    let l = members[left].name.utf8, r = members[right].name.utf8
                    return l.lexicographicallyPrecedes(r) || (l.elementsEqual(r) && left < right)
                }
                var first = true
                for (position, index) in sorted.enumerated() {
                    let (name, slot) = members[index]
                    if position + 1 < sorted.count, members[sorted[position + 1]].name.utf8.elementsEqual(name.utf8) { continue }
                    if !first { bytes.append(UInt8(ascii: ",")) }
                    first = false
                    CanonicalJSONWriter.appendString(name, to: &bytes)
                    bytes.append(UInt8(ascii: ":"))
                    guard slot.write(into: &bytes) else { return false }
                }
                bytes.append(UInt8(ascii: "}"))
            } else if let elements {
                bytes.append(UInt8(ascii: "["))
                for (index, slot) in elements.enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    guard slot.write(into: &bytes) else { return false }
                }
                bytes.append(UInt8(ascii: "]"))
            } else {
                return false
            }
            return true
        }

        /// This slot as an object, made one on first use.
        func object() -> Slot {
            if members == nil { members = [] }
            return self
        }

        /// This slot as an array, made one on first use.
        func array() -> Slot {
            if elements == nil { elements = [] }
            return self
        }
    }

    // MARK: scalars

    /// A string in quotes, escaped as `JSONEncoder` escapes it; a ``CanonicalJSON`` number placeholder as the bare
    /// number it stands for.
    static func appendString(_ string: String, to bytes: inout [UInt8]) {
        if let number = CanonicalJSON.numberText(inPlaceholder: string) {
            bytes += number.utf8
            return
        }
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            // Runs of bytes that stand for themselves are copied whole; each byte that does not is escaped.
            var run = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes += UnsafeBufferPointer(rebasing: utf8[run..<index])
                appendEscape(of: byte, to: &bytes)
                run = index + 1
            }
            bytes += UnsafeBufferPointer(rebasing: utf8[run...])
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The escape of a quote, a backslash or a C0 control.
    private static func appendEscape(of byte: UInt8, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            let hex = Array("0123456789abcdef".utf8)
            bytes += [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
        }
    }

    /// A floating-point number as `JSONEncoder` writes it: its shortest `description` (`1e-07`, `1e+21`), without
    /// a trailing `.0`; a non-finite one is refused.
    static func floatingText<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F) throws -> [UInt8] {
        guard value.isFinite else { throw Refused() }
        var text = Array(value.description.utf8)
        if text.count > 2, text[text.count - 2] == UInt8(ascii: "."), text[text.count - 1] == UInt8(ascii: "0") {
            text.removeLast(2)
        }
        return text
    }

    /// What `JSONEncoder` refuses to write.
    struct Refused: Error {}

    // MARK: the encoder

    /// The `Encoder` filling one slot. No container keeps its coding path (building one per member was a cost, and
    /// the one thing the writer refuses, a non-finite number, is refused whole).
    struct SlotEncoder: Encoder {
        let slot: Slot
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [CanonicalJSON.exactNumbersKey: true] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            KeyedEncodingContainer(Keyed(object: slot.object()))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            Unkeyed(array: slot.array())
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            Single(slot: slot)
        }
    }

    /// Encodes any value into `slot`: a scalar's text directly, anything else through its `encode(to:)`. The
    /// scalar types are told apart by their metatypes, not by dynamic casts (a cast per value was most of a
    /// rendering); the containers' per-type `encode` overloads are the standard library's, which call this one, so
    /// every scalar type is written here, never sent back to its own `encode(to:)`.
    static func encode<T: Encodable>(_ value: T, into slot: Slot) throws {
        if T.self == String.self {
            let string = unsafeBitCast(value, to: String.self)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(string.utf8.count + 2)
            appendString(string, to: &bytes)
            slot.scalar = bytes
        } else if T.self == Double.self {
            slot.scalar = try floatingText(unsafeBitCast(value, to: Double.self))
        } else if T.self == Bool.self {
            slot.scalar = Array((unsafeBitCast(value, to: Bool.self) ? "true" : "false").utf8)
        } else if T.self == Int.self {
            slot.scalar = Array(String(unsafeBitCast(value, to: Int.self)).utf8)
        } else if T.self == Float.self {
            slot.scalar = try floatingText(unsafeBitCast(value, to: Float.self))
        } else if let text = integerText(value) {
            slot.scalar = text
        } else {
            try value.encode(to: SlotEncoder(slot: slot))
        }
    }

    /// The text of an integer of a type other than `Int`, or `nil` for any other value.
    private static func integerText<T>(_ value: T) -> [UInt8]? {
        guard otherIntegers.contains(where: { $0 == T.self }), let integer = value as? any BinaryInteger else { return nil }
        return Array(String(describing: integer).utf8)
    }

    /// The standard integer types but `Int` (made once: every object and array a rendering meets is checked).
    private static let otherIntegers: [Any.Type] = [Int8.self, Int16.self, Int32.self, Int64.self, UInt.self, UInt8.self,
                                                    UInt16.self, UInt32.self, UInt64.self]

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let object: Slot
        var codingPath: [any CodingKey] { [] }

        private func slot(for key: Key) -> Slot {
            let slot = Slot()
            object.members!.append((key.stringValue, slot))
            return slot
        }

        mutating func encodeNil(forKey key: Key) throws { slot(for: key).scalar = Array("null".utf8) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try CanonicalJSONWriter.encode(value, into: slot(for: key))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Keyed<NestedKey>(object: slot(for: key).object()))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            Unkeyed(array: slot(for: key).array())
        }

        mutating func superEncoder() -> any Encoder {
            SlotEncoder(slot: slot(for: Key(stringValue: "super")!))
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            SlotEncoder(slot: slot(for: key))
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let array: Slot
        var codingPath: [any CodingKey] { [] }
        var count: Int { array.elements!.count }

        private func next() -> Slot {
            let slot = Slot()
            array.elements!.append(slot)
            return slot
        }

        mutating func encodeNil() throws { next().scalar = Array("null".utf8) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try CanonicalJSONWriter.encode(value, into: next())
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Keyed<NestedKey>(object: next().object()))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            Unkeyed(array: next().array())
        }

        mutating func superEncoder() -> any Encoder {
            SlotEncoder(slot: next())
        }
    }

    struct Single: SingleValueEncodingContainer {
        let slot: Slot
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { slot.scalar = Array("null".utf8) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try CanonicalJSONWriter.encode(value, into: slot)
        }
    }
}
