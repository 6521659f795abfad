import Foundation
import LoginConformance
@testable import BlindRound

// Exercises the bases with inputs built from SPECIFICATION.md, and checks that every bug changes some answer.
nonisolated(unsafe) var failures = 0
func check(_ condition: Bool, _ what: String) {
    if !condition { failures += 1; print("FAIL:", what) }
}
func sameParameter(_ name: String, _ sent: String, _ want: String) -> Bool {
    let input = requestInputs[0]
    let actual = LoginRequestOutcome(host: "h", path: "p", appSwitchAllowed: false, parameters: [name: sent])
    let expected = LoginRequestOutcome(host: "h", path: "p", appSwitchAllowed: false, parameters: [name: want])
    return LoginRequestFamily.conforms(actual, to: expected, input: input)
}
func json(_ text: String) -> JSONValue { JSONValue.parse(text)! }
func render<T: Encodable>(_ value: T) -> String {
    let encoder = JSONEncoder(); encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try! encoder.encode(value), as: UTF8.self)
}

// MARK: login-request
func config(_ tracking: LoginTracking, perms: Set<String> = ["email", "public_profile"], nonce: String = "n-1 \u{00E9},x",
            auth: String? = nil, appSwitch: LoginAppSwitch = .enabled) -> LoginRequestConfiguration {
    LoginRequestConfiguration(permissions: perms, tracking: tracking, nonce: nonce, authType: auth,
                              codeVerifier: String(repeating: "v", count: 43), codeChallenge: String(repeating: "C", count: 43),
                              appSwitch: appSwitch, messengerPageId: nil)
}
let requestInputs: [LoginRequestInput] = [
    LoginRequestInput(appID: "0123", urlSchemeSuffix: "lite", trackingAuthorized: true, graphVersion: "v21.0",
                      defaultAudience: .onlyMe, stateChallenge: "abc", configuration: config(.enabled),
                      fastAppSwitchEnabled: true, facebookAppInstalled: true),
    LoginRequestInput(appID: "0123", urlSchemeSuffix: nil, trackingAuthorized: true, graphVersion: "v21.0",
                      defaultAudience: .friends, stateChallenge: "abc",
                      configuration: config(.limited, perms: ["openid"], nonce: " a\nb ", auth: "rerequest")),
    LoginRequestInput(appID: "123", urlSchemeSuffix: "", trackingAuthorized: false, graphVersion: "v21.0",
                      defaultAudience: .everyone, stateChallenge: "abc", configuration: config(.enabled, perms: []),
                      facebookAppInstalled: true),
]
do {
    let base = BlindLoginRequest()
    let a = try base.makeLoginRequest(requestInputs[0])
    check(a.host == "m.facebook.com" && a.path == "/v21.0/dialog/oauth" && a.appSwitchAllowed, "enabled host/path/switch")
    check(a.parameters["client_id"]! == "0123" && a.parameters["redirect_uri"]! == "fb0123lite://authorize/", "ids")
    check(a.parameters["tp"]! == nil && a.parameters["code_challenge_method"]! == "S256", "enabled tp/pkce")
    check(a.parameters["auth_type"]! == nil && a.parameters["default_audience"]! == "only_me", "auth/audience")
    check(sameParameter("scope", a.parameters["scope"]!!, "openid,email,public_profile"), "scope")
    check(sameParameter("state", a.parameters["state"]!!, "{\"challenge\":\"abc\"}"), "state")
    let b = try base.makeLoginRequest(requestInputs[1])
    check(b.host == "limited.facebook.com" && !b.appSwitchAllowed && b.parameters["tp"]! == "ios_14_do_not_track", "limited")
    check(b.parameters["code_challenge"]! == nil && b.parameters["scope"]! == "openid" && b.parameters["nonce"]! == " a\nb ", "limited params")
    check(b.parameters["response_type"]! == BlindLoginRequest.limitedResponseType, "limited response type")
    let c = try base.makeLoginRequest(requestInputs[2])
    check(c.host == "limited.facebook.com" && !c.appSwitchAllowed && c.parameters["tp"]! == "ios_14_do_not_track", "shim")
    check(c.parameters["response_type"]! == BlindLoginRequest.enabledResponseType && c.parameters["code_challenge"]! != nil, "shim pkce")
    check(c.parameters["redirect_uri"]! == "fb123://authorize/", "empty suffix")
    let extra = LoginRequestInput(appID: "9", urlSchemeSuffix: nil, trackingAuthorized: true, graphVersion: "v21.0",
                                  defaultAudience: .friends, stateChallenge: "s", configuration: config(.enabled),
                                  facebookAppInstalled: true)
    for bug in BlindLoginRequest.Bug.allCases {
        let subject = BlindLoginRequest(bug: bug)
        let differs = try (requestInputs + [extra]).contains { input in
            let expected = try base.makeLoginRequest(input)
            return !LoginRequestFamily.conforms(try subject.makeLoginRequest(input), to: expected, input: input)
        }
        check(differs, "login-request bug \(bug) changes nothing")
    }
}

