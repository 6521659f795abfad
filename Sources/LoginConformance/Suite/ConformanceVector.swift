import Foundation

/// A loaded vector of any family, as the engine and the runners see it.
public protocol ConformanceVector: Sendable {
    /// ID, description, severity, profiles, refs.
    var metadata: VectorMetadata { get }
    /// The family the vector belongs to.
    var family: ConformanceFamily { get }
    /// The rejection reason the expected outcome names, if any.
    var expectedReason: String? { get }
    /// The rejection reasons the `alsoAccepted` outcomes name, in order (`nil` for an outcome without one).
    var alsoAcceptedReasons: [String?] { get }
    /// Runs `implementation` on the vector's input and judges the answer. Never throws: an implementation error
    /// becomes ``VectorOutcome/errored(message:)``, a missing capability ``VectorOutcome/skipped(reason:)``.
    func evaluate(against implementation: any ConformanceSubject) -> VectorOutcome
    /// The vector as it stands in its family file (canonical JSON, sorted keys; indented when `pretty`), for
    /// `show` and bug reports.
    func canonicalJSON(pretty: Bool) -> String
    /// The vector's input (canonical JSON), for failure messages and out-of-process requests.
    func inputJSON() -> String
    /// Judges an answer given as JSON in the shape of the family's `expected` (from an out-of-process adapter) by
    /// the same rules as an in-process answer; an answer of the wrong shape is an error naming its JSON path.
    func judge(answer: JSONValue) -> VectorOutcome
}

/// One vector of family `Family`: metadata, input and expected outcome.
public struct Vector<Family: VectorFamily>: ConformanceVector, Hashable {
    public let metadata: VectorMetadata
    /// The input handed to the implementation.
    public let input: Family.Input
    /// The preferred outcome: the one the specification requires, or, where a source makes a check optional, the
    /// strict one (SPECIFICATION.md, DECISIONS.md).
    public let expected: Family.Outcome
    /// Other outcomes the vector's sources allow (the lenient side of an optional check; the last-wins reading of
    /// duplicate JSON members). An answer equal to one of them passes and is reported as ``VectorOutcome/lenient(_:)``.
    public let alsoAccepted: [Family.Outcome]

    public init(metadata: VectorMetadata, input: Family.Input, expected: Family.Outcome,
                alsoAccepted: [Family.Outcome] = []) {
        self.metadata = metadata
        self.input = input
        self.expected = expected
        self.alsoAccepted = alsoAccepted
    }

    public var family: ConformanceFamily { Family.family }
    public var expectedReason: String? { Family.declaredReason(of: expected) }
    public var alsoAcceptedReasons: [String?] { alsoAccepted.map(Family.declaredReason(of:)) }

    public func evaluate(against implementation: any ConformanceSubject) -> VectorOutcome {
        let actual: Family.Outcome
        do {
            guard let answer = try Family.run(input, on: implementation) else {
                return .skipped(reason: "the implementation does not adopt \(Family.family.protocolName)")
            }
            actual = answer
        } catch {
            return .errored(message: "\(Family.family.protocolName) threw: \(String(describing: error))")
        }
        return judge(actual)
    }

    public func judge(answer: JSONValue) -> VectorOutcome {
        switch AnswerDecoding.decode(answer, as: Family.self) {
        case .success(let actual): judge(actual)
        case .failure(let error): .errored(message: error.message)
        }
    }

    /// Compares an answer with the expected outcome by the family's rules, then with each accepted alternative.
    private func judge(_ actual: Family.Outcome) -> VectorOutcome {
        if Family.conforms(actual, to: expected, input: input) {
            return .passed
        }
        if let alternative = alsoAccepted.first(where: { Family.conforms(actual, to: $0, input: input) }) {
            return .lenient(VectorLeniency(
                summary: "gave \(Family.label(of: alternative)), which the sources allow; preferred: \(Family.label(of: expected))",
                preferred: CanonicalJSON.render(expected),
                actual: CanonicalJSON.render(actual)
            ))
        }
        let expectedLabel = Family.label(of: expected)
        let actualLabel = Family.label(of: actual)
        let verdict = { (label: String) in label.prefix { $0 != "(" } }
        let kind: FailureKind = verdict(expectedLabel) != verdict(actualLabel) ? .wrongVerdict
            : expectedLabel != actualLabel ? .wrongReason : .wrongDetails
        let alternatives = alsoAccepted.isEmpty ? ""
            : " (also accepted: \(alsoAccepted.map(Family.label(of:)).joined(separator: ", ")))"
        let summary = kind == .wrongDetails
            ? "expected \(expectedLabel) with other details\(alternatives)"
            : "expected \(expectedLabel)\(alternatives), got \(actualLabel)"
        return .failed(VectorMismatch(
            summary: summary,
            expected: CanonicalJSON.render(expected),
            actual: CanonicalJSON.render(actual),
            kind: kind
        ))
    }

