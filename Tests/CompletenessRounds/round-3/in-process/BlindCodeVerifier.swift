import Foundation
import LoginConformance

/// Validates a PKCE code verifier per RFC 7636 §4.1: 43 to 128 characters, each one of the ASCII unreserved
/// `A-Z a-z 0-9 - . _ ~`, checked as given (no trimming, decoding or normalisation); documented profile
/// (SPECIFICATION.md §1, §8).
struct BlindCodeVerifier: CodeVerifierValidating, Sendable {
    /// The profile the base implements (SPECIFICATION.md §8).
    static let profile: ConformanceProfile = .documented
    /// One realistic bug, or nil for the base.
    enum Bug: String, CaseIterable, Sendable {
        /// Counts the length in UTF-8 bytes, so 128 characters holding one non-ASCII letter fail for length, not characters (verifier.length, D24).
        case lengthInUTF8Bytes
        /// Writes the bound as a half-open range `43..<128`, refusing a verifier of exactly 128 characters (verifier.length).
        case upperBoundExclusive
        /// Tests Foundation's `CharacterSet.alphanumerics`, accepting non-ASCII letters and digits (verifier.unicode.documented).
        case foundationAlphanumerics
        /// Checks the NFKC form, so KELVIN SIGN and fullwidth letters become ASCII and pass (verifier.unicode.documented).
        case checksCompatibilityForm
        /// Also allows the standard base64 characters `+ / =` (verifier.no-decoding, verifier.charset).
        case allowsBase64Characters
        /// Trims surrounding whitespace and newlines before checking (verifier.whitespace-and-controls).
        case trimsWhitespace
        /// Treats the verifier as a C string: everything from the first NUL on is ignored (verifier.whitespace-and-controls).
        case stopsAtNUL
        /// Percent-decodes the verifier first, so "%7E" counts as "~" (verifier.no-decoding).
        case percentDecodes
        /// Checks characters with the regex `^[A-Za-z0-9._~-]+$`, whose `$` also matches before a final newline (verifier.whitespace-and-controls).
        case regexDollarBeforeNewline
    }
    let bug: Bug?
    init(bug: Bug? = nil) { self.bug = bug }

    static func isUnreservedASCII(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "-", ".", "_", "~": true
        default: false
        }
    }

    func validateCodeVerifier(_ verifier: String) throws -> CodeVerifierVerdict {
        var text = verifier
        if bug == .trimsWhitespace {
            text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if bug == .stopsAtNUL, let nul = text.unicodeScalars.firstIndex(of: "\0") {
            text = String(text.unicodeScalars[..<nul])
        }
        if bug == .percentDecodes {
            text = text.removingPercentEncoding ?? text
        }
        if bug == .checksCompatibilityForm {
            text = text.precomposedStringWithCompatibilityMapping
        }
        // Length first (the SDK's order; RFC 7636 states none and no documented vector breaks both rules).
        let length = bug == .lengthInUTF8Bytes ? text.utf8.count : text.unicodeScalars.count
        let allowed = bug == .upperBoundExclusive ? 43..<128 : 43..<129
        guard allowed.contains(length) else { return .invalid(.length) }
        if bug == .regexDollarBeforeNewline {
            let regex = try NSRegularExpression(pattern: "^[A-Za-z0-9._~-]+$")
            let found = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            return found ? .valid : .invalid(.characters)
        }
        let isAllowed: (Unicode.Scalar) -> Bool
        switch bug {
        case .foundationAlphanumerics:
            isAllowed = { CharacterSet.alphanumerics.contains($0) || "-._~".unicodeScalars.contains($0) }
        case .allowsBase64Characters:
            isAllowed = { Self.isUnreservedASCII($0) || "+/=".unicodeScalars.contains($0) }
        default:
            isAllowed = Self.isUnreservedASCII
        }
        return text.unicodeScalars.allSatisfy(isAllowed) ? .valid : .invalid(.characters)
    }
}
