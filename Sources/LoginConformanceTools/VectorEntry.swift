import LoginConformance
/// One vector as written in its family file, read as plain JSON for ``VectorLint``: any member may be missing or of
/// the wrong type, so the lint can say so instead of stopping.
struct VectorEntry: Sendable {
    /// The family of the file it is in.
    let family: ConformanceFamily
    /// The file, as the loader names it.
    let file: String
    /// Its position in the file's `vectors`.
    let index: Int
    /// Its members.
    let members: [String: JSONValue]
    /// The profiles its suite's manifest lists (``VectorSuite/profiles``).
    let suiteProfiles: [ConformanceProfile]

    /// `$.vectors[index]`.
    var path: String { "$.vectors[\(index)]" }

    /// The ID, when it is a string.
    var id: String? { members["id"]?.stringValue }

    /// How messages name the vector: its ID, else its path.
    var name: String { id ?? path }

    var input: JSONValue? { members["input"] }
    var expected: JSONValue? { members["expected"] }

    /// The rule IDs it names (the strings among them).
    var rules: [String] { members["rules"]?.arrayValue?.compactMap(\.stringValue) ?? [] }

    /// The profiles it names; `nil` when `profiles` is absent (the vector holds under every profile). Names the
    /// manifest does not list are left out (the metadata check and the loader report them).
    var profiles: Set<ConformanceProfile>? {
        members["profiles"]?.arrayValue.map { names in
            Set(names.compactMap { name in suiteProfiles.first { $0.rawValue == name.stringValue } })
        }
    }

    /// The profiles it holds under.
    var appliesTo: Set<ConformanceProfile> { profiles ?? Set(suiteProfiles) }

    /// The expected `result`, when there is one.
    var expectedResult: String? { expected?.objectValue?["result"]?.stringValue }

    /// Whether the expected result accepts the input (``RuleCoverage/acceptingResults``) or refuses it
    /// (``RuleCoverage/refusingResults``); `nil` when the expected outcome is a computed value (or has no result).
    var accepts: Bool? {
        guard let result = expectedResult else { return nil }
        if RuleCoverage.acceptingResults.contains(result) { return true }
        return RuleCoverage.refusingResults.contains(result) ? false : nil
    }

    /// A short label of the expected outcome for messages: `rejected(expired)`, `failed(com.facebook.sdk.login 308)`.
    var expectedLabel: String {
        guard let object = expected?.objectValue, let result = object["result"]?.stringValue else { return "no expected result" }
        if let reason = object["reason"]?.stringValue {
            return "\(result)(\(reason)\(object["claim"]?.stringValue.map { ": \($0)" } ?? ""))"
        }
        if let error = object["error"]?.objectValue, let domain = error["domain"]?.stringValue,
           let code = error["code"]?.numberValue {
            return "\(result)(\(domain) \(Int(code)))"
        }
        return result
    }
}
