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
    /// The line of the file where the problem is, from 1; `nil` when it is not at a place in a file (an unreadable
    /// file, a missing folder).
    public let line: Int?
    /// The column on ``line``, from 1, counting Unicode code points.
    public let column: Int?

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
        self.init(file: file, jsonPath: jsonPath, kind: kind, problem: problem, line: nil, column: nil)
    }

    /// A problem at `line` and `column` of `file`.
    public init(file: String, jsonPath: String, kind: Kind, problem: String, line: Int?, column: Int?) {
        self.file = file
        self.jsonPath = jsonPath
        self.kind = kind
        self.problem = problem
        self.line = line
        self.column = column
    }

    /// `file:line:column at $.path: problem` (`file at $.path: problem` without a line), the `file:line:column`
    /// form editors and terminals link to.
    public var description: String {
        let place = line.map { line in "\(file):\(line):\(column ?? 1)" } ?? file
        return "\(place) at \(jsonPath): \(problem)"
    }
}

extension VectorLoadError {
    /// The file's text is not strict JSON.
    package init(file: String, syntaxError error: JSONSyntaxError) {
        self.init(file: file, jsonPath: error.jsonPath, kind: .invalidJSON, problem: "not valid JSON: \(error.problem)",
                  line: error.line, column: error.column)
    }

    /// Translates a decoding error into the file, path and problem it stands for, located in `document` (the
    /// file's parsed text) when given.
    package init(file: String, decodingError error: DecodingError, document: JSONDocument?) {
        let plain = VectorLoadError(file: file, decodingError: error)
        guard let document else {
            self = plain
            return
        }
        // A missing member is reported where the object that misses it starts.
        let context: DecodingError.Context? = switch error {
        case .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
             .dataCorrupted(let context): context
        @unknown default: nil
        }
        let (line, column) = document.lineAndColumn(ofNode: document.node(at: context?.codingPath ?? []))
        self.init(file: file, jsonPath: plain.jsonPath, kind: plain.kind, problem: plain.problem, line: line, column: column)
    }

    /// Translates a decoding error into the file, path and problem it stands for.
    package init(file: String, decodingError error: DecodingError) {
        switch error {
        case .keyNotFound(let key, let context):
            self.init(file: file, jsonPath: Self.jsonPath(context.codingPath + [key]), kind: .invalidFormat,
                      problem: "missing member \"\(key.stringValue)\"")
        case .typeMismatch(let type, let context):
            // The strict decoder says what it found ("found a number"); Foundation's decoder says more.
            let separator = context.debugDescription.hasPrefix("found ") ? ", " : ": "
            self.init(file: file, jsonPath: Self.jsonPath(context.codingPath), kind: .invalidFormat,
                      problem: "expected \(Self.jsonTypeName(type))\(separator)\(context.debugDescription)")
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

    package static func jsonPath(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce("$") { path, key in
            key.intValue.map { "\(path)[\($0)]" } ?? "\(path).\(key.stringValue)"
        }
    }

    private static func jsonTypeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is any BinaryInteger.Type, is any BinaryFloatingPoint.Type: "a number"
        case is Bool.Type: "a boolean"
        case is [String: Any].Type: "an object"
        case is [Any].Type: "an array"
        default:
            // Never a Swift spelling (`Dictionary<String, JSONValue>`): the JSON type the decoder asked for.
            switch String(describing: type) {
            case let name where name.hasPrefix("Dictionary<") || name.hasPrefix("["): "an object"
            case let name where name.hasPrefix("Array<") || name.hasPrefix("Set<"): "an array"
            default: "a value of another JSON type"
            }
        }
    }

    /// This error located in its file: when it names no line yet but a file and a JSON path, the file is read
    /// again to find where the path's value starts (the checks after decoding, such as duplicate IDs, work on the
    /// decoded vectors, which keep no positions).
    func located() -> VectorLoadError {
        guard line == nil, kind != .unreadable, let codingPath = Self.codingPath(jsonPath),
              let bytes = try? JSONFile.bytes(of: URL(fileURLWithPath: file)),
              let document = try? StrictJSONParser.document(bytes)
        else { return self }
        let (line, column) = document.lineAndColumn(ofNode: document.node(at: codingPath))
        return VectorLoadError(file: file, jsonPath: jsonPath, kind: kind, problem: problem, line: line, column: column)
    }

    /// The coding path a JSON path of this error type stands for (`$.vectors[3].id`), or `nil` when it is not one.
    static func codingPath(_ jsonPath: String) -> [any CodingKey]? {
        guard jsonPath.hasPrefix("$") else { return nil }
        var path: [any CodingKey] = []
        var rest = jsonPath.dropFirst()
        while let first = rest.first {
            if first == "." {
                let name = rest.dropFirst().prefix { $0 != "." && $0 != "[" }
                path.append(AnyCodingKey(stringValue: String(name)))
                rest = rest.dropFirst(1 + name.count)
            } else if first == "[" {
                let digits = rest.dropFirst().prefix { $0 != "]" }
                guard let index = Int(digits) else { return nil }
                path.append(AnyCodingKey(intValue: index))
                rest = rest.dropFirst(2 + digits.count)
            } else {
                return nil
            }
        }
        return path
    }
}
