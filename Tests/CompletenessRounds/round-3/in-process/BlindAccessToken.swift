import Foundation
import LoginConformance

/// Answers hasGranted, isExpired and isDataAccessExpired about an access token (SPECIFICATION.md §6), as the iOS SDK v18.1.0 does.
struct BlindAccessToken: AccessTokenEvaluating, Sendable {
    /// The profile the base implements (SPECIFICATION.md §8).
    static let profile: ConformanceProfile = .iosSDK
    /// One realistic bug, or nil for the base.
    enum Bug: String, CaseIterable, Sendable {
        /// Looks the permission up in a Swift `Set<String>`, whose `==` equates canonically equivalent strings (access-token.granted.exact).
        case swiftSetMembership
        /// Lower-cases both sides before comparing permissions (access-token.granted.exact: no case folding).
        case caseInsensitiveGranted
        /// Trims whitespace and newlines off the asked permission (access-token.granted.exact: no trimming).
        case trimsAskedPermission
        /// Searches the comma-joined permission list for the asked text, so `user` matches `user_friends` (access-token.granted.exact: no substring match).
        case substringSearch
        /// Answers false for a permission that is also declined (access-token.granted.overlapping.ios-sdk: permissions alone decide).
        case declinedOverridesGranted
        /// Also grants permissions that are only in expiredPermissions (access-token.granted.expired-permission.ios-sdk).
        case expiredPermissionsGranted
        /// Answers false when the token has expired by the device clock (access-token.granted.ignores-dates.ios-sdk).
        case expiredTokenGrantsNothing
        /// Compares whole seconds (`Int` of both dates), so a fraction of a second past the expiry has not expired (access-token.expired.strict.ios-sdk).
        case expiryWholeSeconds
        /// Reads a missing expiration date as the epoch, so a never-expiring token has expired (access-token.expired.never.ios-sdk).
        case nilExpiryIsEpoch
        /// Counts data access as expired when its date equals now (access-token.data-access.strict: strictly before now).
        case dataAccessInclusive
        /// Falls back to the expiration date when there is no data access expiration date (access-token.dates.independent).
        case dataAccessFallsBackToExpiry
        /// Counts a token as expired when its data access has expired (access-token.dates.independent).
        case expiredIncludesDataAccess
    }
    let bug: Bug?
    init(bug: Bug? = nil) { self.bug = bug }

    func hasGranted(_ permission: String, in token: AccessTokenSnapshot) throws -> Bool {
        var asked = permission
        var held = token.permissions
        if bug == .trimsAskedPermission { asked = asked.trimmingCharacters(in: .whitespacesAndNewlines) }
        if bug == .expiredPermissionsGranted { held += token.expiredPermissions }
        if bug == .expiredTokenGrantsNothing, let expiration = token.expirationDate,
           expiration < Date().timeIntervalSince1970 {
            return false
        }
        if bug == .declinedOverridesGranted,
           token.declinedPermissions.contains(where: { $0.isCodePointEqual(to: asked) }) {
            return false
        }
        switch bug {
        case .swiftSetMembership:
            return Set(held).contains(asked)
        case .caseInsensitiveGranted:
            let lowered = asked.lowercased()
            return held.contains { $0.lowercased().isCodePointEqual(to: lowered) }
        case .substringSearch:
            return held.joined(separator: ",").contains(asked)
        default:
            return held.contains { $0.isCodePointEqual(to: asked) }
        }
    }

    func isExpired(_ token: AccessTokenSnapshot, now: Double) throws -> Bool {
        if bug == .expiredIncludesDataAccess, try isDataAccessExpired(token, now: now) { return true }
        var expiration = token.expirationDate
        if bug == .nilExpiryIsEpoch { expiration = expiration ?? 0 }
        guard let expiration else { return false }
        if bug == .expiryWholeSeconds, let seconds = Int(exactly: expiration.rounded(.towardZero)),
           let current = Int(exactly: now.rounded(.towardZero)) {
            return seconds < current
        }
        return expiration < now
    }

    func isDataAccessExpired(_ token: AccessTokenSnapshot, now: Double) throws -> Bool {
        var date = token.dataAccessExpirationDate
        if bug == .dataAccessFallsBackToExpiry { date = date ?? token.expirationDate }
        guard let date else { return false }
        return bug == .dataAccessInclusive ? date <= now : date < now
    }
}
