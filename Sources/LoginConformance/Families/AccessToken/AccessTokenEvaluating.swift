/// Answers the questions an app asks its access token: is a permission granted, has the token expired, has its
/// data access expired (SPECIFICATION.md §6).
///
/// Apps gate features on these answers (the documented usage: `hasGranted("email")` before publishing, else ask
/// for the permission), so a wrong answer either hides a feature the user granted or calls the Graph API without
/// the permission. The rules: `hasGranted(p)` is exact membership in the token's `permissions`, code point by code
/// point (no case folding, no trimming, no Unicode normalisation — Swift's `String ==` and `Set<String>` equate
/// canonically equivalent strings, so compare with ``Swift/String/isCodePointEqual(to:)``); a permission that is
/// only declined is not granted; `isDataAccessExpired` is `dataAccessExpirationDate < now`, strict (a date equal
/// to `now` has not expired). Under `ios-sdk` only (the SDK's code, DECISIONS.md D31): a permission only expired is
/// not granted, `hasGranted` ignores the dates, `isExpired` is `expirationDate < now`, strict, and a missing date
/// never expires.
///
/// ## Topics
///
/// ### The family's vectors
///
/// - ``AccessTokenFamily``
/// - ``AccessTokenQuery``
/// - ``AccessTokenSnapshot``
/// - ``AccessTokenAnswer``
public protocol AccessTokenEvaluating: ConformanceSubject {
    /// Whether `token` has `permission` among its granted permissions (the SDK's `hasGranted(_:)`).
    func hasGranted(_ permission: String, in token: AccessTokenSnapshot) throws -> Bool
    /// Whether `token` has expired at `now`, epoch seconds (the SDK's `isExpired`, with the clock made explicit).
    func isExpired(_ token: AccessTokenSnapshot, now: Double) throws -> Bool
    /// Whether `token`'s data access has expired at `now`, epoch seconds (the SDK's `isDataAccessExpired`).
    func isDataAccessExpired(_ token: AccessTokenSnapshot, now: Double) throws -> Bool
}
