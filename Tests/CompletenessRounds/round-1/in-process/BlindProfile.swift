import Foundation
import LoginConformance

/// The Limited Login profile made from a validated token's claims (§5 with §4's optional-claim types), ios-sdk profile.
struct BlindProfile: ProfileMaking, Sendable {
    /// The profile the base implements (SPECIFICATION.md §8).
    static let profile: ConformanceProfile = .iosSDK
    /// One realistic bug, or nil for the base.
    enum Bug: String, CaseIterable, Sendable {
        /// Refuses a whitespace-only sub (" ") after trimming it (profile.sub: a single space is non-empty).
        case trimsSubBeforeEmptyCheck
        /// Turns an empty name, given_name, middle_name or family_name into null (profile.names: the empty string is kept).
        case emptyNamesToNull
        /// Keeps an empty picture or user_link as "" instead of null (profile.url-claims.empty.ios-sdk).
        case emptyURLKept
        /// Keeps the string elements of a mixed user_friends array instead of dropping the claim (profile.wrong-type.ios-sdk).
        case friendsCompactMapped
        /// Makes no profile at all when an optional claim has the wrong type, as a Codable struct would (profile.wrong-type.ios-sdk).
        case wrongTypeFailsWholeProfile
        /// Parses user_birthday day first, dd/MM/yyyy (profile.birthday).
        case birthdayDayFirst
        /// Parses user_birthday leniently, rolling impossible dates over (30 February is 2 March) (profile.birthday).
        case birthdayRollsOver
        /// Accepts a two-digit year in user_birthday and reads it as 19yy/20yy (profile.birthday: yyyy only).
        case birthdayTwoDigitYear
        /// Refuses a range only when min > max, so min == max is kept (profile.age-range: min >= max is none).
        case ageRangeEqualBoundsKept
        /// Checks the sign on the Double value, so -0.5 is refused (profile.age-range.whole-parts.ios-sdk).
        case ageRangeSignOnFraction
        /// Truncates the bounds to integers in the answer instead of keeping them as given (profile.age-range.whole-parts.ios-sdk).
        case ageRangeBoundsTruncated
        /// Reads numeric strings ("21") as age-range bounds instead of dropping the claim (§4 user_age_range type, profile.wrong-type.ios-sdk).
        case ageRangeNumericStrings
        /// Makes a place from an id alone, with an empty name, when name is absent (profile.places).
        case placeWithoutName
        /// Lower-cases the email claim, normalising it as an address (profile.string-claims: the claim's value exactly).
        case emailLowercased
    }
    let bug: Bug?
    init(bug: Bug? = nil) { self.bug = bug }

    private static let stringClaims = [
        "name", "given_name", "middle_name", "family_name", "email", "picture", "user_birthday", "user_gender",
        "user_link",
    ]

    func makeProfile(_ input: ProfileInput) throws -> ProfileOutcome {
        let claims = input.claims
        guard let sub = claims["sub"]?.stringValue else { return .noProfile }
        if bug == .trimsSubBeforeEmptyCheck {
            if sub.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return .noProfile }
        } else if sub.isEmpty {
            return .noProfile
        }

        if bug == .wrongTypeFailsWholeProfile {
            for name in Self.stringClaims {
                if let value = claims[name], value.stringValue == nil { return .noProfile }
            }
        }

        func string(_ name: String) -> String? {
            guard let value = claims[name]?.stringValue else { return nil }
            if bug == .emptyNamesToNull, ["name", "given_name", "middle_name", "family_name"].contains(name),
               value.isEmpty {
                return nil
            }
            return value
        }
        func url(_ name: String) -> String? {
            guard let value = string(name) else { return nil }
            if value.isEmpty && bug != .emptyURLKept { return nil }
            return value
        }

