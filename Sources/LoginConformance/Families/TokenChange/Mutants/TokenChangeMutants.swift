import LoginConformance
import LoginConformanceReference
import LoginConformanceTestSupport

extension TokenChangeFamily: MutatedFamily { package typealias Mutants = TokenChangeMutants }

/// Mutants of the current-token change notifications (SPECIFICATION.md §6): when a notification is posted, the
/// user-ID key (users compared loosely, nil sides, the old token's expiry judged wrongly or at the wrong moment,
/// `false` instead of absent), the user info read at the wrong moment, and the expiry timer.
package enum TokenChangeMutants: MutantCatalogue {
    /// The reference the mutants break, for `profile` (the §6 rules hold in both).
    package static func model(profile: ConformanceProfile) -> any ConformanceSubject & Sendable { ReferenceTokenChangeNotifier() }

    package static let all: [Mutant] = [
        // The kinds of bug (the [kind] in front of each description).
        mutant("token-change.user-id-prefix-match", .iosSDK,
               "[prefix comparison] takes two user IDs for the same user when one starts with the other, so 100001 "
               + "and 1000010 are one user (§6: whole strings)") {
            $0.sameUser = { $0.hasPrefix($1) || $1.hasPrefix($0) }
        },
        mutant("token-change.user-id-suffix-match", .iosSDK,
               "[prefix comparison] takes two user IDs for the same user when one ends with the other, so 100001 and "
               + "0100001 are one user (§6: whole strings)") {
            $0.sameUser = { $0.hasSuffix($1) || $1.hasSuffix($0) }
        },
        mutant("token-change.user-ids-canonically-equal", .iosSDK,
               "[characters vs code points] compares user IDs with Swift's String ==, canonical equivalence, so an NFC "
               + "and an NFD ID are one user (D46: isEqualToString: compares code units)") {
            $0.sameUser = { $0 == $1 }
        },
        mutant("token-change.posts-on-every-set", .iosSDK,
               "posts whenever the current token is set, even to the token already current (§6: only on a change)") {
            $0.posts = { _, _, _ in true }
        },
        mutant("token-change.logout-posts-without-token", .iosSDK,
               "posts on every logout, even when no token was current (§6: nil over nil posts nothing)") {
            $0.posts = { _, old, new in new == nil || !ReferenceTokenChangeNotifier.sameName(old, new) }
        },
        mutant("token-change.refresh-not-posted", .iosSDK,
               "posts only when the user changes, so a same-user refresh goes unnoticed (§6: any change of token posts)") {
            $0.posts = { sequence, old, new in
                guard let old, let new, let oldToken = sequence.tokens[old], let newToken = sequence.tokens[new] else {
                    return !ReferenceTokenChangeNotifier.sameName(old, new)
                }
                return !oldToken.userID.isCodePointEqual(to: newToken.userID)
            }
        },
        mutant("token-change.user-id-key-false", .iosSDK,
               "writes FBSDKAccessTokenDidChangeUserIDKey = false on a refresh instead of leaving it out (§6)") {
            $0.writesFalseUserIDKey = true
        },
        mutant("token-change.nil-side-same-user", .iosSDK,
               "compares user IDs only when both tokens exist, so a first login or logout has no user-ID key (§6)") {
            $0.nilSideChangesUser = false
        },
        mutant("token-change.ignores-old-expiry", .iosSDK,
               "sets the user-ID key only for another user, ignoring that the old token had expired (§6)") {
            $0.inactiveOldChangesUser = false
        },
        mutant("token-change.expiry-inclusive", .iosSDK,
               "takes the old token as expired when expirationDate == now (§6: expirationDate < now, strict)") {
            $0.isActive = { token, now in token.expirationDate.map { $0 > now } ?? true }
        },
        mutant("token-change.judges-new-token-activeness", .iosSDK,
               "checks the current token's activeness after storing the new one, so the new token's expiry counts (§6: the old token)") {
            $0.judgesAfterAssignment = true
        },
        mutant("token-change.old-read-after-assignment", .iosSDK,
               "fills FBSDKAccessTokenOld after storing the new token, so it names the new token (§6: the old one)") {
            $0.readsOldAfterAssignment = true
        },
        mutant("token-change.user-ids-compared-numerically", .iosSDK,
               "compares user IDs as integers, so 0100001 and 100001 are one user (§6: the IDs differ as strings)") {
            $0.sameUser = { lhs, rhs in
                if let lhs = Int(lhs), let rhs = Int(rhs) { return lhs == rhs }
                return lhs.isCodePointEqual(to: rhs)
            }
        },
        mutant("token-change.set-marks-expiry", .iosSDK,
               "adds FBSDKAccessTokenDidExpireKey when a token replaces an expired one (§6: only the expiry timer sets it)") {
            $0.setMarksExpiry = true
        },
        mutant("token-change.timer-sets-user-id-key", .iosSDK,
               "adds FBSDKAccessTokenDidChangeUserIDKey to the expiry timer's notification (§6: no user-ID key)") {
            $0.timerSetsUserIDKey = true
        },
        mutant("token-change.timer-clears-current", .iosSDK,
               "treats the expiry timer as a logout and clears the current token (§6: it stays current)") {
            $0.timerClearsCurrent = true
        },
    ]

    private static func mutant(
        _ name: String, _ profile: ConformanceProfile, _ description: String, _ bug: (inout ReferenceTokenChangeNotifier) -> Void
    ) -> Mutant {
        var model = ReferenceTokenChangeNotifier()
        bug(&model)
        // The §6 rules hold in both profiles; the mutants alternate the profile they claim.
        return Mutant(name: name, description: description, family: .tokenChange, profile: profile,
                      implementation: model)
    }
}
