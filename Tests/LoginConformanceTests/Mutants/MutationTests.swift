import LoginConformance
import LoginConformanceMutants
import LoginConformanceReference
@testable import LoginConformanceTools
import Testing
import LoginConformanceTestSupport

/// The suite's strength: every deliberately broken implementation fails at least
/// one vector of its family in the profile it claims, and the unbroken implementations they are made from (each
/// family's reference, or its model) pass every vector, so what kills a mutant is its one bug.
@Suite("Mutation testing")
struct MutationTests {
    @Test("a retired mutant says why and is no longer in the catalogue (per name and profile)")
    func retiredMutantsAreGone() {
        #expect(!Mutant.retired.isEmpty)
        let live = Set(Mutant.all.map(\.name) + Mutant.all.map { "\($0.name) (\($0.profile.rawValue))" })
        for (name, reason) in Mutant.retired {
            #expect(!live.contains(name), "\(name) is retired but still a mutant")
            #expect(reason.count > 20, "\(name): say why it is retired")
        }
    }

    @Test("the unmutated references and models pass every vector of their family in every profile")
    func modelsConform() throws {
        let suite = try VectorSuite.bundled()
        for profile in ConformanceProfile.allCases {
            // Each is made once per reading: a profile that takes a reading is checked with that reading's.
            let reading = try #require(ReferenceImplementation.readingProfile(of: profile))
            let models = Mutant.catalogues.compactMap { catalogue in
                catalogue.family.map { ($0, catalogue.model(profile: reading)) }
            }
            // A family with no vector under the profile (DECISIONS.md D31: login-request and token-change under
            // documented) has nothing to conform to there.
            for (family, model) in models where !suite.vectors(for: profile, families: [family]).isEmpty {
                let run = try ConformanceEngine(suite: suite).run(model, profile: profile, families: [family])
                let failures = run.problems.map {
                    FailureMessage.text(for: $0, vector: suite.vector(withID: $0.id), rerunCommand: "")
                }
                #expect(failures.isEmpty, "the unmutated \(family.rawValue) (\(profile.rawValue)):\n\(failures.joined(separator: "\n"))")
                #expect(run.totals.passed == suite.vectors(for: profile, families: [family]).count)
            }
        }
    }

    @Test("the catalogue: at least 30 mutants over every family, each named for its bug and described in one line")
    func catalogue() throws {
        let mutants = Mutant.all
        #expect(mutants.count >= 30)
        let catalogued = Set(Mutant.catalogues.compactMap { $0.family })
        let uncatalogued = FamilyRegistry.standard.families.filter { !catalogued.contains($0) }
        let missing = uncatalogued.map(\.rawValue).joined(separator: ", ")
        let fix = "beside a family's catalogue, declare `extension <its VectorFamily>: MutatedFamily { typealias Mutants = … }`"
        #expect(uncatalogued.isEmpty, "families with no mutant catalogue: \(missing); \(fix)")
        #expect(Set(mutants.map(\.family)) == Set(ConformanceFamily.allCases))
        #expect(Set(mutants.map(\.name)).count == mutants.count)
        for catalogue in Mutant.catalogues {
            #expect(Set(catalogue.all.map(\.family)).count == 1, "\(catalogue): one family per catalogue")
        }
        // A mutant is named `area.bug`: its area is its family's name or the area of a rule its family's vectors
        // cite (`configuration.` for login-configuration, `token.` for token-claims).
        var areas: [ConformanceFamily: Set<String>] = [:]
        for vector in try VectorSuite.bundled().vectors {
            areas[vector.family, default: [vector.family.rawValue]].formUnion(vector.metadata.rules.map(Self.area(of:)))
        }
        for mutant in mutants {
            #expect(areas[mutant.family]?.contains(Self.area(of: mutant.name)) == true,
                    "\(mutant.name): not an area of \(mutant.family.rawValue)'s rules")
            #expect(RuleCatalogue.isWellFormedID(mutant.name), "\(mutant.name)")
            #expect(!mutant.description.isEmpty && !mutant.description.contains("\n"), "\(mutant.name)")
        }
        for reading in Set(ConformanceProfile.allCases.compactMap(ReferenceImplementation.readingProfile(of:))) {
            #expect(mutants.contains { $0.profile == reading }, "no mutant claims the \(reading.rawValue) reading")
        }
    }

    /// The part of a rule ID or mutant name before its first dot.
    private static func area(of name: String) -> String {
        String(name.prefix { $0 != "." })
    }

    @Test("a mutant is killed through its bug: a conformant implementation in its place survives every vector")
    func survivorIsReported() throws {
        // The measuring stick itself: the unmutated reference wrapped as a mutant must come out as a survivor.
        let suite = try VectorSuite.bundled()
        let conformant = Mutant(name: "nonce.no-bug", description: "the unmutated reference", family: .nonce,
                                profile: .iosSDK, implementation: ReferenceNonceValidator(profile: .iosSDK))
        let run = MutationRun(suite: suite, mutants: [conformant, NonceMutants.all[0]])
        #expect(run.survivors.map(\.mutant.name) == ["nonce.no-bug"])
        #expect(run.score == 50)
    }
}

/// The whole catalogue against the whole suite (the slow command, ``SlowCommand``: in a debug build every mutant
/// over every vector of its family takes most of a minute of CPU).
@Suite("Mutation testing, every mutant", .slow)
struct MutationSlowTests {
    @Test("every mutant is killed by at least one vector of its family and profile")
    func everyMutantIsKilled() throws {
        let run = try MutationRun.bundled.get()
        for outcome in run.outcomes {
            let mutant = outcome.mutant
            let shown = outcome.killers.prefix(6).joined(separator: ", ")
            let more = outcome.killers.count > 6 ? ", … (+\(outcome.killers.count - 6), docs/generated/mutation-report.md)" : ""
            print(outcome.survived
                ? "SURVIVED \(mutant.name) (\(mutant.profile.rawValue)): passes all \(outcome.checked) vectors — \(mutant.description)"
                : "killed   \(mutant.name) (\(mutant.profile.rawValue)) by \(outcome.killers.count) of \(outcome.checked): \(shown)\(more)")
        }
        print("mutation score: \(run.scoreLine)")
        let survivors = run.survivors.map { "\($0.mutant.name) (\($0.mutant.profile.rawValue)): \($0.mutant.description)" }
        #expect(survivors.isEmpty, """
            \(survivors.count) mutant(s) pass every vector:
            \(survivors.joined(separator: "\n"))
            Add a vector that encodes the rule from the specification in Scripts/vectorgen/ (never weaken the mutant).
            """)
        #expect(run.score == 100)
    }
}
