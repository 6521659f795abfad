import LoginConformance

/// The token claims' rules on which the readings disagree (SPECIFICATION.md §4, §8).
extension ReferenceReading {
    /// How `aud` and `nonce` compare with the app ID and the expected nonce (DECISIONS.md D10, D11).
    enum ClaimEquality: Sendable {
        /// Code point by code point (RFC 7519 §2, §7.3).
        case codePoints
        /// Swift's `String ==`, canonical equivalence, as the SDK compares.
        case canonicalEquivalence
    }

    /// Which `iss` values are accepted.
    enum Issuers: Sendable {
        /// Exactly one of the two documented issuers.
        case documented
        /// The URL's host is `facebook.com` or ends with `.facebook.com`, case-sensitive; scheme and path not checked.
        case facebookHost
    }

    /// This reading's comparison of `aud` and `nonce`.
    var claimEquality: ClaimEquality {
        switch source {
        case .documentation: .codePoints
        case .iosSDK: .canonicalEquivalence
        }
    }

    /// This reading's accepted issuers.
    var issuers: Issuers {
        switch source {
        case .documentation: .documented
        case .iosSDK: .facebookHost
        }
    }

    /// `exp` and `iat` are the doubles the SDK reads them as (`as? Double`; DECISIONS.md D62), not exact numbers.
    var claimTimesAsDoubles: Bool {
        switch source {
        case .documentation: false
        case .iosSDK: true
        }
    }
}
