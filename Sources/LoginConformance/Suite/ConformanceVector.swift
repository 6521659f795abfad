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
    /// ``inputJSON()``, rendered once.
    private let inputRendering = KeptRendering()

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

    public func canonicalJSON(pretty: Bool) -> String {
        CanonicalJSON.render(VectorDocument(vector: self), pretty: pretty)
    }

    /// Rendered on first use and kept: the same text every time, at the cost of one rendering per loaded vector.
    public func inputJSON() -> String {
        inputRendering.text { CanonicalJSON.render(input) }
    }
}

/// The on-disk shape of a vector: metadata members flattened beside `input` and `expected`.
struct VectorDocument<Family: VectorFamily>: Codable {
    var vector: Vector<Family>

    init(vector: Vector<Family>) { self.vector = vector }

    private enum Keys: String, ClosedObjectKeys {
        case id, description, severity, profiles, refs, rules, input, expected, alsoAccepted
        static var optionalMembers: [Self] { [.profiles, .alsoAccepted] }
    }

    init(from decoder: any Decoder) throws {
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
