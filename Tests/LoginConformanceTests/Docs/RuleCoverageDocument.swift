import LoginConformance
@testable import LoginConformanceTools

/// `docs/rule-coverage.md`: each rule of the catalogue → the vectors that accept and refuse under it → the mutants
/// killed through those vectors.
enum RuleCoverageDocument {
    static let path = "docs/rule-coverage.md"

    /// The areas of rule IDs, with the specification sections they come from.
    static let areas: [(area: String, title: String)] = [
        ("nonce", "Nonce (SPECIFICATION.md §1, §8)"), ("configuration", "Login configuration (SPECIFICATION.md §1, §8)"),
        ("verifier", "Code verifier (SPECIFICATION.md §1, §8)"), ("challenge", "Code challenge (SPECIFICATION.md §1)"),
        ("request", "Login request (SPECIFICATION.md §2)"),
        ("result", "Login result (SPECIFICATION.md §3)"), ("token", "Token claims and signed tokens (SPECIFICATION.md §4, §8)"),
        ("profile", "Profile from claims (SPECIFICATION.md §5)"), ("access-token", "Access token (SPECIFICATION.md §6)"),
        ("token-change", "Access token change notifications (SPECIFICATION.md §6)"),
        ("graph-error", "Graph API errors (SPECIFICATION.md §6, §7)"),
    ]

    static func render(coverage: RuleCoverage, run: MutationRun, vectorCount: Int) -> String {
        var lines = [
            "# Rule coverage",
            "",
            "Generated from `Vectors/rules.json`, the vectors and the mutants in `Tests/LoginConformanceTests/Mutants/`;",
            "do not edit. `swift test` fails when it is stale; refresh it with",
            "`\(GeneratedDocument.refreshCommand)`.",
            "",
            "Each rule of the specification has one stable ID; every vector names the rules it exercises. A vector *accepts* "
                + "when its expected result is `valid`, `created`, `success` or `accepted`, *refuses* when it is `invalid`, "
                + "`refused`, `cancelled`, `failed`, `rejected` or `noProfile`, and otherwise *computes* (it expects a value: "
                + "a login request, a category, a notification list). *needs* says which side the rule must show (`both`: "
                + "it draws a line, and the suite shows both sides; `any`: at least one vector). "
                + "A mutant is killed through a rule when a vector naming the rule kills it "
                + "([mutation report](mutation-report.md)).",
            "",
            "\(coverage.entries.count) rules, \(coverage.uncovered.count) uncovered · \(vectorCount) vectors · "
                + "mutation score \(run.scoreLine)",
            "",
            "| rule | section | needs | profiles | accepting | refusing | computing | mutants killed |",
            "| --- | --- | --- | --- | ---: | ---: | ---: | ---: |",
        ]
        for entry in coverage.entries {
            lines.append("| `\(entry.rule.id)` | \(entry.rule.section.replacingOccurrences(of: "SPECIFICATION.md ", with: "")) "
                + "| \(entry.rule.needs.rawValue)\(entry.isCovered ? "" : " **uncovered**") | \(profiles(entry.rule)) "
                + "| \(entry.accepting.count) | \(entry.rejecting.count) | \(entry.computing.count) | \(run.mutantsKilled(through: entry.rule.id).count) |")
        }
        for (area, title) in areas {
            lines += ["", "## \(title)"]
            for entry in coverage.entries where entry.rule.id.hasPrefix(area + ".") {
                let rule = entry.rule
                let mutants = run.mutantsKilled(through: rule.id)
                lines += [
                    "",
                    "### `\(rule.id)`",
                    "",
                    "\(rule.statement)",
                    "",
                    "\(rule.section) · needs \(rule.needs.rawValue) · profiles: \(profiles(rule))"
                        + (rule.unpaired.map { " · unpaired: \($0)" } ?? ""),
                    "",
                    "- accepting (\(entry.accepting.count)): \(list(entry.accepting))",
                    "- refusing (\(entry.rejecting.count)): \(list(entry.rejecting))",
                    "- computing (\(entry.computing.count)): \(list(entry.computing))",
                    "- mutants killed (\(mutants.count)): \(list(mutants))",
                ]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func profiles(_ rule: RuleCatalogue.Rule) -> String {
        rule.profiles.map { $0.map(\.rawValue).sorted().joined(separator: ", ") } ?? "all"
    }

    private static func list(_ items: [String]) -> String {
        items.isEmpty ? "none" : items.map { "`\($0)`" }.joined(separator: ", ")
    }
}
