import Foundation
import LoginConformance
import LoginConformanceReference
import LoginConformanceTestSupport

extension LoginRequestFamily: MutatedFamily { package typealias Mutants = RequestMutants }

/// Mutants of the login request (SPECIFICATION.md §2): one realistic slip per parameter rule — the host and PKCE taken
/// from the wrong condition, the shim misread, openid missing or doubled, nil auth type sent, the verifier sent as
/// the challenge, values reshaped on the way.
package enum RequestMutants: MutantCatalogue {
    /// The reference in `profile`'s reading (the rules are the same in both readings but for app switch with
    /// limited tracking).
    package static func model(profile: ConformanceProfile) -> any ConformanceSubject & Sendable {
        ReferenceLoginRequestBuilder(profile: profile)
    }

    package static let all: [Mutant] = [
        // The kinds of bug (the [kind] in front of each description).
        mutant("request.response-type-extra-code", .iosSDK,
               "[extra default-table entry] adds code to the enabled response_type list, as a code-flow build of the "
               + "SDK would (§2: id_token,token_or_nonce,signed_request,graph_domain,user_token_nonce)") {
            $0.responseType = { mode in
                mode.enabled ? "id_token,token_or_nonce,signed_request,graph_domain,user_token_nonce,code"
                    : "id_token,graph_domain,user_token_nonce"
            }
        },
        mutant("request.scope-space-separated", .iosSDK,
               "[almost-right separator] joins scope with spaces, as OAuth 2.0's scope parameter does, not with commas "
               + "(§2: comma-joined)") {
            $0.scope = { permissions, _ in permissions.union(["openid"]).sorted().joined(separator: " ") }
        },
        mutant("request.state-with-single-quotes", .iosSDK,
               "[loosely typed JSON] writes the state as a single-quoted object literal, which is not JSON (§2: the "
               + "text of a JSON object)") {
            $0.state = { "{'challenge':'\($0)'}" }
        },
        mutant("request.limited-host-is-m", .iosSDK,
               "sends every login to m.facebook.com, limited ones included (§2: limited.facebook.com)") {
            $0.host = { _ in "m.facebook.com" }
        },
        mutant("request.shim-goes-to-m-host", .iosSDK,
               "sends enabled tracking without tracking authorization to m.facebook.com (DECISIONS.md D25: the limited host)") {
            $0.host = { $0.enabled ? "m.facebook.com" : "limited.facebook.com" }
        },
        mutant("request.shim-allows-app-switch", .iosSDK,
               "allows app switch for the shim (DECISIONS.md D25: NativeAppLoginHandler turns it off)") {
            $0.appSwitch = { $0 == .enabled && $2.gatekeeper && $2.appInstalled }
        },
        mutant("request.path-without-version", .iosSDK,
               "uses the unversioned path /dialog/oauth (§2: /{graph version}/dialog/oauth)") {
            $0.path = { _ in "/dialog/oauth" }
        },
        mutant("request.client-id-as-number", .iosSDK,
               "stores the app ID as an integer, so leading zeros are lost (§2: the app ID)") {
            $0.clientID = { appID in Int(appID).map(String.init) ?? appID }
        },
        mutant("request.omits-return-scopes", .iosSDK,
               "does not send return_scopes=true (§2), so the callback carries no granted_scopes") {
            $0.fixedParameters["return_scopes"] = nil
        },
        mutant("request.scope-without-openid", .iosSDK,
               "sends only the requested permissions as scope (§2: requested ∪ {openid})") {
            $0.scope = { permissions, _ in permissions.sorted().joined(separator: ",") }
        },
        mutant("request.scope-appends-openid", .iosSDK,
               "appends openid to the requested list, so a request that has openid sends it twice (§2: a union)") {
            $0.scope = { permissions, _ in (permissions.sorted() + ["openid"]).joined(separator: ",") }
        },
        mutant("request.scope-filtered-to-limited-list", .iosSDK,
               "drops permissions outside the Limited Login list with limited tracking, which the SDK sends as is (§1, §8)") {
            $0.scope = { permissions, mode in
                let kept = mode.enabled ? permissions : permissions.intersection(ReferenceLoginConfigurationBuilder.limitedLoginPermissions)
                return kept.union(["openid"]).sorted().joined(separator: ",")
            }
        },
        mutant("request.nonce-only-for-limited", .iosSDK,
               "sends the nonce with limited tracking only (§2: in both tracking modes)") {
            $0.nonce = { nonce, mode in mode.enabled ? nil : nonce }
        },
        mutant("request.nonce-trimmed", .iosSDK,
               "trims whitespace and newlines from the nonce, which the SDK reading allows to end in LF (§2: exactly)") {
            $0.nonce = { nonce, _ in nonce.trimmingCharacters(in: .whitespacesAndNewlines) }
        },
        mutant("request.auth-type-empty-when-nil", .iosSDK,
               "sends auth_type= (empty) when the auth type is nil (§2: absent)") {
            $0.authType = { $0 ?? "" }
        },
        mutant("request.auth-type-defaults-to-rerequest", .iosSDK,
               "sends the login button's default rerequest when the auth type is nil (§2: absent)") {
            $0.authType = { $0 ?? "rerequest" }
        },
        mutant("request.enabled-response-type-for-limited", .iosSDK,
               "sends the enabled response_type with limited tracking too (§2: id_token,graph_domain,user_token_nonce)") {
            $0.responseType = { _ in "id_token,token_or_nonce,signed_request,graph_domain,user_token_nonce" }
        },
        mutant("request.tp-only-for-limited", .iosSDK,
               "sends tp only with limited tracking, forgetting the shim (§2: also enabled without tracking authorization)") {
            $0.tp = { $0.enabled ? nil : "ios_14_do_not_track" }
        },
        mutant("request.tp-always", .iosSDK,
               "sends tp=ios_14_do_not_track in every request (§2: absent when tracking is enabled and authorized)") {
            $0.tp = { _ in "ios_14_do_not_track" }
        },
        mutant("request.pkce-for-limited", .iosSDK,
               "sends code_challenge and S256 with limited tracking too (§2: never for limited)") {
            $0.pkce = { configuration, _ in (configuration.codeChallenge, "S256") }
        },
        mutant("request.shim-drops-pkce", .iosSDK,
               "treats the shim as limited for PKCE and sends no code_challenge (§2: the shim is an enabled request)") {
            $0.pkce = { configuration, mode in mode.enabled && mode.authorized ? (configuration.codeChallenge, "S256") : nil }
        },
        mutant("request.verifier-as-challenge", .iosSDK,
               "sends the code verifier as code_challenge, leaking it (§2: the S256 challenge)") {
            $0.pkce = { configuration, mode in mode.enabled ? (configuration.codeVerifier, "S256") : nil }
        },
        mutant("request.pkce-method-plain", .iosSDK,
               "sends code_challenge_method=plain with the S256 challenge (§2: S256)") {
            $0.pkce = { configuration, mode in mode.enabled ? (configuration.codeChallenge, "plain") : nil }
        },
        mutant("request.redirect-uri-without-suffix", .iosSDK,
               "ignores the URL scheme suffix in redirect_uri (§2: fb{appID}{suffix}://authorize/)") {
            $0.redirectURI = { appID, _ in "fb\(appID)://authorize/" }
        },
        mutant("request.redirect-uri-without-slash", .iosSDK,
               "drops the final / of redirect_uri (§2: fb{appID}{suffix}://authorize/)") {
            $0.redirectURI = { appID, suffix in "fb\(appID)\(suffix ?? "")://authorize" }
        },
        mutant("request.state-is-bare-challenge", .iosSDK,
               "sends the challenge itself as state instead of a JSON object holding it (§2)") {
            $0.state = { $0 }
        },
        mutant("request.default-audience-always-friends", .iosSDK,
               "always sends the default audience friends (§2: the configured audience)") {
            $0.audience = { _ in "friends" }
        },
        mutant("request.app-switch-for-limited", .iosSDK,
               "allows app switch whenever the configuration enables it, limited tracking included, whatever the "
                   + "gatekeeper and the installed app (§2; DECISIONS.md D51)") {
            $0.appSwitch = { appSwitch, _, _ in appSwitch == .enabled }
        },
        mutant("request.app-switch-ignores-gatekeeper", .iosSDK,
               "allows app switch with the fast-app-switch gatekeeper off (DECISIONS.md D51: off by default)") {
            $0.appSwitch = { $0 == .enabled && $1.authorized && $2.appInstalled }
        },
        mutant("request.app-switch-ignores-installed-app", .iosSDK,
               "allows app switch without the Facebook app installed (DECISIONS.md D51)") {
            $0.appSwitch = { $0 == .enabled && $1.authorized && $2.gatekeeper }
        },
        mutant("request.app-switch-never-for-limited", .iosSDK,
               "never allows app switch with limited tracking, the documented reading, although the SDK allows it "
                   + "when LimitedLoginFAS is on (DECISIONS.md D51)") {
            $0.appSwitch = { $0 == .enabled && $1.enabled && $1.authorized && $2.gatekeeper && $2.appInstalled }
        },
    ]

    /// Mutants retired in suite 0.3.0, with the reason (never silently deleted).
    package static let retiredMutants: [(name: String, reason: String)] = [
        ("request.shim-goes-to-limited-host", "DECISIONS.md D25: the limited host is the SDK's reading for the shim, "
            + "so this is no bug any more; request.shim-goes-to-m-host takes its place"),
    ]

    private static func mutant(
        _ name: String, _ profile: ConformanceProfile, _ description: String, _ bug: (inout ReferenceLoginRequestBuilder) -> Void
    ) -> Mutant {
        var model = ReferenceLoginRequestBuilder(profile: profile)
        // What a real SDK adds beyond §2's table: the comparison ignores it, so only the bug kills the mutant.
        model.extraParameters["e2e"] = "{\"init\":1767225600000}"
        bug(&model)
        return Mutant(name: name, description: description, family: .loginRequest, profile: profile, implementation: model)
    }
}
