import LoginConformance
/// Vectors compared with one another: within a family, no two vectors of
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
            guard let profiles = vector.profiles, !profiles.isEmpty, profiles.count < vector.suiteProfiles.count else {
                continue
            }
            for other in vector.suiteProfiles where !profiles.contains(other) {
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

    /// Bytes equal exactly when the values are: strings and member names code point by code point, numbers by
    /// their exact decimal text (`JSONNumber.description`: 1 and 1.0 are one number, -0 is its own, as in
    /// `CanonicalJSON`), members in the order of their names' bytes. Written directly rather than through
    /// `JSONEncoder`, which cost the lint a tenth of its time.
    private static func exactKey(_ value: JSONValue) -> [UInt8] {
        var key: [UInt8] = []
        appendExactKey(of: value, to: &key)
        return key
    }

    /// Appends `value`'s key: a tag byte, then its content; strings, names and numbers length-prefixed, so no two
    /// values share a key.
    private static func appendExactKey(of value: JSONValue, to key: inout [UInt8]) {
        func appendText(_ text: String, to key: inout [UInt8]) {
            key.append(contentsOf: String(text.utf8.count).utf8)
            key.append(UInt8(ascii: ":"))
            key.append(contentsOf: text.utf8)
        }
        switch value {
        case .null: key.append(UInt8(ascii: "n"))
        case .bool(let flag): key.append(flag ? UInt8(ascii: "t") : UInt8(ascii: "f"))
        case .number(let number):
            key.append(UInt8(ascii: "#"))
            appendText(number.description, to: &key)
        case .string(let text):
            key.append(UInt8(ascii: "s"))
            appendText(text, to: &key)
        case .array(let elements):
            key.append(UInt8(ascii: "["))
            appendText(String(elements.count), to: &key)
            for element in elements { appendExactKey(of: element, to: &key) }
        case .object(let members):
            key.append(UInt8(ascii: "{"))
            appendText(String(members.count), to: &key)
            for (name, member) in members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                appendText(name, to: &key)
                appendExactKey(of: member, to: &key)
            }
        }
    }

    /// The same preferred outcome and the same accepted alternatives: a pair that differs only in `alsoAccepted`
    /// (the documented reading also accepts what the SDK refuses) is a real profile split.
    private static func sameExpectation(_ lhs: VectorEntry, _ rhs: VectorEntry) -> Bool {
        lhs.expected.map(exactKey) == rhs.expected.map(exactKey)
            && lhs.members["alsoAccepted"].map(exactKey) == rhs.members["alsoAccepted"].map(exactKey)
    }
}
