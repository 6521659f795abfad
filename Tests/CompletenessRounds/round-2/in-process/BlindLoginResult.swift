import Foundation
import LoginConformance

/// Login callback resolution (SPECIFICATION.md §3, §5), ios-sdk profile: the SDK's order of checks, error codes, grant rules and Limited Login profile.
struct BlindLoginResult: LoginResultResolving, Sendable {
    /// The profile the base implements (SPECIFICATION.md §8).
    static let profile: ConformanceProfile = .iosSDK
    /// One realistic bug, or nil for the base.
    enum Bug: String, CaseIterable, Sendable {
        /// Merges the fragment first and the query over it, so the query wins (result.parameters.fragment-wins).
        case queryWins
        /// An error without error_message is reported as core error 8 (result.error.without-message: a cancellation).
        case errorWithoutMessageIsError
        /// An empty error_message is treated as absent, giving a cancellation (result.error.message-alone.ios-sdk: empty is present).
        case emptyErrorMessageIgnored
        /// Reads error_code as an integer and writes it back, so "0190" becomes "190" (result.error.with-message.ios-sdk: kept as a string).
        case errorCodeAsInteger
        /// An empty access_token counts as a token (result.callback-read.ios-sdk: an empty access_token is none).
        case emptyAccessTokenCounts
        /// Declined = requested − granted (result.declined: requested ∩ denied_scopes).
        case declinedIsRequestedMinusGranted
        /// Granted is always all of granted_scopes, never restricted to the request (result.granted.ios-sdk).
        case grantedNeverIntersected
        /// Trims whitespace around each scope item before the syntax check (result.scopes.syntax.ios-sdk: no trimming).
        case scopesTrimmed
        /// Drops invalid scope items instead of invalidating the whole set (result.scopes.syntax.ios-sdk: all or nothing).
        case invalidScopesDropped
        /// An invalid denied_scopes cancels the login (result.denied-scopes.syntax.ios-sdk: it declines nothing).
        case invalidDeniedCancels
        /// Checks the state challenge before deciding a token-less callback is a cancellation (result.challenge.after-cancellation.ios-sdk).
        case challengeBeforeCancellation
        /// A missing state is accepted; only a present, different challenge is error 308 (result.challenge).
        case missingStateAccepted
        /// An empty recently granted set still succeeds when a token came back (result.cancel.empty-grant.ios-sdk).
        case emptyGrantSucceeds
        /// A cancellation declines denied_scopes even without a previous token (result.declined.on-cancel.ios-sdk).
        case cancelDeclinesWithoutPreviousToken
        /// A token-less cancellation reads denied_scopes when a previous token exists (result.declined.unread-without-token.ios-sdk).
        case tokenlessCancelReadsScopes
        /// Compares Graph and previous user IDs as integers, so "0123" equals "123" (result.user-mismatch.ios-sdk: exact strings).
        case userIDsComparedAsNumbers
        /// Runs the 304 user check for an id_token-only re-login too (result.id-token.success.ios-sdk: only with a new access token).
        case userCheckWithoutAccessToken
        /// Reads expires_in from the URL as seconds, so the token gets an expiration date (result.expiry.url-strings.ios-sdk).
        case expiryFromURL
        /// An invalid id_token is error 309 in the login domain, as LoginErrorCode suggests (result.id-token.invalid.ios-sdk: core domain).
        case invalidIDTokenLoginDomain
        /// Checks the state before the id_token (result.id-token.invalid.ios-sdk: the id_token is checked before the state).
        case stateBeforeIDToken
        /// An empty stored nonce is treated as no stored nonce: error 301 (result.id-token.no-stored-nonce.ios-sdk).
        case emptyStoredNonceIsNone
        /// The profile's permissions are the recently granted set, not the whole grant (result.id-token.success.ios-sdk).
        case profilePermissionsRecentlyGranted
    }
    let bug: Bug?
    init(bug: Bug? = nil) { self.bug = bug }

    private static let coreDomain = "com.facebook.sdk.core"
    private static let loginDomain = "com.facebook.sdk.login"

