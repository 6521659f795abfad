import Foundation
import LoginConformance
import LoginConformanceReference
import LoginConformanceTestSupport

extension LoginConfigurationFamily: MutatedFamily { package typealias Mutants = ConfigurationMutants }

/// Mutants of the login configuration (SPECIFICATION.md §1, §8): the permission syntax, the Limited Login allow-list,
/// the auth type, the order of the checks, the code verifier and the values a configuration keeps.
package enum ConfigurationMutants: MutantCatalogue {
    package static func model(profile: ConformanceProfile) -> any ConformanceSubject & Sendable {
        ReferenceLoginConfigurationBuilder(profile: profile)
    }

    package static let all: [Mutant] = [
        // The kinds of bug (the [kind] in front of each description).
        mutant("configuration.omitted-auth-type-is-nil", .documented,
               "[missing default] makes a configuration without an auth type hold nil, not the initializers' default "
               + "rerequest (D44)") {
            $0.omittedAuthType = nil
        },
        mutant("configuration.allow-list-extra-user-posts", .documented,
               "[extra default-table entry] adds user_posts to the Limited Login allow-list (§1: the page's list)") {
            $0.allowList?.insert("user_posts")
        },
        mutant("configuration.auth-type-prefix", .iosSDK,
               "[prefix comparison] accepts an auth type that rerequest or reauthorize starts with, the empty one "
               + "included (§1: exactly)") {
            $0.isValidAuthType = { value in
                guard let value else { return true }
                return "rerequest".hasPrefix(value) || "reauthorize".hasPrefix(value)
            }
        },
        mutant("configuration.accepts-upper-case-permissions", .iosSDK,
               "allows A-Z in permission names, so Email passes (§1: only a-z and _)") {
            $0.isValidPermissionSyntax = { !$0.isEmpty && $0.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0 == "_" } }
        },
        mutant("configuration.accepts-digits-in-permissions", .iosSDK,
               "allows 0-9 in permission names (§1: only a-z and _)") {
            $0.isValidPermissionSyntax = { !$0.isEmpty && $0.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" } }
        },
        mutant("configuration.accepts-dotted-permissions", .iosSDK,
               "allows '.', so the SDK's own user_actions.books passes (§1: the SDK refuses it)") {
            $0.isValidPermissionSyntax = { ReferenceLoginConfigurationBuilder.isValidPermission($0.replacingOccurrences(of: ".", with: "_")) }
        },
        mutant("configuration.unicode-lower-case-permissions", .iosSDK,
               "tests Character.isLowercase instead of a-z, so é, Cyrillic е and dotless ı pass (§1)") {
            $0.isValidPermissionSyntax = { !$0.isEmpty && $0.allSatisfy { $0.isLowercase || $0 == "_" } }
        },
        mutant("configuration.accepts-empty-permission", .iosSDK,
               "checks every character of a permission but not that there is one, so \"\" passes (§1: non-empty)") {
            $0.isValidPermissionSyntax = { $0.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || $0 == "_" } }
        },
        mutant("configuration.trims-permissions", .iosSDK,
               "trims whitespace around each permission, so \" email\" passes as email (§1: spaces are refused)") {
            $0.preparePermission = { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        },
        mutant("configuration.drops-invalid-permissions", .iosSDK,
               "drops an invalid permission instead of refusing the configuration (§1: one bad item refuses all)") {
            $0.dropsInvalidPermissions = true
        },
        mutant("configuration.permission-check-skips-last-item", .iosSDK,
               "checks permissions 0..<count-1, one item too few, so a bad last item passes (§1)") {
            $0.checkedPermissions = { Array($0.dropLast()) }
        },
        mutant("configuration.syntax-checked-only-with-enabled-tracking", .iosSDK,
               "validates permission syntax only on the enabled-tracking path, so limited tracking takes Email (§1)") {
            $0.checksSyntax = { $0 == .enabled }
        },
        mutant("configuration.no-limited-login-allow-list", .documented,
               "enforces no allow-list, as the SDK does, while claiming the documented reading (§1, §8)") {
            $0.allowList = nil
        },
        mutant("configuration.allow-list-under-ios-sdk", .iosSDK,
               "enforces the documented allow-list while claiming the SDK, which has none (§8)") {
            $0.allowList = ReferenceLoginConfigurationBuilder.limitedLoginPermissions
        },
        mutant("configuration.allow-list-prefix-match", .documented,
               "matches the allow-list by prefix, so user_friend and user_age pass (§1: exact membership)") {
            $0.isAllowed = { permission, list in list.contains { $0.hasPrefix(permission) } }
        },
        mutant("configuration.stale-allow-list", .documented,
               "uses an older copy of the Limited Login list without gaming_profile, gaming_user_picture and user_messenger_contact (§1)") {
            $0.allowList = ReferenceLoginConfigurationBuilder.limitedLoginPermissions
                .subtracting(["gaming_profile", "gaming_user_picture", "user_messenger_contact"])
        },
        mutant("configuration.allow-list-with-enabled-tracking", .documented,
               "applies the Limited Login list with enabled tracking too (§1: any valid permission with enabled)") {
            $0.allowListApplies = { _ in true }
        },
        mutant("configuration.auth-type-case-insensitive", .documented,
               "lower-cases the auth type before checking it, so Rerequest passes (§1: exact values)") {
            $0.prepareAuthType = { $0?.lowercased() }
        },
        mutant("configuration.empty-auth-type-is-nil", .documented,
               "reads an empty auth type as nil (§1: \"\" is refused, only nil means none)") {
            $0.prepareAuthType = { $0?.isEmpty == true ? nil : $0 }
        },
        mutant("configuration.nil-auth-type-becomes-rerequest", .documented,
               "replaces an explicit nil auth type with the default rerequest (§1: nil stays nil)") {
            $0.prepareAuthType = { $0 ?? "rerequest" }
        },
        mutant("configuration.auth-type-checked-before-permissions", .iosSDK,
               "checks the auth type before the permission syntax (DECISIONS.md D26: nonce, permissions, auth type)") {
            $0.order = [.nonce, .authType, .permissions]
        },
        mutant("configuration.permissions-checked-before-nonce", .iosSDK,
               "checks the permissions before the nonce (DECISIONS.md D26: the nonce first)") {
            $0.order = [.permissions, .nonce, .authType]
        },
        mutant("configuration.trims-nonce", .documented,
               "trims the nonce before validating and keeping it (§1: no trimming)") {
            $0.nonces.prepare = { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            $0.keptNonce = { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        },
        mutant("configuration.nonce-newline-is-whitespace-under-ios-sdk", .iosSDK,
               "validates the nonce with Unicode White_Space while claiming the SDK, which accepts newlines (§8)") {
            $0.nonces.isWhitespace = { scalar in scalar.properties.isWhitespace }
        },
        mutant("configuration.code-verifier-bounds-exclusive", .documented,
               "checks count > 43 && count < 128, refusing both bounds (§1: 43...128 characters)") {
            $0.verifiers.lengthAllowed = { (44...127).contains($0) }
        },
        mutant("configuration.code-verifier-length-in-utf8-bytes", .iosSDK,
               "measures the code verifier in UTF-8 bytes, so 128 characters with a non-ASCII letter are too long (§1)") {
            $0.verifiers.length = { $0.utf8.count }
        },
        mutant("configuration.code-verifier-accepts-base64", .documented,
               "allows the standard base64 alphabet (+ / =) in the code verifier (§1, RFC 7636 §4.1)") {
            let conformant = $0.verifiers.isAllowed
            $0.verifiers.isAllowed = { conformant($0) || "+/=".unicodeScalars.contains($0) }
        },
        mutant("configuration.code-verifier-unicode-under-documented", .documented,
               "takes Unicode letters and digits, as the SDK does, while claiming RFC 7636's ASCII (§1)") {
            $0.verifiers.isAllowed = ReferenceCodeVerifierValidator(profile: .iosSDK).isAllowed
        },
        mutant("configuration.code-verifier-ascii-under-ios-sdk", .iosSDK,
               "takes only ASCII letters and digits while claiming the SDK, which takes Unicode ones (§1)") {
            $0.verifiers.isAllowed = ReferenceCodeVerifierValidator(profile: .documented).isAllowed
        },
        mutant("configuration.empty-messenger-page-id-is-nil", .iosSDK,
               "turns an empty Messenger page ID into nil (§1: not validated, kept as given)") {
            $0.keptMessengerPageID = { $0?.isEmpty == true ? nil : $0 }
        },
        mutant("configuration.trims-messenger-page-id", .iosSDK,
               "trims the Messenger page ID (§1: kept exactly)") {
            $0.keptMessengerPageID = { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }
        },
    ]

    /// Mutants retired in suite 0.3.0, with the reason (never silently deleted).
    package static let retiredMutants: [(name: String, reason: String)] = [
        ("configuration.code-verifier-length-in-utf16-units", "DECISIONS.md D24: no vector's outcome may depend on "
            + "counting code points rather than UTF-16 units; the one vector that did is retired"),
    ]

    private static func mutant(
        _ name: String, _ profile: ConformanceProfile, _ description: String, _ bug: (inout ReferenceLoginConfigurationBuilder) -> Void
    ) -> Mutant {
        var model = ReferenceLoginConfigurationBuilder(profile: profile)
        bug(&model)
        return Mutant(name: name, description: description, family: .loginConfiguration, profile: profile,
                      implementation: model)
    }
}