    public func canonicalJSON(pretty: Bool) -> String {
        CanonicalJSON.render(VectorDocument(vector: self), pretty: pretty)
    }

    public func inputJSON() -> String {
        CanonicalJSON.render(input)
    }
}

/// The on-disk shape of a vector: metadata members flattened beside `input` and `expected`.
struct VectorDocument<Family: VectorFamily>: Codable {
    var vector: Vector<Family>

    init(vector: Vector<Family>) { self.vector = vector }

    private enum Keys: String, CodingKey, CaseIterable {
        case id, description, severity, profiles, refs, rules, input, expected, alsoAccepted
    }

    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownMembers(of: Keys.self)
        let container = try decoder.container(keyedBy: Keys.self)
        let profiles = try container.decodeIfPresent([ConformanceProfile].self, forKey: .profiles)
        if let profiles, profiles.isEmpty || Set(profiles).count != profiles.count {
            throw DecodingError.dataCorruptedError(
                forKey: .profiles, in: container,
                debugDescription: "profiles must be non-empty and unique; omit it when the vector holds in every profile"
            )
        }
        let refs = try container.decode([String].self, forKey: .refs)
        if refs.isEmpty {
            throw DecodingError.dataCorruptedError(
                forKey: .refs, in: container, debugDescription: "a vector cites at least one ref")
        }
        let rules = try container.decode([String].self, forKey: .rules)
        if rules.isEmpty || Set(rules).count != rules.count {
            throw DecodingError.dataCorruptedError(
                forKey: .rules, in: container,
                debugDescription: "a vector names at least one rule of Vectors/rules.json, each once")
        }
        let metadata = VectorMetadata(
            id: try container.decode(String.self, forKey: .id),
            description: try container.decode(String.self, forKey: .description),
            severity: try container.decode(VectorSeverity.self, forKey: .severity),
            profiles: profiles.map(Set.init),
            refs: refs,
            rules: rules
        )
        let expected = try container.decode(Family.Outcome.self, forKey: .expected)
        let alsoAccepted = try container.decodeIfPresent([Family.Outcome].self, forKey: .alsoAccepted)
        if let alsoAccepted {
            let rendered = alsoAccepted.map { CanonicalJSON.render($0) }
            let preferred = CanonicalJSON.render(expected)
            let repeated = rendered.indices.contains { index in
                rendered[index].isCodePointEqual(to: preferred)
                    || rendered[..<index].contains { $0.isCodePointEqual(to: rendered[index]) }
            }
            if alsoAccepted.isEmpty || repeated {
                throw DecodingError.dataCorruptedError(
                    forKey: .alsoAccepted, in: container,
                    debugDescription: "alsoAccepted lists other outcomes the sources allow: non-empty, without the expected outcome, each once; omit it when only the expected outcome is allowed")
            }
        }
        vector = Vector(
            metadata: metadata,
            input: try container.decode(Family.Input.self, forKey: .input),
            expected: expected,
            alsoAccepted: alsoAccepted ?? []
        )
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(vector.metadata.id, forKey: .id)
        try container.encode(vector.metadata.description, forKey: .description)
        try container.encode(vector.metadata.severity, forKey: .severity)
        try container.encodeIfPresent(vector.metadata.profiles?.map(\.rawValue).sorted(), forKey: .profiles)
        try container.encode(vector.metadata.refs, forKey: .refs)
        try container.encode(vector.metadata.rules, forKey: .rules)
        try container.encode(vector.input, forKey: .input)
        try container.encode(vector.expected, forKey: .expected)
        if !vector.alsoAccepted.isEmpty { try container.encode(vector.alsoAccepted, forKey: .alsoAccepted) }
    }
}

