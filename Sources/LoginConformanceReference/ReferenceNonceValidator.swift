import LoginConformance

/// Nonce validation (SPECIFICATION.md §1, §8).
public struct ReferenceNonceValidator: NonceValidating, Sendable {
    /// The reading of "whitespace" it follows.
    public let profile: ConformanceProfile

    public init(profile: ConformanceProfile) {
        self.profile = profile
    }

    public func validateNonce(_ nonce: String) -> NonceVerdict {
        if nonce.isEmpty { return .invalid(.empty) }
        if nonce.unicodeScalars.contains(where: isWhitespace) { return .invalid(.whitespace) }
        return .valid
    }

    /// ios-sdk: Foundation's `CharacterSet.whitespaces`, CoreFoundation's set: category Zs, TAB and U+200B ZERO WIDTH
    /// SPACE (CFUniChar.c lists U+2000...U+200B; DECISIONS.md D21); newlines are not in it.
    /// documented: "a non-empty string without whitespace": every Unicode White_Space character, newlines included.
    private func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch profile {
        case .iosSDK: scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
        case .documented: scalar.properties.isWhitespace
        }
    }
}
