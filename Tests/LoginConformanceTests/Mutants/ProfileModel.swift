import LoginConformance
import LoginConformanceTestSupport

/// The Limited Login profile made from claims (SPECIFICATION.md §5, with §4's optional-claim types) written as mutation
/// sites. Unmutated it conforms in both profiles (``MutationTests`` checks that).
struct ProfileModel: ProfileMaking, Sendable {
    /// The userID from `sub`; `nil` makes no profile. Conformant: a non-empty JSON string.
    var userID: @Sendable (JSONValue?) -> String? = { value in value?.stringValue.flatMap { $0.isEmpty ? nil : $0 } }
    /// The claim each string member comes from. Conformant: SPECIFICATION.md §5's mapping.
    var stringClaims: [(claim: String, member: WritableKeyPath<LimitedProfile, String?> & Sendable)] = [
        ("name", \.name), ("given_name", \.firstName), ("middle_name", \.middleName), ("family_name", \.lastName),
        ("picture", \.imageURL), ("email", \.email), ("user_gender", \.gender), ("user_link", \.linkURL),
    ]
    /// An optional string claim's value. Conformant: any JSON string, `""` included; other types dropped.
    var string: @Sendable (JSONValue?) -> String? = { $0?.stringValue }
    /// friendIDs. Conformant: an array of strings as it is, `[]` included; anything else dropped.
    var friends: @Sendable (JSONValue?) -> [String]? = { value in
        guard let items = value?.arrayValue else { return nil }
        let strings = items.compactMap(\.stringValue)
        return strings.count == items.count ? strings : nil
    }
    /// The birthday's month, day and year read from the text. Conformant: `MM/dd/yyyy`, two, two and four ASCII digits.
    var birthdayFields: @Sendable (String) -> (month: Int, day: Int, year: Int)? = ProfileModel.monthDayYear
    /// Whether a month, day and year form a real date. Conformant: the Gregorian calendar.
    var isRealDate: @Sendable (_ month: Int, _ day: Int, _ year: Int) -> Bool = ProfileModel.gregorian
    /// Whether an empty `user_age_range` object is kept. Conformant: no (§4: a non-empty object).
    var keepsEmptyAgeRange = false
    /// Whether an age range is refused when both bounds are absent. Conformant: yes.
    var ageRangeNeedsBound = true
    /// Whether a negative bound refuses the age range. Conformant: yes.
    var refusesNegativeBounds = true
    /// Whether the bounds are ordered. Conformant: min < max, strictly, by whole parts (DECISIONS.md D43).
    var boundsOrdered: @Sendable (_ min: Double, _ max: Double) -> Bool = { $0.rounded(.towardZero) < $1.rounded(.towardZero) }
    /// Whether a bound is negative. Conformant: its whole part (truncated toward zero) is below 0 (D43).
    var isNegative: @Sendable (Double) -> Bool = { $0.rounded(.towardZero) < 0 }
    /// Whether an empty string makes a URL member. Conformant: no, URL(string: "") is nil (D43).
    var emptyURLKept = false
    /// A bound of the age range as a number. Conformant: a JSON number only.
    var boundNumber: @Sendable (JSONValue) -> Double? = { $0.numberValue }
    /// Whether a place needs a string name as well as a string id. Conformant: yes.
    var placeNeedsName = true
    /// The permissions. Conformant: the granted permissions.
    var permissions: @Sendable (ProfileInput) -> Set<String> = { $0.grantedPermissions }

    func makeProfile(_ input: ProfileInput) -> ProfileOutcome {
        let claims = input.claims
        guard let userID = userID(claims["sub"]) else { return .noProfile }
        var profile = LimitedProfile(userID: userID, permissions: permissions(input))
        for (claim, member) in stringClaims {
            profile[keyPath: member] = string(claims[claim])
        }
        if !emptyURLKept {
            if profile.imageURL == "" { profile.imageURL = nil }
            if profile.linkURL == "" { profile.linkURL = nil }
        }
        profile.friendIDs = friends(claims["user_friends"])
        profile.birthday = claims["user_birthday"]?.stringValue.flatMap(birthday)
        profile.ageRange = ageRange(claims["user_age_range"])
        profile.hometown = place(claims["user_hometown"])
        profile.location = place(claims["user_location"])
        return .created(profile)
    }

    private func birthday(_ text: String) -> String? {
        guard let (month, day, year) = birthdayFields(text), isRealDate(month, day, year) else { return nil }
        func padded(_ number: Int, _ width: Int) -> String {
            String(repeating: "0", count: max(0, width - String(number).count)) + String(number)
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    private func ageRange(_ value: JSONValue?) -> ProfileAgeRange? {
        guard let members = value?.objectValue, keepsEmptyAgeRange || !members.isEmpty,
              members.values.allSatisfy({ boundNumber($0) != nil }) else { return nil }
        let min = members["min"].flatMap(boundNumber)
        let max = members["max"].flatMap(boundNumber)
        if ageRangeNeedsBound, min == nil, max == nil { return nil }
        if refusesNegativeBounds, isNegative(min ?? 0) || isNegative(max ?? 0) { return nil }
        if let min, let max, !boundsOrdered(min, max) { return nil }
        return ProfileAgeRange(min: min, max: max)
    }

    private func place(_ value: JSONValue?) -> ProfileLocation? {
        guard let members = value?.objectValue, !members.isEmpty,
              members.values.allSatisfy({ $0.stringValue != nil }), let id = members["id"]?.stringValue else { return nil }
        if let name = members["name"]?.stringValue { return ProfileLocation(id: id, name: name) }
        return placeNeedsName ? nil : ProfileLocation(id: id, name: "")
    }

    /// `MM/dd/yyyy`: two ASCII digits, `/`, two, `/`, four.
    static func monthDayYear(_ text: String) -> (month: Int, day: Int, year: Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 2, parts[1].count == 2, parts[2].count == 4,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let month = Int(parts[0]), let day = Int(parts[1]), let year = Int(parts[2]) else { return nil }
        return (month, day, year)
    }

    /// A real Gregorian date.
    static func gregorian(_ month: Int, _ day: Int, _ year: Int) -> Bool {
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...12).contains(month) && (1...days[month - 1]).contains(day)
    }
}
