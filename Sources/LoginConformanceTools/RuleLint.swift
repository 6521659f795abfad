import LoginConformance
/// The rule catalogue and the vectors' `rules`: the catalogue is well-formed, every rule a vector names is in it
/// and holds in the vector's profile, and every rule has the accepting and refusing vectors it needs.
enum RuleLint {
    static func problems(in documents: SuiteDocuments) -> [LintProblem] {
        guard let catalogue = documents.catalogue else { return [] }  // reading reported why
        let file = documents.file(RuleCatalogue.fileName)
        var problems = catalogueProblems(catalogue, file: file)

        let known = Dictionary(catalogue.rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let retired = Dictionary(catalogue.retired.map { ($0.id, $0.reason) }, uniquingKeysWith: { first, _ in first })
        for vector in documents.vectors {
            problems += pairingProblems(of: vector, known: known)
            for (position, ruleID) in (vector.members["rules"]?.arrayValue ?? []).enumerated() {
                guard let ruleID = ruleID.stringValue else { continue }  // the metadata check reports it
                let path = "\(vector.path).rules[\(position)]"
                guard let rule = known[ruleID] else {
                    let why = retired[ruleID].map { "was retired (\($0))" } ?? "is not in \(RuleCatalogue.fileName)"
                    problems.append(LintProblem(file: vector.file, jsonPath: path, kind: .unknownRule,
                                                message: "\(vector.name): rule \"\(ruleID)\" \(why)"))
                    continue
                }
                if !rule.overlaps(vector.profiles) {
                    problems.append(LintProblem(
                        file: vector.file, jsonPath: path, kind: .ruleOutsideProfile,
                        message: "\(vector.name) holds under \(names(vector.appliesTo)) but rule \(ruleID) only "
                            + "under \(names(rule.profiles ?? []))"))
                }
            }
        }

        for entry in RuleCoverage(catalogue: catalogue, vectors: documents.vectors).uncovered {
            let missing = [entry.lacksAccepting ? "accepting vector (expected result valid, created, success or accepted)" : nil,
                           entry.lacksRejecting ? "refusing vector (expected result invalid, refused, cancelled, failed, rejected or noProfile)" : nil,
                           entry.lacksAny ? "vector" : nil]
                .compactMap { $0 }.joined(separator: " and no ")
            let profile = entry.rule.profiles.map { " under \(names($0))" } ?? ""
            problems.append(LintProblem(
                file: file, jsonPath: "$.rules[\(entry.index)]", kind: .uncoveredRule,
                message: "rule \(entry.rule.id) (needs \(entry.rule.needs.rawValue)) has no \(missing)\(profile): "
                    + "add one that encodes the rule in the generator (Scripts/vectorgen/)"))
        }
        return problems
    }

    /// A vector that holds under several profiles and cites a rule of only some of them must cite, for every
    /// profile it holds under, a rule of that profile (not a rule of every profile): a both-profile issuer vector
    /// cites `token.iss.documented` and `token.iss.ios-sdk`, never one of them alone (DECISIONS.md D55).
    private static func pairingProblems(of vector: VectorEntry, known: [String: RuleCatalogue.Rule]) -> [LintProblem] {
        let profileRules = vector.rules.compactMap { known[$0] }.filter { $0.profiles != nil }
        guard vector.appliesTo.count > 1, !profileRules.isEmpty else { return [] }
        let bare = vector.appliesTo.filter { profile in !profileRules.contains { $0.holds(under: profile) } }
        guard !bare.isEmpty else { return [] }
        return [LintProblem(
            file: vector.file, jsonPath: "\(vector.path).rules", kind: .profileRuleUnpaired,
            message: "\(vector.name) holds under \(names(vector.appliesTo)) and cites "
                + profileRules.map(\.id).joined(separator: ", ")
                + ", but no rule of \(names(Set(bare))): cite the rule that gives its outcome there, or split it "
                + "into one vector per profile")]
    }

    private static func catalogueProblems(_ catalogue: RuleCatalogue, file: String) -> [LintProblem] {
        var problems: [LintProblem] = []
        var firstIndex: [String: Int] = [:]
        let retired = Set(catalogue.retired.map(\.id))
        for (index, rule) in catalogue.rules.enumerated() {
            let path = "$.rules[\(index)]"
            if !RuleCatalogue.isWellFormedID(rule.id) {
                problems.append(LintProblem(
                    file: file, jsonPath: "\(path).id", kind: .invalidRuleCatalogue,
                    message: "rule ID \"\(rule.id)\" must be dot-separated parts of a-z 0-9 + -, at least two"))
            }
            if let first = firstIndex[rule.id] {
                problems.append(LintProblem(file: file, jsonPath: "\(path).id", kind: .duplicateID,
                                            message: "duplicate rule ID \"\(rule.id)\", first used at $.rules[\(first)].id"))
            } else {
                firstIndex[rule.id] = index
            }
            if retired.contains(rule.id) {
                problems.append(LintProblem(file: file, jsonPath: "\(path).id", kind: .retiredID,
                                            message: "rule ID \"\(rule.id)\" is in $.retired and may never be used again"))
            }
            if !rule.section.hasPrefix("SPECIFICATION.md §") {
                problems.append(LintProblem(file: file, jsonPath: "\(path).section", kind: .invalidRuleCatalogue,
                                            message: "\(rule.id): section must be a section of the specification, \"SPECIFICATION.md §N\""))
            }
            if rule.unpaired != nil, rule.profiles == nil {
                problems.append(LintProblem(
                    file: file, jsonPath: "\(path).unpaired", kind: .invalidRuleCatalogue,
                    message: "\(rule.id): unpaired explains why a rule of one profile has no counterpart, but this rule "
                        + "holds in every profile"))
            }
        }
        return problems
    }

    private static func names(_ profiles: Set<ConformanceProfile>) -> String {
        profiles.map(\.rawValue).sorted().joined(separator: ", ")
    }
}
