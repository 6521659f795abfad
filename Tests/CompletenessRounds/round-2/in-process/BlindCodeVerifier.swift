import Foundation
import LoginConformance

/// PKCE code verifier validation (RFC 7636 §4.1, SPECIFICATION.md §1), documented profile: 43…128 ASCII unreserved characters.
struct BlindCodeVerifier: CodeVerifierValidating, Sendable {
    /// The profile the base implements (SPECIFICATION.md §8).
    static let profile: ConformanceProfile = .documented
    /// One realistic bug, or nil for the base.
    enum Bug: String, CaseIterable, Sendable {
        /// Upper bound written as a half-open range 43..<128, so a 128-character verifier is refused (verifier.length).
        case refusesMaximumLength
        /// Tests Foundation's CharacterSet.alphanumerics, as the SDK does, under documented: non-ASCII letters and digits pass (verifier.unicode.documented).
        case unicodeAlphanumerics
        /// Allows the standard base64 characters + / = as well, confusing the verifier with a base64 string (verifier.no-decoding).
        case allowsBase64Characters
        /// Uses the base64url alphabet (A-Z a-z 0-9 - _) as the allowed set, so . and ~ are refused (verifier.charset).
        case base64urlAlphabetOnly
        /// Trims surrounding whitespace and newlines before checking (verifier.whitespace-and-controls: nothing is trimmed).
        case trimsWhitespace
        /// Reads the verifier as a C string, so everything from the first NUL on is ignored (verifier.whitespace-and-controls).
        case stopsAtNUL
        /// Applies NFKC before the ASCII check, so KELVIN SIGN and fullwidth letters pass (verifier.unicode.documented).
        case nfkcBeforeCheck
        /// Percent-decodes the verifier before checking it (verifier.no-decoding).
        case percentDecodes
    }
    let bug: Bug?
    init(bug: Bug? = nil) { self.bug = bug }

    private static let unreserved: Set<Unicode.Scalar> = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".unicodeScalars)
    private static let base64url: Set<Unicode.Scalar> = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".unicodeScalars)

    func validateCodeVerifier(_ verifier: String) throws -> CodeVerifierVerdict {
        var text = verifier
        if bug == .trimsWhitespace {
            text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if bug == .stopsAtNUL {
            text = text.withCString { String(cString: $0) }
        }
        if bug == .nfkcBeforeCheck {
            text = text.precomposedStringWithCompatibilityMapping
        }
        if bug == .percentDecodes {
            text = text.removingPercentEncoding ?? text
        }
        let length = text.count
        let lengthOK = bug == .refusesMaximumLength ? (43..<128).contains(length) : (43...128).contains(length)
        guard lengthOK else { return .invalid(.length) }
        guard text.unicodeScalars.allSatisfy(isAllowed) else { return .invalid(.characters) }
        return .valid
    }

    private func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch bug {
        case .unicodeAlphanumerics:
            return CharacterSet.alphanumerics.contains(scalar) || "-._~".unicodeScalars.contains(scalar)
        case .allowsBase64Characters:
            return Self.unreserved.contains(scalar) || "+/=".unicodeScalars.contains(scalar)
        case .base64urlAlphabetOnly:
            return Self.base64url.contains(scalar)
        default:
            return Self.unreserved.contains(scalar)
        }
    }
}
