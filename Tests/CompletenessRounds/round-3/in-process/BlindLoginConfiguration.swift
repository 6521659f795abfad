import Foundation
import LoginConformance

/// Builds a login configuration as the iOS SDK v18.1.0 does: code verifier (made first), then nonce
/// (`CharacterSet.whitespaces`), then permission syntax (`a-z _`), then auth type; no Limited Login allow-list;
/// ios-sdk profile (SPECIFICATION.md §1, §8).
struct BlindLoginConfiguration: LoginConfigurationBuilding, Sendable {
    /// The profile the base implements (SPECIFICATION.md §8).
    static let profile: ConformanceProfile = .iosSDK
    /// One realistic bug, or nil for the base.
    enum Bug: String, CaseIterable, Sendable {
        /// Validates the code verifier last, after the auth type, so a bad verifier with a bad nonce is refused as invalidNonce (configuration.check-order.ios-sdk).
        case verifierCheckedLast
        /// Checks the permissions before the nonce, so a bad nonce with a bad permission is invalidPermissionSyntax (configuration.check-order.ios-sdk).
        case permissionsBeforeNonce
        /// Treats an empty nonce like a missing one and makes a default instead of refusing it (nonce.empty, configuration.nonce).
        case emptyNonceMeansDefault
        /// Tests the nonce against `CharacterSet.whitespacesAndNewlines`, refusing a nonce with a newline (nonce.whitespace.newline.ios-sdk).
        case nonceRefusesNewlines
        /// Trims the nonce and keeps the trimmed value (nonce.no-trimming, configuration.nonce: kept exactly).
        case trimsNonce
        /// Validates each permission lower-cased, so "Email" passes and is kept as given (configuration.permission.syntax.ios-sdk).
        case permissionCaseFolded
        /// Allows "." in a permission, for names like user_actions.books (configuration.permission.syntax.ios-sdk).
        case permissionAllowsDot
        /// Drops empty permission strings instead of refusing the configuration (configuration.permission.syntax.ios-sdk).
        case emptyPermissionDropped
        /// Checks only the first permission of the list (configuration.permission.all-or-nothing.ios-sdk).
        case onlyFirstPermissionChecked
        /// Applies the documented Limited Login allow-list under the SDK profile (configuration.scope.no-list.ios-sdk).
        case enforcesLimitedList
        /// Compares the auth type case-insensitively, so "Rerequest" passes (configuration.auth-type).
        case authTypeCaseInsensitive
        /// Treats an empty auth type as nil (configuration.auth-type: "" is invalidAuthType).
        case emptyAuthTypeIsNil
        /// Forgets the initializer's default: an auth type left out becomes nil instead of rerequest (configuration.auth-type.default).
        case omittedAuthTypeIsNil
        /// Makes the default code verifier with standard base64 (`+ / =` included), which is not a valid verifier (configuration.code-verifier.default).
        case defaultVerifierStandardBase64
        /// Validates a supplied code verifier with the RFC's ASCII set only, refusing non-ASCII letters the SDK accepts (configuration.code-verifier.unicode.ios-sdk).
        case verifierASCIIOnly
        /// Stores an empty Messenger page ID as nil (configuration.messenger-page-id.ios-sdk).
        case emptyMessengerPageIdIsNil
    }
    let bug: Bug?
    init(bug: Bug? = nil) { self.bug = bug }

    /// The Limited Login page's permission list (documented reading only; the SDK has none).
    static let limitedLoginPermissions: Set<String> = [
        "public_profile", "email", "gaming_profile", "gaming_user_picture", "user_age_range", "user_birthday",
        "user_friends", "user_gender", "user_hometown", "user_link", "user_location", "user_messenger_contact",
    ]

