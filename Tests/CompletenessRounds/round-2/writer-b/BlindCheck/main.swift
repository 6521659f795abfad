import Foundation
import LoginConformance
@testable import BlindRound

var failures = 0
@MainActor func check(_ name: String, _ ok: Bool) {
    if !ok { failures += 1; print("FAIL", name) }
}
func json(_ text: String) -> JSONValue { JSONValue.parse(text)! }

// login-request
let config = LoginRequestConfiguration(
    permissions: ["email", "user_friends"], tracking: .enabled, nonce: "n-1\u{0A}x", authType: nil,
    codeVerifier: String(repeating: "a", count: 43), codeChallenge: "CHALLENGE", appSwitch: .enabled, messengerPageId: nil)
let reqIn = LoginRequestInput(appID: "0123", urlSchemeSuffix: "pro", trackingAuthorized: true, graphVersion: "v21.0",
                              defaultAudience: .onlyMe, stateChallenge: "abc", configuration: config,
                              fastAppSwitchEnabled: true, facebookAppInstalled: true)
let req = try BlindLoginRequest().makeLoginRequest(reqIn)
check("host", req.host == "m.facebook.com")
check("path", req.path == "/v21.0/dialog/oauth")
check("client", req.parameters["client_id"]! == "0123")
check("scope", req.parameters["scope"]! == "email,openid,user_friends")
check("nonce", req.parameters["nonce"]! == "n-1\u{0A}x")
check("auth", req.parameters["auth_type"] == nil)
check("tp", req.parameters["tp"] == nil)
check("pkce", req.parameters["code_challenge"]! == "CHALLENGE")
check("redirect", req.parameters["redirect_uri"]! == "fb0123pro://authorize/")
check("aud", req.parameters["default_audience"]! == "only_me")
check("appswitch", req.appSwitchAllowed)
print("state", req.parameters["state"]!!)
check("state", JSONValue.parse(req.parameters["state"]!!)?.objectValue?["challenge"]?.stringValue == "abc")
let shim = try BlindLoginRequest().makeLoginRequest(LoginRequestInput(appID: "1", urlSchemeSuffix: nil, trackingAuthorized: false, graphVersion: "v21.0", defaultAudience: .friends, stateChallenge: "s", configuration: config, fastAppSwitchEnabled: true, facebookAppInstalled: true))
check("shim host", shim.host == "limited.facebook.com" && shim.parameters["tp"]! == "ios_14_do_not_track" && !shim.appSwitchAllowed && shim.parameters["code_challenge_method"]! == "S256")
let lim = LoginRequestConfiguration(permissions: ["openid", "user_posts"], tracking: .limited, nonce: "x", authType: "rerequest", codeVerifier: String(repeating: "a", count: 43), codeChallenge: "C", appSwitch: .enabled, messengerPageId: nil)
let limReq = try BlindLoginRequest().makeLoginRequest(LoginRequestInput(appID: "1", urlSchemeSuffix: "", trackingAuthorized: true, graphVersion: "v21.0", defaultAudience: .friends, stateChallenge: "s", configuration: lim))
check("limited", limReq.host == "limited.facebook.com" && limReq.parameters["code_challenge"] == nil && limReq.parameters["scope"]! == "openid,user_posts" && limReq.parameters["auth_type"]! == "rerequest" && !limReq.appSwitchAllowed && limReq.parameters["response_type"]! == "id_token,graph_domain,user_token_nonce")

