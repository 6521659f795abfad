import Foundation

/// A loaded vector of any family, as the engine and the runners see it.
public protocol ConformanceVector: Sendable {
    /// ID, description, severity, profiles, refs.
    var metadata: VectorMetadata { get }
    /// The family the vector belongs to.
    var family: ConformanceFamily { get }
    /// The rejection reason the expected outcome names, if any.
    var expectedReason: String? { get }
    /// Runs `implementation` on the vector's input and judges the answer. Never throws: an implementation error
    /// becomes ``VectorOutcome/errored(message:)``, a missing capability ``VectorOutcome/skipped(reason:)``.
    func evaluate(against implementation: Any) -> VectorOutcome
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
    /// The outcome behaviour.md requires.
    public let expected: Family.Outcome

    public init(metadata: VectorMetadata, input: Family.Input, expected: Family.Outcome) {
        self.metadata = metadata
        self.input = input
        self.expected = expected
    }

    public var family: ConformanceFamily { Family.family }
    public var expectedReason: String? { Family.declaredReason(of: expected) }

    public func evaluate(against implementation: Any) -> VectorOutcome {
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
        do {
            let data = try JSONEncoder().encode(answer)
            return judge(try JSONDecoder().decode(Family.Outcome.self, from: data))
        } catch let error as DecodingError {
            let located = VectorLoadError(file: "answer", decodingError: error)
            return .errored(message: "the answer is not a \(Family.family.rawValue) outcome: \(located.jsonPath): \(located.problem)")
        } catch {
            return .errored(message: "the answer is not a \(Family.family.rawValue) outcome: \(error)")
        }
    }

    /// Compares an answer with the expected outcome by the family's rules.
    private func judge(_ actual: Family.Outcome) -> VectorOutcome {
        if Family.conforms(actual, to: expected, input: input) {
            return .passed
        }
        let expectedLabel = Family.label(of: expected)
        let actualLabel = Family.label(of: actual)
        let verdict = { (label: String) in label.prefix { $0 != "(" } }
        let kind: FailureKind = verdict(expectedLabel) != verdict(actualLabel) ? .wrongVerdict
            : expectedLabel != actualLabel ? .wrongReason : .wrongDetails
        let summary = kind == .wrongDetails
            ? "expected \(expectedLabel) with other details"
            : "expected \(expectedLabel), got \(actualLabel)"
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
        case id, description, severity, profiles, refs, rules, input, expected
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
        vector = Vector(
            metadata: metadata,
            input: try container.decode(Family.Input.self, forKey: .input),
            expected: try container.decode(Family.Outcome.self, forKey: .expected)
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
    }
}
