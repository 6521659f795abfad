import LoginConformance
import LoginConformanceReference
import LoginConformanceTesting
import Testing

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

// The integration a third party writes: one parameterized test per family, one case per vector.
private let documented = ReferenceImplementation(profile: .documented)
private let iosSDK = ReferenceImplementation(profile: .iosSDK)

@Suite("Reference implementation, documented profile, one case per vector")
struct ReferenceDocumentedCases {
    @Test(arguments: ConformanceCases.family(.nonce)) func nonce(_ vector: ConformanceCase) { vector.check(documented) }
    @Test(arguments: ConformanceCases.family(.loginConfiguration)) func loginConfiguration(_ vector: ConformanceCase) { vector.check(documented) }
    @Test(arguments: ConformanceCases.family(.loginResult)) func loginResult(_ vector: ConformanceCase) { vector.check(documented) }
    @Test(arguments: ConformanceCases.family(.tokenClaims)) func tokenClaims(_ vector: ConformanceCase) { vector.check(documented) }
    @Test(arguments: ConformanceCases.family(.codeVerifier)) func codeVerifier(_ vector: ConformanceCase) { vector.check(documented) }
    @Test(arguments: ConformanceCases.family(.loginRequest)) func loginRequest(_ vector: ConformanceCase) { vector.check(documented) }
    @Test(arguments: ConformanceCases.family(.profile)) func profile(_ vector: ConformanceCase) { vector.check(documented) }
    @Test(arguments: ConformanceCases.family(.accessToken)) func accessToken(_ vector: ConformanceCase) { vector.check(documented) }
    @Test(arguments: ConformanceCases.family(.tokenChange)) func tokenChange(_ vector: ConformanceCase) { vector.check(documented) }
    @Test(arguments: ConformanceCases.family(.graphError)) func graphError(_ vector: ConformanceCase) { vector.check(documented) }
}

@Suite("Reference implementation, ios-sdk profile, one case per vector")
struct ReferenceIOSSDKCases {
    @Test(arguments: ConformanceCases.family(.nonce, profile: .iosSDK)) func nonce(_ vector: ConformanceCase) { vector.check(iosSDK) }
    @Test(arguments: ConformanceCases.family(.loginConfiguration, profile: .iosSDK)) func loginConfiguration(_ vector: ConformanceCase) { vector.check(iosSDK) }
    @Test(arguments: ConformanceCases.family(.loginResult, profile: .iosSDK)) func loginResult(_ vector: ConformanceCase) { vector.check(iosSDK) }
    @Test(arguments: ConformanceCases.family(.tokenClaims, profile: .iosSDK)) func tokenClaims(_ vector: ConformanceCase) { vector.check(iosSDK) }
    @Test(arguments: ConformanceCases.family(.codeVerifier, profile: .iosSDK)) func codeVerifier(_ vector: ConformanceCase) { vector.check(iosSDK) }
    @Test(arguments: ConformanceCases.family(.loginRequest, profile: .iosSDK)) func loginRequest(_ vector: ConformanceCase) { vector.check(iosSDK) }
    @Test(arguments: ConformanceCases.family(.profile, profile: .iosSDK)) func profile(_ vector: ConformanceCase) { vector.check(iosSDK) }
    @Test(arguments: ConformanceCases.family(.accessToken, profile: .iosSDK)) func accessToken(_ vector: ConformanceCase) { vector.check(iosSDK) }
    @Test(arguments: ConformanceCases.family(.tokenChange, profile: .iosSDK)) func tokenChange(_ vector: ConformanceCase) { vector.check(iosSDK) }
    @Test(arguments: ConformanceCases.family(.graphError, profile: .iosSDK)) func graphError(_ vector: ConformanceCase) { vector.check(iosSDK) }
}
