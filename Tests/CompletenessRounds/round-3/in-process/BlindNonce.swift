import Foundation
import LoginConformance

/// Validates a Limited Login nonce: non-empty, no Unicode White_Space anywhere (newlines included, U+200B allowed),
/// nothing trimmed, decoded or normalised; documented profile (SPECIFICATION.md §1, §8).
struct BlindNonce: NonceValidating, Sendable {
    /// The profile the base implements (SPECIFICATION.md §8).
    static let profile: ConformanceProfile = .documented
    /// One realistic bug, or nil for the base.
    enum Bug: String, CaseIterable, Sendable {
        /// Trims whitespace and newlines before checking, so " abc\n" is valid and "   " is empty (nonce.no-trimming).
        case trimsWhitespace
        /// Reports a whitespace-only nonce as empty (`trimmingCharacters(...).isEmpty`) instead of whitespace (nonce.no-trimming).
        case whitespaceOnlyIsEmpty
        /// Uses Foundation's `CharacterSet.whitespaces` (the SDK's set): accepts newlines, refuses U+200B (nonce.whitespace.newline.documented, nonce.zero-width-space.documented).
        case foundationWhitespaceSet
        /// Looks only for ASCII whitespace (space, TAB, LF, CR, VT, FF): U+00A0, U+3000 and the other Zs pass (nonce.whitespace.zs).
        case asciiWhitespaceOnly
        /// Validates with the regex `^\S+$`, whose `$` also matches before a final line terminator, so "abc\n" passes (nonce.whitespace.newline.documented).
        case regexDollarBeforeNewline
        /// Treats every code point up to U+0020 and DEL as whitespace, C-style (`c <= ' '`), refusing control characters (nonce.not-whitespace).
        case controlsAreWhitespace
        /// Also refuses "invisible" format characters (U+200B, U+200C, U+200D, U+2060, U+FEFF) as whitespace (nonce.not-whitespace, nonce.zero-width-space.documented).
        case invisibleFormatCharacters
        /// Checks the NFKC form of the nonce, so U+00A8 DIAERESIS (NFKC: SPACE + U+0308) is refused (nonce.no-normalisation).
        case checksCompatibilityForm
        /// Percent-decodes the nonce before checking, so "abc%20def" is refused (nonce.no-decoding).
        case percentDecodes
    }
    let bug: Bug?
    init(bug: Bug? = nil) { self.bug = bug }

    /// Unicode White_Space (PropList): TAB..CR, SPACE, NEL, NBSP, U+1680, U+2000..U+200A, LS, PS, U+202F, U+205F,
    /// U+3000.
    static func isUnicodeWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace
    }

    func validateNonce(_ nonce: String) throws -> NonceVerdict {
        var text = nonce
        if bug == .trimsWhitespace {
            text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if bug == .percentDecodes {
            text = text.removingPercentEncoding ?? text
        }
        if bug == .checksCompatibilityForm {
            text = text.precomposedStringWithCompatibilityMapping
        }
        if text.isEmpty { return .invalid(.empty) }
        if bug == .whitespaceOnlyIsEmpty, text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return .invalid(.empty)
        }
        if bug == .regexDollarBeforeNewline {
            let regex = try NSRegularExpression(pattern: "^\\S+$")
            let found = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            return found ? .valid : .invalid(.whitespace)
        }
        let isWhitespace: (Unicode.Scalar) -> Bool
        switch bug {
        case .foundationWhitespaceSet:
            isWhitespace = { CharacterSet.whitespaces.contains($0) }
        case .asciiWhitespaceOnly:
            isWhitespace = { [" ", "\t", "\n", "\r", "\u{0B}", "\u{0C}"].contains($0) }
        case .controlsAreWhitespace:
            isWhitespace = { $0.value <= 0x20 || $0.value == 0x7F || Self.isUnicodeWhitespace($0) }
        case .invisibleFormatCharacters:
            let invisible: Set<UInt32> = [0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF]
            isWhitespace = { invisible.contains($0.value) || Self.isUnicodeWhitespace($0) }
        default:
            isWhitespace = Self.isUnicodeWhitespace
        }
        return text.unicodeScalars.contains(where: isWhitespace) ? .invalid(.whitespace) : .valid
    }
}
