import Foundation
import LoginConformance

/// Login result resolution (SPECIFICATION.md §3). The rules hold in both profiles.
public struct ReferenceLoginResultResolver: LoginResultResolving, Sendable {
    public init() {}

    public func resolveLoginResult(_ callback: LoginCallback) -> LoginResultOutcome {
        let parameters = callback.parameters
        let cancelled = LoginResultOutcome.cancelled(
            // On a cancellation, declined is denied_scopes only if a token already existed.
            declinedPermissions: callback.previousToken == nil ? [] : Self.scopes(parameters["denied_scopes"]) ?? [])

        // `error` without `error_message` is a cancellation; with it, core error 8 keeping the Graph code.
        if parameters["error"] != nil {
            guard parameters["error_message"] != nil else { return cancelled }
            return .failed(LoginError(domain: "com.facebook.sdk.core", code: 8, graphErrorCode: parameters["error_code"]))
        }
        guard let tokenString = parameters["access_token"] else { return cancelled }

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

        // A re-login that comes back as another user.
        if let previous = callback.previousToken, callback.graphUserID?.isCodePointEqual(to: previous.userID) != true {
            return .failed(.userMismatch)
        }
        return .success(LoginSuccess(
            grantedPermissions: recentlyGranted,
            declinedPermissions: callback.requestedPermissions.intersection(denied),
            token: ResolvedAccessToken(
                tokenString: tokenString, userID: parameters["user_id"] ?? callback.graphUserID ?? "",
                expirationDate: Self.expirationDate(parameters, now: callback.now))
        ))
    }

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
