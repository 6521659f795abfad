import LoginConformance
import LoginConformanceReference

/// One profile's vectors, split by family into typed arrays before timing, for the hand-written loop that the
/// engine overhead is measured against.
struct TypedVectors {
    /// The families the hand-written loop knows; a family added later joins both sides once the loop calls it.
    static let families: Set<ConformanceFamily> = [.nonce, .loginConfiguration, .loginResult, .tokenClaims]

    private var nonces: [Vector<NonceFamily>] = []
    private var configurations: [Vector<LoginConfigurationFamily>] = []
    private var results: [Vector<LoginResultFamily>] = []
    private var claims: [Vector<TokenClaimsFamily>] = []

    /// Splits `vectors`, which must all be of ``families``.
    init(_ vectors: [any ConformanceVector]) {
        for vector in vectors {
            switch vector {
            case let vector as Vector<NonceFamily>: nonces.append(vector)
            case let vector as Vector<LoginConfigurationFamily>: configurations.append(vector)
            case let vector as Vector<LoginResultFamily>: results.append(vector)
            case let vector as Vector<TokenClaimsFamily>: claims.append(vector)
            default: preconditionFailure("a vector of a family the hand-written loop does not know: \(vector.metadata.id)")
            }
        }
    }

    /// How many vectors there are.
    var count: Int { nonces.count + configurations.count + results.count + claims.count }

    /// Calls the reference directly and judges each answer with the family's rule; returns how many conform.
    func handWrittenLoop(_ reference: ReferenceImplementation) -> Int {
        var passed = 0
        for vector in nonces where NonceFamily.conforms(reference.validateNonce(vector.input.nonce), to: vector.expected, input: vector.input) {
            passed += 1
        }
        for vector in configurations where LoginConfigurationFamily.conforms(reference.makeConfiguration(vector.input), to: vector.expected, input: vector.input) {
            passed += 1
        }
        for vector in results where LoginResultFamily.conforms(reference.resolveLoginResult(vector.input), to: vector.expected, input: vector.input) {
            passed += 1
        }
        for vector in claims where TokenClaimsFamily.conforms(reference.validateClaims(vector.input), to: vector.expected, input: vector.input) {
            passed += 1
        }
        return passed
    }
}
