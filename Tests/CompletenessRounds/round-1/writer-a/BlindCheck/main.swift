import Foundation
import LoginConformance
@testable import BlindRound

// Self-made checks of the bases (inputs constructed from SPECIFICATION.md), and that every bug changes at least
// one answer while keeping the happy path.
nonisolated(unsafe) var failures = 0
func expect<T: Equatable>(_ got: T, _ want: T, _ label: String) {
    if got != want { failures += 1; print("FAIL \(label): got \(got), want \(want)") }
}

// MARK: nonce
let nonceCases: [(String, NonceVerdict)] = [
    ("", .invalid(.empty)), ("abc", .valid), (" abc", .invalid(.whitespace)), ("a\tb", .invalid(.whitespace)),
    ("a\nb", .invalid(.whitespace)), ("a\u{2028}b", .invalid(.whitespace)), ("a\u{A0}b", .invalid(.whitespace)),
    ("a\u{3000}b", .invalid(.whitespace)), ("a\u{200B}b", .valid), ("a\u{FEFF}b", .valid), ("a\u{0}b", .valid),
    ("abc \u{301}def", .invalid(.whitespace)), ("a\r\nb", .invalid(.whitespace)), ("   ", .invalid(.whitespace)),
    ("a%20b", .valid), ("a\u{A8}b", .valid), ("日本🙂", .valid), (String(repeating: "x", count: 100_000), .valid),
]
for (input, want) in nonceCases { expect(try BlindNonce().validateNonce(input), want, "nonce \(input.debugDescription)") }
for bug in BlindNonce.Bug.allCases {
    let n = BlindNonce(bug: bug)
    expect(try n.validateNonce("9f1c2d3e-abcd-4ef0-9a8b-123456789abc"), .valid, "nonce happy \(bug)")
    let differs = try nonceCases.contains { try n.validateNonce($0.0) != $0.1 }
    if !differs { failures += 1; print("FAIL nonce bug \(bug) never differs") }
}

// MARK: code verifier
let v43 = String(repeating: "a", count: 43)
let verifierCases: [(String, CodeVerifierVerdict)] = [
    (v43, .valid), (String(repeating: "a", count: 42), .invalid(.length)), (String(repeating: "Z", count: 128), .valid),
    (String(repeating: "a", count: 129), .invalid(.length)), (String(repeating: "~", count: 50), .valid),
    (String(repeating: "7", count: 50), .valid), (v43 + "é", .invalid(.characters)), (v43 + "\u{212A}", .invalid(.characters)),
    (" " + v43, .invalid(.characters)), (v43 + "\n", .invalid(.characters)), (v43 + "+", .invalid(.characters)),
    (v43 + "%41", .invalid(.characters)), (v43 + "\u{0}!!", .invalid(.characters)), (v43 + "٣", .invalid(.characters)),
]
for (input, want) in verifierCases { expect(try BlindCodeVerifier().validateCodeVerifier(input), want, "verifier \(input.debugDescription)") }
for bug in BlindCodeVerifier.Bug.allCases {
    let v = BlindCodeVerifier(bug: bug)
    expect(try v.validateCodeVerifier("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"), .valid, "verifier happy \(bug)")
    let differs = try verifierCases.contains { try v.validateCodeVerifier($0.0) != $0.1 }
    if !differs { failures += 1; print("FAIL verifier bug \(bug) never differs") }
}

