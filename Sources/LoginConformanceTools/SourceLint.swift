import Foundation
import LoginConformance

/// Every expectation traces to a public source: each rule of the catalogue has sources, the right kind for the
/// profiles it holds under, and every source and every vector ref names something a user with only the repository
/// can follow (a document of the registry, an entry of `DECISIONS.md`, a section of `SPECIFICATION.md`, a line
/// range of the SDK at the profile's tag). A vector is a claim about its sources; this is where the claim is
/// checked for an address.
enum SourceLint {
    /// The decision record and the specification, beside `manifest.json`.
    static let decisionsFile = "DECISIONS.md"
    static let specificationFile = "SPECIFICATION.md"

    static func problems(in documents: SuiteDocuments) -> [LintProblem] {
        guard let catalogue = documents.catalogue else { return [] }  // reading reported why
        let file = documents.file(RuleCatalogue.fileName)
        let decisions = headings(in: documents.file(decisionsFile), prefix: "## D", marker: "D")
        let sections = headings(in: documents.file(specificationFile), prefix: "## ", marker: "§")
        var problems: [LintProblem] = []
        if decisions == nil {
            problems.append(LintProblem(file: documents.file(decisionsFile), jsonPath: "$", kind: .unresolvedRef,
                                        message: "the decision record \(decisionsFile) is missing: rules and vectors cite its entries"))
        }
        if sections == nil {
            problems.append(LintProblem(file: documents.file(specificationFile), jsonPath: "$", kind: .unresolvedRef,
                                        message: "the specification \(specificationFile) is missing: every rule names its section"))
        }
        let resolver = RefResolver(documents: catalogue.documents, decisions: decisions ?? [], sections: sections ?? [])

        for (index, rule) in catalogue.rules.enumerated() {
            let path = "$.rules[\(index)]"
            if rule.sources.isEmpty {
                problems.append(LintProblem(file: file, jsonPath: "\(path).sources", kind: .unsourcedRule,
                                            message: "\(rule.id) has no source: cite a document, the SDK's code or a decision"))
                continue
            }
            if rule.holds(under: .iosSDK), !rule.sources.contains(where: \.speaksForTheSDK) {
                problems.append(LintProblem(
                    file: file, jsonPath: "\(path).sources", kind: .unsourcedRule,
                    message: "\(rule.id) holds under ios-sdk but cites no SDK code: add an sdk source (file and lines at "
                        + "\(catalogue.sdk.tag)), or an unverifiable source with the evidence, or limit it to documented"))
            }
            let evidence = rule.sources.filter { if case .decision = $0 { false } else { true } }
            let sdkAlone = !evidence.isEmpty && evidence.allSatisfy { if case .sdk = $0 { true } else { false } }
            if sdkAlone, rule.holds(under: .documented) {
                problems.append(LintProblem(
                    file: file, jsonPath: "\(path).profiles", kind: .unsourcedRule,
                    message: "\(rule.id) rests on SDK code alone but holds under documented: cite the document that "
                        + "states it, or limit it to ios-sdk"))
            }
            if let problem = resolver.problem(sectionOf: rule) {
                problems.append(LintProblem(file: file, jsonPath: "\(path).section", kind: .unresolvedRef,
                                            message: "\(rule.id): \(problem)"))
            }
            for (position, source) in rule.sources.enumerated() {
                if let problem = resolver.problem(with: source) {
                    problems.append(LintProblem(file: file, jsonPath: "\(path).sources[\(position)]", kind: .unresolvedRef,
                                                message: "\(rule.id): \(problem)"))
                }
            }
        }

        for vector in documents.vectors {
            for (position, ref) in (vector.members["refs"]?.arrayValue ?? []).enumerated() {
                guard let ref = ref.stringValue else { continue }  // the metadata check reports it
                if let problem = resolver.problem(withRef: ref) {
                    problems.append(LintProblem(file: vector.file, jsonPath: "\(vector.path).refs[\(position)]",
                                                kind: .unresolvedRef, message: "\(vector.name): \(problem)"))
                }
            }
        }
        return problems
    }

