import LoginConformance

/// Current-token change notifications (SPECIFICATION.md §6). The rules hold in every profile.
///
/// It replays the sequence on a store of its own: the current token is a name, and because one name is one token
/// object, "the token object changes" is "the name changes" (the vectors never give two names identical fields, so
/// an implementation comparing tokens by value answers the same).
///
/// Each step of the rules is a mutation site: a `package` member, conformant as it stands, that the test target's
/// mutant catalogue replaces with one realistic bug. The rules are written once, here.
public struct ReferenceTokenChangeNotifier: TokenChangeNotifying, Sendable {
    /// A token of the sequence.
    package typealias Token = TokenChangeSequence.Token

    /// Whether setting `new` over `old` posts: only a change of token does; the same token again, or nil over nil,
    /// posts nothing.
    package var posts: @Sendable (_ sequence: TokenChangeSequence, _ old: String?, _ new: String?) -> Bool = { _, old, new in
        !ReferenceTokenChangeNotifier.sameName(old, new)
    }
    /// Whether two user IDs are the same user: the same exact string, code point by code point.
    package var sameUser: @Sendable (String, String) -> Bool = { $0.isCodePointEqual(to: $1) }
    /// Whether a nil token on either side counts as another user: it does.
    package var nilSideChangesUser = true
    /// Whether an old token that is no longer active sets the user-ID key: it does.
    package var inactiveOldChangesUser = true
    /// Whether a token is active at `now`: not `expirationDate < now`; no date is always active.
    package var isActive: @Sendable (Token, Double) -> Bool = { $0.isActive(at: $1) }
    /// Whether activeness is judged after the store holds the new token: no, the old token's, before the store
    /// changes, at the step's time.
    package var judgesAfterAssignment = false
    /// Whether a notification without the user-ID key says `false` instead of leaving the key out: no, it leaves it out.
    package var writesFalseUserIDKey = false
    /// Whether `FBSDKAccessTokenOld` is read after the store holds the new token: no, it is the token replaced.
    package var readsOldAfterAssignment = false
    /// Whether setting the current token over an expired one adds the expire key: no, only the timer does.
    package var setMarksExpiry = false
    /// Whether the expiry timer's notification carries the user-ID key: no.
    package var timerSetsUserIDKey = false
    /// Whether the expiry timer clears the current token: no, it reports the current token as both new and old and
    /// leaves it current.
    package var timerClearsCurrent = false

    public init() {}

    public func notifications(for sequence: TokenChangeSequence) -> TokenChangeOutcome {
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

    /// Whether two optional token names are the same, code point by code point (nil equals only nil).
    package static func sameName(_ lhs: String?, _ rhs: String?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): true
        case (let lhs?, let rhs?): lhs.isCodePointEqual(to: rhs)
        default: false
        }
    }
}

extension ReferenceImplementation: TokenChangeNotifying {
    public func notifications(for sequence: TokenChangeSequence) -> TokenChangeOutcome {
        ReferenceTokenChangeNotifier().notifications(for: sequence)
    }
}
