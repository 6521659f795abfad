import LoginConformance
/// Vector IDs: well-formed and namespaced by family, saying their profile, unique
/// across the suite, and never an ID the changelog retired.
enum IdentityLint {
    static func problems(in documents: SuiteDocuments) -> [LintProblem] {
        var problems: [LintProblem] = []
        var firstSeen: [String: VectorEntry] = [:]
        for vector in documents.vectors {
            let path = vector.path + ".id"
            guard let id = vector.id else {
                problems.append(LintProblem(file: vector.file, jsonPath: path, kind: .malformedID,
                                            message: "the vector has no string id"))
                continue
            }
            if let problem = formProblem(id, vector) {
                problems.append(LintProblem(file: vector.file, jsonPath: path, kind: .malformedID, message: problem))
            }
            if let first = firstSeen[id] {
                problems.append(LintProblem(
                    file: vector.file, jsonPath: path, kind: .duplicateID,
                    message: "duplicate ID \"\(id)\", first used at \(first.file): \(first.path).id"))
            } else {
                firstSeen[id] = vector
            }
            if let version = documents.retiredVectorIDs[id] {
                problems.append(LintProblem(
                    file: vector.file, jsonPath: path, kind: .retiredID,
                    message: "\(id) was retired in suite \(version) (changelog.json) and may never be used again: "
                        + "give the vector a new ID"))
            }
        }
        return problems
    }

    /// What is wrong with the form of `id`, if anything (Vectors/README.md, "A vector").
    static func formProblem(_ id: String, _ vector: VectorEntry) -> String? {
        if let problem = VectorMetadata.idFormProblem(id) { return problem }
        let parts = id.components(separatedBy: "::")
        guard parts[0] == vector.family.rawValue else {
            return "ID \"\(id)\" is in \(vector.family.rawValue)'s file but starts with \"\(parts[0])::\""
        }
        let suffix = vector.suiteProfiles.first { id.hasSuffix(".\($0.rawValue)") }
        let named = vector.profiles.flatMap { $0.count < vector.suiteProfiles.count ? $0 : nil }
        if let named, suffix.map(named.contains) != true {
            if named.count == 1 { return "a vector of the \(named.first!.rawValue) profile only must end with .\(named.first!.rawValue)" }
            // Several profiles, not every one: a reading's profile and those the generator gives that reading.
            return "a vector of the profiles \(named.map(\.rawValue).sorted().joined(separator: ", ")) only must end "
                + "with the name of one of them"
        }
        if let suffix, named == nil {
            return "only a vector naming \(suffix.rawValue) (not every profile) ends with .\(suffix.rawValue); this one names "
                + (vector.profiles.map { $0.map(\.rawValue).sorted().joined(separator: ", ") } ?? "no profile")
        }
        return nil
    }
}
