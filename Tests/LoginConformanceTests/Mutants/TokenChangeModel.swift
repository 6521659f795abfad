import LoginConformance
import LoginConformanceTestSupport

/// Current-token change notifications (SPECIFICATION.md §6) written as mutation sites. Unmutated it conforms in both
/// profiles (``MutationTests`` checks that), so whatever kills a mutant is the one site it changes.
struct TokenChangeModel: TokenChangeNotifying, Sendable {
    typealias Token = TokenChangeSequence.Token

    /// Whether setting `new` over `old` posts. Conformant: when the token changes (nil is the same as nil only).
    var posts: @Sendable (_ sequence: TokenChangeSequence, _ old: String?, _ new: String?) -> Bool = { _, old, new in
        !TokenChangeModel.sameName(old, new)
    }
    /// Whether two user IDs are the same user. Conformant: the same exact string.
    var sameUser: @Sendable (String, String) -> Bool = { $0.isCodePointEqual(to: $1) }
    /// Whether a nil token on either side counts as another user. Conformant: yes.
    var nilSideChangesUser = true
    /// Whether an old token that is no longer active sets the user-ID key. Conformant: yes.
    var inactiveOldChangesUser = true
    /// Whether a token is active at `now`. Conformant: not `expirationDate < now`; no date is always active.
    var isActive: @Sendable (Token, Double) -> Bool = { $0.isActive(at: $1) }
    /// Whether the activeness is judged after the store holds the new token. Conformant: no, before (the old one).
    var judgesAfterAssignment = false
    /// Whether a notification without the user-ID key says `false` instead of leaving it out. Conformant: no.
    var writesFalseUserIDKey = false
    /// Whether FBSDKAccessTokenOld is read after the store holds the new token. Conformant: no.
    var readsOldAfterAssignment = false
    /// Whether setting the current token over an expired one adds the expire key. Conformant: no (timer only).
    var setMarksExpiry = false
    /// Whether the expiry timer's notification carries the user-ID key. Conformant: no.
    var timerSetsUserIDKey = false
    /// Whether the expiry timer clears the current token. Conformant: no (it stays current).
    var timerClearsCurrent = false

    func notifications(for sequence: TokenChangeSequence) -> TokenChangeOutcome {
        var current = sequence.initial
        var posted: [TokenChangeOutcome.Notification] = []
        for (index, step) in sequence.steps.enumerated() {
            switch step {
            case .setCurrent(let new, let now):
                guard posts(sequence, current, new) else { continue }
                let old = current
                let oldToken = old.flatMap { sequence.tokens[$0] }
                let newToken = new.flatMap { sequence.tokens[$0] }
                let judged = judgesAfterAssignment ? newToken : oldToken
                let active = judged.map { isActive($0, now) } ?? false
                let changed: Bool
                switch (oldToken, newToken) {
                case (let oldToken?, let newToken?):
                    changed = !sameUser(oldToken.userID, newToken.userID) || (inactiveOldChangesUser && !active)
                default:
                    changed = nilSideChangesUser || (inactiveOldChangesUser && !active && oldToken != nil)
                }
                let expired = setMarksExpiry && oldToken.map { !$0.isActive(at: now) } == true
                current = new
                posted.append(.init(afterStep: index, userInfo: .init(
                    newToken: new, oldToken: readsOldAfterAssignment ? current : old,
                    didChangeUserID: changed ? true : (writesFalseUserIDKey ? false : nil),
                    didExpire: expired ? true : nil)))
            case .expiryTimer:
                posted.append(.init(afterStep: index, userInfo: .init(
                    newToken: current, oldToken: current, didChangeUserID: timerSetsUserIDKey ? true : nil,
                    didExpire: true)))
                if timerClearsCurrent { current = nil }
            }
        }
        return TokenChangeOutcome(notifications: posted, current: current)
    }

    /// Whether two optional names are the same, code point by code point (nil equals only nil).
    static func sameName(_ lhs: String?, _ rhs: String?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): true
        case (let lhs?, let rhs?): lhs.isCodePointEqual(to: rhs)
        default: false
        }
    }
}
