/// A coding key for any member name, used to find members a model does not know.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

extension Decoder {
    /// Throws when the object being decoded has a member outside `allowed`.
    ///
    /// Vector files are decoded strictly: a misspelt member (`"expectd"`) must be an error naming its JSON path,
    /// never a silently ignored expectation.
    func rejectUnknownMembers(allowed: Set<String>) throws {
        let container = try container(keyedBy: AnyCodingKey.self)
        for key in container.allKeys where !allowed.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(.init(
                codingPath: codingPath + [key],
                debugDescription: "unknown member \"\(key.stringValue)\"; allowed here: \(allowed.sorted().joined(separator: ", "))"
            ))
        }
    }
}

extension Decoder {
    /// Throws when the object being decoded has a member that is not one of `keys`' cases.
    func rejectUnknownMembers<Keys: CodingKey & CaseIterable>(of keys: Keys.Type) throws {
        try rejectUnknownMembers(allowed: Set(keys.allCases.map(\.stringValue)))
    }
}

extension KeyedDecodingContainer {
    /// Decodes the `result` discriminator of an outcome object and checks it against the allowed values.
    func decodeDiscriminator(_ key: Key, allowed: [String]) throws -> String {
        let value = try decode(String.self, forKey: key)
        guard allowed.contains(value) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "\"\(value)\" is not one of: \(allowed.joined(separator: ", "))"
            )
        }
        return value
    }
}
