import LoginConformance
import LoginConformanceReference

/// One profile's vectors, split by family into typed arrays before timing, for the hand-written loop that the
/// engine overhead is measured against.
struct TypedVectors {
    /// The families the hand-written loop knows: every family the reference adopts (not `signed-token` and
    /// `code-challenge`, which need cryptography the root package does not have). A family added later joins both
    /// sides once the loop calls it.
    static let families: Set<ConformanceFamily> = [
        .nonce, .loginConfiguration, .loginResult, .tokenClaims, .codeVerifier, .loginRequest, .profile,
        .accessToken, .tokenChange, .graphError,
    ]

    private var nonces = Lane<NonceFamily>()
    private var configurations = Lane<LoginConfigurationFamily>()
    private var results = Lane<LoginResultFamily>()
    private var claims = Lane<TokenClaimsFamily>()
    private var verifiers = Lane<CodeVerifierFamily>()
    private var requests = Lane<LoginRequestFamily>()
    private var profiles = Lane<ProfileFamily>()
    private var accessTokens = Lane<AccessTokenFamily>()
    private var tokenChanges = Lane<TokenChangeFamily>()
    private var graphErrors = Lane<GraphErrorFamily>()

    /// Splits `vectors`, which must all be of ``families``.
    init(_ vectors: [any ConformanceVector]) {
        for vector in vectors {
            switch vector {
            case let vector as Vector<NonceFamily>: nonces.vectors.append(vector)
            case let vector as Vector<LoginConfigurationFamily>: configurations.vectors.append(vector)
            case let vector as Vector<LoginResultFamily>: results.vectors.append(vector)
            case let vector as Vector<TokenClaimsFamily>: claims.vectors.append(vector)
            case let vector as Vector<CodeVerifierFamily>: verifiers.vectors.append(vector)
            case let vector as Vector<LoginRequestFamily>: requests.vectors.append(vector)
            case let vector as Vector<ProfileFamily>: profiles.vectors.append(vector)
            case let vector as Vector<AccessTokenFamily>: accessTokens.vectors.append(vector)
            case let vector as Vector<TokenChangeFamily>: tokenChanges.vectors.append(vector)
            case let vector as Vector<GraphErrorFamily>: graphErrors.vectors.append(vector)
            default: preconditionFailure("a vector of a family the hand-written loop does not know: \(vector.metadata.id)")
            }
        }
    }

    /// How many vectors there are.
    var count: Int {
        nonces.vectors.count + configurations.vectors.count + results.vectors.count + claims.vectors.count
            + verifiers.vectors.count + requests.vectors.count + profiles.vectors.count + accessTokens.vectors.count
            + tokenChanges.vectors.count + graphErrors.vectors.count
    }

    /// Calls the reference directly and judges each answer with the family's rule; returns how many conform.
    func handWrittenLoop(_ reference: ReferenceImplementation) -> Int {
        nonces.passed { reference.validateNonce($0.nonce) }
            + configurations.passed { reference.makeConfiguration($0) }
            + results.passed { reference.resolveLoginResult($0) }
            + claims.passed { reference.validateClaims($0) }
            + verifiers.passed { reference.validateCodeVerifier($0.codeVerifier) }
            + requests.passed { reference.makeLoginRequest($0) }
            + profiles.passed { reference.makeProfile($0) }
            + accessTokens.passed { query in
                switch query.question {
                case .hasGranted(let permission): AccessTokenAnswer(reference.hasGranted(permission, in: query.token))
                case .isExpired: AccessTokenAnswer(reference.isExpired(query.token, now: query.now))
                case .isDataAccessExpired: AccessTokenAnswer(reference.isDataAccessExpired(query.token, now: query.now))
                }
            }
            + tokenChanges.passed { reference.notifications(for: $0) }
            + graphErrors.passed { reference.classifyGraphError($0) }
    }
}

/// One family's vectors in the hand-written loop: the reference is called directly (no protocol cast, no engine),
/// and each answer judged with the family's own rule.
private struct Lane<Family: VectorFamily> {
    var vectors: [Vector<Family>] = []

    /// How many of the vectors `answer` conforms to.
    func passed(_ answer: (Family.Input) -> Family.Outcome) -> Int {
        var passed = 0
        for vector in vectors where Family.conforms(answer(vector.input), to: vector.expected, input: vector.input) {
            passed += 1
        }
        return passed
    }
}
