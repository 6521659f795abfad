import LoginConformance
import LoginConformanceReference
import LoginConformanceTestSupport

extension GraphErrorFamily: MutatedFamily { package typealias Mutants = GraphErrorMutants }

/// Mutants of Graph error classification (SPECIFICATION.md §7) and the current token (§6): the default table,
/// is_transient, the server table, permission errors, the message, the client action and the token effect.
package enum GraphErrorMutants: MutantCatalogue {
    package static func model(profile: ConformanceProfile) -> any ConformanceSubject & Sendable {
        ReferenceGraphErrorClassifier(profile: profile)
    }

    package static let all: [Mutant] = [
        // The kinds of bug (the [kind] in front of each description).
        mutant("graph-error.is-transient-only-literal-true",
               "[loosely typed JSON] forces transient only for the JSON literal true, so is_transient: 1 is ignored (D45: "
               + "the SDK reads a number, 1 included)", profile: .iosSDK) {
            $0.forcesTransient = { $0 == .bool(true) }
        },
        mutant("graph-error.is-transient-string-true",
               "[loosely typed JSON] also takes the string \"true\" (and \"1\") as is_transient (D45: a string is "
               + "ignored)", profile: .iosSDK) {
            $0.forcesTransient = { value in
                switch value {
                case .bool(let flag): flag
                case .number(let number): number != 0
                case .string(let text): text == "true" || text == "1"
                default: false
                }
            }
        },
        mutant("graph-error.rate-limit-613-transient",
               "[extra default-table entry] adds 613, the Marketing API's rate limit, to the default transient codes "
               + "(§7: 1, 2, 4, 9, 17, 341)", profile: .iosSDK) {
            $0.defaultTransient.insert(613)
        },
        mutant("graph-error.category-names-case-folded",
               "[case-folded comparison] compares server category names case-insensitively, so Transient is "
               + "transient and OTHER other (D45: exact names)", profile: .iosSDK) {
            $0.categoryOfName = { name in
                switch name.lowercased() {
                case "other": .other
                case "transient": .transient
                default: .recoverable
                }
            }
        },
        mutant("graph-error.category-name-prefix",
               "[prefix comparison] takes any name starting with trans as transient (D45: exact names)",
               profile: .iosSDK) {
            $0.categoryOfName = { name in
                if name == "other" { return .other }
                return name.hasPrefix("trans") || name.hasPrefix("Trans") ? .transient : .recoverable
            }
        },
        mutant("graph-error.102-not-recoverable",
               "treats only 190 as recoverable, so 102 (session key invalid) is other (§7: 102 and 190)") {
            $0.defaultRecoverable = [190]
        },
        mutant("graph-error.transient-rate-limits-only",
               "treats only the rate limits 4, 17 and 341 as transient, forgetting 1, 2 and 9 (§7)") {
            $0.defaultTransient = [4, 17, 341]
        },
        mutant("graph-error.ignores-is-transient",
               "never reads is_transient, so a transient 190 is still recoverable (§7: is_transient true forces transient)") {
            $0.forcesTransient = { _ in false }
        },
        mutant("graph-error.is-transient-present-means-transient",
               "treats any is_transient member, false included, as transient (§7: only true forces it)") {
            $0.forcesTransient = { $0 != nil }
        },
        mutant("graph-error.ignores-server-table",
               "classifies with the default table only, ignoring ios_sdk_error_categories (§7: the server table overrides)") {
            $0.usesServerTable = false
        },
        mutant("graph-error.unknown-name-is-other",
               "reads only login as recoverable, so a category with another name is other (§7: any other name is recoverable)") {
            $0.categoryOfName = { name in
                switch name {
                case "transient": .transient
                case "login": .recoverable
                default: .other
                }
            }
        },
        mutant("graph-error.server-wildcard-code-matches",
               "matches a \"*\" code in the server table (DECISIONS.md D29: the SDK drops such items)") {
            $0.dropsWildcardCodes = false
        },
        mutant("graph-error.permission-only-200",
               "takes only code 200 as a permission error, as in the seeds' example (§7: 10 and 200-299)",
               profile: .documented) {
            $0.isPermissionError = { $0 == 200 }
        },
        mutant("graph-error.message-legacy-first",
               "prefers error_msg, then error_reason, then message (§7: message > error_reason > error_msg)") {
            $0.messageSources = ["error_msg", "error_reason", "message"]
        },
        mutant("graph-error.permission-error-not-acted-on",
               "derives the action from the category alone, so a permission error gets none (§7: re-request the permission)",
               profile: .documented) {
            $0.clientAction = { category, _ in
                switch category {
                case .recoverable: .logInAgain
                case .transient: .retry
                case .other: .none
                }
            }
        },
        mutant("graph-error.clears-on-any-request",
               "clears the current token for 190 and 102 whatever token the request used (§6: the current token's request)") {
            $0.invalidatesToken = { code, _, _ in code == 190 || code == 102 }
        },
        mutant("graph-error.token-follows-category",
               "clears the current token for every recoverable error instead of by code 190/102 (§6)") {
            $0.invalidatesToken = { _, category, current in current && category == .recoverable }
        },
        mutant("graph-error.493-cleared",
               "clears the token on subcode 493 too (§6: 493 marks it expired instead)") {
            $0.marksExpired = { _ in false }
        },
        mutant("graph-error.493-any-code",
               "marks the current token expired on subcode 493 with any code (§6: only with 190 or 102)") {
            $0.anyCodeMarksExpired = true
        },
        mutant("graph-error.recovery-ignored",
               "[check order] clears the current token on 190/102 before graph error recovery, on by default, takes "
                   + "the error (§6, DECISIONS.md D50: a recoverable error on the current token's request is kept)",
               profile: .iosSDK) {
            $0.recoveryTakes = { _, _ in false }
        },
        mutant("graph-error.recovery-setting-ignored",
               "lets recovery take transient and recoverable errors even when graphErrorRecovery is false (§6, "
                   + "DECISIONS.md D50: recovery off clears the token on 190/102)",
               profile: .iosSDK) {
            $0.recoveryTakes = { input, category in
                category == .transient || (category == .recoverable && input.requestUsedCurrentToken)
            }
        },
    ]

    /// Mutants retired in suite 0.3.0, with the reason (never silently deleted).
    package static let retiredMutants: [(name: String, reason: String)] = [
        ("graph-error.server-wildcard-code-ignored", "DECISIONS.md D29: ignoring a wildcard code is what the SDK does, "
            + "so this is no bug under ios-sdk; graph-error.server-wildcard-code-matches takes its place"),
        ("graph-error.subcode-before-code", "DECISIONS.md D29, D31: under ios-sdk a \"*\" code never registers, so "
            + "no *+subcode entry exists and the swapped order is equivalent; the server table is the SDK's alone, so "
            + "no documented vector can tell either"),
    ]

    private static func mutant(_ name: String, _ description: String, profile: ConformanceProfile = .iosSDK,
                               _ bug: (inout ReferenceGraphErrorClassifier) -> Void) -> Mutant {
        var model = ReferenceGraphErrorClassifier(profile: profile)
        bug(&model)
        // Most §6 and §7 rules hold in both profiles; those mutants claim the SDK's. isPermissionError and
        // clientAction are compared under the documented reading only (DECISIONS.md D30).
        return Mutant(name: name, description: description, family: .graphError, profile: profile,
                      implementation: model)
    }
}
