import LoginConformance

/// The Limited Login profile made from a validated token's claims (SPECIFICATION.md §5, with §4's optional-claim types).
/// The rules hold in every profile.
///
/// `user_birthday` is read strictly: exactly two ASCII digits, `/`, two digits, `/`, four digits, forming a real
/// Gregorian date. The vectors hold no string a lenient date parser would read differently (one-digit fields, other
/// separators, surrounding text).
public struct ReferenceProfileMaker: ProfileMaking, Sendable {
    /// The profile maker (it keeps no state).
    public init() {}

    public func makeProfile(_ input: ProfileInput) -> ProfileOutcome {
        let claims = input.claims
        guard let sub = claims["sub"]?.stringValue, !sub.isEmpty else { return .noProfile }
        var profile = LimitedProfile(userID: sub, permissions: input.grantedPermissions)
        // §4: an optional string claim of another type is dropped.
        profile.name = claims["name"]?.stringValue
        profile.firstName = claims["given_name"]?.stringValue
        profile.middleName = claims["middle_name"]?.stringValue
        profile.lastName = claims["family_name"]?.stringValue
        // URL(string:) makes no URL from an empty string (DECISIONS.md D43).
        profile.imageURL = claims["picture"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        profile.email = claims["email"]?.stringValue
        profile.gender = claims["user_gender"]?.stringValue
        profile.linkURL = claims["user_link"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        profile.friendIDs = Self.strings(claims["user_friends"])
        profile.birthday = claims["user_birthday"]?.stringValue.flatMap(Self.calendarDate)
        profile.ageRange = Self.ageRange(claims["user_age_range"])
        profile.hometown = Self.place(claims["user_hometown"])
        profile.location = Self.place(claims["user_location"])
        return .created(profile)
    }

    /// An array of strings (§4), or `nil`.
    private static func strings(_ value: JSONValue?) -> [String]? {
        guard let items = value?.arrayValue else { return nil }
        let strings = items.compactMap(\.stringValue)
        return strings.count == items.count ? strings : nil
    }

    /// `MM/dd/yyyy` as the calendar date `yyyy-MM-dd`; `nil` when the text is not a real date in that format.
    private static func calendarDate(_ text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 10, scalars[2] == "/", scalars[5] == "/" else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for scalar in scalars[range] {
                guard ("0"..."9").contains(scalar) else { return nil }
                value = value * 10 + Int(scalar.value - 48)
            }
            return value
        }
        guard let month = number(0..<2), let day = number(3..<5), let year = number(6..<10),
              (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        let characters = scalars.map(Character.init)
        return String(characters[6..<10]) + "-" + String(characters[0..<2]) + "-" + String(characters[3..<5])
    }

    /// The days of a Gregorian month.
    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// §4: a non-empty object of numbers, else dropped; §5: `nil` when both bounds are absent, either is negative,
    /// or min ≥ max.
    private static func ageRange(_ value: JSONValue?) -> ProfileAgeRange? {
        guard let members = value?.objectValue, !members.isEmpty,
              members.values.allSatisfy({ $0.numberValue != nil }) else { return nil }
        let min = members["min"]?.numberValue
        let max = members["max"]?.numberValue
        if min == nil, max == nil { return nil }
        // The SDK compares the bounds' whole parts (NSNumber longValue, truncated toward zero) and keeps the numbers
        // as given (DECISIONS.md D43).
        if let min, min.rounded(.towardZero) < 0 { return nil }
        if let max, max.rounded(.towardZero) < 0 { return nil }
        if let min, let max, min.rounded(.towardZero) >= max.rounded(.towardZero) { return nil }
        return ProfileAgeRange(min: min, max: max)
    }

    /// §4: a non-empty object of strings, else dropped; §5: `id` and `name` both strings, else `nil`.
    private static func place(_ value: JSONValue?) -> ProfileLocation? {
        guard let members = value?.objectValue, !members.isEmpty,
              members.values.allSatisfy({ $0.stringValue != nil }),
              let id = members["id"]?.stringValue, let name = members["name"]?.stringValue else { return nil }
        return ProfileLocation(id: id, name: name)
    }
}

extension ReferenceImplementation: ProfileMaking {
    public func makeProfile(_ input: ProfileInput) -> ProfileOutcome {
        ReferenceProfileMaker().makeProfile(input)
    }
}
