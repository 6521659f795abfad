import LoginConformance

/// Login result resolution (SPECIFICATION.md §3) written as mutation sites. Unmutated it conforms in both profiles
/// (``MutationTests`` checks that).
struct ResultModel: LoginResultResolving, Sendable {
    /// The callback's parameters. Conformant: query and fragment merged, the fragment winning.
    var parameters: @Sendable (LoginCallback) -> [String: String] = { $0.parameters }
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
    var isValidScope: @Sendable (String) -> Bool = ConfigurationModel.permissionSyntax
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
    /// The expiration date. Conformant: never, from the callback URL (DECISIONS.md D27).
    var expiration: @Sendable ([String: String], Double) -> Double? = ResultModel.expirationDate

    func resolveLoginResult(_ callback: LoginCallback) -> LoginResultOutcome {
        let parameters = parameters(callback)
        let denied = scopes(parameters["denied_scopes"]) ?? []
        let cancelled = LoginResultOutcome.cancelled(declinedPermissions: declinedOnCancel(callback, denied))
        if checksChallengeFirst, !challengeMatches(parameters["state"], callback.expectedChallenge) {
            return .failed(.badChallenge)
        }
        if parameters["error"] != nil {
            if errorIsCancellation(parameters) { return cancelled }
            return .failed(LoginError(domain: "com.facebook.sdk.core", code: 8,
                                      graphErrorCode: keepsGraphErrorCode ? parameters["error_code"] : nil))
        }
        guard let tokenString = parameters["access_token"] else { return cancelled }
        guard challengeMatches(parameters["state"], callback.expectedChallenge) else { return .failed(.badChallenge) }
        guard let granted = scopes(parameters["granted_scopes"] ?? "") else { return cancelled }
        let recentlyGranted = restrictsGranted(callback) ? granted.intersection(callback.requestedPermissions) : granted
        if cancelsOnEmptyGrant, recentlyGranted.isEmpty { return cancelled }
        if let previous = callback.previousToken, checksUser(callback), !sameUser(previous.userID, callback.graphUserID) {
            return .failed(.userMismatch)
        }
        return .success(LoginSuccess(
            grantedPermissions: recentlyGranted,
            declinedPermissions: declined(callback.requestedPermissions, recentlyGranted, denied),
            token: ResolvedAccessToken(tokenString: tokenString, userID: parameters["user_id"] ?? callback.graphUserID ?? "",
                                       expirationDate: expiration(parameters, callback.now))))
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
