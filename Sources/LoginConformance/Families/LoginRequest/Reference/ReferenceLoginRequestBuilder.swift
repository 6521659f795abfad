import Foundation
import LoginConformance

/// The login request (SPECIFICATION.md §2). The same in every profile but for app switch with limited tracking
/// (rule `request.app-switch`: the documented reading never allows it); otherwise the readings differ only in which
/// configurations exist (§1, §8), and every configuration it is given is valid. Under `documented` it still sends
/// the SDK's host and parameters: the documented vectors do not compare them (DECISIONS.md D31).
///
/// Each parameter rule is a mutation site: a `package` member, conformant as it stands, that the test target's mutant
/// catalogue replaces with one realistic bug. The rules are written once, here.
public struct ReferenceLoginRequestBuilder: LoginRequestBuilding, Sendable {
    /// `response_type` with enabled tracking.
    public static let enabledResponseType = "id_token,token_or_nonce,signed_request,graph_domain,user_token_nonce"
    /// `response_type` with limited tracking.
    public static let limitedResponseType = "id_token,graph_domain,user_token_nonce"
    /// `tp` for limited tracking and for the enabled-tracking shim.
    public static let doNotTrack = "ios_14_do_not_track"

    /// The situation a rule decides on: the tracking mode and whether the user authorized tracking. Enabled tracking
    /// without authorization is the shim: it keeps the enabled parameters, adds `tp`, goes to the limited host and
    /// allows no app switch (the SDK's reading; no document covers it: DECISIONS.md D25).
    package struct Mode: Sendable {
        /// The configuration's tracking.
        package let tracking: LoginTracking
        /// Whether the user authorized tracking.
        package let authorized: Bool
        /// Whether tracking is enabled (the shim included).
        package var enabled: Bool { tracking == .enabled }
        /// Enabled and authorized: the full login, neither limited nor the shim.
        package var full: Bool { enabled && authorized }
    }

    /// The inputs besides the configuration that app switch depends on; a member left out is false, the SDK's default.
    package struct AppSwitchEnvironment: Sendable {
        /// The gatekeeper of the tracking mode (FBSDKFeatureManager's FAS or LimitedLoginFAS).
        package let gatekeeper: Bool
        /// Whether the Facebook app is installed.
        package let appInstalled: Bool

        init(_ input: LoginRequestInput) {
            gatekeeper = input.fastAppSwitchEnabled ?? false
            appInstalled = input.facebookAppInstalled ?? false
        }
    }

    /// The reading it follows.
    public let profile: ConformanceProfile
    /// `profile`'s rules where the profiles disagree (`ReferenceReading`).
    let reading: ReferenceReading

    /// The host: `m.facebook.com` for the full login, `limited.facebook.com` for limited tracking and the shim.
    package var host: @Sendable (Mode) -> String = { $0.full ? "m.facebook.com" : "limited.facebook.com" }
    /// The path: `/{graph version}/dialog/oauth`.
    package var path: @Sendable (String) -> String = { "/\($0)/dialog/oauth" }
    /// `client_id`: the app ID as given.
    package var clientID: @Sendable (String) -> String = { $0 }
    /// The parameters of fixed value: `display` touch, `sdk` ios, `return_scopes` true.
    package var fixedParameters = ReferenceLoginRequestBuilder.fixedParameterValues
    /// ``fixedParameters``' values, made once (a builder is made for each request).
    private static let fixedParameterValues = ["display": "touch", "sdk": "ios", "return_scopes": "true"]
    /// `scope`: the permissions plus `openid`, each once, comma-joined.
    package var scope: @Sendable (Set<String>, Mode) -> String = { permissions, _ in
        permissions.union(["openid"]).sorted().joined(separator: ",")
    }
    /// `nonce`: the configuration's nonce, exactly, with either tracking.
    package var nonce: @Sendable (String, Mode) -> String? = { nonce, _ in nonce }
    /// `auth_type`: the configuration's; nil stays absent.
    package var authType: @Sendable (String?) -> String? = { $0 }
    /// `response_type`: ``enabledResponseType`` with enabled tracking (the shim included), else
    /// ``limitedResponseType``.
    package var responseType: @Sendable (Mode) -> String = {
        $0.enabled ? ReferenceLoginRequestBuilder.enabledResponseType : ReferenceLoginRequestBuilder.limitedResponseType
    }
    /// `tp`: ``doNotTrack`` unless the login is full.
    package var tp: @Sendable (Mode) -> String? = { $0.full ? nil : ReferenceLoginRequestBuilder.doNotTrack }
    /// `code_challenge` and `code_challenge_method`: the configuration's challenge (not its verifier) and `S256`,
    /// with enabled tracking only (the shim included); never sent with limited tracking.
    package var pkce: @Sendable (LoginRequestConfiguration, Mode) -> (challenge: String, method: String)? = { configuration, mode in
        mode.enabled ? (configuration.codeChallenge, "S256") : nil
    }
    /// `redirect_uri`: `fb{app ID}{suffix}://authorize/`.
    package var redirectURI: @Sendable (String, String?) -> String = { appID, suffix in "fb\(appID)\(suffix ?? "")://authorize/" }
    /// `state`: ``state(challenge:)``.
    package var state: @Sendable (String) -> String = ReferenceLoginRequestBuilder.state
    /// `default_audience`: the given audience.
    package var audience: @Sendable (LoginDefaultAudience) -> String = { $0.rawValue }
    /// Parameters beyond §2's table, as a real SDK adds (`e2e`): none; the comparison ignores them.
    package var extraParameters: [String: String] = [:]
    /// App switch (rules `request.app-switch`, `request.app-switch.conditions.ios-sdk`; DECISIONS.md D51): the
    /// configuration enables it, tracking is authorized (no app switch for the shim), the gatekeeper of its tracking
    /// mode is on and the Facebook app is installed. Where the reading has no app switch with limited tracking (the
    /// Limited Login page: not supported), limited tracking never allows it, whatever this says.
    package var appSwitch: @Sendable (LoginAppSwitch, Mode, AppSwitchEnvironment) -> Bool = {
        $0 == .enabled && $1.authorized && $2.gatekeeper && $2.appInstalled
    }

    /// A builder of `profile`'s reading; the SDK's by default.
    public init(profile: ConformanceProfile = .iosSDK) {
        self.profile = profile
        reading = ReferenceReading.of(profile)
    }

    public func makeLoginRequest(_ input: LoginRequestInput) -> LoginRequestOutcome {
        let configuration = input.configuration
        let mode = Mode(tracking: configuration.tracking, authorized: input.trackingAuthorized)
        var parameters = fixedParameters.merging(extraParameters) { fixed, _ in fixed }
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
        let limitedForbidsAppSwitch = !reading.appSwitchWithLimitedTracking && configuration.tracking == .limited
        return LoginRequestOutcome(
            host: host(mode), path: path(input.graphVersion),
            appSwitchAllowed: !limitedForbidsAppSwitch && appSwitch(configuration.appSwitch, mode, AppSwitchEnvironment(input)),
            sending: parameters)
    }

    /// The `state` JSON text: an object with the challenge.
    package static func state(challenge: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(["challenge": challenge])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}

extension ReferenceImplementation: LoginRequestBuilding {
    public func makeLoginRequest(_ input: LoginRequestInput) -> LoginRequestOutcome {
        ReferenceLoginRequestBuilder(profile: profile).makeLoginRequest(input)
    }
}
