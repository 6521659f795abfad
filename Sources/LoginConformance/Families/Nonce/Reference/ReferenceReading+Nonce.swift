import LoginConformance

/// The nonce's rule on which the readings disagree (SPECIFICATION.md §1, §8).
extension ReferenceReading {
    /// Which characters make a nonce invalid (rules `nonce.whitespace.zs`, `nonce.whitespace.tab`, `nonce.whitespace.newline.*`).
    enum NonceWhitespace: Sendable {
        /// "A non-empty string without whitespace": every Unicode White_Space character, newlines included.
        case unicodeWhiteSpace
        /// Foundation's `CharacterSet.whitespaces`, CoreFoundation's set: category Zs, TAB and U+200B ZERO WIDTH
        /// SPACE (CFUniChar.c lists U+2000...U+200B; DECISIONS.md D21); newlines are not in it.
        case foundationWhitespaces
    }

    /// This reading's whitespace of a nonce.
    var nonceWhitespace: NonceWhitespace {
        switch source {
        case .documentation: .unicodeWhiteSpace
        case .iosSDK: .foundationWhitespaces
        }
    }

    /// Whether `scalar` makes a nonce invalid.
    func isNonceWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch nonceWhitespace {
        case .foundationWhitespaces:
            scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
        case .unicodeWhiteSpace: scalar.properties.isWhitespace
        }
    }
}
