import LoginConformance

/// Graph API error classification and its effect on the current token (SPECIFICATION.md §7, §6). The rules hold in both
/// profiles.
///
/// Where the specification is silent the vectors say nothing, and this reference makes these choices: a server table
/// overrides the default table key by key (the default entries it does not name stay); a later duplicate key wins;
/// a permission error asks for the permission again even when its category is transient or recoverable; message
/// sources that are not strings are skipped.
///
/// Each step of the rules is a mutation site: a `package` member, conformant as it stands, that the test target's
/// mutant catalogue replaces with one realistic bug. The rules are written once, here.
public struct ReferenceGraphErrorClassifier: GraphErrorClassifying, Sendable {
    /// The reading it follows: under ios-sdk a server item whose code is the wildcard is dropped with the rest of its
    /// category's items, as the SDK's FBSDKErrorConfiguration does (DECISIONS.md D29).
    public let profile: ConformanceProfile

    /// Default-table codes that are recoverable: 102 and 190.
    package var defaultRecoverable = ReferenceGraphErrorClassifier.recoverableCodes
    /// Default-table codes that are transient: 1, 2, 4, 9, 17, 341 (every other code, and `*`+`*`, is other).
    package var defaultTransient = ReferenceGraphErrorClassifier.transientCodes
    /// The default table's codes, made once (a classifier is made for each error).
    private static let recoverableCodes: Set<Int> = [102, 190], transientCodes: Set<Int> = [1, 2, 4, 9, 17, 341]
    /// Whether `is_transient` forces transient: ``forcesTransient(_:)``.
    package var forcesTransient: @Sendable (JSONValue?) -> Bool = ReferenceGraphErrorClassifier.forcesTransient
    /// Whether the server table is consulted: it is, and overrides the default table key by key.
    package var usesServerTable = true
    /// A server category's name as a category: `other`, `transient`, anything else recoverable
    /// (`GraphErrorServerCategory.category`; exact names, DECISIONS.md D45).
    package var categoryOfName: @Sendable (String) -> GraphErrorCategory = { GraphErrorServerCategory(name: $0, items: []).category }
    /// Whether a server item whose code is `*` is dropped with the rest of its category's items: under the reading
    /// that does so (ios-sdk), not under the other (`ReferenceReading`; DECISIONS.md D29).
    package var dropsWildcardCodes: Bool
    /// Whether a code is a permission error: 10 and 200–299.
    package var isPermissionError: @Sendable (Int) -> Bool = { $0 == 10 || (200...299).contains($0) }
    /// The members the message is read from, in order (the first that is a string): message, error_reason, error_msg.
    package var messageSources = ReferenceGraphErrorClassifier.messageMembers
    /// ``messageSources``' members, made once.
    private static let messageMembers = ["message", "error_reason", "error_msg"]
    /// What the client does: a permission error re-requests the permission, whatever its category; otherwise log in
    /// again for recoverable, retry for transient, nothing for other.
    package var clientAction: @Sendable (GraphErrorCategory, _ isPermissionError: Bool) -> GraphErrorClientAction = {
        category, isPermissionError in
        if isPermissionError { return .rerequestPermission }
        switch category {
        case .recoverable: return .logInAgain
        case .transient: return .retry
        case .other: return .none
        }
    }
    /// Whether graph error recovery takes the error before the token check: recovery on (the default) and the
    /// category transient (a retry), or recoverable on the current token's request (a login attempter the SDK
    /// cannot find): DECISIONS.md D50.
    package var recoveryTakes: @Sendable (_ input: GraphErrorInput, _ category: GraphErrorCategory) -> Bool = { input, category in
        input.recoversGraphErrors
            && (category == .transient || (category == .recoverable && input.requestUsedCurrentToken))
    }
    /// Whether the error invalidates the current token (§6): keyed on the code, whatever the category, code 190 or
    /// 102 on a request made with the current token.
    package var invalidatesToken: @Sendable (_ code: Int?, _ category: GraphErrorCategory, _ usedCurrentToken: Bool) -> Bool = {
        code, _, usedCurrentToken in usedCurrentToken && (code == 190 || code == 102)
    }
    /// Whether an invalidating error marks the token expired rather than clearing it: subcode 493.
    package var marksExpired: @Sendable (_ subcode: Int?) -> Bool = { $0 == 493 }
    /// Whether subcode 493 marks the token expired whatever the code: no, only with 190 and 102.
    package var anyCodeMarksExpired = false

