import Foundation
import LoginConformance

/// Login result resolution (SPECIFICATION.md §3). The rules hold in every profile.
///
/// Each step of the rules is a mutation site: a `package` member, conformant as it stands, that the test target's
/// mutant catalogue replaces with one realistic bug. The rules are written once, here.
public struct ReferenceLoginResultResolver: LoginResultResolving, Sendable {
    /// The callback's parameters: query and fragment merged, the fragment winning.
    package var parameters: @Sendable (LoginCallback) -> [String: String] = { $0.parameters }
    /// Whether the callback is read (each of its access token, code, exchange nonce and id_token non-empty): the SDK
    /// reads it (its scopes included, any error ignored) only when it carries a non-empty access token, or exactly
    /// one of an id_token and a code, or exactly one of an id_token and an exchange nonce (DECISIONS.md D56). A code
    /// or an exchange nonce then goes to a Graph API exchange no vector models.
    package var readsCallback: @Sendable (_ accessToken: Bool, _ code: Bool, _ nonce: Bool, _ idToken: Bool) -> Bool = {
        accessToken, code, nonce, idToken in accessToken || code != idToken || nonce != idToken
    }
    /// Whether an unread callback is an error callback: it carries `error` or `error_message`.
    package var isErrorCallback: @Sendable ([String: String]) -> Bool = { $0["error"] != nil || $0["error_message"] != nil }
    /// Whether an `error` is a cancellation: when there is no `error_message`; `error_message` (even empty, even
    /// alone) is core error 8.
    package var errorIsCancellation: @Sendable ([String: String]) -> Bool = { $0["error_message"] == nil }
    /// Whether core error 8 keeps the callback's `error_code` (the Graph code, as a string): it does.
    package var keepsGraphErrorCode = true
    /// Whether the state is checked before the cancellation checks: no, only a non-cancelled response must carry
    /// the challenge the request sent.
    package var checksChallengeFirst = false
    /// Whether the state carries the expected challenge: a JSON object whose `challenge` is exactly it.
    package var challengeMatches: @Sendable (String?, String) -> Bool = ReferenceLoginResultResolver.challenge
    /// A scope string's items: split on `,`, empty items kept, no trimming.
    package var scopeItems: @Sendable (String) -> [String] = {
        $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    /// What each item is checked and kept as: the item as given.
    package var prepareScope: @Sendable (String) -> String = { $0 }
    /// The syntax of an item: the permission syntax (`ReferenceLoginConfigurationBuilder.isValidPermission(_:)`).
    package var isValidScope: @Sendable (String) -> Bool = ReferenceLoginConfigurationBuilder.isValidPermission
    /// Whether one invalid item invalidates the set: it does, all or nothing.
    package var invalidItemInvalidatesSet = true
    /// Whether granted is restricted to the requested permissions: when a previous token with permissions exists
    /// and something was requested.
    package var restrictsGranted: @Sendable (LoginCallback) -> Bool = {
        !($0.previousToken?.permissions.isEmpty ?? true) && !$0.requestedPermissions.isEmpty
    }
    /// Declined on success: requested ∩ denied.
    package var declined: @Sendable (_ requested: Set<String>, _ granted: Set<String>, _ denied: Set<String>) -> Set<String> = {
        requested, _, denied in requested.intersection(denied)
    }
    /// Declined on a cancellation: `denied_scopes` if a token already existed (and the callback was read), else
    /// nothing.
    package var declinedOnCancel: @Sendable (LoginCallback, Set<String>) -> Set<String> = { callback, denied in
        callback.previousToken == nil ? [] : denied
    }
    /// Whether an invalid or empty recently granted set cancels: it does.
    package var cancelsOnEmptyGrant = true
    /// Whether the user is compared with the previous token's: whenever there is a previous token.
    package var checksUser: @Sendable (LoginCallback) -> Bool = { $0.previousToken != nil }
    /// Whether two user IDs are the same user: exactly equal strings.
    package var sameUser: @Sendable (String, String?) -> Bool = { previous, graph in graph?.isCodePointEqual(to: previous) == true }
    /// Whether an unread callback's scopes are read (for a cancellation's declined set): no, the SDK reads the
    /// scopes only from a callback it reads (DECISIONS.md D41).
    package var readsScopesWithoutToken = false
    /// Whether an invalid denied set keeps its valid items: no, all or nothing (DECISIONS.md D41).
    package var deniedKeepsValidItems = false
    /// Whether the grant set is checked before the state: no, the state first.
    package var checksGrantBeforeChallenge = false
    /// Whether the callback's `id_token` is read at all: it is (DECISIONS.md D40).
    package var readsIDToken = true
    /// Whether an `id_token` parameter counts as a token: when it is a non-empty string (the SDK tests for
    /// non-empty strings).
    package var countsIDToken: @Sendable (String?) -> Bool = { !($0 ?? "").isEmpty }
    /// Whether no nonce is stored: only when none is (an empty stored nonce is stored).
    package var lacksStoredNonce: @Sendable (String?) -> Bool = { $0 == nil }
    /// The error for an id_token with no stored nonce: core error 301.
    package var missingNonceError = LoginError(domain: ReferenceLoginResultResolver.coreDomain, code: 301)
    /// The error for an id_token that fails validation: core error 309.
    package var invalidIDTokenError = LoginError(domain: ReferenceLoginResultResolver.coreDomain, code: 309)
    /// Whether the id_token is checked before the state: it is (DECISIONS.md D40).
    package var checksIDTokenBeforeChallenge = true
    /// Whether an invalid id_token is ignored when an access token came with it: no.
    package var accessTokenOutranksInvalidIDToken = false
    /// The claims of a validated id_token, `nil` when it failed: the verdict's claims.
    package var verdictClaims: @Sendable (IDTokenVerdict?) -> [String: JSONValue]? = { $0?.claims }
    /// The profile maker for a validated id_token's claims.
    package var profiles = ReferenceProfileMaker()
    /// The profile's permissions: the whole grant set, not the recently granted one.
    package var profilePermissions: @Sendable (_ granted: Set<String>, _ recentlyGranted: Set<String>) -> Set<String> = {
        granted, _ in granted
    }
    /// Whether a valid id_token skips the empty-grant cancellation: no.
    package var idTokenSkipsEmptyGrant = false
    /// Whether a login with only an id_token is checked for another user: no, only a new access token.
    package var checksUserWithoutAccessToken = false
    /// The expiration date: ``expirationDate(_:now:)``, never.
    package var expiration: @Sendable ([String: String], Double) -> Double? = ReferenceLoginResultResolver.expirationDate

    public init() {}

    public func resolveLoginResult(_ callback: LoginCallback) -> LoginResultOutcome {
        let parameters = parameters(callback)
        let idToken = readsIDToken && countsIDToken(parameters["id_token"]) ? parameters["id_token"] : nil
        // An empty id_token, code, nonce or access_token is none.
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
            return .failed(LoginError(domain: Self.coreDomain, code: 8,
                                      graphErrorCode: keepsGraphErrorCode ? parameters["error_code"] : nil))
        }
        // An id_token with both a code and a nonce (no access token): an invalid server response, core error 301.
        if !carriesToken, hasCode, idToken != nil { return .failed(LoginError(domain: Self.coreDomain, code: 301)) }
        if !carriesToken { return cancelled }
        let tokenString = parameters["access_token"]
        guard tokenString != nil || idToken != nil else { return cancelled }
        if !checksIDTokenBeforeChallenge, !challengeMatches(parameters["state"], callback.expectedChallenge) {
            return .failed(.badChallenge)
        }
        // A Limited Login id_token: no stored nonce is core error 301, a token that fails validation core error 309,
        // both before the state is checked (DECISIONS.md D40).
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
        // The grant set is validated all or nothing; an invalid or empty recently granted set is a cancellation.
        guard let granted = grantSet else { return cancelled }
        let recentlyGranted = restrictsGranted(callback) ? granted.intersection(callback.requestedPermissions) : granted
        if cancelsOnEmptyGrant, recentlyGranted.isEmpty, !(idTokenSkipsEmptyGrant && authenticationToken != nil) {
            return cancelled
        }
        // A re-login that comes back as another user (checked only for a new access token).
        if let previous = callback.previousToken, tokenString != nil || checksUserWithoutAccessToken, checksUser(callback),
           !sameUser(previous.userID, callback.graphUserID) {
            return .failed(.userMismatch)
        }
        var profile: LimitedProfile?
        if let claims, case .created(let made) = profiles.makeProfile(ProfileInput(
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

    /// The domain of the core error factory, which makes the callback's Graph error (8) and the id_token errors.
    static let coreDomain = "com.facebook.sdk.core"

    /// A scope string's valid items, the invalid ones dropped (only a mutant reads `denied_scopes` so).
    private func lenientScopes(_ text: String?) -> Set<String>? {
        guard let text, !text.isEmpty else { return text == nil ? nil : [] }
        return Set(scopeItems(text).map(prepareScope).filter(isValidScope))
    }

    /// A scope string's permissions, every item checked with the permission syntax rule, all or nothing. `nil` for
    /// no string; `nil` also for an invalid string (when given).
    private func scopes(_ text: String?) -> Set<String>? {
        guard let text else { return nil }
        if text.isEmpty { return [] }
        let items = scopeItems(text).map(prepareScope)
        if invalidItemInvalidatesSet {
            return items.allSatisfy(isValidScope) ? Set(items) : nil
        }
        return Set(items.filter(isValidScope))
    }

    /// Whether the `challenge` member of the `state` JSON is exactly `expected`, code point by code point.
    package static func challenge(_ state: String?, _ expected: String) -> Bool {
        guard let state, case .object(let members)? = JSONValue.parse(state),
              let challenge = members["challenge"]?.stringValue
        else { return false }
        return challenge.isCodePointEqual(to: expected)
    }

    /// The callback URL's expiry parameters are strings, which the SDK reads with `as? TimeInterval` and so never
    /// reads: a token from the callback never expires (DECISIONS.md D27; no public document says otherwise).
    package static func expirationDate(_ parameters: [String: String], now: Double) -> Double? {
        nil
    }
}
