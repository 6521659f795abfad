import Foundation
import LoginConformance

/// The code verifier's rule on which the readings disagree (SPECIFICATION.md §1 item 4, §8).
extension ReferenceReading {
    /// Which letters and digits a code verifier may hold besides `- . _ ~` (rule `verifier.charset`).
    enum VerifierAlphanumerics: Sendable {
        /// RFC 7636 §4.1: `A-Z a-z 0-9` only.
        case ascii
        /// The SDK tests Foundation's `CharacterSet.alphanumerics`: any Unicode letter or digit.
        case foundation
    }

    /// This reading's letters and digits of a code verifier.
    var verifierAlphanumerics: VerifierAlphanumerics {
        switch source {
        case .documentation: .ascii
        case .iosSDK: .foundation
        }
    }

    /// Whether `scalar` may appear in a code verifier (43…128 of them; SPECIFICATION.md §1).
    func isVerifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if "-._~".unicodeScalars.contains(scalar) { return true }
        switch verifierAlphanumerics {
        case .ascii: return ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
        case .foundation: return CharacterSet.alphanumerics.contains(scalar)
        }
    }
}
