import LoginConformance
@testable import LoginConformanceTools
import Testing

/// The suite's strength (conformance-suites.md lesson 8): every deliberately broken implementation fails at least
/// one vector of its family in the profile it claims, and the unbroken models pass every vector, so what kills a
/// mutant is its one bug.
@Suite("Mutation testing")
struct MutationTests {
    @Test("every mutant is killed by at least one vector of its family and profile")
    func everyMutantIsKilled() throws {
        let run = try MutationRun.bundled.get()
        for outcome in run.outcomes {
            let mutant = outcome.mutant
            let shown = outcome.killers.prefix(6).joined(separator: ", ")
            let more = outcome.killers.count > 6 ? ", … (+\(outcome.killers.count - 6), docs/mutation-report.md)" : ""
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

    @Test("a retired mutant says why and is no longer in the catalogue (per name and profile)")
    func retiredMutantsAreGone() {
        #expect(!Mutant.retired.isEmpty)
        let live = Set(Mutant.all.map(\.name) + Mutant.all.map { "\($0.name) (\($0.profile.rawValue))" })
        for (name, reason) in Mutant.retired {
            #expect(!live.contains(name), "\(name) is retired but still a mutant")
            #expect(reason.count > 20, "\(name): say why it is retired")
        }
    }

    @Test("the unmutated models pass every vector of their family in both profiles")
    func modelsConform() throws {
        let suite = try VectorSuite.bundled()
        for profile in ConformanceProfile.allCases {
            let models: [(ConformanceFamily, any ConformanceSubject & Sendable)] = [
                (.nonce, NonceModel(profile: profile)), (.loginConfiguration, ConfigurationModel(profile: profile)),
                (.loginResult, ResultModel()), (.tokenClaims, ClaimsModel(profile: profile)),
                (.signedToken, SignedTokenModel(profile: profile)),
                (.codeVerifier, VerifierMutants.model(profile: profile)),
                (.codeChallenge, ChallengeMutants.model(profile: profile)),
                (.loginRequest, RequestMutants.model(profile: profile)),
                (.profile, ProfileMutants.model(profile: profile)),
                (.accessToken, AccessTokenMutants.model(profile: profile)),
                (.tokenChange, TokenChangeMutants.model(profile: profile)),
                (.graphError, GraphErrorMutants.model(profile: profile)),
            ]
            // A family with no vector under the profile (DECISIONS.md D31: login-request and token-change under
            // documented) has nothing to conform to there.
            for (family, model) in models where !suite.vectors(for: profile, families: [family]).isEmpty {
                let run = try ConformanceEngine(suite: suite).run(model, profile: profile, families: [family])
                let failures = run.problems.map {
                    FailureMessage.text(for: $0, vector: suite.vector(withID: $0.id), rerunCommand: "")
                }
                #expect(failures.isEmpty, "the \(family.rawValue) model (\(profile.rawValue)):\n\(failures.joined(separator: "\n"))")
                #expect(run.totals.passed == suite.vectors(for: profile, families: [family]).count)
            }
        }
    }

    @Test("the catalogue: at least 30 mutants over every family, each named for its bug and described in one line")
    func catalogue() {
        let mutants = Mutant.all
        #expect(mutants.count >= 30)
        #expect(Set(mutants.map(\.family)) == Set(ConformanceFamily.allCases))
        #expect(Set(mutants.map(\.name)).count == mutants.count)
        let area: [ConformanceFamily: String] = [
            .nonce: "nonce.", .loginConfiguration: "configuration.", .loginResult: "result.", .tokenClaims: "token.",
            .signedToken: "signed-token.", .codeVerifier: "verifier.", .codeChallenge: "challenge.",
            .loginRequest: "request.", .profile: "profile.", .accessToken: "access-token.", .tokenChange: "token-change.",
            .graphError: "graph-error.",
        ]
        for mutant in mutants {
            #expect(mutant.name.hasPrefix(area[mutant.family]!), "\(mutant.name)")
            #expect(RuleCatalogue.isWellFormedID(mutant.name), "\(mutant.name)")
            #expect(!mutant.description.isEmpty && !mutant.description.contains("\n"), "\(mutant.name)")
        }
        for profile in ConformanceProfile.allCases {
            #expect(mutants.contains { $0.profile == profile }, "no mutant claims \(profile.rawValue)")
        }
    }

    @Test("a mutant is killed through its bug: a conformant implementation in its place survives every vector")
    func survivorIsReported() throws {
        // The measuring stick itself: an unmutated model wrapped as a mutant must come out as a survivor.
        let suite = try VectorSuite.bundled()
        let conformant = Mutant(name: "nonce.no-bug", description: "the unmutated model", family: .nonce,
                                profile: .iosSDK, implementation: NonceModel(profile: .iosSDK))
        let run = MutationRun(suite: suite, mutants: [conformant, NonceMutants.all[0]])
        #expect(run.survivors.map(\.mutant.name) == ["nonce.no-bug"])
        #expect(run.score == 50)
    }
}
