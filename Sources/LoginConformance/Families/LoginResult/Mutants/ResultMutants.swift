import Foundation
import LoginConformance
import LoginConformanceReference
import LoginConformanceTestSupport

extension LoginResultFamily: MutatedFamily { package typealias Mutants = ResultMutants }

/// Mutants of login result resolution (SPECIFICATION.md §3): scope parsing, cancellations, errors, the state
/// challenge, granted and declined sets, the user check and the expiry.
package enum ResultMutants: MutantCatalogue {
    package static func model(profile: ConformanceProfile) -> any ConformanceSubject & Sendable { ReferenceLoginResultResolver() }

    package static let all: [Mutant] = [
        mutant("result.declined-is-requested-minus-granted",
               "computes declined as requested − granted instead of requested ∩ denied_scopes (§3)") {
            $0.declined = { requested, granted, _ in requested.subtracting(granted) }
        },
        mutant("result.trims-scope-items",
               "trims each granted_scopes item, so \"email, user_friends\" is valid (§3: no trimming)") {
            $0.prepareScope = { $0.trimmingCharacters(in: .whitespaces) }
        },
        mutant("result.split-drops-empty-items",
               "splits scopes with Swift's default split(separator:), which drops empty items, so \"email,\" is valid (§3)") {
            $0.scopeItems = { $0.split(separator: ",").map(String.init) }
        },
        mutant("result.drops-invalid-scope-items",
               "drops an invalid scope item instead of invalidating the whole set (§3: all or nothing)") {
            $0.invalidItemInvalidatesSet = false
        },
        mutant("result.accepts-upper-case-scopes",
               "allows A-Z in scope items, so Email is granted (§3: the permission syntax)") {
            $0.isValidScope = { ReferenceLoginConfigurationBuilder.isValidPermission($0.lowercased()) && $0.allSatisfy(\.isASCII) }
        },
        mutant("result.error-without-message-is-error",
               "reports error=access_denied without error_message as core error 8, not a cancellation (§3)") {
            $0.errorIsCancellation = { _ in false }
        },
        mutant("result.every-error-is-cancellation",
               "treats every error as a user cancel, error_message or not (§3: with error_message it is core error 8)") {
            $0.errorIsCancellation = { _ in true }
        },
        mutant("result.drops-graph-error-code",
               "reports core error 8 without the callback's error_code (§3: the Graph error code kept as a string)") {
            $0.keepsGraphErrorCode = false
        },
        mutant("result.ignores-state-challenge",
               "never checks the state's challenge (§3: missing or wrong is login error 308)") {
            $0.challengeMatches = { _, _ in true }
        },
        mutant("result.challenge-checked-before-cancellation",
               "checks the state before deciding on a cancellation, so a token-less callback with a bad state is error 308 (§3)") {
            $0.checksChallengeFirst = true
        },
        mutant("result.challenge-case-insensitive",
               "compares the challenge case-insensitively (§3: exactly equal)") {
            $0.challengeMatches = { state, expected in
                ReferenceLoginResultResolver.challenge(state?.lowercased(), expected.lowercased())
            }
        },
        mutant("result.challenge-substring-match",
               "looks for the challenge anywhere in the state text instead of parsing its JSON (§3)") {
            $0.challengeMatches = { state, expected in state?.contains(expected) ?? false }
        },
        mutant("result.query-wins-over-fragment",
               "merges the fragment into the query with the query winning (§3: the fragment wins)") {
            $0.parameters = { $0.fragment.merging($0.query) { _, query in query } }
        },
        mutant("result.ignores-query",
               "reads the fragment only (§3: query and fragment are merged)") {
            $0.parameters = { $0.fragment }
        },
        mutant("result.granted-never-restricted",
               "always reports all of granted_scopes, even on a re-authorization (§3: ∩ requested)") {
            $0.restrictsGranted = { _ in false }
        },
        mutant("result.granted-always-restricted",
               "always intersects granted_scopes with the request, even on a first login (§3)") {
            $0.restrictsGranted = { _ in true }
        },
        mutant("result.restricts-for-any-previous-token",
               "restricts granted to the request whenever a previous token exists, even one without permissions (§3)") {
            $0.restrictsGranted = { $0.previousToken != nil && !$0.requestedPermissions.isEmpty }
        },
        mutant("result.restricts-when-nothing-requested",
               "restricts granted to the request even when nothing was requested (§3)") {
            $0.restrictsGranted = { !($0.previousToken?.permissions.isEmpty ?? true) }
        },
        mutant("result.cancel-declines-without-previous-token",
               "reports denied_scopes as declined on every cancellation (§3: only if a token already existed)") {
            $0.declinedOnCancel = { _, denied in denied }
        },
        mutant("result.cancel-declines-only-requested",
               "reports requested ∩ denied_scopes on a cancellation (§3: all of denied_scopes)") {
            $0.declinedOnCancel = { callback, denied in
                callback.previousToken == nil ? [] : denied.intersection(callback.requestedPermissions)
            }
        },
        mutant("result.empty-grant-is-success",
               "reports a success with nothing granted instead of a cancellation (§3)") {
            $0.cancelsOnEmptyGrant = false
        },
        mutant("result.no-user-mismatch-check",
               "never compares the new user with the previous token's (§3: another user is login error 304)") {
            $0.checksUser = { _ in false }
        },
        mutant("result.user-check-needs-permissions",
               "compares users only when the previous token had permissions (§3: any previous token)") {
            $0.checksUser = { !($0.previousToken?.permissions.isEmpty ?? true) }
        },
        mutant("result.user-ids-compared-as-numbers",
               "compares user IDs as integers, so 0100001 is 100001 (§3: exact strings)") {
            $0.sameUser = { previous, graph in
                guard let graph else { return false }
                return Int(previous).flatMap { left in Int(graph).map { left == $0 } } ?? (previous == graph)
            }
        },
        mutant("result.reads-url-expiry",
               "reads the callback URL's expires / expires_at / expires_in strings as numbers (DECISIONS.md D27: the "
               + "SDK reads none of them, the token never expires)", profile: .iosSDK) {
            $0.expiration = numericExpirationDate
        },
        // The Limited Login callback (DECISIONS.md D40).
        mutant("result.ignores-id-token",
               "never reads the callback's id_token, so a Limited Login callback without an access token is a "
               + "cancellation (D40: a valid id_token is a success)") {
            $0.readsIDToken = false
        },
        mutant("result.empty-id-token-counts",
               "[presence instead of value] counts a present but empty id_token as a token (prefix/presence check instead of a non-empty string), "
               + "so with no stored nonce it is error 301 instead of a cancellation (D40)") {
            $0.countsIDToken = { $0 != nil }
        },
        mutant("result.code-and-nonce-ignored",
               "[check order] reads the callback whenever it carries an access token or an id_token, whatever code and "
               + "exchange nonce come with it (D56: an id_token with both is not read, so its error stands)",
               profile: .iosSDK) {
            $0.readsCallback = { accessToken, _, _, idToken in accessToken || idToken }
        },
        mutant("result.empty-stored-nonce-is-none",
               "[presence instead of value] treats an empty stored nonce as no stored nonce (error 301); the SDK only tests for nil (D40)") {
            $0.lacksStoredNonce = { ($0 ?? "").isEmpty }
        },
        mutant("result.id-token-errors-in-login-domain",
               "[almost-right table] reports 301 and 309 in com.facebook.sdk.login, the domain of 304 and 308; the SDK's core error "
               + "factory makes them in com.facebook.sdk.core (D40)") {
            $0.missingNonceError = LoginError(domain: "com.facebook.sdk.login", code: 301)
            $0.invalidIDTokenError = LoginError(domain: "com.facebook.sdk.login", code: 309)
        },
        mutant("result.missing-nonce-is-invalid-token",
               "reports an id_token with no stored nonce as an invalid token (309) instead of error 301 (D40)") {
            $0.missingNonceError = LoginError(domain: "com.facebook.sdk.core", code: 309)
        },
        mutant("result.challenge-before-id-token",
               "[check order] checks the state before the id_token, so an invalid token with a wrong state is 308, not 309 "
               + "(check order, D40)") {
            $0.checksIDTokenBeforeChallenge = false
        },
        mutant("result.access-token-outranks-invalid-id-token",
               "ignores an invalid id_token when an access token came with it, a success instead of error 309 (D40)") {
            $0.accessTokenOutranksInvalidIDToken = true
        },
        mutant("result.profile-permissions-recently-granted",
               "gives the profile the recently granted permissions instead of the whole grant set (D40)") {
            $0.profilePermissions = { _, recentlyGranted in recentlyGranted }
        },
        mutant("result.user-check-without-access-token",
               "checks the user of an id_token-only re-login against the previous token (304); the SDK checks only "
               + "a new access token (D40)") {
            $0.checksUserWithoutAccessToken = true
        },
        mutant("result.id-token-skips-empty-grant",
               "makes a valid id_token a success even with an empty grant set; the SDK cancels it (D40)") {
            $0.idTokenSkipsEmptyGrant = true
        },
        mutant("result.verdict-presence-is-validity",
               "[presence instead of value] takes an id_token verdict that is present as valid, whatever it says "
               + "(D40: an invalid token is error 309)") {
            $0.verdictClaims = { $0.map { $0.claims ?? [:] } }
        },
        mutant("result.declined-excludes-granted",
               "[overlapping sets] leaves out of declined what was also granted, requested ∩ denied − granted (D47: "
               + "each set on its own)") {
            $0.declined = { requested, granted, denied in requested.intersection(denied).subtracting(granted) }
        },
        mutant("result.challenge-prefix-match",
               "[prefix comparison] accepts a state challenge that starts with the expected one (§3: exactly "
               + "equal)") {
            $0.challengeMatches = { state, expected in
                guard let state, case .object(let members)? = JSONValue.parse(state),
                      let challenge = members["challenge"]?.stringValue else { return false }
                return challenge.hasPrefix(expected)
            }
        },
        mutant("result.expected-challenge-prefix-match",
               "[prefix comparison] accepts a state challenge that the expected one starts with, a truncated "
               + "challenge included (§3: exactly equal)") {
            $0.challengeMatches = { state, expected in
                guard let state, case .object(let members)? = JSONValue.parse(state),
                      let challenge = members["challenge"]?.stringValue else { return false }
                return expected.hasPrefix(challenge)
            }
        },
        // Callback behaviours with no vector before suite 0.4.0 (DECISIONS.md D41).
        mutant("result.reads-scopes-without-token",
               "reads denied_scopes from a token-less or error callback for a cancellation's declined set; the SDK "
               + "reads the scopes only from a callback carrying a token (D41)") {
            $0.readsScopesWithoutToken = true
        },
        mutant("result.denied-set-keeps-valid-items",
               "[all or nothing] keeps the valid items of an invalid denied_scopes instead of treating the set as invalid (D41: all "
               + "or nothing)") {
            $0.deniedKeepsValidItems = true
        },
        mutant("result.grant-checked-before-challenge",
               "[check order] checks the grant set before the state, so a token with an empty grant and a wrong state is a "
               + "cancellation, not error 308 (check order, D41)") {
            $0.checksGrantBeforeChallenge = true
        },
        mutant("result.error-message-needs-error",
               "makes an error callback only from `error`, so error_message alone is a cancellation instead of core "
               + "error 8 (D41)") {
            $0.isErrorCallback = { $0["error"] != nil }
        },
        mutant("result.empty-error-message-is-absent",
               "[presence instead of value] treats an empty error_message as absent (a cancellation); the SDK tests for a string, so it is core "
               + "error 8 (D41)") {
            $0.errorIsCancellation = { ($0["error_message"] ?? "").isEmpty }
        },
    ]

    /// Mutants retired in suite 0.3.0, with the reason (never silently deleted).
    package static let retiredMutants: [(name: String, reason: String)] = [
        ("result.expires-in-before-expires", "DECISIONS.md D27: the expiry precedence is no rule of the callback URL "
            + "(the SDK reads no expiry from it); result.reads-url-expiry takes its place"),
        ("result.zero-expiry-is-an-epoch", "DECISIONS.md D27: as result.expires-in-before-expires"),
        ("result.expires-in-as-epoch", "DECISIONS.md D27: as result.expires-in-before-expires"),
    ]

    private static func mutant(_ name: String, _ description: String, profile: ConformanceProfile = .iosSDK,
                               _ bug: (inout ReferenceLoginResultResolver) -> Void) -> Mutant {
        var model = ReferenceLoginResultResolver()
        bug(&model)
        // Most §3 rules hold in both profiles; a mutant claims ios-sdk unless it names another profile.
        return Mutant(name: name, description: description, family: .loginResult, profile: profile,
                      implementation: model)
    }

    /// The precedence the SDK applies to a Graph JSON response (not to the callback URL): expires or expires_at > 0,
    /// else now + expires_in > 0, else never. Only a mutant reads the URL this way.
    private static func numericExpirationDate(_ parameters: [String: String], now: Double) -> Double? {
        func positive(_ key: String) -> Double? {
            parameters[key].flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil }
        }
        if let epoch = positive("expires") ?? positive("expires_at") { return epoch }
        return positive("expires_in").map { now + $0 }
    }
}
