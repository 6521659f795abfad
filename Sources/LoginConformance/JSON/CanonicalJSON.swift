import Foundation

/// Renders values as compact JSON with sorted keys, the one text form used for expected and actual outcomes in
/// failure messages and reports, so two renderings compare as text.
package enum CanonicalJSON {
    package static func render(_ value: some Encodable, pretty: Bool = false) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty
            ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "<not encodable>" }
        return String(decoding: data, as: UTF8.self)
    }
}
