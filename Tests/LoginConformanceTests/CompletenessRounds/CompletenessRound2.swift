@testable import BlindRound2
import LoginConformance
import LoginConformanceTestSupport

// Round 2, written 2026-11-26 by three new writers, none of whom saw round 1, from the specification of suite 0.7.0
// alone (briefs and their own check programs: Tests/CompletenessRounds/round-2/); the signed-token lane is that
// folder's harness adapter. As in round 1, code challenge has no in-process implementation (it needs SHA-256).
extension BlindRound2.BlindNonce: BlindImplementation {}
extension BlindRound2.BlindLoginConfiguration: BlindImplementation {}
extension BlindRound2.BlindLoginResult: BlindImplementation {}
extension BlindRound2.BlindTokenClaims: BlindImplementation {}
extension BlindRound2.BlindCodeVerifier: BlindImplementation {}
extension BlindRound2.BlindLoginRequest: BlindImplementation {}
extension BlindRound2.BlindProfile: BlindImplementation {}
extension BlindRound2.BlindAccessToken: BlindImplementation {}
extension BlindRound2.BlindTokenChange: BlindImplementation {}
extension BlindRound2.BlindGraphError: BlindImplementation {}

extension CompletenessRound {
    /// Round 2: the in-process families, measured first on suite 0.7.0.
    static let round2 = CompletenessRound(number: 2, types: [
        BlindRound2.BlindNonce.self, BlindRound2.BlindLoginConfiguration.self, BlindRound2.BlindLoginResult.self,
        BlindRound2.BlindTokenClaims.self, BlindRound2.BlindCodeVerifier.self, BlindRound2.BlindLoginRequest.self,
        BlindRound2.BlindProfile.self, BlindRound2.BlindAccessToken.self, BlindRound2.BlindTokenChange.self,
        BlindRound2.BlindGraphError.self,
    ])
}
