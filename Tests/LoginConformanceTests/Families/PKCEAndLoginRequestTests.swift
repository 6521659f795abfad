import Foundation
import LoginConformance
import Testing
import LoginConformanceMutants
import LoginConformanceTestSupport

/// The code-verifier, code-challenge and login-request vectors hold what SPECIFICATION.md §1 and §2 state (checked here
/// from the rules, independently of the reference implementation), and the login-request comparison accepts what
/// real SDKs add while refusing what breaks a rule.
@Suite("PKCE and login request")
struct PKCEAndLoginRequestTests {
    let suite: VectorSuite

    init() throws {
        suite = try VectorSuite.bundled()
    }

    private func vectors<Family: VectorFamily>(_: Family.Type) -> [Vector<Family>] {
        suite.vectors.compactMap { $0 as? Vector<Family> }
    }

    // MARK: code-verifier (SPECIFICATION.md §1 item 4, §8)

    @Test("ASCII verifiers of 42 and 129 characters are refused for their length, 43 and 128 never, in both profiles",
          arguments: [(42, false), (43, true), (128, true), (129, false)])
    func verifierBoundaries(length: Int, valid: Bool) {
        // Only the characters RFC 7636 allows: a fault pair's verifier breaks the character rule too.
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".unicodeScalars)
        let matching = vectors(CodeVerifierFamily.self).filter {
            $0.input.codeVerifier.unicodeScalars.count == length && $0.input.codeVerifier.unicodeScalars.allSatisfy(unreserved.contains)
        }
        #expect(matching.count >= 2)
        #expect(matching.allSatisfy { $0.metadata.profiles == nil })
        #expect(matching.allSatisfy { ($0.expected == .invalid(.length)) != valid })
        #expect(matching.contains { $0.expected == (valid ? .valid : .invalid(.length)) })
    }

    @Test("every documented refusal of a non-ASCII letter or digit has the ios-sdk vector accepting the same verifier")
    func verifierProfilePairs() {
        let all = vectors(CodeVerifierFamily.self)
        let documented = all.filter {
            $0.metadata.isOfReading(.documented) && $0.input.codeVerifier.unicodeScalars.contains { !$0.isASCII }
        }
        #expect(documented.count >= 20)
        for vector in documented {
            #expect(vector.expected == .invalid(.characters), "\(vector.metadata.id)")
            let counterpart = all.first { $0.metadata.isOfReading(.iosSDK) && $0.input == vector.input }
            #expect(counterpart?.expected == .valid, "\(vector.metadata.id)")
        }
    }

    // MARK: code-challenge (SPECIFICATION.md §1 item 4)

