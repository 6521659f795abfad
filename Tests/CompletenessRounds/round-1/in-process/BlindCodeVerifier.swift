import Foundation
import LoginConformance

/// PKCE code verifier validation (SPECIFICATION.md §1, RFC 7636 §4.1), documented profile: 43…128 characters of
/// ASCII `A-Z a-z 0-9 - . _ ~`.
struct BlindCodeVerifier: CodeVerifierValidating, Sendable {
    /// The profile the base implements (SPECIFICATION.md §8).
    static let profile: ConformanceProfile = .documented
    /// One realistic bug, or nil for the base.
    enum Bug: String, CaseIterable, Sendable {
        /// Uses a half-open range `43..<128`, refusing a verifier of exactly 128 characters (verifier.length).
        case maxLengthExclusive
        /// Tests Foundation's `CharacterSet.alphanumerics`, accepting non-ASCII letters and digits in the
        /// documented profile (verifier.unicode.documented).
        case unicodeAlphanumerics
        /// Trims whitespace and newlines before checking (verifier.whitespace-and-controls: nothing is trimmed).
        case trimsWhitespace
        /// Also allows the standard base64 characters `+ / =` (verifier.no-decoding, verifier.charset).
        case allowsBase64Characters
        /// The allowed set is the regex class `[A-Za-z0-9._-]`, forgetting `~` (verifier.charset).
        case forgetsTilde
        /// Goes through a C string, so everything after a NUL is ignored (verifier.whitespace-and-controls).
        case stopsAtNUL
        /// Percent-decodes the verifier before checking (verifier.no-decoding).
        case percentDecodes
        /// Lower-cases the verifier and checks `[a-z0-9-._~]`, so KELVIN SIGN (lower-cased to `k`) passes
        /// (verifier.unicode.documented).
        case lowercasesFirst
    }
    let bug: Bug?
    init(bug: Bug? = nil) { self.bug = bug }

    func validateCodeVerifier(_ verifier: String) throws -> CodeVerifierVerdict {
        var value = verifier
        if bug == .trimsWhitespace {
            value = value.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if bug == .percentDecodes {
            value = value.removingPercentEncoding ?? value
        }
        if bug == .stopsAtNUL {
            value = value.withCString { String(cString: $0) }
        }
        if bug == .lowercasesFirst {
            value = value.lowercased()
        }
        let lengths = bug == .maxLengthExclusive ? 43..<128 : 43..<129
        guard lengths.contains(value.count) else { return .invalid(.length) }

        let isAllowed: (Unicode.Scalar) -> Bool
        switch bug {
        case .unicodeAlphanumerics:
            isAllowed = { CharacterSet.alphanumerics.contains($0) || "-._~".unicodeScalars.contains($0) }
        case .allowsBase64Characters:
            isAllowed = { Self.isUnreserved($0) || "+/=".unicodeScalars.contains($0) }
        case .forgetsTilde:
            isAllowed = { Self.isUnreserved($0) && $0 != "~" }
        case .lowercasesFirst:
            isAllowed = { ("a"..."z").contains($0) || ("0"..."9").contains($0) || "-._~".unicodeScalars.contains($0) }
        default:
            isAllowed = Self.isUnreserved
        }
        return value.unicodeScalars.allSatisfy(isAllowed) ? .valid : .invalid(.characters)
    }

    /// RFC 7636 §4.1 unreserved: `A-Z a-z 0-9 - . _ ~`.
    static func isUnreserved(_ scalar: Unicode.Scalar) -> Bool {
        ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
            || "-._~".unicodeScalars.contains(scalar)
    }
}