// MARK: login configuration
func req(_ permissions: [String] = ["email"], tracking: LoginTracking = .enabled, nonce: String? = "n1",
         authType: String? = nil, page: String? = nil, verifier: String? = v43, defaultAuth: Bool = false) -> LoginConfigurationRequest {
    LoginConfigurationRequest(permissions: permissions, tracking: tracking, nonce: nonce, authType: authType,
                              messengerPageId: page, codeVerifier: verifier, usesDefaultAuthType: defaultAuth)
}
func created(_ p: Set<String>, _ t: LoginTracking = .enabled, nonce: String = "n1", auth: String? = nil, page: String? = nil,
             verifier: String = v43) -> LoginConfigurationOutcome {
    .created(LoginConfiguration(permissions: p, tracking: t, nonce: nonce, authType: auth, messengerPageId: page, codeVerifier: verifier))
}
let configCases: [(LoginConfigurationRequest, LoginConfigurationOutcome)] = [
    (req(), created(["email"])),
    (req(["email", "email", "user_likes"], tracking: .limited), created(["email", "user_likes"], .limited)),
    (req(defaultAuth: true), created(["email"], auth: "rerequest")),
    (req(authType: "reauthorize"), created(["email"], auth: "reauthorize")),
    (req(authType: "Rerequest"), .refused(.invalidAuthType)), (req(authType: " rerequest"), .refused(.invalidAuthType)),
    (req(authType: ""), .refused(.invalidAuthType)),
    (req(["Email"]), .refused(.invalidPermissionSyntax)), (req(["user_actions.books"]), .refused(.invalidPermissionSyntax)),
    (req(["email", ""]), .refused(.invalidPermissionSyntax)),
    (req(nonce: "a\nb"), created(["email"], nonce: "a\nb")), (req(nonce: "ab\n"), created(["email"], nonce: "ab\n")),
    (req(nonce: "a\u{200B}b"), .refused(.invalidNonce)), (req(nonce: ""), .refused(.invalidNonce)),
    (req(page: ""), created(["email"], page: "")),
    (req(verifier: v43 + "é"), created(["email"], verifier: v43 + "é")),
    (req(verifier: "short"), .refused(.invalidCodeVerifier)),
    (req(nonce: " ", verifier: "short"), .refused(.invalidCodeVerifier)),
    (req(["Bad"], authType: "x"), .refused(.invalidPermissionSyntax)),
]
for (input, want) in configCases { expect(try BlindLoginConfiguration().makeConfiguration(input), want, "config \(input)") }
if case .created(let c) = try BlindLoginConfiguration().makeConfiguration(req(nonce: nil, verifier: nil)) {
    expect(try BlindNonce().validateNonce(c.nonce!) == .valid, true, "default nonce")
    expect(try BlindCodeVerifier().validateCodeVerifier(c.codeVerifier!) == .valid, true, "default verifier")
} else { failures += 1; print("FAIL default config") }
for bug in BlindLoginConfiguration.Bug.allCases {
    let b = BlindLoginConfiguration(bug: bug)
    if bug != .explicitNilAuthTypeDefaults {  // that bug is precisely the explicit nil of this input
    expect(try b.makeConfiguration(req(["public_profile", "email"], tracking: .limited)),
           created(["public_profile", "email"], .limited), "config happy \(bug)")
    }
    let differs = try configCases.contains { try b.makeConfiguration($0.0) != $0.1 }
    if !differs { failures += 1; print("FAIL config bug \(bug) never differs") }
}

// MARK: login result
let challenge = "c1"
let goodState = #"{"challenge":"c1","0_auth_logger_id":"x"}"#
func cb(_ fragment: [String: String], query: [String: String] = [:], requested: Set<String> = ["email", "public_profile"],
        previous: PreviousAccessToken? = nil, graph: String? = nil, storedNonce: String? = nil,
        verdict: IDTokenVerdict? = nil) -> LoginCallback {
    LoginCallback(requestedPermissions: requested, query: query, fragment: fragment, expectedChallenge: challenge,
                  previousToken: previous, graphUserID: graph, now: 1_767_225_600, storedNonce: storedNonce, idTokenVerdict: verdict)
}
func success(_ g: Set<String>, _ d: Set<String> = [], token: String? = "T", user: String = "42",
             auth: ResolvedAuthenticationToken? = nil, profile: LimitedProfile? = nil) -> LoginResultOutcome {
    .success(LoginSuccess(grantedPermissions: g, declinedPermissions: d,
                          token: token.map { ResolvedAccessToken(tokenString: $0, userID: user, expirationDate: nil) },
                          authenticationToken: auth, profile: profile))
}
let ok: [String: String] = ["access_token": "T", "user_id": "42", "granted_scopes": "email,public_profile", "state": goodState, "expires_in": "3600"]
func with(_ extra: [String: String]) -> [String: String] { ok.merging(extra) { $1 } }
let claims: [String: JSONValue] = ["sub": .string("u1"), "name": .string("N"), "picture": .string(""),
                                   "user_birthday": .string("02/13/2000"), "user_age_range": .object(["min": .number(21)])]
