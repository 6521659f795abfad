import Foundation
import LoginConformance
@testable import LoginConformanceReference  // ReferenceReading: each profile's rule, written once
import LoginConformanceTestSupport

/// Login configuration (SPECIFICATION.md §1, §8) written as mutation sites. Unmutated it conforms to the profile it
/// claims (``MutationTests`` checks that).
struct ConfigurationModel: LoginConfigurationBuilding, Sendable {
    /// The initializer's checks; SPECIFICATION.md §1 fixes nonce, then permission syntax, then auth type.
    enum Check: Sendable { case nonce, permissions, authType }

    /// The permissions the documentation allows with Limited Login (SPECIFICATION.md §1).
    static let limitedLoginPermissions: Set<String> = [
        "public_profile", "email", "gaming_profile", "gaming_user_picture", "user_age_range", "user_birthday",
        "user_friends", "user_gender", "user_hometown", "user_link", "user_location", "user_messenger_contact",
    ]

    /// The profile it claims.
    let profile: ConformanceProfile
    /// The nonce validator it uses.
    var nonceValidator: ReferenceNonceValidator
    /// The nonce the configuration keeps. Conformant: exactly the one given.
    var keptNonce: @Sendable (String) -> String = { $0 }
    /// What the permission checks see and the configuration keeps. Conformant: each permission as given.
    var preparePermission: @Sendable (String) -> String = { $0 }
    /// The permission syntax. Conformant: non-empty, only `a-z` and `_`.
    var isValidPermission: @Sendable (String) -> Bool = ConfigurationModel.permissionSyntax
    /// Whether the syntax is checked with this tracking. Conformant: always.
    var checksSyntax: @Sendable (LoginTracking) -> Bool = { _ in true }
    /// The permissions the syntax check looks at. Conformant: all of them.
    var checkedPermissions: @Sendable ([String]) -> [String] = { $0 }
    /// Whether an invalid permission is dropped instead of refusing the configuration. Conformant: no.
    var dropsInvalidPermissions = false
    /// The allow-list under limited tracking. Conformant: the documented list (documented), none (ios-sdk).
    var allowList: Set<String>?
    /// Whether the allow-list applies with this tracking. Conformant: only `limited`.
    var allowListApplies: @Sendable (LoginTracking) -> Bool = { $0 == .limited }
    /// Whether a permission is on the list. Conformant: exact membership.
    var isAllowed: @Sendable (String, Set<String>) -> Bool = { $1.contains($0) }
    /// The auth type the checks see and the configuration keeps. Conformant: the one given, nil included.
    var prepareAuthType: @Sendable (String?) -> String? = { $0 }
    /// Whether an auth type is valid. Conformant: nil, `rerequest`, `reauthorize`.
    var isValidAuthType: @Sendable (String?) -> Bool = { $0 == nil || $0 == "rerequest" || $0 == "reauthorize" }
    /// The auth type of a configuration made without one. Conformant: `rerequest` (DECISIONS.md D44).
    var defaultAuthType: String? = "rerequest"
    /// The order of the checks.
    var order: [Check] = [.nonce, .permissions, .authType]
    /// A code verifier's length. Conformant: in characters (code points).
    var verifierLength: @Sendable (String) -> Int = { $0.unicodeScalars.count }
    /// The lengths allowed. Conformant: 43…128.
    var verifierLengths: ClosedRange<Int> = 43...128
    /// The characters allowed. Conformant: `A-Z a-z 0-9 - . _ ~`; the SDK takes any Unicode letter or digit.
    var isVerifierCharacter: @Sendable (Unicode.Scalar, ConformanceProfile) -> Bool = ConfigurationModel.verifierCharacter
    /// The Messenger page ID kept. Conformant: the one given, not validated.
    var keptMessengerPageID: @Sendable (String?) -> String? = { $0 }

    init(profile: ConformanceProfile) {
        self.profile = profile
        nonceValidator = ReferenceNonceValidator(profile: profile)
        allowList = profile == .documented ? Self.limitedLoginPermissions : nil
    }

    func makeConfiguration(_ request: LoginConfigurationRequest) -> LoginConfigurationOutcome {
        if let verifier = request.codeVerifier,
           !(verifierLengths.contains(verifierLength(verifier))
               && verifier.unicodeScalars.allSatisfy({ isVerifierCharacter($0, profile) })) {
            return .refused(.invalidCodeVerifier)
        }
        let nonce = request.nonce ?? UUID().uuidString
        var permissions = request.permissions.map(preparePermission)
        let authType = prepareAuthType(request.usesDefaultAuthType ? defaultAuthType : request.authType)
        for check in order {
            switch check {
            case .nonce:
                if case .invalid = nonceValidator.validateNonce(nonce) { return .refused(.invalidNonce) }
            case .permissions:
                if dropsInvalidPermissions {
                    permissions = permissions.filter(isValidPermission)
                } else if checksSyntax(request.tracking), !checkedPermissions(permissions).allSatisfy(isValidPermission) {
                    return .refused(.invalidPermissionSyntax)
                }
                if let allowList, allowListApplies(request.tracking),
                   !permissions.allSatisfy({ isAllowed($0, allowList) }) {
                    return .refused(.permissionOutsideTrackingScope)
                }
            case .authType:
                if !isValidAuthType(authType) { return .refused(.invalidAuthType) }
            }
        }
        return .created(LoginConfiguration(
            permissions: Set(permissions), tracking: request.tracking, nonce: keptNonce(nonce), authType: authType,
            messengerPageId: keptMessengerPageID(request.messengerPageId),
            codeVerifier: request.codeVerifier ?? String(repeating: "A", count: 96)))
    }

    static func permissionSyntax(_ permission: String) -> Bool {
        !permission.isEmpty && permission.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || $0 == "_" }
    }

    /// The profile's verifier characters, as the reference reads them (``ReferenceReading/VerifierAlphanumerics``).
    static func verifierCharacter(_ scalar: Unicode.Scalar, _ profile: ConformanceProfile) -> Bool {
        ReferenceReading.of(profile).isVerifierCharacter(scalar)
    }
}