// MARK: profile
let profileInputs: [ProfileInput] = [
    ProfileInput(claims: ["sub": json("\" \""), "name": json("\"\""), "picture": json("\"\""), "email": json("\"A@B.c\""),
                          "user_birthday": json("\"02/29/2000\""), "user_friends": json("[\"1\",\"2\"]"),
                          "user_age_range": json("{\"min\": -0.5, \"max\": 12.7}"),
                          "user_hometown": json("{\"id\":\"1\",\"name\":\"H\"}"), "user_link": json("\"\"")],
                 grantedPermissions: ["email", ""]),
    ProfileInput(claims: ["sub": json("\"42\""), "given_name": json("3"), "user_birthday": json("\"02/30/2001\""),
                          "user_friends": json("[\"1\",2]"), "user_age_range": json("{\"min\": 21, \"max\": 21}"),
                          "user_location": json("{\"id\":\"1\"}")],
                 grantedPermissions: []),
    ProfileInput(claims: ["sub": json("\"42\""), "user_birthday": json("\"12/01/99\""),
                          "user_age_range": json("{\"min\": \"21\"}"), "user_hometown": json("{\"id\":\"1\",\"name\":2}")],
                 grantedPermissions: []),
    ProfileInput(claims: ["sub": json("\"42\""), "user_birthday": json("\"01/02/2003\""),
                          "user_age_range": json("{\"min\": 20.2, \"max\": 20.8}")], grantedPermissions: []),
    ProfileInput(claims: ["sub": json("\"\"")], grantedPermissions: []),
    ProfileInput(claims: ["sub": json("5")], grantedPermissions: []),
]
do {
    let base = BlindProfile()
    let outs = try profileInputs.map { try base.makeProfile($0) }
    for out in outs { print(render(out)) }
    guard case .created(let p0) = outs[0], case .created(let p1) = outs[1], case .created(let p2) = outs[2],
          case .created(let p3) = outs[3] else { fatalError("profiles") }
    check(p0.userID == " " && p0.name == "" && p0.imageURL == nil && p0.linkURL == nil && p0.email == "A@B.c", "p0 strings")
    check(p0.birthday == "2000-02-29" && p0.friendIDs == ["1", "2"] && p0.hometown == ProfileLocation(id: "1", name: "H"), "p0 misc")
    check(p0.ageRange == ProfileAgeRange(exactMin: JSONNumber("-0.5"), exactMax: JSONNumber("12.7")), "p0 age")
    check(p1.firstName == nil && p1.birthday == nil && p1.friendIDs == nil && p1.ageRange == nil && p1.location == nil, "p1")
    check(p2.birthday == nil && p2.ageRange == nil && p2.hometown == nil, "p2")
    check(p3.birthday == "2003-01-02" && p3.ageRange == nil, "p3")
    check(outs[4] == .noProfile && outs[5] == .noProfile, "no profile")
    for bug in BlindProfile.Bug.allCases {
        let subject = BlindProfile(bug: bug)
        let differs = try profileInputs.contains { try subject.makeProfile($0) != base.makeProfile($0) }
        check(differs, "profile bug \(bug) changes nothing")
    }
}

