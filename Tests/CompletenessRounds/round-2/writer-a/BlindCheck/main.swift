import Foundation
import LoginConformance
@testable import BlindRound

var failures = 0
@MainActor func check(_ ok: Bool, _ what: String) {
    if !ok { failures += 1; print("FAIL:", what) }
}

// MARK: nonce
let nonce = BlindNonce()
let nonceCases: [(String, NonceVerdict)] = [
    ("", .invalid(.empty)), ("abc", .valid), (" ", .invalid(.whitespace)), ("a b", .invalid(.whitespace)),
    ("a\tb", .invalid(.whitespace)), ("a\nb", .invalid(.whitespace)), ("a\u{2028}b", .invalid(.whitespace)),
    ("a\u{200B}b", .valid), ("a\u{FEFF}b", .valid), ("a\u{00A8}b", .valid), ("a%20b", .valid),
    ("abc \u{301}def", .invalid(.whitespace)), ("a\u{85}b", .invalid(.whitespace)), ("a\u{0B}b", .invalid(.whitespace)), ("a\r\nb", .invalid(.whitespace)),
    (String(repeating: "x", count: 100_000), .valid), ("😀漢字", .valid), ("a\u{3000}", .invalid(.whitespace)),
]
for (input, want) in nonceCases { check(try nonce.validateNonce(input) == want, "nonce base \(input.debugDescription.prefix(30))") }
let nonceWitness: [BlindNonce.Bug: String] = [
    .trimsWhitespace: " abc", .whitespaceOnlyIsEmpty: "  ", .foundationWhitespaceSet: "a\nb",
    .scansCharacters: "abc \u{301}def", .asciiWhitespaceOnly: "a\u{00A0}b", .checksEndsOnly: "a b",
    .nfkcBeforeCheck: "a\u{00A8}b", .percentDecodes: "a%20b", .regexWhitespaceClass: "a\u{85}b",
]
for bug in BlindNonce.Bug.allCases {
    let b = BlindNonce(bug: bug)
    check(try b.validateNonce("happy-nonce-123") == .valid, "nonce \(bug) happy")
    guard let w = nonceWitness[bug] else { check(false, "nonce \(bug) no witness"); continue }
    check(try b.validateNonce(w) != nonce.validateNonce(w), "nonce \(bug) witness")
}

// MARK: code verifier
let cv = BlindCodeVerifier()
let a43 = String(repeating: "a", count: 43)
let cvCases: [(String, CodeVerifierVerdict)] = [
    (a43, .valid), (String(repeating: "a", count: 42), .invalid(.length)), (String(repeating: "Z", count: 128), .valid),
    (String(repeating: "9", count: 129), .invalid(.length)), (String(repeating: "~", count: 50), .valid),
    (a43 + "+", .invalid(.characters)), (a43 + "é", .invalid(.characters)), (a43 + "\u{212A}", .invalid(.characters)),
    (a43 + " ", .invalid(.characters)), (a43 + "\0x", .invalid(.characters)), ("", .invalid(.length)),
]
for (input, want) in cvCases { check(try cv.validateCodeVerifier(input) == want, "cv base \(input.prefix(50))") }
let cvWitness: [BlindCodeVerifier.Bug: String] = [
    .refusesMaximumLength: String(repeating: "a", count: 128), .unicodeAlphanumerics: a43 + "é",
    .allowsBase64Characters: a43 + "=", .base64urlAlphabetOnly: a43 + "~", .trimsWhitespace: a43 + "\n",
    .stopsAtNUL: a43 + "\0 x", .nfkcBeforeCheck: a43 + "\u{212A}", .percentDecodes: a43 + "%41",
]
for bug in BlindCodeVerifier.Bug.allCases {
    let b = BlindCodeVerifier(bug: bug)
    check(try b.validateCodeVerifier("OB6imf0pt3YLueBtNlljrdJZXdFk8gKJ97UQEpz1ojlEUL4p") == .valid, "cv \(bug) happy")
    guard let w = cvWitness[bug] else { check(false, "cv \(bug) no witness"); continue }
    check(try b.validateCodeVerifier(w) != cv.validateCodeVerifier(w), "cv \(bug) witness")
}

