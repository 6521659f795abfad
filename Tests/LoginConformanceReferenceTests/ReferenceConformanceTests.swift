import LoginConformance
import LoginConformanceReference
import LoginConformanceTesting
import Testing
import LoginConformanceTestSupport

/// The reference implementation passes every vector of each profile, checked twice: through the engine (the
/// whole suite in one loop) and through the Swift Testing integration exactly as a third party writes it. The
/// families that need cryptography (signed-token, code-challenge) are reported as skipped, never as passed.
@Suite("Reference implementation")
struct ReferenceConformanceTests {
    @Test("passes every vector of the profile, through the engine", arguments: ConformanceProfile.allCases)
    func passesEveryVector(profile: ConformanceProfile) throws {
        let suite = try VectorSuite.bundled()
        let run = try ConformanceEngine(suite: suite).run(ReferenceImplementation(profile: profile), profile: profile)
        let problems = run.problems.map {
            FailureMessage.text(for: $0, vector: suite.vector(withID: $0.id),
                                rerunCommand: "swift run login-conformance run --profile \(profile.rawValue) --vector '\($0.id)'")
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n\n"))")
        #expect(run.verdict == .passed)
        // The reference has no cryptography (the package has no dependencies and hand-rolls none), so it adopts
        // neither SignedTokenValidating (RS256) nor CodeChallengeComputing (SHA-256): those vectors are skipped, never
        // passed. Examples/JWTKitAdopter checks both with swift-crypto.
        let needCrypto = suite.vectors(for: profile, families: [.signedToken, .codeChallenge]).count
        #expect(suite.vectors(for: profile, families: [.signedToken]).count > 0)
        #expect(suite.vectors(for: profile, families: [.codeChallenge]).count > 0)
        #expect(run.totals.passed == suite.vectors(for: profile).count - needCrypto)
        #expect(run.totals.skipped == needCrypto)
        #expect(run.familySummaries.first { $0.family == .signedToken }?.counts.passed == 0)
        #expect(run.familySummaries.first { $0.family == .codeChallenge }?.counts.passed == 0)
        #expect(Set(run.familySummaries.map(\.family))
            == Set(ConformanceFamily.allCases.filter { !suite.vectors(for: profile, families: [$0]).isEmpty }))
    }

    @Test("does not adopt the signed-token protocol: no cryptography in the root package")
    func skipsSignedTokens() {
        #expect(!(ReferenceImplementation(profile: .documented) as Any is any SignedTokenValidating))
    }

    @Test("does not adopt the code-challenge protocol: no SHA-256 in the root package")
    func skipsCodeChallenges() {
        #expect(!(ReferenceImplementation(profile: .documented) as Any is any CodeChallengeComputing))
    }
}

// The integration a third party writes (README, "Swift Testing"): ConformanceCases, one case per vector. The cases
// are derived, not listed: every profile of the manifest, every family of the registry the reference adopts (asked of
// it), dealt round-robin into a fixed number of parameterized tests so that none comes near the 2,000 cases beyond
// which Swift Testing 6.3 slows down quadratically (a test below says so when the suite outgrows them).
@Suite("Reference implementation, one case per vector, every profile and family")
struct ReferenceCases {
    /// How many parameterized tests share the cases (the test functions below, one per shard).
    static let shardCount = 4

    /// The reference in each profile.
    static let references: [ConformanceProfile: ReferenceImplementation] = Dictionary(
        uniqueKeysWithValues: ConformanceProfile.allCases.map { ($0, ReferenceImplementation(profile: $0)) })

    /// Every (profile, case) of the families the reference adopts under that profile, in profile, family and file order.
    static let all: [(ConformanceProfile, ConformanceCase)] = {
        guard let suite = try? VectorSuite.bundled() else {
            return [(.documented, ConformanceCases.family(.nonce).first!)]  // the problem case: "no vectors"
        }
        return ConformanceProfile.allCases.flatMap { profile in
            suite.families.filter { family in
                // A family whose first vector the reference skips is one it does not adopt (signed-token and
                // code-challenge need cryptography); ReferenceConformanceTests checks those are skipped.
                suite.vectors(for: profile, families: [family]).first.map {
                    if case .skipped = ConformanceEngine.evaluate($0, against: references[profile]!).outcome { return false }
                    return true
                } ?? false
            }.flatMap { family in ConformanceCases.family(family, profile: profile).map { (profile, $0) } }
        }
    }()

    /// The cases of shard `index`: every `shardCount`-th case from `index`.
    static func shard(_ index: Int) -> [(ConformanceProfile, ConformanceCase)] {
        stride(from: index, to: all.count, by: shardCount).map { all[$0] }
    }

    @Test(arguments: shard(0)) func shard0(profile: ConformanceProfile, vector: ConformanceCase) { vector.check(Self.references[profile]!) }
    @Test(arguments: shard(1)) func shard1(profile: ConformanceProfile, vector: ConformanceCase) { vector.check(Self.references[profile]!) }
    @Test(arguments: shard(2)) func shard2(profile: ConformanceProfile, vector: ConformanceCase) { vector.check(Self.references[profile]!) }
    @Test(arguments: shard(3)) func shard3(profile: ConformanceProfile, vector: ConformanceCase) { vector.check(Self.references[profile]!) }

    @Test("the shards hold every adopted vector of every profile once, none over 2,000 cases")
    func shardsCoverTheSuite() throws {
        let suite = try VectorSuite.bundled()
        let expected = ConformanceProfile.allCases.reduce(0) { total, profile in
            total + suite.vectors(for: profile).filter {
                if case .skipped = ConformanceEngine.evaluate($0, against: Self.references[profile]!).outcome { return false }
                return true
            }.count
        }
        let shards = (0..<Self.shardCount).map(Self.shard)
        #expect(shards.map(\.count).reduce(0, +) == expected)
        #expect(Set(Self.all.map { "\($0.0.rawValue)|\($0.1.vector?.metadata.id ?? "")" }).count == expected)
        #expect(shards.allSatisfy { $0.count <= 2_000 }, "add a shard: \(shards.map(\.count))")
    }
}
