import Foundation
import LoginConformance

/// Replays current-access-token changes and reports the AccessTokenDidChange notifications (SPECIFICATION.md §6), as the iOS SDK v18.1.0 does.
struct BlindTokenChange: TokenChangeNotifying, Sendable {
    /// The profile the base implements (SPECIFICATION.md §8).
    static let profile: ConformanceProfile = .iosSDK
    /// One realistic bug, or nil for the base.
    enum Bug: String, CaseIterable, Sendable {
        /// Posts whenever a token is set, even the current one again (token-change.post.on-change).
        case postsOnEverySet
        /// Decides "changed" by comparing the tokens' fields, so a distinct token with the same user and expiry posts nothing (token-change.post.on-change).
        case comparesTokensByValue
        /// Compares the new token's user with the old one's only when there is a new token, so a logout carries no user-ID key (token-change.user-id.different).
        case userIDKeyMissingOnLogout
        /// Compares user IDs with Swift `==`, so canonically equivalent IDs count as the same user (token-change.user-id.different: exact strings).
        case canonicalUserIDCompare
        /// Writes the user-ID key as false on a refresh instead of leaving it out (token-change.user-id.refresh).
        case userIDKeyFalseOnRefresh
        /// Ignores whether the old token was still active: the same user never sets the user-ID key (token-change.user-id.old-expired.ios-sdk).
        case ignoresOldTokenExpiry
        /// Counts the old token as expired when its expiration date equals now (token-change.user-id.old-expired.ios-sdk: strict).
        case oldExpiryInclusive
        /// Checks the new token's expiry instead of the old one's (token-change.user-id.old-expired.ios-sdk).
        case checksNewTokenExpiry
        /// The expiry timer logs the expired token out: it clears the current token and posts it as the old token only (token-change.expiry-timer.ios-sdk).
        case timerClearsCurrent
        /// Adds the did-expire key when a set token (old or new) has already expired (token-change.did-expire.timer-only.ios-sdk).
        case didExpireOnExpiredSet
        /// The expiry timer notification carries the user-ID key too (token-change.expiry-timer.ios-sdk: no user-ID key).
        case timerSetsUserIDKey
    }
    let bug: Bug?
    init(bug: Bug? = nil) { self.bug = bug }

    typealias Notification = TokenChangeOutcome.Notification
    typealias UserInfo = TokenChangeOutcome.UserInfo

    func notifications(for sequence: TokenChangeSequence) throws -> TokenChangeOutcome {
        var current = sequence.initial
        var posted: [Notification] = []
        for (index, step) in sequence.steps.enumerated() {
            switch step {
            case .setCurrent(let name, let now):
                guard changes(from: current, to: name, in: sequence) else { continue }
                let old = current.flatMap { sequence.tokens[$0] }
                let new = name.flatMap { sequence.tokens[$0] }
                var didExpire: Bool?
                if bug == .didExpireOnExpiredSet,
                   [old, new].contains(where: { $0.map { !$0.isActive(at: now) } ?? false }) {
                    didExpire = true
                }
                let userChanged = userChanged(old: old, new: new, now: now)
                posted.append(Notification(afterStep: index, userInfo: UserInfo(
                    newToken: name, oldToken: current,
                    didChangeUserID: userChanged ? true : (bug == .userIDKeyFalseOnRefresh ? false : nil),
                    didExpire: didExpire)))
                current = name
            case .expiryTimer:
                // The timer belongs to the current token: with none there is no timer to fire.
                guard let token = current else { continue }
                if bug == .timerClearsCurrent {
                    posted.append(Notification(afterStep: index, userInfo: UserInfo(
                        newToken: nil, oldToken: token, didExpire: true)))
                    current = nil
                } else {
                    posted.append(Notification(afterStep: index, userInfo: UserInfo(
                        newToken: token, oldToken: token,
                        didChangeUserID: bug == .timerSetsUserIDKey ? true : nil, didExpire: true)))
                }
            }
        }
        return TokenChangeOutcome(notifications: posted, current: current)
    }

    /// Whether setting `new` over `old` changes the current token: one name is one token object.
    private func changes(from old: String?, to new: String?, in sequence: TokenChangeSequence) -> Bool {
        if bug == .postsOnEverySet { return true }
        if bug == .comparesTokensByValue {
            let a = old.flatMap { sequence.tokens[$0] }, b = new.flatMap { sequence.tokens[$0] }
            return a != b
        }
        switch (old, new) {
        case (nil, nil): return false
        case (let old?, let new?): return !old.isCodePointEqual(to: new)
        default: return true
        }
    }

    /// FBSDKAccessTokenDidChangeUserIDKey: the users differ (a nil side included), or the old token was not active.
    private func userChanged(old: TokenChangeSequence.Token?, new: TokenChangeSequence.Token?, now: Double) -> Bool {
        guard let new else { return bug != .userIDKeyMissingOnLogout }
        guard let old else { return true }
        let sameUser = bug == .canonicalUserIDCompare
            ? old.userID == new.userID : old.userID.isCodePointEqual(to: new.userID)
        if !sameUser { return true }
        switch bug {
        case .ignoresOldTokenExpiry:
            return false
        case .oldExpiryInclusive:
            return old.expirationDate.map { $0 <= now } ?? false
        case .checksNewTokenExpiry:
            return !new.isActive(at: now)
        default:
            return !old.isActive(at: now)
        }
    }
}
