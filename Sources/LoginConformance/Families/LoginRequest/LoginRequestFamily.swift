/// The `login-request` family: ``LoginRequestBuilding`` against `Vectors/login-request.json`.
public enum LoginRequestFamily: VectorFamily {
    public static let family = ConformanceFamily(name: "login-request", protocolName: "LoginRequestBuilding")

    /// The parameters of SPECIFICATION.md §2's table, in its order: every `ios-sdk` expected outcome names each of
    /// them (a `documented` one only those the documents give, ``LoginRequestOutcome``).
    public static let tableParameters = [
        "client_id", "display", "sdk", "return_scopes", "scope", "nonce", "auth_type", "response_type", "tp",
        "code_challenge", "code_challenge_method", "redirect_uri", "state", "default_audience",
    ]

    public static func run(_ input: LoginRequestInput, on implementation: any ConformanceSubject) throws -> LoginRequestOutcome? {
        try (implementation as? any LoginRequestBuilding)?.makeLoginRequest(input)
    }

    /// Whether `actual` is the request `expected` describes:
    /// - `host`, `path` and `appSwitchAllowed` are equal (strings code point by code point); `host` and
    ///   `appSwitchAllowed` only when the expected outcome states them (a documented vector may leave them out,
    ///   DECISIONS.md D31), and then an answer that leaves one out fails;
    /// - each parameter the expected outcome gives a value is sent with that value, each it gives `null` is not
    ///   sent (missing or `null`); parameters the expected outcome does not name are ignored (real SDKs also send
    ///   `e2e`, `sdk_version`, …);
    /// - `scope` compares as a comma-separated list in any order, each item as often as expected: requested ∪
    ///   {openid} is a set, so `openid,openid` is wrong and so is an empty item;
    /// - `state` compares as JSON: every member of the expected JSON object is in the actual state's JSON object
    ///   with an equal value; other members are allowed (the SDK adds its own);
    /// - every other value compares code point by code point.
    public static func conforms(
        _ actual: LoginRequestOutcome, to expected: LoginRequestOutcome, input: LoginRequestInput
    ) -> Bool {
        /// Whether `actual` gives the member the expectation states, equal by `same`.
        func matches(_ member: String, _ same: Bool) -> Bool {
            !expected.states(member) || (actual.states(member) && same)
        }
        guard matches("host", actual.host.isCodePointEqual(to: expected.host)),
              actual.path.isCodePointEqual(to: expected.path),
              matches("appSwitchAllowed", actual.appSwitchAllowed == expected.appSwitchAllowed)
        else { return false }
        return expected.parameters.allSatisfy { name, want in
            let sent = actual.parameters[name] ?? nil
            switch (want, sent) {
            case (nil, nil): return true
            case (let want?, let sent?): return parameter(name, sent, matches: want)
            default: return false
            }
        }
    }

    /// Whether the value `sent` for parameter `name` is the expected `want` (scope as a list, state as JSON).
    static func parameter(_ name: String, _ sent: String, matches want: String) -> Bool {
        switch name {
        case "scope":
            // Each item as its UTF-8 bytes (code points, not canonical equivalence), sorted, duplicates kept.
            let items = { (text: String) in
                text.split(separator: ",", omittingEmptySubsequences: false).map { Array($0.utf8) }
                    .sorted { $0.lexicographicallyPrecedes($1) }
            }
            return items(sent) == items(want)
        case "state":
            guard let wanted = JSONValue.parse(want)?.objectValue else { return sent.isCodePointEqual(to: want) }
            guard let got = JSONValue.parse(sent)?.objectValue else { return false }
            return wanted.allSatisfy { member, value in
                got[member].map { CanonicalJSON.render($0).isCodePointEqual(to: CanonicalJSON.render(value)) } ?? false
            }
        default:
            return sent.isCodePointEqual(to: want)
        }
    }

    /// `request`: the family computes a value, so two answers differ only in their details.
    public static func label(of outcome: LoginRequestOutcome) -> String { "request" }

    /// The family refuses nothing.
    public static func declaredReason(of outcome: LoginRequestOutcome) -> String? { nil }
}

extension ConformanceFamily {
    /// The login request a configuration makes: host, path and the authorization URL's parameters (SPECIFICATION.md §2). Protocol: ``LoginRequestBuilding``.
    public static let loginRequest = LoginRequestFamily.family
}
