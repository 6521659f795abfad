import Foundation
import LoginConformance

/// Nonce validation (SPECIFICATION.md §1, §8), documented profile: non-empty, no Unicode White_Space scalar.
struct BlindNonce: NonceValidating, Sendable {
    /// The profile the base implements (SPECIFICATION.md §8).
    static let profile: ConformanceProfile = .documented
    /// One realistic bug, or nil for the base.
    enum Bug: String, CaseIterable, Sendable {
        /// Trims surrounding whitespace and newlines before checking (nonce.no-trimming: never trimmed).
        case trimsWhitespace
        /// Scans `Character`s against a set of whitespace characters, missing space + combining mark and CR LF
        /// clusters (nonce.whitespace.zs: a whitespace scalar anywhere is refused).
        case scansCharactersNotScalars
        /// Knows only the ASCII whitespace characters, so NBSP, U+3000 and the other Zs pass (nonce.whitespace.zs).
        case asciiWhitespaceOnly
        /// Uses Foundation's `CharacterSet.whitespacesAndNewlines`, which holds U+200B ZERO WIDTH SPACE
        /// (nonce.zero-width-space.documented: U+200B is not White_Space).
        case foundationWhitespaceSet
        /// Checks the NFKC form, so compatibility characters containing a SPACE are refused (nonce.no-normalisation).
        case checksNFKCForm
        /// Percent-decodes the nonce before checking, so `%20` counts as a space (nonce.no-decoding).
        case percentDecodes
        /// Uses the SDK's set (Zs and TAB) in the documented profile, accepting newlines
        /// (nonce.whitespace.newline.documented).
        case newlinesAllowed
        /// Tests emptiness after trimming, so a whitespace-only nonce is refused as empty (nonce.no-trimming:
        /// refused as whitespace, not as empty).
        case blankIsEmpty
        /// Treats every scalar up to U+0020 as whitespace, refusing NUL and other controls
        /// (nonce.not-whitespace: controls other than TAB and the newlines are accepted).
        case controlsAsWhitespace
    }
    let bug: Bug?
    init(bug: Bug? = nil) { self.bug = bug }

    func validateNonce(_ nonce: String) throws -> NonceVerdict {
        var value = nonce
        if bug == .trimsWhitespace {
            value = value.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if bug == .percentDecodes {
            value = value.removingPercentEncoding ?? value
        }
        if bug == .checksNFKCForm {
            value = value.precomposedStringWithCompatibilityMapping
        }
        if bug == .blankIsEmpty {
            if value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return .invalid(.empty) }
        }
        if value.isEmpty { return .invalid(.empty) }

        if bug == .scansCharactersNotScalars {
            let whitespaceCharacters: Set<Character> = [
                " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}", "\u{2001}",
                "\u{2002}", "\u{2003}", "\u{2004}", "\u{2005}", "\u{2006}", "\u{2007}", "\u{2008}", "\u{2009}",
                "\u{200A}", "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}",
            ]
            return value.contains(where: { whitespaceCharacters.contains($0) }) ? .invalid(.whitespace) : .valid
        }

        let isWhitespace: (Unicode.Scalar) -> Bool
        switch bug {
        case .asciiWhitespaceOnly:
            isWhitespace = { [" ", "\t", "\n", "\r", "\u{0B}", "\u{0C}"].contains($0) }
        case .foundationWhitespaceSet:
            isWhitespace = { CharacterSet.whitespacesAndNewlines.contains($0) }
        case .newlinesAllowed:
            isWhitespace = { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
        case .controlsAsWhitespace:
            isWhitespace = { $0.value <= 0x20 || $0.properties.isWhitespace }
        default:
            isWhitespace = { $0.properties.isWhitespace }
        }
        return value.unicodeScalars.contains(where: isWhitespace) ? .invalid(.whitespace) : .valid
    }
}
