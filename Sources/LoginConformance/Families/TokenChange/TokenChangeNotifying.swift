/// Replays a sequence of changes to the current access token and reports the `AccessTokenDidChange`
/// notifications it posts (SPECIFICATION.md §6).
///
/// Apps observe `AccessTokenDidChange` to react to logins, logouts and refreshes, and the documentation tells them
/// to check `FBSDKAccessTokenDidChangeUserIDKey` to tell a user change from a refresh; a missing or extra
/// notification, or a wrong key, makes an app keep one user's data for another, or log a user out on a refresh.
/// The rules: setting the current token posts only when the token changes (the same token again, or nil over nil,
/// posts nothing); the new token goes under `FBSDKAccessToken` when non-nil, the old one under
/// `FBSDKAccessTokenOld` when non-nil; `FBSDKAccessTokenDidChangeUserIDKey` is `true` when the user IDs differ
/// (nil on either side counts as different) or the old token was not active (nil, or expired at that moment:
/// `expirationDate < now`), and absent otherwise; `FBSDKAccessTokenDidExpireKey` is `true` only in what the expiry
/// timer posts (new = old = the current token, no user-ID key, the current token unchanged). Only posting on a
/// change and the user-ID key for another user, a nil side or a refresh hold in both profiles; the rest (the token
/// keys, an expired old token, the expiry timer, the current token) are the SDK's rules and hold under `ios-sdk`
/// only (DECISIONS.md D31).
///
/// ## Topics
///
/// ### The family's vectors
///
/// - ``TokenChangeFamily``
/// - ``TokenChangeSequence``
/// - ``TokenChangeOutcome``
public protocol TokenChangeNotifying: ConformanceSubject {
    /// The notifications posted while `sequence` is replayed on a fresh current-token store that holds
    /// `sequence.initial`, and the current token at the end, every token named as the sequence names it.
    func notifications(for sequence: TokenChangeSequence) throws -> TokenChangeOutcome
}
