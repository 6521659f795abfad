import Foundation
import LoginConformance

/// Graph API error classification by the Handling Errors page's tactics, with permission flag and client action, documented profile.
struct BlindGraphError: GraphErrorClassifying, Sendable {
    /// The profile the base implements (SPECIFICATION.md §8).
    static let profile: ConformanceProfile = .documented
    /// One realistic bug, or nil for the base.
    enum Bug: String, CaseIterable, Sendable {
        /// Tries error_msg before error_reason (graph-error.message: message, else error_reason, else error_msg).
        case errorMsgBeforeReason
        /// Falls back to error_user_msg when the error has no message (graph-error.message: never the message).
        case userMessageFallback
        /// Treats 190 or 102 with a subcode as other ("if a subcode is present, see the subcode") (graph-error.category.default-recoverable).
        case subcodeMakesSessionErrorOther
        /// Reads 102 "API Session" as a transient error (graph-error.category.default-recoverable).
        case sessionErrorTransient
        /// Leaves 341 out of the wait-and-retry codes (graph-error.category.default-transient).
        case missing341Transient
        /// Permission range written 200..<299, so 299 is not a permission error (graph-error.permission-error.documented).
        case permissionRangeExcludes299
        /// Only 200-299 are permission errors, code 10 is not (graph-error.permission-error.documented).
        case code10NotPermission
        /// Code 3 ("capability or permissions issue") counted as a permission error (graph-error.permission-error.documented).
        case code3Permission
        /// Derives the client action from the category alone, so a permission error gets none (graph-error.client-action.documented).
        case actionFromCategoryOnly
        /// Any error of type OAuthException is recoverable, whatever its code (graph-error.category.tactic.documented: the tactic follows the code).
        case oauthExceptionTypeRecoverable
    }
    let bug: Bug?
    init(bug: Bug? = nil) { self.bug = bug }

    func classifyGraphError(_ input: GraphErrorInput) throws -> GraphErrorOutcome {
        let error = input.errorMembers
        let code = input.integerMember("code")
        let subcode = input.integerMember("error_subcode")

        var category = category(code: code, subcode: subcode, hasSubcode: error["error_subcode"] != nil)
        if bug == .oauthExceptionTypeRecoverable, error["type"]?.stringValue == "OAuthException" {
            category = .recoverable
        }
        let permission = isPermissionError(code)
        let action: GraphErrorClientAction
        if permission && bug != .actionFromCategoryOnly {
            action = .rerequestPermission
        } else {
            switch category {
            case .recoverable: action = .logInAgain
            case .transient: action = .retry
            case .other: action = .none
            }
        }

        return GraphErrorOutcome(
            category: category, isPermissionError: permission, message: message(error), clientAction: action,
            currentToken: tokenEffect(code: code, subcode: subcode, category: category, input: input))
    }

    private func category(code: Int?, subcode: Int?, hasSubcode: Bool) -> GraphErrorCategory {
        guard let code else { return .other }
        switch code {
        case 102 where bug == .sessionErrorTransient:
            return .transient
        case 102, 190:
            return bug == .subcodeMakesSessionErrorOther && hasSubcode ? .other : .recoverable
        case 341 where bug == .missing341Transient:
            return .other
        case 1, 2, 4, 9, 17, 341, 368:
            return .transient
        default:
            return .other
        }
    }

    private func isPermissionError(_ code: Int?) -> Bool {
        guard let code else { return false }
        if code == 3 && bug == .code3Permission { return true }
        if code == 10 { return bug != .code10NotPermission }
        return bug == .permissionRangeExcludes299 ? (200..<299).contains(code) : (200...299).contains(code)
    }

    private func message(_ error: [String: JSONValue]) -> String? {
        var names = ["message", "error_reason", "error_msg"]
        if bug == .errorMsgBeforeReason { names = ["message", "error_msg", "error_reason"] }
        if bug == .userMessageFallback { names.append("error_user_msg") }
        for name in names {
            if let text = error[name]?.stringValue { return text }
        }
        return nil
    }

    /// What the error does to the current token (the SDK's connection check, answered although documented vectors
    /// do not compare it): 190/102 on the current token's request, where the error reaches the check.
    private func tokenEffect(code: Int?, subcode: Int?, category: GraphErrorCategory,
                             input: GraphErrorInput) -> CurrentTokenEffect {
        guard input.requestUsedCurrentToken, let code, code == 190 || code == 102 else { return .kept }
        guard !input.recoversGraphErrors || category == .other else { return .kept }
        return subcode == 493 ? .markedExpired : .cleared
    }
}