// MARK: login configuration
func req(_ permissions: [String] = ["email", "public_profile"], tracking: LoginTracking = .enabled, nonce: String? = "n1",
         authType: String? = nil, defaultAuth: Bool = false, page: String? = nil, verifier: String? = nil) -> LoginConfigurationRequest {
    LoginConfigurationRequest(permissions: permissions, tracking: tracking, nonce: nonce, authType: authType,
                              messengerPageId: page, codeVerifier: verifier, usesDefaultAuthType: defaultAuth)
}
func reason(_ o: LoginConfigurationOutcome) -> String { if case .refused(let r) = o { r.rawValue } else { "created" } }
let lc = BlindLoginConfiguration()
let lcCases: [(LoginConfigurationRequest, String)] = [
    (req(), "created"), (req(nonce: ""), "invalidNonce"), (req(nonce: "a\nb"), "created"), (req(nonce: "a\u{200B}"), "invalidNonce"),
    (req(["Email"]), "invalidPermissionSyntax"), (req(["user_likes"], tracking: .limited), "created"),
    (req(authType: "Rerequest"), "invalidAuthType"), (req(authType: "reauthorize"), "created"),
    (req(verifier: "short"), "invalidCodeVerifier"), (req(nonce: "", verifier: "short"), "invalidCodeVerifier"),
    (req(["BAD"], nonce: " "), "invalidNonce"), (req(["BAD"], authType: "x"), "invalidPermissionSyntax"),
    (req(verifier: String(repeating: "é", count: 43)), "created"), (req(["a", "a"]), "created"), ([req([])].first!, "created"),
]
for (input, want) in lcCases { check(reason(try lc.makeConfiguration(input)) == want, "lc base \(input)") }
if case .created(let c) = try lc.makeConfiguration(req(defaultAuth: true)) { check(c.authType == "rerequest", "lc default auth") }
if case .created(let c) = try lc.makeConfiguration(req(authType: nil)) { check(c.authType == nil, "lc nil auth") }
if case .created(let c) = try lc.makeConfiguration(req(nonce: nil)) { check(c.nonce?.isEmpty == false && c.codeVerifier?.count == 64, "lc defaults") }
let lcWitness: [BlindLoginConfiguration.Bug: LoginConfigurationRequest] = [
    .nonceBeforeVerifier: req(nonce: "", verifier: "short"), .authTypeBeforePermissions: req(["BAD"], authType: "x"),
    .authTypeCaseInsensitive: req(authType: "Rerequest"), .emptyAuthTypeIsNil: req(authType: ""),
    .explicitNilAuthTypeDefaults: req(authType: nil), .allowsDotInPermission: req(["user_actions.books"]),
    .dropsInvalidPermissions: req(["email", "Bad"]), .allowsEmptyPermission: req([""]),
    .appliesLimitedAllowList: req(["user_likes"], tracking: .limited), .nonceRefusesNewlines: req(nonce: "a\nb"),
    .storesTrimmedNonce: req(nonce: "abc\n"), .emptyMessengerPageIdIsNil: req(page: ""),
    .verifierLengthInBytes: req(verifier: String(repeating: "é", count: 100)),
    .verifierASCIIOnly: req(verifier: String(repeating: "é", count: 50)),
]
for bug in BlindLoginConfiguration.Bug.allCases {
    let b = BlindLoginConfiguration(bug: bug)
    check(reason(try b.makeConfiguration(req(authType: "rerequest", verifier: a43))) == "created", "lc \(bug) happy")
    guard let w = lcWitness[bug] else { check(false, "lc \(bug) no witness"); continue }
    check(try b.makeConfiguration(w) != lc.makeConfiguration(w), "lc \(bug) witness")
}

