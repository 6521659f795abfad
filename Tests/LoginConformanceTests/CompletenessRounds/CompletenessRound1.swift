import LoginConformance

// Round 1 (issue 23 §4), written 2026-11-26 by two writers from the specification alone (briefs and their own check
// programs: Tests/CompletenessRounds/round-1/); the signed-token lane is that folder's harness adapter. Code
// challenge has no in-process implementation: it needs SHA-256, which the root package does not have.
extension BlindNonce: BlindImplementation {}
extension BlindLoginConfiguration: BlindImplementation {}
extension BlindLoginResult: BlindImplementation {}
extension BlindTokenClaims: BlindImplementation {}
extension BlindCodeVerifier: BlindImplementation {}
extension BlindLoginRequest: BlindImplementation {}
extension BlindProfile: BlindImplementation {}
extension BlindAccessToken: BlindImplementation {}
extension BlindTokenChange: BlindImplementation {}
extension BlindGraphError: BlindImplementation {}

extension CompletenessRound {
    /// Round 1: the in-process families, measured first on suite 0.4.0 and on the suite of the day.
    static let round1 = CompletenessRound(number: 1, implementations: [
        (.nonce, BlindNonce.self), (.loginConfiguration, BlindLoginConfiguration.self),
        (.loginResult, BlindLoginResult.self), (.tokenClaims, BlindTokenClaims.self),
        (.codeVerifier, BlindCodeVerifier.self), (.loginRequest, BlindLoginRequest.self),
        (.profile, BlindProfile.self), (.accessToken, BlindAccessToken.self), (.tokenChange, BlindTokenChange.self),
        (.graphError, BlindGraphError.self),
    ])
}
