/// What every vector says about itself, whatever its family (see `Vectors/README.md`).
public struct VectorMetadata: Sendable, Hashable, Codable {
    /// The stable namespaced ID, `family::group::case`. Never renumbered, never reused.
    public let id: String
    /// One line: what the vector checks and why the expected outcome follows from the rule.
    public let description: String
    /// How much a wrong answer matters.
    public let severity: VectorSeverity
    /// The readings under which the vector holds; `nil` means both (SPECIFICATION.md §8).
    public let profiles: Set<ConformanceProfile>?
    /// Where the rule comes from: the specification's sections, public documents (Facebook pages, RFCs), DECISIONS.md entries and SDK locations.
    public let refs: [String]
    /// The rules of the specification the vector exercises: IDs from the rule catalogue `Vectors/rules.json`
    /// (`RuleCatalogue` in the tools module), such as `nonce.whitespace.zs` or `token.exp.strict`. At least one in a vector file;
    /// that each is in the catalogue is checked by `login-conformance lint`.
    public let rules: [String]

    public init(
        id: String, description: String, severity: VectorSeverity,
        profiles: Set<ConformanceProfile>? = nil, refs: [String], rules: [String] = []
    ) {
        self.id = id
        self.description = description
        self.severity = severity
        self.profiles = profiles
        self.refs = refs
        self.rules = rules
    }

    /// Whether the vector is part of the suite for an implementation claiming `profile`.
    public func applies(to profile: ConformanceProfile) -> Bool {
        profiles?.contains(profile) ?? true
    }
}
