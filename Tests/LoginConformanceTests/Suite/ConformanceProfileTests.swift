import Foundation
import LoginConformance
import LoginConformanceReference
import LoginConformanceTools
import Testing
import LoginConformanceTestSupport

/// The profiles are one list, the manifest's (SPECIFICATION.md §8): the loader, the engine, the lint and the reference
/// read it.
@Suite("Profiles: one list, the manifest's")
struct ConformanceProfileTests {
    /// The bundled manifest's profiles, as the file lists them.
    private static func bundledManifestProfiles() throws -> [String] {
        let url = try #require(VectorSuite.bundledDirectory).appendingPathComponent("manifest.json")
        let manifest = try JSONDecoder().decode(SuiteManifest.self, from: Data(contentsOf: url))
        return try #require(manifest.profiles).map(\.profile)
    }

    /// The bundled manifest's profiles as the messages list them.
    static let listed = ConformanceProfile.allCases.map(\.rawValue).joined(separator: ", ")

    @Test("allCases and the bundled suite's profiles are the manifest's list, in its order; the static members are on it")
    func allCasesAreTheManifests() throws {
        let listed = try Self.bundledManifestProfiles()
        #expect(ConformanceProfile.allCases.map(\.rawValue) == listed)
        #expect(try VectorSuite.bundled().profiles.map(\.rawValue) == listed)
        for profile in [ConformanceProfile.documented, .iosSDK] {
            #expect(ConformanceProfile(rawValue: profile.rawValue) == profile)
        }
        #expect(ConformanceProfile(rawValue: "android") == nil)
    }

    @Test("the reference has a reading of every listed profile: a profile added to the manifest fails here until it has one")
    func referenceReadsEveryProfile() {
        #expect(ReferenceImplementation.profiles == ConformanceProfile.allCases)
    }

