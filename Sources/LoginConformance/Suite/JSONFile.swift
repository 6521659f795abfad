import Foundation

/// Reads a JSON file of the suite (or a user's baseline) with the strict parser, turning every failure into a
/// ``VectorLoadError`` that names the file, the line and column, the JSON path and the problem.
package enum JSONFile {
    /// Decodes `type` from the file at `url`; `what` names the file in a read failure ("the rule catalogue").
    package static func decode<T: Decodable>(_ type: T.Type, from url: URL, what: String = "the file") throws(VectorLoadError) -> T {
        try read(url, what: what) { document in try JSONDocumentDecoder(document: document).decode(type) }
    }

    /// Reads and strictly parses the file at `url` and hands the document to `body`, translating its errors.
    package static func read<T>(_ url: URL, what: String = "the file", _ body: (JSONDocument) throws -> T) throws(VectorLoadError) -> T {
        let bytes: Data
        do {
            bytes = try Self.bytes(of: url)
        } catch {
            throw VectorLoadError(file: url.path, jsonPath: "$", kind: .unreadable,
                                  problem: "cannot read \(what): \(error.localizedDescription)")
        }
        let document: JSONDocument
        do {
            document = try StrictJSONParser.document(bytes)
        } catch {
            throw VectorLoadError(file: url.path, syntaxError: error)
        }
        do {
            return try body(document)
        } catch let error as DecodingError {
            throw VectorLoadError(file: url.path, decodingError: error, document: document)
        } catch let error as VectorLoadError {
            throw error
        } catch {
            throw VectorLoadError(file: url.path, jsonPath: "$", kind: .invalidFormat, problem: "\(error)")
        }
    }

    /// The bytes of the file at `url`.
    static func bytes(of url: URL) throws -> Data {
        try Data(contentsOf: url)
    }
}
