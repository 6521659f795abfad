import Foundation
import LoginConformance

/// Login configuration (SPECIFICATION.md §1, §8).
public struct ReferenceLoginConfigurationBuilder: LoginConfigurationBuilding, Sendable {
    /// The reading of the tracking-scope rule it follows.
    public let profile: ConformanceProfile
    /// `profile`'s rules where the profiles disagree (`ReferenceReading`).
    let reading: ReferenceReading

    /// The permissions the documentation allows with Limited Login (SPECIFICATION.md §1; seeds 000 and 001).
    public static let limitedLoginPermissions: Set<String> = [
        "public_profile", "email", "gaming_profile", "gaming_user_picture", "user_age_range", "user_birthday",
        "user_friends", "user_gender", "user_hometown", "user_link", "user_location", "user_messenger_contact",
    ]

    /// The auth types a configuration accepts besides nil.
    public static let authTypes: Set<String> = ["rerequest", "reauthorize"]
    /// The auth type of a configuration made without one (the SDK initializers' default).
    public static let defaultAuthType = "rerequest"

    public init(profile: ConformanceProfile) {
        self.profile = profile
        reading = ReferenceReading.of(profile)
    }

    public func makeConfiguration(_ request: LoginConfigurationRequest) -> LoginConfigurationOutcome {
        // The verifier is validated when it is made, before the configuration exists.
        if let verifier = request.codeVerifier, !isValidCodeVerifier(verifier) {
            return .refused(.invalidCodeVerifier)
        }
        // The initializer's checks, in order; the first failure decides.
        let nonce = request.nonce ?? UUID().uuidString
        if case .invalid = ReferenceNonceValidator(profile: profile).validateNonce(nonce) {
            return .refused(.invalidNonce)
        }
        let permissions = Set(request.permissions)
        if !permissions.allSatisfy(Self.isValidPermission) {
            return .refused(.invalidPermissionSyntax)
        }
        if reading.limitedTrackingScopesPermissions, request.tracking == .limited,
           !permissions.isSubset(of: Self.limitedLoginPermissions) {
            return .refused(.permissionOutsideTrackingScope)
        }
        // No auth type given: the initializer's default, rerequest (DECISIONS.md D44); null is an explicit nil.
        let authType = request.usesDefaultAuthType ? Self.defaultAuthType : request.authType
        if let authType, !Self.authTypes.contains(authType) {
            return .refused(.invalidAuthType)
        }
        return .created(LoginConfiguration(
            permissions: permissions, tracking: request.tracking, nonce: nonce, authType: authType,
            messengerPageId: request.messengerPageId, codeVerifier: request.codeVerifier ?? Self.freshCodeVerifier()
        ))
    }

    /// Non-empty, made only of `a-z` and `_` (SPECIFICATION.md §1, `FBPermission`).
    public static func isValidPermission(_ permission: String) -> Bool {
        !permission.isEmpty && permission.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || $0 == "_" }
    }

    /// 43…128 characters of `A-Z a-z 0-9 - . _ ~`; the SDK takes any Unicode letter or digit as alphanumeric,
    /// RFC 7636 §4.1 only ASCII (SPECIFICATION.md §1; the verifier validator's check).
    private func isValidCodeVerifier(_ verifier: String) -> Bool {
        ReferenceCodeVerifierValidator(profile: profile).validateCodeVerifier(verifier) == .valid
    }

    /// A fresh verifier like the SDK's default: 96 base64url characters (SPECIFICATION.md §1).
    private static func freshCodeVerifier() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        return String((0..<96).map { _ in alphabet.randomElement()! })
    }
}
