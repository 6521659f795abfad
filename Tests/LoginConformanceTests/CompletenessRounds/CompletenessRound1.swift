@testable import BlindRound1
import LoginConformance
import LoginConformanceTestSupport

// Round 1, written 2026-11-26 by two writers from the specification alone (briefs and their own check programs:
// Tests/CompletenessRounds/round-1/); the signed-token lane is that folder's harness adapter. Code challenge has no
// in-process implementation: it needs SHA-256, which the root package does not have.
extension BlindRound1.BlindNonce: BlindImplementation {}
extension BlindRound1.BlindLoginConfiguration: BlindImplementation {}
extension BlindRound1.BlindLoginResult: BlindImplementation {}
extension BlindRound1.BlindTokenClaims: BlindImplementation {}
extension BlindRound1.BlindCodeVerifier: BlindImplementation {}
extension BlindRound1.BlindLoginRequest: BlindImplementation {}
extension BlindRound1.BlindProfile: BlindImplementation {}
extension BlindRound1.BlindAccessToken: BlindImplementation {}
extension BlindRound1.BlindTokenChange: BlindImplementation {}
extension BlindRound1.BlindGraphError: BlindImplementation {}

extension CompletenessRound {
    /// Round 1: the in-process families, measured first on suite 0.4.0 and 0.6.0.
    static let round1 = CompletenessRound(number: 1, types: [
        BlindRound1.BlindNonce.self, BlindRound1.BlindLoginConfiguration.self, BlindRound1.BlindLoginResult.self,
        BlindRound1.BlindTokenClaims.self, BlindRound1.BlindCodeVerifier.self, BlindRound1.BlindLoginRequest.self,
        BlindRound1.BlindProfile.self, BlindRound1.BlindAccessToken.self, BlindRound1.BlindTokenChange.self,
        BlindRound1.BlindGraphError.self,
    ])
}
