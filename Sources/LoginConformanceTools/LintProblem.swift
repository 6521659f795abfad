import LoginConformance
/// One thing wrong with the vector files' meaning, found by ``VectorLint``: the file, the JSON path, the kind of
/// problem from a closed list, and a message a person who edits vectors can act on.
public struct LintProblem: Sendable, Hashable, CustomStringConvertible {
    /// The file at fault, as the loader names it (the vectors folder joined with the file name).
    public let file: String
    /// Where in the file: `$.vectors[12].expected`, `$.rules[3].id`.
    public let jsonPath: String
    /// What kind of problem it is.
    public let kind: Kind
    /// What is wrong and, where it helps, what to do.
    public let message: String

    public init(file: String, jsonPath: String, kind: Kind, message: String) {
        self.file = file
        self.jsonPath = jsonPath
        self.kind = kind
        self.message = message
    }

    /// `file: $.path: [kind] message`, the shape of a ``VectorLoadError`` with the kind added.
    public var description: String { "\(file): \(jsonPath): [\(kind.rawValue)] \(message)" }

    /// The closed list of lint problems.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        // Reading. The loader's own refusals are reported under these kinds too (see ``VectorLint``).
        /// A file cannot be read.
        case unreadable
        /// A file is not strict RFC 8259 JSON.
        case invalidJSON
        /// Valid JSON that breaks the format: a missing, misspelt or mistyped member, an unknown family, a
        /// changelog the loader refuses.
        case invalidFormat

        // Identity: a vector is known by its ID for ever (Wycheproof renumbered its tcIds).
        /// A vector ID is not `family::group::case` of `[a-z0-9._+-]`, does not start with its family, or its
        /// profile suffix (`.documented`, `.ios-sdk`) disagrees with its `profiles`.
        case malformedID
        /// Two vectors, or two rules, share an ID.
        case duplicateID
        /// A vector or rule uses an ID that was retired (the changelog, or the catalogue's `retired` list).
        case retiredID

        // Declarations (lesson 2).
        /// An expected outcome names a reason its file does not declare.
        case undeclaredReason
        /// A vector lacks, or has an empty or invalid, `description`, `severity`, `refs` or `rules`.
        case missingMetadata
        /// Two vectors of one family have the same description.
        case duplicateDescription

        // Rules.
        /// The rule catalogue is missing or malformed: a malformed rule ID, an unknown `needs`.
        case invalidRuleCatalogue
        /// A vector names a rule the catalogue does not list (or lists as retired).
        case unknownRule
        /// A vector names a rule of one profile but holds only under the other.
        case ruleOutsideProfile
        /// A vector of several profiles names a rule of one profile only, but no rule of another profile it holds
        /// under: it must cite, for each of its profiles, the rule that gives its outcome there (SPECIFICATION.md,
        /// "How to read this document"; DECISIONS.md D55).
        case profileRuleUnpaired
        /// A rule lacks the accepting or refusing vector its `needs` asks for.
        case uncoveredRule
        /// A rule has no source, or not the source its profiles need: a rule holding under `ios-sdk` cites the SDK's
        /// code or declares with evidence why it cannot be checked; a rule resting on SDK code alone holds only
        /// under `ios-sdk`.
        case unsourcedRule
        /// A rule source or a vector ref names something that does not exist: a document not in the registry, a
        /// decision the record does not have, a specification section that is missing, a malformed SDK location,
        /// or a file outside the repository.
        case unresolvedRef

        // Expectations (lessons 4 and 6).
        /// Two vectors of one profile have the same input and different expected outcomes.
        case contradiction
        /// Two vectors of one profile have the same input and the same expected outcome: the second checks
        /// nothing new.
        case redundantVector
        /// A vector of one profile has no vector of the other profile for the same input, and none of its rules
        /// documents why (``RuleCatalogue/Rule/unpaired``).
        case unpairedProfileVector
        /// The vectors of the two profiles for one input expect the same outcome (or `profiles` names every
        /// profile): one vector without `profiles` says it.
        case needlessProfileSplit
    }
}
