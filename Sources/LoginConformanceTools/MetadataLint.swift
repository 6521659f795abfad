import LoginConformance
/// What every vector says about itself (Vectors/README.md, "A vector"): a one-line description unique within its
/// family, a severity, at least one ref, at least one rule, a sensible `profiles`, and only declared reasons.
enum MetadataLint {
    static func problems(in documents: SuiteDocuments) -> [LintProblem] {
        var problems: [LintProblem] = []
        for family in documents.families {
            var descriptions: [String: VectorEntry] = [:]
            for vector in family.vectors {
                func report(_ member: String, _ kind: LintProblem.Kind, _ message: String) {
                    problems.append(LintProblem(file: vector.file, jsonPath: "\(vector.path).\(member)", kind: kind,
                                                message: "\(vector.name): \(message)"))
                }
                if let description = vector.members["description"]?.stringValue, !description.isEmpty,
                   !description.contains("\n") {
                    if let first = descriptions[description] {
                        report("description", .duplicateDescription,
                               "the same description as \(first.name) (\(first.path)); say what sets the two apart")
                    } else {
                        descriptions[description] = vector
                    }
                } else {
                    report("description", .missingMetadata, "description must be one non-empty line")
                }
                if vector.members["severity"]?.stringValue.flatMap(VectorSeverity.init(rawValue:)) == nil {
                    report("severity", .missingMetadata,
                           "severity must be one of \(VectorSeverity.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                if !isNonEmptyListOfStrings(vector.members["refs"]) {
                    report("refs", .missingMetadata,
                           "refs must cite at least one source (SPECIFICATION.md §N, DECISIONS.md DNN, RFC N §M, sdk:path#Ln)")
                }
                if !isNonEmptyListOfStrings(vector.members["rules"]) {
                    report("rules", .missingMetadata,
                           "rules must name at least one rule of \(RuleCatalogue.fileName), each once")
                }
                if let problem = profilesProblem(vector) {
                    report("profiles", problem.kind, problem.message)
                }
                if let declared = family.reasons, let reason = vector.expected?.objectValue?["reason"]?.stringValue,
                   !declared.contains(reason) {
                    problems.append(LintProblem(
                        file: vector.file, jsonPath: "\(vector.path).expected.reason", kind: .undeclaredReason,
                        message: "\(vector.name): reason \"\(reason)\" is not declared in $.reasons (declared: "
                            + "\(declared.sorted().joined(separator: ", ")))"))
                }
            }
        }
        return problems
    }

    private static func isNonEmptyListOfStrings(_ value: JSONValue?) -> Bool {
        guard let list = value?.arrayValue, !list.isEmpty else { return false }
        let strings = list.compactMap(\.stringValue)
        return strings.count == list.count && !strings.contains("") && Set(strings).count == strings.count
    }

    private static func profilesProblem(_ vector: VectorEntry) -> (kind: LintProblem.Kind, message: String)? {
        guard let value = vector.members["profiles"] else { return nil }
        let names = value.arrayValue?.compactMap(\.stringValue) ?? []
        let known = vector.suiteProfiles.map(\.rawValue)
        guard let list = value.arrayValue, !list.isEmpty, names.count == list.count, Set(names).count == names.count,
              names.allSatisfy(known.contains)
        else {
            return (.missingMetadata, "profiles must list profiles the manifest lists (\(known.joined(separator: ", "))), "
                + "each once; omit it when the vector holds in every profile")
        }
        if names.count == known.count {
            return (.needlessProfileSplit, "profiles names every profile: omit it")
        }
        return nil
    }
}
