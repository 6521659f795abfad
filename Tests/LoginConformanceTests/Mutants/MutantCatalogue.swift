import LoginConformance
import LoginConformanceTestSupport

/// One family's mutants: the unmutated model they are made from, the mutants, and the mutants retired with the
/// reason. ``Mutant/catalogues`` lists one per family; every list of mutants, retired mutants and models is derived
/// from it.
protocol MutantCatalogue: Sendable {
    /// The mutants, each of the catalogue's one family.
    static var all: [Mutant] { get }
    /// The conformant model the mutants are made from, for `profile`: it must pass every vector of its family there.
    static func model(profile: ConformanceProfile) -> any ConformanceSubject & Sendable
    /// Retired mutants, `name` or `name (profile)`, with why they no longer count.
    static var retiredMutants: [(name: String, reason: String)] { get }
}

extension MutantCatalogue {
    static var retiredMutants: [(name: String, reason: String)] { [] }

    /// The family of the catalogue's mutants.
    static var family: ConformanceFamily? { all.first?.family }
}