// MARK: access-token
func token(_ perms: [String], declined: [String] = [], expired: [String] = [], exp: Double?, data: Double?) -> AccessTokenSnapshot {
    AccessTokenSnapshot(tokenString: "t", userID: "u", permissions: perms, declinedPermissions: declined,
                        expiredPermissions: expired, expirationDate: exp, dataAccessExpirationDate: data)
}
let queries: [AccessTokenQuery] = [
    .init(token: token(["email", "caf\u{00E9}", "user_friends"], declined: ["email"], expired: ["user_posts"], exp: 5, data: nil), now: 100, question: .hasGranted("email")),
    .init(token: token(["Email"], exp: nil, data: nil), now: 0, question: .hasGranted("email")),
    .init(token: token(["email"], exp: nil, data: nil), now: 0, question: .hasGranted(" email")),
    .init(token: token(["caf\u{00E9}"], exp: nil, data: nil), now: 0, question: .hasGranted("cafe\u{0301}")),
    .init(token: token(["user_friends"], exp: nil, data: nil), now: 0, question: .hasGranted("friends")),
    .init(token: token([], expired: ["user_posts"], exp: nil, data: nil), now: 0, question: .hasGranted("user_posts")),
    .init(token: token([], exp: 100, data: nil), now: 100, question: .isExpired),
    .init(token: token([], exp: 100.2, data: nil), now: 100.7, question: .isExpired),
    .init(token: token([], exp: nil, data: 50), now: 100, question: .isExpired),
    .init(token: token([], exp: nil, data: 100), now: 100, question: .isDataAccessExpired),
    .init(token: token([], exp: 50, data: nil), now: 100, question: .isDataAccessExpired),
    .init(token: token([], exp: -5, data: nil), now: 0, question: .isExpired),
]
do {
    let base = BlindAccessToken()
    func answer(_ subject: BlindAccessToken, _ query: AccessTokenQuery) throws -> Bool {
        switch query.question {
        case .hasGranted(let p): try subject.hasGranted(p, in: query.token)
        case .isExpired: try subject.isExpired(query.token, now: query.now)
        case .isDataAccessExpired: try subject.isDataAccessExpired(query.token, now: query.now)
        }
    }
    let expected = [true, false, false, false, false, false, false, true, false, false, false, true]
    for (query, want) in zip(queries, expected) { check(try answer(base, query) == want, "access \(query)") }
    for bug in BlindAccessToken.Bug.allCases {
        let subject = BlindAccessToken(bug: bug)
        check(try queries.contains { try answer(subject, $0) != answer(base, $0) }, "access bug \(bug) changes nothing")
    }
}

