import Foundation
import LoginConformance
import LoginConformanceReference
import LoginConformanceTestSupport

extension AccessTokenFamily: MutatedFamily { package typealias Mutants = AccessTokenMutants }

/// Mutants of the access token questions (SPECIFICATION.md §6): permission lookups that fold, trim, normalise or
/// search, permission sets mixed up, and expiry comparisons that are inclusive, truncated or read the wrong date.
package enum AccessTokenMutants: MutantCatalogue {
    /// The reference the mutants break, for `profile` (the §6 rules hold in both).
    package static func model(profile: ConformanceProfile) -> any ConformanceSubject & Sendable { ReferenceAccessTokenEvaluator() }

    package static let all: [Mutant] = [
        // The kinds of bug (the [kind] in front of each description).
        mutant("access-token.declined-subtracted", .iosSDK,
               "[overlapping sets] removes declinedPermissions from permissions before looking, so a permission in "
               + "both is not granted (D47: permissions only)") {
            $0.grantedSet = { token in token.permissions.filter { !token.declinedPermissions.contains($0) } }
        },
        mutant("access-token.expired-subtracted", .iosSDK,
               "[overlapping sets] removes expiredPermissions from permissions before looking, so a permission in "
               + "both is not granted (D47: permissions only)") {
            $0.grantedSet = { token in token.permissions.filter { !token.expiredPermissions.contains($0) } }
        },
        mutant("access-token.held-prefix-of-asked", .documented,
               "[prefix comparison] grants a permission when a held one starts with it, so emai is granted (§6: "
               + "exact membership)") {
            $0.lookup = { held, asked in held.contains { $0.hasPrefix(asked) } }
        },
        mutant("access-token.asked-starts-with-held", .iosSDK,
               "[prefix comparison] grants a permission that starts with a held one, so emails is granted (§6: "
               + "exact membership)") {
            $0.lookup = { held, asked in held.contains { asked.hasPrefix($0) } }
        },
        mutant("access-token.case-insensitive-lookup", .documented,
               "compares permissions case-insensitively, so Email is granted (§6: exact membership, no case folding)") {
            $0.lookup = { held, asked in held.contains { $0.lowercased() == asked.lowercased() } }
        },
        mutant("access-token.trims-permission", .iosSDK,
               "trims whitespace and newlines from the asked permission, so \" email\" is granted (§6: exact)") {
            $0.prepare = { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        },
        mutant("access-token.swift-string-equality", .documented,
               "uses Swift's String == (canonical equivalence), so the NFD spelling of an NFC permission is granted (§6)") {
            $0.lookup = { held, asked in held.contains { $0 == asked } }
        },
        mutant("access-token.compatibility-normalised", .iosSDK,
               "compares NFKC forms, so full-width \u{FF45}\u{FF4D}\u{FF41}\u{FF49}\u{FF4C} is granted as email (§6: no normalisation)") {
            $0.lookup = { held, asked in
                held.contains {
                    $0.precomposedStringWithCompatibilityMapping
                        .isCodePointEqual(to: asked.precomposedStringWithCompatibilityMapping)
                }
            }
        },
        mutant("access-token.searches-joined-scope", .documented,
               "searches the comma-joined permission string, so user (a substring) is granted (§6: membership)") {
            $0.lookup = { held, asked in held.joined(separator: ",").contains(asked) }
        },
        mutant("access-token.known-permission-is-granted", .iosSDK,
               "looks in permissions, declinedPermissions and expiredPermissions, so a declined one is granted (§6)") {
            $0.grantedSet = { $0.permissions + $0.declinedPermissions + $0.expiredPermissions }
        },
        mutant("access-token.expired-permission-still-granted", .iosSDK,
               "counts expiredPermissions as granted (they were granted once), so user_photos is granted (§6)") {
            $0.grantedSet = { $0.permissions + $0.expiredPermissions }
        },
        mutant("access-token.granted-requires-live-token", .iosSDK,
               "answers hasGranted false once the token has expired (§6: hasGranted reads the permissions only)") {
            let conformant = $0
            $0.grantsAnything = { !conformant.isExpired($0, now: Date().timeIntervalSince1970) }
        },
        mutant("access-token.expiry-inclusive", .iosSDK,
               "takes expirationDate <= now as expired, so a token is expired at its expiration instant (§6: strict <)") {
            $0.expiryHasPassed = { date, now in date.map { $0 <= now } ?? false }
        },
        mutant("access-token.data-access-inclusive", .iosSDK,
               "takes dataAccessExpirationDate <= now as expired (§6: strict <)") {
            $0.dataAccessHasPassed = { date, now in date.map { $0 <= now } ?? false }
        },
        mutant("access-token.missing-date-is-expired", .iosSDK,
               "treats a missing date as the distant past, so a token without dates is expired (§6: missing means never)") {
            $0.expiryHasPassed = { date, now in date.map { $0 < now } ?? true }
            $0.dataAccessHasPassed = { date, now in date.map { $0 < now } ?? true }
        },
        mutant("access-token.whole-seconds", .iosSDK,
               "truncates both times to whole seconds, so .25 s and .75 s of one second compare equal (§6: by value)") {
            $0.expiryHasPassed = { date, now in date.map { $0.rounded(.down) < now.rounded(.down) } ?? false }
            $0.dataAccessHasPassed = { date, now in date.map { $0.rounded(.down) < now.rounded(.down) } ?? false }
        },
        mutant("access-token.non-positive-date-is-never", .documented,
               "reuses §3's callback rule (only > 0 is a date), so epoch 0 and negative dates never expire (§6)") {
            $0.expiryHasPassed = { date, now in date.map { $0 > 0 && $0 < now } ?? false }
            $0.dataAccessHasPassed = { date, now in date.map { $0 > 0 && $0 < now } ?? false }
        },
        mutant("access-token.data-access-reads-expiration-date", .iosSDK,
               "answers isDataAccessExpired from expirationDate (§6: each question reads its own date)") {
            $0.dataAccessDate = { $0.expirationDate }
        },
        mutant("access-token.expired-if-data-access-expired", .iosSDK,
               "answers isExpired true when either date has passed (§6: isExpired reads expirationDate only)") {
            $0.expiredAlsoReadsDataAccess = true
        },
    ]

    private static func mutant(
        _ name: String, _ profile: ConformanceProfile, _ description: String, _ bug: (inout ReferenceAccessTokenEvaluator) -> Void
    ) -> Mutant {
        var model = ReferenceAccessTokenEvaluator()
        bug(&model)
        // The §6 rules hold in both profiles; the mutants alternate the profile they claim.
        return Mutant(name: name, description: description, family: .accessToken, profile: profile,
                      implementation: model)
    }
}
