import Foundation
import LoginConformance

/// Answers hasGranted, isExpired and isDataAccessExpired as SDK v18.1.0's AccessToken does (SPECIFICATION.md §6), ios-sdk profile.
struct BlindAccessToken: AccessTokenEvaluating, Sendable {
    /// The profile the base implements (SPECIFICATION.md §8).
    static let profile: ConformanceProfile = .iosSDK
    /// One realistic bug, or nil for the base.
    enum Bug: String, CaseIterable, Sendable {
        /// Tests membership with `Set<String>.contains`, i.e. Swift `==` and canonical equivalence (access-token.granted.exact).
        case grantedCanonicalEquivalence
        /// Lower-cases both sides before comparing (access-token.granted.exact: no case folding).
        case grantedCaseInsensitive
        /// Trims whitespace from the permission asked about (access-token.granted.exact: no trimming).
        case grantedTrimmed
        /// Searches the comma-joined permission list for the text, so a substring counts (access-token.granted.exact: no substring match).
        case grantedSubstring
        /// Subtracts declined and expired permissions from the granted ones (access-token.granted.overlapping.ios-sdk).
        case grantedMinusDeclined
        /// Counts expired permissions as granted too (access-token.granted.expired-permission.ios-sdk).
        case grantedIncludesExpired
        /// Answers false for a token that has expired (access-token.granted.ignores-dates.ios-sdk).
        case grantedChecksExpiry
        /// isExpired is expirationDate <= now (access-token.expired.strict.ios-sdk).
        case expiredInclusive
        /// Compares whole seconds, so a date a fraction of a second before now has not expired (access-token.expired.strict.ios-sdk).
        case expiredWholeSeconds
        /// Reads a missing expiration date as the epoch, so a token without one has expired (access-token.expired.never.ios-sdk).
        case missingExpiryIsEpoch
        /// isDataAccessExpired is dataAccessExpirationDate <= now (access-token.data-access.strict).
        case dataAccessInclusive
        /// Falls back to expirationDate when there is no data access expiration date (access-token.dates.independent, access-token.data-access.never.ios-sdk).
        case dataAccessFallsBackToExpiry
        /// Treats an expired token's data access as expired too (access-token.dates.independent).
        case dataAccessExpiresWithToken
    }
    let bug: Bug?
    init(bug: Bug? = nil) { self.bug = bug }

    func hasGranted(_ permission: String, in token: AccessTokenSnapshot) throws -> Bool {
        switch bug {
        case .grantedCanonicalEquivalence:
            return Set(token.permissions).contains(permission)
        case .grantedCaseInsensitive:
            let wanted = permission.lowercased()
            return token.permissions.contains { $0.lowercased().isCodePointEqual(to: wanted) }
        case .grantedTrimmed:
            let wanted = permission.trimmingCharacters(in: .whitespacesAndNewlines)
            return token.permissions.contains { $0.isCodePointEqual(to: wanted) }
        case .grantedSubstring:
            return !permission.isEmpty && token.permissions.joined(separator: ",").contains(permission)
        case .grantedMinusDeclined:
            let removed = token.declinedPermissions + token.expiredPermissions
            return token.permissions.contains { $0.isCodePointEqual(to: permission) }
                && !removed.contains { $0.isCodePointEqual(to: permission) }
        case .grantedIncludesExpired:
            return (token.permissions + token.expiredPermissions).contains { $0.isCodePointEqual(to: permission) }
        case .grantedChecksExpiry:
            // The clock is not given to hasGranted: use the wall clock, as an app's code would.
            if try isExpired(token, now: Date().timeIntervalSince1970) { return false }
            return token.permissions.contains { $0.isCodePointEqual(to: permission) }
        default:
            return token.permissions.contains { $0.isCodePointEqual(to: permission) }
        }
    }

    func isExpired(_ token: AccessTokenSnapshot, now: Double) throws -> Bool {
        guard let expiration = token.expirationDate ?? (bug == .missingExpiryIsEpoch ? 0 : nil) else { return false }
        switch bug {
        case .expiredInclusive: return expiration <= now
        case .expiredWholeSeconds: return Int64(expiration.rounded(.down)) < Int64(now.rounded(.down))
        default: return expiration < now
        }
    }

    func isDataAccessExpired(_ token: AccessTokenSnapshot, now: Double) throws -> Bool {
        if bug == .dataAccessExpiresWithToken, let expiration = token.expirationDate, expiration < now { return true }
        let date = bug == .dataAccessFallsBackToExpiry
            ? (token.dataAccessExpirationDate ?? token.expirationDate) : token.dataAccessExpirationDate
        guard let date else { return false }
        return bug == .dataAccessInclusive ? date <= now : date < now
    }
}
