/// Builds the authorization request a login configuration makes (SPECIFICATION.md §2, `LoginManager.logInParameters`).
///
/// What an implementation must get right: the nonce is sent in **both** modes; `auth_type` is absent when the auth
/// type is nil; PKCE (`code_challenge`, `code_challenge_method=S256`) with enabled tracking; `scope` is the requested
/// permissions plus `openid`, once; app switch is never allowed for limited tracking. Under `ios-sdk` only (the SDK's
/// code, DECISIONS.md D31): the host follows the tracking mode (`m.facebook.com` for enabled, `limited.facebook.com`
/// for limited), no PKCE for limited tracking, `tp=ios_14_do_not_track` for limited tracking, and the
/// enabled-tracking "shim" when the user has not authorized tracking goes to `limited.facebook.com` with the enabled
/// parameters plus `tp` and no app switch (D25). A wrong host or a missing nonce means a login that fails, or an
/// id_token the app cannot check.
///
/// ## Topics
///
/// ### The family's vectors
///
/// - ``LoginRequestFamily``
/// - ``LoginRequestInput``
/// - ``LoginRequestOutcome``
public protocol LoginRequestBuilding: ConformanceSubject {
    /// The request `input.configuration` makes for `input`'s app: host, path, whether app switch is allowed, and
    /// the query parameters with their percent-decoded values.
    func makeLoginRequest(_ input: LoginRequestInput) throws -> LoginRequestOutcome
}
