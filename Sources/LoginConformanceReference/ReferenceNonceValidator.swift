import LoginConformance

/// Nonce validation (SPECIFICATION.md §1, §8).
public struct ReferenceNonceValidator: NonceValidating, Sendable {
    /// The reading of "whitespace" it follows.
    public let profile: ConformanceProfile
    /// `profile`'s rules where the profiles disagree (`ReferenceReading`).
    let reading: ReferenceReading

    public init(profile: ConformanceProfile) {
        self.profile = profile
        reading = ReferenceReading.of(profile)
    }

    public func validateNonce(_ nonce: String) -> NonceVerdict {
        if nonce.isEmpty { return .invalid(.empty) }
        if nonce.unicodeScalars.contains(where: isWhitespace) { return .invalid(.whitespace) }
        return .valid
    }

    /// The profile's whitespace (`ReferenceReading.NonceWhitespace`).
    private func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        reading.isNonceWhitespace(scalar)
    }
}