// MARK: token claims
let now = 1_767_225_600.0
func claimsText(_ overrides: [String: String] = [:], drop: [String] = []) -> String {
    var members: [String: String] = [
        "jti": "\"j1\"", "iss": "\"https://www.facebook.com\"", "aud": "\"1234\"", "exp": "1767229200",
        "iat": "1767225500", "nonce": "\"n-1\"", "sub": "\"u1\"",
    ]
    for (k, v) in overrides { members[k] = v }
    for k in drop { members[k] = nil }
    return "{" + members.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
}
let goodHeader = #"{"alg":"RS256","typ":"JWT","kid":"k1"}"#
func tc(_ claims: String, header: String = goodHeader, nonce: String = "n-1", app: String = "1234") -> TokenClaimsInput {
    TokenClaimsInput(header: header, claims: claims, expectedNonce: nonce, appID: app, now: now)
}
func label(_ o: TokenClaimsOutcome) -> String { TokenClaimsFamily.label(of: o) }
let tcv = BlindTokenClaims()
let tcCases: [(TokenClaimsInput, String)] = [
    (tc(claimsText()), "accepted"),
    (tc(claimsText(), header: #"{"alg":"RS256","kid":"k1"}"#), "rejected(headerType)"),
    (tc(claimsText(), header: #"{"alg":"rs256","typ":"JWT","kid":"k1"}"#), "rejected(headerAlgorithm)"),
    (tc(claimsText(), header: #"{"alg":"RS256","typ":"JWT","kid":""}"#), "rejected(headerKeyID)"),
    (tc(claimsText(), header: #"{"alg":"RS256","typ":"JWT","kid":"k",}"#), "rejected(malformed)"),
    (tc(claimsText(drop: ["jti"])), "rejected(missingClaim: jti)"),
    (tc(claimsText(["sub": "\"\""])), "rejected(emptyClaim: sub)"),
    (tc(claimsText(["exp": "true"])), "rejected(wrongClaimType: exp)"),
    (tc(claimsText(["exp": "null"])), "rejected(wrongClaimType: exp)"),
    (tc(claimsText(["aud": "[\"1234\"]"])), "rejected(wrongClaimType: aud)"),
    (tc(claimsText(["exp": "1767225600"])), "rejected(expired)"),
    (tc(claimsText(["exp": "1767225600.5"])), "accepted"),
    (tc(claimsText(["exp": "1e30"])), "accepted"),
    (tc(claimsText(["iat": "1767225000"])), "accepted"),
    (tc(claimsText(["iat": "1767224999.9"])), "rejected(issuedTooLongAgo)"),
    (tc(claimsText(["iat": "1867225000"])), "accepted"),
    (tc(claimsText(["nonce": "\"N-1\""])), "rejected(nonceMismatch)"),
    (tc(claimsText(["nonce": "\"e\u{301}\""]), nonce: "\u{E9}"), "accepted"),
    (tc(claimsText(["aud": "\" 1234\""])), "rejected(audience)"),
    (tc(claimsText(["iss": "\"https://user@www.facebook.com\""])), "accepted"),
    (tc(claimsText(["iss": "\"https://www.facebook.com@evil.com\""])), "rejected(issuer)"),
    (tc(claimsText(["iss": "\"https://www.facebook.com:443\""])), "accepted"),
    (tc(claimsText(["iss": "\"http://www.facebook.com/some/path\""])), "accepted"),
    (tc(claimsText(["iss": "\"https://evil.com/www.facebook.com\""])), "rejected(issuer)"),
    (tc(claimsText(["iss": "\"https://evil.com#.facebook.com\""])), "rejected(issuer)"),
    (tc(claimsText(["iss": "\"www.facebook.com\""])), "rejected(issuer)"),
    (tc(claimsText(["iss": "\"https://\""])), "rejected(issuer)"),
    (tc(claimsText(["iss": "\"https://evilfacebook.com\""])), "rejected(issuer)"),
    (tc(claimsText(["iss": "\"https://facebook.com\""])), "accepted"),
    (tc(claimsText(["iss": "\"https://WWW.FACEBOOK.COM\""])), "rejected(issuer)"),
]
for (input, want) in tcCases { check(label(try tcv.validateClaims(input)) == want, "tc base \(input.claims) \(input.header) -> \(label(try tcv.validateClaims(input)))") }
if case .accepted(let k) = try tcv.validateClaims(tc(claimsText([
    "name": "\"\"", "user_friends": "[\"a\",1]", "user_age_range": "{\"min\":21}", "user_hometown": "{\"id\":\"1\",\"name\":2}",
    "cnf": "{\"jkt\":\"x\",\"y\":1}", "email": "5", "exp": "9007199254740993",
]))) {
    check(k.name == "" && k.userFriends == nil && k.exactUserAgeRange == ["min": 21] && k.userHometown == nil && k.cnfJKT == "x" && k.email == nil, "tc optional")
    check(k.exactExp == JSONNumber("9007199254740993")!, "tc exact exp")
} else { check(false, "tc optional accepted") }
let tcWitness: [BlindTokenClaims.Bug: TokenClaimsInput] = [
    .issSuffixWithoutDot: tc(claimsText(["iss": "\"https://evilfacebook.com\""])),
    .issAuthorityAsHost: tc(claimsText(["iss": "\"https://www.facebook.com:443\""])),
    .issPrefixMatch: tc(claimsText(["iss": "\"https://www.facebook.com@evil.com\""])),
    .issCaseInsensitive: tc(claimsText(["iss": "\"https://WWW.FACEBOOK.COM\""])),
    .issRequiresHTTPS: tc(claimsText(["iss": "\"http://www.facebook.com/some/path\""])),
    .audCodePoints: tc(claimsText(["aud": "\"e\u{301}\""]), app: "\u{E9}"),
    .audArrayContains: tc(claimsText(["aud": "[\"1234\"]"])),
    .audTrimmed: tc(claimsText(["aud": "\" 1234\""])),
    .nonceCaseInsensitive: tc(claimsText(["nonce": "\"N-1\""])),
    .expInclusive: tc(claimsText(["exp": "1767225600"])),
    .iatWindowExclusive: tc(claimsText(["iat": "1767225000"])),
    .refusesFutureIat: tc(claimsText(["iat": "1867225000"])),
    .integerDates: tc(claimsText(["exp": "1767229200.5"])),
    .boolAsNumber: tc(claimsText(["iat": "true"])),
    .numericStringDates: tc(claimsText(["exp": "\"1767229200\""])),
    .nullIsMissing: tc(claimsText(["sub": "null"])),
    .emptyIsMissing: tc(claimsText(["sub": "\"\""])),
    .jtiOptional: tc(claimsText(drop: ["jti"])),
    .algCaseInsensitive: tc(claimsText(), header: #"{"alg":"rs256","typ":"JWT","kid":"k1"}"#),
    .typOptional: tc(claimsText(), header: #"{"alg":"RS256","kid":"k1"}"#),
    .wrongTypedOptionalRejects: tc(claimsText(["email": "5"])),
    .ageRangeKeepsNumbers: tc(claimsText(["user_age_range": "{\"min\":21,\"max\":\"x\"}"])),
    .friendsKeepsStrings: tc(claimsText(["user_friends": "[\"a\",1]"])),
    .dropsEmptyOptionalStrings: tc(claimsText(["name": "\"\""])),
]
for bug in BlindTokenClaims.Bug.allCases {
    let b = BlindTokenClaims(bug: bug)
    check(label(try b.validateClaims(tc(claimsText(["name": "\"Ann\""])))) == "accepted", "tc \(bug) happy")
    guard let w = tcWitness[bug] else { check(false, "tc \(bug) no witness"); continue }
    check(try b.validateClaims(w) != tcv.validateClaims(w), "tc \(bug) witness \(label(try b.validateClaims(w)))")
}

// MARK: login result
let state = #"{"challenge":"ch1","x":1}"#
func cb(_ params: [String: String], query: [String: String] = [:], requested: Set<String> = ["email", "public_profile"],
        previous: PreviousAccessToken? = nil, graphUser: String? = nil, storedNonce: String? = nil,
        verdict: IDTokenVerdict? = nil) -> LoginCallback {
    LoginCallback(requestedPermissions: requested, query: query, fragment: params, expectedChallenge: "ch1",
                  previousToken: previous, graphUserID: graphUser, now: now, storedNonce: storedNonce, idTokenVerdict: verdict)
}
let good: [String: String] = ["access_token": "AT", "granted_scopes": "email,public_profile", "denied_scopes": "", "state": state, "user_id": "42"]
func with(_ extra: [String: String], _ base: [String: String] = good) -> [String: String] { base.merging(extra) { $1 } }
let lr = BlindLoginResult()
func lrl(_ o: LoginResultOutcome) -> String {
    switch o {
    case .cancelled(let d): "cancelled\(d.sorted())"
    case .failed(let e): "failed(\(e.domain) \(e.code) \(e.graphErrorCode ?? "-"))"
    case .success(let s): "success(\(s.grantedPermissions.sorted()) \(s.declinedPermissions.sorted()) \(s.token?.userID ?? "-") \(s.profile?.userID ?? "-"))"
    }
}
let prev = PreviousAccessToken(userID: "42", permissions: ["email"])
let claims: [String: JSONValue] = ["sub": .string("u9"), "user_birthday": .string("02/29/2024"),
    "user_age_range": .object(["min": .number(JSONNumber("20.2")!), "max": .number(JSONNumber("20.8")!)])]
let lrCases: [(LoginCallback, String)] = [
    (cb(good), "success([\"email\", \"public_profile\"] [] 42 -)"),
    (cb(["error": "access_denied"]), "cancelled[]"),
    (cb(["error_message": ""]), "failed(com.facebook.sdk.core 8 -)"),
    (cb(["error": "x", "error_message": "m", "error_code": "0190"]), "failed(com.facebook.sdk.core 8 0190)"),
    (cb(with(["state": #"{"challenge":"no"}"#])), "failed(com.facebook.sdk.login 308 -)"),
    (cb(["state": "bad"]), "cancelled[]"),
    (cb(with(["granted_scopes": "email, public_profile"])), "cancelled[]"),
    (cb(with(["granted_scopes": "user_likes", "denied_scopes": "email"]), requested: ["email"], previous: prev, graphUser: "42"), "cancelled[\"email\"]"),
    (cb(with(["denied_scopes": "email,user_likes"]), requested: ["email", "user_x"]), "success([\"email\", \"public_profile\"] [\"email\"] 42 -)"),
    (cb(with(["denied_scopes": "Email"]), requested: ["email"]), "success([\"email\", \"public_profile\"] [] 42 -)"),
    (cb(good, previous: prev, graphUser: "042"), "failed(com.facebook.sdk.login 304 -)"),
    (cb(good, query: ["access_token": "Q"]), "success([\"email\", \"public_profile\"] [] 42 -)"),
    (cb(with(["id_token": "IDT"]), storedNonce: nil, verdict: .valid(claims: claims)), "failed(com.facebook.sdk.core 301 -)"),
    (cb(with(["id_token": "IDT", "state": "x"]), storedNonce: "n", verdict: .invalid), "failed(com.facebook.sdk.core 309 -)"),
    (cb(["id_token": "IDT", "granted_scopes": "email", "state": state], storedNonce: "", verdict: .valid(claims: claims)), "success([\"email\"] [] - u9)"),
]
for (input, want) in lrCases { check(lrl(try lr.resolveLoginResult(input)) == want, "lr base \(input.fragment) -> \(lrl(try lr.resolveLoginResult(input)))") }
if case .success(let s) = try lr.resolveLoginResult(cb(["id_token": "IDT", "granted_scopes": "email,user_birthday", "state": state], requested: ["email"], previous: prev, graphUser: "7", storedNonce: "n", verdict: .valid(claims: claims))) {
    check(s.token == nil && s.authenticationToken == ResolvedAuthenticationToken(tokenString: "IDT", nonce: "n")
          && s.profile?.birthday == "2024-02-29" && s.profile?.ageRange == nil && s.profile?.permissions == ["email", "user_birthday"]
          && s.grantedPermissions == ["email"], "lr id token success \(s)")
} else { check(false, "lr id token success") }
let lrWitness: [BlindLoginResult.Bug: LoginCallback] = [
    .queryWins: cb(good, query: ["access_token": "Q"]),
    .errorWithoutMessageIsError: cb(["error": "access_denied"]),
    .emptyErrorMessageIgnored: cb(["error_message": ""]),
    .errorCodeAsInteger: cb(["error_message": "m", "error_code": "0190"]),
    .emptyAccessTokenCounts: cb(with(["access_token": ""])),
    .declinedIsRequestedMinusGranted: cb(with(["granted_scopes": "email"]), requested: ["email", "user_x"]),
    .grantedNeverIntersected: cb(with(["granted_scopes": "email,public_profile"]), requested: ["email"], previous: prev, graphUser: "42"),
    .scopesTrimmed: cb(with(["granted_scopes": "email, public_profile"])),
    .invalidScopesDropped: cb(with(["granted_scopes": "email,Public"])),
    .invalidDeniedCancels: cb(with(["denied_scopes": "Email"])),
    .challengeBeforeCancellation: cb(["state": "bad"]),
    .missingStateAccepted: cb(with([:]).filter { $0.key != "state" }),
    .emptyGrantSucceeds: cb(with(["granted_scopes": ""])),
    .cancelDeclinesWithoutPreviousToken: cb(with(["granted_scopes": "", "denied_scopes": "email"])),
    .tokenlessCancelReadsScopes: cb(["denied_scopes": "email"], previous: prev, graphUser: "42"),
    .userIDsComparedAsNumbers: cb(good, previous: prev, graphUser: "042"),
    .userCheckWithoutAccessToken: cb(["id_token": "IDT", "granted_scopes": "email", "state": state], previous: prev, graphUser: "7", storedNonce: "n", verdict: .valid(claims: claims)),
    .expiryFromURL: cb(with(["expires_in": "3600"])),
    .invalidIDTokenLoginDomain: cb(with(["id_token": "IDT"]), storedNonce: "n", verdict: .invalid),
    .stateBeforeIDToken: cb(with(["id_token": "IDT", "state": "x"]), storedNonce: "n", verdict: .invalid),
    .emptyStoredNonceIsNone: cb(with(["id_token": "IDT"]), storedNonce: "", verdict: .valid(claims: claims)),
    .profilePermissionsRecentlyGranted: cb(["id_token": "IDT", "granted_scopes": "email,user_birthday", "state": state], requested: ["email"], previous: prev, graphUser: "42", storedNonce: "n", verdict: .valid(claims: claims)),
]
for bug in BlindLoginResult.Bug.allCases {
    let b = BlindLoginResult(bug: bug)
    check(lrl(try b.resolveLoginResult(cb(good))) == lrl(try lr.resolveLoginResult(cb(good))), "lr \(bug) happy")
    guard let w = lrWitness[bug] else { check(false, "lr \(bug) no witness"); continue }
    check(try b.resolveLoginResult(w) != lr.resolveLoginResult(w), "lr \(bug) witness \(lrl(try b.resolveLoginResult(w)))")
}

let counts = [BlindNonce.Bug.allCases.count, BlindCodeVerifier.Bug.allCases.count, BlindLoginConfiguration.Bug.allCases.count,
              BlindTokenClaims.Bug.allCases.count, BlindLoginResult.Bug.allCases.count]
print("bugs per family (nonce, code-verifier, login-configuration, token-claims, login-result):", counts, "total", counts.reduce(0, +))
print(failures == 0 ? "ALL OK" : "\(failures) FAILURES")
print("spot:", try BlindNonce(bug: .scansCharacters).validateNonce("a\r\nb"), try nonce.validateNonce("a\r\nb"),
      lrl(try BlindLoginResult(bug: .expiryFromURL).resolveLoginResult(cb(with(["expires_in": "3600"])))),
      label(try BlindTokenClaims(bug: .issPrefixMatch).validateClaims(tc(claimsText(["iss": "\"https://facebook.com\""])))))
