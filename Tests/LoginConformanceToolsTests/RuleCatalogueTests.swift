import Foundation
import LoginConformance
@testable import LoginConformanceTools
import Testing
import LoginConformanceTestSupport

/// The rule catalogue (`Vectors/rules.json`) and the vectors' `rules`: every rule of the specification the suite encodes
/// has the vectors it needs, and every vector says which rules it exercises.
@Suite("Rule catalogue")
struct RuleCatalogueTests {
    let suite: VectorSuite
    let catalogue: RuleCatalogue

    init() throws {
        suite = try VectorSuite.bundled()
        catalogue = try RuleCatalogue.load(from: suite.directory)
    }

    @Test("every rule has an accepting and a refusing vector where it needs both, or the one side it needs")
    func everyRuleIsCovered() throws {
        let coverage = try RuleCoverage(directory: suite.directory)
        #expect(coverage.entries.count == catalogue.rules.count)
        let uncovered = coverage.uncovered.map {
            "\($0.rule.id) (needs \($0.rule.needs.rawValue)): \($0.accepting.count) accepting, \($0.rejecting.count) refusing"
        }
        #expect(uncovered.isEmpty, "\(uncovered.joined(separator: "\n"))")
        for entry in coverage.entries {
            #expect(!entry.vectors.isEmpty, "\(entry.rule.id) has no vector")
        }
    }

    @Test("every vector names at least one rule, each in the catalogue and holding in the vector's profiles")
    func everyVectorNamesKnownRules() {
        let rules = Dictionary(uniqueKeysWithValues: catalogue.rules.map { ($0.id, $0) })
        for vector in suite.vectors {
            let metadata = vector.metadata
            #expect(!metadata.rules.isEmpty, "\(metadata.id)")
            for ruleID in metadata.rules {
                let rule = rules[ruleID]
                #expect(rule != nil, "\(metadata.id) names the unknown rule \(ruleID)")
                #expect(rule?.overlaps(metadata.profiles) ?? true, "\(metadata.id): \(ruleID) holds in another profile")
            }
        }
    }

    @Test("the catalogue: unique well-formed IDs per area, a specification section each, profile rules named for their profile")
    func catalogueIsWellFormed() {
        let ids = catalogue.rules.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(catalogue.retired.isEmpty || Set(catalogue.retired.map(\.id)).isDisjoint(with: ids))
        // The areas of docs/generated/rule-coverage.md (an ID's part before its first dot): an area of one rule is a typo
        // in an ID or a rule that lost its family's area.
        let areas = Set(ids.map { String($0.prefix { $0 != "." }) })
        for area in areas {
            #expect(ids.filter { $0.hasPrefix(area + ".") }.count >= 2, "\(area): one rule only")
        }
        for rule in catalogue.rules {
            #expect(RuleCatalogue.isWellFormedID(rule.id), "\(rule.id)")
            #expect(rule.section.wholeMatch(of: /SPECIFICATION\.md §[1-8]/) != nil, "\(rule.id): \(rule.section)")
            #expect(!rule.statement.isEmpty && !rule.statement.contains("\n"), "\(rule.id)")
            let suffix = ConformanceProfile.allCases.first { rule.id.hasSuffix(".\($0.rawValue)") }
            // A rule of one reading ends with its name and holds under its profile (and any profile given that reading).
            #expect((rule.profiles == nil) == (suffix == nil), "\(rule.id): a rule of one reading ends with its name")
            #expect(suffix.map { rule.profiles?.contains($0) == true } ?? true, "\(rule.id): holds under its suffix's profile")
            #expect(rule.unpaired == nil || rule.profiles != nil, "\(rule.id): unpaired is for rules of one profile")
        }
    }

    @Test("the loader refuses a vector without rules, or with an empty list")
    func rulesAreRequired() throws {
        for (index, rules) in [(1, nil), (2, [String]())] as [(Int, [String]?)] {
            let vectors = try TemporaryVectors(families: ["login-result"])
            try vectors.editVector("login-result.json", at: index) { $0["rules"] = rules }
            let error = try #require(vectors.loadError())
            #expect(error.kind == .invalidFormat)
            #expect(error.jsonPath == "$.vectors[\(index)].rules")
            #expect(error.problem == (rules == nil ? "missing member \"rules\"" : "a vector names at least one rule of Vectors/rules.json, each once"))
        }
    }

    @Test("a vector's rules are part of its canonical JSON, as show and bug reports print it")
    func rulesRoundTrip() throws {
        let vector = try #require(suite.vector(withID: "token-claims::exp::equal-now"))
        #expect(vector.metadata.rules == ["token.exp.strict"])
        let document = try #require(JSONValue.parse(vector.canonicalJSON(pretty: false))?.objectValue)
        #expect(document["rules"] == .array([.string("token.exp.strict")]))
    }
}
