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

    /// `json` with each quoted placeholder replaced by the number text it holds.
    private static func substitutingNumbers(in json: String) -> String {
        let opening = "\"" + marker
        guard json.contains(opening) else { return json }
        var result = ""
        var rest = json[...]
        while let start = rest.range(of: opening) {
            result += rest[..<start.lowerBound]
            rest = rest[start.upperBound...]
            let end = rest.firstIndex(of: "\"")!  // the number text holds no quote
            result += rest[..<end]
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }
}
