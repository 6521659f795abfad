import Foundation
import LoginConformance

/// Builds the authorization request of a valid login configuration as SDK v18.1.0 does (SPECIFICATION.md §2), ios-sdk profile.
struct BlindLoginRequest: LoginRequestBuilding, Sendable {
    /// The profile the base implements (SPECIFICATION.md §8).
    static let profile: ConformanceProfile = .iosSDK
    /// One realistic bug, or nil for the base.
    enum Bug: String, CaseIterable, Sendable {
        /// Sends `auth_type=""` when the configuration has no auth type (request.auth-type: absent, not empty).
        case authTypeEmptyWhenNil
        /// Appends `openid` to the scope without checking whether it was already requested (request.scope: each once).
        case openidAppendedTwice
        /// Sends the nonce only with limited tracking, as if it were a Limited Login parameter (request.nonce: both modes).
        case nonceOnlyWhenLimited
        /// Trims surrounding whitespace and newlines from the nonce before sending it (request.nonce.newline.ios-sdk).
        case nonceTrimmed
        /// Converts the app ID to an integer and back, losing leading zeros (request.client-id).
        case clientIDAsInteger
        /// Sends the code verifier itself as `code_challenge` (request.pkce.enabled: the S256 challenge, not the verifier).
        case challengeIsVerifier
        /// Sends PKCE parameters with limited tracking too (request.pkce.limited.ios-sdk).
        case pkceWithLimitedTracking
        /// Sends the shim (enabled tracking, not authorized) to m.facebook.com (request.tracking-shim.ios-sdk).
        case shimUsesEnabledHost
        /// Decides `tp` from tracking authorization alone, so limited tracking with authorization has no `tp` (request.tp.limited.ios-sdk).
        case tpFromAuthorizationOnly
        /// Filters the scope down to the Limited Login list with limited tracking (request.scope.outside-limited-list.ios-sdk).
        case scopeFilteredToLimitedList
        /// Writes the audience's Swift case name (`onlyMe`) instead of its raw value `only_me` (request.default-audience.ios-sdk).
        case audienceCaseName
        /// Sends the bare challenge as `state` instead of a JSON object carrying it (request.state).
        case stateIsBareChallenge
        /// Allows app switch without the server's fast-app-switch gatekeeper (request.app-switch.conditions.ios-sdk).
        case appSwitchIgnoresGatekeeper
        /// Allows app switch in the shim, checking the tracking mode but not tracking authorization (request.tracking-shim.ios-sdk).
        case appSwitchInShim
        /// Leaves the URL scheme suffix out of `redirect_uri` (request.redirect-uri: fb{app ID}{suffix}://authorize/).
        case redirectIgnoresSuffix
    }
    let bug: Bug?
    init(bug: Bug? = nil) { self.bug = bug }

    static let limitedLoginPermissions: Set<String> = [
        "public_profile", "email", "gaming_profile", "gaming_user_picture", "user_age_range", "user_birthday",
        "user_friends", "user_gender", "user_hometown", "user_link", "user_location", "user_messenger_contact",
    ]

    func makeLoginRequest(_ input: LoginRequestInput) throws -> LoginRequestOutcome {
        let configuration = input.configuration
        let limited = configuration.tracking == .limited
        let shim = !limited && !input.trackingAuthorized

        // Host: limited.facebook.com for limited tracking and for the shim.
        var host = (limited || shim) ? "limited.facebook.com" : "m.facebook.com"
        if bug == .shimUsesEnabledHost, shim { host = "m.facebook.com" }
        let path = "/\(input.graphVersion)/dialog/oauth"

        var parameters: [String: String] = [:]

        // client_id: the app ID, a string.
        if bug == .clientIDAsInteger, let number = Int(input.appID) {
            parameters["client_id"] = String(number)
        } else {
            parameters["client_id"] = input.appID
        }
        parameters["display"] = "touch"
        parameters["sdk"] = "ios"
        parameters["return_scopes"] = "true"

        // scope: requested ∪ {openid}, each once.
        var requested = Array(configuration.permissions)
        if bug == .scopeFilteredToLimitedList, limited {
            requested = requested.filter { Self.limitedLoginPermissions.contains($0) }
        }
        var scope: [String]
        if bug == .openidAppendedTwice {
            scope = requested + ["openid"]
        } else {
            scope = requested
            if !scope.contains(where: { $0.isCodePointEqual(to: "openid") }) { scope.append("openid") }
        }
        parameters["scope"] = scope.sorted().joined(separator: ",")

        // nonce: exactly, in both modes.
        var nonce: String? = configuration.nonce
        if bug == .nonceOnlyWhenLimited, !limited { nonce = nil }
        if bug == .nonceTrimmed { nonce = nonce?.trimmingCharacters(in: .whitespacesAndNewlines) }
        if let nonce { parameters["nonce"] = nonce }

        // auth_type: raw value, absent when nil.
        if let authType = configuration.authType {
            parameters["auth_type"] = authType
        } else if bug == .authTypeEmptyWhenNil {
            parameters["auth_type"] = ""
        }

        // response_type: the shim sends the enabled one.
        parameters["response_type"] = limited
            ? "id_token,graph_domain,user_token_nonce"
            : "id_token,token_or_nonce,signed_request,graph_domain,user_token_nonce"

        // tp: limited tracking and the shim.
        let sendsTP = bug == .tpFromAuthorizationOnly ? !input.trackingAuthorized : (limited || shim)
        if sendsTP { parameters["tp"] = "ios_14_do_not_track" }

        // PKCE: enabled tracking only (the shim included).
        if !limited || bug == .pkceWithLimitedTracking {
            parameters["code_challenge"] = bug == .challengeIsVerifier
                ? configuration.codeVerifier : configuration.codeChallenge
            parameters["code_challenge_method"] = "S256"
        }

        // redirect_uri: fb{app ID}{suffix}://authorize/.
        let suffix = input.urlSchemeSuffix ?? ""
        if bug == .redirectIgnoresSuffix {
            parameters["redirect_uri"] = "fb\(input.appID)://authorize/"
        } else {
            parameters["redirect_uri"] = "fb\(input.appID)\(suffix)://authorize/"
        }

        // state: a JSON object with the challenge.
        if bug == .stateIsBareChallenge {
            parameters["state"] = input.stateChallenge
        } else {
            let state: [String: Any] = [
                "challenge": input.stateChallenge,
                "0_auth_logger_id": "blind-logger",
                "3_method": "sfvc_auth",
                "com.facebook.sdk_client_state": true,
            ]
            let data = try JSONSerialization.data(withJSONObject: state, options: [.sortedKeys])
            parameters["state"] = String(decoding: data, as: UTF8.self)
        }

        // default_audience.
        parameters["default_audience"] = bug == .audienceCaseName
            ? "\(input.defaultAudience)" : input.defaultAudience.rawValue

        // App switch: the configuration allows it, the gatekeeper of the tracking mode is on, tracking authorized,
        // the Facebook app installed.
        let gatekeeper = bug == .appSwitchIgnoresGatekeeper ? true : (input.fastAppSwitchEnabled ?? false)
        let authorized = bug == .appSwitchInShim ? true : input.trackingAuthorized
        let appSwitchAllowed = configuration.appSwitch == .enabled && gatekeeper && authorized
            && (input.facebookAppInstalled ?? false)

        return LoginRequestOutcome(host: host, path: path, appSwitchAllowed: appSwitchAllowed, sending: parameters)
    }
}
