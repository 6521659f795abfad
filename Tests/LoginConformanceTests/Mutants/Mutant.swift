import LoginConformance

/// A deliberately broken implementation: the conformant model of one family (``NonceModel``, ``ConfigurationModel``,
/// ``ResultModel``, ``ClaimsModel``, ``SignedTokenModel``, ``VerifierModel``, ``ChallengeModel``, ``RequestModel``,
/// ``ProfileModel``, ``AccessTokenModel``, ``TokenChangeModel``, ``GraphErrorModel``) with one mutation site replaced
/// by one realistic bug.
///
/// The suite is only worth the bugs it catches (conformance-suites.md lesson 8): every mutant must fail at least one
/// vector of its family in the profile it claims. When one survives, the fix is a new vector that encodes the rule
/// from the specification, never a weaker mutant.
struct Mutant: Sendable {
    /// Named for the bug, `area.bug`: `nonce.trims-whitespace`, `token.iss-suffix-without-dot`.
    let name: String
    /// The bug in one line, with the specification's rule it breaks.
    let description: String
    /// The family it implements.
    let family: ConformanceFamily
    /// The profile it claims (SPECIFICATION.md §8).
    let profile: ConformanceProfile
    /// The implementation, adopting the family's protocol.
    let implementation: any ConformanceSubject & Sendable

    /// Every mutant, by family.
    static let all: [Mutant] = NonceMutants.all + ConfigurationMutants.all + ResultMutants.all + ClaimsMutants.all
        + SignedTokenMutants.all + VerifierMutants.all + ChallengeMutants.all + RequestMutants.all + ProfileMutants.all
        + AccessTokenMutants.all + TokenChangeMutants.all + GraphErrorMutants.all

    /// Every retired mutant with the reason it no longer counts (its bug became an outcome the sources allow, or
    /// an equivalent mutant after a decision): listed in the mutation report, never silently deleted.
    static let retired: [(name: String, reason: String)] = ConfigurationMutants.retired + ResultMutants.retired
        + ClaimsMutants.retired.map { ("\($0.name) (\($0.profile.rawValue))", $0.reason) }
        + SignedTokenMutants.retired.map { ("\($0.name) (\($0.profile.rawValue))", $0.reason) }
        + RequestMutants.retired + GraphErrorMutants.retired
}
