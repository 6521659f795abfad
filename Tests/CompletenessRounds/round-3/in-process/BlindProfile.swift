import Foundation
import LoginConformance

/// Makes the Limited Login profile from a validated token's claims (SPECIFICATION.md §4, §5), as the iOS SDK v18.1.0 does.
struct BlindProfile: ProfileMaking, Sendable {
    /// The profile the base implements (SPECIFICATION.md §8).
    static let profile: ConformanceProfile = .iosSDK
    /// One realistic bug, or nil for the base.
    enum Bug: String, CaseIterable, Sendable {
        /// Trims `sub` before the emptiness check, so a `sub` of spaces makes no profile (profile.sub: a single space is non-empty).
        case trimsSub
        /// Treats an empty-string name claim as absent, so `name: ""` becomes null (profile.names: the empty string is kept).
        case emptyNameAsAbsent
        /// Fills a missing given_name/family_name by splitting `name` (profile.names: each member from its own claim only).
        case derivesNamesFromFullName
        /// Keeps an empty `picture` or `user_link` as "" instead of making no URL (profile.url-claims.empty.ios-sdk).
        case keepsEmptyURL
        /// Reads `user_birthday` day first, as dd/MM/yyyy (profile.birthday).
        case birthdayDayFirst
        /// Parses `user_birthday` leniently, rolling 02/30 into March and month 13 into the next year (profile.birthday).
        case lenientBirthday
        /// Keeps the string elements of a `user_friends` array that also holds other types (profile.wrong-type.ios-sdk: the claim is dropped).
        case friendsKeepsStringElements
        /// Reads `min` and `max` of `user_age_range` on their own, ignoring other members of the wrong type (profile.wrong-type.ios-sdk).
        case ageRangeIgnoresBadMembers
        /// Keeps an age range whose bounds are equal, refusing only min > max (profile.age-range: min >= max is no range).
        case ageRangeAllowsEqualBounds
        /// Stores the age range bounds as integers, so 20.5 comes back as 20 (profile.age-range.whole-parts.ios-sdk: bounds kept as given).
        case ageRangeIntegerBounds
        /// Writes a numeric place `id` as its text, so `{"id": 108, ...}` makes a place (profile.places: id and name must be strings).
        case placeStringifiesNumbers
        /// Rounds the age range bounds to the nearest whole number before the sign check, so -0.5 is refused (profile.age-range.whole-parts.ios-sdk: truncated toward zero).
        case ageRangeRoundsBeforeSignCheck
    }
    let bug: Bug?
    init(bug: Bug? = nil) { self.bug = bug }

