import LoginConformance
import LoginConformanceReference
import LoginConformanceTestSupport

extension ProfileFamily: MutatedFamily { package typealias Mutants = ProfileMutants }

/// Mutants of the Limited Login profile (SPECIFICATION.md §5, §4): sub, the claim mapping, wrong-typed claims, friends,
/// the birthday, the age range, places and permissions.
package enum ProfileMutants: MutantCatalogue {
    /// The reference the mutants break, for `profile`.
    package static func model(profile: ConformanceProfile) -> any ConformanceSubject & Sendable { ReferenceProfileMaker() }

    package static let all: [Mutant] = [
        // The kinds of bug (the [kind] in front of each description).
        mutant("profile.age-bounds-compared-exactly",
               "[truncation] compares the age range's bounds as they are, so 20.2..20.8 is a range (D43: the SDK "
               + "compares whole parts)") {
            $0.boundsOrdered = { $0 < $1 }
            $0.isNegative = { $0 < 0 }
        },
        mutant("profile.empty-url-kept",
               "[presence instead of value] keeps an empty picture / user_link as \"\" (D43: URL(string: \"\") is "
               + "nil)") {
            $0.emptyURLKept = true
        },
        mutant("profile.age-range-numeric-strings",
               "[loosely typed JSON] reads a numeric string bound (\"21\") as a number (§4: an object of numbers)") {
            $0.boundNumber = { $0.numberValue ?? $0.stringValue.flatMap(Double.init) }
        },
        mutant("profile.numeric-sub",
               "[loosely typed JSON] takes a numeric sub as the user ID (§5: a non-empty string)") {
            $0.userID = { value in
                value?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? value?.numberValue.map { String(Int($0)) }
            }
        },
        mutant("profile.friend-id-numbers-accepted",
               "[loosely typed JSON] takes numbers in user_friends as IDs (§4: an array of strings)") {
            $0.friends = { value in
                guard let items = value?.arrayValue else { return nil }
                let strings = items.compactMap { $0.stringValue ?? $0.numberValue.map { String(Int($0)) } }
                return strings.count == items.count ? strings : nil
            }
        },
        mutant("profile.empty-sub-accepted",
               "makes a profile whose userID is \"\" when sub is empty (§5: only when sub is non-empty)") {
            $0.userID = { $0?.stringValue }
        },
        mutant("profile.first-name-from-name",
               "fills firstName from name instead of given_name (§5: firstName <- given_name)") {
            $0.stringClaims[1].claim = "name"
        },
        mutant("profile.middle-and-last-swapped",
               "reads middle_name into lastName and family_name into middleName (§5)") {
            $0.stringClaims[2].claim = "family_name"
            $0.stringClaims[3].claim = "middle_name"
        },
        mutant("profile.empty-string-is-null",
               "drops optional string claims that are \"\" (§4: an empty string is a string and is kept)") {
            $0.string = { $0?.stringValue.flatMap { $0.isEmpty ? nil : $0 } }
        },
        mutant("profile.wrong-type-described",
               "keeps a wrong-typed string claim as its JSON text, so name 42 becomes \"42\" (§4: dropped)") {
            $0.string = { value in
                switch value {
                case .string(let text): text
                case .number(let number): String(Int(number.doubleValue))
                case .bool(let flag): String(flag)
                default: nil
                }
            }
        },
        mutant("profile.friends-keep-strings-only",
               "keeps the string elements of a mixed user_friends array instead of dropping the claim (§4: array of strings)") {
            $0.friends = { value in value?.arrayValue.map { $0.compactMap(\.stringValue) } }
        },
        mutant("profile.empty-friends-null",
               "reports an empty user_friends as null (§4: [] is kept)") {
            $0.friends = { value in value?.arrayValue.flatMap { items in
                let strings = items.compactMap(\.stringValue)
                return strings.count == items.count && !strings.isEmpty ? strings : nil
            } }
        },
        mutant("profile.birthday-day-first",
               "reads user_birthday as dd/MM/yyyy, so 12/01/1990 is 12 January (§5: MM/dd/yyyy)") {
            let conformant = $0.birthdayFields
            $0.birthdayFields = { text in conformant(text).map { ($0.day, $0.month, $0.year) } }
        },
        mutant("profile.birthday-every-29-february",
               "accepts 29 February in every year (§5: a date that does not exist does not parse)") {
            let conformant = $0.isRealDate
            $0.isRealDate = { month, day, year in
                month == 2 && day == 29 ? true : conformant(month, day, year)
            }
        },
        mutant("profile.birthday-31-day-months",
               "lets every month have 31 days, so 04/31 and 02/30 parse (§5)") {
            $0.isRealDate = { month, day, _ in (1...12).contains(month) && (1...31).contains(day) }
        },
        mutant("profile.age-range-equal-bounds-kept",
               "keeps an age range whose min equals its max (§5: min >= max gives none)") {
            $0.boundsOrdered = { $0 <= $1 }
        },
        mutant("profile.age-range-negative-kept",
               "keeps an age range with a negative bound (§5: either < 0 gives none)") {
            $0.refusesNegativeBounds = false
        },
        mutant("profile.age-range-without-bounds-kept",
               "keeps an age range with neither min nor max as {null, null} (§5: both absent gives none)") {
            $0.ageRangeNeedsBound = false
        },
        mutant("profile.place-id-only",
               "keeps a hometown or location without a name, its name \"\" (§5: id and name both strings)") {
            $0.placeNeedsName = false
        },
        mutant("profile.permissions-from-claims",
               "adds email to the permissions when an email claim is present (§5: permissions <- granted scopes)") {
            $0.permissions = { input in
                input.claims["email"] == nil ? input.grantedPermissions : input.grantedPermissions.union(["email"])
            }
        },
    ]

    private static func mutant(_ name: String, _ description: String, _ bug: (inout ReferenceProfileMaker) -> Void) -> Mutant {
        var model = ReferenceProfileMaker()
        bug(&model)
        // Most §5 rules are the SDK's (DECISIONS.md D31): the mutants claim ios-sdk, whose vectors include every
        // vector of both profiles.
        return Mutant(name: name, description: description, family: .profile, profile: .iosSDK,
                      implementation: model)
    }
}
