/// Computes the PKCE S256 code challenge of a code verifier (SPECIFICATION.md §1 item 4; RFC 7636 §4.2).
///
/// challenge = BASE64URL(SHA-256(ASCII(verifier))), base64url **without padding**: 43 characters of
/// `A-Z a-z 0-9 - _`. The login request sends it with `code_challenge_method=S256` (§2) and the server later hashes
/// the verifier the same way, so any slip (standard base64's `+ /`, a kept `=`, a hex digest, a hashed newline)
/// makes every code exchange fail. Use a real SHA-256 (CryptoKit, swift-crypto, hashlib): never hand-roll it. The
/// root package has no cryptography, so its reference implementation does not adopt this protocol;
/// `Examples/JWTKitAdopter` has one on swift-crypto.
///
/// ## Topics
///
/// ### The family's vectors
///
/// - ``CodeChallengeFamily``
/// - ``CodeChallengeOutcome``
public protocol CodeChallengeComputing: ConformanceSubject {
    /// The S256 challenge of `verifier` (a valid verifier: 43 to 128 unreserved ASCII characters).
    func codeChallenge(for verifier: String) throws -> String
}
