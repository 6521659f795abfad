import Foundation
import LoginConformance
@testable import LoginConformanceTools
import Testing
import LoginConformanceTestSupport

/// `VectorLint` finds each problem of meaning on a deliberately broken copy of the vectors, names the file, the
/// JSON path and the kind, reports every problem at once, and finds none in the committed suite.
@Suite("Vector lint")
struct VectorLintTests {
    @Test("the committed suite lints clean")
    func committedSuiteIsClean() {
        let problems = VectorLint.lintBundled()
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
    }

    @Test("inputs are compared code point by code point, not with Swift's String ==")
    func exactInputs() throws {
        // EN QUAD (U+2000) is canonically equivalent to EN SPACE (U+2002): with String == the two nonce vectors
        // would be one input twice. They are two inputs, so the committed suite has no redundant vector.
        let suite = try VectorSuite.bundled()
        let quad = try #require(suite.vector(withID: "nonce::whitespace::u+2000") as? Vector<NonceFamily>)
        let space = try #require(suite.vector(withID: "nonce::whitespace::u+2002") as? Vector<NonceFamily>)
        #expect(quad.input.nonce == space.input.nonce)
        #expect(!quad.input.nonce.isCodePointEqual(to: space.input.nonce))
        #expect(!VectorLint.lintBundled().contains { $0.kind == .redundantVector })
    }

