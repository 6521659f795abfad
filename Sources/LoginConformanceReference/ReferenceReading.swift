import Foundation
import LoginConformance

/// How the reference reads the rules on which the profiles disagree (SPECIFICATION.md §8): one value per profile,
/// each member the rule of that reading, with the rule it transcribes.
///
/// The reference never asks which profile it runs under; it asks its reading. A profile is one entry of the
/// manifest's list plus its reading: one of the two here (``defining``), or the one its entry `reads`. There is no
/// default, so a profile without one is refused (``ReferenceImplementation/profiles`` lists those it has), never read
/// as another.
struct ReferenceReading: Sendable, Equatable {
    /// Which characters make a nonce invalid (rules `nonce.whitespace.zs`, `nonce.whitespace.tab`, `nonce.whitespace.newline.*`).
    enum NonceWhitespace: Sendable {
        /// "A non-empty string without whitespace": every Unicode White_Space character, newlines included.
        case unicodeWhiteSpace
        /// Foundation's `CharacterSet.whitespaces`, CoreFoundation's set: category Zs, TAB and U+200B ZERO WIDTH
        /// SPACE (CFUniChar.c lists U+2000...U+200B; DECISIONS.md D21); newlines are not in it.
        case foundationWhitespaces
    }

    /// Which letters and digits a code verifier may hold besides `- . _ ~` (rule `verifier.charset`).
    enum VerifierAlphanumerics: Sendable {
        /// RFC 7636 §4.1: `A-Z a-z 0-9` only.
        case ascii
        /// The SDK tests Foundation's `CharacterSet.alphanumerics`: any Unicode letter or digit.
        case foundation
    }

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

    let nonceWhitespace: NonceWhitespace
    let verifierAlphanumerics: VerifierAlphanumerics
    /// Limited tracking refuses a permission outside the Limited Login list (`permissionOutsideTrackingScope`); the
    /// SDK has no such list (SPECIFICATION.md §1).
    let limitedTrackingScopesPermissions: Bool
    /// App switch is possible with limited tracking (the SDK's LimitedLoginFAS gatekeeper, DECISIONS.md D51); the
    /// Limited Login page says it is not supported.
    let appSwitchWithLimitedTracking: Bool
    /// A server table item whose code is the wildcard is dropped with the rest of its category's items, as the SDK's
    /// FBSDKErrorConfiguration does (rule `graph-error.server-table.wildcard-code.ios-sdk`, DECISIONS.md D29).
    let graphErrorDropsWildcardCodes: Bool
    let claimEquality: ClaimEquality
    let issuers: Issuers
    /// `exp` and `iat` are the doubles the SDK reads them as (`as? Double`; DECISIONS.md D62), not exact numbers.
    let claimTimesAsDoubles: Bool

    /// The public documentation, the RFCs and OpenID Connect.
    static let documented = ReferenceReading(
        nonceWhitespace: .unicodeWhiteSpace, verifierAlphanumerics: .ascii, limitedTrackingScopesPermissions: true,
        appSwitchWithLimitedTracking: false, graphErrorDropsWildcardCodes: false, claimEquality: .codePoints,
        issuers: .documented, claimTimesAsDoubles: false)

    /// The iOS SDK's code at the tag rules.json names.
    static let iosSDK = ReferenceReading(
        nonceWhitespace: .foundationWhitespaces, verifierAlphanumerics: .foundation,
        limitedTrackingScopesPermissions: false, appSwitchWithLimitedTracking: true, graphErrorDropsWildcardCodes: true,
        claimEquality: .canonicalEquivalence, issuers: .facebookHost, claimTimesAsDoubles: true)

    /// The two readings, each named by the profile that defines it (SPECIFICATION.md §8): what
    /// ``ReferenceImplementation/readingProfile(of:)`` names a profile's reading by.
    static let defining: [(profile: ConformanceProfile, reading: ReferenceReading)] = [(.documented, .documented), (.iosSDK, .iosSDK)]

    /// Each profile the reference reads, with its reading: the two readings' own profiles, and each profile of the
    /// bundled manifest that takes one of them (its entry's `reads`, `ConformanceProfile.takenReadings`). A profile
    /// that reads anything else has no reading here, and is refused.
    static let byProfile: [ConformanceProfile: ReferenceReading] = {
        var readings = Dictionary(uniqueKeysWithValues: defining.map { ($0.profile, $0.reading) })
        for (profile, taken) in ConformanceProfile.takenReadings where readings[profile] == nil {
            readings[profile] = defining.first { $0.profile == taken }?.reading
        }
        return readings
    }()

    /// `profile`'s reading. A profile the reference has no reading of is a programming error, stopped here with its
    /// name rather than answered in another profile's reading (callers check ``ReferenceImplementation/profiles``).
    static func of(_ profile: ConformanceProfile) -> ReferenceReading {
        guard let reading = byProfile[profile] else {
            preconditionFailure("the reference implementation has no reading of profile \(profile.rawValue) "
                                + "(it reads \(ReferenceImplementation.profiles.map(\.rawValue).joined(separator: ", ")))")
        }
        return reading
    }

    /// Whether `scalar` makes a nonce invalid.
    func isNonceWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch nonceWhitespace {
        case .foundationWhitespaces:
            scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
        case .unicodeWhiteSpace: scalar.properties.isWhitespace
        }
    }

    /// Whether `scalar` may appear in a code verifier (43…128 of them; SPECIFICATION.md §1).
    func isVerifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if "-._~".unicodeScalars.contains(scalar) { return true }
        switch verifierAlphanumerics {
        case .ascii: return ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
        case .foundation: return CharacterSet.alphanumerics.contains(scalar)
        }
    }
}
