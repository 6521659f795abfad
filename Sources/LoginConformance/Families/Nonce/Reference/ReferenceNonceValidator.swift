import LoginConformance

/// Nonce validation (SPECIFICATION.md §1, §8).
///
/// Each step of the rule is a mutation site: a `package` member, conformant as it stands, that the test target's
/// mutant catalogue replaces with one realistic bug. The rule is written once, here.
public struct ReferenceNonceValidator: NonceValidating, Sendable {
    /// The reading of "whitespace" it follows.
    public let profile: ConformanceProfile

    /// What the checks see: the nonce as given, with no trimming, decoding or normalisation (§1).
    package var prepare: @Sendable (String) -> String = { $0 }
    /// Whether the nonce is empty: zero characters (§1).
    package var isEmpty: @Sendable (String) -> Bool = { $0.isEmpty }
    /// The reason given for an empty nonce.
    package var emptyReason: NonceVerdict.Reason = .empty
    /// Whether a code point is whitespace in `profile`'s reading (`ReferenceReading.NonceWhitespace`).
    package var isWhitespace: @Sendable (Unicode.Scalar) -> Bool
    /// Whether the nonce holds a code point `isWhitespace` takes: every code point is looked at (§1: code points,
    /// not Characters).
    package var containsWhitespace: @Sendable (String, _ isWhitespace: (Unicode.Scalar) -> Bool) -> Bool = {
        $0.unicodeScalars.contains(where: $1)
    }
    /// Limits beyond whitespace: none (§1: no length limit, no charset limit). A nonce over a limit is reported as
    /// whitespace, as an adapter over a yes/no validator reports every non-empty refusal.
    package var withinLimits: @Sendable (String) -> Bool = { _ in true }

    public init(profile: ConformanceProfile) {
        self.profile = profile
        let reading = ReferenceReading.of(profile)
        isWhitespace = { reading.isNonceWhitespace($0) }
    }

    public func validateNonce(_ nonce: String) -> NonceVerdict {
        let seen = prepare(nonce)
        if isEmpty(seen) { return .invalid(emptyReason) }
        if containsWhitespace(seen, isWhitespace) || !withinLimits(seen) { return .invalid(.whitespace) }
        return .valid
    }
}