// MARK: token-change
let tokens: [String: TokenChangeSequence.Token] = [
    "A": .init(userID: "u1", expirationDate: 100), "A2": .init(userID: "u1", expirationDate: 100),
    "B": .init(userID: "U1", expirationDate: nil), "C": .init(userID: "u1", expirationDate: nil),
    "D": .init(userID: "u1", expirationDate: 10),
]
let sequences: [TokenChangeSequence] = [
    .init(tokens: tokens, initial: nil, steps: [.setCurrent(token: nil, now: 0), .setCurrent(token: "A", now: 1),
        .setCurrent(token: "A", now: 2), .setCurrent(token: "A2", now: 100), .setCurrent(token: "C", now: 200),
        .expiryTimer(now: 300), .setCurrent(token: "B", now: 301), .setCurrent(token: "D", now: 302),
        .setCurrent(token: "A", now: 303), .setCurrent(token: nil, now: 304)]),
    .init(tokens: tokens, initial: "C", steps: [.setCurrent(token: "A", now: 1), .setCurrent(token: "C", now: 5)]),
]
do {
    let base = BlindTokenChange()
    let out = try base.notifications(for: sequences[0])
    print(render(out))
    typealias Info = TokenChangeOutcome.UserInfo
    let want: [TokenChangeOutcome.Notification] = [
        .init(afterStep: 1, userInfo: Info(newToken: "A", oldToken: nil, didChangeUserID: true)),
        .init(afterStep: 3, userInfo: Info(newToken: "A2", oldToken: "A")),
        .init(afterStep: 4, userInfo: Info(newToken: "C", oldToken: "A2", didChangeUserID: true)),
        .init(afterStep: 5, userInfo: Info(newToken: "C", oldToken: "C", didExpire: true)),
        .init(afterStep: 6, userInfo: Info(newToken: "B", oldToken: "C", didChangeUserID: true)),
        .init(afterStep: 7, userInfo: Info(newToken: "D", oldToken: "B", didChangeUserID: true)),
        .init(afterStep: 8, userInfo: Info(newToken: "A", oldToken: "D", didChangeUserID: true)),
        .init(afterStep: 9, userInfo: Info(newToken: nil, oldToken: "A", didChangeUserID: true)),
    ]
    check(out == TokenChangeOutcome(notifications: want, current: nil), "token-change base")
    for bug in BlindTokenChange.Bug.allCases {
        let subject = BlindTokenChange(bug: bug)
        check(try sequences.contains { try subject.notifications(for: $0) != base.notifications(for: $0) },
              "token-change bug \(bug) changes nothing")
    }
}

// MARK: graph-error
func body(_ text: String) -> JSONValue { json(text) }
let graphInputs: [GraphErrorInput] = [
    .init(body: body("{\"error\":{\"code\":190,\"error_subcode\":460,\"type\":\"OAuthException\",\"error_msg\":\"m3\",\"error_reason\":\"m2\"}}"), serverCategories: nil, requestUsedCurrentToken: true),
    .init(body: body("{\"error\":{\"code\":102,\"error_user_msg\":\"u\"}}"), serverCategories: nil, requestUsedCurrentToken: true, graphErrorRecovery: false),
    .init(body: body("{\"error\":{\"code\":341,\"message\":\"m\"}}"), serverCategories: nil, requestUsedCurrentToken: false),
    .init(body: body("{\"error\":{\"code\":299,\"type\":\"OAuthException\"}}"), serverCategories: nil, requestUsedCurrentToken: false),
    .init(body: body("{\"error\":{\"code\":10}}"), serverCategories: nil, requestUsedCurrentToken: false),
    .init(body: body("{\"error\":{\"code\":3}}"), serverCategories: nil, requestUsedCurrentToken: false),
]
do {
    let base = BlindGraphError()
    let outs = try graphInputs.map { try base.classifyGraphError($0) }
    for out in outs { print(render(out)) }
    check(outs[0].category == .recoverable && outs[0].message == "m2" && outs[0].clientAction == .logInAgain && outs[0].currentToken == .kept, "g0")
    check(outs[1].category == .recoverable && outs[1].message == nil && outs[1].currentToken == .cleared, "g1")
    check(outs[2].category == .transient && outs[2].clientAction == .retry && outs[2].message == "m", "g2")
    check(outs[3].category == .other && outs[3].isPermissionError == true && outs[3].clientAction == .rerequestPermission, "g3")
    check(outs[4].isPermissionError == true && outs[5].isPermissionError == false && outs[5].clientAction == GraphErrorClientAction.none, "g4")
    for bug in BlindGraphError.Bug.allCases {
        let subject = BlindGraphError(bug: bug)
        check(try graphInputs.contains { try subject.classifyGraphError($0) != base.classifyGraphError($0) },
              "graph-error bug \(bug) changes nothing")
    }
}

print(failures == 0 ? "ALL OK" : "\(failures) failures")
exit(failures == 0 ? 0 : 1)
