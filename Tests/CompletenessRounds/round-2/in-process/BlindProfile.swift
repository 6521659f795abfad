import Foundation
import LoginConformance

/// Makes the Limited Login profile from a validated token's claims (SPECIFICATION.md §4 types, §5), documented profile.
struct BlindProfile: ProfileMaking, Sendable {
    /// The profile the base implements (SPECIFICATION.md §8).
    static let profile: ConformanceProfile = .documented
    /// One realistic bug, or nil for the base.
    enum Bug: String, CaseIterable, Sendable {
        /// Makes a profile from an empty `sub` (profile.sub: a missing or empty sub makes no profile).
        case emptySubAccepted
        /// Trims `sub` before the emptiness check, so a single space makes no profile (profile.sub: a space is non-empty).
        case subTrimmed
        /// Treats an empty name claim as absent (profile.names: the claim's value exactly, the empty string included).
        case emptyNameIsNil
        /// Lower-cases the email claim (profile.string-claims: the claim's value exactly).
        case emailLowercased
        /// Builds imageURL and linkURL through `URL(string:)`, so an empty picture or user_link becomes null (profile.string-claims, documented reading: the value exactly).
        case urlClaimsThroughURL
        /// De-duplicates friend IDs through a `Set`, losing their order (profile.friends: in its order).
        case friendsThroughSet
        /// Parses the birthday day-first, `dd/MM/yyyy` (profile.birthday: MM/dd/yyyy).
        case birthdayDayFirst
        /// Parses the birthday leniently, rolling 30 February over to 2 March (profile.birthday: not a real date gives null).
        case birthdayLenient
        /// Formats the parsed birthday in a time zone west of UTC, giving the day before (profile.birthday: a calendar date has no time zone).
        case birthdayTimeZoneShift
        /// Keeps an age range whose min equals its max, testing min > max (profile.age-range: null when min >= max).
        case ageRangeEqualBoundsKept
        /// Makes no age range unless both bounds are present (profile.age-range: an absent bound is null).
        case ageRangeNeedsBothBounds
        /// Truncates the age range's bounds to integers (profile.age-range: the numbers as given).
        case ageRangeTruncatesBounds
        /// Makes a place from an object with an `id` only, the name defaulting to "" (profile.places: both must be strings).
        case placeNameDefaultsEmpty
        /// Reads `user_location` for both the hometown and the location (profile.places: each from its own claim).
        case hometownFromLocation
    }
    let bug: Bug?
    init(bug: Bug? = nil) { self.bug = bug }

    func makeProfile(_ input: ProfileInput) throws -> ProfileOutcome {
        let claims = input.claims
        guard var sub = claims["sub"]?.stringValue else { return .noProfile }
        if bug == .subTrimmed { sub = sub.trimmingCharacters(in: .whitespaces) }
        if sub.isEmpty, bug != .emptySubAccepted { return .noProfile }

        var profile = LimitedProfile(userID: sub, permissions: input.grantedPermissions)

        func string(_ name: String) -> String? {
            guard let value = claims[name]?.stringValue else { return nil }
            return value
        }
        func nameClaim(_ name: String) -> String? {
            let value = string(name)
            if bug == .emptyNameIsNil, value?.isEmpty == true { return nil }
            return value
        }
        profile.name = nameClaim("name")
        profile.firstName = nameClaim("given_name")
        profile.middleName = nameClaim("middle_name")
        profile.lastName = nameClaim("family_name")

        profile.email = string("email")
        if bug == .emailLowercased { profile.email = profile.email?.lowercased() }
        profile.gender = string("user_gender")
        if bug == .urlClaimsThroughURL {
            profile.imageURL = string("picture").flatMap { URL(string: $0) }.map { $0.absoluteString }
            profile.linkURL = string("user_link").flatMap { URL(string: $0) }.map { $0.absoluteString }
        } else {
            profile.imageURL = string("picture")
            profile.linkURL = string("user_link")
        }

        // user_friends: an array whose every element is a string.
        if let items = claims["user_friends"]?.arrayValue {
            let friends = items.compactMap(\.stringValue)
            if friends.count == items.count {
                if bug == .friendsThroughSet {
                    profile.friendIDs = Array(Set(friends)).sorted()
                } else {
                    profile.friendIDs = friends
                }
            }
        }

        profile.birthday = string("user_birthday").flatMap(birthday)
        profile.ageRange = ageRange(claims["user_age_range"])
        profile.hometown = place(claims[bug == .hometownFromLocation ? "user_location" : "user_hometown"])
        profile.location = place(claims["user_location"])
        profile.isLimited = true
        return .created(profile)
    }

    /// `MM/dd/yyyy` to `yyyy-MM-dd`, or nil when the text is not a real Gregorian date in that format.
    private func birthday(_ text: String) -> String? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 2, parts[1].count == 2, parts[2].count == 4,
              parts.allSatisfy({ $0.unicodeScalars.allSatisfy { $0.value >= 0x30 && $0.value <= 0x39 } }),
              var month = Int(parts[0]), var day = Int(parts[1]), let year = Int(parts[2]), year >= 1
        else { return nil }
        if bug == .birthdayDayFirst { swap(&month, &day) }

        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        if bug == .birthdayLenient || bug == .birthdayTimeZoneShift {
            // Let the calendar normalise the components, as a lenient date formatter does.
            guard (1...12).contains(month), (1...31).contains(day),
                  let date = calendar.date(from: DateComponents(year: year, month: month, day: day))
            else { return nil }
            let formatter = DateFormatter()
            formatter.calendar = calendar
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = bug == .birthdayTimeZoneShift
                ? TimeZone(secondsFromGMT: -5 * 3600)! : TimeZone(identifier: "UTC")!
            formatter.dateFormat = "yyyy-MM-dd"
            return formatter.string(from: date)
        }

        guard (1...12).contains(month), day >= 1 else { return nil }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day <= lengths[month - 1] else { return nil }
        return String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// The age range of `user_age_range` (a non-empty object of numbers), or nil.
    private func ageRange(_ claim: JSONValue?) -> ProfileAgeRange? {
        guard let object = claim?.objectValue, !object.isEmpty,
              object.values.allSatisfy({ $0.exactNumberValue != nil })
        else { return nil }
        var min = object["min"]?.exactNumberValue
        var max = object["max"]?.exactNumberValue
        if bug == .ageRangeTruncatesBounds {
            min = min.map { JSONNumber($0.doubleValue.rounded(.towardZero)) }
            max = max.map { JSONNumber($0.doubleValue.rounded(.towardZero)) }
        }
        if min == nil, max == nil { return nil }
        if bug == .ageRangeNeedsBothBounds, min == nil || max == nil { return nil }
        let zero = JSONNumber(0)
        if let min, min < zero { return nil }
        if let max, max < zero { return nil }
        if let min, let max {
            if bug == .ageRangeEqualBoundsKept ? min > max : min >= max { return nil }
        }
        return ProfileAgeRange(exactMin: min, exactMax: max)
    }

    /// `{id, name}` from a non-empty object of strings whose `id` and `name` are present.
    private func place(_ claim: JSONValue?) -> ProfileLocation? {
        guard let object = claim?.objectValue, !object.isEmpty,
              object.values.allSatisfy({ $0.stringValue != nil }),
              let id = object["id"]?.stringValue
        else { return nil }
        if let name = object["name"]?.stringValue { return ProfileLocation(id: id, name: name) }
        if bug == .placeNameDefaultsEmpty { return ProfileLocation(id: id, name: "") }
        return nil
    }
}
