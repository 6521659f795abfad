import Foundation
import LoginConformance

/// Login configuration (SPECIFICATION.md §1, §8), ios-sdk profile: verifier, nonce, permission syntax, auth type in the SDK's order; no Limited Login allow-list.
struct BlindLoginConfiguration: LoginConfigurationBuilding, Sendable {
    /// The profile the base implements (SPECIFICATION.md §8).
    static let profile: ConformanceProfile = .iosSDK
    /// One realistic bug, or nil for the base.
    enum Bug: String, CaseIterable, Sendable {
        /// Checks the nonce before the code verifier (configuration.check-order.ios-sdk: the verifier is validated first).
        case nonceBeforeVerifier
        /// Checks the auth type before the permissions (configuration.check-order.ios-sdk: permission syntax comes first).
        case authTypeBeforePermissions
        /// Compares the auth type case-insensitively, so "Rerequest" is accepted (configuration.auth-type: exactly).
        case authTypeCaseInsensitive
        /// Treats an empty auth type as no auth type (configuration.auth-type: "" is refused).
        case emptyAuthTypeIsNil
        /// Turns an explicit nil auth type into the default rerequest (configuration.auth-type.default: explicit nil stays nil).
        case explicitNilAuthTypeDefaults
        /// Allows a dot in a permission, for namespaced permissions like user_actions.books (configuration.permission.syntax.ios-sdk).
        case allowsDotInPermission
        /// Silently drops invalid permissions instead of refusing the configuration (configuration.permission.all-or-nothing.ios-sdk).
        case dropsInvalidPermissions
        /// The permission pattern is [a-z_]* (star, not plus), so the empty permission passes (configuration.permission.syntax.ios-sdk).
        case allowsEmptyPermission
        /// Applies the documented Limited Login allow-list under ios-sdk (configuration.scope.no-list.ios-sdk).
        case appliesLimitedAllowList
        /// Uses CharacterSet.whitespacesAndNewlines for the nonce, refusing newlines the SDK accepts (nonce.whitespace.newline.ios-sdk, configuration.nonce).
        case nonceRefusesNewlines
        /// Stores the nonce trimmed of newlines, so it is not kept exactly (configuration.nonce).
        case storesTrimmedNonce
        /// Stores an empty Messenger page ID as nil (configuration.messenger-page-id.ios-sdk: kept exactly).
        case emptyMessengerPageIdIsNil
        /// Counts the verifier's length in UTF-8 bytes (configuration.code-verifier.unicode.ios-sdk: String.count).
        case verifierLengthInBytes
        /// Accepts only ASCII letters and digits in the verifier, RFC-style, under ios-sdk (configuration.code-verifier.unicode.ios-sdk).
        case verifierASCIIOnly
    }
    let bug: Bug?
    init(bug: Bug? = nil) { self.bug = bug }

    private static let limitedPermissions: Set<String> = [
        "public_profile", "email", "gaming_profile", "gaming_user_picture", "user_age_range", "user_birthday",
        "user_friends", "user_gender", "user_hometown", "user_link", "user_location", "user_messenger_contact",
    ]
    private static let verifierPunctuation: Set<Unicode.Scalar> = ["-", ".", "_", "~"]

    func makeConfiguration(_ request: LoginConfigurationRequest) throws -> LoginConfigurationOutcome {
        if bug == .nonceBeforeVerifier, let nonce = request.nonce, !isValidNonce(nonce) {
            return .refused(.invalidNonce)
        }
        // The SDK makes the CodeVerifier before the configuration: a bad one never reaches the other checks.
        if let verifier = request.codeVerifier, !isValidCodeVerifier(verifier) {
            return .refused(.invalidCodeVerifier)
        }
        var nonce = request.nonce ?? UUID().uuidString
        guard isValidNonce(nonce) else { return .refused(.invalidNonce) }
        if bug == .storesTrimmedNonce {
            nonce = nonce.trimmingCharacters(in: .newlines)
        }

        let authType: String? = request.usesDefaultAuthType
            ? "rerequest"
            : (bug == .explicitNilAuthTypeDefaults && request.authType == nil ? "rerequest" : request.authType)
        if bug == .authTypeBeforePermissions, !isValidAuthType(authType) {
            return .refused(.invalidAuthType)
        }

        var permissions = Set(request.permissions)
        if bug == .dropsInvalidPermissions {
            permissions = permissions.filter(isValidPermission)
        }
        guard permissions.allSatisfy(isValidPermission) else { return .refused(.invalidPermissionSyntax) }
        if bug == .appliesLimitedAllowList, request.tracking == .limited,
           !permissions.isSubset(of: Self.limitedPermissions) {
            return .refused(.permissionOutsideTrackingScope)
        }

        guard isValidAuthType(authType) else { return .refused(.invalidAuthType) }
        let keptAuthType = bug == .emptyAuthTypeIsNil && authType == "" ? nil : authType

        var messengerPageId = request.messengerPageId
        if bug == .emptyMessengerPageIdIsNil, messengerPageId?.isEmpty == true {
            messengerPageId = nil
        }
        return .created(LoginConfiguration(
            permissions: permissions, tracking: request.tracking, nonce: nonce, authType: keptAuthType,
            messengerPageId: messengerPageId, codeVerifier: request.codeVerifier ?? Self.makeCodeVerifier()))
    }

    /// NonceValidator: non-empty, nothing from CharacterSet.whitespaces (Zs, TAB, U+200B).
    private func isValidNonce(_ nonce: String) -> Bool {
        guard !nonce.isEmpty else { return false }
        if bug == .nonceRefusesNewlines {
            return nonce.rangeOfCharacter(from: .whitespacesAndNewlines) == nil
        }
        return !nonce.unicodeScalars.contains { scalar in
            scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
        }
    }

    /// FBPermission: non-empty, only a-z and _.
    private func isValidPermission(_ permission: String) -> Bool {
        if permission.isEmpty { return bug == .allowsEmptyPermission }
        return permission.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || scalar == "_" || (bug == .allowsDotInPermission && scalar == ".")
        }
    }

    private func isValidAuthType(_ authType: String?) -> Bool {
        guard let authType else { return true }
        if bug == .emptyAuthTypeIsNil, authType.isEmpty { return true }
        if bug == .authTypeCaseInsensitive {
            return ["rerequest", "reauthorize"].contains(authType.lowercased())
        }
        return authType.isCodePointEqual(to: "rerequest") || authType.isCodePointEqual(to: "reauthorize")
    }

    /// CodeVerifier: 43…128 (String.count) of CharacterSet.alphanumerics and - . _ ~.
    private func isValidCodeVerifier(_ verifier: String) -> Bool {
        let length = bug == .verifierLengthInBytes ? verifier.utf8.count : verifier.count
        guard (43...128).contains(length) else { return false }
        return verifier.unicodeScalars.allSatisfy { scalar in
            if Self.verifierPunctuation.contains(scalar) { return true }
            if bug == .verifierASCIIOnly {
                return scalar.isASCII && CharacterSet.alphanumerics.contains(scalar)
            }
            return CharacterSet.alphanumerics.contains(scalar)
        }
    }

    /// A fresh verifier: 64 characters of the unreserved set.
    private static func makeCodeVerifier() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return String((0..<64).map { _ in alphabet.randomElement()! })
    }
}
