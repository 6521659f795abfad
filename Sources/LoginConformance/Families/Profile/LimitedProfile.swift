/// A Limited Login profile (the SDK's `Profile` made from authentication-token claims, SPECIFICATION.md §5). In JSON
/// every member is present, `null` where the profile has none.
public struct LimitedProfile: Codable, Sendable, Hashable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case userID, name, firstName, middleName, lastName, imageURL, email, friendIDs, birthday, gender, linkURL
        case ageRange, hometown, location, permissions, isLimited
    }

    /// `sub`.
    public var userID: String
    /// `name`.
    public var name: String?
    /// `given_name`.
    public var firstName: String?
    /// `middle_name`.
    public var middleName: String?
    /// `family_name`.
    public var lastName: String?
    /// `picture`, as the claim's string.
    public var imageURL: String?
    /// `email`.
    public var email: String?
    /// `user_friends`, in the claim's order.
    public var friendIDs: [String]?
    /// `user_birthday` read as `MM/dd/yyyy`, written as the calendar date `yyyy-MM-dd` (a date has no time zone).
    public var birthday: String?
    /// `user_gender`.
    public var gender: String?
    /// `user_link`, as the claim's string.
    public var linkURL: String?
    /// `user_age_range`.
    public var ageRange: ProfileAgeRange?
    /// `user_hometown`.
    public var hometown: ProfileLocation?
    /// `user_location`.
    public var location: ProfileLocation?
    /// The granted permissions.
    public var permissions: Set<String>
    /// Always `true` for a profile made from claims.
    public var isLimited: Bool

    /// A profile with `userID` and `permissions`, every optional member `nil`, `isLimited` true.
    public init(userID: String, permissions: Set<String>) {
        self.userID = userID
        self.permissions = permissions
        isLimited = true
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownMembers(of: CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        userID = try container.decode(String.self, forKey: .userID)
        name = try container.decode(String?.self, forKey: .name)
        firstName = try container.decode(String?.self, forKey: .firstName)
        middleName = try container.decode(String?.self, forKey: .middleName)
        lastName = try container.decode(String?.self, forKey: .lastName)
        imageURL = try container.decode(String?.self, forKey: .imageURL)
        email = try container.decode(String?.self, forKey: .email)
        friendIDs = try container.decode([String]?.self, forKey: .friendIDs)
        birthday = try container.decode(String?.self, forKey: .birthday)
        gender = try container.decode(String?.self, forKey: .gender)
        linkURL = try container.decode(String?.self, forKey: .linkURL)
        ageRange = try container.decode(ProfileAgeRange?.self, forKey: .ageRange)
        hometown = try container.decode(ProfileLocation?.self, forKey: .hometown)
        location = try container.decode(ProfileLocation?.self, forKey: .location)
        permissions = Set(try container.decode([String].self, forKey: .permissions))
        isLimited = try container.decode(Bool.self, forKey: .isLimited)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(userID, forKey: .userID)
        try container.encode(name, forKey: .name)
        try container.encode(firstName, forKey: .firstName)
        try container.encode(middleName, forKey: .middleName)
        try container.encode(lastName, forKey: .lastName)
        try container.encode(imageURL, forKey: .imageURL)
        try container.encode(email, forKey: .email)
        try container.encode(friendIDs, forKey: .friendIDs)
        try container.encode(birthday, forKey: .birthday)
        try container.encode(gender, forKey: .gender)
        try container.encode(linkURL, forKey: .linkURL)
        try container.encode(ageRange, forKey: .ageRange)
        try container.encode(hometown, forKey: .hometown)
        try container.encode(location, forKey: .location)
        try container.encode(permissions.sorted(), forKey: .permissions)
        try container.encode(isLimited, forKey: .isLimited)
    }
}
