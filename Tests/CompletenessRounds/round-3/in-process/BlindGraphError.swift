import Foundation
import LoginConformance

/// Classifies a Graph API error body by the Handling Errors page's recovery tactics, with permission errors and client actions (SPECIFICATION.md §6, §7), documented reading.
struct BlindGraphError: GraphErrorClassifying, Sendable {
    /// The profile the base implements (SPECIFICATION.md §8).
    static let profile: ConformanceProfile = .documented
    /// One realistic bug, or nil for the base.
    enum Bug: String, CaseIterable, Sendable {
        /// Treats only 200 through 298 as permission errors (`200..<299`), missing 299 (graph-error.permission-error.documented).
        case permissionRangeHalfOpen
        /// Treats only the 2xx codes as permission errors, missing code 10 (graph-error.permission-error.documented).
        case forgetsCode10
        /// Counts code 3 (API Method, "capability or permissions issue") as a permission error too (graph-error.permission-error.documented: 10 and 200-299 only).
        case code3IsPermissionError
        /// Gives rerequestPermission only for code 200, as the permissions page's sample checks (graph-error.client-action.documented).
        case rerequestOnlyFor200
        /// Looks the default table up by code and subcode together, so 190 or 102 with a subcode is other (graph-error.category.default-recoverable).
        case exactSubcodeLookup
        /// Copies the transient codes from the Handling Errors page, which leaves out 9 (graph-error.category.default-transient).
        case transientWithout9
        /// Maps only 190 to logInAgain, so 102 gets no client action (graph-error.client-action.documented).
        case logInAgainOnlyFor190
        /// Prefers the user-facing error_user_msg as the message (graph-error.message: never the message).
        case prefersUserMessage
        /// Falls back from message straight to error_msg, skipping error_reason (graph-error.message).
        case skipsErrorReason
        /// Answers an empty message when the error has none, instead of null (graph-error.message: else null).
        case emptyMessageWhenNone
    }
    let bug: Bug?
    init(bug: Bug? = nil) { self.bug = bug }

    /// Codes whose tactic is "get a new access token".
    static let recoverableCodes: Set<Int> = [102, 190]
    /// Codes whose tactic is "wait and retry" (the suite's default table, SPECIFICATION.md §7).
    static let transientCodes: Set<Int> = [1, 2, 4, 9, 17, 341]

    func classifyGraphError(_ input: GraphErrorInput) throws -> GraphErrorOutcome {
        let members = input.errorMembers
        let code = input.integerMember("code")
        let subcode = input.integerMember("error_subcode")

        let isPermissionError: Bool
        if let code {
            let range = bug == .permissionRangeHalfOpen ? Array(200..<299) : Array(200...299)
            isPermissionError = (code == 10 && bug != .forgetsCode10) || range.contains(code)
                || (code == 3 && bug == .code3IsPermissionError)
        } else {
            isPermissionError = false
        }

        var category = GraphErrorCategory.other
        if let code {
            let transient = bug == .transientWithout9 ? Self.transientCodes.subtracting([9]) : Self.transientCodes
            if Self.recoverableCodes.contains(code) {
                category = bug == .exactSubcodeLookup && subcode != nil ? .other : .recoverable
            } else if transient.contains(code) {
                category = .transient
            }
        }

        let clientAction: GraphErrorClientAction
        if isPermissionError, bug != .rerequestOnlyFor200 || code == 200 {
            clientAction = .rerequestPermission
        } else {
            switch category {
            case .recoverable:
                clientAction = bug == .logInAgainOnlyFor190 && code != 190 ? .none : .logInAgain
            case .transient: clientAction = .retry
            case .other: clientAction = .none
            }
        }

        return GraphErrorOutcome(
            category: category, isPermissionError: isPermissionError, message: message(members),
            clientAction: clientAction,
            currentToken: tokenEffect(code: code, subcode: subcode, category: category, input: input))
    }

    /// `message`, else `error_reason`, else `error_msg`; nil when the error has none of them as a string.
    private func message(_ members: [String: JSONValue]) -> String? {
        var order = ["message", "error_reason", "error_msg"]
        if bug == .prefersUserMessage { order.insert("error_user_msg", at: 0) }
        if bug == .skipsErrorReason { order.removeAll { $0 == "error_reason" } }
        for name in order {
            if let text = members[name]?.stringValue { return text }
        }
        return bug == .emptyMessageWhenNone ? "" : nil
    }

    /// What the error does to the current token (SPECIFICATION.md §6; only the SDK's code states it, so the
    /// documented vectors do not compare it): 190 or 102 on the current token's request clears it (subcode 493
    /// marks it expired) once the error reaches the token check, which recovery reaches only for category other.
    private func tokenEffect(code: Int?, subcode: Int?, category: GraphErrorCategory,
                             input: GraphErrorInput) -> CurrentTokenEffect {
        guard input.requestUsedCurrentToken, let code, code == 190 || code == 102 else { return .kept }
        guard !input.recoversGraphErrors || category == .other else { return .kept }
        return subcode == 493 ? .markedExpired : .cleared
    }
}
