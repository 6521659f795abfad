import Crypto
import Foundation

/// The PKCE S256 code challenge of a code verifier (RFC 7636 §4.2): BASE64URL-ENCODE(SHA256(ASCII(code_verifier))),
/// base64url without padding, with swift-crypto's SHA-256 (never a hand-rolled one).
///
/// A server that starts a Facebook Login itself (SPECIFICATION.md §2: `code_challenge`, `code_challenge_method=S256`)
/// sends this challenge and keeps the verifier for the code exchange.
public struct S256CodeChallenge: Sendable {
    /// A verifier RFC 7636 §4.1 does not allow: not 43 to 128 characters of `A-Z a-z 0-9 - . _ ~`.
    public struct InvalidVerifier: Error, Equatable, Sendable {
        /// The verifier refused.
        public let verifier: String
    }

    public init() {}

    /// The S256 challenge of `verifier`; throws ``InvalidVerifier`` for a verifier RFC 7636 does not allow (its
    /// ASCII bytes would not be defined).
    public func codeChallenge(for verifier: String) throws -> String {
        let bytes = Array(verifier.utf8)
        guard (43...128).contains(bytes.count), bytes.allSatisfy(Self.isUnreserved) else {
            throw InvalidVerifier(verifier: verifier)
        }
        let digest = SHA256.hash(data: bytes)
        return Data(digest).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
             UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