    @Test("a duplicate ID is reported at the second vector, naming the first")
    func duplicateID() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.editVector("nonce.json", at: 5) { $0["id"] = "nonce::empty::empty-string" }
        let problems = VectorLint.lint(directory: vectors.directory)
        #expect(problems.map(\.description) == [
            "\(vectors.path("nonce.json")): $.vectors[5].id: [duplicateID] duplicate ID \"nonce::empty::empty-string\", "
                + "first used at \(vectors.path("nonce.json")): $.vectors[0].id",
        ])
    }

    @Test("malformed IDs: too few parts, upper case, another family, a profile suffix that disagrees")
    func malformedIDs() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.editVectors("nonce.json", [
            1: { $0["id"] = "nonce::tab" },
            2: { $0["id"] = "nonce::Whitespace::u+0020" },
            3: { $0["id"] = "token-claims::whitespace::u+00a0" },
            4: { $0["id"] = "nonce::whitespace::u+1680.ios-sdk" },
        ])
        let problems = VectorLint.lint(directory: vectors.directory)
        #expect(problems.map(\.kind) == Array(repeating: .malformedID, count: 4))
        #expect(problems.map(\.jsonPath) == (1...4).map { "$.vectors[\($0)].id" })
        #expect(problems[2].message.contains("starts with \"token-claims::\""))
        #expect(problems[3].message.contains("only a vector naming ios-sdk (not every profile) ends with .ios-sdk"))
    }

    @Test("an ID the changelog retired is reported at the vector that reuses it")
    func retiredID() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.edit("manifest.json") { $0["suiteVersion"] = "0.9.0" }
        try vectors.edit("changelog.json") { changelog in
            var releases = changelog["releases"] as! [[String: Any]]
            releases.append(["version": "0.9.0", "summary": "retire one", "added": [String](), "changed": [String](),
                             "retired": [["id": "nonce::whitespace::u+00a0", "reason": "a test"]]])
            changelog["releases"] = releases
        }
        let problems = VectorLint.lint(directory: vectors.directory)
        #expect(problems.map(\.kind) == [.retiredID])
        #expect(problems.first?.file == vectors.path("nonce.json"))
        #expect(problems.first?.jsonPath == "$.vectors[3].id")
        #expect(problems.first?.message.hasPrefix("nonce::whitespace::u+00a0 was retired in suite 0.9.0") == true)
    }

    @Test("every use of an undeclared reason is reported, not only the first")
    func undeclaredReason() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.edit("nonce.json") { document in
            var reasons = document["reasons"] as! [String: Any]
            reasons["whitespace"] = nil
            document["reasons"] = reasons
        }
        let expectedCount = try VectorSuite.bundled().vectors.filter { $0.family == .nonce && $0.expectedReason == "whitespace" }.count
        let problems = VectorLint.lint(directory: vectors.directory)
        #expect(problems.count == expectedCount)
        #expect(problems.allSatisfy { $0.kind == .undeclaredReason && $0.jsonPath.hasSuffix(".expected.reason") })
        #expect(problems.first?.message.contains("reason \"whitespace\" is not declared in $.reasons (declared: empty)") == true)
    }

    @Test("a vector without severity, refs or rules is reported once per member")
    func missingMetadata() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.editVectors("nonce.json", [
            1: { $0["severity"] = nil },
            2: { $0["refs"] = [String]() },
            3: { $0["rules"] = nil },
            4: { $0["severity"] = "urgent" },
        ])
        let problems = VectorLint.lint(directory: vectors.directory)
        #expect(problems.map(\.kind) == Array(repeating: .missingMetadata, count: 4))
        #expect(problems.map(\.jsonPath) == ["$.vectors[1].severity", "$.vectors[2].refs", "$.vectors[3].rules",
                                             "$.vectors[4].severity"])
    }

    @Test("descriptions must be unique within a family")
    func duplicateDescription() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        let description = try vectors.member("description", of: "nonce.json", at: 2) as! String
        try vectors.editVector("nonce.json", at: 3) { $0["description"] = description }
        let problems = VectorLint.lint(directory: vectors.directory)
        #expect(problems.map(\.kind) == [.duplicateDescription])
        #expect(problems.first?.jsonPath == "$.vectors[3].description")
    }

    @Test("two vectors with one input and different expectations in one profile contradict each other")
    func contradiction() throws {
        let vectors = try TemporaryVectors(families: ["token-claims"])
        try vectors.appendCopy(of: "token-claims::exp::equal-now", in: "token-claims.json") { copy in
            copy["id"] = "token-claims::exp::equal-now-again"
            copy["description"] = "exp is now, read as still valid"
            copy["expected"] = try vectors.member("expected", of: "token-claims.json", at: 0)
        }
        let problems = VectorLint.lint(directory: vectors.directory)
        #expect(problems.map(\.kind) == [.contradiction])
        let problem = try #require(problems.first)
        #expect(problem.jsonPath.hasSuffix("].expected"))
        #expect(problem.message.hasPrefix("token-claims::exp::equal-now-again has the same input as token-claims::exp::equal-now"))
        #expect(problem.message.contains("but expects accepted where that one expects rejected(expired)"))
    }

    @Test("a vector with the input and the expectation of another in the same profile is redundant")
    func redundant() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.appendCopy(of: "nonce::whitespace::u+0020", in: "nonce.json") { copy in
            copy["id"] = "nonce::whitespace::u+0020-again"
            copy["description"] = "a SPACE between letters, again"
        }
        let problems = VectorLint.lint(directory: vectors.directory)
        #expect(problems.map(\.kind) == [.redundantVector])
        #expect(problems.first?.message.hasPrefix("nonce::whitespace::u+0020-again repeats nonce::whitespace::u+0020") == true)
    }

    @Test("a vector of one profile without the other profile's vector for its input is unpaired")
    func unpaired() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.edit("nonce.json") { document in
            document["vectors"] = (document["vectors"] as! [[String: Any]]).filter { $0["id"] as? String != "nonce::newline::u+000a.ios-sdk" }
        }
        let problems = VectorLint.lint(directory: vectors.directory)
        #expect(problems.map(\.kind) == [.unpairedProfileVector])
        #expect(problems.first?.jsonPath == "$.vectors[19].profiles")
        // The documented reading's vector: documented, and any profile that takes its reading.
        let profiles = try #require(try vectors.member("profiles", of: "nonce.json", at: 19) as? [String]).joined(separator: ", ")
        #expect(problems.first?.message.hasPrefix("nonce::newline::u+000a.documented holds under \(profiles) only, and no vector gives the ios-sdk reading") == true)
    }

    @Test("a rule's documented exception (unpaired) is what lets a future iat stand without a documented vector")
    func unpairedException() throws {
        let vectors = try TemporaryVectors(families: ["token-claims"])
        try vectors.edit("rules.json") { catalogue in
            var rules = catalogue["rules"] as! [[String: Any]]
            for index in rules.indices where rules[index]["id"] as? String == "token.iat.future.ios-sdk" {
                rules[index]["unpaired"] = nil
            }
            catalogue["rules"] = rules
        }
        let problems = VectorLint.lint(directory: vectors.directory)
        // Every vector resting on the rule: token-claims' future iat, signed-token's own and its copy of the claims
        // matrix (DECISIONS.md D39), and the NumericDate perturbations that make iat later than now (D64).
        let resting = try VectorSuite.bundled().vectors.filter { $0.metadata.rules.contains("token.iat.future.ios-sdk") }
            .map(\.metadata.id)
        #expect(resting.count >= 4)
        // Each is unpaired (once for each profile that does not hold it, beyond the two readings): nothing else is.
        #expect(problems.count >= resting.count)
        #expect(problems.allSatisfy { problem in
            problem.kind == .unpairedProfileVector && resting.contains { problem.message.hasPrefix($0) }
        }, "\(problems.map(\.description))")
        #expect(Set(problems.compactMap { problem in resting.first { problem.message.hasPrefix($0) } }) == Set(resting))
    }

    @Test("two profile vectors for one input that expect the same are a needless split")
    func needlessSplit() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        let sdkExpected = try vectors.member("expected", of: "nonce.json", at: 20)
        try vectors.editVector("nonce.json", at: 19) { $0["expected"] = sdkExpected }
        let problems = VectorLint.lint(directory: vectors.directory)
        // Once with the two readings; once more for each profile that takes the documented reading.
        #expect(!problems.isEmpty && problems.allSatisfy { $0.kind == .needlessProfileSplit }, "\(problems.map(\.description))")
        #expect(problems.first?.jsonPath == "$.vectors[20].profiles")
    }

    @Test("unknown and retired rules, and a rule of the other profile, are reported where the vector names them")
    func rulesOfVectors() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.editVectors("nonce.json", [
            2: { $0["rules"] = ["nonce.whitespace.zs", "nonce.no-such-rule"] },
            19: { $0["rules"] = ["nonce.whitespace.newline.ios-sdk"] },
        ])
        let problems = VectorLint.lint(directory: vectors.directory)
        // The documented reading's vector, held by documented and any profile that takes its reading: held by more
        // than one, it also lacks a rule of its own profiles (DECISIONS.md D55).
        let profiles = try #require(try vectors.member("profiles", of: "nonce.json", at: 19) as? [String])
        let unpaired: [LintProblem.Kind] = profiles.count > 1 ? [.profileRuleUnpaired] : []
        #expect(problems.map(\.kind) == [.unknownRule] + unpaired + [.ruleOutsideProfile])
        #expect(problems.map(\.jsonPath) == ["$.vectors[2].rules[1]"] + (profiles.count > 1 ? ["$.vectors[19].rules"] : []) + ["$.vectors[19].rules[0]"])
        #expect(problems[0].message == "nonce::whitespace::u+0020: rule \"nonce.no-such-rule\" is not in rules.json")
        let outside = problems.first { $0.kind == .ruleOutsideProfile }
        #expect(outside?.message.hasSuffix("holds under \(profiles.joined(separator: ", ")) but rule nonce.whitespace.newline.ios-sdk only under ios-sdk") == true,
                "\(outside?.message ?? "")")
    }

    @Test("a both-profile vector that cites one profile's rule must cite the other profile's too (DECISIONS.md D55)")
    func profileRulesComeInPairs() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.editVectors("nonce.json", [
            2: { $0["rules"] = ["nonce.whitespace.zs", "nonce.zero-width-space.documented"] },
            3: { $0["rules"] = ["nonce.whitespace.zs", "nonce.zero-width-space.documented",
                                "nonce.zero-width-space.ios-sdk"] },
        ])
        let problems = VectorLint.lint(directory: vectors.directory)
        #expect(problems.map(\.kind) == [.profileRuleUnpaired])
        #expect(problems.map(\.jsonPath) == ["$.vectors[2].rules"])
        #expect(problems.first?.message.hasSuffix(
            "cites nonce.zero-width-space.documented, but no rule of ios-sdk: cite the rule that gives its outcome "
                + "there, or split it into one vector per profile") == true)
    }

    @Test("a rule that needs any vector is covered by one vector of any kind, and reported when no vector names it")
    func anyNeedsOneVector() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.edit("rules.json") { catalogue in
            var rules = catalogue["rules"] as! [[String: Any]]
            let sources = (rules[0]["sources"] as! [Any])
            rules.append(["id": "nonce.computed", "section": "SPECIFICATION.md §1", "needs": "any",
                          "statement": "a rule one computing vector names", "sources": sources])
            rules.append(["id": "nonce.unnamed", "section": "SPECIFICATION.md §1", "needs": "any",
                          "statement": "a rule no vector names", "sources": sources])
            catalogue["rules"] = rules
        }
        // A refusing vector covers an `any` rule (the computing vectors of the later families cover theirs: the
        // committed suite lints clean).
        try vectors.editVector("nonce.json", at: 0) { $0["rules"] = ($0["rules"] as! [String]) + ["nonce.computed"] }
        let entry = try #require(try RuleCoverage(directory: vectors.directory).entry(for: "nonce.computed"))
        #expect(entry.isCovered && entry.vectors.count == 1)
        let problems = VectorLint.lint(directory: vectors.directory)
        let count = (try RuleCatalogue.load(from: vectors.directory)).rules.count
        #expect(problems.map(\.kind) == [.uncoveredRule])
        #expect(problems.map(\.jsonPath) == ["$.rules[\(count - 1)]"])
        #expect(problems.first?.message.hasPrefix("rule nonce.unnamed (needs any) has no vector: ") == true)
    }

    @Test("a rule without the vectors it needs, and a broken catalogue, are reported in rules.json")
    func catalogueProblems() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.edit("rules.json") { catalogue in
            var rules = catalogue["rules"] as! [[String: Any]]
            rules.append(["id": "token.exp.leeway", "section": "SPECIFICATION.md §4", "needs": "both",
                          "statement": "a rule no vector names", "sources": rules[0]["sources"]!])
            rules.append(rules[0])
            catalogue["rules"] = rules
            catalogue["retired"] = [["id": "nonce.whitespace.tab", "reason": "a test retires it"]]
        }
        let problems = VectorLint.lint(directory: vectors.directory)
        let count = (try RuleCatalogue.load(from: vectors.directory)).rules.count
        #expect(problems.map(\.kind) == [.retiredID, .uncoveredRule, .duplicateID])
        #expect(problems.map(\.jsonPath) == ["$.rules[2].id", "$.rules[\(count - 2)]", "$.rules[\(count - 1)].id"])
        #expect(problems[1].message.hasPrefix(
            "rule token.exp.leeway (needs both) has no accepting vector (expected result valid, created, success or "
                + "accepted) and no refusing vector (expected result invalid, refused, cancelled, failed, rejected or "
                + "noProfile): "))
    }

    @Test("without a rule catalogue every vector's rules are unchecked, and the lint says so")
    func missingCatalogue() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try FileManager.default.removeItem(atPath: vectors.path("rules.json"))
        let problems = VectorLint.lint(directory: vectors.directory)
        #expect(problems.map(\.kind) == [.invalidRuleCatalogue])
        #expect(problems.first?.file == vectors.path("rules.json"))
    }

    @Test("format problems in several files are all reported, where the loader stops at the first")
    func everyFormatProblem() throws {
        let vectors = try TemporaryVectors(families: ["login-result", "nonce"])
        try vectors.editVector("nonce.json", at: 2) { $0["input"] = ["nonce": 5] }
        try vectors.editVector("login-result.json", at: 1) { $0["expectd"] = $0.removeValue(forKey: "expected") }
        let loaderError = try #require(vectors.loadError())
        #expect(loaderError.file == vectors.path("nonce.json"))
        let problems = VectorLint.lint(directory: vectors.directory)
        #expect(problems.map(\.kind) == [.invalidFormat, .invalidFormat])
        #expect(problems.map(\.file) == [vectors.path("nonce.json"), vectors.path("login-result.json")])
        #expect(problems.map(\.jsonPath) == ["$.vectors[2].input.nonce", "$.vectors[1].expectd"])
        #expect(problems[0].message.hasPrefix("line 1, column "))  // JSONSerialization wrote the file on one line
        #expect(problems[0].message.hasSuffix(": expected a string, found a number"))
    }

    @Test("a file that is not strict JSON is reported, and the other files are still linted")
    func invalidJSON() throws {
        let vectors = try TemporaryVectors(families: ["login-result", "nonce"])
        let text = try String(contentsOf: vectors.directory.appendingPathComponent("login-result.json"), encoding: .utf8)
        try vectors.write("login-result.json", text.replacingOccurrences(of: "\"vectors\": [", with: "\"vectors\": [\"x\",", options: [], range: nil)
            .replacingOccurrences(of: "\n  ]\n}", with: ",\n  ]\n}"))
        try vectors.editVector("nonce.json", at: 5) { $0["id"] = "nonce::empty::empty-string" }
        let problems = VectorLint.lint(directory: vectors.directory)
        #expect(problems.contains { $0.kind == .duplicateID && $0.file == vectors.path("nonce.json") })
        // The root cause comes first, in the parser's words, at the array that has the trailing comma.
        let first = try #require(problems.first)
        #expect(first.kind == .invalidJSON && first.file == vectors.path("login-result.json") && first.jsonPath == "$.vectors")
        #expect(first.message.hasPrefix("line "))
        #expect(first.message.hasSuffix(": not valid JSON: a trailing comma before ']'"))
        #expect(problems.filter { $0.kind == .invalidJSON }.count == 1)
    }

    @Test("problems of every kind in several files come back at once, sorted by file and position")
    func everythingAtOnce() throws {
        let vectors = try TemporaryVectors(families: ["nonce", "token-claims"])
        try vectors.editVector("token-claims.json", at: 3) { $0["severity"] = nil }
        try vectors.editVectors("nonce.json", [
            5: { $0["id"] = "nonce::empty::empty-string" },
            2: { $0["expected"] = ["result": "invalid", "reason": "tooShort"] },
        ])
        let problems = VectorLint.lint(directory: vectors.directory)
        #expect(problems.map(\.kind) == [.undeclaredReason, .duplicateID, .missingMetadata])
        #expect(problems.map(\.file) == [vectors.path("nonce.json"), vectors.path("nonce.json"), vectors.path("token-claims.json")])
        #expect(problems.allSatisfy { $0.description.hasPrefix("\($0.file): \($0.jsonPath): [\($0.kind.rawValue)] ") })
    }
}

