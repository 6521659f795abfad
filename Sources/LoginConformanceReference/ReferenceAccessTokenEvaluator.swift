import LoginConformance

/// Access token questions (SPECIFICATION.md §6). The rules hold in every profile.
public struct ReferenceAccessTokenEvaluator: AccessTokenEvaluating, Sendable {
    /// The evaluator; it keeps no state.
    public init() {}

    /// Exact membership in `permissions`, code point by code point: no case folding, trimming or normalisation,
    /// and the declined and expired sets play no part (a permission only there is simply not in `permissions`).
    public func hasGranted(_ permission: String, in token: AccessTokenSnapshot) -> Bool {
        token.permissions.contains { $0.isCodePointEqual(to: permission) }
    }

    /// `expirationDate < now`, strictly; no date means never.
    public func isExpired(_ token: AccessTokenSnapshot, now: Double) -> Bool {
        Self.hasPassed(token.expirationDate, now: now)
    }

    /// `dataAccessExpirationDate < now`, strictly; no date means never.
    public func isDataAccessExpired(_ token: AccessTokenSnapshot, now: Double) -> Bool {
        Self.hasPassed(token.dataAccessExpirationDate, now: now)
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
