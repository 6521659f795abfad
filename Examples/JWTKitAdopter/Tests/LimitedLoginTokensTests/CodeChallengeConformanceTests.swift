import LimitedLoginTokens
import LoginConformanceTesting
import Testing

/// The library's S256 challenge is the toolkit's protocol as it stands: same method, same signature.
extension S256CodeChallenge: CodeChallengeComputing {}

/// The code-challenge family (SPECIFICATION.md §1; RFC 7636 §4.2) in both profiles: the challenge is the same in both,
/// and the root package's reference skips it (no cryptography there), so this is where its vectors run for real.
@Suite struct CodeChallengeConformance {
    @Test(arguments: ConformanceCases.family(.codeChallenge, profile: .documented))
    func documented(_ vector: ConformanceCase) { vector.check(S256CodeChallenge()) }

    @Test(arguments: ConformanceCases.family(.codeChallenge, profile: .iosSDK))
    func iosSDK(_ vector: ConformanceCase) { vector.check(S256CodeChallenge()) }

    @Test("RFC 7636 Appendix B, and a verifier RFC 7636 does not allow is refused, not hashed")
    func appendixBAndRefusal() throws {
        #expect(try S256CodeChallenge().codeChallenge(for: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
            == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        #expect(throws: S256CodeChallenge.InvalidVerifier.self) { try S256CodeChallenge().codeChallenge(for: "short") }
        #expect(throws: S256CodeChallenge.InvalidVerifier.self) {
            try S256CodeChallenge().codeChallenge(for: String(repeating: "\u{E9}", count: 43))
        }
    }
}
