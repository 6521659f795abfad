// A hand check of the base implementations (and that each bug shows) with inputs written from SPECIFICATION.md.
import Foundation
import LoginConformance
@testable import BlindRound

/// One hand-written case: a name, whether it is a happy-path input every bug must still get right, and the check.
struct Case<Subject> {
    let name: String
    let happy: Bool
    let check: (Subject) throws -> Bool
}

var totalProblems = 0

/// Runs `cases` on the base and on each bug: the base must pass everything, each bug the happy paths and fail one.
@MainActor func run<Subject, Bug: CaseIterable & RawRepresentable>(
    _ family: String, _ cases: [Case<Subject>], bugs: Bug.Type, make: (Bug?) -> Subject
) where Bug.RawValue == String {
    let base = make(nil)
    var failures: [String] = []
    for item in cases where !((try? item.check(base)) ?? false) { failures.append(item.name) }
    print("\(family): base passes \(cases.count - failures.count)/\(cases.count)")
    for name in failures { print("  BASE FAILS \(name)") }
    totalProblems += failures.count
    for bug in Bug.allCases {
        let subject = make(bug)
        var failed: [Case<Subject>] = []
        for item in cases where !((try? item.check(subject)) ?? false) { failed.append(item) }
        let happyBroken = failed.filter(\.happy).map(\.name)
        let mark = failed.isEmpty ? "  NOT SEEN" : (happyBroken.isEmpty ? "" : "  BREAKS HAPPY PATH \(happyBroken)")
        if failed.isEmpty || !happyBroken.isEmpty { totalProblems += 1 }
        print("  \(bug.rawValue): fails \(failed.count) [\(failed.map(\.name).joined(separator: ", "))]\(mark)")
    }
}

// MARK: login-request (ios-sdk)

let verifier = "OB6imf0pt3YLueBtNlljrdJZXdFk8gKJ97UQEpz1ojlEUL4p"
let challenge = "4oJe_Hdk_xC_YCWjumgE5RjIkW-YVmFm_nYnIckxR0c"
let enabledType = "id_token,token_or_nonce,signed_request,graph_domain,user_token_nonce"
let limitedType = "id_token,graph_domain,user_token_nonce"

func requestInput(
    appID: String = "1234", suffix: String? = nil, authorized: Bool = true, audience: LoginDefaultAudience = .friends,
    permissions: Set<String> = ["public_profile", "email"], tracking: LoginTracking = .enabled, nonce: String = "n-1",
    authType: String? = "rerequest", appSwitch: LoginAppSwitch = .enabled, fas: Bool? = nil, installed: Bool? = nil
) -> LoginRequestInput {
    LoginRequestInput(
        appID: appID, urlSchemeSuffix: suffix, trackingAuthorized: authorized, graphVersion: "v21.0",
        defaultAudience: audience, stateChallenge: "st4te-Ch._~",
        configuration: LoginRequestConfiguration(
            permissions: permissions, tracking: tracking, nonce: nonce, authType: authType, codeVerifier: verifier,
            codeChallenge: challenge, appSwitch: appSwitch, messengerPageId: nil),
        fastAppSwitchEnabled: fas, facebookAppInstalled: installed)
}

func expectedRequest(
    host: String = "m.facebook.com", appSwitch: Bool = false, clientID: String = "1234",
    scope: String = "email,openid,public_profile", nonce: String = "n-1", authType: String? = "rerequest",
    responseType: String = enabledType, tp: String? = nil, pkce: Bool = true,
    redirect: String = "fb1234://authorize/", audience: String = "friends"
) -> LoginRequestOutcome {
    LoginRequestOutcome(host: host, path: "/v21.0/dialog/oauth", appSwitchAllowed: appSwitch, parameters: [
        "client_id": clientID, "display": "touch", "sdk": "ios", "return_scopes": "true", "scope": scope,
        "nonce": nonce, "auth_type": authType, "response_type": responseType, "tp": tp,
        "code_challenge": pkce ? challenge : nil, "code_challenge_method": pkce ? "S256" : nil,
        "redirect_uri": redirect, "state": "{\"challenge\":\"st4te-Ch._~\"}", "default_audience": audience,
    ])
}

func requestCase(_ name: String, happy: Bool = false, _ input: LoginRequestInput, _ expected: LoginRequestOutcome)
    -> Case<BlindLoginRequest> {
    Case(name: name, happy: happy) { subject in
        LoginRequestFamily.conforms(try subject.makeLoginRequest(input), to: expected, input: input)
    }
}