        var profile = LimitedProfile(userID: sub, permissions: input.grantedPermissions)
        profile.name = string("name")
        profile.firstName = string("given_name")
        profile.middleName = string("middle_name")
        profile.lastName = string("family_name")
        profile.imageURL = url("picture")
        profile.email = bug == .emailLowercased ? string("email")?.lowercased() : string("email")
        profile.gender = string("user_gender")
        profile.linkURL = url("user_link")
        profile.friendIDs = friends(claims["user_friends"])
        profile.birthday = string("user_birthday").flatMap(birthday)
        profile.ageRange = ageRange(claims["user_age_range"])
        profile.hometown = place(claims["user_hometown"])
        profile.location = place(claims["user_location"])
        profile.isLimited = true
        return .created(profile)
    }

    private func friends(_ value: JSONValue?) -> [String]? {
        guard let elements = value?.arrayValue else { return nil }
        if bug == .friendsCompactMapped { return elements.compactMap(\.stringValue) }
        var ids: [String] = []
        for element in elements {
            guard let id = element.stringValue else { return nil }
            ids.append(id)
        }
        return ids
    }

    /// `MM/dd/yyyy` (Gregorian) to `yyyy-MM-dd`, nil for anything that is not a real date in that format.
    private func birthday(_ text: String) -> String? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else { return nil }
        func digits(_ part: String, _ counts: ClosedRange<Int>) -> Int? {
            guard counts.contains(part.utf8.count), part.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
            return Int(part)
        }
        var (monthPart, dayPart) = (parts[0], parts[1])
        if bug == .birthdayDayFirst { swap(&monthPart, &dayPart) }
        guard var month = digits(monthPart, 1...2), var day = digits(dayPart, 1...2) else { return nil }
        var year: Int
        if let full = digits(parts[2], 4...4) {
            year = full
        } else if bug == .birthdayTwoDigitYear, let short = digits(parts[2], 2...2) {
            year = short < 50 ? 2000 + short : 1900 + short
        } else {
            return nil
        }
        if bug == .birthdayRollsOver {
            var components = DateComponents()
            components.year = year
            components.month = month
            components.day = day
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            guard let date = calendar.date(from: components) else { return nil }
            let fixed = calendar.dateComponents([.year, .month, .day], from: date)
            guard let y = fixed.year, let m = fixed.month, let d = fixed.day else { return nil }
            (year, month, day) = (y, m, d)
        } else {
            guard (1...12).contains(month), day >= 1, day <= Self.days(inMonth: month, year: year) else { return nil }
        }
        return String(format: "%04d-%02d-%02d", year, month, day)
    }

    private static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private func ageRange(_ value: JSONValue?) -> ProfileAgeRange? {
        guard let members = value?.objectValue, !members.isEmpty else { return nil }
        var numbers: [String: JSONNumber] = [:]
        for (name, member) in members {
            if let number = member.exactNumberValue {
                numbers[name] = number
            } else if bug == .ageRangeNumericStrings, let text = member.stringValue, let number = JSONNumber(text) {
                numbers[name] = number
            } else {
                return nil
            }
        }
        var min = numbers["min"]
        var max = numbers["max"]
        if min == nil && max == nil { return nil }
        func whole(_ number: JSONNumber) -> Double { number.doubleValue.rounded(.towardZero) }
        func negative(_ number: JSONNumber) -> Bool {
            bug == .ageRangeSignOnFraction ? number.doubleValue < 0 : whole(number) < 0
        }
        if let min, negative(min) { return nil }
        if let max, negative(max) { return nil }
        if let min, let max {
            if bug == .ageRangeEqualBoundsKept ? whole(min) > whole(max) : whole(min) >= whole(max) { return nil }
        }
        if bug == .ageRangeBoundsTruncated {
            min = min.map { JSONNumber(whole($0)) }
            max = max.map { JSONNumber(whole($0)) }
        }
        return ProfileAgeRange(exactMin: min, exactMax: max)
    }

    private func place(_ value: JSONValue?) -> ProfileLocation? {
        guard let members = value?.objectValue, !members.isEmpty,
              members.values.allSatisfy({ $0.stringValue != nil }) else { return nil }
        guard let id = members["id"]?.stringValue else { return nil }
        if let name = members["name"]?.stringValue { return ProfileLocation(id: id, name: name) }
        return bug == .placeWithoutName ? ProfileLocation(id: id, name: "") : nil
    }
}