// profile
func profile(_ claims: String, _ bug: BlindProfile.Bug? = nil) -> LimitedProfile? {
    if case .created(let p) = try! BlindProfile(bug: bug).makeProfile(ProfileInput(claims: json(claims).objectValue!, grantedPermissions: ["email"])) { return p }
    return nil
}
check("nosub", profile("{\"sub\":\"\"}") == nil && profile("{\"sub\":1}") == nil && profile("{}") == nil)
let p1 = profile("""
{"sub":" ","name":"","picture":"","user_friends":["b","a","b"],"user_birthday":"02/29/2024","user_age_range":{"min":21},
 "user_hometown":{"id":"1","name":"H"},"user_location":{"id":"1"},"email":"A@B"}
""")!
check("p1", p1.userID == " " && p1.name == "" && p1.imageURL == "" && p1.friendIDs! == ["b", "a", "b"] && p1.birthday == "2024-02-29"
      && p1.ageRange == ProfileAgeRange(exactMin: 21, exactMax: nil) && p1.hometown == ProfileLocation(id: "1", name: "H") && p1.location == nil && p1.email == "A@B" && p1.isLimited)
check("bday", profile("{\"sub\":\"1\",\"user_birthday\":\"02/29/2023\"}")!.birthday == nil)
check("bday2", profile("{\"sub\":\"1\",\"user_birthday\":\"13/01/2000\"}")!.birthday == nil)
check("bday3", profile("{\"sub\":\"1\",\"user_birthday\":\"12/31/1999\"}")!.birthday == "1999-12-31")
check("bday lenient", profile("{\"sub\":\"1\",\"user_birthday\":\"02/30/2023\"}", .birthdayLenient)!.birthday == "2023-03-02")
check("bday tz", profile("{\"sub\":\"1\",\"user_birthday\":\"12/31/1999\"}", .birthdayTimeZoneShift)!.birthday == "1999-12-30")
check("age eq", profile("{\"sub\":\"1\",\"user_age_range\":{\"min\":18,\"max\":18}}")!.ageRange == nil)
check("age neg", profile("{\"sub\":\"1\",\"user_age_range\":{\"min\":-1,\"max\":18}}")!.ageRange == nil)
check("age str", profile("{\"sub\":\"1\",\"user_age_range\":{\"min\":18,\"max\":\"21\"}}")!.ageRange == nil)
check("friends mixed", profile("{\"sub\":\"1\",\"user_friends\":[\"a\",1]}")!.friendIDs == nil)

// access-token
let tok = AccessTokenSnapshot(tokenString: "t", userID: "u", permissions: ["email", "caf\u{E9}"], declinedPermissions: ["email"], expiredPermissions: [], expirationDate: 100, dataAccessExpirationDate: nil)
let at = BlindAccessToken()
let g1 = try at.hasGranted("email", in: tok); let g2 = try at.hasGranted("cafe\u{301}", in: tok); let g3 = try at.hasGranted("Email", in: tok)
check("granted", g1 && !g2 && !g3)
check("canon bug", try BlindAccessToken(bug: .grantedCanonicalEquivalence).hasGranted("cafe\u{301}", in: tok))
let e1 = try at.isExpired(tok, now: 100); let e2 = try at.isExpired(tok, now: 100.5); let e3 = try at.isDataAccessExpired(tok, now: 1e12)
check("expired", !e1 && e2 && !e3)

// token-change
let seq = TokenChangeSequence(tokens: ["A": .init(userID: "1", expirationDate: 50), "B": .init(userID: "1", expirationDate: nil), "C": .init(userID: "2", expirationDate: nil)], initial: "A",
    steps: [.setCurrent(token: "A", now: 10), .setCurrent(token: "B", now: 10), .setCurrent(token: "C", now: 20), .expiryTimer(now: 30), .setCurrent(token: nil, now: 40), .setCurrent(token: nil, now: 41)])
let tc = try BlindTokenChange().notifications(for: seq)
let data = try JSONEncoder().encode(tc)
print(String(decoding: data, as: UTF8.self))
check("tc count", tc.notifications.count == 4 && tc.current == nil)
check("refresh", tc.notifications[0].userInfo.didChangeUserID == nil && tc.notifications[1].userInfo.didChangeUserID == true)
let seq2 = TokenChangeSequence(tokens: ["A": .init(userID: "1", expirationDate: 50), "B": .init(userID: "1", expirationDate: nil)], initial: "A", steps: [.setCurrent(token: "B", now: 50.5)])
check("old expired", try BlindTokenChange().notifications(for: seq2).notifications[0].userInfo.didChangeUserID == true)

