import Foundation
import LoginConformance

/// Login callback resolution (SPECIFICATION.md §3, §5, §8), ios-sdk profile: the SDK's order of checks, core
/// errors 8/301/309, login errors 304/308, grant-set cancellations, never-expiring tokens.
struct BlindLoginResult: LoginResultResolving, Sendable {
    /// The profile the base implements (SPECIFICATION.md §8).
    static let profile: ConformanceProfile = .iosSDK
    /// One realistic bug, or nil for the base.
    enum Bug: String, CaseIterable, Sendable {
        /// Merges the parameters with the query winning over the fragment (result.parameters.fragment-wins).
        case queryWins
        /// Makes `error` without `error_message` a core error 8 (result.error.without-message).
        case errorWithoutMessageFails
        /// Treats an empty `error_message` as absent (result.error.message-alone.ios-sdk: an empty one is present).
        case emptyErrorMessageIgnored
        /// Declined = requested − granted (result.declined: requested ∩ denied_scopes).
        case declinedIsRequestedMinusGranted
        /// Never restricts granted to the requested permissions (result.granted.ios-sdk).
        case grantedNotIntersected
        /// Trims spaces around each scope item (result.scopes.syntax.ios-sdk: no trimming).
        case scopesTrimmed
        /// Drops invalid scope items instead of invalidating the whole set (result.scopes.syntax.ios-sdk).
        case invalidScopesSkipped
        /// Checks the state challenge before deciding cancellation (result.challenge.after-cancellation.ios-sdk).
        case challengeBeforeCancellation
        /// Skips the challenge check when `state` is absent (result.challenge: missing is error 308).
        case missingStateAccepted
        /// Compares user IDs as integers, so `0123` equals `123` and two non-numbers are equal
        /// (result.user-mismatch.ios-sdk: exact string comparison).
        case userIDComparedAsIntegers
        /// Reads `expires_in` as seconds from now (result.expiry.url-strings.ios-sdk: the token never expires).
        case expiresInRead
        /// On a cancellation declines denied_scopes even without a previous token (result.declined.on-cancel.ios-sdk).
        case cancelDeclinesWithoutPreviousToken
        /// Checks the state before validating the id_token, giving 308 for a bad token (result.id-token.invalid.ios-sdk).
        case stateBeforeIDToken
        /// Treats an empty stored nonce as no nonce: error 301 (result.id-token.no-stored-nonce.ios-sdk).
        case emptyStoredNonceIsMissing
        /// Gives the profile the recently granted set, not the whole granted_scopes (result.id-token.success.ios-sdk).
        case profileGetsRecentlyGranted
        /// Runs the 304 user check on an id_token-only re-login (result.id-token.success.ios-sdk).
        case userCheckWithoutAccessToken
        /// Lets a login with an empty recently granted set succeed (result.cancel.empty-grant.ios-sdk).
        case emptyGrantSucceeds
        /// Keeps an empty `picture` as the profile's image URL (profile.url-claims.empty.ios-sdk).
        case emptyPictureKept
        /// Parses the profile birthday day-first, `dd/MM/yyyy` (profile.birthday: MM/dd/yyyy).
        case birthdayDayFirst
    }
    let bug: Bug?
    init(bug: Bug? = nil) { self.bug = bug }

    static let coreDomain = "com.facebook.sdk.core"

