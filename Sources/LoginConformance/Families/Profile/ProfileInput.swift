/// The input of a `profile` vector: a validated Limited Login token's claims and the granted permissions.
public struct ProfileInput: Codable, Sendable, Hashable {
    private enum CodingKeys: String, ClosedObjectKeys { case claims, grantedPermissions }

    /// The token's payload as JSON: the required claims and optional claims, some possibly of the wrong type (the
    /// maker drops those, SPECIFICATION.md §4).
    public let claims: [String: JSONValue]
    /// The permissions the login granted.
    public let grantedPermissions: Set<String>

    /// An input with the given claims and granted permissions.
    public init(claims: [String: JSONValue], grantedPermissions: Set<String>) {
        self.claims = claims
        self.grantedPermissions = grantedPermissions
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(claims, forKey: .claims)
        try container.encode(grantedPermissions.sorted(), forKey: .grantedPermissions)
    }
}
