import LoginConformance
/// Vectors compared with one another (conformance-suites.md lessons 4 and 6): within a family, no two vectors of
/// one profile share an input (different expectations contradict, equal ones repeat), and a vector of one profile
/// comes with the other profile's vector for the same input, expecting something else (SPECIFICATION.md §8) — unless
/// one of its rules documents why there is none (``RuleCatalogue/Rule/unpaired``).
///
/// Inputs and outcomes are compared code point by code point, as the vectors' strings are (Vectors/README.md):
/// `JSONValue`'s `==` compares its strings with Swift's `String ==`, which equates canonically equivalent strings,
/// so the nonce `abc\u{2000}def` (EN QUAD) would "equal" `abc\u{2002}def` (EN SPACE) and two distinct vectors would
/// look like one.
enum ExpectationLint {
    static func problems(in documents: SuiteDocuments) -> [LintProblem] {
        // Without a catalogue the documented exceptions are unknown: pairs are not checked (reading reported it).
        let unpairedRules = documents.catalogue.map { Set($0.rules.filter { $0.unpaired != nil }.map(\.id)) }
        var problems: [LintProblem] = []
        for family in documents.families {
            var groups: [[UInt8]: [VectorEntry]] = [:]
            var order: [[UInt8]] = []
            for vector in family.vectors {
                guard let input = vector.input else { continue }
                let key = exactKey(input)
                if groups[key] == nil { order.append(key) }
                groups[key, default: []].append(vector)
            }
            for input in order {
                let group = groups[input]!
                problems += sameProfileProblems(group)
                if let unpairedRules { problems += pairingProblems(group, unpairedRules: unpairedRules) }
            }
        }
        return problems
    }

    /// Two vectors with the same input that hold under a common profile.
    private static func sameProfileProblems(_ group: [VectorEntry]) -> [LintProblem] {
        var problems: [LintProblem] = []
        for (position, later) in group.enumerated() {
            for earlier in group[..<position] {
                let common = earlier.appliesTo.intersection(later.appliesTo)
                guard !common.isEmpty else { continue }
                let profiles = common.map(\.rawValue).sorted().joined(separator: ", ")
                if !sameExpectation(earlier, later) {
                    problems.append(LintProblem(
                        file: later.file, jsonPath: "\(later.path).expected", kind: .contradiction,
                        message: "\(later.name) has the same input as \(earlier.name) (\(earlier.path)) under "
                            + "\(profiles) but expects \(later.expectedLabel) where that one expects "
                            + "\(earlier.expectedLabel)\(earlier.expectedLabel == later.expectedLabel ? " with other details" : "")"))
                } else {
                    problems.append(LintProblem(
                        file: later.file, jsonPath: "\(later.path).input", kind: .redundantVector,
                        message: "\(later.name) repeats \(earlier.name) (\(earlier.path)) under \(profiles): same "
                            + "input, same expected outcome; change the input to check something new"))
                }
            }
        }
        return problems
    }

    /// A vector of one profile and its counterparts: the vectors with the same input under the other profiles.
    private static func pairingProblems(_ group: [VectorEntry], unpairedRules: Set<String>) -> [LintProblem] {
        var problems: [LintProblem] = []
        for (position, vector) in group.enumerated() {
            guard let profiles = vector.profiles, !profiles.isEmpty, profiles.count < ConformanceProfile.allCases.count else {
                continue
            }
            for other in ConformanceProfile.allCases where !profiles.contains(other) {
                let counterparts = group.enumerated().filter { $0.offset != position && $0.element.appliesTo.contains(other) }
                if counterparts.isEmpty {
                    if !vector.rules.contains(where: unpairedRules.contains) {
                        problems.append(LintProblem(
                            file: vector.file, jsonPath: "\(vector.path).profiles", kind: .unpairedProfileVector,
                            message: "\(vector.name) holds under \(profiles.map(\.rawValue).sorted().joined(separator: ", ")) "
                                + "only, and no vector gives the \(other.rawValue) reading of the same input: add it "
                                + "(SPECIFICATION.md §8), drop profiles if the readings agree, or name a rule whose "
                                + "catalogue entry says why none exists (unpaired)"))
                    }
                    continue
                }
                // Report an agreeing pair once, at the later vector; a counterpart without profiles shares this
                // vector's profile too, which the same-profile check reports.
                for (offset, counterpart) in counterparts
                where counterpart.profiles != nil && sameExpectation(counterpart, vector) && offset < position {
                    problems.append(LintProblem(
                        file: vector.file, jsonPath: "\(vector.path).profiles", kind: .needlessProfileSplit,
                        message: "\(vector.name) and \(counterpart.name) (\(counterpart.path)) expect the same "
                            + "\(vector.expectedLabel) under their profiles: one vector without profiles says it"))
                }
            }
        }
        return problems
    }

    /// The UTF-8 bytes of the value's canonical JSON: equal exactly when the values are, code point by code point.
    private static func exactKey(_ value: JSONValue) -> [UInt8] {
        Array(CanonicalJSON.render(value).utf8)
    }

    /// The same preferred outcome and the same accepted alternatives: a pair that differs only in `alsoAccepted`
    /// (the documented reading also accepts what the SDK refuses) is a real profile split.
    private static func sameExpectation(_ lhs: VectorEntry, _ rhs: VectorEntry) -> Bool {
        lhs.expected.map(exactKey) == rhs.expected.map(exactKey)
            && lhs.members["alsoAccepted"].map(exactKey) == rhs.members["alsoAccepted"].map(exactKey)
    }
}
