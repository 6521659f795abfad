/// A profile's hometown or location: `{"id", "name"}`.
public struct ProfileLocation: Codable, Sendable, Hashable {
    private enum CodingKeys: String, ClosedObjectKeys { case id, name }

    /// The place's ID.
    public let id: String
    /// The place's name.
    public let name: String

    /// A place with the given ID and name.
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}
