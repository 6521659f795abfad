/// A coding key for any member name, used to find members a model does not know.
package struct AnyCodingKey: CodingKey {
    package var stringValue: String
    package var intValue: Int?
    package init(stringValue: String) { self.stringValue = stringValue }
    package init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

extension Decoder {
    /// Throws when the object being decoded has a member outside `allowed`.
    ///
    /// Vector files are decoded strictly: a misspelt member (`"expectd"`) must be an error naming its JSON path,
    /// never a silently ignored expectation.
    package func rejectUnknownMembers(allowed: Set<String>) throws {
        if let decoder = self as? JSONDocumentDecoder {
            return try decoder.rejectUnknownMembers(allowed: allowed)  // the same check, without building a key list
        }
        let container = try container(keyedBy: AnyCodingKey.self)
        for key in container.allKeys where !allowed.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(.init(
                codingPath: codingPath + [key],
                debugDescription: "unknown member \"\(key.stringValue)\"; allowed here: \(allowed.sorted().joined(separator: ", "))"
            ))
        }
    }
}
