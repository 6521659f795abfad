/// What the engine checks in this process: a value adopting at least one family protocol (``NonceValidating``,
/// ``SignedTokenValidating``, …). Every family protocol refines it, so the compiler refuses a value that adopts
/// none, where an `Any` would have been accepted and every vector skipped.
///
/// A family of your own (<doc:AddingAFamily>) makes its protocol refine it too.
public protocol ConformanceSubject {}
