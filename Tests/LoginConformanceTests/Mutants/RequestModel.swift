import Foundation
import LoginConformance
import LoginConformanceTestSupport

/// The login request (SPECIFICATION.md §2) written as mutation sites, one per parameter rule. Unmutated it conforms to
/// both profiles (``MutationTests`` checks that): the readings differ in which configurations exist, and the documented
/// one never allows app switch with limited tracking (`request.app-switch`).
struct RequestModel: LoginRequestBuilding, Sendable {
    /// The reading it follows.
    var profile: ConformanceProfile = .iosSDK
    /// The situation a site decides on: the tracking mode and whether the user authorized tracking.
    struct Mode: Sendable {
        let tracking: LoginTracking
        let authorized: Bool
        var enabled: Bool { tracking == .enabled }
    }

    /// Conformant: m.facebook.com for enabled tracking, limited.facebook.com for limited.
    var host: @Sendable (Mode) -> String = { $0.enabled && $0.authorized ? "m.facebook.com" : "limited.facebook.com" }
    /// Conformant: /{graph version}/dialog/oauth.
    var path: @Sendable (String) -> String = { "/\($0)/dialog/oauth" }
    /// Conformant: the app ID as given.
    var clientID: @Sendable (String) -> String = { $0 }
    /// Conformant: display touch, sdk ios, return_scopes true.
    var fixedParameters: [String: String] = ["display": "touch", "sdk": "ios", "return_scopes": "true"]
    /// Conformant: the permissions plus openid, each once, comma-joined.
    var scope: @Sendable (Set<String>, Mode) -> String = { permissions, _ in
        permissions.union(["openid"]).sorted().joined(separator: ",")
    }
    /// Conformant: the configuration's nonce, exactly, in both modes.
    var nonce: @Sendable (String, Mode) -> String? = { nonce, _ in nonce }
    /// Conformant: the raw value; nil stays absent.
    var authType: @Sendable (String?) -> String? = { $0 }
    /// Conformant: the limited or the enabled response type, by tracking.
    var responseType: @Sendable (Mode) -> String = {
        $0.enabled ? "id_token,token_or_nonce,signed_request,graph_domain,user_token_nonce"
            : "id_token,graph_domain,user_token_nonce"
    }
    /// Conformant: ios_14_do_not_track unless tracking is enabled and authorized.
    var tp: @Sendable (Mode) -> String? = { $0.enabled && $0.authorized ? nil : "ios_14_do_not_track" }
    /// Conformant: the configuration's challenge and S256, enabled tracking only (the shim included).
    var pkce: @Sendable (LoginRequestConfiguration, Mode) -> (challenge: String, method: String)? = { configuration, mode in
        mode.enabled ? (configuration.codeChallenge, "S256") : nil
    }
    /// Conformant: fb{app ID}{suffix}://authorize/.
    var redirectURI: @Sendable (String, String?) -> String = { appID, suffix in "fb\(appID)\(suffix ?? "")://authorize/" }
    /// Conformant: a JSON object with the challenge.
    var state: @Sendable (String) -> String = { "{\"challenge\":\"\($0)\"}" }
    /// Conformant: the given audience.
    var audience: @Sendable (LoginDefaultAudience) -> String = { $0.rawValue }
    /// Conformant: the configuration enables it, tracking is authorized (no app switch for the shim, DECISIONS.md
    /// D25), the gatekeeper of the tracking mode is on and the Facebook app is installed (DECISIONS.md D51).
    var appSwitch: @Sendable (LoginAppSwitch, Mode, AppSwitchEnvironment) -> Bool = {
        $0 == .enabled && $1.authorized && $2.gatekeeper && $2.appInstalled
    }

    /// The inputs besides the configuration that app switch depends on; a member left out is false.
    struct AppSwitchEnvironment {
        let gatekeeper: Bool
        let appInstalled: Bool

        init(_ input: LoginRequestInput) {
            gatekeeper = input.fastAppSwitchEnabled ?? false
            appInstalled = input.facebookAppInstalled ?? false
        }
    }

    func makeLoginRequest(_ input: LoginRequestInput) -> LoginRequestOutcome {
        let configuration = input.configuration
        let mode = Mode(tracking: configuration.tracking, authorized: input.trackingAuthorized)
        var parameters = fixedParameters
        parameters["client_id"] = clientID(input.appID)
        parameters["scope"] = scope(configuration.permissions, mode)
        parameters["nonce"] = nonce(configuration.nonce, mode)
        parameters["auth_type"] = authType(configuration.authType)
        parameters["response_type"] = responseType(mode)
        parameters["tp"] = tp(mode)
        if let (challenge, method) = pkce(configuration, mode) {
            parameters["code_challenge"] = challenge
            parameters["code_challenge_method"] = method
        }
        parameters["redirect_uri"] = redirectURI(input.appID, input.urlSchemeSuffix)
        parameters["state"] = state(input.stateChallenge)
        parameters["default_audience"] = audience(input.defaultAudience)
        // What a real SDK adds beyond §2's table: the comparison ignores it.
        parameters["e2e"] = "{\"init\":1767225600000}"
        return LoginRequestOutcome(host: host(mode), path: path(input.graphVersion),
                                   appSwitchAllowed: (profile == .documented && !mode.enabled) ? false
                                       : appSwitch(configuration.appSwitch, mode, AppSwitchEnvironment(input)),
                                   sending: parameters)
    }
}
