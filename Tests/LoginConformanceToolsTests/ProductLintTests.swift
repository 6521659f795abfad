import Foundation
@testable import LoginConformance
@testable import LoginConformanceTools
import Testing
import LoginConformanceTestSupport

/// Lint checks the other lint tests leave unexercised (the product mutants of Scripts/mutation/product_mutants.json, area
/// lint): multi-line and empty descriptions, repeated refs, profiles naming every profile, a missing profile suffix.
@Suite("Product mutants: lint")
struct ProductLintTests {
    @Test("descriptions of more than one line or empty, refs listed twice, profiles naming every profile, a one-profile ID without its suffix")
    func metadataAndIdentity() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.editVectors("nonce.json", [
            1: { $0["description"] = "first line\nsecond line" },
            2: { $0["description"] = "" },
            3: { vector in vector["refs"] = (vector["refs"] as! [Any]) + (vector["refs"] as! [Any]) },
            4: { $0["profiles"] = ConformanceProfile.allCases.map(\.rawValue) },
            19: { $0["id"] = "nonce::newline::u+000a" },
            21: { $0["id"] = "nonce::newline::u+000b.ios-sdk" },  // documented only, with the other profile's suffix
        ])
        let problems = VectorLint.lint(directory: vectors.directory)
        let found = problems.map { "\($0.jsonPath) \($0.kind)" }
        #expect(found.contains("$.vectors[1].description missingMetadata"), "\(found)")
        #expect(found.contains("$.vectors[2].description missingMetadata"), "\(found)")
        #expect(found.contains("$.vectors[3].refs missingMetadata"), "\(found)")
        #expect(found.contains("$.vectors[4].profiles needlessProfileSplit"), "\(found)")
        #expect(found.contains("$.vectors[19].id malformedID"), "\(found)")
        // Both are the documented reading's: documented's alone, or with the profiles that take its reading.
        let file = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: vectors.path("nonce.json"))))
        let profiles = try #require(((file as? [String: Any])?["vectors"] as? [[String: Any]])?[19]["profiles"] as? [String])
        let suffixRule = profiles == ["documented"] ? "a vector of the documented profile only must end with .documented"
            : "a vector of the profiles \(profiles.joined(separator: ", ")) only must end with the name of one of them"
        #expect(problems.first { $0.jsonPath == "$.vectors[19].id" }?.message == suffixRule)
        #expect(problems.first { $0.jsonPath == "$.vectors[21].id" }?.message == suffixRule, "\(found)")
    }

    @Test("a rule of one profile is not covered by vectors of the other profile that cite it")
    func coverageCountsOnlyTheRulesProfile() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.edit("rules.json") { catalogue in
            var rules = catalogue["rules"] as! [[String: Any]]
            rules.append(["id": "nonce.sdk-only.ios-sdk", "section": "SPECIFICATION.md §1", "needs": "any", "profiles": ["ios-sdk"],
                          "statement": "a rule of ios-sdk that only a documented vector cites", "sources": rules[0]["sources"]!])
            catalogue["rules"] = rules
        }
        // Vector 19 of nonce.json holds under documented only.
        try vectors.editVector("nonce.json", at: 19) { $0["rules"] = ($0["rules"] as! [String]) + ["nonce.sdk-only.ios-sdk"] }
        let entry = try #require(try RuleCoverage(directory: vectors.directory).entry(for: "nonce.sdk-only.ios-sdk"))
        #expect(!entry.isCovered, "\(entry.vectors)")
        #expect(entry.vectors.isEmpty, "\(entry.vectors)")
    }

    @Test("a malformed rule ID and a section that is not the specification's are reported in rules.json")
    func catalogueShape() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.edit("rules.json") { catalogue in
            var rules = catalogue["rules"] as! [[String: Any]]
            rules[0]["id"] = "Upper.Case"
            rules[1]["section"] = "§1"
            catalogue["rules"] = rules
        }
        let found = VectorLint.lint(directory: vectors.directory).filter { $0.file == vectors.path("rules.json") }
            .map { "\($0.jsonPath) \($0.kind)" }
        #expect(found.contains("$.rules[0].id invalidRuleCatalogue"), "\(found)")
        #expect(found.contains("$.rules[1].section invalidRuleCatalogue"), "\(found)")
        // Well formed: at least two dot-separated parts, the first starting with a letter.
        for id in ["nonce", "nonce.", ".empty", "1nonce.empty", "nonce..empty", "no+nce.empty", "nonce.-empty", "Nonce.empty"] {
            #expect(!RuleCatalogue.isWellFormedID(id), "\(id)")
        }
        for id in ["nonce.empty", "nonce.whitespace.u+000a", "token.exp.600-seconds", "a.1"] {
            #expect(RuleCatalogue.isWellFormedID(id), "\(id)")
        }
    }

    @Test("two vectors of one profile with one input, one label and other details contradict each other (not a repeat)")
    func contradictionInDetails() throws {
        let vectors = try TemporaryVectors(families: ["graph-error"])
        try vectors.appendCopy(of: "graph-error::default::190.ios-sdk", in: "graph-error.json") { copy in
            copy["id"] = "graph-error::default::190-other-message.ios-sdk"
            copy["description"] = "the same 190 error read with another message"
            var expected = copy["expected"] as! [String: Any]
            expected["message"] = "another message"
            copy["expected"] = expected
        }
        let problems = VectorLint.lint(directory: vectors.directory).filter { $0.file == vectors.path("graph-error.json") }
        #expect(problems.map(\.kind).contains(.contradiction), "\(problems.map(\.description))")
        #expect(!problems.map(\.kind).contains(.redundantVector))
        #expect(problems.first { $0.kind == .contradiction }?.message.hasSuffix(" with other details") == true)
    }

    @Test("a rule without sources is reported as such, whichever profile it holds under")
    func ruleWithoutSources() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        var index = -1
        try vectors.edit("rules.json") { catalogue in
            var rules = catalogue["rules"] as! [[String: Any]]
            index = rules.firstIndex { ($0["profiles"] as? [String])?.contains("documented") == true }!
            rules[index]["sources"] = [Any]()
            catalogue["rules"] = rules
        }
        let problems = VectorLint.lint(directory: vectors.directory).filter { $0.jsonPath == "$.rules[\(index)].sources" }
        #expect(problems.map(\.kind) == [.unsourcedRule])
        #expect(problems.first?.message.contains(" has no source: ") == true, "\(problems.map(\.description))")
    }

    @Test("sources: unverifiable evidence of 20 characters is enough, a line range must not run backwards")
    func sourceBoundaries() {
        let resolver = RefResolver(documents: [:], decisions: ["D01"], sections: ["§1"])
        #expect(resolver.problem(with: .unverifiable(evidence: String(repeating: "e", count: 20))) == nil)
        #expect(resolver.problem(with: .unverifiable(evidence: String(repeating: "e", count: 19))) != nil)
        #expect(RefResolver.lineRange("30-12") == nil)
        #expect(RefResolver.lineRange("12-30") == 12...30)
        #expect(resolver.problem(withRef: "sdk:FBSDKLoginKit/../x.swift#L1-L2") != nil)
        #expect(resolver.problem(withRef: "sdk:FBSDKLoginKit/x.swift#L1-L2") == nil)
        #expect(resolver.problem(withRef: "DECISIONS.md D02") != nil)
        #expect(resolver.problem(withRef: "SPECIFICATION.md §2") != nil)
        #expect(resolver.problem(withRef: "SPECIFICATION.md §1") == nil)
    }

    @Test("the loader's kinds map to the lint's, an unknown one to invalidFormat")
    func loaderKinds() {
        let expected: [VectorLoadError.Kind: LintProblem.Kind] = [
            .unreadable: .unreadable, .invalidJSON: .invalidJSON, .duplicateID: .duplicateID, .misplacedID: .malformedID,
            .undeclaredReason: .undeclaredReason, .retiredIDReused: .retiredID, .invalidFormat: .invalidFormat,
            .unknownFamily: .invalidFormat,
        ]
        for (kind, lint) in expected {
            #expect(VectorLint.kind(of: VectorLoadError(file: "f", jsonPath: "$", kind: kind, problem: "p")) == lint, "\(kind)")
        }
    }
}