    func resolveLoginResult(_ callback: LoginCallback) throws -> LoginResultOutcome {
        let parameters = bug == .queryWins
            ? callback.fragment.merging(callback.query) { _, query in query }
            : callback.parameters
        func present(_ key: String) -> String? {
            guard let value = parameters[key] else { return nil }
            if key == "access_token", bug == .emptyAccessTokenCounts { return value }
            return value.isEmpty ? nil : value
        }
        let accessToken = present("access_token")
        let idToken = present("id_token")
        let code = present("code"), exchangeNonce = present("nonce")
        let previous = callback.previousToken
        let stateOK = challengeMatches(parameters["state"], expected: callback.expectedChallenge)

        // LoginURLCompleter: the parameters are read only with a token of some kind.
        let readable = accessToken != nil || ((idToken != nil) != (code != nil)) || ((idToken != nil) != (exchangeNonce != nil))
        if !readable {
            var message = parameters["error_message"]
            if bug == .emptyErrorMessageIgnored, message?.isEmpty == true { message = nil }
            if bug == .errorWithoutMessageIsError, message == nil, parameters["error"] != nil { message = "" }
            if message != nil {
                var errorCode = parameters["error_code"]
                if bug == .errorCodeAsInteger, let text = errorCode, let number = Int(text) { errorCode = String(number) }
                return .failed(LoginError(domain: Self.coreDomain, code: 8, graphErrorCode: errorCode))
            }
            if idToken != nil { return .failed(LoginError(domain: Self.coreDomain, code: 301)) }
            if bug == .challengeBeforeCancellation, !stateOK { return .failed(.badChallenge) }
            if bug == .tokenlessCancelReadsScopes, previous != nil {
                return .cancelled(declinedPermissions: parseScopes(parameters["denied_scopes"]) ?? [])
            }
            return .cancelled(declinedPermissions: [])
        }

        let grant = parseScopes(parameters["granted_scopes"])
        let deniedSet = parseScopes(parameters["denied_scopes"])
        if bug == .invalidDeniedCancels, deniedSet == nil {
            return .cancelled(declinedPermissions: [])
        }
        let denied = deniedSet ?? []
        let cancelDeclined = previous != nil || bug == .cancelDeclinesWithoutPreviousToken ? denied : []

        if bug == .stateBeforeIDToken, idToken != nil, !stateOK { return .failed(.badChallenge) }

        // A Limited Login id_token decides before anything else.
        var authenticationToken: ResolvedAuthenticationToken?
        var idClaims: [String: JSONValue]?
        if let idToken {
            var storedNonce = callback.storedNonce
            if bug == .emptyStoredNonceIsNone, storedNonce?.isEmpty == true { storedNonce = nil }
            guard let storedNonce else { return .failed(LoginError(domain: Self.coreDomain, code: 301)) }
            guard let claims = callback.idTokenVerdict?.claims else {
                let domain = bug == .invalidIDTokenLoginDomain ? Self.loginDomain : Self.coreDomain
                return .failed(LoginError(domain: domain, code: 309))
            }
            authenticationToken = ResolvedAuthenticationToken(tokenString: idToken, nonce: storedNonce)
            idClaims = claims
        }

        if accessToken == nil, authenticationToken == nil {
            return .cancelled(declinedPermissions: cancelDeclined)
        }

        if !stateOK { return .failed(.badChallenge) }

        guard let granted = grant else { return .cancelled(declinedPermissions: cancelDeclined) }
        let requested = callback.requestedPermissions
        let restrict = bug != .grantedNeverIntersected
            && previous.map { !$0.permissions.isEmpty } == true && !requested.isEmpty
        let recentlyGranted = restrict ? granted.intersection(requested) : granted
        if recentlyGranted.isEmpty, bug != .emptyGrantSucceeds {
            return .cancelled(declinedPermissions: cancelDeclined)
        }

        if let previous, accessToken != nil || bug == .userCheckWithoutAccessToken, let graphUserID = callback.graphUserID {
            let same = bug == .userIDsComparedAsNumbers && Int(graphUserID) != nil && Int(previous.userID) != nil
                ? Int(graphUserID) == Int(previous.userID)
                : graphUserID.isCodePointEqual(to: previous.userID)
            if !same { return .failed(.userMismatch) }
        }

        let declined = bug == .declinedIsRequestedMinusGranted
            ? requested.subtracting(recentlyGranted)
            : requested.intersection(denied)
        let token = accessToken.map { tokenString in
            ResolvedAccessToken(
                tokenString: tokenString, userID: userID(in: parameters),
                expirationDate: bug == .expiryFromURL
                    ? parameters["expires_in"].flatMap(Double.init).map { callback.now + $0 }
                    : nil)
        }
        let profile = idClaims.flatMap {
            Self.makeProfile(from: $0, permissions: bug == .profilePermissionsRecentlyGranted ? recentlyGranted : granted)
        }
        return .success(LoginSuccess(
            grantedPermissions: recentlyGranted, declinedPermissions: declined, token: token,
            authenticationToken: authenticationToken, profile: profile))
    }

