/// The fields of an access token that its questions read (SPECIFICATION.md §6).
///
/// The permission sets are kept as arrays of the strings exactly as the vector lists them: a Swift `Set<String>`
/// would merge canonically equivalent strings (`"é"` and `"e\u{301}"`) and so lose the distinction the
/// `access-token` vectors check. They are sets all the same: order and repetition carry no meaning.
public struct AccessTokenSnapshot: Codable, Sendable, Hashable {
    private enum CodingKeys: String, ClosedObjectKeys {
        case tokenString, userID, permissions, declinedPermissions, expiredPermissions, expirationDate,
             dataAccessExpirationDate
    }

    /// The token string.
    public let tokenString: String
    /// The user the token belongs to.
    public let userID: String
    /// The granted permissions, exactly as given.
    public let permissions: [String]
    /// The permissions the user declined, exactly as given.
    public let declinedPermissions: [String]
    /// The permissions that were granted once and have expired, exactly as given.
    public let expiredPermissions: [String]
    /// When the token expires, epoch seconds; `nil` when it never does.
    public let expirationDate: Double?
    /// When the token's data access expires, epoch seconds; `nil` when it never does.
    public let dataAccessExpirationDate: Double?

    /// A token with these fields.
    public init(
        tokenString: String, userID: String, permissions: [String], declinedPermissions: [String],
        expiredPermissions: [String], expirationDate: Double?, dataAccessExpirationDate: Double?
    ) {
        self.tokenString = tokenString
        self.userID = userID
        self.permissions = permissions
        self.declinedPermissions = declinedPermissions
        self.expiredPermissions = expiredPermissions
        self.expirationDate = expirationDate
        self.dataAccessExpirationDate = dataAccessExpirationDate
    }

    /// Decodes every member strictly: all seven present, the dates a number or `null`, nothing else.

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tokenString, forKey: .tokenString)
        try container.encode(userID, forKey: .userID)
        try container.encode(permissions, forKey: .permissions)
        try container.encode(declinedPermissions, forKey: .declinedPermissions)
        try container.encode(expiredPermissions, forKey: .expiredPermissions)
        try container.encode(expirationDate, forKey: .expirationDate)
        try container.encode(dataAccessExpirationDate, forKey: .dataAccessExpirationDate)
    }
}
