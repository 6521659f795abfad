import Foundation
import LoginConformance

/// The messages an adapter writes, with the members each one's schema defines, read from the bundled schemas
/// (`Vectors/schema/harness/<type>.schema.json`): the runner keeps no member list of its own beside them, so a
/// member added to a schema is known to the runner with no other edit.
package enum AdapterMessageSchema: String, CaseIterable, Sendable {
    case started, result, skipped, errored

    /// The members the message's schema defines (its `properties`); empty when the schema cannot be read.
    package var members: Set<String> { Self.membersByType[self] ?? [] }

    /// The members a message of type `type` has beyond its schema's, sorted; `nil` for a type that is not an
    /// adapter message or a message without extra members.
    package static func undefinedMembers(of message: [String: JSONValue]) -> [String]? {
        guard let type = message["type"]?.stringValue, let schema = AdapterMessageSchema(rawValue: type) else { return nil }
        let extra = Set(message.keys).subtracting(schema.members)
        return extra.isEmpty ? nil : extra.sorted()
    }

    private static let membersByType: [AdapterMessageSchema: Set<String>] = {
        guard let directory = VectorSuite.bundledDirectory?.appendingPathComponent("schema/harness") else { return [:] }
        var members: [AdapterMessageSchema: Set<String>] = [:]
        for schema in allCases {
            let url = directory.appendingPathComponent("\(schema.rawValue).schema.json")
            guard let text = try? String(contentsOf: url, encoding: .utf8),
                  let properties = JSONValue.parse(text)?.objectValue?["properties"]?.objectValue else { continue }
            members[schema] = Set(properties.keys)
        }
        return members
    }()
}