    // MARK: callback parameters

    /// granted_scopes / denied_scopes: split on ",", no trimming, every item a-z _ non-empty; nil when invalid. "" (or
    /// absent) is the empty set.
    private func parseScopes(_ text: String?) -> Set<String>? {
        guard let text, !text.isEmpty else { return [] }
        var items = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        if bug == .scopesTrimmed { items = items.map { $0.trimmingCharacters(in: .whitespaces) } }
        if bug == .invalidScopesDropped { items = items.filter(Self.isValidPermission) }
        guard items.allSatisfy(Self.isValidPermission) else { return nil }
        return Set(items)
    }

    private static func isValidPermission(_ permission: String) -> Bool {
        !permission.isEmpty && permission.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || $0 == "_" }
    }

    /// state is a JSON object whose challenge equals the expected one exactly.
    private func challengeMatches(_ state: String?, expected: String) -> Bool {
        guard let state else { return bug == .missingStateAccepted }
        guard let challenge = JSONValue.parse(state)?.objectValue?["challenge"]?.stringValue else {
            return bug == .missingStateAccepted && JSONValue.parse(state)?.objectValue != nil
        }
        return challenge.isCodePointEqual(to: expected)
    }

    /// user_id, or the user_id in signed_request's payload.
    private func userID(in parameters: [String: String]) -> String {
        if let userID = parameters["user_id"] { return userID }
        guard let signed = parameters["signed_request"] else { return "" }
        let parts = signed.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return "" }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8),
              let value = JSONValue.parse(text)?.objectValue?["user_id"]
        else { return "" }
        if let string = value.stringValue { return string }
        if let number = value.exactNumberValue { return number.description }
        return ""
    }

    // MARK: the profile (SPECIFICATION.md §5)

    static func makeProfile(from claims: [String: JSONValue], permissions: Set<String>) -> LimitedProfile? {
        guard let sub = claims["sub"]?.stringValue, !sub.isEmpty else { return nil }
        var profile = LimitedProfile(userID: sub, permissions: permissions)
        profile.name = claims["name"]?.stringValue
        profile.firstName = claims["given_name"]?.stringValue
        profile.middleName = claims["middle_name"]?.stringValue
        profile.lastName = claims["family_name"]?.stringValue
        profile.imageURL = claims["picture"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        profile.linkURL = claims["user_link"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        profile.email = claims["email"]?.stringValue
        profile.gender = claims["user_gender"]?.stringValue
        if let friends = claims["user_friends"]?.arrayValue, friends.allSatisfy({ $0.stringValue != nil }) {
            profile.friendIDs = friends.compactMap(\.stringValue)
        }
        profile.birthday = claims["user_birthday"]?.stringValue.flatMap(birthday)
        if let range = claims["user_age_range"]?.objectValue, !range.isEmpty,
           range.values.allSatisfy({ $0.exactNumberValue != nil }) {
            let min = range["min"]?.exactNumberValue, max = range["max"]?.exactNumberValue
            let whole = { (number: JSONNumber) in number.doubleValue.rounded(.towardZero) }
            let valid = (min != nil || max != nil)
                && (min.map { whole($0) >= 0 } ?? true) && (max.map { whole($0) >= 0 } ?? true)
                && !(min != nil && max != nil && whole(min!) >= whole(max!))
            if valid { profile.ageRange = ProfileAgeRange(exactMin: min, exactMax: max) }
        }
        profile.hometown = place(claims["user_hometown"])
        profile.location = place(claims["user_location"])
        return profile
    }

    private static func place(_ value: JSONValue?) -> ProfileLocation? {
        guard let object = value?.objectValue, !object.isEmpty, object.values.allSatisfy({ $0.stringValue != nil }),
              let id = object["id"]?.stringValue, let name = object["name"]?.stringValue
        else { return nil }
        return ProfileLocation(id: id, name: name)
    }

    /// MM/dd/yyyy, a real Gregorian date, written yyyy-MM-dd.
    private static func birthday(_ text: String) -> String? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 2, parts[1].count == 2, parts[2].count == 4,
              parts.allSatisfy({ $0.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } }),
              let month = Int(parts[0]), let day = Int(parts[1]), let year = Int(parts[2]),
              (1...12).contains(month), year >= 1
        else { return nil }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard (1...days).contains(day) else { return nil }
        return "\(parts[2])-\(parts[0])-\(parts[1])"
    }
}
