/// The example app's own nonce rule, written from the Limited Login documentation ("a non-empty string without
/// whitespace", SPECIFICATION.md §1): it refuses every Unicode whitespace character, newlines included.
public enum LimitedLoginNonce {
    /// Why a nonce is refused.
    public enum Problem: Equatable, Sendable {
        case empty
        case containsWhitespace
    }

    /// `nil` when `nonce` can be sent, else the problem.
    public static func problem(with nonce: String) -> Problem? {
        if nonce.isEmpty { return .empty }
        if nonce.unicodeScalars.contains(where: \.properties.isWhitespace) { return .containsWhitespace }
        return nil
    }
}