/// Decodes out-of-process answers into a family's outcome type, remembering recent answers.
///
/// An adapter gives few distinct answers (`{"result":"valid"}`, a handful of rejections), and decoding one is a
/// pure function of its exact JSON, so the decoded outcome, or the error message of an answer of the wrong shape,
/// is kept per family and exact answer: judging repeats only the comparison. The key is the answer's exact code
/// points (never `String ==`, which would equate canonically equivalent text). BENCHMARKS.md measures it.
enum AnswerDecoding {
    struct Failure: Error {
        let message: String
    }

    private struct Key: Hashable {
        let family: ObjectIdentifier
        let answer: [UInt8]
    }

    /// Answers larger than this are decoded every time (they are rarely repeated: accepted claims, defaults).
    private static let largestKeptAnswer = 512
    /// The cache is emptied when it holds this many answers, so it stays small whatever an adapter answers.
    private static let capacity = 1_024
    private static let lock = NSLock()
    nonisolated(unsafe) private static var cache: [Key: Any] = [:]

    static func decode<Family: VectorFamily>(_ answer: JSONValue, as family: Family.Type) -> Result<Family.Outcome, Failure> {
        var bytes: [UInt8] = []
        guard exactBytes(of: answer, into: &bytes, limit: largestKeptAnswer) else {
            return decodeUncached(answer, as: family)
        }
        let key = Key(family: ObjectIdentifier(family), answer: bytes)
        lock.lock()
        let kept = cache[key]
        lock.unlock()
        if let kept = kept as? Result<Family.Outcome, Failure> { return kept }
        let decoded = decodeUncached(answer, as: family)
        lock.lock()
        if cache.count >= capacity { cache.removeAll(keepingCapacity: true) }
        cache[key] = decoded
        lock.unlock()
        return decoded
    }

    /// The answer decoded as the family's outcome, as an expected outcome is read from a vector file: its canonical
    /// text, whose numbers are exact (``JSONNumber``), read by the suite's strict decoder, so a number an answer
    /// gives is compared digit for digit, never through a `Double`. An answer that is not an outcome is decoded
    /// again by Foundation's `JSONDecoder`, whose error names what is wrong in the words reports have always used
    /// (should that decoder accept what the strict one refused, its outcome is taken).
    static func decodeUncached<Family: VectorFamily>(_ answer: JSONValue, as family: Family.Type) -> Result<Family.Outcome, Failure> {
        if let document = try? StrictJSONParser.document(Array(CanonicalJSON.render(answer).utf8)) {
            let exact = withExtendedLifetime(document) {
                try? JSONDocumentDecoder(document: document).decode(Family.Outcome.self)
            }
            if let exact { return .success(exact) }
        }
        do {
            let data = try JSONEncoder().encode(answer)
            return .success(try JSONDecoder().decode(Family.Outcome.self, from: data))
        } catch let error as DecodingError {
            let located = VectorLoadError(file: "answer", decodingError: error)
            return .failure(Failure(message: "the answer is not a \(Family.family.rawValue) outcome: \(located.jsonPath): \(located.problem)"))
        } catch {
            return .failure(Failure(message: "the answer is not a \(Family.family.rawValue) outcome: \(error)"))
        }
    }

    /// An unambiguous byte form of `value` (tags, lengths, UTF-8 code units, the number's exact decimal text, members
    /// sorted by their UTF-8 bytes); `false` once it grows past `limit` bytes. Numbers that differ only beyond a
    /// `Double`'s precision have different forms (they decode to different outcomes); `1.0` and `1` have one.
    static func exactBytes(of value: JSONValue, into bytes: inout [UInt8], limit: Int) -> Bool {
        func text(_ string: String) {
            let count = string.utf8.count
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: count).littleEndian) { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: string.utf8)
        }
        switch value {
        case .null: bytes.append(0)
        case .bool(let flag): bytes.append(flag ? 2 : 1)
        case .number(let number):
            bytes.append(3)
            text(number.description)
        case .string(let string):
            bytes.append(4)
            text(string)
        case .array(let elements):
            bytes.append(5)
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: elements.count).littleEndian) { bytes.append(contentsOf: $0) }
            for element in elements where !exactBytes(of: element, into: &bytes, limit: limit) { return false }
        case .object(let members):
            bytes.append(6)
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: members.count).littleEndian) { bytes.append(contentsOf: $0) }
            for (key, member) in members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                text(key)
                guard exactBytes(of: member, into: &bytes, limit: limit) else { return false }
            }
        }
        return bytes.count <= limit
    }
}
