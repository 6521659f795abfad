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
package struct Mutant: Sendable {
    /// Named for the bug, `area.bug`: `nonce.trims-whitespace`, `token.iss-suffix-without-dot`.
    package let name: String
    /// The bug in one line, with the specification's rule it breaks.
    package let description: String
    /// The family it implements.
    package let family: ConformanceFamily
    /// The profile it claims (SPECIFICATION.md §8).
    package let profile: ConformanceProfile
    /// The implementation, adopting the family's protocol.
    package let implementation: any ConformanceSubject & Sendable

    /// A mutant of `family` claiming `profile`, named `name`, its bug described by `description`.
    package init(name: String, description: String, family: ConformanceFamily, profile: ConformanceProfile,
                 implementation: any ConformanceSubject & Sendable) {
        (self.name, self.description, self.family) = (name, description, family)
        (self.profile, self.implementation) = (profile, implementation)
    }

    /// Every family's catalogue, in the registry's order of families: each family of ``FamilyRegistry/standard``
    /// that names one (``MutatedFamily``).
    package static let catalogues: [any MutantCatalogue.Type] = FamilyRegistry.standard.definitions.compactMap { definition in
        (definition as? any MutatedFamily.Type)?.mutantCatalogue
    }

    /// Every mutant, by family.
    package static let all: [Mutant] = catalogues.flatMap { $0.all }

    /// Every retired mutant with the reason it no longer counts (its bug became an outcome the sources allow, or
    /// an equivalent mutant after a decision): listed in the mutation report, never silently deleted.
    package static let retired: [(name: String, reason: String)] = catalogues.flatMap { $0.retiredMutants }
}