    func resolveLoginResult(_ callback: LoginCallback) throws -> LoginResultOutcome {
        // 1. Merge query and fragment.
        let parameters = bug == .queryWins
            ? callback.fragment.merging(callback.query) { _, query in query }
            : callback.query.merging(callback.fragment) { _, fragment in fragment }
        func nonEmpty(_ key: String) -> String? {
            guard let value = parameters[key], !value.isEmpty else { return nil }
            return value
        }
        let accessToken = nonEmpty("access_token")
        let idToken = nonEmpty("id_token")
        let carriesToken = accessToken != nil || idToken != nil || nonEmpty("code") != nil || nonEmpty("nonce") != nil

        if bug == .challengeBeforeCancellation, !challengeMatches(parameters, callback.expectedChallenge) {
            return .failed(.badChallenge)
        }

        // 2. Token-less callbacks: error or cancellation; the scopes are not read.
        if !carriesToken {
            var errorMessage = parameters["error_message"]
            if bug == .emptyErrorMessageIgnored, errorMessage?.isEmpty == true { errorMessage = nil }
            if errorMessage != nil || (bug == .errorWithoutMessageFails && parameters["error"] != nil) {
                return .failed(LoginError(domain: Self.coreDomain, code: 8, graphErrorCode: parameters["error_code"]))
            }
            if bug == .cancelDeclinesWithoutPreviousToken {
                return .cancelled(declinedPermissions: scopes(parameters["denied_scopes"]) ?? [])
            }
            return .cancelled(declinedPermissions: [])
        }

        let granted = scopes(parameters["granted_scopes"])
        let denied = scopes(parameters["denied_scopes"]) ?? []
        let cancelDeclined: Set<String> =
            callback.previousToken != nil || bug == .cancelDeclinesWithoutPreviousToken ? denied : []

        if bug == .stateBeforeIDToken, !challengeMatches(parameters, callback.expectedChallenge) {
            return .failed(.badChallenge)
        }

        // 3. The id_token first.
        var authenticationToken: ResolvedAuthenticationToken?
        var profile: LimitedProfile?
        if let idToken {
            var storedNonce = callback.storedNonce
            if bug == .emptyStoredNonceIsMissing, storedNonce?.isEmpty == true { storedNonce = nil }
            guard let storedNonce else { return .failed(LoginError(domain: Self.coreDomain, code: 301)) }
            guard let claims = callback.idTokenVerdict?.claims else {
                return .failed(LoginError(domain: Self.coreDomain, code: 309))
            }
            authenticationToken = ResolvedAuthenticationToken(tokenString: idToken, nonce: storedNonce)
            profile = makeProfile(claims, permissions: granted ?? [])
        }

        // 4. Nothing usable came back.
        if accessToken == nil, authenticationToken == nil { return .cancelled(declinedPermissions: cancelDeclined) }

        // 5. The state challenge.
        if !challengeMatches(parameters, callback.expectedChallenge), bug != .challengeBeforeCancellation {
            return .failed(.badChallenge)
        }

        // 6. The grant set.
        guard let granted else { return .cancelled(declinedPermissions: cancelDeclined) }
        var recentlyGranted = granted
        if bug != .grantedNotIntersected, let previous = callback.previousToken, !previous.permissions.isEmpty,
           !callback.requestedPermissions.isEmpty {
            recentlyGranted = granted.intersection(callback.requestedPermissions)
        }
        if recentlyGranted.isEmpty, bug != .emptyGrantSucceeds { return .cancelled(declinedPermissions: cancelDeclined) }

        // 7. A re-login as another user.
        if let previous = callback.previousToken, accessToken != nil || bug == .userCheckWithoutAccessToken {
            let graphUser = callback.graphUserID ?? ""
            let same = bug == .userIDComparedAsIntegers
                ? Int(graphUser) == Int(previous.userID)
                : graphUser.isCodePointEqual(to: previous.userID)
            if !same { return .failed(.userMismatch) }
        }

        // 8. Success.
        let declined = bug == .declinedIsRequestedMinusGranted
            ? callback.requestedPermissions.subtracting(recentlyGranted)
            : callback.requestedPermissions.intersection(denied)
        if bug == .profileGetsRecentlyGranted { profile?.permissions = recentlyGranted }
        var token: ResolvedAccessToken?
        if let accessToken {
            var expiration: Double?
            if bug == .expiresInRead, let seconds = parameters["expires_in"].flatMap(Double.init) {
                expiration = callback.now + seconds
            }
            token = ResolvedAccessToken(tokenString: accessToken, userID: userID(parameters), expirationDate: expiration)
        }
        return .success(LoginSuccess(
            grantedPermissions: recentlyGranted, declinedPermissions: declined, token: token,
            authenticationToken: authenticationToken, profile: profile))
    }

    /// `state` read as a JSON object whose `challenge` equals the expected challenge exactly.
    func challengeMatches(_ parameters: [String: String], _ expected: String) -> Bool {
        guard let state = parameters["state"] else { return bug == .missingStateAccepted }
        guard let challenge = JSONValue.parse(state)?.objectValue?["challenge"]?.stringValue else { return false }
        return challenge.isCodePointEqual(to: expected)
    }

