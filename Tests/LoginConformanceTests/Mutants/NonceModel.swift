import Foundation
import LoginConformance
@testable import LoginConformanceReference  // ReferenceReading: each profile's rule, written once
import LoginConformanceTestSupport

/// Nonce validation (SPECIFICATION.md §1, §8) written as mutation sites. Unmutated it conforms to the profile it claims
/// (``MutationTests`` checks that), so whatever kills a mutant is the one site it changes.
struct NonceModel: NonceValidating, Sendable {
    /// The profile it claims.
    let profile: ConformanceProfile
    /// What the checks see. Conformant: the nonce as given (no trimming, decoding or normalisation, §1).
    var prepare: @Sendable (String) -> String = { $0 }
    /// Whether the nonce is empty. Conformant: zero characters.
    var isEmpty: @Sendable (String) -> Bool = { $0.isEmpty }
    /// The reason given for an empty nonce.
    var emptyReason: NonceVerdict.Reason = .empty
    /// Whether a code point is whitespace in `profile`'s reading.
    var isWhitespace: @Sendable (Unicode.Scalar, ConformanceProfile) -> Bool = NonceModel.whitespace
    /// Limits beyond whitespace. Conformant: none (§1: no length limit, no charset limit). A nonce over a limit is
    /// reported as whitespace, as an adapter over a yes/no validator reports every non-empty refusal.
    var withinLimits: @Sendable (String) -> Bool = { _ in true }
    /// Whether the whitespace check looks at whole Characters (single-scalar ones only, as a `Set<Character>` of
    /// spaces would) instead of code points. Conformant: no, code points (§1).
    var scansCharacters = false

    init(profile: ConformanceProfile) {
        self.profile = profile
    }

    func validateNonce(_ nonce: String) -> NonceVerdict {
        let seen = prepare(nonce)
        if isEmpty(seen) { return .invalid(emptyReason) }
        let hasWhitespace = scansCharacters
            ? seen.contains { $0.unicodeScalars.count == 1 && isWhitespace($0.unicodeScalars.first!, profile) }
            : seen.unicodeScalars.contains { isWhitespace($0, profile) }
        if hasWhitespace || !withinLimits(seen) {
            return .invalid(.whitespace)
        }
        return .valid
    }

    /// The profile's whitespace, as the reference reads it (``ReferenceReading/NonceWhitespace``).
    static func whitespace(_ scalar: Unicode.Scalar, _ profile: ConformanceProfile) -> Bool {
        ReferenceReading.of(profile).isNonceWhitespace(scalar)
    }
}
