import Foundation
import LoginConformance
@testable import BlindRound

// Hand checks of the base implementations, with inputs written from SPECIFICATION.md (not the suite's vectors), and
// a liveness check of every bug: each bug must give a wrong answer on at least one of these inputs and a right answer
// on the happy-path inputs (those marked `happy`).

struct Case<Input, Outcome> {
    let name: String
    let input: Input
    let expected: Outcome
    let happy: Bool
}

var failures = 0

@MainActor func run<Input, Outcome, Bug: CaseIterable & RawRepresentable>(
    family: String, bugs: Bug.Type, cases: [Case<Input, Outcome>],
    answer: (Bug?, Input) throws -> Outcome, conforms: (Outcome, Outcome, Input) -> Bool
) where Bug.RawValue == String {
    var baseFailures = 0
    for item in cases {
        do {
            let got = try answer(nil, item.input)
            if !conforms(got, item.expected, item.input) {
                baseFailures += 1
                print("BASE FAIL \(family) \(item.name): got \(got), want \(item.expected)")
            }
        } catch {
            baseFailures += 1
            print("BASE ERROR \(family) \(item.name): \(error)")
        }
    }
    var dead: [String] = [], breaksHappy: [String] = []
    for bug in Bug.allCases {
        var caught: [String] = []
        for item in cases {
            let got = try? answer(bug, item.input)
            if got.map({ conforms($0, item.expected, item.input) }) != true {
                caught.append(item.name)
                // expiryReadFromCallback changes a detail (a non-null expirationDate) of every success carrying an
                // expiry parameter; it refuses nothing.
                if item.happy, bug.rawValue != "expiryReadFromCallback" { breaksHappy.append("\(bug.rawValue)@\(item.name)") }
            }
        }
        if caught.isEmpty { dead.append(bug.rawValue) }
        if CommandLine.arguments.contains("-v") { print("  \(family).\(bug.rawValue): \(caught.joined(separator: ", "))") }
    }
    failures += baseFailures + dead.count + breaksHappy.count
    print("\(family): \(cases.count) cases, base failures \(baseFailures); \(Bug.allCases.count) bugs, not caught: \(dead), breaking happy path: \(breaksHappy)")
}

// MARK: nonce (documented)

do {
    func c(_ name: String, _ nonce: String, _ expected: NonceVerdict, happy: Bool = false) -> Case<String, NonceVerdict> {
        Case(name: name, input: nonce, expected: expected, happy: happy)
    }
    var cases: [Case<String, NonceVerdict>] = [
        c("plain", "abc123", .valid, happy: true),
        c("uuid", "5A0B9D3C-1E2F-4A5B-8C7D-9E0F1A2B3C4D", .valid, happy: true),
        c("empty", "", .invalid(.empty)),
        c("space-only", " ", .invalid(.whitespace)),
        c("spaces-only", "   ", .invalid(.whitespace)),
        c("leading-space", " abc", .invalid(.whitespace)),
        c("trailing-space", "abc ", .invalid(.whitespace)),
        c("inner-space", "a b", .invalid(.whitespace)),
        c("trailing-lf", "abc\n", .invalid(.whitespace)),
        c("crlf", "a\r\nb", .invalid(.whitespace)),
        c("space-then-combining", "abc \u{301}def", .invalid(.whitespace)),
        c("u+200b", "a\u{200B}b", .valid),
        c("only-u+200b", "\u{200B}", .valid),
        c("u+200c", "a\u{200C}b", .valid),
        c("u+2060", "a\u{2060}b", .valid),
        c("u+feff", "\u{FEFF}abc", .valid),
        c("nul", "a\u{0}b", .valid),
        c("u+001f", "a\u{1F}b", .valid),
        c("del", "a\u{7F}b", .valid),
        c("u+00a8-nfkc-space", "a\u{A8}b", .valid),
        c("u+2007-figure-space", "a\u{2007}b", .invalid(.whitespace)),
        c("percent-20", "abc%20def", .valid),
        c("entity", "a&nbsp;b", .valid),
        c("backslash-escape", "a\\u0020b", .valid),
        c("emoji", "🔐nonce", .valid),
        c("cjk", "一次性", .valid),
        c("private-use", "\u{E000}\u{F8FF}", .valid),
        c("long-100000", String(repeating: "n", count: 100_000), .valid),
    ]
    for scalar: UInt32 in [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004,
                           0x2005, 0x2006, 0x2008, 0x2009, 0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000] {
        let character = String(Character(Unicode.Scalar(scalar)!))
        cases.append(c(String(format: "ws-u+%04x", scalar), "x\(character)y", .invalid(.whitespace)))
    }
    run(family: "nonce", bugs: BlindNonce.Bug.self, cases: cases,
        answer: { bug, nonce in try BlindNonce(bug: bug).validateNonce(nonce) },
        conforms: { got, want, nonce in NonceFamily.conforms(got, to: want, input: NonceInput(nonce: nonce)) })
}

