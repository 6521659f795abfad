extension String {
    /// Whether the two strings have the same Unicode code points, in the same order.
    ///
    /// Swift's `==` compares strings by canonical equivalence, so `"é"` (U+00E9) `==` `"e\u{301}"` is true. The
    /// rules here compare exactly (SPECIFICATION.md §4: the nonce "exactly equal to the expected nonce"; the aud
    /// "equal to the app ID"), so an implementation in Swift that uses `==` accepts a nonce it must refuse.
    /// The suite's vector `token-claims::nonce::nfd-versus-nfc` catches that.
    public func isCodePointEqual(to other: String) -> Bool {
        utf8.elementsEqual(other.utf8)
    }
}
