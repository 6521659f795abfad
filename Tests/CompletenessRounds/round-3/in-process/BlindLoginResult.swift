import Foundation
import LoginConformance

/// Resolves a login callback as the iOS SDK v18.1.0 does: fragment wins; token-less callbacks cancel or give core
/// error 8; an id_token is checked first (core 301 / 309); state challenge (308); grant set syntax and the recently
/// granted set; user check (304); success with a never-expiring token, the authentication token and the profile made
/// from the claims; ios-sdk profile (SPECIFICATION.md §3, §5, §8).
struct BlindLoginResult: LoginResultResolving, Sendable {
    /// The profile the base implements (SPECIFICATION.md §8).
    static let profile: ConformanceProfile = .iosSDK
    /// One realistic bug, or nil for the base.
    enum Bug: String, CaseIterable, Sendable {
        /// Merges the fragment first and the query over it, so the query wins a key in both (result.parameters.fragment-wins).
        case queryWinsOverFragment
        /// Reports `error` without `error_message` as core error 8 instead of a cancellation (result.error.without-message).
        case errorWithoutMessageFails
        /// Treats an empty error_message as absent, cancelling instead of core error 8 (result.error.message-alone.ios-sdk).
        case emptyErrorMessageIgnored
        /// Keeps error_code as `Int(error_code)` re-printed: "0190" becomes "190", a non-numeric code is lost (result.error.with-message.ios-sdk).
        case errorCodeAsInteger
        /// Tests `access_token != nil`, so an empty access_token counts as a token (result.callback-read.ios-sdk).
        case emptyAccessTokenCounts
        /// Checks the id_token only when no access_token came back: with one, an invalid id_token is ignored and no authentication token or profile is made (result.id-token.invalid.ios-sdk, result.id-token.success.ios-sdk).
        case idTokenIgnoredWithAccessToken
        /// Treats an empty stored nonce as no stored nonce: core error 301 (result.id-token.no-stored-nonce.ios-sdk).
        case emptyStoredNonceIsNone
        /// Reports an invalid id_token as 309 in the login domain, where LoginErrorCode lives (result.id-token.invalid.ios-sdk).
        case invalidIDTokenInLoginDomain
        /// Checks the state challenge before the token-less cancellation, so a token-less callback with a bad state is 308 (result.challenge.after-cancellation.ios-sdk).
        case challengeCheckedBeforeCancel
        /// Checks the challenge only when a state came back: a missing state passes (result.challenge).
        case missingStateAccepted
        /// Decides the grant set before the challenge, so a bad state with an empty grant cancels instead of 308 (result.challenge, §3 order).
        case grantCheckedBeforeChallenge
        /// Splits the scopes with `split(separator: ",")`, which drops empty items, so "email,,public_profile" is valid (result.scopes.syntax.ios-sdk).
        case scopesDropEmptyItems
        /// Trims whitespace around each scope item, so "email, public_profile" is valid (result.scopes.syntax.ios-sdk).
        case scopesTrimmed
        /// Grants all of granted_scopes even on a re-login with previous permissions (result.granted.ios-sdk).
        case grantedNotIntersected
        /// Declines requested minus granted instead of requested ∩ denied_scopes (result.declined).
        case declinedIsRequestedMinusGranted
        /// Keeps the valid items of an invalid denied_scopes instead of declining nothing (result.denied-scopes.syntax.ios-sdk).
        case invalidDeniedKeepsValidItems
        /// A token-less cancellation still reports denied_scopes when a previous token exists (result.declined.unread-without-token.ios-sdk).
        case unreadCallbackDeclines
        /// A cancellation reports denied_scopes even when no token was held before the login (result.declined.on-cancel.ios-sdk).
        case cancelDeclinesWithoutPreviousToken
        /// Compares the Graph user ID with the previous one as integers, so "0123" matches "123" (result.user-mismatch.ios-sdk: exact string comparison).
        case userIDComparedAsNumber
        /// Runs the 304 user check on an id_token-only re-login too (result.id-token.success.ios-sdk).
        case userCheckWithoutAccessToken
        /// Reads expires_at / expires / expires_in from the callback as numbers and sets an expiration date (result.expiry.url-strings.ios-sdk).
        case expiryReadFromCallback
        /// Gives the profile the recently granted permissions instead of the whole granted_scopes (result.id-token.success.ios-sdk, profile.permissions.ios-sdk).
        case profileGetsRecentlyGranted
        /// Keeps an empty picture or user_link as the profile's URL instead of null (profile.url-claims.empty.ios-sdk).
        case emptyURLClaimsKept
        /// Builds the birthday from date components without validating them, so 02/30/2000 rolls over to 2000-03-01 (profile.birthday).
        case birthdayRollsOver
        /// Rounds the age-range bounds to the nearest integer instead of truncating them (profile.age-range.whole-parts.ios-sdk).
        case ageRangeRoundsBounds
    }
    let bug: Bug?
    init(bug: Bug? = nil) { self.bug = bug }