var prof = LimitedProfile(userID: "u1", permissions: ["email", "public_profile", "user_friends"])
prof.name = "N"; prof.birthday = "2000-02-13"; prof.ageRange = ProfileAgeRange(exactMin: 21, exactMax: nil)
let prev = PreviousAccessToken(userID: "42", permissions: ["email"])
let resultCases: [(LoginCallback, LoginResultOutcome)] = [
    (cb(ok), success(["email", "public_profile"])),
    (cb(with(["denied_scopes": "user_friends"]), requested: ["email", "public_profile", "user_friends"]), success(["email", "public_profile"], ["user_friends"])),
    (cb(with(["access_token": "F"]), query: ["access_token": "Q"]), success(["email", "public_profile"], token: "F")),
    (cb(["error": "access_denied"]), .cancelled(declinedPermissions: [])),
    (cb(["error": "x", "error_message": "", "error_code": "200"]), .failed(LoginError(domain: "com.facebook.sdk.core", code: 8, graphErrorCode: "200"))),
    (cb(["error_message": ""]), .failed(LoginError(domain: "com.facebook.sdk.core", code: 8))),
    (cb(["state": "{}", "denied_scopes": "email"], previous: prev, graph: "42"), .cancelled(declinedPermissions: [])),
    (cb(with(["state": #"{"challenge":"C1"}"#])), .failed(.badChallenge)),
    (cb(ok.filter { $0.key != "state" }), .failed(.badChallenge)),
    (cb(with(["granted_scopes": "email, public_profile"])), .cancelled(declinedPermissions: [])),
    (cb(with(["granted_scopes": "email,Bad"])), .cancelled(declinedPermissions: [])),
    (cb(with(["granted_scopes": "", "denied_scopes": "email"]), previous: prev, graph: "42"), .cancelled(declinedPermissions: ["email"])),
    (cb(with(["granted_scopes": "", "denied_scopes": "email"])), .cancelled(declinedPermissions: [])),
    (cb(with(["granted_scopes": "email,user_friends"]), requested: ["email"], previous: prev, graph: "42"), success(["email"])),
    (cb(ok, previous: prev, graph: "042"), .failed(.userMismatch)),
    (cb(with(["user_id": "abc"]), previous: PreviousAccessToken(userID: "abc", permissions: ["email"]), graph: "xyz"), .failed(.userMismatch)),
    (cb(with(["denied_scopes": "email,Bad"]), requested: ["email", "public_profile", "user_friends"]), success(["email", "public_profile"])),
    (cb(["id_token": "J", "state": goodState, "granted_scopes": "email,public_profile,user_friends"], storedNonce: "sn", verdict: .valid(claims: claims)),
     success(["email", "public_profile", "user_friends"], token: nil, auth: ResolvedAuthenticationToken(tokenString: "J", nonce: "sn"), profile: prof)),
    (cb(["id_token": "J", "state": goodState, "granted_scopes": "email,public_profile,user_friends"], requested: ["email"], previous: prev, graph: "99", storedNonce: "sn", verdict: .valid(claims: claims)),
     success(["email"], token: nil, auth: ResolvedAuthenticationToken(tokenString: "J", nonce: "sn"), profile: prof)),
    (cb(["id_token": "J", "state": "bad", "granted_scopes": "email"], storedNonce: "sn", verdict: .invalid), .failed(LoginError(domain: "com.facebook.sdk.core", code: 309))),
    (cb(["id_token": "J", "state": goodState, "granted_scopes": "email"], storedNonce: "", verdict: .valid(claims: ["sub": .string("u")])),
     success(["email"], token: nil, auth: ResolvedAuthenticationToken(tokenString: "J", nonce: ""), profile: LimitedProfile(userID: "u", permissions: ["email"]))),
    (cb(["id_token": "J", "state": goodState, "granted_scopes": "email"], verdict: .invalid), .failed(LoginError(domain: "com.facebook.sdk.core", code: 301))),
]
for (i, (input, want)) in resultCases.enumerated() { expect(try BlindLoginResult().resolveLoginResult(input), want, "result #\(i)") }
for bug in BlindLoginResult.Bug.allCases {
    let b = BlindLoginResult(bug: bug)
    if bug != .expiresInRead {  // that bug is precisely the expires_in of this input
        expect(try b.resolveLoginResult(cb(ok)), success(["email", "public_profile"]), "result happy \(bug)")
    }
    let differs = try resultCases.contains { try b.resolveLoginResult($0.0) != $0.1 }
    if !differs { failures += 1; print("FAIL result bug \(bug) never differs") }
}

// MARK: token claims
let now = 1_767_225_600.0
let header = #"{"alg":"RS256","typ":"JWT","kid":"k1"}"#
func claimsText(_ overrides: [String: String] = [:], drop: [String] = []) -> String {
    var members: [String: String] = [
        "jti": #""j1""#, "iss": #""https://www.facebook.com""#, "aud": #""app1""#, "exp": "1767229200",
        "iat": "1767225600", "nonce": #""n1""#, "sub": #""s1""#,
    ]
    for (k, v) in overrides { members[k] = v }
    for k in drop { members[k] = nil }
    return "{" + members.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
}
func tc(_ claims: String, header h: String = header, nonce: String = "n1", app: String = "app1") -> TokenClaimsInput {
    TokenClaimsInput(header: h, claims: claims, expectedNonce: nonce, appID: app, now: now)
}
func rej(_ r: TokenClaimsRejection.Reason, _ c: String? = nil) -> TokenClaimsOutcome { .rejected(TokenClaimsRejection(r, claim: c)) }
func isAccepted(_ o: TokenClaimsOutcome) -> Bool { if case .accepted = o { true } else { false } }
let base = BlindTokenClaims()
var keptAll = TokenClaims(jti: "j1", iss: "https://www.facebook.com", aud: "app1", exp: 1767229200, iat: 1767225600, nonce: "n1", sub: "s1")
expect(try base.validateClaims(tc(claimsText())), .accepted(keptAll), "claims happy")
keptAll.userFriends = []; keptAll.email = ""
expect(try base.validateClaims(tc(claimsText(["user_friends": "[]", "email": #""""#, "name": "3", "user_hometown": #"{"id":"1","name":2}"#, "cnf": #"{"jkt":""}"#, "user_age_range": "{}"]))), .accepted(keptAll), "claims optional")
let claimCases: [(TokenClaimsInput, TokenClaimsOutcome?)] = [  // nil: accepted
    (tc("{"), rej(.malformed)), (tc(claimsText(), header: #"{"alg":"rs256","typ":"JWT","kid":"k"}"#), rej(.headerAlgorithm)),
    (tc(claimsText(), header: #"{"alg":"RS256","typ":"jwt","kid":"k"}"#), rej(.headerType)),
    (tc(claimsText(), header: #"{"alg":"RS256","typ":"JWT","kid":""}"#), rej(.headerKeyID)),
    (tc(claimsText(drop: ["jti"])), rej(.missingClaim, "jti")), (tc(claimsText(["exp": "null"])), rej(.wrongClaimType, "exp")),
    (tc(claimsText(["exp": "true"])), rej(.wrongClaimType, "exp")), (tc(claimsText(["exp": #""1767229200""#])), rej(.wrongClaimType, "exp")),
    (tc(claimsText(["exp": "1767229200.5"])), nil), (tc(claimsText(["exp": "1.7672292e9"])), nil),
    (tc(claimsText(["exp": "18446744073709551616"])), nil),
    (tc(claimsText(["exp": "1767225600"])), rej(.expired)), (tc(claimsText(["exp": "1767225600.0000000001"])), nil),
    (tc(claimsText(["iat": "1767225000"])), nil), (tc(claimsText(["iat": "1767224999.9"])), rej(.issuedTooLongAgo)),
    (tc(claimsText(["iat": "1867225000"])), nil),
    (tc(claimsText(["sub": #""""#])), rej(.emptyClaim, "sub")), (tc(claimsText(["nonce": #""""#])), rej(.emptyClaim, "nonce")),
    (tc(claimsText(["jti": #""""#])), rej(.emptyClaim, "jti")),
    (tc(claimsText(["aud": #"["app1"]"#])), rej(.wrongClaimType, "aud")), (tc(claimsText(["aud": #"" app1""#])), rej(.audience)),
    (tc(claimsText(["aud": #""cafe\u0301""#]), app: "caf\u{E9}"), nil),
    (tc(claimsText(["nonce": #""N1""#])), rej(.nonceMismatch)), (tc(claimsText(["nonce": #""e\u0301""#]), nonce: "\u{E9}"), nil),
    (tc(claimsText(["iss": #""https://evilfacebook.com""#])), rej(.issuer)),
    (tc(claimsText(["iss": #""https://www.facebook.com@evil.com""#])), rej(.issuer)),
    (tc(claimsText(["iss": #""https://user@www.facebook.com""#])), nil),
    (tc(claimsText(["iss": #""https://www.facebook.com:8443""#])), nil),
    (tc(claimsText(["iss": #""http://www.facebook.com/some/path""#])), nil),
    (tc(claimsText(["iss": #""https://facebook.com""#])), nil),
    (tc(claimsText(["iss": #""https://WWW.FACEBOOK.COM""#])), rej(.issuer)),
    (tc(claimsText(["iss": #""https://evil.com#.facebook.com""#])), rej(.issuer)),
    (tc(claimsText(["iss": #""https://evil.com/www.facebook.com""#])), rej(.issuer)),
    (tc(claimsText(["iss": #""www.facebook.com""#])), rej(.issuer)), (tc(claimsText(["iss": #""https://""#])), rej(.issuer)),
    (tc(claimsText(["user_friends": #"["a",1]"#])), nil), (tc(claimsText(["email": "1"])), nil),
    (tc(claimsText(["user_location": #"{"id":"1","name":2}"#])), nil),
]
for (i, (input, want)) in claimCases.enumerated() {
    let got = try base.validateClaims(input)
    if let want { expect(got, want, "claims #\(i)") } else if !isAccepted(got) { failures += 1; print("FAIL claims #\(i): \(got)") }
}
if case .accepted(let k) = try base.validateClaims(tc(claimsText(["user_friends": #"["a",1]"#, "user_location": #"{"id":"1","name":2}"#]))) {
    expect(k.userFriends == nil && k.userLocation == nil, true, "dropped optional")
}
for bug in BlindTokenClaims.Bug.allCases {
    let b = BlindTokenClaims(bug: bug)
    expect(try b.validateClaims(tc(claimsText())), try base.validateClaims(tc(claimsText())), "claims happy \(bug)")
    let differs = try claimCases.contains { try b.validateClaims($0.0) != base.validateClaims($0.0) }
    if !differs { failures += 1; print("FAIL claims bug \(bug) never differs") }
}

print(failures == 0 ? "all checks passed" : "\(failures) failures")
exit(failures == 0 ? 0 : 1)
