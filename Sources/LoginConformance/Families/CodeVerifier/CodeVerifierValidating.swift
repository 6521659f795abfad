/// Validates a PKCE code verifier (SPECIFICATION.md §1 item 4, §8; RFC 7636 §4.1).
///
/// A login configuration validates its code verifier when it is made, and a server exchanging the authorization code
/// refuses a verifier RFC 7636 does not allow, so an implementation that makes or accepts verifiers must draw the
/// same line: 43 to 128 characters, each one of `A-Z a-z 0-9 - . _ ~`. The readings split on non-ASCII letters,
/// marks and numbers (§1): RFC 7636 (documented) refuses them, the iOS SDK tests Foundation's
/// `CharacterSet.alphanumerics` (general categories L*, M* and N*, DECISIONS.md D23) and accepts them. Nothing is
/// trimmed or decoded; the length counts characters, not UTF-8 bytes, and no vector depends on counting graphemes,
/// code points or UTF-16 units (D24).
///
/// ## Topics
///
/// ### The family's vectors
///
/// - ``CodeVerifierFamily``
/// - ``CodeVerifierInput``
/// - ``CodeVerifierVerdict``
public protocol CodeVerifierValidating: ConformanceSubject {
    /// The verdict on `verifier`, exactly as given.
    func validateCodeVerifier(_ verifier: String) throws -> CodeVerifierVerdict
}

/// The input of a `code-verifier` or `code-challenge` vector: one code verifier (for `code-challenge`, always a
/// valid one in both readings).
public struct CodeVerifierInput: Codable, Sendable, Hashable {
    private enum CodingKeys: String, ClosedObjectKeys { case codeVerifier }

    /// The verifier exactly as the app passes it.
    public let codeVerifier: String

    public init(codeVerifier: String) { self.codeVerifier = codeVerifier }
}
