import LoginConformance
import LoginConformanceTestSupport

/// A deliberately broken implementation: the reference of one family (its catalogue's
/// ``MutantCatalogue/model(profile:)``, whose rule steps are `package` mutation sites) with one site replaced by one
/// realistic bug. A family the reference does not adopt (signed-token, code-challenge: they need RS256 and SHA-256)
/// has a model in this folder instead, written as the same kind of sites.
///
/// The suite is only worth the bugs it catches: every mutant must fail at least one
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

    /// Every family's catalogue, in the registry's order of families: each family of ``FamilyRegistry/standard``
    /// that names one (``MutatedFamily``).
    static let catalogues: [any MutantCatalogue.Type] = FamilyRegistry.standard.definitions.compactMap { definition in
        (definition as? any MutatedFamily.Type)?.mutantCatalogue
    }

    /// Every mutant, by family.
    static let all: [Mutant] = catalogues.flatMap { $0.all }

    /// Every retired mutant with the reason it no longer counts (its bug became an outcome the sources allow, or
    /// an equivalent mutant after a decision): listed in the mutation report, never silently deleted.
    static let retired: [(name: String, reason: String)] = catalogues.flatMap { $0.retiredMutants }
}
