@testable import BlindRound3
import LoginConformance
import LoginConformanceTestSupport

// Round 3, written 2026-11-26 by three new writers, none of whom saw rounds 1 or 2, from the specification of suite
// 0.7.0 alone (briefs and their own check programs: Tests/CompletenessRounds/round-3/); the signed-token lane is that
// folder's harness adapter. As before, code challenge has no in-process implementation (it needs SHA-256).
extension BlindRound3.BlindNonce: BlindImplementation {}
extension BlindRound3.BlindLoginConfiguration: BlindImplementation {}
extension BlindRound3.BlindLoginResult: BlindImplementation {}
extension BlindRound3.BlindTokenClaims: BlindImplementation {}
extension BlindRound3.BlindCodeVerifier: BlindImplementation {}
extension BlindRound3.BlindLoginRequest: BlindImplementation {}
extension BlindRound3.BlindProfile: BlindImplementation {}
extension BlindRound3.BlindAccessToken: BlindImplementation {}
extension BlindRound3.BlindTokenChange: BlindImplementation {}
extension BlindRound3.BlindGraphError: BlindImplementation {}

extension CompletenessRound {
    /// Round 3: the in-process families, measured first on suite 0.7.0 (after round 2's fixes).
    static let round3 = CompletenessRound(number: 3, types: [
        BlindRound3.BlindNonce.self, BlindRound3.BlindLoginConfiguration.self, BlindRound3.BlindLoginResult.self,
        BlindRound3.BlindTokenClaims.self, BlindRound3.BlindCodeVerifier.self, BlindRound3.BlindLoginRequest.self,
        BlindRound3.BlindProfile.self, BlindRound3.BlindAccessToken.self, BlindRound3.BlindTokenChange.self,
        BlindRound3.BlindGraphError.self,
    ])
}
