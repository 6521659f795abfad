import LoginConformance

/// Graph API error classification and its effect on the current token (SPECIFICATION.md §7, §6). The rules hold in both
/// profiles.
///
/// Where the specification is silent the vectors say nothing, and this reference makes these choices: a server table
/// overrides the default table key by key (the default entries it does not name stay); a later duplicate key wins;
/// a permission error asks for the permission again even when its category is transient or recoverable; message
/// sources that are not strings are skipped.
public struct ReferenceGraphErrorClassifier: GraphErrorClassifying, Sendable {
    /// The reading it follows: under ios-sdk a server item whose code is the wildcard is dropped with the rest of its
    /// category's items, as the SDK's FBSDKErrorConfiguration does (DECISIONS.md D29).
    public let profile: ConformanceProfile
    /// `profile`'s rules where the profiles disagree (`ReferenceReading`).
    let reading: ReferenceReading

    /// The classifier (it keeps no state); `profile` defaults to documented.
    public init(profile: ConformanceProfile = .documented) {
        self.profile = profile
        reading = ReferenceReading.of(profile)
    }

    /// A table key: a code and a subcode, `nil` standing for `*`.
    private struct Key: Hashable {
        let code: Int?
        let subcode: Int?
    }

    /// The default table: 102 and 190 recoverable, 1, 2, 4, 9, 17, 341 transient, everything else (`*`+`*`) other.
    private static let defaultTable: [Key: GraphErrorCategory] = {
        var table: [Key: GraphErrorCategory] = [Key(code: nil, subcode: nil): .other]
        for code in [102, 190] { table[Key(code: code, subcode: nil)] = .recoverable }
        for code in [1, 2, 4, 9, 17, 341] { table[Key(code: code, subcode: nil)] = .transient }
        return table
    }()

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
        let category: GraphErrorCategory = Self.forcesTransient(input.errorMembers["is_transient"])
            ? .transient : Self.category(code: code, subcode: subcode, serverCategories: input.serverCategories,
                                         dropsWildcardCodes: reading.graphErrorDropsWildcardCodes)
        let isPermissionError = code.map { $0 == 10 || (200...299).contains($0) } ?? false
        let message = ["message", "error_reason", "error_msg"].lazy
            .compactMap { input.errorMembers[$0]?.stringValue }.first
        let clientAction: GraphErrorClientAction = if isPermissionError {
            .rerequestPermission
        } else {
            switch category {
            case .recoverable: .logInAgain
            case .transient: .retry
            case .other: .none
            }
        }
        // §6: keyed on the code, whatever the category, where the error reaches the token check: graph error
        // recovery (on by default) first takes a transient error (a retry) and a recoverable one on the current
        // token's request (a login attempter the SDK cannot find): DECISIONS.md D50.
        let recovered = input.recoversGraphErrors
            && (category == .transient || (category == .recoverable && input.requestUsedCurrentToken))
        let currentToken: CurrentTokenEffect = if !recovered, input.requestUsedCurrentToken, code == 190 || code == 102 {
            subcode == 493 ? .markedExpired : .cleared
        } else {
            .kept
        }
        return GraphErrorOutcome(
            category: category, isPermissionError: isPermissionError, message: message, clientAction: clientAction,
            currentToken: currentToken)
    }

    /// The table's answer: code+subcode, code+`*`, `*`+subcode, `*`+`*`, the first entry found.
    private static func category(code: Int?, subcode: Int?, serverCategories: [GraphErrorServerCategory]?,
                                 dropsWildcardCodes: Bool) -> GraphErrorCategory {
        var table = defaultTable
        for category in serverCategories ?? [] {
            for item in category.items {
                if dropsWildcardCodes, item.code == nil { break }
                for key in item.subcodeKeys { table[Key(code: item.code, subcode: key)] = category.category }
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