    /// `CharacterSet.whitespaces` as the SDK sees it: Zs, TAB and U+200B (DECISIONS.md D21).
    static func isSDKWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
    }

    /// `CharacterSet.alphanumerics`: general categories L*, M*, N*.
    static func isUnicodeAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark,
             .decimalNumber, .letterNumber, .otherNumber:
            true
        default:
            false
        }
    }

    func isValidNonce(_ nonce: String) -> Bool {
        if nonce.isEmpty { return false }
        if bug == .nonceRefusesNewlines {
            return !nonce.unicodeScalars.contains { CharacterSet.whitespacesAndNewlines.contains($0) }
        }
        return !nonce.unicodeScalars.contains(where: Self.isSDKWhitespace)
    }

    func isValidPermission(_ permission: String) -> Bool {
        let checked = bug == .permissionCaseFolded ? permission.lowercased() : permission
        guard !checked.isEmpty else { return false }
        return checked.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || scalar == "_" || (bug == .permissionAllowsDot && scalar == ".")
        }
    }

    func isValidCodeVerifier(_ verifier: String) -> Bool {
        guard (43...128).contains(verifier.count) else { return false }
        return verifier.unicodeScalars.allSatisfy { scalar in
            BlindCodeVerifier.isUnreservedASCII(scalar)
                || (bug != .verifierASCIIOnly && Self.isUnicodeAlphanumeric(scalar))
        }
    }

    func makeCodeVerifier() -> String {
        var bytes = [UInt8](repeating: 0, count: 32)
        var generator = SystemRandomNumberGenerator()
        for index in bytes.indices { bytes[index] = generator.next() }
        let standard = Data(bytes).base64EncodedString()
        if bug == .defaultVerifierStandardBase64 { return standard }
        return standard.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    func makeConfiguration(_ request: LoginConfigurationRequest) throws -> LoginConfigurationOutcome {
        // 1. The code verifier is validated when it is made, before the configuration exists.
        if bug != .verifierCheckedLast, let verifier = request.codeVerifier, !isValidCodeVerifier(verifier) {
            return .refused(.invalidCodeVerifier)
        }
        // 2. The nonce (a fresh UUID when none is given).
        var nonce = request.nonce ?? UUID().uuidString
        if bug == .emptyNonceMeansDefault, nonce.isEmpty { nonce = UUID().uuidString }
        if bug == .trimsNonce { nonce = nonce.trimmingCharacters(in: .whitespacesAndNewlines) }
        // 3. The permission syntax, all or nothing.
        var permissions = request.permissions
        if bug == .emptyPermissionDropped { permissions = permissions.filter { !$0.isEmpty } }
        let checkedPermissions = bug == .onlyFirstPermissionChecked ? Array(permissions.prefix(1)) : permissions
        let permissionsValid = checkedPermissions.allSatisfy(isValidPermission)
        if bug == .permissionsBeforeNonce, !permissionsValid { return .refused(.invalidPermissionSyntax) }
        guard isValidNonce(nonce) else { return .refused(.invalidNonce) }
        guard permissionsValid else { return .refused(.invalidPermissionSyntax) }
        if bug == .enforcesLimitedList, request.tracking == .limited,
           !Set(permissions).isSubset(of: Self.limitedLoginPermissions) {
            return .refused(.permissionOutsideTrackingScope)
        }
        // 4. The auth type: the initializer's default is rerequest; an explicit nil stays nil.
        var authType: String?
        if request.usesDefaultAuthType {
            authType = bug == .omittedAuthTypeIsNil ? nil : "rerequest"
        } else {
            authType = request.authType
            if bug == .emptyAuthTypeIsNil, authType?.isEmpty == true { authType = nil }
        }
        if let given = authType {
            let candidate = bug == .authTypeCaseInsensitive ? given.lowercased() : given
            guard ["rerequest", "reauthorize"].contains(where: { $0.isCodePointEqual(to: candidate) }) else {
                return .refused(.invalidAuthType)
            }
        }
        if bug == .verifierCheckedLast, let verifier = request.codeVerifier, !isValidCodeVerifier(verifier) {
            return .refused(.invalidCodeVerifier)
        }
        var messengerPageId = request.messengerPageId
        if bug == .emptyMessengerPageIdIsNil, messengerPageId?.isEmpty == true { messengerPageId = nil }
        return .created(LoginConfiguration(
            permissions: Set(permissions), tracking: request.tracking, nonce: nonce, authType: authType,
            messengerPageId: messengerPageId, codeVerifier: request.codeVerifier ?? makeCodeVerifier()))
    }
}