    /// A scope list split on `,`, each item `a-z _` and non-empty, all or nothing; `nil` when invalid. An empty
    /// string (or no parameter) is the empty set.
    func scopes(_ value: String?) -> Set<String>? {
        guard let value, !value.isEmpty else { return [] }
        var items = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        if bug == .scopesTrimmed { items = items.map { $0.trimmingCharacters(in: .whitespaces) } }
        let isValid: (String) -> Bool = { item in
            !item.isEmpty && item.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || $0 == "_" }
        }
        if bug == .invalidScopesSkipped { return Set(items.filter(isValid)) }
        return items.allSatisfy(isValid) ? Set(items) : nil
    }

    /// `user_id`, or the `user_id` inside `signed_request` (`signature.payload`, base64url JSON).
    func userID(_ parameters: [String: String]) -> String {
        if let userID = parameters["user_id"] { return userID }
        guard let signed = parameters["signed_request"] else { return "" }
        let parts = signed.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return "" }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8),
              let payload = JSONValue.parse(text)?.objectValue
        else { return "" }
        if let id = payload["user_id"]?.stringValue { return id }
        if let number = payload["user_id"]?.exactNumberValue { return number.description }
        return ""
    }

    // MARK: the profile (SPECIFICATION.md §4 optional claims, §5)

    func makeProfile(_ claims: [String: JSONValue], permissions: Set<String>) -> LimitedProfile? {
        guard let sub = claims["sub"]?.stringValue, !sub.isEmpty else { return nil }
        var profile = LimitedProfile(userID: sub, permissions: permissions)
        profile.name = claims["name"]?.stringValue
        profile.firstName = claims["given_name"]?.stringValue
        profile.middleName = claims["middle_name"]?.stringValue
        profile.lastName = claims["family_name"]?.stringValue
        profile.email = claims["email"]?.stringValue
        profile.gender = claims["user_gender"]?.stringValue
        profile.imageURL = claims["picture"]?.stringValue.flatMap { $0.isEmpty && bug != .emptyPictureKept ? nil : $0 }
        profile.linkURL = claims["user_link"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        if let items = claims["user_friends"]?.arrayValue, items.allSatisfy({ $0.stringValue != nil }) {
            profile.friendIDs = items.compactMap(\.stringValue)
        }
        profile.birthday = claims["user_birthday"]?.stringValue.flatMap(birthday)
        profile.ageRange = claims["user_age_range"]?.objectValue.flatMap(Self.ageRange)
        profile.hometown = claims["user_hometown"]?.objectValue.flatMap(Self.place)
        profile.location = claims["user_location"]?.objectValue.flatMap(Self.place)
        return profile
    }

    /// `MM/dd/yyyy`, a real Gregorian date, written `yyyy-MM-dd`.
    func birthday(_ text: String) -> String? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 2, parts[1].count == 2, parts[2].count == 4,
              parts.allSatisfy({ $0.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } }),
              var month = Int(parts[0]), var day = Int(parts[1]), let year = Int(parts[2])
        else { return nil }
        if bug == .birthdayDayFirst { swap(&month, &day) }
        guard (1...12).contains(month), day >= 1 else { return nil }
        let isLeap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let lengths = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day <= lengths[month - 1] else { return nil }
        return String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// A non-empty object of numbers; none when both bounds are absent, one is negative or min ≥ max (whole parts).
    static func ageRange(_ object: [String: JSONValue]) -> ProfileAgeRange? {
        guard !object.isEmpty, object.values.allSatisfy({ $0.exactNumberValue != nil }) else { return nil }
        let min = object["min"]?.exactNumberValue, max = object["max"]?.exactNumberValue
        guard min != nil || max != nil else { return nil }
        let whole: (JSONNumber) -> Double = { $0.doubleValue.rounded(.towardZero) }
        if let min, whole(min) < 0 { return nil }
        if let max, whole(max) < 0 { return nil }
        if let min, let max, whole(min) >= whole(max) { return nil }
        return ProfileAgeRange(exactMin: min, exactMax: max)
    }

    /// A non-empty object of strings with `id` and `name`.
    static func place(_ object: [String: JSONValue]) -> ProfileLocation? {
        guard !object.isEmpty, object.values.allSatisfy({ $0.stringValue != nil }),
              let id = object["id"]?.stringValue, let name = object["name"]?.stringValue
        else { return nil }
        return ProfileLocation(id: id, name: name)
    }
}
