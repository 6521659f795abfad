import LoginConformance

/// Access token questions (SPECIFICATION.md §6). The rules hold in every profile.
///
/// Each step of the rules is a mutation site: a `package` member, conformant as it stands, that the test target's
/// mutant catalogue replaces with one realistic bug. The rules are written once, here.
public struct ReferenceAccessTokenEvaluator: AccessTokenEvaluating, Sendable {
    /// What the lookup sees of the asked permission: the permission as given (no trimming).
    package var prepare: @Sendable (String) -> String = { $0 }
    /// The permissions `hasGranted` looks in: `permissions` only; the declined and expired sets play no part (a
    /// permission only there is simply not in `permissions`).
    package var grantedSet: @Sendable (AccessTokenSnapshot) -> [String] = { $0.permissions }
    /// Whether `asked` is among `held`: exact membership, code point by code point (no case folding or
    /// normalisation).
    package var lookup: @Sendable (_ held: [String], _ asked: String) -> Bool = { held, asked in
        held.contains { $0.isCodePointEqual(to: asked) }
    }
    /// Whether the token lets `hasGranted` answer yes at all: always (it reads the permissions only).
    package var grantsAnything: @Sendable (AccessTokenSnapshot) -> Bool = { _ in true }
    /// Whether the expiration date has passed at `now`: `date < now`, strictly; no date means never.
    package var expiryHasPassed: @Sendable (Double?, Double) -> Bool = ReferenceAccessTokenEvaluator.hasPassed
    /// Whether the data access expiration date has passed at `now`: as for the expiration date.
    package var dataAccessHasPassed: @Sendable (Double?, Double) -> Bool = ReferenceAccessTokenEvaluator.hasPassed
    /// The date `isDataAccessExpired` reads: `dataAccessExpirationDate`.
    package var dataAccessDate: @Sendable (AccessTokenSnapshot) -> Double? = { $0.dataAccessExpirationDate }
    /// Whether `isExpired` also says yes when the data access has expired: no, each question reads its own date.
    package var expiredAlsoReadsDataAccess = false

    /// The evaluator; it keeps no state.
    public init() {}

    public func hasGranted(_ permission: String, in token: AccessTokenSnapshot) -> Bool {
        grantsAnything(token) && lookup(grantedSet(token), prepare(permission))
    }

    public func isExpired(_ token: AccessTokenSnapshot, now: Double) -> Bool {
        expiryHasPassed(token.expirationDate, now)
            || (expiredAlsoReadsDataAccess && dataAccessHasPassed(token.dataAccessExpirationDate, now))
    }

    public func isDataAccessExpired(_ token: AccessTokenSnapshot, now: Double) -> Bool {
        dataAccessHasPassed(dataAccessDate(token), now)
    }

    /// Whether `date` lies strictly before `now`; a missing date never does.
    static func hasPassed(_ date: Double?, now: Double) -> Bool {
        guard let date else { return false }
        return date < now
    }
}

extension ReferenceImplementation: AccessTokenEvaluating {
    public func hasGranted(_ permission: String, in token: AccessTokenSnapshot) -> Bool {
        ReferenceAccessTokenEvaluator().hasGranted(permission, in: token)
    }

    public func isExpired(_ token: AccessTokenSnapshot, now: Double) -> Bool {
        ReferenceAccessTokenEvaluator().isExpired(token, now: now)
    }

    public func isDataAccessExpired(_ token: AccessTokenSnapshot, now: Double) -> Bool {
        ReferenceAccessTokenEvaluator().isDataAccessExpired(token, now: now)
    }
}