// MARK: code-verifier (documented)

do {
    func c(_ name: String, _ verifier: String, _ expected: CodeVerifierVerdict, happy: Bool = false) -> Case<String, CodeVerifierVerdict> {
        Case(name: name, input: verifier, expected: expected, happy: happy)
    }
    let a = { (n: Int) in String(repeating: "a", count: n) }
    var cases: [Case<String, CodeVerifierVerdict>] = [
        c("rfc-appendix-b", "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk", .valid, happy: true),
        c("spec-example", "OB6imf0pt3YLueBtNlljrdJZXdFk8gKJ97UQEpz1ojlEUL4p", .valid, happy: true),
        c("43", a(43), .valid, happy: true),
        c("128", a(128), .valid),
        c("mixed-unreserved", "AZaz09-._~" + a(33), .valid, happy: true),
        c("digits-only", String(repeating: "7", count: 50), .valid),
        c("tilde-only", String(repeating: "~", count: 43), .valid),
        c("empty", "", .invalid(.length)),
        c("42", a(42), .invalid(.length)),
        c("129", a(129), .invalid(.length)),
        c("leading-space", " " + a(43), .invalid(.characters)),
        c("trailing-lf", a(43) + "\n", .invalid(.characters)),
        c("trailing-space", a(50) + " ", .invalid(.characters)),
        c("inner-tab", a(20) + "\t" + a(30), .invalid(.characters)),
        c("nul-then-junk", a(45) + "\u{0}!!", .invalid(.characters)),
        c("percent-7e", a(43) + "%7E", .invalid(.characters)),
        c("plus", a(43) + "+", .invalid(.characters)),
        c("slash", a(43) + "/", .invalid(.characters)),
        c("equals", a(43) + "=", .invalid(.characters)),
        c("e-acute", "\u{E9}" + a(42), .invalid(.characters)),
        c("kelvin", "\u{212A}" + a(42), .invalid(.characters)),
        c("fullwidth-a", "\u{FF21}" + a(42), .invalid(.characters)),
        c("arabic-indic-digit", "\u{661}" + a(42), .invalid(.characters)),
        c("128-with-one-non-ascii", "\u{E9}" + a(127), .invalid(.characters)),
        c("en-dash", "\u{2013}" + a(42), .invalid(.characters)),
        c("emoji", "🔐" + a(42), .invalid(.characters)),
    ]
    for scalar in "!\"#$%&'()*,:;<>?@[\\]^`{|}".unicodeScalars {
        cases.append(c("ascii-\(scalar.value)", a(43) + String(Character(scalar)), .invalid(.characters)))
    }
    run(family: "code-verifier", bugs: BlindCodeVerifier.Bug.self, cases: cases,
        answer: { bug, verifier in try BlindCodeVerifier(bug: bug).validateCodeVerifier(verifier) },
        conforms: { got, want, verifier in CodeVerifierFamily.conforms(got, to: want, input: CodeVerifierInput(codeVerifier: verifier)) })
}

// MARK: login-configuration (ios-sdk)

