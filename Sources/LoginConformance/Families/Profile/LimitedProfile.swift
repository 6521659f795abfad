/// A Limited Login profile (the SDK's `Profile` made from authentication-token claims, SPECIFICATION.md §5). In JSON
/// every member is present, `null` where the profile has none.
///
/// An expected profile may state fewer members: a `documented` vector states only what the public documents say
/// (the members made from the claims it carries), because null for an absent claim and the profile's permissions are
/// only the SDK's (DECISIONS.md D31), as graph-error's documented vectors leave out the token. ``ProfileFamily``
/// compares the members an expected profile states; an answer states them all.
public struct LimitedProfile: Codable, Sendable, Hashable {
    enum CodingKeys: String, ClosedObjectKeys {
        case userID, name, firstName, middleName, lastName, imageURL, email, friendIDs, birthday, gender, linkURL
        case ageRange, hometown, location, permissions, isLimited
        /// Every member but `userID` may be left out (not compared).
        static var optionalMembers: [Self] { allCases.filter { $0 != .userID } }
        /// `null` where the profile has none (an answer, an ios-sdk vector); the permissions and the flag are never null.
        static var nullableMembers: [Self] { allCases.filter { ![.userID, .permissions, .isLimited].contains($0) } }
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

    /// The JSON members a decoded profile stated, when it left some out (an expectation of the documented reading);
    /// `nil` when it states every member, as every answer does.
    var statedMembers: Set<String>?

    /// A profile with `userID` and `permissions`, every optional member `nil`, `isLimited` true.
    public init(userID: String, permissions: Set<String>) {
        self.userID = userID
        self.permissions = permissions
        isLimited = true
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Every member but userID may be left out (not compared); one that is present is decoded as ever.
        userID = try container.decode(String.self, forKey: .userID)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        firstName = try container.decodeIfPresent(String.self, forKey: .firstName)
        middleName = try container.decodeIfPresent(String.self, forKey: .middleName)
        lastName = try container.decodeIfPresent(String.self, forKey: .lastName)
        imageURL = try container.decodeIfPresent(String.self, forKey: .imageURL)
        email = try container.decodeIfPresent(String.self, forKey: .email)
        friendIDs = try container.decodeIfPresent([String].self, forKey: .friendIDs)
        birthday = try container.decodeIfPresent(String.self, forKey: .birthday)
        gender = try container.decodeIfPresent(String.self, forKey: .gender)
        linkURL = try container.decodeIfPresent(String.self, forKey: .linkURL)
        ageRange = try container.decodeIfPresent(ProfileAgeRange.self, forKey: .ageRange)
        hometown = try container.decodeIfPresent(ProfileLocation.self, forKey: .hometown)
        location = try container.decodeIfPresent(ProfileLocation.self, forKey: .location)
        permissions = Set(try container.decodeIfPresent([String].self, forKey: .permissions) ?? [])
        isLimited = try container.decodeIfPresent(Bool.self, forKey: .isLimited) ?? true
        let stated = Set(container.allKeys.map(\.stringValue))
        statedMembers = stated.count == CodingKeys.allCases.count ? nil : stated
    }

    /// Every member (`null` where the profile has none), or only the members a partial expectation states.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        func put<Value: Encodable>(_ value: Value, _ key: CodingKeys) throws {
            if statedMembers?.contains(key.stringValue) ?? true { try container.encode(value, forKey: key) }
        }
        try put(userID, .userID)
        try put(name, .name)
        try put(firstName, .firstName)
        try put(middleName, .middleName)
        try put(lastName, .lastName)
        try put(imageURL, .imageURL)
        try put(email, .email)
        try put(friendIDs, .friendIDs)
        try put(birthday, .birthday)
        try put(gender, .gender)
        try put(linkURL, .linkURL)
        try put(ageRange, .ageRange)
        try put(hometown, .hometown)
        try put(location, .location)
        try put(permissions.sorted(), .permissions)
        try put(isLimited, .isLimited)
    }

    /// This profile as `expected` compares it: only the members `expected` states, or `nil` when this profile, a
    /// partial answer, leaves out one of them.
    func compared(with expected: LimitedProfile) -> LimitedProfile? {
        guard let stated = expected.statedMembers else { return self }
        guard statedMembers.map(stated.isSubset(of:)) ?? true else { return nil }
        var restricted = self
        restricted.statedMembers = stated
        return restricted
    }
}
