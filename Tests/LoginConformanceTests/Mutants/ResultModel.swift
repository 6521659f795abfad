import LoginConformance
import LoginConformanceReference
import LoginConformanceTestSupport

/// Login result resolution (SPECIFICATION.md §3) written as mutation sites. Unmutated it conforms in both profiles
/// (``MutationTests`` checks that).
struct ResultModel: LoginResultResolving, Sendable {
    /// The callback's parameters. Conformant: query and fragment merged, the fragment winning.
    var parameters: @Sendable (LoginCallback) -> [String: String] = { $0.parameters }
    /// Whether the callback is an error callback. Conformant: it carries `error` or `error_message` (and no token).
    var isErrorCallback: @Sendable ([String: String]) -> Bool = { $0["error"] != nil || $0["error_message"] != nil }
    /// Whether an `error` is a cancellation. Conformant: when there is no `error_message`.
    var errorIsCancellation: @Sendable ([String: String]) -> Bool = { $0["error_message"] == nil }
    /// Whether core error 8 keeps the callback's `error_code`. Conformant: yes.
    var keepsGraphErrorCode = true
    /// Whether the state is checked before the cancellation checks. Conformant: no (only non-cancelled responses).
    var checksChallengeFirst = false
    /// Whether the state carries the expected challenge. Conformant: a JSON object whose `challenge` is exactly it.
    var challengeMatches: @Sendable (String?, String) -> Bool = ResultModel.challenge
    /// A scope string's items. Conformant: split on `,`, empty items kept.
    var scopeItems: @Sendable (String) -> [String] = { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    /// What each item is checked and kept as. Conformant: the item as given (no trimming).
    var prepareScope: @Sendable (String) -> String = { $0 }
    /// The syntax of an item. Conformant: the permission syntax (non-empty, a-z and _).
    var isValidScope: @Sendable (String) -> Bool = ReferenceLoginConfigurationBuilder.isValidPermission
    /// Whether one invalid item invalidates the set. Conformant: yes (all or nothing); else the item is dropped.
    var invalidItemInvalidatesSet = true
    /// Whether granted is restricted to the requested permissions. Conformant: a previous token with permissions
    /// exists and something was requested.
    var restrictsGranted: @Sendable (LoginCallback) -> Bool = {
        !($0.previousToken?.permissions.isEmpty ?? true) && !$0.requestedPermissions.isEmpty
    }
    /// Declined on success. Conformant: requested ∩ denied.
    var declined: @Sendable (_ requested: Set<String>, _ granted: Set<String>, _ denied: Set<String>) -> Set<String> = {
        requested, _, denied in requested.intersection(denied)
    }
    /// Declined on a cancellation. Conformant: denied_scopes if a token already existed, else nothing.
    var declinedOnCancel: @Sendable (LoginCallback, Set<String>) -> Set<String> = { callback, denied in
        callback.previousToken == nil ? [] : denied
    }
    /// Whether an empty recently granted set cancels. Conformant: yes.
    var cancelsOnEmptyGrant = true
    /// Whether the user is compared with the previous token's. Conformant: whenever there is a previous token.
    var checksUser: @Sendable (LoginCallback) -> Bool = { $0.previousToken != nil }
    /// Whether two user IDs are the same user. Conformant: exactly equal strings.
    var sameUser: @Sendable (String, String?) -> Bool = { previous, graph in graph?.isCodePointEqual(to: previous) == true }
    /// Whether a token-less callback's scopes are read (for a cancellation's declined set). Conformant: no, the
    /// SDK reads the scopes only from a callback carrying a token (DECISIONS.md D41).
    var readsScopesWithoutToken = false
    /// Whether an invalid denied set keeps its valid items. Conformant: no, all or nothing (DECISIONS.md D41).
    var deniedKeepsValidItems = false
    /// Whether the grant set is checked before the state. Conformant: no, the state first.
    var checksGrantBeforeChallenge = false
    /// Whether the callback's `id_token` is read at all. Conformant: yes (DECISIONS.md D40).
    var readsIDToken = true
    /// Whether an `id_token` parameter counts as a token. Conformant: when it is a non-empty string.
    var countsIDToken: @Sendable (String?) -> Bool = { !($0 ?? "").isEmpty }
    /// Whether no nonce is stored. Conformant: only when none is (an empty stored nonce is stored).
    var lacksStoredNonce: @Sendable (String?) -> Bool = { $0 == nil }
    /// The error for an id_token with no stored nonce. Conformant: core 301.
    var missingNonceError = LoginError(domain: "com.facebook.sdk.core", code: 301)
    /// The error for an id_token that fails validation. Conformant: core 309.
    var invalidIDTokenError = LoginError(domain: "com.facebook.sdk.core", code: 309)
    /// Whether the id_token is checked before the state. Conformant: yes.
    var checksIDTokenBeforeChallenge = true
    /// Whether an invalid id_token is ignored when an access token came with it. Conformant: no.
    var accessTokenOutranksInvalidIDToken = false
    /// The profile's permissions. Conformant: the whole grant set, not the recently granted one.
    var profilePermissions: @Sendable (_ granted: Set<String>, _ recentlyGranted: Set<String>) -> Set<String> = { granted, _ in granted }
    /// Whether a login with only an id_token is checked for another user. Conformant: no (only a new access token).
    var checksUserWithoutAccessToken = false
    /// The claims of a validated id_token, `nil` when it failed. Conformant: the verdict's claims.
    var verdictClaims: @Sendable (IDTokenVerdict?) -> [String: JSONValue]? = { $0?.claims }
    /// Whether a valid id_token skips the empty-grant cancellation. Conformant: no.
    var idTokenSkipsEmptyGrant = false
    /// Whether the callback is read (access token, code, exchange nonce, id_token: each non-empty). Conformant: a
    /// non-empty access token, or exactly one of an id_token and a code, or of an id_token and a nonce (D56).
    var readsCallback: @Sendable (_ accessToken: Bool, _ code: Bool, _ nonce: Bool, _ idToken: Bool) -> Bool = {
        accessToken, code, nonce, idToken in accessToken || code != idToken || nonce != idToken
    }
    /// The expiration date. Conformant: never, from the callback URL (DECISIONS.md D27).
    var expiration: @Sendable ([String: String], Double) -> Double? = ResultModel.expirationDate

    func resolveLoginResult(_ callback: LoginCallback) -> LoginResultOutcome {
        let parameters = parameters(callback)
        let idToken = readsIDToken && countsIDToken(parameters["id_token"]) ? parameters["id_token"] : nil
        // The SDK reads the callback only for a non-empty access token, or exactly one of an id_token and a code, or
        // exactly one of an id_token and an exchange nonce (DECISIONS.md D56); an empty one is none.
        let nonEmpty = { (name: String) in parameters[name].map { !$0.isEmpty } ?? false }
        let hasCode = nonEmpty("code")
        let carriesToken = readsCallback(nonEmpty("access_token"), hasCode, nonEmpty("nonce"), idToken != nil)
        let denied = (deniedKeepsValidItems ? lenientScopes(parameters["denied_scopes"]) : scopes(parameters["denied_scopes"])) ?? []
        let cancelled = LoginResultOutcome.cancelled(
            declinedPermissions: carriesToken || readsScopesWithoutToken ? declinedOnCancel(callback, denied) : [])
        if checksChallengeFirst, !challengeMatches(parameters["state"], callback.expectedChallenge) {
            return .failed(.badChallenge)
        }
        if !carriesToken, isErrorCallback(parameters) {
            if errorIsCancellation(parameters) { return cancelled }
            return .failed(LoginError(domain: "com.facebook.sdk.core", code: 8,
                                      graphErrorCode: keepsGraphErrorCode ? parameters["error_code"] : nil))
        }
        if !carriesToken, hasCode, idToken != nil { return .failed(LoginError(domain: "com.facebook.sdk.core", code: 301)) }
        if !carriesToken { return cancelled }
        let tokenString = parameters["access_token"]
        guard tokenString != nil || idToken != nil else { return cancelled }
        if !checksIDTokenBeforeChallenge, !challengeMatches(parameters["state"], callback.expectedChallenge) {
            return .failed(.badChallenge)
        }
        var authenticationToken: ResolvedAuthenticationToken?
        var claims: [String: JSONValue]?
        if let idToken {
            if lacksStoredNonce(callback.storedNonce) { return .failed(missingNonceError) }
            if let verdictClaims = verdictClaims(callback.idTokenVerdict) {
                authenticationToken = ResolvedAuthenticationToken(tokenString: idToken, nonce: callback.storedNonce ?? "")
                claims = verdictClaims
            } else if !(accessTokenOutranksInvalidIDToken && tokenString != nil) {
                return .failed(invalidIDTokenError)
            }
        }
        let grantSet = scopes(parameters["granted_scopes"] ?? "")
        if checksGrantBeforeChallenge, grantSet?.isEmpty ?? true { return cancelled }
        guard challengeMatches(parameters["state"], callback.expectedChallenge) else { return .failed(.badChallenge) }
        guard let granted = grantSet else { return cancelled }
        let recentlyGranted = restrictsGranted(callback) ? granted.intersection(callback.requestedPermissions) : granted
        if cancelsOnEmptyGrant, recentlyGranted.isEmpty, !(idTokenSkipsEmptyGrant && authenticationToken != nil) {
            return cancelled
        }
        if let previous = callback.previousToken, tokenString != nil || checksUserWithoutAccessToken, checksUser(callback),
           !sameUser(previous.userID, callback.graphUserID) {
            return .failed(.userMismatch)
        }
        var profile: LimitedProfile?
        if let claims, case .created(let made) = ReferenceProfileMaker().makeProfile(ProfileInput(
            claims: claims, grantedPermissions: profilePermissions(granted, recentlyGranted))) {
            profile = made
        }
        return .success(LoginSuccess(
            grantedPermissions: recentlyGranted,
            declinedPermissions: declined(callback.requestedPermissions, recentlyGranted, denied),
            token: tokenString.map {
                ResolvedAccessToken(tokenString: $0, userID: parameters["user_id"] ?? callback.graphUserID ?? "",
                                    expirationDate: expiration(parameters, callback.now))
            },
            authenticationToken: authenticationToken, profile: profile))
    }

    /// A scope string's valid items, the invalid ones dropped (only a mutant reads denied_scopes so).
    private func lenientScopes(_ text: String?) -> Set<String>? {
        guard let text, !text.isEmpty else { return text == nil ? nil : [] }
        return Set(scopeItems(text).map(prepareScope).filter(isValidScope))
    }

    /// A scope string's permissions; `nil` when the set is invalid.
    private func scopes(_ text: String?) -> Set<String>? {
        guard let text else { return nil }
        if text.isEmpty { return [] }
        let items = scopeItems(text).map(prepareScope)
        if invalidItemInvalidatesSet {
            return items.allSatisfy(isValidScope) ? Set(items) : nil
        }
        return Set(items.filter(isValidScope))
    }

    static func challenge(_ state: String?, _ expected: String) -> Bool {
        guard let state, case .object(let members)? = JSONValue.parse(state),
              let challenge = members["challenge"]?.stringValue
        else { return false }
        return challenge.isCodePointEqual(to: expected)
    }

    /// The callback URL's expiry parameters are strings the SDK never reads as numbers: no expiry (DECISIONS.md D27).
    static func expirationDate(_ parameters: [String: String], now: Double) -> Double? {
        nil
    }

    /// The precedence the SDK applies to a Graph JSON response (not to the callback URL): expires or expires_at > 0,
    /// else now + expires_in > 0, else never. Only a mutant reads the URL this way.
    static func numericExpirationDate(_ parameters: [String: String], now: Double) -> Double? {
        func positive(_ key: String) -> Double? {
            parameters[key].flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil }
        }
        if let epoch = positive("expires") ?? positive("expires_at") { return epoch }
        return positive("expires_in").map { now + $0 }
    }
}
