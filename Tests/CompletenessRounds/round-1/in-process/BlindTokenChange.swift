import Foundation
import LoginConformance

/// Replays current-token changes and reports the AccessTokenDidChange notifications (§6), ios-sdk profile.
struct BlindTokenChange: TokenChangeNotifying, Sendable {
    /// The profile the base implements (SPECIFICATION.md §8).
    static let profile: ConformanceProfile = .iosSDK
    /// One realistic bug, or nil for the base.
    enum Bug: String, CaseIterable, Sendable {
        /// Posts on every set, even when the same token (or nil over nil) is set again (token-change.post.on-change).
        case postsOnEverySet
        /// Treats tokens of the same user and expiry as the same token, so setting one over the other posts nothing (token-change.post.on-change).
        case equalTokensPostNothing
        /// Writes FBSDKAccessTokenDidChangeUserIDKey = false on a refresh instead of leaving it out (token-change.user-id.refresh).
        case userIDKeyFalseOnRefresh
        /// Compares user IDs case-insensitively (token-change.user-id.different: exact strings).
        case userIDCaseInsensitive
        /// Counts the old token as inactive when expirationDate <= now (token-change.user-id.old-expired.ios-sdk: equal is still active).
        case oldExpiredInclusive
        /// Ignores whether the old token had expired: same user is always a refresh (token-change.user-id.old-expired.ios-sdk).
        case ignoresOldTokenExpiry
        /// Reads the new token's expiry instead of the old one's (token-change.user-id.old-expired.ios-sdk).
        case checksNewTokenExpiry
        /// Treats an old token without expiration date as inactive (token-change.user-id.old-expired.ios-sdk: never expires).
        case nullExpiryInactive
        /// The expiry timer clears the current token (token-change.expiry-timer.ios-sdk, token-change.current.ios-sdk).
        case timerClearsCurrent
        /// The expiry timer's notification also carries FBSDKAccessTokenDidChangeUserIDKey (token-change.expiry-timer.ios-sdk).
        case timerSetsUserIDKey
        /// Setting an already expired token adds FBSDKAccessTokenDidExpireKey (token-change.did-expire.timer-only.ios-sdk).
        case didExpireOnSetExpired
        /// The expiry timer puts the token under FBSDKAccessTokenOld only (token-change.expiry-timer.ios-sdk: both keys).
        case timerOmitsNewToken
    }
    let bug: Bug?
    init(bug: Bug? = nil) { self.bug = bug }

    func notifications(for sequence: TokenChangeSequence) throws -> TokenChangeOutcome {
        var current = sequence.initial
        var posted: [TokenChangeOutcome.Notification] = []
        for (index, step) in sequence.steps.enumerated() {
            switch step {
            case .setCurrent(let name, let now):
                if !changes(from: current, to: name, in: sequence.tokens) { continue }
                let old = current.flatMap { sequence.tokens[$0] }
                let new = name.flatMap { sequence.tokens[$0] }
                let userChanged = didChangeUser(old: old, new: new, now: now)
                var didExpire: Bool?
                if bug == .didExpireOnSetExpired, let new, let expiration = new.expirationDate, expiration < now {
                    didExpire = true
                }
                let info = TokenChangeOutcome.UserInfo(
                    newToken: name, oldToken: current,
                    didChangeUserID: userChanged ? true : (bug == .userIDKeyFalseOnRefresh ? false : nil),
                    didExpire: didExpire)
                posted.append(.init(afterStep: index, userInfo: info))
                current = name
            case .expiryTimer:
                guard let token = current else { continue }
                let info = TokenChangeOutcome.UserInfo(
                    newToken: bug == .timerOmitsNewToken ? nil : token, oldToken: token,
                    didChangeUserID: bug == .timerSetsUserIDKey ? true : nil, didExpire: true)
                posted.append(.init(afterStep: index, userInfo: info))
                if bug == .timerClearsCurrent { current = nil }
            }
        }
        return TokenChangeOutcome(notifications: posted, current: current)
    }

    /// Whether setting `new` over `old` is a change: one name is one token object.
    private func changes(from old: String?, to new: String?, in tokens: [String: TokenChangeSequence.Token]) -> Bool {
        if bug == .postsOnEverySet { return true }
        switch (old, new) {
        case (nil, nil): return false
        case (let old?, let new?):
            if bug == .equalTokensPostNothing, let a = tokens[old], let b = tokens[new], a == b { return false }
            return !old.isCodePointEqual(to: new)
        default: return true
        }
    }

    private func didChangeUser(old: TokenChangeSequence.Token?, new: TokenChangeSequence.Token?, now: Double) -> Bool {
        guard let old, let new else { return true }
        let sameUser = bug == .userIDCaseInsensitive
            ? old.userID.caseInsensitiveCompare(new.userID) == .orderedSame
            : old.userID.isCodePointEqual(to: new.userID)
        if !sameUser { return true }
        if bug == .ignoresOldTokenExpiry { return false }
        let checked = bug == .checksNewTokenExpiry ? new : old
        guard let expiration = checked.expirationDate else { return bug == .nullExpiryInactive }
        return bug == .oldExpiredInclusive ? expiration <= now : expiration < now
    }
}
