import Foundation

/// Renders values as compact JSON with sorted keys, the one text form used for expected and actual outcomes in
/// failure messages and reports, so two renderings compare as text.
///
/// Numbers are exact (``JSONNumber``, RFC 8259 §6): one a `Double` prints exactly is written as Foundation's
/// `JSONEncoder` writes that `Double` (the text of every number the suite had before exact numbers), any other as its
/// exact decimal text. Two renderings of numbers are therefore equal exactly when the numbers are, but for the sign
/// of a zero (`-0` is written as such, as a `Double` always was); ``JSONValue/isExactlyEqual(to:)`` equates those.
package enum CanonicalJSON {
    package static func render(_ value: some Encodable, pretty: Bool = false) -> String {
        if !pretty { return CanonicalJSONWriter.render(value) ?? "<not encodable>" }
        return renderWithJSONEncoder(value, pretty: pretty)
    }

    /// ``render(_:pretty:)`` through Foundation's `JSONEncoder`: the pretty form, and what the compact form of
    /// ``CanonicalJSONWriter`` is held to.
    package static func renderWithJSONEncoder(_ value: some Encodable, pretty: Bool) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty
            ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.userInfo[exactNumbersKey] = true
        guard let data = try? encoder.encode(value) else { return "<not encodable>" }
        return substitutingNumbers(in: String(decoding: data, as: UTF8.self))
    }

    // MARK: exact numbers

    // `JSONEncoder` writes numbers only from Swift's number types. A number no `Double` prints exactly is encoded as
    // a string holding a marker and its exact text, and the quoted string is replaced by the text afterwards. The
    // marker is random per process, so no string an implementation answers can pass for a number.

    /// Set in an encoder's `userInfo`: ``JSONNumber`` encodes a number that its `Double` does not print exactly as
    /// ``placeholder(for:)``.
    package static let exactNumbersKey = CodingUserInfoKey(rawValue: "LoginConformance.CanonicalJSON.exactNumbers")!

    private static let marker = "JSONNumber-\(UUID().uuidString):"

    /// The string standing for the number `text` until ``substitutingNumbers(in:)`` replaces it.
    package static func placeholder(for text: String) -> String {
        marker + text
    }

    /// The number text `string` stands for, if it is a placeholder (``CanonicalJSONWriter`` writes it bare).
    static func numberText(inPlaceholder string: String) -> Substring? {
        guard string.utf8.first == markerFirstByte, string.hasPrefix(marker) else { return nil }
        return string.dropFirst(marker.count)
    }

    private static let markerFirstByte = marker.utf8.first

    /// `json` with each quoted placeholder replaced by the number text it holds. Searched byte by byte: a
    /// Foundation string search over every rendering (a request line, a report) cost more than the encoding.
    private static func substitutingNumbers(in json: String) -> String {
        let opening = Array(("\"" + marker).utf8)
        let text = Array(json.utf8)
        guard var found = firstOccurrence(of: opening, in: text, from: 0) else { return json }
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        var position = 0
        while true {
            result += text[position..<found]
            var end = found + opening.count
            while text[end] != UInt8(ascii: "\"") { end += 1 }  // the number text holds no quote
            result += text[(found + opening.count)..<end]
            position = end + 1
            guard let next = firstOccurrence(of: opening, in: text, from: position) else { break }
            found = next
        }
        result += text[position...]
        return String(decoding: result, as: UTF8.self)
    }

    /// Where `pattern` (which starts with a quote) first occurs in `text` at or after `start`.
    private static func firstOccurrence(of pattern: [UInt8], in text: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + pattern.count <= text.count {
            if text[index] == pattern[0], text[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }
}
