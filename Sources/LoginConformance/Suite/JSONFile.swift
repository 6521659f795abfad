import Foundation

/// Reads a JSON file of the suite (or a user's baseline), turning every failure into a ``VectorLoadError`` that
/// names the file, the JSON path and the problem.
enum JSONFile {
    /// Decodes `type` from the file at `url`; `what` names the file in a read failure ("the rule catalogue").
    static func decode<T: Decodable>(_ type: T.Type, from url: URL, what: String = "the file") throws(VectorLoadError) -> T {
        try read(url, what: what) { data in try JSONDecoder().decode(type, from: data) }
    }

    /// Reads the file at `url` and hands its bytes to `body`, translating decoding errors.
    static func read<T>(_ url: URL, what: String = "the file", _ body: (Data) throws -> T) throws(VectorLoadError) -> T {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw VectorLoadError(file: url.path, jsonPath: "$", kind: .unreadable,
                                  problem: "cannot read \(what): \(error.localizedDescription)")
        }
        do {
            return try body(data)
        } catch let error as DecodingError {
            throw VectorLoadError(file: url.path, decodingError: error)
        } catch {
            throw VectorLoadError(file: url.path, jsonPath: "$", kind: .invalidJSON, problem: "\(error)")
        }
    }
}
