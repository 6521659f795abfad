import Foundation

/// A problem with the vector files themselves: it names the file, the JSON path and the problem, so the person
/// who edited a vector can fix it without reading Swift. Never confused with an implementation failing.
public struct VectorLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file at fault, as given to the loader.
    public let file: String
    /// Where in the file, as a JSON path: `$.vectors[12].expected.reason`.
    public let jsonPath: String
    /// What kind of problem it is.
    public let kind: Kind
    /// What is wrong, in words a person can act on.
    public let problem: String

    /// The closed list of vector-file problems.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The file or the vectors folder cannot be read.
        case unreadable
        /// The text is not valid JSON.
        case invalidJSON
        /// Valid JSON that breaks the format (a missing, misspelt or mistyped member, an unknown value).
        case invalidFormat
        /// The file's format version is not one this toolkit reads.
        case unsupportedFormatVersion
        /// The manifest names a family this toolkit does not know, or the file says another family.
        case unknownFamily
        /// A vector ID is used twice.
        case duplicateID
        /// A vector ID does not start with its family.
        case misplacedID
        /// An expected outcome names a reason the file does not declare.
        case undeclaredReason
        /// A family file holds no vector.
        case emptyFamily
        /// The changelog is inconsistent with the manifest or the vectors.
        case invalidChangelog
        /// A vector uses an ID the changelog lists as retired.
        case retiredIDReused
    }

    public init(file: String, jsonPath: String, kind: Kind, problem: String) {
        self.file = file
        self.jsonPath = jsonPath
        self.kind = kind
        self.problem = problem
    }

    public var description: String { "\(file): \(jsonPath): \(problem)" }
}

extension VectorLoadError {
    /// Translates a decoding error into the file, path and problem it stands for.
    init(file: String, decodingError error: DecodingError) {
        switch error {
        case .keyNotFound(let key, let context):
            self.init(file: file, jsonPath: Self.jsonPath(context.codingPath + [key]), kind: .invalidFormat,
                      problem: "missing member \"\(key.stringValue)\"")
        case .typeMismatch(let type, let context):
            self.init(file: file, jsonPath: Self.jsonPath(context.codingPath), kind: .invalidFormat,
                      problem: "expected \(Self.jsonTypeName(type)): \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            self.init(file: file, jsonPath: Self.jsonPath(context.codingPath), kind: .invalidFormat,
                      problem: "expected \(Self.jsonTypeName(type)), found null")
        case .dataCorrupted(let context):
            // The models report every format problem at a non-empty path; at the root it is the JSON syntax.
            let isSyntax = context.codingPath.isEmpty
            let detail = context.underlyingError.map { "\($0)" } ?? ""
            self.init(file: file, jsonPath: Self.jsonPath(context.codingPath),
                      kind: isSyntax ? .invalidJSON : .invalidFormat,
                      problem: isSyntax ? "not valid JSON: \(context.debugDescription) \(detail)".trimmingCharacters(in: .whitespaces) : context.debugDescription)
        @unknown default:
            self.init(file: file, jsonPath: "$", kind: .invalidFormat, problem: "\(error)")
        }
    }

    static func jsonPath(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce("$") { path, key in
            key.intValue.map { "\(path)[\($0)]" } ?? "\(path).\(key.stringValue)"
        }
    }

    private static func jsonTypeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Double.Type, is Int.Type: "a number"
        case is Bool.Type: "a boolean"
        default: "\(type)"
        }
    }
}
