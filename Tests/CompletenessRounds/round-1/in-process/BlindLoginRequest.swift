import Foundation
import LoginConformance

/// The authorization request a valid configuration makes (host, path, app switch, §2 parameters), ios-sdk profile.
struct BlindLoginRequest: LoginRequestBuilding, Sendable {
    /// The profile the base implements (SPECIFICATION.md §8).
    static let profile: ConformanceProfile = .iosSDK
    /// One realistic bug, or nil for the base.
    enum Bug: String, CaseIterable, Sendable {
        /// Trims whitespace and newlines off the nonce before sending it (request.nonce, request.nonce.newline.ios-sdk).
        case trimsNonce
        /// Reports the nonce percent-encoded (as put in the URL) instead of its decoded value (request.nonce).
        case nonceLeftPercentEncoded
        /// Sends `auth_type=""` when the auth type is nil instead of leaving it out (request.auth-type).
        case emptyAuthTypeSent
        /// Appends `openid` without checking whether it was requested, so it can appear twice (request.scope).
        case openidAppendedTwice
        /// Sends the code verifier itself as `code_challenge` (request.pkce.enabled).
        case verifierSentAsChallenge
        /// Adds PKCE to limited-tracking requests too (request.pkce.limited.ios-sdk).
        case pkceWithLimitedTracking
        /// Chooses the host from the tracking mode only, so the shim goes to m.facebook.com (request.tracking-shim.ios-sdk).
        case shimUsesEnabledHost
        /// Adds `tp` only when tracking is not authorized, so limited tracking with authorization sends none (request.tp.limited.ios-sdk).
        case tpOnlyWhenUnauthorized
        /// Round-trips the app ID through an integer, dropping leading zeros from client_id and redirect_uri (request.client-id).
        case appIDAsInteger
        /// Ignores the URL scheme suffix when building redirect_uri (request.redirect-uri).
        case dropsSchemeSuffix
        /// Reads an absent fast-app-switch gatekeeper as on (request.app-switch.conditions.ios-sdk: absent is false).
        case gatekeeperDefaultsOn
        /// Writes the audience's Swift case name (`onlyMe`) instead of its raw value `only_me` (request.default-audience.ios-sdk).
        case audienceCaseName
        /// Sends the bare state challenge instead of a JSON object carrying it (request.state).
        case bareStateChallenge
    }
    let bug: Bug?
    init(bug: Bug? = nil) { self.bug = bug }

    static let limitedResponseType = "id_token,graph_domain,user_token_nonce"
    static let enabledResponseType = "id_token,token_or_nonce,signed_request,graph_domain,user_token_nonce"

    func makeLoginRequest(_ input: LoginRequestInput) throws -> LoginRequestOutcome {
        let configuration = input.configuration
        let limited = configuration.tracking == .limited
        let shim = !limited && !input.trackingAuthorized

        var appID = input.appID
        if bug == .appIDAsInteger, let number = Int(appID) { appID = String(number) }

        var parameters: [String: String?] = [:]
        parameters["client_id"] = appID
        parameters["display"] = "touch"
        parameters["sdk"] = "ios"
        parameters["return_scopes"] = "true"

        var scope = configuration.permissions.sorted()
        if bug == .openidAppendedTwice {
            scope.append("openid")
        } else if !scope.contains(where: { $0.isCodePointEqual(to: "openid") }) {
            scope.append("openid")
        }
        parameters["scope"] = scope.joined(separator: ",")

        var nonce = configuration.nonce
        if bug == .trimsNonce { nonce = nonce.trimmingCharacters(in: .whitespacesAndNewlines) }
        if bug == .nonceLeftPercentEncoded {
            nonce = nonce.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? nonce
        }
        parameters["nonce"] = nonce

        if let authType = configuration.authType {
            parameters["auth_type"] = authType
        } else if bug == .emptyAuthTypeSent {
            parameters["auth_type"] = ""
        } else {
            parameters["auth_type"] = .some(nil)
        }

        parameters["response_type"] = limited ? Self.limitedResponseType : Self.enabledResponseType

        let sendsTP: Bool
        if bug == .tpOnlyWhenUnauthorized {
            sendsTP = !input.trackingAuthorized
        } else {
            sendsTP = limited || shim
        }
        parameters["tp"] = sendsTP ? "ios_14_do_not_track" : .some(nil)

        let sendsPKCE = !limited || bug == .pkceWithLimitedTracking
        if sendsPKCE {
            parameters["code_challenge"] = bug == .verifierSentAsChallenge
                ? configuration.codeVerifier : configuration.codeChallenge
            parameters["code_challenge_method"] = "S256"
        } else {
            parameters["code_challenge"] = .some(nil)
            parameters["code_challenge_method"] = .some(nil)
        }

        let suffix = bug == .dropsSchemeSuffix ? "" : (input.urlSchemeSuffix ?? "")
        parameters["redirect_uri"] = "fb\(appID)\(suffix)://authorize/"

        if bug == .bareStateChallenge {
            parameters["state"] = input.stateChallenge
        } else {
            parameters["state"] = Self.stateText(challenge: input.stateChallenge)
        }

        parameters["default_audience"] = bug == .audienceCaseName
            ? "\(input.defaultAudience)" : input.defaultAudience.rawValue

        let host: String
        if bug == .shimUsesEnabledHost {
            host = limited ? "limited.facebook.com" : "m.facebook.com"
        } else {
            host = (limited || shim) ? "limited.facebook.com" : "m.facebook.com"
        }

        let gatekeeper = input.fastAppSwitchEnabled ?? (bug == .gatekeeperDefaultsOn)
        let appSwitchAllowed = configuration.appSwitch == .enabled && gatekeeper && input.trackingAuthorized
            && (input.facebookAppInstalled ?? false)

        return LoginRequestOutcome(
            host: host, path: "/\(input.graphVersion)/dialog/oauth", appSwitchAllowed: appSwitchAllowed,
            parameters: parameters)
    }

    /// The state's JSON text: the challenge plus the SDK's own bookkeeping members.
    static func stateText(challenge: String) -> String {
        "{\"challenge\":\"\(jsonEscaped(challenge))\",\"3_method\":\"sfvc_auth\",\"com.facebook.sdk_client_state\":true}"
    }

    static func jsonEscaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
