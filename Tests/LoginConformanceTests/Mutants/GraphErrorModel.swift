import LoginConformance
import LoginConformanceTestSupport

/// Graph API error classification and the current token (SPECIFICATION.md §7, §6) written as mutation sites.
/// Unmutated it conforms in both profiles (``MutationTests`` checks that).
struct GraphErrorModel: GraphErrorClassifying, Sendable {
    /// One step of the server-table search: whether it uses the error's code (else `*`) and its subcode (else `*`).
    typealias LookupStep = (usesCode: Bool, usesSubcode: Bool)

    /// Default-table codes that are recoverable. Conformant: 102 and 190.
    var defaultRecoverable: Set<Int> = [102, 190]
    /// Default-table codes that are transient. Conformant: 1, 2, 4, 9, 17, 341.
    var defaultTransient: Set<Int> = [1, 2, 4, 9, 17, 341]
    /// Whether `is_transient` forces transient. Conformant: a JSON number (a boolean included) that is not zero;
    /// a string never (the SDK's numberValue then boolValue, DECISIONS.md D45).
    var forcesTransient: @Sendable (JSONValue?) -> Bool = { value in
        switch value {
        case .bool(let flag): flag
        case .number(let number): number != 0
        default: false
        }
    }
    /// Whether the server table is consulted. Conformant: yes.
    var usesServerTable = true
    /// A server category's name as a category. Conformant: other, transient, anything else recoverable.
    var categoryOfName: @Sendable (String) -> GraphErrorCategory = { name in
        switch name {
        case "other": .other
        case "transient": .transient
        default: .recoverable
        }
    }
    /// The server-table search. Conformant: code+subcode, code+*, *+subcode, *+*.
    var lookupOrder: [LookupStep] = [(true, true), (true, false), (false, true), (false, false)]
    /// Whether a `*` code in the server table matches every code. Conformant: documented yes; ios-sdk no (the SDK
    /// drops a server item whose code is not a number, DECISIONS.md D29).
    var wildcardCodesMatch = true

    init(profile: ConformanceProfile = .documented) {
        wildcardCodesMatch = profile == .documented
    }
    /// Whether a code is a permission error. Conformant: 10 and 200–299.
    var isPermissionError: @Sendable (Int) -> Bool = { $0 == 10 || (200...299).contains($0) }
    /// The members the message is read from, in order. Conformant: message, error_reason, error_msg.
    var messageSources = ["message", "error_reason", "error_msg"]
    /// What the client does. Conformant: a permission error re-requests; else by category.
    var clientAction: @Sendable (GraphErrorCategory, _ isPermissionError: Bool) -> GraphErrorClientAction = {
        category, isPermissionError in
        if isPermissionError { return .rerequestPermission }
        switch category {
        case .recoverable: return .logInAgain
        case .transient: return .retry
        case .other: return .none
        }
    }
    /// Whether the error invalidates the current token. Conformant: code 190 or 102 on a request made with it.
    var invalidatesToken: @Sendable (_ code: Int?, _ category: GraphErrorCategory, _ usedCurrentToken: Bool) -> Bool = {
        code, _, usedCurrentToken in usedCurrentToken && (code == 190 || code == 102)
    }
    /// Whether an invalidating error marks the token expired rather than clearing it. Conformant: subcode 493.
    var marksExpired: @Sendable (_ subcode: Int?) -> Bool = { $0 == 493 }
    /// Whether subcode 493 marks the token expired whatever the code. Conformant: no (only with 190 and 102).
    var anyCodeMarksExpired = false
    /// Whether graph error recovery takes the error before the token check. Conformant: recovery on (the default)
    /// and the category transient, or recoverable on the current token's request (DECISIONS.md D50).
    var recoveryTakes: @Sendable (_ input: GraphErrorInput, _ category: GraphErrorCategory) -> Bool = { input, category in
        input.recoversGraphErrors
            && (category == .transient || (category == .recoverable && input.requestUsedCurrentToken))
    }

    func classifyGraphError(_ input: GraphErrorInput) -> GraphErrorOutcome {
        let error = input.errorMembers
        let code = input.integerMember("code")
        let subcode = input.integerMember("error_subcode")
        let category = forcesTransient(error["is_transient"])
            ? .transient : serverCategory(input.serverCategories, code: code, subcode: subcode) ?? defaultCategory(code)
        let permission = code.map(isPermissionError) ?? false
        let message = messageSources.lazy.compactMap { error[$0]?.stringValue }.first
        var token = CurrentTokenEffect.kept
        if recoveryTakes(input, category) {
            token = .kept
        } else if invalidatesToken(code, category, input.requestUsedCurrentToken) {
            token = marksExpired(subcode) ? .markedExpired : .cleared
        } else if anyCodeMarksExpired, input.requestUsedCurrentToken, marksExpired(subcode) {
            token = .markedExpired
        }
        return GraphErrorOutcome(category: category, isPermissionError: permission, message: message,
                                 clientAction: clientAction(category, permission), currentToken: token)
    }

    private func defaultCategory(_ code: Int?) -> GraphErrorCategory {
        guard let code else { return .other }
        if defaultRecoverable.contains(code) { return .recoverable }
        return defaultTransient.contains(code) ? .transient : .other
    }

    /// The server table's answer, `nil` when it has no entry for the error.
    private func serverCategory(_ table: [GraphErrorServerCategory]?, code: Int?, subcode: Int?) -> GraphErrorCategory? {
        guard usesServerTable, let table else { return nil }
        for step in lookupOrder {
            let wantedCode = step.usesCode ? code : nil
            if step.usesCode, code == nil { continue }
            if step.usesSubcode, subcode == nil { continue }
            if !step.usesCode, !wildcardCodesMatch { continue }
            let wantedSubcode = step.usesSubcode ? subcode : nil
            for category in table {
                for item in category.items where item.code == wantedCode {
                    let covered: [Int?] = if let subcodes = item.subcodes, !subcodes.isEmpty {
                        subcodes
                    } else {
                        [nil]
                    }
                    if covered.contains(wantedSubcode) { return categoryOfName(category.name) }
                }
            }
        }
        return nil
    }
}
