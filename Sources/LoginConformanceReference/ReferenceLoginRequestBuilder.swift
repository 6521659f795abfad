import Foundation
import LoginConformance

/// The login request (SPECIFICATION.md §2). The same in every profile but for app switch with limited tracking
/// (rule `request.app-switch`: the documented reading never allows it); otherwise the readings differ only in which
/// configurations exist (§1, §8), and every configuration it is given is valid. Under `documented` it still sends
/// the SDK's host and parameters: the documented vectors do not compare them (DECISIONS.md D31).
public struct ReferenceLoginRequestBuilder: LoginRequestBuilding, Sendable {
    /// `response_type` with enabled tracking.
    public static let enabledResponseType = "id_token,token_or_nonce,signed_request,graph_domain,user_token_nonce"
    /// `response_type` with limited tracking.
    public static let limitedResponseType = "id_token,graph_domain,user_token_nonce"
    /// `tp` for limited tracking and for the enabled-tracking shim.
    public static let doNotTrack = "ios_14_do_not_track"

    /// The reading it follows.
    public let profile: ConformanceProfile
    /// `profile`'s rules where the profiles disagree (`ReferenceReading`).
    let reading: ReferenceReading

    /// A builder of `profile`'s reading; the SDK's by default.
    public init(profile: ConformanceProfile = .iosSDK) {
        self.profile = profile
        reading = ReferenceReading.of(profile)
    }

    public func makeLoginRequest(_ input: LoginRequestInput) -> LoginRequestOutcome {
        let configuration = input.configuration
        let enabled = configuration.tracking == .enabled
        var parameters: [String: String] = [
            "client_id": input.appID,
            "display": "touch",
            "sdk": "ios",
            "return_scopes": "true",
            "scope": configuration.permissions.union(["openid"]).sorted().joined(separator: ","),
            "nonce": configuration.nonce,
            "response_type": enabled ? Self.enabledResponseType : Self.limitedResponseType,
            "redirect_uri": "fb\(input.appID)\(input.urlSchemeSuffix ?? "")://authorize/",
            "state": Self.state(challenge: input.stateChallenge),
            "default_audience": input.defaultAudience.rawValue,
        ]
        parameters["auth_type"] = configuration.authType
        // The shim (enabled tracking, tracking not authorized) keeps the enabled parameters, adds tp, goes to the
        // limited host and allows no app switch (the SDK's reading; no document covers it: DECISIONS.md D25).
        let full = enabled && input.trackingAuthorized
        if !full {
            parameters["tp"] = Self.doNotTrack
        }
        if enabled {
            parameters["code_challenge"] = configuration.codeChallenge
            parameters["code_challenge_method"] = "S256"
        }
        return LoginRequestOutcome(
            host: full ? "m.facebook.com" : "limited.facebook.com",
            path: "/\(input.graphVersion)/dialog/oauth",
            appSwitchAllowed: allowsAppSwitch(input),
            sending: parameters)
    }

    /// App switch (rules `request.app-switch`, `request.app-switch.conditions.ios-sdk`; DECISIONS.md D51): the
    /// configuration enables it, the gatekeeper of its tracking mode is on, tracking is authorized (not the shim's
    /// situation) and the Facebook app is installed; an unstated condition is false, the SDK's default. The documented
    /// reading never allows it with limited tracking (the Limited Login page: not supported).
    func allowsAppSwitch(_ input: LoginRequestInput) -> Bool {
        if !reading.appSwitchWithLimitedTracking && input.configuration.tracking == .limited { return false }
        return input.configuration.appSwitch == .enabled && input.trackingAuthorized
            && (input.fastAppSwitchEnabled ?? false) && (input.facebookAppInstalled ?? false)
    }

    /// The `state` JSON text: an object with the challenge.
    static func state(challenge: String) -> String {
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