    /// The numbered headings of `file` that start with `prefix`, as `marker` and the number after it: `## D07 — …`
    /// gives `D07`, the specification's `## 4. The Limited Login ID token` gives `§4`. `nil` when the file cannot
    /// be read.
    static func headings(in file: String, prefix: String, marker: String) -> Set<String>? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        var found = Set<String>()
        // Lines split on their bytes (a newline is one byte in UTF-8), not on Characters: the files are long, and
        // only a heading's few characters are read as text.
        for bytes in text.utf8.split(separator: UInt8(ascii: "\n")) where bytes.starts(with: prefix.utf8) {
            let line = Substring(bytes)
            var number = line.dropFirst(prefix.count).prefix { $0.isNumber || $0 == "." }
            while number.hasSuffix(".") { number = number.dropLast() }
            if !number.isEmpty { found.insert(marker + number) }
        }
        return found
    }
}

/// Resolves the ways the suite points at its sources (the grammar of `refs` in `common.schema.json`).
struct RefResolver {
    let documents: [String: RuleCatalogue.Document]
    /// Decision record entries: `D07`.
    let decisions: Set<String>
    /// Specification sections: `§4`, `§4.2`.
    let sections: Set<String>

    private static let outsideFiles = ["behaviour.md", "seeds/", "conformance-suites.md"]

    /// What is wrong with a vector ref, or `nil`.
    func problem(withRef ref: String) -> String? {
        if let outside = Self.outsideFiles.first(where: { ref.hasPrefix($0) }) {
            return "ref \"\(ref)\" cites \(outside), which is not part of the repository: cite the specification, a decision or a public source"
        }
        if ref.hasPrefix("SPECIFICATION.md") {
            let section = ref.dropFirst("SPECIFICATION.md ".count)
            return sections.contains(String(section)) ? nil
                : "ref \"\(ref)\": \(SourceLint.specificationFile) has no section \(section)"
        }
        if ref.hasPrefix("DECISIONS.md") {
            let entry = String(ref.dropFirst("DECISIONS.md ".count))
            return decisions.contains(entry) ? nil : "ref \"\(ref)\": \(SourceLint.decisionsFile) has no entry \(entry)"
        }
        if ref.hasPrefix("sdk:") {
            let location = ref.dropFirst(4).split(separator: "#", maxSplits: 1)
            guard location.count == 2, location[1].hasPrefix("L"),
                  let lines = Self.lineRange(location[1].dropFirst().replacingOccurrences(of: "-L", with: "-"))
            else { return "ref \"\(ref)\": an SDK ref is sdk:<path>#L<first>-L<last>" }
            return Self.pathProblem(String(location[0])) ?? (lines.lowerBound < 1 ? "ref \"\(ref)\": lines start at 1" : nil)
        }
        let key = ref.components(separatedBy: " §").first ?? ref
        return documents[key] == nil
            ? "ref \"\(ref)\": \"\(key)\" is not in the documents registry of \(RuleCatalogue.fileName)" : nil
    }

    /// What is wrong with a rule source, or `nil`.
    func problem(with source: RuleCatalogue.Source) -> String? {
        switch source {
        case .document(let key, _):
            return documents[key] == nil ? "document \"\(key)\" is not in the documents registry" : nil
        case .sdk(let path, let lines):
            guard let range = Self.lineRange(lines), range.lowerBound >= 1 else {
                return "sdk source \(path): lines must be \"first-last\", counted from 1, not \"\(lines)\""
            }
            return Self.pathProblem(path)
        case .decision(let entry):
            return decisions.contains(entry) ? nil : "\(SourceLint.decisionsFile) has no entry \(entry)"
        case .unverifiable(let evidence):
            return evidence.count < 20 ? "an unverifiable source states its evidence, not \"\(evidence)\"" : nil
        }
    }

    /// What is wrong with a rule's `section`, or `nil`.
    func problem(sectionOf rule: RuleCatalogue.Rule) -> String? {
        guard rule.section.hasPrefix("SPECIFICATION.md ") else { return nil }  // RuleLint reports the shape
        let section = String(rule.section.dropFirst("SPECIFICATION.md ".count))
        return sections.contains(section) ? nil : "\(SourceLint.specificationFile) has no section \(section)"
    }

    /// `"12-30"` or `"12"` as a range with first ≤ last.
    static func lineRange(_ text: String) -> ClosedRange<Int>? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        switch parts.count {
        case 1: return parts[0].map { $0...$0 }
        case 2:
            guard let first = parts[0], let last = parts[1], first <= last else { return nil }
            return first...last
        default: return nil
        }
    }

    private static func pathProblem(_ path: String) -> String? {
        path.isEmpty || path.hasPrefix("/") || path.split(separator: "/").contains("..")
            ? "\"\(path)\" is not a path inside facebook-ios-sdk" : nil
    }
}
