import Foundation
import LoginConformance

/// Replays current-token changes and the expiry timer, posting AccessTokenDidChange as SDK v18.1.0 does (SPECIFICATION.md §6), ios-sdk profile.
struct BlindTokenChange: TokenChangeNotifying, Sendable {
    /// The profile the base implements (SPECIFICATION.md §8).
    static let profile: ConformanceProfile = .iosSDK
    /// One realistic bug, or nil for the base.
    enum Bug: String, CaseIterable, Sendable {
        /// Posts whenever a token is set, even the current one again (token-change.post.on-change).
        case postsOnSameToken
        /// Unwraps before comparing, so setting nil while there is none posts a notification (token-change.post.on-change).
        case postsOnNilOverNil
        /// Compares tokens by user ID, so a new token of the same user posts nothing (token-change.post.on-change: two names are two tokens).
        case tokensEqualByUserID
        /// Sends FBSDKAccessTokenDidChangeUserIDKey false on a refresh instead of leaving it out (token-change.user-id.refresh).
        case userIDKeyFalseOnRefresh
        /// Sets the user-ID key only when both tokens exist and differ, not on a login or logout (token-change.user-id.different).
        case nilSideNotUserChange
        /// Compares user IDs case-insensitively (token-change.user-id.different: exact strings).
        case userIDCaseInsensitive
        /// Ignores the old token's expiry when deciding the user-ID key (token-change.user-id.old-expired.ios-sdk).
        case ignoresOldTokenExpiry
        /// Counts the old token as expired when expirationDate == now (token-change.user-id.old-expired.ios-sdk: strict <).
        case oldExpiryInclusive
        /// Reads the new token's expiry instead of the old one's (token-change.user-id.old-expired.ios-sdk).
        case readsNewTokenExpiry
        /// Adds FBSDKAccessTokenDidExpireKey when a set replaces an expired token (token-change.did-expire.timer-only.ios-sdk).
        case didExpireOnSet
        /// The expiry timer clears the current token after posting (token-change.current.ios-sdk, token-change.expiry-timer.ios-sdk).
        case timerClearsCurrent
        /// The expiry timer also sets the user-ID key (token-change.expiry-timer.ios-sdk).
        case timerSetsUserIDKey
        /// The expiry timer posts the token as new only, without FBSDKAccessTokenOld (token-change.expiry-timer.ios-sdk).
        case timerOmitsOldToken
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
                if isSame(name, current, in: sequence) { continue }
                let old = current.flatMap { sequence.tokens[$0] }
                let new = name.flatMap { sequence.tokens[$0] }
                let changed = userChanged(old: old, new: new, now: now)
                var didChangeUserID: Bool? = changed ? true : nil
                if bug == .userIDKeyFalseOnRefresh, !changed { didChangeUserID = false }
                var didExpire: Bool?
                if bug == .didExpireOnSet, let old, !old.isActive(at: now) { didExpire = true }
                posted.append(Notification(afterStep: index, userInfo: UserInfo(
                    newToken: name, oldToken: current, didChangeUserID: didChangeUserID, didExpire: didExpire)))
                current = name

            case .expiryTimer:
                guard let name = current else { continue }
                posted.append(Notification(afterStep: index, userInfo: UserInfo(
                    newToken: name, oldToken: bug == .timerOmitsOldToken ? nil : name,
                    didChangeUserID: bug == .timerSetsUserIDKey ? true : nil, didExpire: true)))
                if bug == .timerClearsCurrent { current = nil }
            }
        }
        return TokenChangeOutcome(notifications: posted, current: current)
    }

    /// Whether setting `new` over `current` is no change (one name is one token object).
    private func isSame(_ new: String?, _ current: String?, in sequence: TokenChangeSequence) -> Bool {
        switch bug {
        case .postsOnSameToken:
            return new == nil && current == nil
        case .postsOnNilOverNil:
            guard let new, let current else { return false }
            return new.isCodePointEqual(to: current)
        case .tokensEqualByUserID:
            guard let new, let current else { return new == nil && current == nil }
            guard let a = sequence.tokens[new], let b = sequence.tokens[current] else { return false }
            return a.userID.isCodePointEqual(to: b.userID)
        default:
            switch (new, current) {
            case (nil, nil): return true
            case (let new?, let current?): return new.isCodePointEqual(to: current)
            default: return false
            }
        }
    }

    /// FBSDKAccessTokenDidChangeUserIDKey: the user IDs differ, either side is nil, or the old token was not active.
    private func userChanged(old: TokenChangeSequence.Token?, new: TokenChangeSequence.Token?, now: Double) -> Bool {
        guard let old, let new else { return bug != .nilSideNotUserChange }
        let sameUser = bug == .userIDCaseInsensitive
            ? old.userID.lowercased() == new.userID.lowercased()
            : old.userID.isCodePointEqual(to: new.userID)
        if !sameUser { return true }
        switch bug {
        case .ignoresOldTokenExpiry:
            return false
        case .oldExpiryInclusive:
            guard let expiration = old.expirationDate else { return false }
            return expiration <= now
        case .readsNewTokenExpiry:
            return !new.isActive(at: now)
        default:
            return !old.isActive(at: now)
        }
    }
}
