import LoginConformance

/// Current-token change notifications (SPECIFICATION.md §6). The rules hold in every profile.
///
/// It replays the sequence on a store of its own: the current token is a name, and because one name is one token
/// object, "the token object changes" is "the name changes" (the vectors never give two names identical fields, so
/// an implementation comparing tokens by value answers the same).
public struct ReferenceTokenChangeNotifier: TokenChangeNotifying, Sendable {
    public init() {}

    public func notifications(for sequence: TokenChangeSequence) -> TokenChangeOutcome {
        var current = sequence.initial
        var posted: [TokenChangeOutcome.Notification] = []
        for (index, step) in sequence.steps.enumerated() {
            switch step {
            case .setCurrent(let new, let now):
                // Only a change of token posts; the same token again, or nil over nil, posts nothing.
                guard !Self.sameName(new, current) else { continue }
                let oldToken = current.flatMap { sequence.tokens[$0] }
                let newToken = new.flatMap { sequence.tokens[$0] }
                // The old token's activeness is judged before the store changes, at this step's time.
                let oldActive = oldToken?.isActive(at: now) ?? false
                let sameUser = oldToken.map { old in newToken?.userID.isCodePointEqual(to: old.userID) ?? false } ?? false
                posted.append(.init(afterStep: index, userInfo: .init(
                    newToken: new, oldToken: current, didChangeUserID: sameUser && oldActive ? nil : true)))
                current = new
            case .expiryTimer:
                // The timer reports the current token as both new and old and leaves it current.
                posted.append(.init(afterStep: index, userInfo: .init(
                    newToken: current, oldToken: current, didExpire: true)))
            }
        }
        return TokenChangeOutcome(notifications: posted, current: current)
    }

    /// Whether two optional token names are the same, code point by code point (nil equals only nil).
    static func sameName(_ lhs: String?, _ rhs: String?) -> Bool {
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