do {
    let verifier = "OB6imf0pt3YLueBtNlljrdJZXdFk8gKJ97UQEpz1ojlEUL4p"
    func request(
        _ permissions: [String] = ["public_profile", "email"], tracking: LoginTracking = .enabled, nonce: String? = "nonce-1",
        authType: String? = nil, defaultAuthType: Bool = false, messenger: String? = nil, verifier codeVerifier: String? = verifier
    ) -> LoginConfigurationRequest {
        LoginConfigurationRequest(permissions: permissions, tracking: tracking, nonce: nonce, authType: authType,
                                  messengerPageId: messenger, codeVerifier: codeVerifier, usesDefaultAuthType: defaultAuthType)
    }
    func created(_ r: LoginConfigurationRequest, authType: String?? = .none) -> LoginConfigurationOutcome {
        .created(LoginConfiguration(
            permissions: Set(r.permissions), tracking: r.tracking, nonce: r.nonce,
            authType: authType ?? r.authType, messengerPageId: r.messengerPageId, codeVerifier: r.codeVerifier))
    }
    typealias C = Case<LoginConfigurationRequest, LoginConfigurationOutcome>
    func ok(_ name: String, _ r: LoginConfigurationRequest, authType: String?? = .none, happy: Bool = false) -> C {
        C(name: name, input: r, expected: created(r, authType: authType), happy: happy)
    }
    func no(_ name: String, _ r: LoginConfigurationRequest, _ reason: LoginConfigurationOutcome.Reason) -> C {
        C(name: name, input: r, expected: .refused(reason), happy: false)
    }
    let cases: [C] = [
        ok("basic", request(), happy: true),
        ok("limited-basic", request(tracking: .limited), happy: true),
        ok("rerequest", request(authType: "rerequest"), happy: true),
        ok("reauthorize", request(authType: "reauthorize")),
        ok("duplicates", request(["email", "email", "public_profile"])),
        ok("empty-list", request([])),
        ok("default-nonce", request(nonce: nil), happy: true),
        ok("default-verifier", request(verifier: nil)),
        ok("default-auth-type", request(defaultAuthType: true), authType: .some("rerequest")),
        ok("explicit-nil-auth-type", request(authType: nil)),
        ok("nonce-newline", request(nonce: "abc\ndef")),
        ok("nonce-u+2028", request(nonce: "abc\u{2028}def")),
        ok("nonce-long-unicode", request(nonce: String(repeating: "ñ", count: 5000))),
        ok("limited-outside-list", request(["user_likes", "email"], tracking: .limited)),
        ok("enabled-any", request(["user_posts", "pages_show_list"])),
        ok("messenger-empty", request(messenger: "")),
        ok("messenger-junk", request(messenger: " 12 ab\n")),
        ok("verifier-unicode-letters", request(verifier: "\u{E9}\u{439}\u{3B1}" + String(repeating: "b", count: 41))),
        ok("verifier-128", request(verifier: String(repeating: "Z", count: 128))),
        no("nonce-empty", request(nonce: ""), .invalidNonce),
        no("nonce-space", request(nonce: "a b"), .invalidNonce),
        no("nonce-leading-space", request(nonce: " abc"), .invalidNonce),
        no("nonce-tab", request(nonce: "a\tb"), .invalidNonce),
        no("nonce-u+200b", request(nonce: "a\u{200B}b"), .invalidNonce),
        no("nonce-u+3000", request(nonce: "a\u{3000}b"), .invalidNonce),
        no("perm-upper", request(["Email"]), .invalidPermissionSyntax),
        no("perm-dot", request(["user_actions.books"]), .invalidPermissionSyntax),
        no("perm-empty", request(["email", ""]), .invalidPermissionSyntax),
        no("perm-digit", request(["user1"]), .invalidPermissionSyntax),
        no("perm-bad-last", request(["email", "public_profile", "bad-one"]), .invalidPermissionSyntax),
        no("perm-trailing-space", request(["email "]), .invalidPermissionSyntax),
        no("perm-limited-bad", request(["Email"], tracking: .limited), .invalidPermissionSyntax),
        no("auth-upper", request(authType: "Rerequest"), .invalidAuthType),
        no("auth-empty", request(authType: ""), .invalidAuthType),
        no("auth-space", request(authType: "rerequest "), .invalidAuthType),
        no("auth-other", request(authType: "reauthenticate"), .invalidAuthType),
        no("verifier-42", request(verifier: String(repeating: "a", count: 42)), .invalidCodeVerifier),
        no("verifier-plus", request(verifier: String(repeating: "a", count: 43) + "+"), .invalidCodeVerifier),
        no("verifier-emoji", request(verifier: String(repeating: "a", count: 43) + "🔐"), .invalidCodeVerifier),
        no("order-verifier-nonce", request(nonce: "", verifier: "short"), .invalidCodeVerifier),
        no("order-verifier-auth", request(authType: "x", verifier: "short"), .invalidCodeVerifier),
        no("order-nonce-perm", request(["Bad"], nonce: "a b"), .invalidNonce),
        no("order-perm-auth", request(["Bad"], authType: "x"), .invalidPermissionSyntax),
        no("order-nonce-auth", request(nonce: "", authType: "x"), .invalidNonce),
    ]
    run(family: "login-configuration", bugs: BlindLoginConfiguration.Bug.self, cases: cases,
        answer: { bug, r in try BlindLoginConfiguration(bug: bug).makeConfiguration(r) },
        conforms: { got, want, r in LoginConfigurationFamily.conforms(got, to: want, input: r) })
}

// MARK: token-claims (ios-sdk)