    static let coreDomain = "com.facebook.sdk.core"
    static let loginDomain = "com.facebook.sdk.login"

    // MARK: permissions

    static func isValidPermission(_ permission: String) -> Bool {
        !permission.isEmpty && permission.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || $0 == "_" }
    }

    /// A `granted_scopes` / `denied_scopes` value as a set: split on ",", no trimming, every item valid; the empty
    /// string (or no value) is the empty set; nil when an item is invalid.
    func permissionSet(_ text: String?, keepingValidItems: Bool = false) -> Set<String>? {
        guard let text, !text.isEmpty else { return [] }
        var items = text.split(separator: ",", omittingEmptySubsequences: bug == .scopesDropEmptyItems).map(String.init)
        if bug == .scopesTrimmed { items = items.map { $0.trimmingCharacters(in: .whitespaces) } }
        if keepingValidItems { return Set(items.filter(Self.isValidPermission)) }
        return items.allSatisfy(Self.isValidPermission) ? Set(items) : nil
    }

    // MARK: state

    func challengeMatches(_ state: String?, expected: String) -> Bool {
        guard let state else { return bug == .missingStateAccepted }
        guard let challenge = JSONValue.parse(state)?.objectValue?["challenge"]?.stringValue else { return false }
        return challenge.isCodePointEqual(to: expected)
    }

    // MARK: token fields

    static func base64URLDecode(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }

    /// `user_id`, or the `user_id` inside `signed_request` (`signature.payload`, the payload base64url JSON).
    static func userID(_ parameters: [String: String]) -> String {
        if let userID = parameters["user_id"] { return userID }
        if let request = parameters["signed_request"], let dot = request.firstIndex(of: "."),
           let payload = base64URLDecode(request[request.index(after: dot)...]),
           let text = String(data: payload, encoding: .utf8),
           let userID = JSONValue.parse(text)?.objectValue?["user_id"]?.stringValue {
            return userID
        }
        return ""
    }

    func expirationDate(_ parameters: [String: String], now: Double) -> Double? {
        // The SDK reads these with `as? TimeInterval` from the URL's strings, which never succeeds (DECISIONS.md D27).
        guard bug == .expiryReadFromCallback else { return nil }
        if let absolute = (parameters["expires_at"] ?? parameters["expires"]).flatMap(Double.init) { return absolute }
        if let relative = parameters["expires_in"].flatMap(Double.init) { return now + relative }
        return nil
    }

    // MARK: profile (§5)

    static func isLeapYear(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    static func digits(_ text: Substring, count: ClosedRange<Int>) -> Int? {
        guard count.contains(text.utf8.count), text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        return Int(text)
    }

    /// `MM/dd/yyyy`, a real Gregorian date, written `yyyy-MM-dd`.
    func birthday(_ text: String) -> String? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, let month = Self.digits(parts[0], count: 1...2), let day = Self.digits(parts[1], count: 1...2),
              let year = Self.digits(parts[2], count: 4...4), year >= 1
        else { return nil }
        if bug == .birthdayRollsOver {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)) else { return nil }
            let fields = calendar.dateComponents([.year, .month, .day], from: date)
            return String(format: "%04d-%02d-%02d", fields.year ?? 0, fields.month ?? 0, fields.day ?? 0)
        }
        let monthDays = [31, Self.isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...12).contains(month), (1...monthDays[month - 1]).contains(day) else { return nil }
        return String(format: "%04d-%02d-%02d", year, month, day)
    }

    func wholePart(_ number: JSONNumber) -> Double {
        bug == .ageRangeRoundsBounds ? number.doubleValue.rounded() : number.doubleValue.rounded(.towardZero)
    }

    func ageRange(_ value: JSONValue?) -> ProfileAgeRange? {
        guard let object = value?.objectValue, !object.isEmpty, object.values.allSatisfy({ $0.exactNumberValue != nil })
        else { return nil }
        let min = object["min"]?.exactNumberValue, max = object["max"]?.exactNumberValue
        if min == nil, max == nil { return nil }
        if let min, wholePart(min) < 0 { return nil }
        if let max, wholePart(max) < 0 { return nil }
        if let min, let max, wholePart(min) >= wholePart(max) { return nil }
        return ProfileAgeRange(exactMin: min, exactMax: max)
    }

    static func place(_ value: JSONValue?) -> ProfileLocation? {
        guard let object = value?.objectValue, !object.isEmpty, object.values.allSatisfy({ $0.stringValue != nil }),
              let id = object["id"]?.stringValue, let name = object["name"]?.stringValue
        else { return nil }
        return ProfileLocation(id: id, name: name)
    }

    func urlClaim(_ value: JSONValue?) -> String? {
        guard let text = value?.stringValue else { return nil }
        return text.isEmpty && bug != .emptyURLClaimsKept ? nil : text
    }

    func makeProfile(_ claims: [String: JSONValue], permissions: Set<String>) -> LimitedProfile? {
        guard let sub = claims["sub"]?.stringValue, !sub.isEmpty else { return nil }
        var profile = LimitedProfile(userID: sub, permissions: permissions)
        profile.name = claims["name"]?.stringValue
        profile.firstName = claims["given_name"]?.stringValue
        profile.middleName = claims["middle_name"]?.stringValue
        profile.lastName = claims["family_name"]?.stringValue
        profile.imageURL = urlClaim(claims["picture"])
        profile.email = claims["email"]?.stringValue
        profile.gender = claims["user_gender"]?.stringValue
        profile.linkURL = urlClaim(claims["user_link"])
        if let friends = claims["user_friends"]?.arrayValue, friends.allSatisfy({ $0.stringValue != nil }) {
            profile.friendIDs = friends.compactMap(\.stringValue)
        }
        profile.birthday = claims["user_birthday"]?.stringValue.flatMap(birthday)
        profile.ageRange = ageRange(claims["user_age_range"])
        profile.hometown = Self.place(claims["user_hometown"])
        profile.location = Self.place(claims["user_location"])
        profile.isLimited = true
        return profile
    }

    // MARK: the result

    func resolveLoginResult(_ callback: LoginCallback) throws -> LoginResultOutcome {
        // 1. Query and fragment merged, the fragment winning.
        let parameters = bug == .queryWinsOverFragment
            ? callback.fragment.merging(callback.query) { _, query in query } : callback.parameters
        func present(_ key: String) -> String? {
            guard let value = parameters[key] else { return nil }
            if value.isEmpty, !(bug == .emptyAccessTokenCounts && key == "access_token") { return nil }
            return value
        }
        let accessToken = present("access_token")
        let idToken = present("id_token")
        let code = present("code")
        let exchangeNonce = present("nonce")
        let previous = callback.previousToken

        // 2. Which callbacks are read: an access token, or exactly one of id_token and code, or of id_token and nonce.
        let readable = accessToken != nil || ((idToken != nil) != (code != nil)) || ((idToken != nil) != (exchangeNonce != nil))
        if !readable {
            if let message = parameters["error_message"], !(bug == .emptyErrorMessageIgnored && message.isEmpty) {
                return .failed(coreError8(parameters))
            }
            if bug == .errorWithoutMessageFails, parameters["error"] != nil {
                return .failed(coreError8(parameters))
            }
            if parameters["error"] == nil, parameters["error_message"] == nil, idToken != nil, code != nil, exchangeNonce != nil {
                return .failed(LoginError(domain: Self.coreDomain, code: 301))
            }
            if bug == .challengeCheckedBeforeCancel,
               !challengeMatches(parameters["state"], expected: callback.expectedChallenge) {
                return .failed(.badChallenge)
            }
            let declined = bug == .unreadCallbackDeclines && previous != nil ? permissionSet(parameters["denied_scopes"]) ?? [] : []
            return .cancelled(declinedPermissions: declined)
        }

        // 3. A non-empty id_token is checked before anything else.
        var authenticationToken: ResolvedAuthenticationToken?
        var tokenClaims: [String: JSONValue]?
        if let idToken, !(bug == .idTokenIgnoredWithAccessToken && accessToken != nil) {
            guard let storedNonce = callback.storedNonce, !(bug == .emptyStoredNonceIsNone && storedNonce.isEmpty) else {
                return .failed(LoginError(domain: Self.coreDomain, code: 301))
            }
            guard let claims = callback.idTokenVerdict?.claims else {
                let domain = bug == .invalidIDTokenInLoginDomain ? Self.loginDomain : Self.coreDomain
                return .failed(LoginError(domain: domain, code: 309))
            }
            authenticationToken = ResolvedAuthenticationToken(tokenString: idToken, nonce: storedNonce)
            tokenClaims = claims
        }

        let denied = permissionSet(parameters["denied_scopes"], keepingValidItems: bug == .invalidDeniedKeepsValidItems)
        // Declined of a cancellation: denied_scopes when a token was held before and the callback carried one.
        func cancelled(callbackCarriedToken: Bool) -> LoginResultOutcome {
            let reportsDenied = callbackCarriedToken && (previous != nil || bug == .cancelDeclinesWithoutPreviousToken)
            return .cancelled(declinedPermissions: reportsDenied ? denied ?? [] : [])
        }

        // 4. No access token and no authentication token: cancelled, the challenge unchecked.
        if accessToken == nil, authenticationToken == nil { return cancelled(callbackCarriedToken: false) }

        // 5. The state challenge (even when the grant set would cancel).
        let challengeOK = challengeMatches(parameters["state"], expected: callback.expectedChallenge)
        if bug != .grantCheckedBeforeChallenge, !challengeOK { return .failed(.badChallenge) }

        // 6. A valid grant set and a non-empty recently granted set.
        guard let granted = permissionSet(parameters["granted_scopes"]) else { return cancelled(callbackCarriedToken: true) }
        let requested = callback.requestedPermissions
        let intersects = bug != .grantedNotIntersected && previous.map { !$0.permissions.isEmpty } == true && !requested.isEmpty
        let recentlyGranted = intersects ? granted.intersection(requested) : granted
        if recentlyGranted.isEmpty { return cancelled(callbackCarriedToken: true) }
        if bug == .grantCheckedBeforeChallenge, !challengeOK { return .failed(.badChallenge) }

        // 7. A re-login bringing a new access token must be the same user.
        if let previous, accessToken != nil || bug == .userCheckWithoutAccessToken, let graphUserID = callback.graphUserID {
            let same = bug == .userIDComparedAsNumber
                ? (Int(graphUserID).flatMap { g in Int(previous.userID).map { $0 == g } } ?? graphUserID.isCodePointEqual(to: previous.userID))
                : graphUserID.isCodePointEqual(to: previous.userID)
            if !same { return .failed(.userMismatch) }
        }

        // 8. Success.
        let declined = bug == .declinedIsRequestedMinusGranted
            ? requested.subtracting(recentlyGranted) : requested.intersection(denied ?? [])
        let token = accessToken.map {
            ResolvedAccessToken(tokenString: $0, userID: Self.userID(parameters),
                                expirationDate: expirationDate(parameters, now: callback.now))
        }
        let profile = tokenClaims.flatMap {
            makeProfile($0, permissions: bug == .profileGetsRecentlyGranted ? recentlyGranted : granted)
        }
        return .success(LoginSuccess(
            grantedPermissions: recentlyGranted, declinedPermissions: declined, token: token,
            authenticationToken: authenticationToken, profile: profile))
    }

    func coreError8(_ parameters: [String: String]) -> LoginError {
        var code = parameters["error_code"]
        if bug == .errorCodeAsInteger { code = code.flatMap { Int($0) }.map(String.init) }
        return LoginError(domain: Self.coreDomain, code: 8, graphErrorCode: code)
    }
}