    @Test("the published pairs are vectors: SPECIFICATION.md §1's and RFC 7636 Appendix B's")
    func challengeKnownPairs() {
        let pairs = Dictionary(vectors(CodeChallengeFamily.self).map { ($0.input.codeVerifier, $0.expected.challenge) },
                               uniquingKeysWith: { first, _ in first })
        #expect(pairs["OB6imf0pt3YLueBtNlljrdJZXdFk8gKJ97UQEpz1ojlEUL4p"] == "4oJe_Hdk_xC_YCWjumgE5RjIkW-YVmFm_nYnIckxR0c")
        #expect(pairs["dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"] == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }

    @Test("every challenge is 43 base64url characters without padding, and the alphabet cases are all there")
    func challengeShapes() {
        let challenges = vectors(CodeChallengeFamily.self).map(\.expected.challenge)
        #expect(challenges.allSatisfy { $0.count == 43 && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") } })
        #expect(challenges.contains { $0.contains("-") && !$0.contains("_") })
        #expect(challenges.contains { $0.contains("_") && !$0.contains("-") })
        #expect(challenges.contains { !$0.contains("-") && !$0.contains("_") })
        #expect(vectors(CodeChallengeFamily.self).allSatisfy { $0.metadata.profiles == nil })
    }

    @Test("the challenge model and its mutants answer every vector: a mutant dies of a wrong challenge, never of a digest missing from the oracle")
    func challengeOracleIsComplete() throws {
        #expect(DigestOracle.shared.isLoaded)
        let vectors = suite.vectors(for: .documented, families: [.codeChallenge])
        for implementation in [ChallengeModel()] + ChallengeMutants.all.compactMap({ $0.implementation as? ChallengeModel }) {
            for vector in vectors {
                let outcome = vector.evaluate(against: implementation)
                if case .errored(let message) = outcome { Issue.record("\(vector.metadata.id): \(message)") }
            }
        }
        #expect(ChallengeMutants.all.count == ChallengeMutants.all.compactMap { $0.implementation as? ChallengeModel }.count)
    }

    // MARK: login-request (SPECIFICATION.md §2)

    @Test("every ios-sdk expected request names each parameter of SPECIFICATION.md §2's table; a documented one those of rules of both readings")
    func requestNamesTheTable() {
        let table = Set(LoginRequestFamily.tableParameters)
        #expect(table.count == 14)
        // The documented vectors leave out what only the SDK's code gives (DECISIONS.md D31).
        let documented: Set = ["client_id", "scope", "nonce", "auth_type", "redirect_uri", "state"]
        for vector in vectors(LoginRequestFamily.self) {
            let names = Set(vector.expected.parameters.keys)
            if vector.metadata.isOfReading(.documented) {
                let pkce: Set = vector.input.configuration.tracking == .enabled ? ["code_challenge", "code_challenge_method"] : []
                #expect(names == documented.union(pkce), "\(vector.metadata.id)")
            } else {
                #expect(names == table, "\(vector.metadata.id)")
            }
        }
    }

    @Test("limited requests go to limited.facebook.com with tp and without PKCE; enabled ones send the nonce and PKCE")
    func requestTrackingRules() {
        for vector in vectors(LoginRequestFamily.self) {
            let parameters = vector.expected.parameters
            let enabled = vector.input.configuration.tracking == .enabled
            // The shim (enabled, tracking not authorized) goes to the limited host (DECISIONS.md D25).
            let full = enabled && vector.input.trackingAuthorized
            #expect((parameters["nonce"] ?? nil) == vector.input.configuration.nonce, "\(vector.metadata.id)")
            #expect((parameters["code_challenge"] ?? nil) == (enabled ? vector.input.configuration.codeChallenge : nil), "\(vector.metadata.id)")
            guard !vector.metadata.isOfReading(.documented) else {
                // The documents never allow app switch with limited tracking, nor without the configuration's
                // consent; otherwise only the SDK's gatekeepers decide it, and the vector leaves it out (D31, D51).
                let refused = !enabled || vector.input.configuration.appSwitch == .disabled
                let stated = try? JSONValue.parse(String(decoding: JSONEncoder().encode(vector.expected), as: UTF8.self))?
                    .objectValue?["appSwitchAllowed"]
                #expect(stated == (refused ? .bool(false) : nil), "\(vector.metadata.id)")
                continue
            }
            #expect(vector.expected.host == (full ? "m.facebook.com" : "limited.facebook.com"), "\(vector.metadata.id)")
            let shim = enabled && !vector.input.trackingAuthorized
            #expect((parameters["tp"] ?? nil) == (enabled && !shim ? nil : "ios_14_do_not_track"), "\(vector.metadata.id)")
            // App switch: the configuration, authorized tracking, the gatekeeper and the installed app (D51).
            let appSwitch = vector.input.configuration.appSwitch == .enabled && vector.input.trackingAuthorized
                && vector.input.fastAppSwitchEnabled == true && vector.input.facebookAppInstalled == true
            #expect(vector.expected.appSwitchAllowed == appSwitch, "\(vector.metadata.id)")
        }
    }

    private func baseline() throws -> Vector<LoginRequestFamily> {
        try #require(vectors(LoginRequestFamily.self).first { $0.metadata.id == "login-request::baseline::enabled-authorized.ios-sdk" })
    }

    /// The baseline's expected request as an implementation would answer it, with `change` applied to the parameters
    /// it sends (absent ones left out).
    private func answer(
        _ vector: Vector<LoginRequestFamily>, host: String? = nil, appSwitch: Bool? = nil,
        _ change: (inout [String: String]) -> Void = { _ in }
    ) -> LoginRequestOutcome {
        var sent = vector.expected.parameters.compactMapValues { $0 }
        change(&sent)
        return LoginRequestOutcome(host: host ?? vector.expected.host, path: vector.expected.path,
                                   appSwitchAllowed: appSwitch ?? vector.expected.appSwitchAllowed, sending: sent)
    }

    private func conforms(_ actual: LoginRequestOutcome, _ vector: Vector<LoginRequestFamily>) -> Bool {
        LoginRequestFamily.conforms(actual, to: vector.expected, input: vector.input)
    }

    @Test("the comparison ignores parameters outside the table, scope order and extra state members")
    func requestComparisonTolerates() throws {
        let vector = try baseline()
        #expect(conforms(answer(vector), vector))
        #expect(conforms(answer(vector) { $0["e2e"] = "{\"init\":1}"; $0["sdk_version"] = "18.1.0" }, vector))
        #expect(conforms(answer(vector) { $0["scope"] = "public_profile,openid" }, vector))
        #expect(conforms(answer(vector) {
            $0["state"] = "{\"0_auth_logger_id\":\"A1\",\"challenge\":\"q7Ws2xEd3rFv4tGb5yHn6uJm\",\"3_method\":\"sfvc_auth\"}"
        }, vector))
        #expect(conforms(answer(vector) { $0["state"] = " { \"challenge\" : \"q7Ws2xEd3rFv4tGb5yHn6uJm\" } " }, vector))
        // An explicit null is "not sent", as a missing entry is.
        let explicitNull = LoginRequestOutcome(host: vector.expected.host, path: vector.expected.path,
                                               appSwitchAllowed: vector.expected.appSwitchAllowed,
                                               parameters: vector.expected.parameters)
        #expect(conforms(explicitNull, vector))
    }

    @Test("the comparison refuses a wrong host, app switch, value, a parameter that must be absent, and a missing one")
    func requestComparisonRefuses() throws {
        let vector = try baseline()
        #expect(!conforms(answer(vector, host: "limited.facebook.com"), vector))
        #expect(!conforms(answer(vector, host: "M.facebook.com"), vector))
        #expect(!conforms(answer(vector, appSwitch: false), vector))
        #expect(!conforms(answer(vector) { $0["tp"] = "ios_14_do_not_track" }, vector))
        #expect(!conforms(answer(vector) { $0["auth_type"] = nil }, vector))
        #expect(!conforms(answer(vector) { $0["nonce"] = nil }, vector))
        #expect(!conforms(answer(vector) { $0["nonce"]! += " " }, vector))
        #expect(!conforms(answer(vector) { $0["code_challenge_method"] = "s256" }, vector))
        #expect(!conforms(answer(vector) { $0["redirect_uri"] = "fb1234567890://authorize" }, vector))
    }

    @Test("scope counts each item: openid twice, an empty item or a missing permission is wrong")
    func requestScopeComparison() throws {
        let vector = try baseline()
        for scope in ["openid,openid,public_profile", "openid,public_profile,", "openid", "openid,public_profile,email",
                      "openid public_profile", "openid,Public_profile"] {
            #expect(!conforms(answer(vector) { $0["scope"] = scope }, vector), "\(scope)")
        }
    }

    @Test("state must be a JSON object holding the expected challenge, exactly")
    func requestStateComparison() throws {
        let vector = try baseline()
        for state in ["q7Ws2xEd3rFv4tGb5yHn6uJm", "{\"challenge\":\"q7Ws2xEd3rFv4tGb5yHn6uJM\"}", "{\"challenge\":null}",
                      "{}", "[\"q7Ws2xEd3rFv4tGb5yHn6uJm\"]", "{\"challenge\":\"q7Ws2xEd3rFv4tGb5yHn6uJm\",}",
                      "{\"challenge\":\"x\",\"challenge\":\"q7Ws2xEd3rFv4tGb5yHn6uJm\"}"] {
            #expect(!conforms(answer(vector) { $0["state"] = state }, vector), "\(state)")
        }
    }

    @Test("an adapter's answer is decoded strictly: an unknown member or a non-string parameter is an error")
    func requestAnswerDecoding() throws {
        let vector = try baseline()
        let extraMember = JSONValue.parse(#"{"result":"request","host":"m.facebook.com","path":"/v21.0/dialog/oauth","appSwitchAllowed":true,"parameters":{},"query":""}"#)!
        guard case .errored = vector.judge(answer: extraMember) else { Issue.record("an unknown member must be an error"); return }
        let number = JSONValue.parse(#"{"result":"request","host":"m.facebook.com","path":"/v21.0/dialog/oauth","appSwitchAllowed":true,"parameters":{"return_scopes":true}}"#)!
        guard case .errored = vector.judge(answer: number) else { Issue.record("a boolean parameter must be an error"); return }
    }
}