do {
    let now = 1_767_225_600.0
    let header = #"{"alg":"RS256","typ":"JWT","kid":"k1"}"#
    let requiredClaims: [(String, String)] = [
        ("jti", #""j-1""#), ("iss", #""https://www.facebook.com""#), ("aud", #""1234""#), ("exp", "1767229200"),
        ("iat", "1767225600"), ("nonce", #""n-1""#), ("sub", #""u-1""#),
    ]
    /// The claims text with `changes` applied (a nil value removes the claim; extra names are appended).
    func claimsText(_ changes: [String: String?] = [:]) -> String {
        var members: [String] = []
        for (name, value) in requiredClaims {
            if let change = changes[name] { if let change { members.append("\"\(name)\":\(change)") } } else { members.append("\"\(name)\":\(value)") }
        }
        for (name, value) in changes.sorted(by: { $0.key < $1.key }) where !requiredClaims.contains(where: { $0.0 == name }) {
            if let value { members.append("\"\(name)\":\(value)") }
        }
        return "{" + members.joined(separator: ",") + "}"
    }
    func input(header: String = header, _ changes: [String: String?] = [:], nonce: String = "n-1", appID: String = "1234") -> TokenClaimsInput {
        TokenClaimsInput(header: header, claims: claimsText(changes), expectedNonce: nonce, appID: appID, now: now)
    }
    func kept(_ changes: (inout TokenClaims) -> Void = { _ in }) -> TokenClaimsOutcome {
        var claims = TokenClaims(jti: "j-1", iss: "https://www.facebook.com", aud: "1234", exp: 1_767_229_200, iat: now,
                                 nonce: "n-1", sub: "u-1")
        changes(&claims)
        return .accepted(claims)
    }
    typealias C = Case<TokenClaimsInput, TokenClaimsOutcome>
    func ok(_ name: String, _ i: TokenClaimsInput, _ outcome: TokenClaimsOutcome = kept(), happy: Bool = false) -> C {
        C(name: name, input: i, expected: outcome, happy: happy)
    }
    func no(_ name: String, _ i: TokenClaimsInput, _ reason: TokenClaimsRejection.Reason, _ claim: String? = nil) -> C {
        C(name: name, input: i, expected: .rejected(TokenClaimsRejection(reason, claim: claim)), happy: false)
    }
    var cases: [C] = [
        ok("valid", input(), happy: true),
        ok("whitespace-around", TokenClaimsInput(header: " \n" + header + "\n", claims: "\t" + claimsText() + " ", expectedNonce: "n-1", appID: "1234", now: now)),
        no("header-array", input(header: "[]"), .malformed),
        no("claims-garbage", TokenClaimsInput(header: header, claims: "{nope", expectedNonce: "n-1", appID: "1234", now: now), .malformed),
        no("alg-lower", input(header: #"{"alg":"rs256","typ":"JWT","kid":"k1"}"#), .headerAlgorithm),
        no("alg-none", input(header: #"{"alg":"none","typ":"JWT","kid":"k1"}"#), .headerAlgorithm),
        no("alg-missing", input(header: #"{"typ":"JWT","kid":"k1"}"#), .headerAlgorithm),
        no("typ-missing", input(header: #"{"alg":"RS256","kid":"k1"}"#), .headerType),
        no("typ-lower", input(header: #"{"alg":"RS256","typ":"jwt","kid":"k1"}"#), .headerType),
        no("kid-empty", input(header: #"{"alg":"RS256","typ":"JWT","kid":""}"#), .headerKeyID),
        no("kid-missing", input(header: #"{"alg":"RS256","typ":"JWT"}"#), .headerKeyID),
        no("kid-number", input(header: #"{"alg":"RS256","typ":"JWT","kid":7}"#), .headerKeyID),
        ok("header-extra", input(header: #"{"alg":"RS256","typ":"JWT","kid":"k1","jku":"https://evil.com","crit":["x"]}"#)),
        no("jti-missing", input(["jti": nil]), .missingClaim, "jti"),
        no("jti-empty", input(["jti": #""""#]), .emptyClaim, "jti"),
        no("jti-number", input(["jti": "1"]), .wrongClaimType, "jti"),
        no("iss-missing", input(["iss": nil]), .missingClaim, "iss"),
        no("iss-null", input(["iss": "null"]), .wrongClaimType, "iss"),
        no("sub-null", input(["sub": "null"]), .wrongClaimType, "sub"),
        no("exp-null", input(["exp": "null"]), .wrongClaimType, "exp"),
        no("exp-true", input(["exp": "true"]), .wrongClaimType, "exp"),
        no("iat-false", input(["iat": "false"]), .wrongClaimType, "iat"),
        no("exp-string", input(["exp": #""1767229200""#]), .wrongClaimType, "exp"),
        no("exp-missing", input(["exp": nil]), .missingClaim, "exp"),
        no("aud-array", input(["aud": #"["1234"]"#]), .wrongClaimType, "aud"),
        no("aud-other", input(["aud": #""1235""#]), .audience),
        no("aud-space", input(["aud": #"" 1234""#]), .audience),
        ok("aud-nfd-vs-nfc", input(["aud": "\"cafe\u{301}\""], appID: "caf\u{E9}"), kept { $0.aud = "cafe\u{301}" }),
        no("exp-now", input(["exp": "1767225600"]), .expired),
        ok("exp-half-second", input(["exp": "1767225600.5"]), kept { $0.exactExp = JSONNumber("1767225600.5")! }),
        ok("exp-exponent", input(["exp": "1.7672292e9"]), kept { $0.exactExp = JSONNumber("1767229200")! }),
        ok("exp-2^64", input(["exp": "18446744073709551616"]), kept { $0.exactExp = JSONNumber("18446744073709551616")! }),
        ok("exp-2^53+1", input(["exp": "9007199254740993"]), kept { $0.exactExp = JSONNumber("9007199254740993")! }),
        ok("iat-window-edge", input(["iat": "1767225000"]), kept { $0.exactIat = JSONNumber("1767225000")! }),
        no("iat-window-past", input(["iat": "1767224999"]), .issuedTooLongAgo),
        no("iat-window-past-fraction", input(["iat": "1767224999.5"]), .issuedTooLongAgo),
        ok("iat-future", input(["iat": "1767229200"]), kept { $0.exactIat = JSONNumber("1767229200")! }),
        no("nonce-empty", input(["nonce": #""""#]), .emptyClaim, "nonce"),
        no("nonce-case", input(["nonce": #""N-1""#]), .nonceMismatch),
        no("nonce-other", input(["nonce": #""n-2""#]), .nonceMismatch),
        ok("nonce-nfd-vs-nfc", input(["nonce": "\"e\u{301}\""], nonce: "\u{E9}"), kept { $0.nonce = "e\u{301}" }),
        no("sub-empty", input(["sub": #""""#]), .emptyClaim, "sub"),
        ok("sub-space", input(["sub": #"" ""#]), kept { $0.sub = " " }),
        ok("optional-strings", input(["name": #""""#, "email": #""a@b.c""#, "picture": #""https://p""#]),
           kept { $0.name = ""; $0.email = "a@b.c"; $0.picture = "https://p" }),
        ok("optional-wrong-string", input(["email": "5", "user_link": "null"])),
        ok("friends-empty", input(["user_friends": "[]"]), kept { $0.userFriends = [] }),
        ok("friends-mixed", input(["user_friends": #"["a",1]"#])),
        ok("age-range", input(["user_age_range": #"{"min":21}"#]), kept { $0.userAgeRange = ["min": 21] }),
        ok("age-range-string-member", input(["user_age_range": #"{"min":21,"max":"x"}"#])),
        ok("age-range-empty", input(["user_age_range": "{}"])),
        ok("hometown", input(["user_hometown": #"{"id":"108","name":"Hanoi, Vietnam"}"#]),
           kept { $0.userHometown = ["id": "108", "name": "Hanoi, Vietnam"] }),
        ok("location-number", input(["user_location": #"{"id":108,"name":"Hanoi"}"#])),
        ok("cnf", input(["cnf": #"{"jkt":"abc","x":1}"#]), kept { $0.cnfJKT = "abc" }),
        ok("cnf-empty-jkt", input(["cnf": #"{"jkt":""}"#])),
        ok("unknown-claim", input(["foo": #"{"bar":[1,2,{"baz":null}]}"#])),
    ]
    let issuers: [(String, Bool)] = [
        ("https://www.facebook.com", true), ("https://limited.facebook.com", true), ("https://facebook.com", true),
        ("https://user@www.facebook.com", true), ("https://www.facebook.com:443", true), ("https://www.facebook.com:8443/x", true),
        ("http://www.facebook.com/some/path", true), ("fb://m.facebook.com?x=1", true),
        ("https://www.facebook.com@evil.com", false), ("https://evil.com/www.facebook.com", false),
        ("https://evil.com#.facebook.com", false), ("https://evil.com?.facebook.com", false), ("www.facebook.com", false),
        ("https://", false), ("https://evilfacebook.com", false), ("https://WWW.FACEBOOK.COM", false),
        ("https://www.facebook.com.evil.com", false), ("https://facebook.co", false),
    ]
    for (iss, accepted) in issuers {
        let i = input(["iss": "\"\(iss)\""])
        cases.append(accepted ? ok("iss \(iss)", i, kept { $0.iss = iss }) : no("iss \(iss)", i, .issuer))
    }
    run(family: "token-claims", bugs: BlindTokenClaims.Bug.self, cases: cases,
        answer: { bug, i in try BlindTokenClaims(bug: bug).validateClaims(i) },
        conforms: { got, want, i in TokenClaimsFamily.conforms(got, to: want, input: i) })
}

// MARK: login-result (ios-sdk)

do {
    let now = 1_767_225_600.0
    let state = #"{"challenge":"ch-1","0_auth_logger_id":"x"}"#
    func callback(
        requested: Set<String> = ["email", "public_profile"], query: [String: String] = [:], _ fragment: [String: String],
        previous: PreviousAccessToken? = nil, graphUserID: String? = nil, storedNonce: String? = nil, verdict: IDTokenVerdict? = nil
    ) -> LoginCallback {
        LoginCallback(requestedPermissions: requested, query: query, fragment: fragment, expectedChallenge: "ch-1",
                      previousToken: previous, graphUserID: graphUserID, now: now, storedNonce: storedNonce, idTokenVerdict: verdict)
    }
    let token: [String: String] = [
        "access_token": "tok", "granted_scopes": "email,public_profile", "denied_scopes": "", "state": state, "user_id": "u1",
        "expires_in": "5183999", "data_access_expiration_time": "1775001600",
    ]
    func with(_ base: [String: String], _ changes: [String: String?]) -> [String: String] {
        var result = base
        for (key, value) in changes { result[key] = value }
        return result
    }
    func success(_ granted: Set<String>, declined: Set<String> = [], token tokenString: String? = "tok", userID: String = "u1",
                 auth: ResolvedAuthenticationToken? = nil, profile: LimitedProfile? = nil) -> LoginResultOutcome {
        .success(LoginSuccess(grantedPermissions: granted, declinedPermissions: declined,
                              token: tokenString.map { ResolvedAccessToken(tokenString: $0, userID: userID, expirationDate: nil) },
                              authenticationToken: auth, profile: profile))
    }
    let claims: [String: JSONValue] = [
        "sub": .string("s1"), "name": .string("Ana B"), "given_name": .string("Ana"), "family_name": .string(""),
        "picture": .string(""), "user_link": .string("https://fb.me/x"), "email": .number(5),
        "user_birthday": .string("02/29/2000"), "user_friends": .array([.string("f1"), .string("f2")]),
        "user_age_range": .object(["min": .number(JSONNumber("-0.5")!), "max": .number(12)]),
        "user_hometown": .object(["id": .string("108"), "name": .string("Hanoi")]),
        "user_location": .object(["id": .number(1), "name": .string("X")]),
        "user_gender": .string("female"),
    ]
    func profile(_ permissions: Set<String>, _ changes: (inout LimitedProfile) -> Void = { _ in }) -> LimitedProfile {
        var p = LimitedProfile(userID: "s1", permissions: permissions)
        p.name = "Ana B"; p.firstName = "Ana"; p.lastName = ""; p.linkURL = "https://fb.me/x"; p.birthday = "2000-02-29"
        p.friendIDs = ["f1", "f2"]; p.ageRange = ProfileAgeRange(exactMin: JSONNumber("-0.5")!, exactMax: 12)
        p.hometown = ProfileLocation(id: "108", name: "Hanoi"); p.gender = "female"
        changes(&p)
        return p
    }
    func claimsWith(_ changes: [String: JSONValue?]) -> [String: JSONValue] {
        var result = claims
        for (key, value) in changes { result[key] = value }
        return result
    }
    let plainClaims: [String: JSONValue] = [
        "sub": .string("s1"), "name": .string("Ana B"), "email": .string("ana@example.com"),
        "picture": .string("https://p.example/a.jpg"), "user_age_range": .object(["min": .number(21)]),
    ]
    var plainProfile = LimitedProfile(userID: "s1", permissions: ["email", "public_profile"])
    plainProfile.name = "Ana B"; plainProfile.email = "ana@example.com"; plainProfile.imageURL = "https://p.example/a.jpg"
    plainProfile.ageRange = ProfileAgeRange(min: 21, max: nil)
    let idOnly: [String: String] = ["id_token": "h.p.s", "granted_scopes": "email,public_profile", "state": state, "graph_domain": "facebook"]
    let auth = ResolvedAuthenticationToken(tokenString: "h.p.s", nonce: "n-1")
    let previous = PreviousAccessToken(userID: "u1", permissions: ["email"])
    typealias C = Case<LoginCallback, LoginResultOutcome>
    func t(_ name: String, _ cb: LoginCallback, _ outcome: LoginResultOutcome, happy: Bool = false) -> C {
        C(name: name, input: cb, expected: outcome, happy: happy)
    }
    let core = "com.facebook.sdk.core"
    let cases: [C] = [
        t("success", callback(token), success(["email", "public_profile"]), happy: true),
        t("success-in-query", callback(query: token, [:]), success(["email", "public_profile"]), happy: true),
        t("fragment-wins", callback(query: ["access_token": "q"], with(token, ["access_token": "f"])), success(["email", "public_profile"], token: "f")),
        t("signed-request-user", callback(with(token, ["user_id": nil, "signed_request": "sig.eyJ1c2VyX2lkIjoiOTkifQ"])),
          success(["email", "public_profile"], userID: "99")),
        t("declined", callback(requested: ["email", "user_friends", "user_likes"], with(token, ["granted_scopes": "email", "denied_scopes": "user_friends"])),
          success(["email"], declined: ["user_friends"])),
        t("declined-not-requested", callback(with(token, ["denied_scopes": "user_friends"])), success(["email", "public_profile"])),
        t("denied-invalid", callback(requested: ["email", "user_friends"], with(token, ["granted_scopes": "email", "denied_scopes": "user_friends,Bad"])),
          success(["email"])),
        t("granted-empty-item", callback(with(token, ["granted_scopes": "email,,public_profile"])), .cancelled(declinedPermissions: [])),
        t("granted-spaces", callback(with(token, ["granted_scopes": "email, public_profile"])), .cancelled(declinedPermissions: [])),
        t("granted-empty", callback(with(token, ["granted_scopes": ""])), .cancelled(declinedPermissions: [])),
        t("granted-empty-denied-no-previous", callback(with(token, ["granted_scopes": "", "denied_scopes": "email"])), .cancelled(declinedPermissions: [])),
        t("granted-empty-denied-previous", callback(with(token, ["granted_scopes": "", "denied_scopes": "email"]), previous: previous, graphUserID: "u1"),
          .cancelled(declinedPermissions: ["email"])),
        t("relogin-intersect", callback(requested: ["user_friends"], with(token, ["granted_scopes": "email,user_friends"]), previous: previous, graphUserID: "u1"),
          success(["user_friends"])),
        t("relogin-mismatch", callback(with(token, [:]), previous: previous, graphUserID: "u2"), .failed(.userMismatch)),
        t("relogin-mismatch-leading-zero", callback(with(token, [:]), previous: PreviousAccessToken(userID: "123", permissions: []), graphUserID: "0123"),
          .failed(.userMismatch)),
        t("relogin-same", callback(with(token, [:]), previous: previous, graphUserID: "u1"), success(["email", "public_profile"]), happy: true),
        t("error-no-message", callback(["error": "access_denied", "error_reason": "user_denied", "state": state]), .cancelled(declinedPermissions: [])),
        t("error-message", callback(["error": "x", "error_message": "Boom", "error_code": "0190"]),
          .failed(LoginError(domain: core, code: 8, graphErrorCode: "0190"))),
        t("error-message-alone-empty", callback(["error_message": ""]), .failed(LoginError(domain: core, code: 8))),
        t("error-code-text", callback(["error_message": "m", "error_code": "OAuthException"]),
          .failed(LoginError(domain: core, code: 8, graphErrorCode: "OAuthException"))),
        t("error-with-token-ignored", callback(with(token, ["error": "x", "error_message": "m"])), success(["email", "public_profile"])),
        t("empty-access-token", callback(with(token, ["access_token": ""])), .cancelled(declinedPermissions: [])),
        t("empty-access-token-error", callback(with(token, ["access_token": "", "error_message": "m"])), .failed(LoginError(domain: core, code: 8))),
        t("tokenless-bad-state", callback(["state": #"{"challenge":"zz"}"#]), .cancelled(declinedPermissions: [])),
        t("tokenless-previous-denied", callback(["denied_scopes": "email", "granted_scopes": "", "state": state], previous: previous, graphUserID: "u1"),
          .cancelled(declinedPermissions: [])),
        t("bad-state", callback(with(token, ["state": #"{"challenge":"ch-2"}"#])), .failed(.badChallenge)),
        t("missing-state", callback(with(token, ["state": nil])), .failed(.badChallenge)),
        t("state-not-json", callback(with(token, ["state": "ch-1"])), .failed(.badChallenge)),
        t("bad-state-empty-grant", callback(with(token, ["state": #"{"challenge":"ch-2"}"#, "granted_scopes": ""])), .failed(.badChallenge)),
        t("expiry-null", callback(with(token, ["expires_at": "1767229200", "expires": "3600"])), success(["email", "public_profile"])),
        t("id-token-only-plain", callback(idOnly, storedNonce: "n-1", verdict: .valid(claims: plainClaims)),
          success(["email", "public_profile"], token: nil, auth: auth, profile: plainProfile), happy: true),
        t("id-token-only", callback(idOnly, storedNonce: "n-1", verdict: .valid(claims: claims)),
          success(["email", "public_profile"], token: nil, auth: auth, profile: profile(["email", "public_profile"]))),
        t("id-token-and-access-token", callback(with(token, ["id_token": "h.p.s"]), storedNonce: "n-1", verdict: .valid(claims: claims)),
          success(["email", "public_profile"], auth: auth, profile: profile(["email", "public_profile"]))),
        t("id-token-no-stored-nonce", callback(with(token, ["id_token": "h.p.s"]), storedNonce: nil, verdict: .valid(claims: claims)),
          .failed(LoginError(domain: core, code: 301))),
        t("id-token-empty-stored-nonce", callback(idOnly, storedNonce: "", verdict: .valid(claims: claims)),
          success(["email", "public_profile"], token: nil, auth: ResolvedAuthenticationToken(tokenString: "h.p.s", nonce: ""),
                  profile: profile(["email", "public_profile"]))),
        t("id-token-invalid", callback(with(token, ["id_token": "h.p.s"]), storedNonce: "n-1", verdict: .invalid),
          .failed(LoginError(domain: core, code: 309))),
        t("id-token-invalid-bad-state", callback(with(idOnly, ["state": nil]), storedNonce: "n-1", verdict: .invalid),
          .failed(LoginError(domain: core, code: 309))),
        t("empty-id-token", callback(["id_token": "", "state": state, "granted_scopes": "email"]), .cancelled(declinedPermissions: [])),
        t("id-token-code-nonce", callback(["id_token": "h.p.s", "code": "c", "nonce": "x", "state": state]),
          .failed(LoginError(domain: core, code: 301))),
        t("id-token-relogin-other-user", callback(requested: ["email"], idOnly, previous: previous, graphUserID: "u2", storedNonce: "n-1",
                                                  verdict: .valid(claims: claims)),
          success(["email"], token: nil, auth: auth, profile: profile(["email", "public_profile"]))),
        t("id-token-empty-grant", callback(with(idOnly, ["granted_scopes": ""]), storedNonce: "n-1", verdict: .valid(claims: claims)),
          .cancelled(declinedPermissions: [])),
        t("profile-fractional-age", callback(idOnly, storedNonce: "n-1",
                                             verdict: .valid(claims: claimsWith(["user_age_range": .object(["min": .number(JSONNumber("20.2")!), "max": .number(JSONNumber("20.8")!)])]))),
          success(["email", "public_profile"], token: nil, auth: auth, profile: profile(["email", "public_profile"]) { $0.ageRange = nil })),
        t("profile-bad-birthday", callback(idOnly, storedNonce: "n-1", verdict: .valid(claims: claimsWith(["user_birthday": .string("02/30/2000"), "user_link": .string("")]))),
          success(["email", "public_profile"], token: nil, auth: auth, profile: profile(["email", "public_profile"]) { $0.birthday = nil; $0.linkURL = nil })),
        t("profile-iso-birthday", callback(idOnly, storedNonce: "n-1", verdict: .valid(claims: claimsWith(["user_birthday": .string("2000-02-29"), "user_birthday_x": nil]))),
          success(["email", "public_profile"], token: nil, auth: auth, profile: profile(["email", "public_profile"]) { $0.birthday = nil })),
        t("profile-2001-02-29", callback(idOnly, storedNonce: "n-1", verdict: .valid(claims: claimsWith(["user_birthday": .string("02/29/2001")]))),
          success(["email", "public_profile"], token: nil, auth: auth, profile: profile(["email", "public_profile"]) { $0.birthday = nil })),
    ]
    run(family: "login-result", bugs: BlindLoginResult.Bug.self, cases: cases,
        answer: { bug, cb in try BlindLoginResult(bug: bug).resolveLoginResult(cb) },
        conforms: { got, want, cb in LoginResultFamily.conforms(got, to: want, input: cb) })
}

print(failures == 0 ? "ALL OK" : "FAILURES: \(failures)")
exit(failures == 0 ? 0 : 1)