let requestCases: [Case<BlindLoginRequest>] = [
    requestCase("enabled, happy", happy: true, requestInput(), expectedRequest()),
    requestCase("limited, happy", happy: true, requestInput(tracking: .limited),
                expectedRequest(host: "limited.facebook.com", responseType: limitedType,
                                tp: "ios_14_do_not_track", pkce: false)),
    requestCase("shim", requestInput(authorized: false, fas: true, installed: true),
                expectedRequest(host: "limited.facebook.com", tp: "ios_14_do_not_track")),
    requestCase("app switch allowed", requestInput(fas: true, installed: true), expectedRequest(appSwitch: true)),
    requestCase("app switch without gatekeeper", requestInput(fas: false, installed: true), expectedRequest()),
    requestCase("app switch, app not installed", requestInput(fas: true), expectedRequest()),
    requestCase("app switch disabled by the configuration",
                requestInput(appSwitch: .disabled, fas: true, installed: true), expectedRequest()),
    requestCase("limited app switch (LimitedLoginFAS on)",
                requestInput(tracking: .limited, fas: true, installed: true),
                expectedRequest(host: "limited.facebook.com", appSwitch: true, responseType: limitedType,
                                tp: "ios_14_do_not_track", pkce: false)),
    requestCase("openid requested", requestInput(permissions: ["openid", "email"]),
                expectedRequest(scope: "openid,email")),
    requestCase("no permissions", requestInput(permissions: []), expectedRequest(scope: "openid")),
    requestCase("leading zeros and suffix", requestInput(appID: "0123", suffix: "lite"),
                expectedRequest(clientID: "0123", redirect: "fb0123lite://authorize/")),
    requestCase("app switch, gatekeeper off", requestInput(fas: false, installed: true), expectedRequest()),
    requestCase("empty suffix", requestInput(suffix: ""), expectedRequest()),
    requestCase("only_me", requestInput(audience: .onlyMe), expectedRequest(audience: "only_me")),
    requestCase("nonce with & = , é", requestInput(nonce: "a&b=c,\u{E9}%20"), expectedRequest(nonce: "a&b=c,\u{E9}%20")),
    requestCase("nonce ending in a newline (ios-sdk)", requestInput(nonce: "abc\n"), expectedRequest(nonce: "abc\n")),
    requestCase("no auth type", requestInput(authType: nil), expectedRequest(authType: nil)),
    requestCase("reauthorize", requestInput(authType: "reauthorize"), expectedRequest(authType: "reauthorize")),
    requestCase("limited outside the list (ios-sdk)", requestInput(permissions: ["user_likes"], tracking: .limited),
                expectedRequest(host: "limited.facebook.com", scope: "openid,user_likes", responseType: limitedType,
                                tp: "ios_14_do_not_track", pkce: false)),
    Case(name: "state is a JSON object", happy: true) { subject in
        let outcome = try subject.makeLoginRequest(requestInput())
        guard let state = outcome.parameters["state"] ?? nil,
              let object = JSONValue.parse(state)?.objectValue else { return false }
        return object["challenge"]?.stringValue == "st4te-Ch._~"
    },
]

run("login-request", requestCases, bugs: BlindLoginRequest.Bug.self) { BlindLoginRequest(bug: $0) }

// MARK: profile (ios-sdk)

func claims(_ json: String) -> [String: JSONValue] { JSONValue.parse(json)!.objectValue! }

func profile(_ userID: String, _ edit: (inout LimitedProfile) -> Void = { _ in }) -> ProfileOutcome {
    var made = LimitedProfile(userID: userID, permissions: ["public_profile"])
    edit(&made)
    return .created(made)
}

func profileCase(_ name: String, happy: Bool = false, _ json: String, _ expected: ProfileOutcome) -> Case<BlindProfile> {
    let input = ProfileInput(claims: claims(json), grantedPermissions: ["public_profile"])
    return Case(name: name, happy: happy) { subject in
        ProfileFamily.conforms(try subject.makeProfile(input), to: expected, input: input)
    }
}