    /// The classifier (it keeps no state); `profile` defaults to documented.
    public init(profile: ConformanceProfile = .documented) {
        self.profile = profile
        dropsWildcardCodes = ReferenceReading.of(profile).graphErrorDropsWildcardCodes
    }

    /// A table key: a code and a subcode, `nil` standing for `*`.
    private struct Key: Hashable {
        let code: Int?
        let subcode: Int?
    }

    /// `is_transient` as the SDK reads it: a JSON number (a boolean included) whose value is not zero; a string or
    /// anything else is ignored (DECISIONS.md D45).
    static func forcesTransient(_ value: JSONValue?) -> Bool {
        switch value {
        case .bool(let flag): flag
        case .number(let number): number != 0
        default: false
        }
    }

    public func classifyGraphError(_ input: GraphErrorInput) -> GraphErrorOutcome {
        let code = input.integerMember("code")
        let subcode = input.integerMember("error_subcode")
        let category: GraphErrorCategory = forcesTransient(input.errorMembers["is_transient"])
            ? .transient : category(code: code, subcode: subcode, serverCategories: input.serverCategories)
        let isPermissionError = code.map(isPermissionError) ?? false
        let message = messageSources.lazy.compactMap { input.errorMembers[$0]?.stringValue }.first
        var currentToken = CurrentTokenEffect.kept
        if recoveryTakes(input, category) {
            currentToken = .kept
        } else if invalidatesToken(code, category, input.requestUsedCurrentToken) {
            currentToken = marksExpired(subcode) ? .markedExpired : .cleared
        } else if anyCodeMarksExpired, input.requestUsedCurrentToken, marksExpired(subcode) {
            currentToken = .markedExpired
        }
        return GraphErrorOutcome(
            category: category, isPermissionError: isPermissionError, message: message,
            clientAction: clientAction(category, isPermissionError), currentToken: currentToken)
    }

    /// The table's answer: code+subcode, code+`*`, `*`+subcode, `*`+`*`, the first entry found.
    private func category(code: Int?, subcode: Int?, serverCategories: [GraphErrorServerCategory]?) -> GraphErrorCategory {
        var table: [Key: GraphErrorCategory] = [Key(code: nil, subcode: nil): .other]
        for code in defaultRecoverable { table[Key(code: code, subcode: nil)] = .recoverable }
        for code in defaultTransient { table[Key(code: code, subcode: nil)] = .transient }
        for category in usesServerTable ? serverCategories ?? [] : [] {
            for item in category.items {
                if dropsWildcardCodes, item.code == nil { break }
                for key in item.subcodeKeys { table[Key(code: item.code, subcode: key)] = categoryOfName(category.name) }
            }
        }
        let candidates = [Key(code: code, subcode: subcode), Key(code: code, subcode: nil),
                          Key(code: nil, subcode: subcode), Key(code: nil, subcode: nil)]
        // An absent code or subcode only matches `*` entries: the candidates then repeat a `*` key, which is harmless.
        return candidates.lazy.compactMap { table[$0] }.first ?? .other
    }
}

extension ReferenceImplementation: GraphErrorClassifying {
    public func classifyGraphError(_ input: GraphErrorInput) -> GraphErrorOutcome {
        ReferenceGraphErrorClassifier(profile: profile).classifyGraphError(input)
    }
}
