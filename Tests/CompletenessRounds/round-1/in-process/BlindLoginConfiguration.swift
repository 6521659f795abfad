import Foundation
import LoginConformance

/// Login configuration creation (SPECIFICATION.md §1, §8), ios-sdk profile: verifier, nonce, permission syntax,
/// auth type in the SDK's order; no Limited Login allow-list.
struct BlindLoginConfiguration: LoginConfigurationBuilding, Sendable {
    /// The profile the base implements (SPECIFICATION.md §8).
    static let profile: ConformanceProfile = .iosSDK
    /// One realistic bug, or nil for the base.
    enum Bug: String, CaseIterable, Sendable {
        /// Checks the nonce before the code verifier (configuration.check-order.ios-sdk).
        case nonceBeforeVerifier
        /// Checks the auth type before the permissions (configuration.check-order.ios-sdk).
        case authTypeBeforePermissions
        /// Compares the auth type case-insensitively (configuration.auth-type: exact, no case folding).
        case authTypeCaseInsensitive
        /// Trims the auth type before comparing it (configuration.auth-type: no trimming).
        case authTypeTrimmed
        /// Treats an empty auth type as nil (configuration.auth-type: only nil, rerequest, reauthorize).
        case emptyAuthTypeIsNil
        /// Leaves the auth type nil when the caller passes none (configuration.auth-type.default: rerequest).
        case noDefaultAuthType
        /// Replaces an explicit nil auth type by rerequest (configuration.auth-type.default: nil stays nil).
        case explicitNilAuthTypeDefaults
        /// Lower-cases each permission before the syntax check (configuration.permission.syntax.ios-sdk).
        case permissionSyntaxCaseInsensitive
        /// Allows `.` in a permission, as in `user_actions.books` (configuration.permission.syntax.ios-sdk).
        case permissionAllowsDot
        /// Drops empty permissions instead of refusing them (configuration.permission.syntax.ios-sdk: non-empty).
        case emptyPermissionDropped
        /// Applies the Limited Login allow-list in the SDK reading (configuration.scope.no-list.ios-sdk).
        case limitedAllowList
        /// Refuses a nonce with a newline, using `whitespacesAndNewlines` (nonce.whitespace.newline.ios-sdk via
        /// configuration.nonce).
        case nonceNewlinesRefused
        /// Keeps the nonce with trailing newlines trimmed (configuration.nonce: a valid nonce is kept exactly).
        case nonceStoredTrimmed
        /// Keeps an empty Messenger page ID as nil (configuration.messenger-page-id.ios-sdk: kept exactly).
        case emptyMessengerPageIdIsNil
        /// Validates the code verifier with the RFC's ASCII set in the SDK reading
        /// (configuration.code-verifier.unicode.ios-sdk).
        case verifierASCIIOnly
    }
    let bug: Bug?
    init(bug: Bug? = nil) { self.bug = bug }

    static let limitedPermissions: Set<String> = [
        "public_profile", "email", "gaming_profile", "gaming_user_picture", "user_age_range", "user_birthday",
        "user_friends", "user_gender", "user_hometown", "user_link", "user_location", "user_messenger_contact",
    ]

    func makeConfiguration(_ request: LoginConfigurationRequest) throws -> LoginConfigurationOutcome {
        let nonceFirst = bug == .nonceBeforeVerifier
        if nonceFirst, let nonce = request.nonce, !isValidNonce(nonce) { return .refused(.invalidNonce) }
        if let verifier = request.codeVerifier, !isValidVerifier(verifier) { return .refused(.invalidCodeVerifier) }
        if !nonceFirst, let nonce = request.nonce, !isValidNonce(nonce) { return .refused(.invalidNonce) }

        var authType: String?
        if request.usesDefaultAuthType {
            authType = bug == .noDefaultAuthType ? nil : "rerequest"
        } else {
            authType = request.authType
            if bug == .explicitNilAuthTypeDefaults, authType == nil { authType = "rerequest" }
            if bug == .emptyAuthTypeIsNil, authType?.isEmpty == true { authType = nil }
        }
        if bug == .authTypeBeforePermissions, !isValidAuthType(authType) { return .refused(.invalidAuthType) }

        var permissions = request.permissions
        if bug == .emptyPermissionDropped { permissions = permissions.filter { !$0.isEmpty } }
        guard permissions.allSatisfy(isValidPermission) else { return .refused(.invalidPermissionSyntax) }
        if bug == .limitedAllowList, request.tracking == .limited,
           !permissions.allSatisfy({ p in Self.limitedPermissions.contains { $0.isCodePointEqual(to: p) } }) {
            return .refused(.permissionOutsideTrackingScope)
        }
        if bug != .authTypeBeforePermissions, !isValidAuthType(authType) { return .refused(.invalidAuthType) }

        var nonce = request.nonce ?? UUID().uuidString
        if bug == .nonceStoredTrimmed { nonce = nonce.trimmingCharacters(in: .newlines) }
        var messengerPageId = request.messengerPageId
        if bug == .emptyMessengerPageIdIsNil, messengerPageId?.isEmpty == true { messengerPageId = nil }
        return .created(LoginConfiguration(
            permissions: Set(permissions), tracking: request.tracking, nonce: nonce, authType: authType,
            messengerPageId: messengerPageId, codeVerifier: request.codeVerifier ?? Self.makeVerifier()))
    }

    /// SDK nonce rule: non-empty, no scalar of `CharacterSet.whitespaces` (Zs, TAB, U+200B); newlines allowed.
    func isValidNonce(_ nonce: String) -> Bool {
        if nonce.isEmpty { return false }
        let set: CharacterSet = bug == .nonceNewlinesRefused ? .whitespacesAndNewlines : .whitespaces
        return !nonce.unicodeScalars.contains { set.contains($0) || $0 == "\u{200B}" }
    }

    /// SDK verifier rule: 43…128 characters (String.count), each scalar ASCII unreserved or alphanumeric.
    func isValidVerifier(_ verifier: String) -> Bool {
        guard (43...128).contains(verifier.count) else { return false }
        return verifier.unicodeScalars.allSatisfy { scalar in
            if "-._~".unicodeScalars.contains(scalar) { return true }
            if scalar.isASCII {
                return ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
            }
            return bug != .verifierASCIIOnly && CharacterSet.alphanumerics.contains(scalar)
        }
    }

    /// SDK permission syntax: non-empty, only `a-z` and `_`.
    func isValidPermission(_ permission: String) -> Bool {
        let value = bug == .permissionSyntaxCaseInsensitive ? permission.lowercased() : permission
        guard !value.isEmpty else { return false }
        return value.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || $0 == "_" || (bug == .permissionAllowsDot && $0 == ".")
        }
    }

    /// nil, `rerequest` or `reauthorize`, exactly.
    func isValidAuthType(_ authType: String?) -> Bool {
        guard var value = authType else { return true }
        if bug == .authTypeTrimmed { value = value.trimmingCharacters(in: .whitespacesAndNewlines) }
        if bug == .authTypeCaseInsensitive { value = value.lowercased() }
        return ["rerequest", "reauthorize"].contains { $0.isCodePointEqual(to: value) }
    }

    /// A fresh verifier: 64 characters of the unreserved set.
    static func makeVerifier() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return String((0..<64).map { _ in alphabet.randomElement()! })
    }
}