    func makeProfile(_ input: ProfileInput) throws -> ProfileOutcome {
        let claims = input.claims
        guard var sub = claims["sub"]?.stringValue else { return .noProfile }
        if bug == .trimsSub { sub = sub.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard !sub.isEmpty else { return .noProfile }

        var profile = LimitedProfile(userID: sub, permissions: input.grantedPermissions)
        profile.name = string("name", claims)
        profile.firstName = string("given_name", claims)
        profile.middleName = string("middle_name", claims)
        profile.lastName = string("family_name", claims)
        if bug == .derivesNamesFromFullName, let name = profile.name {
            let words = name.split(separator: " ")
            if profile.firstName == nil, let first = words.first { profile.firstName = String(first) }
            if profile.lastName == nil, words.count > 1, let last = words.last { profile.lastName = String(last) }
        }
        profile.imageURL = url("picture", claims)
        profile.email = string("email", claims)
        profile.gender = string("user_gender", claims)
        profile.linkURL = url("user_link", claims)
        profile.friendIDs = friends(claims["user_friends"])
        profile.birthday = claims["user_birthday"]?.stringValue.flatMap(birthday)
        profile.ageRange = ageRange(claims["user_age_range"])
        profile.hometown = place(claims["user_hometown"])
        profile.location = place(claims["user_location"])
        profile.isLimited = true
        return .created(profile)
    }

    /// A string claim (the empty string included); any other type is dropped.
    private func string(_ name: String, _ claims: [String: JSONValue]) -> String? {
        guard let value = claims[name]?.stringValue else { return nil }
        if bug == .emptyNameAsAbsent, ["name", "given_name", "middle_name", "family_name"].contains(name),
           value.isEmpty {
            return nil
        }
        return value
    }

    /// A URL claim: a string, kept as given; `URL(string: "")` makes no URL, so an empty one is null.
    private func url(_ name: String, _ claims: [String: JSONValue]) -> String? {
        guard let value = claims[name]?.stringValue else { return nil }
        if value.isEmpty, bug != .keepsEmptyURL { return nil }
        return value
    }

    /// `user_friends`: an array whose every element is a string, in order.
    private func friends(_ claim: JSONValue?) -> [String]? {
        guard let elements = claim?.arrayValue else { return nil }
        if bug == .friendsKeepsStringElements { return elements.compactMap(\.stringValue) }
        var ids: [String] = []
        for element in elements {
            guard let id = element.stringValue else { return nil }
            ids.append(id)
        }
        return ids
    }

    /// `user_birthday` read as `MM/dd/yyyy` (Gregorian), written `yyyy-MM-dd`; nil unless it is a real date.
    func birthday(_ text: String) -> String? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else { return nil }
        func number(_ part: String, digits: ClosedRange<Int>) -> Int? {
            guard digits.contains(part.utf8.count), part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                return nil
            }
            return Int(part)
        }
        let (monthText, dayText) = bug == .birthdayDayFirst ? (parts[1], parts[0]) : (parts[0], parts[1])
        guard var month = number(monthText, digits: 1...2), var day = number(dayText, digits: 1...2),
              var year = number(parts[2], digits: 4...4), year >= 1
        else { return nil }
        if bug == .lenientBirthday {
            // What a lenient calendar does with out-of-range fields: carry them over.
            guard month >= 1, day >= 1 else { return nil }
            year += (month - 1) / 12
            month = (month - 1) % 12 + 1
            while day > Self.days(inMonth: month, of: year) {
                day -= Self.days(inMonth: month, of: year)
                month += 1
                if month > 12 { month = 1; year += 1 }
            }
        }
        guard (1...12).contains(month), day >= 1, day <= Self.days(inMonth: month, of: year) else { return nil }
        return String(format: "%04d-%02d-%02d", year, month, day)
    }

    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `user_age_range`: a non-empty object of numbers; the range as FBSDKUserAgeRange makes it.
    private func ageRange(_ claim: JSONValue?) -> ProfileAgeRange? {
        guard let members = claim?.objectValue, !members.isEmpty else { return nil }
        if bug != .ageRangeIgnoresBadMembers {
            guard members.values.allSatisfy({ $0.exactNumberValue != nil }) else { return nil }
        }
        var min = members["min"]?.exactNumberValue
        var max = members["max"]?.exactNumberValue
        guard min != nil || max != nil else { return nil }
        // The checks compare the whole parts (NSNumber longValue: truncated toward zero).
        let whole: (JSONNumber) -> Double = { number in
            self.bug == .ageRangeRoundsBeforeSignCheck
                ? number.doubleValue.rounded() : number.doubleValue.rounded(.towardZero)
        }
        if let min, whole(min) < 0 { return nil }
        if let max, whole(max) < 0 { return nil }
        if let min, let max {
            if bug == .ageRangeAllowsEqualBounds {
                if whole(min) > whole(max) { return nil }
            } else if whole(min) >= whole(max) {
                return nil
            }
        }
        if bug == .ageRangeIntegerBounds {
            min = min.map { JSONNumber($0.doubleValue.rounded(.towardZero)) }
            max = max.map { JSONNumber($0.doubleValue.rounded(.towardZero)) }
        }
        return ProfileAgeRange(exactMin: min, exactMax: max)
    }

    /// `user_hometown` / `user_location`: a non-empty object of strings; a place when `id` and `name` are strings.
    private func place(_ claim: JSONValue?) -> ProfileLocation? {
        guard let members = claim?.objectValue, !members.isEmpty else { return nil }
        if bug == .placeStringifiesNumbers {
            func text(_ value: JSONValue?) -> String? {
                switch value {
                case .string(let string)?: string
                case .number(let number)?: number.description
                default: nil
                }
            }
            guard let id = text(members["id"]), let name = text(members["name"]) else { return nil }
            return ProfileLocation(id: id, name: name)
        }
        guard members.values.allSatisfy({ $0.stringValue != nil }),
              let id = members["id"]?.stringValue, let name = members["name"]?.stringValue
        else { return nil }
        return ProfileLocation(id: id, name: name)
    }
}
