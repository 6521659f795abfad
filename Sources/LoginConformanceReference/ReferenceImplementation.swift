import LoginConformance

/// The reference implementation of the LoginConformance protocols, faithful to the specification in the profile it is
/// made for. The CLI runs it by default, and the test suite proves it passes every vector it checks in each profile.
///
/// It adopts every protocol but `SignedTokenValidating` and `CodeChallengeComputing`: those need RS256 and
/// SHA-256, which this zero-dependency package does not hand-roll, so their vectors are reported as skipped
/// (`Examples/JWTKitAdopter` adopts both on swift-crypto). The later families' conformances are extensions beside
/// their reference types (`ReferenceLoginRequestBuilder.swift`, …).
///
/// It is a specification written as code, not an SDK: it keeps no state and makes no network calls.
public struct ReferenceImplementation: NonceValidating, LoginConfigurationBuilding, LoginResultResolving,
    TokenClaimsValidating, Sendable
{
    /// The reading it follows where the documentation and the SDK disagree (SPECIFICATION.md §8).
    public let profile: ConformanceProfile

    private let nonces: ReferenceNonceValidator
    private let configurations: ReferenceLoginConfigurationBuilder
    private let results: ReferenceLoginResultResolver
    private let claims: ReferenceTokenClaimsValidator

    /// The profiles it has a reading of (`ReferenceReading`), in the bundled manifest's order: a profile the manifest
    /// adds is read here only once its reading is written (a test holds this to `ConformanceProfile.allCases`).
    public static var profiles: [ConformanceProfile] {
        ConformanceProfile.allCases.filter { ReferenceReading.byProfile[$0] != nil }
            + ReferenceReading.byProfile.keys.filter { !ConformanceProfile.allCases.contains($0) }.sorted { $0.rawValue < $1.rawValue }
    }

    /// The profile that defines the reading `profile` takes (`documented` or `ios-sdk`; itself for those two), or
    /// `nil` when the reference has no reading of it: for what is written once per reading (the mutants, the
    /// Python example adapter's `--reads`), never per profile.
    package static func readingProfile(of profile: ConformanceProfile) -> ConformanceProfile? {
        guard let reading = ReferenceReading.byProfile[profile] else { return nil }
        return ReferenceReading.defining.first { $0.reading == reading }?.profile
    }

    /// The reference in `profile`'s reading. `profile` must be one of ``profiles``: the reference stops with the
    /// profile's name rather than answer in another profile's reading.
    public init(profile: ConformanceProfile) {
        self.profile = profile
        nonces = ReferenceNonceValidator(profile: profile)
        configurations = ReferenceLoginConfigurationBuilder(profile: profile)
        results = ReferenceLoginResultResolver()
        claims = ReferenceTokenClaimsValidator(profile: profile)
    }

    public func validateNonce(_ nonce: String) -> NonceVerdict {
        nonces.validateNonce(nonce)
    }

    public func makeConfiguration(_ request: LoginConfigurationRequest) -> LoginConfigurationOutcome {
        configurations.makeConfiguration(request)
    }

    public func resolveLoginResult(_ callback: LoginCallback) -> LoginResultOutcome {
        results.resolveLoginResult(callback)
    }

    public func validateClaims(_ input: TokenClaimsInput) -> TokenClaimsOutcome {
        claims.validateClaims(input)
    }
}
