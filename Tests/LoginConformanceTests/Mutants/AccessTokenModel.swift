import Foundation
import LoginConformance
import LoginConformanceTestSupport

/// Access token questions (SPECIFICATION.md §6) written as mutation sites. Unmutated it conforms in both profiles
/// (``MutationTests`` checks that), so whatever kills a mutant is the one site it changes.
struct AccessTokenModel: AccessTokenEvaluating, Sendable {
    /// What the lookup sees of the asked permission. Conformant: the permission as given (no trimming).
    var prepare: @Sendable (String) -> String = { $0 }
    /// The permissions `hasGranted` looks in. Conformant: `permissions` only.
    var grantedSet: @Sendable (AccessTokenSnapshot) -> [String] = { $0.permissions }
    /// Whether `asked` is among `held`. Conformant: an element with the same code points.
    var lookup: @Sendable (_ held: [String], _ asked: String) -> Bool = { held, asked in
        held.contains { $0.isCodePointEqual(to: asked) }
    }
    /// Whether `hasGranted` also asks for a token that has not expired. Conformant: no (it reads permissions only).
    var grantedNeedsLiveToken = false
    /// Whether the expiration date has passed at `now`. Conformant: `date < now`, a missing date never.
    var expiryHasPassed: @Sendable (Double?, Double) -> Bool = AccessTokenModel.passed
    /// Whether the data access expiration date has passed at `now`. Conformant: as for the expiration date.
    var dataAccessHasPassed: @Sendable (Double?, Double) -> Bool = AccessTokenModel.passed
    /// The date `isDataAccessExpired` reads. Conformant: `dataAccessExpirationDate`.
    var dataAccessDate: @Sendable (AccessTokenSnapshot) -> Double? = { $0.dataAccessExpirationDate }
    /// Whether `isExpired` also says yes when the data access has expired. Conformant: no (each its own date).
    var expiredAlsoReadsDataAccess = false

    func hasGranted(_ permission: String, in token: AccessTokenSnapshot) -> Bool {
        if grantedNeedsLiveToken, isExpired(token, now: Date().timeIntervalSince1970) { return false }
        return lookup(grantedSet(token), prepare(permission))
    }

    func isExpired(_ token: AccessTokenSnapshot, now: Double) -> Bool {
        expiryHasPassed(token.expirationDate, now)
            || (expiredAlsoReadsDataAccess && dataAccessHasPassed(token.dataAccessExpirationDate, now))
    }

    func isDataAccessExpired(_ token: AccessTokenSnapshot, now: Double) -> Bool {
        dataAccessHasPassed(dataAccessDate(token), now)
    }

    /// `date < now`, strictly; a missing date never passes.
    static func passed(_ date: Double?, _ now: Double) -> Bool {
        guard let date else { return false }
        return date < now
    }
}
