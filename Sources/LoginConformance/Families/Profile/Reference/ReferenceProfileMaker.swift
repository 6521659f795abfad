import LoginConformance

/// The Limited Login profile made from a validated token's claims (SPECIFICATION.md §5, with §4's optional-claim types).
/// The rules hold in every profile.
///
/// `user_birthday` is read strictly: exactly two ASCII digits, `/`, two digits, `/`, four digits, forming a real
/// Gregorian date. The vectors hold no string a lenient date parser would read differently (one-digit fields, other
/// separators, surrounding text).
///
/// Each step of the rules is a mutation site: a `package` member, conformant as it stands, that the test target's
/// mutant catalogue replaces with one realistic bug. The rules are written once, here.
public struct ReferenceProfileMaker: ProfileMaking, Sendable {
    /// The userID from `sub`; `nil` makes no profile: a non-empty JSON string.
    package var userID: @Sendable (JSONValue?) -> String? = { value in value?.stringValue.flatMap { $0.isEmpty ? nil : $0 } }
    /// The claim each string member comes from: SPECIFICATION.md §5's mapping.
    package var stringClaims = ReferenceProfileMaker.stringClaimMapping
    /// ``stringClaims``' mapping, made once (a maker is made for each profile).
    private static let stringClaimMapping: [(claim: String, member: WritableKeyPath<LimitedProfile, String?> & Sendable)] = [
        ("name", \.name), ("given_name", \.firstName), ("middle_name", \.middleName), ("family_name", \.lastName),
        ("picture", \.imageURL), ("email", \.email), ("user_gender", \.gender), ("user_link", \.linkURL),
    ]
    /// An optional string claim's value: any JSON string, `""` included; a claim of another type is dropped (§4).
    package var string: @Sendable (JSONValue?) -> String? = { $0?.stringValue }
    /// Whether an empty string makes a URL member (`imageURL`, `linkURL`): no, `URL(string: "")` is nil
    /// (DECISIONS.md D43).
    package var emptyURLKept = false
    /// friendIDs: an array of strings as it is, `[]` included; anything else dropped (§4).
    package var friends: @Sendable (JSONValue?) -> [String]? = { value in
        guard let items = value?.arrayValue else { return nil }
        let strings = items.compactMap(\.stringValue)
        return strings.count == items.count ? strings : nil
    }
    /// The birthday's month, day and year read from the text: ``monthDayYear(_:)``.
    package var birthdayFields: @Sendable (String) -> (month: Int, day: Int, year: Int)? = ReferenceProfileMaker.monthDayYear
    /// Whether a month, day and year form a real date: ``isGregorianDate(month:day:year:)``.
    package var isRealDate: @Sendable (_ month: Int, _ day: Int, _ year: Int) -> Bool = ReferenceProfileMaker.isGregorianDate
    /// Whether an empty `user_age_range` object is kept: no (§4: a non-empty object of numbers).
    package var keepsEmptyAgeRange = false
    /// A bound of the age range as a number: a JSON number only (§4).
    package var boundNumber: @Sendable (JSONValue) -> Double? = { $0.numberValue }
    /// Whether an age range with both bounds absent is refused: it is (§5).
    package var ageRangeNeedsBound = true
    /// Whether a negative bound refuses the age range: it does (§5).
    package var refusesNegativeBounds = true
    /// Whether a bound is negative: its whole part (NSNumber `longValue`, truncated toward zero) is below 0
    /// (DECISIONS.md D43).
    package var isNegative: @Sendable (Double) -> Bool = { $0.rounded(.towardZero) < 0 }
    /// Whether the bounds are ordered: min < max, strictly, by whole parts; the numbers are kept as given (D43).
    package var boundsOrdered: @Sendable (_ min: Double, _ max: Double) -> Bool = { $0.rounded(.towardZero) < $1.rounded(.towardZero) }
    /// Whether a place (`user_hometown`, `user_location`) needs a string `name` as well as a string `id`: it does (§5).
    package var placeNeedsName = true
    /// The profile's permissions: the granted permissions.
    package var permissions: @Sendable (ProfileInput) -> Set<String> = { $0.grantedPermissions }

    /// The profile maker (it keeps no state).
    public init() {}

    public func makeProfile(_ input: ProfileInput) -> ProfileOutcome {
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

    /// `MM/dd/yyyy` as the calendar date `yyyy-MM-dd`; `nil` when the text is not a real date in that format.
    private func birthday(_ text: String) -> String? {
        guard let (month, day, year) = birthdayFields(text), isRealDate(month, day, year) else { return nil }
        func padded(_ number: Int, _ width: Int) -> String {
            String(repeating: "0", count: max(0, width - String(number).count)) + String(number)
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    /// §4: a non-empty object of numbers, else dropped; §5: `nil` when both bounds are absent, either is negative,
    /// or min ≥ max.
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

    /// §4: a non-empty object of strings, else dropped; §5: `id` and `name` both strings, else `nil`.
    private func place(_ value: JSONValue?) -> ProfileLocation? {
        guard let members = value?.objectValue, !members.isEmpty,
              members.values.allSatisfy({ $0.stringValue != nil }), let id = members["id"]?.stringValue else { return nil }
        if let name = members["name"]?.stringValue { return ProfileLocation(id: id, name: name) }
        return placeNeedsName ? nil : ProfileLocation(id: id, name: "")
    }

    /// `MM/dd/yyyy`, code point by code point: two ASCII digits, `/`, two, `/`, four.
    package static func monthDayYear(_ text: String) -> (month: Int, day: Int, year: Int)? {
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
        guard let month = number(0..<2), let day = number(3..<5), let year = number(6..<10) else { return nil }
        return (month, day, year)
    }

    /// A real date of the Gregorian calendar.
    package static func isGregorianDate(month: Int, day: Int, year: Int) -> Bool {
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...12).contains(month) && (1...days[month - 1]).contains(day)
    }
}

extension ReferenceImplementation: ProfileMaking {
    public func makeProfile(_ input: ProfileInput) -> ProfileOutcome {
        ReferenceProfileMaker().makeProfile(input)
    }
}
