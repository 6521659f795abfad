import LoginConformance
import LoginConformanceTestSupport

/// One family's mutants: the unmutated implementation they are made from (the family's reference, or the model of a
/// family the reference does not adopt), the mutants, and the mutants retired with the reason. Its family names it (``MutatedFamily``), and ``Mutant/catalogues`` finds it through the registry; every
/// list of mutants, retired mutants and unmutated implementations is derived from that.
package protocol MutantCatalogue: Sendable {
    /// The mutants, each of the catalogue's one family.
    static var all: [Mutant] { get }
    /// The conformant implementation the mutants are made from, for `profile` (the family's reference in that
    /// reading, or its model): it must pass every vector of its family there.
    static func model(profile: ConformanceProfile) -> any ConformanceSubject & Sendable
    /// Retired mutants, `name` or `name (profile)`, with why they no longer count.
    static var retiredMutants: [(name: String, reason: String)] { get }
}

/// A family with a mutant catalogue: one line beside the catalogue, `extension NonceFamily: MutatedFamily { typealias
/// Mutants = NonceMutants }`. ``Mutant/catalogues`` takes each family of ``FamilyRegistry/standard`` that is one, in
/// the registry's order, so a family joins the mutation tests with no list edited (and fails them, named, without it).
package protocol MutatedFamily: VectorFamily {
    /// The family's catalogue.
    associatedtype Mutants: MutantCatalogue
}

extension MutatedFamily {
    /// The family's catalogue, as a value.
    package static var mutantCatalogue: any MutantCatalogue.Type { Mutants.self }
}

extension MutantCatalogue {
    package static var retiredMutants: [(name: String, reason: String)] { [] }

    /// The family of the catalogue's mutants.
    package static var family: ConformanceFamily? { all.first?.family }
}
