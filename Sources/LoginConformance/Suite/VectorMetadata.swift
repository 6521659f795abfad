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

    /// What is wrong with the form of `id`, if anything: it must be `family::group::case`, at least three parts of
    /// `a-z 0-9 . _ + -`, each starting with a letter or digit (Vectors/README.md, "A vector"). The loader refuses
    /// such an ID, so no ID can carry a control character (ESC, BEL, a newline) to a terminal or split a rerun line.
    public static func idFormProblem(_ id: String) -> String? {
        let parts = id.components(separatedBy: "::")
        guard parts.count >= 3, parts.allSatisfy(isWellFormedIDPart) else {
            return "ID \(CanonicalJSON.render(id)) must be family::group::case, at least three parts of a-z 0-9 . _ + - each "
                + "starting with a letter or digit"
        }
        return nil
    }

    private static func isWellFormedIDPart(_ part: String) -> Bool {
        func isLowerAlphanumeric(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) }
        guard let first = part.unicodeScalars.first, isLowerAlphanumeric(first) else { return false }
        return part.unicodeScalars.allSatisfy { isLowerAlphanumeric($0) || "._+-".unicodeScalars.contains($0) }
    }

    /// Whether the vector is part of the suite for an implementation claiming `profile`.
    public func applies(to profile: ConformanceProfile) -> Bool {
        profiles?.contains(profile) ?? true
    }
}
