extension VectorSuite {
    /// A family file (valid against the family's schema) holding only the vector `id`, with the family's
    /// description and declared reasons: what `login-conformance extract` writes for a bug report, so the vector
    /// travels with everything needed to read it. `nil` when the suite has no such vector.
    public func standaloneFile(for id: String) -> String? {
        guard let vector = vector(withID: id), let document = JSONValue.parse(vector.canonicalJSON(pretty: false)) else {
            return nil
        }
        let file = StandaloneFile(
            family: vector.family.rawValue, formatVersion: manifest.formatVersion,
            description: familyDescriptions[vector.family] ?? "",
            reasons: declaredReasons[vector.family] ?? [:], vectors: [document])
        return CanonicalJSON.render(file, pretty: true) + "\n"
    }

    private struct StandaloneFile: Encodable {
        let family: String
        let formatVersion: Int
        let description: String
        let reasons: [String: String]
        let vectors: [JSONValue]
    }
}
