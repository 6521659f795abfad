import Foundation
import LoginConformance

/// Classifies a Graph API error with the SDK v18.1.0 default and server tables and its effect on the current token (SPECIFICATION.md §6, §7), ios-sdk profile.
struct BlindGraphError: GraphErrorClassifying, Sendable {
    /// The profile the base implements (SPECIFICATION.md §8).
    static let profile: ConformanceProfile = .iosSDK
    /// One realistic bug, or nil for the base.
    enum Bug: String, CaseIterable, Sendable {
        /// Default transient codes copied from the public error page only: 9 and 341 missing (graph-error.category.default-transient).
        case defaultTransientMissing9And341
        /// Reads is_transient as a boolean only, ignoring numbers such as 1 (graph-error.category.is-transient.ios-sdk: any number but 0).
        case isTransientBoolOnly
        /// Counts the strings "true" and "1" as is_transient (graph-error.category.is-transient.ios-sdk: a string never does).
        case isTransientStringAccepted
        /// Treats the mere presence of is_transient as transient, false and 0 included (graph-error.category.is-transient.ios-sdk).
        case isTransientPresence
        /// Applies is_transient only when the table says other (graph-error.category.is-transient.ios-sdk: whatever the table says).
        case isTransientOnlyOverOther
        /// Keeps server items whose code is "*" and lets them match (graph-error.server-table.wildcard-code.ios-sdk).
        case wildcardCodeMatches
        /// Searches any-code+subcode before code+any-subcode (graph-error.server-table.lookup-order.ios-sdk).
        case subcodeBeforeCode
        /// An item with an empty subcode list covers no subcode instead of every one (graph-error.server-table.lookup-order.ios-sdk).
        case emptySubcodesCoverNothing
        /// Compares server category names case-insensitively, so "Transient" is transient (graph-error.server-table.names.ios-sdk).
        case categoryNameCaseInsensitive
        /// An unknown server category name falls back to other (graph-error.server-table.names.ios-sdk: any other name is recoverable).
        case unknownCategoryNameIsOther
        /// Takes error_msg before error_reason (graph-error.message).
        case messageErrorMsgBeforeReason
        /// Falls back to error_user_msg when there is no message (graph-error.message: never the message).
        case messageFallsBackToUserMsg
        /// Clears the token for subcode 493 instead of marking it expired (graph-error.token.marked-expired.ios-sdk).
        case subcode493Clears
        /// Marks the token expired for subcode 493 whatever the code (graph-error.token.other-codes.ios-sdk).
        case subcode493AnyCode
        /// Clears the current token whichever token the request used (graph-error.token.other-request.ios-sdk).
        case clearsForOtherRequests
        /// Clears the token for 190/102 even when recovery is on and handles the error (graph-error.token.recovery.ios-sdk).
        case clearsDespiteRecovery
    }
    let bug: Bug?
    init(bug: Bug? = nil) { self.bug = bug }

    /// A table key: a code (nil: any) and a subcode (nil: any).
    private struct Key: Hashable {
        let code: Int?
        let subcode: Int?
    }

    func classifyGraphError(_ input: GraphErrorInput) throws -> GraphErrorOutcome {
        let error = input.errorMembers
        let code = input.integerMember("code")
        let subcode = input.integerMember("error_subcode")

        // The table: the defaults, then the server's items over them.
        var table: [Key: GraphErrorCategory] = [Key(code: nil, subcode: nil): .other]
        for recoverable in [102, 190] { table[Key(code: recoverable, subcode: nil)] = .recoverable }
        let transientCodes = bug == .defaultTransientMissing9And341 ? [1, 2, 4, 17] : [1, 2, 4, 9, 17, 341]
        for transient in transientCodes { table[Key(code: transient, subcode: nil)] = .transient }
        for category in input.serverCategories ?? [] {
            let value = categoryOf(category.name)
            for item in category.items {
                // A code that is not a number ends the category's items (SPECIFICATION.md §8, D29).
                if item.code == nil, bug != .wildcardCodeMatches { break }
                var subcodes: [Int?] = item.subcodeKeys
                if bug == .emptySubcodesCoverNothing, let listed = item.subcodes, listed.isEmpty { subcodes = [] }
                for key in subcodes { table[Key(code: item.code, subcode: key)] = value }
            }
        }

        // Lookup: code+subcode, code+*, *+subcode, *+*.
        var keys: [Key] = []
        if let subcode { keys.append(Key(code: code, subcode: subcode)) }
        if bug == .subcodeBeforeCode, let subcode {
            keys.append(Key(code: nil, subcode: subcode))
            keys.append(Key(code: code, subcode: nil))
        } else {
            keys.append(Key(code: code, subcode: nil))
            if let subcode { keys.append(Key(code: nil, subcode: subcode)) }
        }
        keys.append(Key(code: nil, subcode: nil))
        var category = GraphErrorCategory.other
        for key in keys {
            if let found = table[key] {
                category = found
                break
            }
        }

        // is_transient: any JSON number but 0 (a boolean is a number to the SDK); never a string.
        let transientFlag: Bool
        switch error["is_transient"] {
        case .bool(let flag)?: transientFlag = flag
        case .number(let number)?: transientFlag = bug == .isTransientBoolOnly ? false : number != JSONNumber(0)
        case .string(let text)?: transientFlag = bug == .isTransientStringAccepted && (text == "true" || text == "1")
        default: transientFlag = false
        }
        let forced = bug == .isTransientPresence ? error["is_transient"] != nil : transientFlag
        if forced, bug != .isTransientOnlyOverOther || category == .other { category = .transient }

        // Message: message, else error_reason, else error_msg.
        let order = bug == .messageErrorMsgBeforeReason
            ? ["message", "error_msg", "error_reason"] : ["message", "error_reason", "error_msg"]
        var message = order.lazy.compactMap { error[$0]?.stringValue }.first
        if message == nil, bug == .messageFallsBackToUserMsg { message = error["error_user_msg"]?.stringValue }

        // The current token: 190/102 on its request, where the error reaches the connection's token check.
        var effect = CurrentTokenEffect.kept
        let tokenCode = code == 190 || code == 102
        let usedCurrent = input.requestUsedCurrentToken || bug == .clearsForOtherRequests
        let reachesCheck = !input.recoversGraphErrors || category == .other || bug == .clearsDespiteRecovery
        if usedCurrent, reachesCheck {
            if tokenCode {
                effect = (subcode == 493 && bug != .subcode493Clears) ? .markedExpired : .cleared
            } else if bug == .subcode493AnyCode, subcode == 493 {
                effect = .markedExpired
            }
        }

        return GraphErrorOutcome(category: category, isPermissionError: nil, message: message,
                                 clientAction: nil, currentToken: effect)
    }

    /// The category a server category's name stands for.
    private func categoryOf(_ name: String) -> GraphErrorCategory {
        let compared = bug == .categoryNameCaseInsensitive ? name.lowercased() : name
        switch compared {
        case "other": return .other
        case "transient": return .transient
        default: return bug == .unknownCategoryNameIsOther && compared != "recoverable" && compared != "login"
            ? .other : .recoverable
        }
    }
}
