import Foundation
import LoginConformance

/// Nonce validation (SPECIFICATION.md §1, §8), documented profile: non-empty, no Unicode White_Space scalar anywhere.
struct BlindNonce: NonceValidating, Sendable {
    /// The profile the base implements (SPECIFICATION.md §8).
    static let profile: ConformanceProfile = .documented
    /// One realistic bug, or nil for the base.
    enum Bug: String, CaseIterable, Sendable {
        /// Trims surrounding whitespace and newlines before checking (nonce.no-trimming: never trimmed).
        case trimsWhitespace
        /// A whitespace-only nonce is reported as empty, not whitespace (nonce.no-trimming).
        case whitespaceOnlyIsEmpty
        /// Uses Foundation's CharacterSet.whitespaces, the SDK's set, under documented: newlines pass, U+200B is refused (nonce.whitespace.newline.documented, nonce.zero-width-space.documented).
        case foundationWhitespaceSet
        /// Looks for whitespace Characters (grapheme clusters), so a space fused with a combining mark, or CR LF, is missed (nonce.whitespace.zs, nonce.whitespace.newline.documented).
        case scansCharacters
        /// Only ASCII whitespace (space, TAB, LF, VT, FF, CR) is looked for: NBSP, U+3000, U+2028 pass (nonce.whitespace.zs, nonce.whitespace.newline.documented).
        case asciiWhitespaceOnly
        /// Checks only the first and last character for whitespace, as a "no padding" check (nonce.whitespace.zs: anywhere).
        case checksEndsOnly
        /// Applies NFKC before checking, so characters whose compatibility form holds a SPACE are refused (nonce.no-normalisation).
        case nfkcBeforeCheck
        /// Percent-decodes the nonce before checking, so %20 counts as a space (nonce.no-decoding).
        case percentDecodes
        /// Uses a regular-expression \s class ([\t\n\f\r\p{Z}]): VT and NEL are missed (nonce.whitespace.newline.documented).
        case regexWhitespaceClass
    }
    let bug: Bug?
    init(bug: Bug? = nil) { self.bug = bug }

    func validateNonce(_ nonce: String) throws -> NonceVerdict {
        var text = nonce
        if bug == .trimsWhitespace {
            text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if bug == .nfkcBeforeCheck {
            text = text.precomposedStringWithCompatibilityMapping
        }
        if bug == .percentDecodes {
            text = text.removingPercentEncoding ?? text
        }
        if text.isEmpty { return .invalid(.empty) }
        if bug == .whitespaceOnlyIsEmpty, text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return .invalid(.empty)
        }
        return containsWhitespace(text) ? .invalid(.whitespace) : .valid
    }

    /// Unicode White_Space, as Characters.
    private static let whitespaceCharacters: Set<Character> = Set(
        (Array(0x09...0x0D) + [0x20, 0x85, 0xA0, 0x1680] + Array(0x2000...0x200A) + [0x2028, 0x2029, 0x202F, 0x205F, 0x3000])
            .map { Character(Unicode.Scalar(UInt32($0))!) })

    private func containsWhitespace(_ text: String) -> Bool {
        switch bug {
        case .foundationWhitespaceSet:
            return text.rangeOfCharacter(from: .whitespaces) != nil
        case .scansCharacters:
            return text.contains { Self.whitespaceCharacters.contains($0) }
        case .asciiWhitespaceOnly:
            let ascii: Set<Unicode.Scalar> = [" ", "\t", "\n", "\u{0B}", "\u{0C}", "\r"]
            return text.unicodeScalars.contains { ascii.contains($0) }
        case .checksEndsOnly:
            let first = text.unicodeScalars.first, last = text.unicodeScalars.last
            return [first, last].contains { $0?.properties.isWhitespace == true }
        case .regexWhitespaceClass:
            return text.unicodeScalars.contains { scalar in
                ["\t", "\n", "\u{0C}", "\r"].contains(scalar) || [
                    .spaceSeparator, .lineSeparator, .paragraphSeparator,
                ].contains(scalar.properties.generalCategory)
            }
        default:
            return text.unicodeScalars.contains { $0.properties.isWhitespace }
        }
    }
}
