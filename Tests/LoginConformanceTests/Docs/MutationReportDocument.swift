import LoginConformance
import LoginConformanceMutants
import LoginConformanceTestSupport

/// `docs/generated/mutation-report.md`: the score, and per mutant its bug, the profile it claims and every vector that kills
/// it.
enum MutationReportDocument {
    static let path = "docs/generated/mutation-report.md"

    static func render(run: MutationRun) throws -> String {
        var lines = [
            "# Mutation report",
            "",
            "Generated from the mutants in `Sources/LoginConformance/Families/*/Mutants/` run through `ConformanceEngine` against "
                + "the vectors; do not edit. `swift test` fails when it is stale; refresh it with",
            "`\(GeneratedDocument.refreshCommand)`.",
            "",
            "A mutant is a deliberately broken implementation: the reference implementation of one family (its "
                + "`LoginConformanceReference` type, whose rule steps are mutation sites; a conformant model for "
                + "signed-token and code-challenge, which the reference does not adopt) with one realistic "
                + "bug, claiming one profile. It is killed when at least one vector of its family and profile fails "
                + "on it. A survivor is a gap in the suite; the fix is a new vector that encodes the rule from "
                + "the specification, never a weaker mutant. Rules: [rule coverage](rule-coverage.md). Each "
                + "signed-token mutant is killed by at least two vectors, or its section says why one is enough.",
            "",
            "**Mutation score: \(run.scoreLine)**",
            "",
            "| family | mutants | killed | survived |",
            "| --- | ---: | ---: | ---: |",
        ]
        for family in ConformanceFamily.allCases {
            let outcomes = run.outcomes.filter { $0.mutant.family == family }
            let survived = outcomes.filter(\.survived).count
            lines.append("| \(family.rawValue) | \(outcomes.count) | \(outcomes.count - survived) | \(survived) |")
        }
        // Kinds of bug: a mutant whose description starts with "[kind]" is counted under that kind.
        let kinds = Dictionary(grouping: run.outcomes.compactMap { outcome in kind(of: outcome.mutant).map { ($0, outcome) } },
                               by: \.0)
        if !kinds.isEmpty {
            lines += ["", "Kinds of bug (the `[kind]` a description starts with; mutants added in suite 0.4.0):", "",
                      "| kind | mutants | killed | families |", "| --- | ---: | ---: | --- |"]
            for (name, members) in kinds.sorted(by: { $0.key < $1.key }) {
                let families = Set(members.map { $0.1.mutant.family.rawValue }).sorted().joined(separator: ", ")
                lines.append("| \(name) | \(members.count) | \(members.filter { !$0.1.survived }.count) | \(families) |")
            }
        }
        lines += try CompletenessRoundSection.render()
        lines += ["", "## Catalogue mutants", "", "| mutant | profile | killed by | the bug |", "| --- | --- | ---: | --- |"]
        for outcome in run.outcomes {
            lines.append("| `\(outcome.mutant.name)` | \(outcome.mutant.profile.rawValue) | "
                + "\(outcome.survived ? "**survived**" : "\(outcome.killers.count) of \(outcome.checked)") | "
                + "\(cell(outcome.mutant.description)) |")
        }
        lines += ["", "## Retired mutants", "",
                  "Mutants taken out of the catalogue, each with why (suite 0.3.0: a bug that became an outcome the "
                      + "sources allow, or an equivalent mutant after a decision; Vectors/DECISIONS.md).", "",
                  "| mutant | why it is retired |", "| --- | --- |"]
        lines += Mutant.retired.map { "| `\($0.name)` | \(cell($0.reason)) |" }
        for family in ConformanceFamily.allCases {
            lines += ["", "## \(family.rawValue)"]
            for outcome in run.outcomes where outcome.mutant.family == family {
                let mutant = outcome.mutant
                lines += [
                    "",
                    "### `\(mutant.name)`",
                    "",
                    "\(mutant.description). Claims \(mutant.profile.rawValue).",
                    "",
                    outcome.survived
                        ? "**Survived**: passes all \(outcome.checked) vectors."
                        : "Killed by \(outcome.killers.count) of \(outcome.checked) vectors, through the rules "
                            + "\(run.rules(killing: outcome).map { "`\($0)`" }.joined(separator: ", ")):",
                ]
                if !outcome.survived {
                    lines.append("")
                    lines += outcome.killers.map { "- `\($0)`" }
                }
                if outcome.killers.count == 1, let reason = SignedTokenMutants.oneVectorIsEnough[mutant.name] {
                    lines += ["", "One vector is enough: \(reason)."]
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The kind a mutant's description names in brackets at its start (`[check order] …`), if any.
    private static func kind(of mutant: Mutant) -> String? {
        guard mutant.description.hasPrefix("["), let end = mutant.description.firstIndex(of: "]") else { return nil }
        return String(mutant.description[mutant.description.index(after: mutant.description.startIndex)..<end])
    }

    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
