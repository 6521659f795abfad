import LoginConformance

// SCAFFOLD (replace): the `code-verifier` family's mutants and its conformant model.
enum VerifierMutants {
    /// The conformant model the mutants break, for `profile`.
    static func model(profile: ConformanceProfile) -> any Sendable { 0 }

    static let all: [Mutant] = []
}