// graph-error
func ge(_ body: String, _ table: [GraphErrorServerCategory]? = nil, used: Bool = true, recovery: Bool? = nil, _ bug: BlindGraphError.Bug? = nil) -> GraphErrorOutcome {
    try! BlindGraphError(bug: bug).classifyGraphError(GraphErrorInput(body: json(body), serverCategories: table, requestUsedCurrentToken: used, graphErrorRecovery: recovery))
}
check("190", ge("{\"error\":{\"code\":190,\"message\":\"m\",\"error_reason\":\"r\"}}").category == .recoverable)
check("190 kept", ge("{\"error\":{\"code\":190}}").currentToken == .kept)
check("190 cleared", ge("{\"error\":{\"code\":190}}", recovery: false).currentToken == .cleared)
check("493", ge("{\"error\":{\"code\":102,\"error_subcode\":493}}", recovery: false).currentToken == .markedExpired)
check("9", ge("{\"error\":{\"code\":9}}").category == .transient)
check("100", ge("{\"error\":{\"code\":100,\"error_reason\":\"r\",\"error_msg\":\"e\"}}").category == .other)
check("msg", ge("{\"error\":{\"code\":100,\"error_reason\":\"r\",\"error_msg\":\"e\"}}").message == "r")
check("is_transient", ge("{\"error\":{\"code\":190,\"is_transient\":2}}").category == .transient && ge("{\"error\":{\"code\":190,\"is_transient\":\"true\"}}").category == .recoverable && ge("{\"error\":{\"code\":190,\"is_transient\":true}}").category == .transient)
let table = [GraphErrorServerCategory(name: "other", items: [.init(code: 190, subcodes: [460])]), GraphErrorServerCategory(name: "login", items: [.init(code: 100), .init(code: nil), .init(code: 1)])]
check("table1", ge("{\"error\":{\"code\":190,\"error_subcode\":460}}", table).category == .other)
check("table2", ge("{\"error\":{\"code\":190,\"error_subcode\":461}}", table).category == .recoverable)
check("table3", ge("{\"error\":{\"code\":100}}", table).category == .recoverable)
check("table4 wildcard", ge("{\"error\":{\"code\":1}}", table).category == .transient && ge("{\"error\":{\"code\":5}}", table).category == .other)
check("other cleared", ge("{\"error\":{\"code\":190}}", [GraphErrorServerCategory(name: "other", items: [.init(code: 190)])]).currentToken == .cleared)

// every bug knob runs
for bug in BlindLoginRequest.Bug.allCases { _ = try BlindLoginRequest(bug: bug).makeLoginRequest(reqIn) }
var differing = 0
for bug in BlindProfile.Bug.allCases { _ = profile("{\"sub\":\"1\",\"user_birthday\":\"12/31/1999\",\"user_age_range\":{\"min\":18.5,\"max\":18.5}}", bug) }
for bug in BlindAccessToken.Bug.allCases { _ = try BlindAccessToken(bug: bug).hasGranted("email", in: tok); _ = try BlindAccessToken(bug: bug).isExpired(tok, now: 100); _ = try BlindAccessToken(bug: bug).isDataAccessExpired(tok, now: 100) }
for bug in BlindTokenChange.Bug.allCases { if try BlindTokenChange(bug: bug).notifications(for: seq) != tc { differing += 1 } }
for bug in BlindGraphError.Bug.allCases { _ = ge("{\"error\":{\"code\":190,\"error_subcode\":493}}", table, recovery: false, bug) }
print("token-change bugs differing on one sequence:", differing, "of", BlindTokenChange.Bug.allCases.count)
print(failures == 0 ? "ALL OK" : "\(failures) failures")
