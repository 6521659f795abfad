import Foundation
import LoginConformance

/// hasGranted, isExpired and isDataAccessExpired on an access token snapshot (§6), ios-sdk profile.
struct BlindAccessToken: AccessTokenEvaluating, Sendable {
    /// The profile the base implements (SPECIFICATION.md §8).
    static let profile: ConformanceProfile = .iosSDK
    /// One realistic bug, or nil for the base.
    enum Bug: String, CaseIterable, Sendable {
        /// Compares permissions case-insensitively (access-token.granted.exact).
        case grantedCaseInsensitive
        /// Trims whitespace off the asked permission before looking it up (access-token.granted.exact).
        case grantedTrimsPermission
        /// Looks the permission up in a Swift Set<String>, which equates canonically equivalent strings (access-token.granted.exact).
        case grantedCanonicalEquivalence
        /// Searches the comma-joined permission list for the permission as a substring (access-token.granted.exact).
        case grantedSubstringOfJoined
        /// Answers false when the permission is also declined (access-token.granted.overlapping.ios-sdk).
        case declinedWinsOverGranted
        /// Also counts expiredPermissions as granted (access-token.granted.expired-permission.ios-sdk).
        case expiredPermissionsGranted
        /// Answers false for an expired token, read against the wall clock (access-token.granted.ignores-dates.ios-sdk).
        case grantedChecksWallClockExpiry
        /// isExpired uses <=, so a date equal to now has expired (access-token.expired.strict.ios-sdk).
        case expiredInclusive
        /// isExpired compares whole seconds, so a fraction of a second in the past has not expired (access-token.expired.strict.ios-sdk).
        case expiredWholeSeconds
        /// A null expiration date reads as epoch 0, so it has expired (access-token.expired.never.ios-sdk).
        case nullExpiryIsEpoch
        /// isDataAccessExpired uses <=, so a date equal to now has expired (access-token.data-access.strict).
        case dataAccessInclusive
        /// isDataAccessExpired falls back to expirationDate when there is no data access date (access-token.data-access.never.ios-sdk, access-token.dates.independent).
        case dataAccessFallsBackToExpiry
        /// isExpired is also true when data access has expired (access-token.dates.independent).
        case expiredIncludesDataAccess
    }
    let bug: Bug?
    init(bug: Bug? = nil) { self.bug = bug }

    func hasGranted(_ permission: String, in token: AccessTokenSnapshot) throws -> Bool {
        if bug == .grantedChecksWallClockExpiry, let expiration = token.expirationDate,
           expiration < Date().timeIntervalSince1970 {
            return false
        }
        let asked = bug == .grantedTrimsPermission ? permission.trimmingCharacters(in: .whitespaces) : permission
        func contains(_ list: [String]) -> Bool {
            switch bug {
            case .grantedCaseInsensitive:
                return list.contains { $0.caseInsensitiveCompare(asked) == .orderedSame }
            case .grantedCanonicalEquivalence:
                return Set(list).contains(asked)
            case .grantedSubstringOfJoined:
                return !asked.isEmpty && list.joined(separator: ",").contains(asked)
            default:
                return list.contains { $0.isCodePointEqual(to: asked) }
            }
        }
        if bug == .declinedWinsOverGranted, contains(token.declinedPermissions) { return false }
        if bug == .expiredPermissionsGranted, contains(token.expiredPermissions) { return true }
        return contains(token.permissions)
    }

    func isExpired(_ token: AccessTokenSnapshot, now: Double) throws -> Bool {
        if bug == .expiredIncludesDataAccess, try isDataAccessExpired(token, now: now) { return true }
        let date: Double
        if let expiration = token.expirationDate {
            date = expiration
        } else if bug == .nullExpiryIsEpoch {
            date = 0
        } else {
            return false
        }
        switch bug {
        case .expiredInclusive: return date <= now
        case .expiredWholeSeconds: return date.rounded(.down) < now.rounded(.down)
        default: return date < now
        }
    }

    func isDataAccessExpired(_ token: AccessTokenSnapshot, now: Double) throws -> Bool {
        var date = token.dataAccessExpirationDate
        if bug == .dataAccessFallsBackToExpiry, date == nil { date = token.expirationDate }
        guard let date else { return false }
        return bug == .dataAccessInclusive ? date <= now : date < now
    }
}
