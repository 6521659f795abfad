import LoginConformance
@testable import LoginConformanceTools
import LoginConformanceTestSupport

/// The table of families in the DocC articles that list them: generated from the family registry (name, protocol,
/// family type, input and outcome types) and the bundled suite (the file, the specification sections of the rules
/// its vectors cite), between two marker comments, so that a family added to the registry appears with no edit.
enum FamilyTableSection {
    /// The articles that hold the table, from the repository root.
    static let articles = [
        "Sources/LoginConformance/LoginConformance.docc/ImplementingTheProtocols.md",
        "Sources/LoginConformance/LoginConformance.docc/VectorFormat.md",
    ]
    /// The line before the table.
    static let begin = "<!-- The families: generated from the family registry and the vectors "
        + "(\(GeneratedDocument.refreshCommand)); do not edit. -->"
    /// The line after the table.
    static let end = "<!-- End of the generated families. -->"

    /// The table: one row per registered family of `suite`, in the registry's order.
    static func table(suite: VectorSuite, catalogue: RuleCatalogue) -> String {
        let sectionOf = Dictionary(catalogue.rules.map { ($0.id, $0.section) }, uniquingKeysWith: { first, _ in first })
        var lines = [
            "| family (file) | protocol | family type | input | outcome | rules |",
            "| --- | --- | --- | --- | --- | --- |",
        ]
        for definition in FamilyRegistry.standard.definitions where suite.families.contains(definition.family) {
            let family = definition.family
            let cited = Set(suite.vectors.filter { $0.family == family }.flatMap(\.metadata.rules).compactMap { sectionOf[$0] })
            let sections = cited.map { $0.replacingOccurrences(of: "SPECIFICATION.md ", with: "") }
                .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
            let (input, outcome) = typeNames(of: definition)
            lines.append("| `\(family.rawValue)` (`\(family.rawValue).json`) | ``\(family.protocolName)`` "
                + "| ``\(String(describing: definition))`` | ``\(input)`` | ``\(outcome)`` "
                + "| SPECIFICATION.md \(sections.joined(separator: ", ")) |")
        }
        return lines.joined(separator: "\n")
    }

    /// `text` with the lines between ``begin`` and ``end`` replaced by `table`; `nil` when the markers are not there
    /// once each, in order.
    static func replacing(in text: String, with table: String) -> String? {
        let lines = text.components(separatedBy: "\n")
        guard lines.filter({ $0 == begin }).count == 1, lines.filter({ $0 == end }).count == 1,
              let first = lines.firstIndex(of: begin), let last = lines.firstIndex(of: end), first < last else {
            return nil
        }
        return (lines[...first] + [table] + lines[last...]).joined(separator: "\n")
    }

    private static func typeNames<Family: VectorFamily>(of _: Family.Type) -> (input: String, outcome: String) {
        (String(describing: Family.Input.self), String(describing: Family.Outcome.self))
    }
}
