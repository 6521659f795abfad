import LoginConformance

// SCAFFOLD (replace): the `profile` family's mutants and its conformant model.
enum ProfileMutants {
    /// The conformant model the mutants break, for `profile`.
    static func model(profile: ConformanceProfile) -> any Sendable { 0 }

    static let all: [Mutant] = []
}