let profileCases: [Case<BlindProfile>] = [
    profileCase("full, happy", happy: true, """
        {"sub":"123","name":"Ann Lee","given_name":"Ann","family_name":"Lee","email":"a@example.com",
         "picture":"https://example.com/p.png","user_birthday":"01/01/1990","user_age_range":{"min":21},
         "user_hometown":{"id":"108","name":"Hanoi, Vietnam"},"user_location":{"id":"109","name":"Lyon"},
         "user_friends":["1","2"],"user_gender":"female","user_link":"https://example.com/ann",
         "iss":"https://www.facebook.com","jti":"x"}
        """, profile("123") {
            $0.name = "Ann Lee"; $0.firstName = "Ann"; $0.lastName = "Lee"; $0.email = "a@example.com"
            $0.imageURL = "https://example.com/p.png"; $0.birthday = "1990-01-01"
            $0.ageRange = ProfileAgeRange(min: 21, max: nil)
            $0.hometown = ProfileLocation(id: "108", name: "Hanoi, Vietnam")
            $0.location = ProfileLocation(id: "109", name: "Lyon"); $0.friendIDs = ["1", "2"]
            $0.gender = "female"; $0.linkURL = "https://example.com/ann"
        }),
    profileCase("sub only, happy", happy: true, #"{"sub":"9"}"#, profile("9")),
    profileCase("no sub", #"{"name":"x"}"#, .noProfile),
    profileCase("empty sub", #"{"sub":""}"#, .noProfile),
    profileCase("numeric sub", #"{"sub":123}"#, .noProfile),
    profileCase("space sub", #"{"sub":" "}"#, profile(" ")),
    profileCase("empty names kept", #"{"sub":"1","name":"","middle_name":""}"#,
                profile("1") { $0.name = ""; $0.middleName = "" }),
    profileCase("name alone", #"{"sub":"1","name":"Ann Lee"}"#, profile("1") { $0.name = "Ann Lee" }),
    profileCase("empty URLs", #"{"sub":"1","picture":"","user_link":"","email":"","user_gender":""}"#,
                profile("1") { $0.email = ""; $0.gender = "" }),
    profileCase("wrong-type strings", #"{"sub":"1","email":5,"name":null,"picture":["x"]}"#, profile("1")),
    profileCase("birthday 02/30", #"{"sub":"1","user_birthday":"02/30/2001"}"#, profile("1")),
    profileCase("birthday month 13", #"{"sub":"1","user_birthday":"13/01/2000"}"#, profile("1")),
    profileCase("birthday day 32", #"{"sub":"1","user_birthday":"01/32/2000"}"#, profile("1")),
    profileCase("birthday leap 2000", #"{"sub":"1","user_birthday":"02/29/2000"}"#,
                profile("1") { $0.birthday = "2000-02-29" }),
    profileCase("birthday 1900 not leap", #"{"sub":"1","user_birthday":"02/29/1900"}"#, profile("1")),
    profileCase("birthday ISO", #"{"sub":"1","user_birthday":"2000-01-02"}"#, profile("1")),
    profileCase("birthday empty", #"{"sub":"1","user_birthday":""}"#, profile("1")),
    profileCase("birthday 12/25", #"{"sub":"1","user_birthday":"12/25/1990"}"#,
                profile("1") { $0.birthday = "1990-12-25" }),
    profileCase("birthday month first", #"{"sub":"1","user_birthday":"05/04/2000"}"#,
                profile("1") { $0.birthday = "2000-05-04" }),
    profileCase("friends mixed", #"{"sub":"1","user_friends":["1",2]}"#, profile("1")),
    profileCase("friends empty", #"{"sub":"1","user_friends":[]}"#, profile("1") { $0.friendIDs = [] }),
    profileCase("age with string member", #"{"sub":"1","user_age_range":{"min":21,"max":"x"}}"#, profile("1")),
    profileCase("age 20.2..20.8", #"{"sub":"1","user_age_range":{"min":20.2,"max":20.8}}"#, profile("1")),
    profileCase("age -0.5..12", #"{"sub":"1","user_age_range":{"min":-0.5,"max":12}}"#,
                profile("1") { $0.ageRange = ProfileAgeRange(min: -0.5, max: 12) }),
    profileCase("age equal", #"{"sub":"1","user_age_range":{"min":18,"max":18}}"#, profile("1")),
    profileCase("age 20.5", #"{"sub":"1","user_age_range":{"min":20.5}}"#,
                profile("1") { $0.ageRange = ProfileAgeRange(min: 20.5, max: nil) }),
    profileCase("age 13..17", #"{"sub":"1","user_age_range":{"min":13,"max":17}}"#,
                profile("1") { $0.ageRange = ProfileAgeRange(min: 13, max: 17) }),
    profileCase("age empty", #"{"sub":"1","user_age_range":{}}"#, profile("1")),
    profileCase("age negative", #"{"sub":"1","user_age_range":{"max":-1}}"#, profile("1")),
    profileCase("age other members only", #"{"sub":"1","user_age_range":{"low":3}}"#, profile("1")),
    profileCase("place numeric id", #"{"sub":"1","user_hometown":{"id":108,"name":"Hanoi"}}"#, profile("1")),
    profileCase("place without name", #"{"sub":"1","user_location":{"id":"1"}}"#, profile("1")),
    profileCase("place extra string", #"{"sub":"1","user_location":{"id":"1","name":"A","x":"y"}}"#,
                profile("1") { $0.location = ProfileLocation(id: "1", name: "A") }),
]

run("profile", profileCases, bugs: BlindProfile.Bug.self) { BlindProfile(bug: $0) }

// MARK: access-token (ios-sdk)

func token(_ permissions: [String] = ["email", "public_profile"], declined: [String] = [], expired: [String] = [],
           expiration: Double? = nil, dataAccess: Double? = nil) -> AccessTokenSnapshot {
    AccessTokenSnapshot(tokenString: "EAAB", userID: "1", permissions: permissions, declinedPermissions: declined,
                        expiredPermissions: expired, expirationDate: expiration, dataAccessExpirationDate: dataAccess)
}

func granted(_ name: String, happy: Bool = false, _ token: AccessTokenSnapshot, _ permission: String, _ want: Bool)
    -> Case<BlindAccessToken> {
    Case(name: name, happy: happy) { try $0.hasGranted(permission, in: token) == want }
}

func expired(_ name: String, happy: Bool = false, _ token: AccessTokenSnapshot, now: Double, _ want: Bool)
    -> Case<BlindAccessToken> {
    Case(name: name, happy: happy) { try $0.isExpired(token, now: now) == want }
}

func dataExpired(_ name: String, happy: Bool = false, _ token: AccessTokenSnapshot, now: Double, _ want: Bool)
    -> Case<BlindAccessToken> {
    Case(name: name, happy: happy) { try $0.isDataAccessExpired(token, now: now) == want }
}

let farFuture = 4_102_444_800.0  // 2100-01-01
let accessCases: [Case<BlindAccessToken>] = [
    granted("granted, happy", happy: true, token(expiration: farFuture), "email", true),
    granted("not granted, happy", happy: true, token(), "user_friends", false),
    granted("case", token(), "Email", false),
    granted("trim", token(), " email", false),
    granted("NFD vs NFC", token(["caf\u{E9}"]), "cafe\u{301}", false),
    granted("prefix", token(["user_friends"]), "user", false),
    granted("declined only", token(declined: ["user_friends"]), "user_friends", false),
    granted("granted and declined", token(declined: ["email"]), "email", true),
    granted("expired only", token(expired: ["user_link"]), "user_link", false),
    granted("expired token still grants", token(expiration: 1000, dataAccess: 1000), "email", true),
    expired("future, happy", happy: true, token(expiration: 200), now: 100, false),
    expired("past, happy", happy: true, token(expiration: 50), now: 100, true),
    expired("equal now", token(expiration: 100), now: 100, false),
    expired("fraction before", token(expiration: 100.2), now: 100.5, true),
    expired("never", token(expiration: nil), now: 1e12, false),
    expired("epoch 0", token(expiration: 0), now: 10, true),
    expired("negative", token(expiration: -5), now: 10, true),
    expired("live token, data access gone", token(expiration: 200, dataAccess: 50), now: 100, false),
    dataExpired("future, happy", happy: true, token(dataAccess: 200), now: 100, false),
    dataExpired("past", token(dataAccess: 99), now: 100, true),
    dataExpired("equal now", token(dataAccess: 100), now: 100, false),
    dataExpired("never", token(expiration: 50, dataAccess: nil), now: 100, false),
    dataExpired("expired token, live data access", token(expiration: 50, dataAccess: 200), now: 100, false),
]

run("access-token", accessCases, bugs: BlindAccessToken.Bug.self) { BlindAccessToken(bug: $0) }

// MARK: token-change (ios-sdk)

typealias Note = TokenChangeOutcome.Notification
typealias Info = TokenChangeOutcome.UserInfo

func changeCase(_ name: String, happy: Bool = false, tokens: [String: TokenChangeSequence.Token], initial: String?,
                _ steps: [TokenChangeSequence.Step], _ expected: TokenChangeOutcome) -> Case<BlindTokenChange> {
    let sequence = TokenChangeSequence(tokens: tokens, initial: initial, steps: steps)
    return Case(name: name, happy: happy) { try $0.notifications(for: sequence) == expected }
}

let tokensAB: [String: TokenChangeSequence.Token] = [
    "A": .init(userID: "1", expirationDate: 100), "B": .init(userID: "1", expirationDate: 100),
    "C": .init(userID: "2", expirationDate: nil), "R": .init(userID: "1", expirationDate: 200), "X": .init(userID: "1", expirationDate: 50),
    "N": .init(userID: "\u{E9}", expirationDate: nil), "D": .init(userID: "e\u{301}", expirationDate: nil),
]

let changeCases: [Case<BlindTokenChange>] = [
    changeCase("login, happy", happy: true, tokens: tokensAB, initial: nil, [.setCurrent(token: "A", now: 10)],
               .init(notifications: [Note(afterStep: 0, userInfo: Info(newToken: "A", oldToken: nil,
                                                                        didChangeUserID: true))], current: "A")),
    changeCase("same again", tokens: tokensAB, initial: "A", [.setCurrent(token: "A", now: 10)],
               .init(notifications: [], current: "A")),
    changeCase("nil over nil", tokens: tokensAB, initial: nil, [.setCurrent(token: nil, now: 10)],
               .init(notifications: [], current: nil)),
    changeCase("refresh", tokens: tokensAB, initial: "A", [.setCurrent(token: "R", now: 10)],
               .init(notifications: [Note(afterStep: 0, userInfo: Info(newToken: "R", oldToken: "A"))],
                     current: "R")),
    changeCase("distinct token, same fields", tokens: tokensAB, initial: "A", [.setCurrent(token: "B", now: 10)],
               .init(notifications: [Note(afterStep: 0, userInfo: Info(newToken: "B", oldToken: "A"))],
                     current: "B")),
    changeCase("refresh at old's expiry", tokens: tokensAB, initial: "A", [.setCurrent(token: "B", now: 100)],
               .init(notifications: [Note(afterStep: 0, userInfo: Info(newToken: "B", oldToken: "A"))],
                     current: "B")),
    changeCase("refresh after old expired", tokens: tokensAB, initial: "A", [.setCurrent(token: "B", now: 150)],
               .init(notifications: [Note(afterStep: 0, userInfo: Info(newToken: "B", oldToken: "A",
                                                                        didChangeUserID: true))], current: "B")),
    changeCase("new token already expired", tokens: tokensAB, initial: "A", [.setCurrent(token: "X", now: 80)],
               .init(notifications: [Note(afterStep: 0, userInfo: Info(newToken: "X", oldToken: "A"))],
                     current: "X")),
    changeCase("other user, happy", happy: true, tokens: tokensAB, initial: "A", [.setCurrent(token: "C", now: 10)],
               .init(notifications: [Note(afterStep: 0, userInfo: Info(newToken: "C", oldToken: "A",
                                                                        didChangeUserID: true))], current: "C")),
    changeCase("logout", tokens: tokensAB, initial: "A", [.setCurrent(token: nil, now: 10)],
               .init(notifications: [Note(afterStep: 0, userInfo: Info(newToken: nil, oldToken: "A",
                                                                        didChangeUserID: true))], current: nil)),
    changeCase("NFC vs NFD users", tokens: tokensAB, initial: "N", [.setCurrent(token: "D", now: 10)],
               .init(notifications: [Note(afterStep: 0, userInfo: Info(newToken: "D", oldToken: "N",
                                                                        didChangeUserID: true))], current: "D")),
    changeCase("expiry timer", tokens: tokensAB, initial: "A", [.expiryTimer(now: 100)],
               .init(notifications: [Note(afterStep: 0, userInfo: Info(newToken: "A", oldToken: "A",
                                                                        didExpire: true))], current: "A")),
    changeCase("set expired token over expired token", tokens: tokensAB, initial: "A",
               [.setCurrent(token: "X", now: 200)],
               .init(notifications: [Note(afterStep: 0, userInfo: Info(newToken: "X", oldToken: "A",
                                                                        didChangeUserID: true))], current: "X")),
    changeCase("sequence", tokens: tokensAB, initial: nil,
               [.setCurrent(token: "A", now: 1), .setCurrent(token: "A", now: 2), .expiryTimer(now: 100),
                .setCurrent(token: "C", now: 101), .setCurrent(token: nil, now: 102)],
               .init(notifications: [
                   Note(afterStep: 0, userInfo: Info(newToken: "A", oldToken: nil, didChangeUserID: true)),
                   Note(afterStep: 2, userInfo: Info(newToken: "A", oldToken: "A", didExpire: true)),
                   Note(afterStep: 3, userInfo: Info(newToken: "C", oldToken: "A", didChangeUserID: true)),
                   Note(afterStep: 4, userInfo: Info(newToken: nil, oldToken: "C", didChangeUserID: true)),
               ], current: nil)),
]

run("token-change", changeCases, bugs: BlindTokenChange.Bug.self) { BlindTokenChange(bug: $0) }

// MARK: graph-error (documented)

func graphCase(_ name: String, happy: Bool = false, _ body: String, _ expected: GraphErrorOutcome,
               usedCurrent: Bool = false) -> Case<BlindGraphError> {
    let input = GraphErrorInput(body: JSONValue.parse(body)!, serverCategories: nil,
                                requestUsedCurrentToken: usedCurrent)
    return Case(name: name, happy: happy) { subject in
        GraphErrorFamily.conforms(try subject.classifyGraphError(input), to: expected, input: input)
    }
}

func classified(_ category: GraphErrorCategory, permission: Bool = false, message: String? = "m",
                _ action: GraphErrorClientAction) -> GraphErrorOutcome {
    GraphErrorOutcome(category: category, isPermissionError: permission, message: message, clientAction: action,
                      currentToken: nil)
}

let graphCases: [Case<BlindGraphError>] = [
    graphCase("190, happy", happy: true, #"{"error":{"code":190,"message":"m","type":"OAuthException"}}"#,
              classified(.recoverable, .logInAgain)),
    graphCase("190/460", #"{"error":{"code":190,"error_subcode":460,"message":"m"}}"#,
              classified(.recoverable, .logInAgain)),
    graphCase("102", #"{"error":{"code":102,"message":"m"}}"#, classified(.recoverable, .logInAgain)),
    graphCase("4, happy", happy: true, #"{"error":{"code":4,"message":"m"}}"#, classified(.transient, .retry)),
    graphCase("9", #"{"error":{"code":9,"message":"m"}}"#, classified(.transient, .retry)),
    graphCase("341", #"{"error":{"code":341,"message":"m"}}"#, classified(.transient, .retry)),
    graphCase("200, happy", happy: true, #"{"error":{"code":200,"message":"m"}}"#,
              classified(.other, permission: true, .rerequestPermission)),
    graphCase("299", #"{"error":{"code":299,"message":"m"}}"#,
              classified(.other, permission: true, .rerequestPermission)),
    graphCase("230", #"{"error":{"code":230,"message":"m"}}"#,
              classified(.other, permission: true, .rerequestPermission)),
    graphCase("10", #"{"error":{"code":10,"message":"m"}}"#,
              classified(.other, permission: true, .rerequestPermission)),
    graphCase("3", #"{"error":{"code":3,"message":"m"}}"#, classified(.other, .none)),
    graphCase("300", #"{"error":{"code":300,"message":"m"}}"#, classified(.other, .none)),
    graphCase("100", #"{"error":{"code":100,"message":"m"}}"#, classified(.other, .none)),
    graphCase("error_reason", #"{"error":{"code":100,"error_reason":"r","error_msg":"x","error_user_msg":"u"}}"#,
              classified(.other, message: "r", .none)),
    graphCase("error_msg", #"{"error":{"code":100,"error_msg":"x","error_user_msg":"u"}}"#,
              classified(.other, message: "x", .none)),
    graphCase("no message", #"{"error":{"code":100,"error_user_msg":"u","type":"t"}}"#,
              classified(.other, message: nil, .none)),
    Case(name: "token cleared (ios-sdk reading, not compared)", happy: false) { subject in
        let probes: [(String, Bool?, CurrentTokenEffect)] = [
            (#"{"error":{"code":190}}"#, false, .cleared),
            (#"{"error":{"code":190}}"#, nil, .kept),
            (#"{"error":{"code":190,"error_subcode":493}}"#, false, .markedExpired),
            (#"{"error":{"code":100}}"#, false, .kept),
        ]
        for (body, recovery, want) in probes {
            let input = GraphErrorInput(body: JSONValue.parse(body)!, serverCategories: nil,
                                        requestUsedCurrentToken: true, graphErrorRecovery: recovery)
            guard try subject.classifyGraphError(input).currentToken == want else { return false }
        }
        return true
    },
]

run("graph-error", graphCases, bugs: BlindGraphError.Bug.self) { BlindGraphError(bug: $0) }

print(totalProblems == 0 ? "ALL GOOD" : "PROBLEMS: \(totalProblems)")
exit(totalProblems == 0 ? 0 : 1)
