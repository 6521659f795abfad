/// Validates the nonce an app passes to a Limited Login configuration.
///
/// SPECIFICATION.md §1: a nonce is refused when it is empty or contains whitespace. What counts as whitespace is
/// where the readings split (§8): the iOS SDK refuses Foundation's `CharacterSet.whitespaces` (Unicode category
/// Zs, TAB and U+200B ZERO WIDTH SPACE, which CoreFoundation's set lists: DECISIONS.md D21) and accepts newlines;
/// the documentation ("a non-empty string without whitespace") refuses every Unicode White_Space character, newlines
/// included, and accepts U+200B (category Cf, not White_Space). Neither trims, limits the length or restricts the
/// characters.
///
/// ## Topics
///
/// ### The family's vectors
///
/// - ``NonceFamily``
/// - ``NonceInput``
/// - ``NonceVerdict``
public protocol NonceValidating: ConformanceSubject {
    /// The verdict on `nonce`, compared code point by code point: no trimming, no normalisation.
    func validateNonce(_ nonce: String) throws -> NonceVerdict
}

/// The input of a `nonce` vector.
public struct NonceInput: Codable, Sendable, Hashable {
    private enum CodingKeys: String, ClosedObjectKeys { case nonce }

    /// The nonce exactly as the app passes it.
    public let nonce: String

    public init(nonce: String) { self.nonce = nonce }
}
