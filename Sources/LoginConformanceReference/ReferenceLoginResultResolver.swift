import Foundation
import LoginConformance

/// Login result resolution (SPECIFICATION.md §3). The rules hold in every profile.
public struct ReferenceLoginResultResolver: LoginResultResolving, Sendable {
    public init() {}

    public func resolveLoginResult(_ callback: LoginCallback) -> LoginResultOutcome {
        let parameters = callback.parameters
        // An empty id_token, code, nonce or access_token is none (the SDK tests for non-empty strings).
        func nonEmpty(_ name: String) -> String? { parameters[name].flatMap { $0.isEmpty ? nil : $0 } }
        let idToken = nonEmpty("id_token")
        let hasCode = nonEmpty("code") != nil
        // The SDK reads the callback (its scopes included, any error ignored) only when it carries a non-empty access
        // token, or exactly one of an id_token and a code, or exactly one of an id_token and an exchange nonce
        // (DECISIONS.md D56). A code or an exchange nonce then goes to a Graph API exchange no vector models.
        let readsCallback = nonEmpty("access_token") != nil || hasCode != (idToken != nil)
            || (nonEmpty("nonce") != nil) != (idToken != nil)
        let cancelled = LoginResultOutcome.cancelled(
            // On a cancellation, declined is denied_scopes only if a token already existed and the callback was read.
            declinedPermissions: callback.previousToken == nil || !readsCallback
                ? [] : Self.scopes(parameters["denied_scopes"]) ?? [])

        if !readsCallback {
            // `error` without `error_message` is a cancellation; `error_message` (even empty, even alone) is core
            // error 8 keeping the Graph code.
            if parameters["error"] != nil || parameters["error_message"] != nil {
                guard parameters["error_message"] != nil else { return cancelled }
                return .failed(LoginError(domain: Self.coreDomain, code: 8, graphErrorCode: parameters["error_code"]))
            }
            // An id_token with both a code and a nonce (no access token): an invalid server response, core error 301.
            if hasCode, idToken != nil { return .failed(LoginError(domain: Self.coreDomain, code: 301)) }
            return cancelled
        }

        // A Limited Login id_token: no stored nonce is core error 301, a token that fails validation core error 309,
        // both before the state is checked (DECISIONS.md D40).
        var authenticationToken: ResolvedAuthenticationToken?
        var profile: LimitedProfile?
        if let idToken {
            guard let nonce = callback.storedNonce else { return .failed(LoginError(domain: Self.coreDomain, code: 301)) }
            guard let claims = callback.idTokenVerdict?.claims else {
                return .failed(LoginError(domain: Self.coreDomain, code: 309))
            }
            authenticationToken = ResolvedAuthenticationToken(tokenString: idToken, nonce: nonce)
            // The profile's permissions are the whole grant set, not the recently granted one.
            let input = ProfileInput(claims: claims, grantedPermissions: Self.scopes(parameters["granted_scopes"] ?? "") ?? [])
            if case .created(let made) = ReferenceProfileMaker().makeProfile(input) { profile = made }
        }
        let tokenString = parameters["access_token"]
        guard tokenString != nil || authenticationToken != nil else { return cancelled }

        // A non-cancelled response must carry the challenge the request sent.
        guard Self.challenge(in: parameters["state"])?.isCodePointEqual(to: callback.expectedChallenge) == true else {
            return .failed(.badChallenge)
        }

        // The grant set is validated all or nothing; an invalid or empty recently-granted set is a cancellation.
        guard let granted = Self.scopes(parameters["granted_scopes"] ?? "") else { return cancelled }
        let denied = Self.scopes(parameters["denied_scopes"]) ?? []
        let restrictToRequested = !(callback.previousToken?.permissions.isEmpty ?? true)
            && !callback.requestedPermissions.isEmpty
        let recentlyGranted = restrictToRequested ? granted.intersection(callback.requestedPermissions) : granted
        guard !recentlyGranted.isEmpty else { return cancelled }

        // A re-login that comes back as another user (checked only for a new access token).
        if tokenString != nil, let previous = callback.previousToken,
           callback.graphUserID?.isCodePointEqual(to: previous.userID) != true {
            return .failed(.userMismatch)
        }
        return .success(LoginSuccess(
            grantedPermissions: recentlyGranted,
            declinedPermissions: callback.requestedPermissions.intersection(denied),
            token: tokenString.map {
                ResolvedAccessToken(
                    tokenString: $0, userID: parameters["user_id"] ?? callback.graphUserID ?? "",
                    expirationDate: Self.expirationDate(parameters, now: callback.now))
            },
            authenticationToken: authenticationToken,
            profile: profile
        ))
    }

    /// The domain of the core error factory, which makes the callback's Graph error (8) and the id_token errors.
    static let coreDomain = "com.facebook.sdk.core"

    /// A scope string split on `,` with no trimming, every item checked with the permission syntax rule, all or
    /// nothing. `nil` for no string; `nil` also for an invalid string (when given).
    static func scopes(_ text: String?) -> Set<String>? {
        guard let text else { return nil }
        if text.isEmpty { return [] }
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard items.allSatisfy(ReferenceLoginConfigurationBuilder.isValidPermission) else { return nil }
        return Set(items)
    }

    /// The `challenge` member of the `state` JSON, if any.
    static func challenge(in state: String?) -> String? {
        guard let state, case .object(let members)? = JSONValue.parse(state) else { return nil }
        return members["challenge"]?.stringValue
    }

    /// The callback URL's expiry parameters are strings, which the SDK reads with `as? TimeInterval` and so never
    /// reads: a token from the callback never expires (DECISIONS.md D27; no public document says otherwise).
    static func expirationDate(_ parameters: [String: String], now: Double) -> Double? {
        nil
    }
}