extension TemporaryVectors {
    /// Edits several vectors of `file` in one rewrite.
    func editVectors(_ file: String, _ transforms: [Int: (inout [String: Any]) -> Void]) throws {
        try edit(file) { document in
            var list = document["vectors"] as! [[String: Any]]
            for (index, transform) in transforms { transform(&list[index]) }
            document["vectors"] = list
        }
    }

    /// Member `name` of vector `index` in `file`.
    func member(_ name: String, of file: String, at index: Int) throws -> Any {
        let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        let document = try #require(JSONValue.parse(text)).foundationObject as! [String: Any]
        return try #require((document["vectors"] as! [[String: Any]])[index][name])
    }
}


/// Every expectation traces to a source a user with only the repository can follow (SourceLint).
@Suite("Vector lint: sources")
struct SourceLintTests {
    private func problems(_ vectors: TemporaryVectors) -> [LintProblem] {
        VectorLint.lint(directory: vectors.directory).filter { $0.kind == .unsourcedRule || $0.kind == .unresolvedRef }
    }

    @Test("a rule without sources, an ios-sdk rule without SDK evidence and a documented rule resting on SDK code alone are reported")
    func ruleSources() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        let catalogue = try RuleCatalogue.load(from: vectors.directory).rules
        let shared = catalogue.indices.filter { catalogue[$0].profiles == nil }
        try #require(shared.count >= 2)
        let (both, other) = (shared[0], shared[1])
        try vectors.edit("rules.json") { catalogue in
            var rules = catalogue["rules"] as! [[String: Any]]
            rules[both]["sources"] = [[String: Any]]()
            rules[other]["sources"] = [["document": "RFC 7519", "section": "4.1.4"]]
            rules.append(["id": "nonce.sdk-only", "section": "SPECIFICATION.md §1", "needs": "any", "statement": "a test rule",
                          "sources": [["sdk": "FBSDKLoginKit/FBSDKLoginKit/Internal/NonceValidator.swift", "lines": "12-13"]]])
            catalogue["rules"] = rules
        }
        try vectors.editVector("nonce.json", at: 0) { $0["rules"] = ($0["rules"] as! [String]) + ["nonce.sdk-only"] }
        let count = try RuleCatalogue.load(from: vectors.directory).rules.count
        let found = problems(vectors)
        #expect(found.map(\.kind) == [.unsourcedRule, .unsourcedRule, .unsourcedRule])
        #expect(found.map(\.jsonPath) == ["$.rules[\(both)].sources", "$.rules[\(other)].sources", "$.rules[\(count - 1)].profiles"])
        #expect(found[1].message.contains("holds under ios-sdk but cites no SDK code"))
        #expect(found[2].message.contains("rests on SDK code alone but holds under documented"))
    }

    @Test("sources and refs that point nowhere, or outside the repository, are reported where they stand")
    func unresolved() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        let first = try RuleCatalogue.load(from: vectors.directory).rules[0].sources.count
        try vectors.edit("rules.json") { catalogue in
            var rules = catalogue["rules"] as! [[String: Any]]
            rules[0]["sources"] = (rules[0]["sources"] as! [Any]) + [["document": "No Such Document"], ["decision": "D99"],
                                                                     ["sdk": "/etc/passwd", "lines": "1-2"], ["sdk": "a.swift", "lines": "9-3"]]
            rules[0]["section"] = "SPECIFICATION.md §9"
            catalogue["rules"] = rules
        }
        try vectors.editVector("nonce.json", at: 0) { vector in
            vector["refs"] = ["behaviour.md §1", "seeds/000_08b966c21317bd65.txt", "RFC 9999 §1", "DECISIONS.md D99",
                              "SPECIFICATION.md §9", "sdk:FBSDKLoginKit/X.swift#L3-L1", "RFC 7519 §4.1.4"]
        }
        let found = problems(vectors)
        let rulePaths = found.filter { $0.file.hasSuffix("rules.json") }.map(\.jsonPath)
        #expect(rulePaths.sorted() == (["$.rules[0].section"] + (first..<first + 4).map { "$.rules[0].sources[\($0)]" }).sorted(),
                "\(found.map(\.description))")
        let refPaths = found.filter { $0.file.hasSuffix("nonce.json") }.map(\.jsonPath)
        #expect(refPaths == (0..<6).map { "$.vectors[0].refs[\($0)]" }, "\(found.map(\.description))")
        #expect(found.contains { $0.message.contains("cites behaviour.md, which is not part of the repository") })
        #expect(found.contains { $0.message.contains("\"RFC 9999\" is not in the documents registry") })
    }
}
