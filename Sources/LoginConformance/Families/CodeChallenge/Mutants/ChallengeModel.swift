import Foundation
import LoginConformance
import LoginConformanceTestSupport

/// The PKCE S256 code challenge (SPECIFICATION.md §1 item 4; RFC 7636 §4.2) written as mutation sites. Unmutated it
/// conforms (``MutationTests`` checks that).
///
/// The mutants module has no cryptography and hand-rolls none, so the model does not compute SHA-256: it looks the
/// digest of the bytes it hashes up in `code-challenge-oracle.json`, which the generator computes with hashlib for
/// every byte string the model and its mutants hash (each verifier as ASCII, as UTF-16LE, with a trailing LF, and
/// base64url-decoded). Choosing the bytes and encoding the digest — where the real bugs are — is Swift code here.
/// A real SHA-256 implementation is checked in Examples/JWTKitAdopter.
package struct ChallengeModel: CodeChallengeComputing, Sendable {
    /// The conformant model; a mutant turns one of its sites.
    package init() {}

    /// The bytes hashed. Conformant: the verifier's ASCII bytes, nothing added.
    package var bytes: @Sendable (String) -> [UInt8] = { Array($0.utf8) }
    /// Whether the bytes are hashed at all. Conformant: yes (S256; the plain method sends the verifier itself).
    package var hashes = true
    /// The text of the digest (or, without hashing, of the bytes). Conformant: base64url without padding.
    package var encode: @Sendable ([UInt8]) -> String = ChallengeModel.base64URL

    package func codeChallenge(for verifier: String) throws -> String {
        let input = bytes(verifier)
        return encode(hashes ? try DigestOracle.shared.sha256(input) : input)
    }

    /// RFC 7636 Appendix A: standard base64, `+` → `-`, `/` → `_`, padding removed.
    package static func base64URL(_ bytes: [UInt8]) -> String {
        standardBase64(bytes).replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    package static func standardBase64(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }
}

/// SHA-256 digests precomputed with hashlib by the generator (Scripts/vectorgen/code_challenge.py).
package final class DigestOracle: Sendable {
    package static let shared = DigestOracle()

    /// A byte string the oracle has no digest for: the generator must add it (never a silent pass).
    package struct Missing: Error, CustomStringConvertible {
        let hex: String
        package var description: String { "code-challenge-oracle.json has no SHA-256 of \(hex): regenerate the vectors" }
    }

    private let digests: [String: String]

    private init() {
        let url = RepositoryPaths.url("Tests/LoginConformanceTests/Mutants/code-challenge-oracle.json")
        let document = (try? Data(contentsOf: url)).flatMap { try? JSONDecoder().decode(JSONValue.self, from: $0) }?.objectValue ?? [:]
        digests = (document["sha256"]?.objectValue ?? [:]).compactMapValues(\.stringValue)
    }

    package var isLoaded: Bool { !digests.isEmpty }

    package func sha256(_ bytes: [UInt8]) throws -> [UInt8] {
        let key = Self.hex(bytes)
        guard let digest = digests[key] else { throw Missing(hex: key) }
        return stride(from: 0, to: digest.count, by: 2).map { offset in
            let start = digest.index(digest.startIndex, offsetBy: offset)
            return UInt8(digest[start..<digest.index(start, offsetBy: 2)], radix: 16)!
        }
    }

    package static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}
