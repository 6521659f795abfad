import Foundation
import LoginConformance

/// Which vectors exercise each rule of the catalogue, split by whether they accept, refuse or compute, and whether
/// each rule has the vectors its ``RuleCatalogue/Needs`` asks for.
///
/// A vector *accepts* when its expected `result` is one of ``acceptingResults``, *refuses* when it is one of
/// ``refusingResults``, and otherwise *computes*: its expected outcome is a value (a login request's parameters, a
/// Graph error's category, a list of notifications), not a verdict. A vector counts for a rule of one profile only
/// when it holds under that profile.
public struct RuleCoverage: Sendable {
    /// The expected results that accept the input.
    public static let acceptingResults: Set<String> = ["valid", "created", "success", "accepted"]
    /// The expected results that refuse the input.
    public static let refusingResults: Set<String> = ["invalid", "refused", "cancelled", "failed", "rejected", "noProfile"]

    /// One rule and its vectors.
    public struct Entry: Sendable, Hashable {
        /// The rule.
        public let rule: RuleCatalogue.Rule
        /// Its position in the catalogue's `rules`.
        public let index: Int
        /// IDs of the vectors naming the rule whose expected result accepts, in suite order.
        public let accepting: [String]
        /// IDs of the vectors naming the rule whose expected result refuses, in suite order.
        public let rejecting: [String]
        /// IDs of the vectors naming the rule whose expected outcome is a computed value, in suite order.
        public let computing: [String]

        /// The rule needs an accepting vector and has none.
        public var lacksAccepting: Bool { rule.needs.needsAccepting && accepting.isEmpty }
        /// The rule needs a refusing vector and has none.
        public var lacksRejecting: Bool { rule.needs.needsRejecting && rejecting.isEmpty }
        /// The rule needs a vector of any kind and has none.
        public var lacksAny: Bool { rule.needs == .any && vectors.isEmpty }
        /// The rule has every vector it needs.
        public var isCovered: Bool { !lacksAccepting && !lacksRejecting && !lacksAny }
        /// Every vector naming the rule.
        public var vectors: [String] { accepting + rejecting + computing }
    }

    /// One entry per rule, in catalogue order.
    public let entries: [Entry]

    /// The rules that lack a vector they need.
    public var uncovered: [Entry] { entries.filter { !$0.isCovered } }

    /// The entry of the rule with this ID.
    public func entry(for ruleID: String) -> Entry? {
        entries.first { $0.rule.id == ruleID }
    }

    init(catalogue: RuleCatalogue, vectors: [VectorEntry]) {
        var accepting: [String: [String]] = [:]
        var rejecting: [String: [String]] = [:]
        var computing: [String: [String]] = [:]
        let rules = Dictionary(catalogue.rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for vector in vectors {
            guard let id = vector.id else { continue }
            for ruleID in Set(vector.rules) {
                guard let rule = rules[ruleID], rule.overlaps(vector.appliesTo) else { continue }
                switch vector.accepts {
                case true?: accepting[ruleID, default: []].append(id)
                case false?: rejecting[ruleID, default: []].append(id)
                case nil: computing[ruleID, default: []].append(id)
                }
            }
        }
        entries = catalogue.rules.enumerated().map { index, rule in
            Entry(rule: rule, index: index, accepting: accepting[rule.id] ?? [], rejecting: rejecting[rule.id] ?? [],
                  computing: computing[rule.id] ?? [])
        }
    }

    /// Measures the suite in `directory` (a vectors folder with `manifest.json` and `rules.json`). Throws when the
    /// rule catalogue cannot be read; vectors that cannot be read are left out (``VectorLint`` reports them).
    public init(directory: URL) throws(VectorLoadError) {
        let documents = SuiteDocuments.read(from: directory)
        self.init(catalogue: try RuleCatalogue.load(from: directory), vectors: documents.vectors)
    }
}
