import Foundation
import LoginConformance

/// Builds the authorization request of a valid login configuration (SPECIFICATION.md §2), as the iOS SDK v18.1.0 does.
struct BlindLoginRequest: LoginRequestBuilding, Sendable {
    /// The profile the base implements (SPECIFICATION.md §8).
    static let profile: ConformanceProfile = .iosSDK
    /// One realistic bug, or nil for the base.
    enum Bug: String, CaseIterable, Sendable {
        /// Sends `auth_type` as the empty string when the auth type is nil instead of leaving it out (request.auth-type).
        case emptyAuthTypeWhenNil
        /// Appends `openid` to the permissions without checking, so a request for openid sends it twice (request.scope).
        case appendsOpenIDTwice
        /// Sends no `scope` at all when no permission was requested, instead of `openid` (request.scope).
        case noScopeWithoutPermissions
        /// Treats enabled tracking without tracking authorization as limited tracking: limited response_type, no PKCE (request.tracking-shim.ios-sdk).
        case shimBuiltAsLimited
        /// Picks the host from the configuration's tracking mode only, so the shim goes to m.facebook.com (request.tracking-shim.ios-sdk).
        case shimUsesMobileHost
        /// Skips the server's fast-app-switch gatekeeper: app switch whenever the app is installed, tracking authorized and the configuration allows it (request.app-switch.conditions.ios-sdk).
        case appSwitchIgnoresGatekeeper
        /// Never allows app switch with limited tracking, as the Limited Login page says, though the SDK does with LimitedLoginFAS on (request.app-switch.conditions.ios-sdk).
        case limitedNeverAppSwitches
        /// Builds `redirect_uri` from the app ID alone, dropping the URL scheme suffix (request.redirect-uri).
        case ignoresURLSchemeSuffix
        /// Keeps the app ID as an integer, so leading zeros vanish from `client_id` and `redirect_uri` (request.client-id).
        case numericAppID
        /// Writes the default audience with Swift's case name (`onlyMe`) instead of its raw value `only_me` (request.default-audience.ios-sdk).
        case audienceCaseName
        /// Percent-encodes values with `.urlQueryAllowed`, which leaves `&` and `=` alone, so a nonce holding them is cut (request.nonce).
        case queryAllowedEncoding
        /// Trims whitespace and newlines off the nonce before sending it (request.nonce.newline.ios-sdk: sent exactly).
        case trimsNonce
    }
    let bug: Bug?
    init(bug: Bug? = nil) { self.bug = bug }

    static let limitedResponseType = "id_token,graph_domain,user_token_nonce"
    static let enabledResponseType = "id_token,token_or_nonce,signed_request,graph_domain,user_token_nonce"
    static let doNotTrack = "ios_14_do_not_track"

    func makeLoginRequest(_ input: LoginRequestInput) throws -> LoginRequestOutcome {
        let configuration = input.configuration
        let limited = configuration.tracking == .limited
        // The "shim": enabled tracking the user has not authorized (DECISIONS.md D25 as SPECIFICATION.md §2 tells it).
        let shim = !limited && !input.trackingAuthorized
        // Whether the request is built with the limited parameters.
        let buildsLimited = limited || (bug == .shimBuiltAsLimited && shim)

        let host: String
        if limited {
            host = "limited.facebook.com"
        } else if shim, bug != .shimUsesMobileHost {
            host = "limited.facebook.com"
        } else {
            host = "m.facebook.com"
        }
        let path = "/\(input.graphVersion)/dialog/oauth"

        var appID = input.appID
        if bug == .numericAppID, let number = Int(appID) { appID = String(number) }

        var parameters: [String: String] = [
            "client_id": appID,
            "display": "touch",
            "sdk": "ios",
            "return_scopes": "true",
        ]

        var scope = Array(configuration.permissions)
        if bug == .appendsOpenIDTwice {
            scope.append("openid")
        } else if !scope.contains(where: { $0.isCodePointEqual(to: "openid") }) {
            scope.append("openid")
        }
        if bug != .noScopeWithoutPermissions || !configuration.permissions.isEmpty {
            parameters["scope"] = scope.sorted().joined(separator: ",")
        }

        var nonce = configuration.nonce
        if bug == .trimsNonce { nonce = nonce.trimmingCharacters(in: .whitespacesAndNewlines) }
        parameters["nonce"] = nonce

        if let authType = configuration.authType {
            parameters["auth_type"] = authType
        } else if bug == .emptyAuthTypeWhenNil {
            parameters["auth_type"] = ""
        }

        parameters["response_type"] = buildsLimited ? Self.limitedResponseType : Self.enabledResponseType
        if limited || shim { parameters["tp"] = Self.doNotTrack }

        if !buildsLimited {
            parameters["code_challenge"] = configuration.codeChallenge
            parameters["code_challenge_method"] = "S256"
        }

        let suffix = bug == .ignoresURLSchemeSuffix ? "" : (input.urlSchemeSuffix ?? "")
        parameters["redirect_uri"] = "fb\(appID)\(suffix)://authorize/"

        parameters["state"] = Self.stateText(challenge: input.stateChallenge)

        parameters["default_audience"] = bug == .audienceCaseName
            ? "\(input.defaultAudience)" : input.defaultAudience.rawValue

        // App switch (SPECIFICATION.md §2, DECISIONS.md D51): the configuration allows it, the gatekeeper of the
        // tracking mode is on, tracking is authorized and the Facebook app is installed.
        let gatekeeper = bug == .appSwitchIgnoresGatekeeper ? true : (input.fastAppSwitchEnabled ?? false)
        var appSwitchAllowed = configuration.appSwitch == .enabled
            && gatekeeper
            && input.trackingAuthorized
            && (input.facebookAppInstalled ?? false)
        if bug == .limitedNeverAppSwitches, limited { appSwitchAllowed = false }

        if bug == .queryAllowedEncoding { parameters = Self.roundTripThroughQueryAllowed(parameters) }

        return LoginRequestOutcome(host: host, path: path, appSwitchAllowed: appSwitchAllowed, sending: parameters)
    }

    /// The `state` text: a JSON object with the challenge and the SDK's own bookkeeping members.
    static func stateText(challenge: String) -> String {
        "{\"challenge\":\(jsonString(challenge)),\"0_auth_logger_id\":\(jsonString(UUID().uuidString)),"
            + "\"3_method\":\"sfvc_auth\"}"
    }

    /// `text` as a JSON string literal (RFC 8259 §7).
    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// What a server reads back from a query written with `.urlQueryAllowed` percent-encoding (the bug's path).
    static func roundTripThroughQueryAllowed(_ parameters: [String: String]) -> [String: String] {
        let query = parameters.sorted { $0.key < $1.key }.map { name, value in
            "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? value)"
        }.joined(separator: "&")
        var decoded: [String: String] = [:]
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            let value = parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : ""
            decoded[name] = value
        }
        return decoded
    }
}
