import Foundation
import LoginConformance

/// Login configuration (SPECIFICATION.md §1, §8).
///
/// Each step of the rules is a mutation site: a `package` member, conformant as it stands, that the test target's
/// mutant catalogue replaces with one realistic bug. The rules are written once, here.
public struct ReferenceLoginConfigurationBuilder: LoginConfigurationBuilding, Sendable {
    /// The initializer's checks (SPECIFICATION.md §1 fixes their order: nonce, then permission syntax, then auth type).
    package enum Check: Sendable { case nonce, permissions, authType }

    /// The reading of the tracking-scope rule it follows.
    public let profile: ConformanceProfile

    /// The permissions the documentation allows with Limited Login (SPECIFICATION.md §1; seeds 000 and 001).
    public static let limitedLoginPermissions: Set<String> = [
        "public_profile", "email", "gaming_profile", "gaming_user_picture", "user_age_range", "user_birthday",
        "user_friends", "user_gender", "user_hometown", "user_link", "user_location", "user_messenger_contact",
    ]

    /// The auth types a configuration accepts besides nil.
    public static let authTypes: Set<String> = ["rerequest", "reauthorize"]
    /// The auth type of a configuration made without one (the SDK initializers' default).
    public static let defaultAuthType = "rerequest"

    /// The nonce validator the nonce check uses.
    package var nonces: ReferenceNonceValidator
    /// The code verifier validator that checks a given verifier, before the configuration exists.
    package var verifiers: ReferenceCodeVerifierValidator
    /// The nonce the configuration keeps: exactly the one given.
    package var keptNonce: @Sendable (String) -> String = { $0 }
    /// What the permission checks see and the configuration keeps: each permission as given.
    package var preparePermission: @Sendable (String) -> String = { $0 }
    /// The permission syntax: ``isValidPermission(_:)``.
    package var isValidPermissionSyntax: @Sendable (String) -> Bool = ReferenceLoginConfigurationBuilder.isValidPermission
    /// Whether the syntax is checked with this tracking: always.
    package var checksSyntax: @Sendable (LoginTracking) -> Bool = { _ in true }
    /// The permissions the syntax check looks at: all of them.
    package var checkedPermissions: @Sendable ([String]) -> [String] = { $0 }
    /// Whether an invalid permission is dropped instead of refusing the configuration: no, it refuses.
    package var dropsInvalidPermissions = false
    /// The allow-list under limited tracking: the documented list where the reading scopes permissions (documented),
    /// none where it does not (ios-sdk: the SDK has no such list; `ReferenceReading`).
    package var allowList: Set<String>?
    /// Whether the allow-list applies with this tracking: only `limited`.
    package var allowListApplies: @Sendable (LoginTracking) -> Bool = { $0 == .limited }
    /// Whether a permission is on the list: exact membership.
    package var isAllowed: @Sendable (String, Set<String>) -> Bool = { $1.contains($0) }
    /// The auth type the checks see and the configuration keeps: the one given, nil included.
    package var prepareAuthType: @Sendable (String?) -> String? = { $0 }
    /// Whether an auth type is valid: nil or one of ``authTypes``.
    package var isValidAuthType: @Sendable (String?) -> Bool = { $0.map(ReferenceLoginConfigurationBuilder.authTypes.contains) ?? true }
    /// The auth type of a configuration made without one: ``defaultAuthType`` (DECISIONS.md D44); `null` is an
    /// explicit nil.
    package var omittedAuthType: String? = ReferenceLoginConfigurationBuilder.defaultAuthType
    /// The order of the initializer's checks; the first failure decides.
    package var order: [Check] = [.nonce, .permissions, .authType]
    /// The Messenger page ID kept: the one given, not validated.
    package var keptMessengerPageID: @Sendable (String?) -> String? = { $0 }

    public init(profile: ConformanceProfile) {
        self.profile = profile
        nonces = ReferenceNonceValidator(profile: profile)
        verifiers = ReferenceCodeVerifierValidator(profile: profile)
        allowList = ReferenceReading.of(profile).limitedTrackingScopesPermissions ? Self.limitedLoginPermissions : nil
    }

    public func makeConfiguration(_ request: LoginConfigurationRequest) -> LoginConfigurationOutcome {
        // The verifier is validated when it is made, before the configuration exists.
        if let verifier = request.codeVerifier, verifiers.validateCodeVerifier(verifier) != .valid {
            return .refused(.invalidCodeVerifier)
        }
        let nonce = request.nonce ?? UUID().uuidString
        var permissions = request.permissions.map(preparePermission)
        let authType = prepareAuthType(request.usesDefaultAuthType ? omittedAuthType : request.authType)
        for check in order {
            switch check {
            case .nonce:
                if case .invalid = nonces.validateNonce(nonce) { return .refused(.invalidNonce) }
            case .permissions:
                if dropsInvalidPermissions {
                    permissions = permissions.filter(isValidPermissionSyntax)
                } else if checksSyntax(request.tracking), !checkedPermissions(permissions).allSatisfy(isValidPermissionSyntax) {
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
            codeVerifier: request.codeVerifier ?? Self.freshCodeVerifier()))
    }

    /// Non-empty, made only of `a-z` and `_` (SPECIFICATION.md §1, `FBPermission`).
    public static func isValidPermission(_ permission: String) -> Bool {
        !permission.isEmpty && permission.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || $0 == "_" }
    }

    /// A fresh verifier like the SDK's default: 96 base64url characters (SPECIFICATION.md §1).
    private static func freshCodeVerifier() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        return String((0..<96).map { _ in alphabet.randomElement()! })
    }
}