    @Test("a profile the manifest adds is a profile of the suite: its vectors load and are planned for it alone")
    func aListedProfileIsPlanned() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.listProfile("strict")
        try vectors.editVector("nonce.json", at: 0) { vector in
            vector["id"] = (vector["id"] as! String) + ".strict"
            vector["profiles"] = ["strict"]
        }
        let suite = try vectors.load()
        let strict = ConformanceProfile(name: "strict")
        #expect(suite.profiles == ConformanceProfile.allCases + [strict])
        let engine = ConformanceEngine(suite: suite)
        let strictIDs = try engine.plan(profile: strict).map(\.metadata.id)
        let documentedIDs = try engine.plan(profile: .documented).map(\.metadata.id)
        let moved = try #require(strictIDs.first { $0.hasSuffix(".strict") })
        #expect(!documentedIDs.contains(moved))
        // Under strict: the vectors that name no profile, and the one that names strict; none of another profile.
        let everywhere = suite.vectors.filter { $0.metadata.profiles == nil }.map(\.metadata.id)
        #expect(strictIDs == [moved] + everywhere)
    }

    @Test("a manifest entry may say which reading its profile takes (reads): it loads; a reads that is not a string is refused at its path")
    func readsMember() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.edit("manifest.json") { manifest in
            manifest["profiles"] = (manifest["profiles"] as! [[String: Any]])
                + [["profile": "takes-documented", "description": "a server reading the documents", "reads": "documented"]]
        }
        #expect(try vectors.load().profiles.last == ConformanceProfile(name: "takes-documented"))
        try vectors.edit("manifest.json") { manifest in
            var profiles = manifest["profiles"] as! [[String: Any]]
            profiles[profiles.count - 1]["reads"] = 3
            manifest["profiles"] = profiles
        }
        let error = try #require(vectors.loadError())
        #expect(error.jsonPath == "$.profiles[\(ConformanceProfile.allCases.count)].reads", "\(error)")
    }

    @Test("a vector naming a profile the manifest does not list is refused, with the file, the path and the list")
    func unlistedProfileRefused() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.editVector("nonce.json", at: 3) { vector in
            vector["id"] = (vector["id"] as! String) + ".android"
            vector["profiles"] = ["android"]
        }
        let error = try #require(vectors.loadError())
        #expect(error.file == vectors.path("nonce.json"))
        #expect(error.jsonPath == "$.vectors[3].profiles")
        #expect(error.problem.contains("names profile \"android\", which the manifest does not list (its profiles: \(Self.listed))"))
    }

    @Test("the manifest's list: a name twice, a name that could not be an ID suffix, an empty list are refused", arguments: [
        ([["profile": "documented", "description": "a"], ["profile": "documented", "description": "b"]], "$.profiles[1].profile", "listed twice"),
        ([["profile": "documented", "description": "a"], ["profile": "iOS SDK", "description": "b"]], "$.profiles[1].profile", "must be a-z 0-9 -"),
        ([], "$.profiles", "lists no profile"),
    ] as [([[String: String]], String, String)])
    func badListRefused(profiles: [[String: String]], path: String, text: String) throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.edit("manifest.json") { $0["profiles"] = profiles }
        let error = try #require(vectors.loadError())
        #expect(error.file == vectors.path("manifest.json"))
        #expect(error.jsonPath == path)
        #expect(error.problem.contains(text), "\(error.problem)")
    }

    @Test("a manifest written before profiles were listed holds the bundled suite's")
    func absentListIsTheBundledOne() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.edit("manifest.json") { $0["profiles"] = nil }
        #expect(try vectors.load().profiles == ConformanceProfile.allCases)
    }

    @Test("the lint reads the manifest's list: a profile it adds is one more reading each one-profile vector and rule must answer")
    func lintReadsTheList() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.listProfile("strict")
        let problems = VectorLint.lint(directory: vectors.directory)
        // Every vector of one profile now lacks the strict reading of its input, and every vector of all three that
        // cites one-profile rules lacks a rule of strict; each says so, and nothing else changes.
        func aboutStrict(_ problem: LintProblem) -> Bool {
            (problem.kind == .unpairedProfileVector && problem.message.contains("no vector gives the strict reading"))
                || (problem.kind == .profileRuleUnpaired && problem.message.contains("but no rule of strict"))
        }
        #expect(problems.contains { $0.kind == .unpairedProfileVector })
        #expect(problems.contains { $0.kind == .profileRuleUnpaired })
        #expect(problems.allSatisfy(aboutStrict), "\(problems.filter { !aboutStrict($0) })")
    }

    @Test("a vector of several profiles, not every one (a reading's and those given it), ends with the name of one of them")
    func severalProfilesEndWithOne() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.listProfile("strict")
        for (index, suffix) in [(0, ".documented"), (1, ""), (2, ".ios-sdk")] {
            try vectors.editVector("nonce.json", at: index) { vector in
                vector["id"] = (vector["id"] as! String) + suffix
                vector["profiles"] = ["documented", "strict"]
            }
        }
        let malformed = VectorLint.lint(directory: vectors.directory).filter { $0.kind == .malformedID }
        #expect(malformed.map(\.jsonPath) == ["$.vectors[1].id", "$.vectors[2].id"])
        #expect(malformed.allSatisfy { $0.message.contains("a vector of the profiles documented, strict only must end with the name of one of them") },
                "\(malformed.map(\.message))")
    }

    @Test("a rule naming a profile the manifest does not list is refused in rules.json")
    func ruleOfAnUnlistedProfile() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        var position = 0
        try vectors.edit("rules.json") { catalogue in
            var rules = catalogue["rules"] as! [[String: Any]]
            position = try! #require(rules.firstIndex { $0["profiles"] != nil })
            rules[position]["profiles"] = ["android"]
            catalogue["rules"] = rules
        }
        let problems = VectorLint.lint(directory: vectors.directory).filter { $0.jsonPath == "$.rules[\(position)].profiles" }
        #expect(problems.map(\.kind) == [.invalidRuleCatalogue])
        #expect(problems.first?.message.contains("names profile \"android\", which the manifest does not list (its profiles: \(Self.listed))") == true)
    }

    @Test("a run of a profile the suite does not list is refused, never a partial run of the vectors naming no profile")
    func unlistedProfileNotPlanned() throws {
        let engine = ConformanceEngine(suite: try VectorSuite.bundled())
        do {
            let planned = try engine.plan(profile: ConformanceProfile(name: "android"))
            Issue.record("planned \(planned.count) vectors for a profile the suite does not list")
        } catch {
            #expect(error == .noVectorsSelected("profile android is not one of this suite's profiles (\(Self.listed))"))
        }
    }
}
