import Foundation
import LoginConformance
@testable import LoginConformanceTools
import LoginConformanceTestSupport

/// `docs/generated/rule-coverage.md`: each rule of the catalogue → the vectors that accept and refuse under it → the mutants
/// killed through those vectors.
enum RuleCoverageDocument {
    static let path = "docs/generated/rule-coverage.md"

    /// The areas of rule IDs (the part before the first `.`), each titled with the specification sections its rules
    /// come from, ordered by the first of them (then as the catalogue lists them): derived from the catalogue, so a
    /// new family's rules get their heading with no edit here.
    static func areas(of coverage: RuleCoverage) -> [(area: String, title: String)] {
        var order: [String] = [], sections: [String: [String]] = [:]
        for entry in coverage.entries {
            let area = String(entry.rule.id.prefix { $0 != "." })
            if sections[area] == nil { order.append(area) }
            let section = entry.rule.section.replacingOccurrences(of: "SPECIFICATION.md ", with: "")
            if !(sections[area] ?? []).contains(section) { sections[area, default: []].append(section) }
        }
        let cited = sections.mapValues { $0.sorted { $0.localizedStandardCompare($1) == .orderedAscending } }
        // In the specification's order: by the first section an area's rules come from, then the catalogue's.
        let first = { (area: String) in cited[area]?.first ?? "" }
        return order.enumerated().sorted { lhs, rhs in
            let (left, right) = (first(lhs.element), first(rhs.element))
            return left == right ? lhs.offset < rhs.offset : left.localizedStandardCompare(right) == .orderedAscending
        }.map { _, area in
            (area, "`\(area)` rules (SPECIFICATION.md \((cited[area] ?? []).joined(separator: ", ")))")
        }
    }

    /// The rules that hold in every reading but whose vectors all hold under fewer, each with the readings its
    /// vectors cover (completeness blind rounds: a rule with no vector in a reading lets that reading's bugs through,
    /// which is how round 1's documented Graph-error classifiers and round 2's documented profile makers survived).
    static func oneReadingOnly(_ coverage: RuleCoverage, suite: VectorSuite) -> [(rule: String, covered: [ConformanceProfile])] {
        let readings = Dictionary(uniqueKeysWithValues: suite.vectors.map { vector in
            (vector.metadata.id, ConformanceProfile.allCases.filter { vector.metadata.applies(to: $0) })
        })
        return coverage.entries.compactMap { entry in
            guard entry.rule.profiles == nil, !entry.vectors.isEmpty else { return nil }
            let covered = Set(entry.vectors.flatMap { readings[$0] ?? [] })
            guard covered.count < ConformanceProfile.allCases.count else { return nil }
            return (entry.rule.id, ConformanceProfile.allCases.filter(covered.contains))
        }
    }

    static func render(coverage: RuleCoverage, run: MutationRun, suite: VectorSuite) -> String {
        let vectorCount = suite.vectors.count
        let partial = oneReadingOnly(coverage, suite: suite)
        var lines = [
            "# Rule coverage",
            "",
            "Generated from `Vectors/rules.json`, the vectors and the mutants in `Sources/LoginConformance/Families/*/Mutants/`;",
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
            "\(coverage.entries.count) rules, \(coverage.uncovered.count) uncovered, \(partial.count) of every reading "
                + "with vectors in one only ([below](#rules-of-every-reading-with-vectors-in-one-only)) · "
                + "\(vectorCount) vectors · mutation score \(run.scoreLine)",
            "",
            "| rule | section | needs | profiles | accepting | refusing | computing | mutants killed |",
            "| --- | --- | --- | --- | ---: | ---: | ---: | ---: |",
        ]
        for entry in coverage.entries {
            lines.append("| `\(entry.rule.id)` | \(entry.rule.section.replacingOccurrences(of: "SPECIFICATION.md ", with: "")) "
                + "| \(entry.rule.needs.rawValue)\(entry.isCovered ? "" : " **uncovered**") | \(profiles(entry.rule)) "
                + "| \(entry.accepting.count) | \(entry.rejecting.count) | \(entry.computing.count) | \(run.mutantsKilled(through: entry.rule.id).count) |")
        }
        lines += ["", "## Rules of every reading with vectors in one only", "",
                  "A rule that holds in every reading (profiles: all) whose vectors all hold under fewer readings: an "
                      + "implementation of a reading it has no vector in is checked by nothing for it. Usually each "
                      + "vector also states a member only one reading's sources give (DECISIONS.md D31); the remedy is "
                      + "a vector that states only what every reading's sources say.", ""]
        lines += partial.isEmpty ? ["None."] : ["| rule | its vectors hold under | none under |", "| --- | --- | --- |"]
            + partial.map { rule, covered in
                "| `\(rule)` | \(covered.map(\.rawValue).joined(separator: ", ")) | "
                    + "\(ConformanceProfile.allCases.filter { !covered.contains($0) }.map(\.rawValue).joined(separator: ", ")) |"
            }
        for (area, title) in areas(of: coverage) {
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
