import Foundation

/// One decoded family file: its envelope and its vectors.
struct FamilyFile<Family: VectorFamily>: Decodable {
    let family: String
    let formatVersion: Int
    let description: String
    let reasons: [String: String]
    let vectors: [VectorDocument<Family>]

    private enum CodingKeys: String, ClosedObjectKeys {
        case family, formatVersion, description, reasons, vectors
    }
}

/// A family file after decoding, its vectors type-erased for the suite.
package struct DecodedFamilyFile {
    package let family: String
    package let formatVersion: Int
    package let description: String
    package let reasons: [String: String]
    package let vectors: [any ConformanceVector]
}

extension VectorFamily {
    /// Decodes a family file of this family from its text: throws a ``JSONSyntaxError`` when the text is not
    /// strict JSON, a `DecodingError` when it breaks the format.
    package static func decodeFile(_ data: Data) throws -> DecodedFamilyFile {
        try decodeFile(StrictJSONParser.document(data))
    }

    /// Decodes a family file of this family from its parsed document; throws a `DecodingError` when it breaks the
    /// format.
    package static func decodeFile(_ document: JSONDocument) throws -> DecodedFamilyFile {
        let file = try JSONDocumentDecoder(document: document).decode(FamilyFile<Self>.self)
        return DecodedFamilyFile(
            family: file.family, formatVersion: file.formatVersion, description: file.description,
            reasons: file.reasons, vectors: file.vectors.map(\.vector)
        )
    }
}

extension ConformanceFamily {
    /// The Swift definition of the family, in the standard registry.
    package var definition: any VectorFamily.Type {
        guard let definition = FamilyRegistry.standard.definition(of: self) else {
            preconditionFailure("family \(rawValue) is not in FamilyRegistry.standard; load its suite with its registry")
        }
        return definition
    }
}

extension VectorFamily {
    /// Decodes the vector at `node` of `document` exactly as the loader does; the error when it breaks the format,
    /// `nil` when it does not. (Lint uses it to report each broken vector on its own.)
    package static func formatError(ofVectorAt node: Int, in document: JSONDocument) -> (any Error)? {
        do {
            _ = try JSONDocumentDecoder(document: document, node: node).decode(VectorDocument<Self>.self)
            return nil
        } catch {
            return error
        }
    }
}
