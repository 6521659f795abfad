"""profile: the Limited Login profile made from a validated id_token's claims (SPECIFICATION.md §5, §4).

Input: the token's payload as JSON (`claims`: the required claims plus optional claims, some of the wrong type) and
the granted permissions. Expected: `noProfile` when `sub` is absent, not a string or empty; otherwise `created` with
every profile member present, `null` where the profile has none:

- userID = sub; name / firstName / middleName / lastName = name / given_name / middle_name / family_name;
  imageURL = picture; email = email; gender = user_gender; linkURL = user_link (strings kept exactly, "" included,
  except that an empty picture or user_link makes no URL: null under ios-sdk, DECISIONS.md D43);
- friendIDs = user_friends (an array of strings, in order; [] kept);
- birthday = user_birthday parsed as MM/dd/yyyy, written as the calendar date "yyyy-MM-dd" (a date has no time
  zone), null when it is not a real date in that format;
- ageRange = {"min", "max"} from user_age_range, an absent bound null; null when both bounds are absent, either is
  negative or min >= max, the bounds compared by their whole parts (truncated toward zero, D43) and kept as given;
- hometown / location = {"id", "name"} from user_hometown / user_location when both are strings, else null;
- permissions = the granted permissions (a set), isLimited = true.

An optional claim of the wrong type (§4: strings; user_friends an array of strings; user_age_range a non-empty object
of numbers; user_hometown / user_location non-empty objects of strings) is dropped, so its member is null and the
profile is still made. The readings agree (§8 lists no profile difference): no vector names a profile.

Decisions where the spec is terse (each follows from the text, stated so a reviewer can disagree):
- a `sub` that is absent or not a string makes no profile: §5 makes a profile "only when sub is non-empty", and §4
  requires sub to be a non-empty string; a single space is non-empty (as in token-claims);
- friendIDs keeps the claim's order (§5 copies the array);
- hometown / location keep only id and name: an extra string member does not stop the claim from being an object of
  strings (§4) whose id and name are strings (§5).

Cases the specification leaves open, with no vector:
- birthday strings a lenient date parser reads differently from a strict one: one-digit month or day ("1/2/1990"),
  two-digit or five-digit years, other separators ("01-31-1990"), leading or trailing text or whitespace, non-ASCII
  digits, years before the Gregorian calendar (1582), the year 0;
- fractional or huge age bounds, boolean bounds, and members other than min and max in user_age_range beside a bound;
- hometown / location objects holding id and name strings plus a non-string member: §4 drops the claim (not an
  object of strings) where §5 alone would keep it;
- picture and user_link strings that are not URLs (§5 does not say whether imageURL and linkURL are parsed);
- duplicate friend IDs; a non-set permission list;
- claim names in another case (`Email`), or the same claim twice in the payload.
"""

import json
import re
from collections.abc import Iterable, Mapping
from typing import Any, Optional

from .common import B4, B5, NOW, is_documented, permission_set, vector
from .perturbation import PerturbedField
from .shape import (NULL, PERMISSIONS, VERBATIM, Constraint, Family, array, closed, const, defined, document, fld,
                    nullable, number, obj, one_of, outcome, string)

FAMILY = "profile"
DESCRIPTION = (
    "The Limited Login profile made from a validated id_token's claims (SPECIFICATION.md §5, with §4's optional-claim "
    "types): no profile unless sub is a non-empty string; userID from sub; name parts, picture, email, gender and link "
    "from their string claims; friendIDs from user_friends; birthday from user_birthday parsed as MM/dd/yyyy (a "
    "calendar date yyyy-MM-dd, null when it does not parse); ageRange from user_age_range (null when both bounds are "
    "absent, either is negative or min >= max); hometown and location when id and name are strings; permissions from "
    "the granted permissions; isLimited true. An optional claim of the wrong type is dropped: its member is null."
)
# This family has no rejection reason; the one non-created result is described here.
# The SDK check (Scripts/sdk_check/check_sdk.py, docs/sdk-check.md): what its driver calls in the SDK for this family's
# ios-sdk vectors (`runs`), or why they are read, not run (`notRun`).
SDK_CHECK = {
    "notRun": "Profile is an ObjC-bridged class tied to the Graph request stack and image cache; read, not run",
}
# Why the family declares no fault pairs (docs/generated/fault-pairs.md; vectorgen/fault_pairs.py).
NO_FAULT_PAIRS = "its one refusal (noProfile) has no reasons: nothing to order"
# Why the family declares no JSON grammar sites (docs/generated/grammar.md; vectorgen/grammar.py).
NO_GRAMMAR_SITES = "its claims arrive parsed (the token families parse the payload's text): it parses no JSON text"
# Its row in README.md's family table (the generator writes the table): the protocol its implementations adopt
# and what its vectors check, in Markdown.
PROTOCOL = "ProfileMaking"
SUMMARY = (
    "no profile without a non-empty string `sub`; each claim to its own member; optional claims of the wrong type "
    "dropped (member `null`); `user_birthday` read as `MM/dd/yyyy` (not day-first; impossible dates `null`); the "
    "age range's `null` cases; places only when `id` and `name` are strings; `user_friends` order and `[]` kept; "
    "permissions from the grant; most rules `ios-sdk` only (D31) (§5, §4)"
)

REASONS = {
    "noProfile": "the claims carry no usable sub (absent, not a string, or the empty string), so no profile is made",
}

# The shape of a vector (Scripts/vectorgen/shape.py): Vectors/schema/profile.schema.json and fields.json are generated
# from it. PROFILE is also a login-result success's profile (a $ref to this family's schema).
PLACE = defined("place", one_of(NULL, obj(fld("id", string(VERBATIM)), fld("name", string(VERBATIM)))))
# Every member but userID may be left out of an expected profile: a documented vector states only the members its
# claims make (null for an absent claim, and the permissions, are only the SDK's: DECISIONS.md D31); an answer, and
# every ios-sdk vector, states them all.
PROFILE = defined("profile", obj(
    fld("userID", string(VERBATIM, minLength=1)),
    # The string claims, exactly ("" kept); null where the claim is absent or of the wrong type.
    *(fld(name, nullable(string(VERBATIM)), optional=True)
      for name in ("name", "firstName", "middleName", "lastName", "imageURL", "email")),
    fld("friendIDs", nullable(array(string(VERBATIM))), optional=True, description="user_friends in its order; [] is kept"),
    fld("birthday", nullable(string(pattern="^[0-9]{4}-[0-9]{2}-[0-9]{2}$")), optional=True,
        description="the calendar date yyyy-MM-dd (no time zone)"),
    fld("gender", nullable(string(VERBATIM)), optional=True),
    fld("linkURL", nullable(string(VERBATIM)), optional=True),
    fld("ageRange", one_of(NULL, obj(
        fld("min", nullable(number(exclusiveMinimum=-1),
                            description="the whole part is not negative (ios-sdk keeps -0.5, DECISIONS.md D43)")),
        fld("max", nullable(number(exclusiveMinimum=-1))),
        constraints=(Constraint({"not": {"properties": {"min": {"type": "null"}, "max": {"type": "null"}}}},
                                comment="At least one bound."),))), optional=True),
    fld("hometown", PLACE, optional=True),
    fld("location", PLACE, optional=True),
    fld("permissions", PERMISSIONS, optional=True),
    fld("isLimited", const(True), optional=True),
    description="Every member present in an answer and an ios-sdk vector, null where the profile has none; a "
                "documented vector states only the members its claims make (the others are not compared)."),
    home="profile")

SHAPE = Family(
    title="LoginConformance vectors: the Limited Login profile made from claims (SPECIFICATION.md §5, §4)",
    reasons_description="This family has no rejection reason; the one non-created result is described instead.",
    input=closed(
        fld("claims", document(description="A validated Limited Login id_token's payload as JSON; optional claims may "
                                            "have the wrong type (they are then dropped, SPECIFICATION.md §4).")),
        fld("grantedPermissions", PERMISSIONS),
    ),
    outcomes=(
        outcome("created", fld("profile", PROFILE)),
        outcome("noProfile"),
    ),
)

# Rule IDs (Vectors/rules.json).
R_SUB = "profile.sub"
R_NAMES = "profile.names"
R_STRINGS = "profile.string-claims"
R_ABSENT = "profile.absent-claims"
R_WRONG = "profile.wrong-type"
R_FRIENDS = "profile.friends"
R_BIRTHDAY = "profile.birthday"
R_AGE = "profile.age-range"
R_PLACES = "profile.places"
R_PERMISSIONS = "profile.permissions"

SUB = "10157834620091592"
# The required claims of a validated token (§4); the profile uses only sub.
REQUIRED = {
    "jti": "5f0c8a6e-3b1d-4c2e-9a7f-1d2e3f4a5b6c",
    "iss": "https://limited.facebook.com",
    "aud": "1234567890",
    "exp": NOW + 3600,
    "iat": NOW - 60,
    "nonce": "n-0S6_WzA2Mj",
    "sub": SUB,
}
GRANTED = permission_set(["public_profile", "email"])
ALL_GRANTED = permission_set(["public_profile", "email", "user_age_range", "user_birthday", "user_friends",
                              "user_gender", "user_hometown", "user_link", "user_location"])

PICTURE = "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=10157834620091592&height=100&width=100"
LINK = "https://www.facebook.com/app_scoped_user_id/10157834620091592/"
FULL_CLAIMS = {
    "name": "Jane Quinn Doe",
    "given_name": "Jane",
    "middle_name": "Quinn",
    "family_name": "Doe",
    "picture": PICTURE,
    "email": "jane.doe@example.com",
    "user_friends": ["10157834620091001", "10157834620091002"],
    "user_birthday": "07/14/1990",
    "user_gender": "female",
    "user_link": LINK,
    "user_age_range": {"min": 21},
    "user_hometown": {"id": "108", "name": "Hanoi, Vietnam"},
    "user_location": {"id": "110", "name": "Paris, France"},
}
FULL_PROFILE: dict[str, Any] = {
    "name": "Jane Quinn Doe",
    "firstName": "Jane",
    "middleName": "Quinn",
    "lastName": "Doe",
    "imageURL": PICTURE,
    "email": "jane.doe@example.com",
    "friendIDs": ["10157834620091001", "10157834620091002"],
    "birthday": "1990-07-14",
    "gender": "female",
    "linkURL": LINK,
    "ageRange": {"min": 21, "max": None},
    "hometown": {"id": "108", "name": "Hanoi, Vietnam"},
    "location": {"id": "110", "name": "Paris, France"},
}
assert PROFILE.shape is not None  # obj() gives the profile its shape
PROFILE_MEMBERS = tuple(f.name for f in PROFILE.shape.fields)  # the declared members, in their order


def _input(claims: Optional[Mapping[str, Any]] = None, granted: Iterable[str] = GRANTED) -> dict[str, Any]:
    return {"claims": {**REQUIRED, **(claims or {})}, "grantedPermissions": permission_set(granted)}


def created(granted: Iterable[str] = GRANTED, user_id: str = SUB, **members: Any) -> dict[str, Any]:
    """The created profile: every member null unless given (members use the profile's names)."""
    profile: dict[str, Any] = {name: None for name in PROFILE_MEMBERS}
    profile.update(userID=user_id, permissions=permission_set(granted), isLimited=True)
    for name, value in members.items():
        if name not in PROFILE_MEMBERS:
            raise ValueError(f"unknown profile member {name}")
        profile[name] = value
    return {"result": "created", "profile": profile}


NO_PROFILE = {"result": "noProfile"}


def _v(group: str, case: str, description: str, severity: str, refs: list[str], input: dict[str, Any],
       expected: dict[str, Any], rules: list[str], profiles: Optional[list[str]] = None) -> dict[str, Any]:
    # Every profile made states all its members, null for each absent claim: only the SDK's code says so (DECISIONS.md
    # D31), so a vector expecting a profile holds under ios-sdk only.
    if expected.get("result") == "created" and "profile.absent-claims" not in rules:
        rules = list(rules) + ["profile.absent-claims"]
    if profiles is not None:  # a vector new in 0.4.0 that holds under one profile names it (never a D31 move)
        case = f"{case}.{profiles[0]}"
    if R_BIRTHDAY in rules:
        # DECISIONS.md D52: the SDK's DateFormatter sets no calendar or locale, so it parses with the device's; every
        # vector that reads user_birthday states the Gregorian calendar it assumes.
        description += GREGORIAN
        refs = list(refs) + [D_GREGORIAN]
    return vector(f"{FAMILY}::{group}::{case}", description, severity, refs, input, expected, profiles, rules=rules)


GREGORIAN = " (assuming the device's calendar is the Gregorian one)"
D_GREGORIAN = "DECISIONS.md D52"


# ---------------------------------------------------------------------------------------------------------------
# The whole profile: only the required claims; every optional claim valid.
def _whole() -> list[dict[str, Any]]:
    return [
        _v("whole", "required-claims-only",
           "only the required claims: a profile with userID = sub, permissions and isLimited, every other member null",
           "critical", [B5], _input(), created(), [R_SUB, R_ABSENT, R_PERMISSIONS]),
        _v("whole", "every-optional-claim",
           "every optional claim present with the right type: each profile member comes from its claim",
           "critical", [B5, B4], _input(FULL_CLAIMS, ALL_GRANTED), created(ALL_GRANTED, **FULL_PROFILE),
           [R_SUB, R_NAMES, R_STRINGS, R_FRIENDS, R_BIRTHDAY, R_AGE, R_PLACES, R_PERMISSIONS]),
        _v("whole", "unknown-claims-ignored",
           "claims outside the lists (at_hash, auth_time, picture_large) change nothing: every other member null",
           "medium", [B5, B4],
           _input({"at_hash": "HK6E_P6Dh8Y93mRNtsDB1Q", "auth_time": NOW - 120, "picture_large": PICTURE}),
           created(), [R_ABSENT]),
    ]


# ---------------------------------------------------------------------------------------------------------------
# sub: a profile only when sub is a non-empty string.
def _sub() -> list[dict[str, Any]]:
    without_sub = {k: v for k, v in REQUIRED.items() if k != "sub"}
    cases = [
        ("empty", {"sub": ""}, NO_PROFILE, "an empty sub makes no profile", "critical"),
        ("missing", None, NO_PROFILE, "no sub claim makes no profile", "critical"),
        ("number", {"sub": 100001}, NO_PROFILE, "a numeric sub is not a string: no profile", "high"),
        ("null", {"sub": None}, NO_PROFILE, "a null sub makes no profile", "high"),
        ("single-space", {"sub": " "}, created(user_id=" "),
         "a sub of one space is non-empty: a profile whose userID is the space, untrimmed", "medium"),
        ("non-numeric", {"sub": "abc-123"}, created(user_id="abc-123"),
         "a non-numeric sub is used as the userID exactly", "medium"),
    ]
    out = []
    for case, edit, expected, description, severity in cases:
        if edit is None:
            inp = {"claims": dict(without_sub), "grantedPermissions": GRANTED}
        else:
            inp = _input(edit)
        out.append(_v("sub", case, description, severity, [B5, B4], inp, expected, [R_SUB]))
    out.append(_v("sub", "empty-with-other-claims",
                  "an empty sub makes no profile even when every optional claim is valid",
                  "critical", [B5], _input({**FULL_CLAIMS, "sub": ""}, ALL_GRANTED), NO_PROFILE, [R_SUB]))
    return out


# ---------------------------------------------------------------------------------------------------------------
# String claims: each to its own member, exactly; a wrong type is dropped.
STRING_CLAIMS = [
    ("name", "name", "Nguyễn Thị Minh Khai", R_NAMES),
    ("given_name", "firstName", "Minh", R_NAMES),
    ("middle_name", "middleName", "Thị", R_NAMES),
    ("family_name", "lastName", "Nguyễn", R_NAMES),
    ("picture", "imageURL", PICTURE, R_STRINGS),
    ("email", "email", "minh.nguyen@example.com", R_STRINGS),
    ("user_gender", "gender", "non-binary", R_STRINGS),
    ("user_link", "linkURL", LINK, R_STRINGS),
]
WRONG_STRING = {
    "name": (42, "the number 42"),
    "given_name": (None, "null"),
    "middle_name": (True, "the boolean true"),
    "family_name": (["Doe"], "an array holding a string"),
    "picture": ({"data": {"url": PICTURE}}, "an object (the Graph API's picture shape)"),
    "email": (["jane.doe@example.com"], "an array holding a string"),
    "user_gender": (1, "the number 1"),
    "user_link": (False, "the boolean false"),
}


def _strings() -> list[dict[str, Any]]:
    out = []
    for claim, member, value, rule in STRING_CLAIMS:
        out.append(_v("string-claims", f"{claim}.kept",
                      f"{claim} alone becomes the profile's {member}, exactly; every other member stays null",
                      "high", [B5], _input({claim: value}), created(**{member: value}), [rule, R_ABSENT]))
    for claim, member, _, _ in STRING_CLAIMS:
        wrong, what = WRONG_STRING[claim]
        out.append(_v("string-claims", f"{claim}.wrong-type",
                      f"{claim} is {what}, not a string: dropped (§4), so {member} is null and the profile is made",
                      "high", [B5, B4], _input({claim: wrong}), created(), [R_WRONG]))
    out.append(_v("string-claims", "name-parts-distinct",
                  "name, given_name, middle_name and family_name with distinct values each land in their own member",
                  "high", [B5], _input({"name": "Dr. A B C", "given_name": "A", "middle_name": "B", "family_name": "C"}),
                  created(name="Dr. A B C", firstName="A", middleName="B", lastName="C"), [R_NAMES]))
    # Letter case and surrounding whitespace are part of the value (completeness blind round 1: a profile maker that
    # lower-cased the email passed every vector, whose strings were all lower case or already trimmed).
    mixed = {"email": "Minh.Nguyen@Example.COM", "user_gender": "Non-Binary", "name": "NGUYỄN Thị Minh Khai"}
    out.append(_v("string-claims", "letter-case-kept",
                  "email, user_gender and name in mixed case are kept exactly: no case folding of an address, a "
                  "gender or a name", "high", [B5], _input(mixed),
                  created(email=mixed["email"], gender=mixed["user_gender"], name=mixed["name"]), [R_STRINGS, R_NAMES]))
    spaced = {"email": " minh.nguyen@example.com ", "given_name": "Minh\t", "family_name": "\u00a0Nguyễn"}
    out.append(_v("string-claims", "surrounding-whitespace-kept",
                  "email with a space at each end, given_name ending in a tab and family_name starting with a no-break "
                  "space are kept exactly: never trimmed", "high", [B5], _input(spaced),
                  created(email=spaced["email"], firstName=spaced["given_name"], lastName=spaced["family_name"]),
                  [R_STRINGS, R_NAMES]))
    out.append(_v("string-claims", "empty-strings-kept",
                  "given_name and email are empty strings, which are strings: kept as \"\", not null",
                  "medium", [B5, B4], _input({"given_name": "", "email": ""}),
                  created(firstName="", email=""), [R_NAMES, R_STRINGS]))
    return out


# ---------------------------------------------------------------------------------------------------------------
# user_friends: an array of strings, kept in order ([] kept); anything else dropped.
def _friends() -> list[dict[str, Any]]:
    kept = [
        ("kept-in-order", ["10157834620091003", "10157834620091001", "10157834620091002"],
         "is an array of strings: friendIDs holds it in the claim's order (not sorted)"),
        ("empty-array", [], "is an empty array: kept as [], not null"),
    ]
    dropped = [
        ("string", "10157834620091001", "a string"),
        ("number-element", [10157834620091001], "an array holding a number"),
        ("null-element", ["10157834620091001", None], "an array holding a string and null"),
        ("object", {"data": [{"id": "10157834620091001"}]}, "an object (the Graph API's friends shape)"),
    ]
    out = [_v("friends", c, f"user_friends {d}", "high", [B5, B4], _input({"user_friends": value}),
              created(friendIDs=value), [R_FRIENDS])
           for c, value, d in kept]
    out += [_v("friends", c, f"user_friends is {d}, not an array of strings: dropped, friendIDs null",
               "high", [B5, B4], _input({"user_friends": value}), created(), [R_WRONG])
            for c, value, d in dropped]
    return out


# ---------------------------------------------------------------------------------------------------------------
# user_birthday: MM/dd/yyyy -> yyyy-MM-dd; null when it is not a real date in that format.
BIRTHDAYS = [
    ("month-first", "12/01/1990", "1990-12-01", "12/01/1990 is 1 December (MM/dd), not 12 January"),
    ("january-second", "01/02/1990", "1990-01-02", "01/02/1990 is 2 January (MM/dd), not 1 February"),
    ("end-of-year", "12/31/1999", "1999-12-31", "12/31/1999 is the last day of 1999"),
    ("leap-day", "02/29/2000", "2000-02-29", "02/29/2000 exists: 2000 is a leap year"),
    ("early-year", "03/15/1905", "1905-03-15", "a 1905 birthday is written with its four-digit year"),
    ("month-13", "13/01/1990", None, "month 13 does not exist"),
    ("month-00", "00/15/1990", None, "month 00 does not exist"),
    ("day-32", "12/32/1990", None, "day 32 does not exist"),
    ("day-00", "06/00/1990", None, "day 00 does not exist"),
    ("april-31", "04/31/1990", None, "31 April does not exist"),
    ("february-30", "02/30/1990", None, "30 February does not exist"),
    ("leap-day-2001", "02/29/2001", None, "29 February 2001 does not exist (not a leap year)"),
    ("leap-day-1900", "02/29/1900", None, "29 February 1900 does not exist (1900 is not a leap year)"),
    ("day-first", "31/01/1990", None, "31/01/1990 is day-first order: month 31 does not exist"),
    ("iso", "1990-01-31", None, "the ISO format yyyy-MM-dd is not MM/dd/yyyy"),
    ("empty", "", None, "the empty string is not a date"),
]


def _birthday() -> list[dict[str, Any]]:
    out = [_v("birthday", case, f"user_birthday {text!r}: {why}, so birthday is {expected or 'null'}",
              "high" if expected is not None else "medium", [B5], _input({"user_birthday": text}),
              created(birthday=expected), [R_BIRTHDAY])
           for case, text, expected, why in BIRTHDAYS]
    out.append(_v("birthday", "number", "user_birthday is the number 7141990, not a string: dropped, birthday null",
                  "medium", [B5, B4], _input({"user_birthday": 7141990}), created(), [R_WRONG]))
    return out


# ---------------------------------------------------------------------------------------------------------------
# user_age_range: §4 a non-empty object of numbers; §5 null when both bounds absent, either < 0, or min >= max.
AGE_RANGES = [
    ("min-only", {"min": 21}, {"min": 21, "max": None}, R_AGE, "is 21 and over: max null"),
    ("min-and-max", {"min": 18, "max": 20}, {"min": 18, "max": 20}, R_AGE, "is kept with both bounds"),
    ("max-only", {"max": 17}, {"min": None, "max": 17}, R_AGE, "is under 18: min null"),
    ("min-zero", {"min": 0, "max": 12}, {"min": 0, "max": 12}, R_AGE, "is kept: a bound of 0 is not negative"),
    ("min-negative", {"min": -1, "max": 17}, None, R_AGE, "has a negative min: no age range"),
    ("max-negative", {"max": -1}, None, R_AGE, "has a negative max: no age range"),
    ("min-equals-max", {"min": 21, "max": 21}, None, R_AGE, "has min == max: no age range"),
    ("min-above-max", {"min": 21, "max": 18}, None, R_AGE, "has min > max: no age range"),
    ("no-bounds", {"age": 21}, None, R_AGE,
     "is an object of numbers without min and max: both bounds absent, no age range"),
    ("empty-object", {}, None, R_WRONG, "is not a non-empty object of numbers: dropped"),
    ("string-bound", {"min": "21"}, None, R_WRONG, "has a string bound, not a number: the claim is dropped"),
    ("null-bound", {"min": 18, "max": None}, None, R_WRONG, "has a null max, not a number: the claim is dropped"),
    ("number", 21, None, R_WRONG, "is a number, not an object: dropped"),
    ("array", [18, 20], None, R_WRONG, "is an array, not an object: dropped"),
]


def _age_range() -> list[dict[str, Any]]:
    return [_v("age-range", case, f"user_age_range {json.dumps(value)} {why}", "high", [B5, B4], _input({"user_age_range": value}),
               created(ageRange=expected), [rule])
            for case, value, expected, rule, why in AGE_RANGES]


# DECISIONS.md D43: the SDK compares the bounds by their whole parts (NSNumber longValue, truncated toward
# zero) and keeps the numbers as given; and it makes imageURL / linkURL with URL(string:), which makes no URL from
# an empty string. Only the SDK's code states either (the documents give whole-number ranges and URL strings), so
# the vectors hold under ios-sdk only.
R_AGE_WHOLE = "profile.age-range.whole-parts.ios-sdk"
R_URL_EMPTY = "profile.url-claims.empty.ios-sdk"
FRACTIONAL_AGE_RANGES = [
    ("fractional-bounds-kept", {"min": 17.5, "max": 21}, {"min": 17.5, "max": 21},
     "has a fractional min: its whole part 17 is below 21, so the range is kept with 17.5 as given"),
    ("fractional-same-whole-part", {"min": 20.2, "max": 20.8}, None,
     "has bounds whose whole parts are both 20: min >= max once truncated, so no age range though 20.2 < 20.8"),
    ("fractional-negative-truncates-to-zero", {"min": -0.5, "max": 12}, {"min": -0.5, "max": 12},
     "has min -0.5, whose whole part is 0 (truncated toward zero), not negative: the range is kept as given"),
    ("fractional-max-below-one", {"max": 0.5}, {"min": None, "max": 0.5},
     "has max 0.5, whose whole part 0 is not negative: kept as given"),
]


def _fractional_age_range() -> list[dict[str, Any]]:
    refs = [B5, B4, "sdk:FBSDKCoreKit/FBSDKCoreKit/FBSDKUserAgeRange.m#L31-L48", "DECISIONS.md D43"]
    return [_v("age-range", case, f"user_age_range {json.dumps(value)} {why}", "medium", refs,
               _input({"user_age_range": value}), created(ageRange=expected), [R_AGE_WHOLE, R_AGE], ["ios-sdk"])
            for case, value, expected, why in FRACTIONAL_AGE_RANGES]


def _empty_urls() -> list[dict[str, Any]]:
    refs = [B5, "sdk:FBSDKLoginKit/FBSDKLoginKit/Internal/LoginURLCompleter.swift#L315-L333", "DECISIONS.md D43"]
    return [
        _v("string-claims", "picture.empty", "picture is the empty string: URL(string:) makes no URL of it, so "
           "imageURL is null (unlike an empty name, which is kept as \"\")", "medium", refs,
           _input({"picture": ""}), created(), [R_URL_EMPTY], ["ios-sdk"]),
        _v("string-claims", "user_link.empty", "user_link is the empty string: URL(string:) makes no URL of it, so "
           "linkURL is null", "medium", refs, _input({"user_link": ""}), created(), [R_URL_EMPTY], ["ios-sdk"]),
        _v("string-claims", "picture-and-link-empty-name-kept", "picture and user_link empty are null but an empty "
           "given_name beside them is kept as \"\": only the URL members drop an empty string", "medium", refs,
           _input({"picture": "", "user_link": "", "given_name": ""}), created(firstName=""),
           [R_URL_EMPTY, R_STRINGS], ["ios-sdk"]),
    ]


# ---------------------------------------------------------------------------------------------------------------
# user_hometown / user_location: {id, name} when both are strings, else null.
def _places() -> list[dict[str, Any]]:
    hanoi = {"id": "108", "name": "Hanoi, Vietnam"}
    paris = {"id": "110", "name": "Paris, France"}
    out = [
        _v("places", "hometown-kept", "user_hometown with string id and name is the hometown; location stays null",
           "high", [B5], _input({"user_hometown": hanoi}), created(hometown=hanoi), [R_PLACES, R_ABSENT]),
        _v("places", "location-kept", "user_location with string id and name is the location; hometown stays null",
           "high", [B5], _input({"user_location": paris}), created(location=paris), [R_PLACES, R_ABSENT]),
        _v("places", "both-kept-apart", "user_hometown and user_location each land in their own member",
           "high", [B5], _input({"user_hometown": hanoi, "user_location": paris}),
           created(hometown=hanoi, location=paris), [R_PLACES]),
        _v("places", "extra-string-member",
           "user_location with id, name and another string member: the location is {id, name} only",
           "medium", [B5, B4], _input({"user_location": {**paris, "country": "France"}}),
           created(location=paris), [R_PLACES]),
    ]
    nulls = [
        ("hometown-without-name", "user_hometown", {"id": "108"}, R_PLACES, "has no name"),
        ("location-without-id", "user_location", {"name": "Paris, France"}, R_PLACES, "has no id"),
        ("hometown-number-id", "user_hometown", {"id": 108, "name": "Hanoi, Vietnam"}, R_WRONG,
         "has a numeric id (not an object of strings)"),
        ("location-null-name", "user_location", {"id": "110", "name": None}, R_WRONG,
         "has a null name (not an object of strings)"),
        ("hometown-empty-object", "user_hometown", {}, R_WRONG, "is an empty object"),
        ("location-string", "user_location", "Paris, France", R_WRONG, "is a string, not an object"),
    ]
    member = {"user_hometown": "hometown", "user_location": "location"}
    out += [_v("places", case, f"{claim} {why}: {member[claim]} is null", "high", [B5, B4], _input({claim: value}),
               created(), [rule])
            for case, claim, value, rule, why in nulls]
    return out


# ---------------------------------------------------------------------------------------------------------------
# permissions = the granted permissions; isLimited = true.
def _permissions() -> list[dict[str, Any]]:
    return [
        _v("permissions", "none-granted", "no granted permissions: permissions is [] and isLimited is true",
           "high", [B5], _input(granted=[]), created(granted=[]), [R_PERMISSIONS]),
        _v("permissions", "not-from-claims",
           "permissions are the granted ones, not inferred from the claims present (email claim, email not granted)",
           "high", [B5], _input({"email": "jane.doe@example.com"}, granted=["public_profile"]),
           created(granted=["public_profile"], email="jane.doe@example.com"), [R_PERMISSIONS, R_STRINGS]),
    ]


def vectors() -> list[dict[str, Any]]:
    out = (_whole() + _sub() + _strings() + _friends() + _birthday() + _age_range() + _places() + _permissions()
           + _fractional_age_range() + _empty_urls())
    return out + _documented_twins(out)


# ---------------------------------------------------------------------------------------------------------------
# The documented reading of every rule of both readings (completeness blind round 2: a documented profile maker was
# checked by nothing but the noProfile vectors). Each vector that expects a profile holds under ios-sdk only because
# it states every member, null for an absent claim, and the permissions (DECISIONS.md D31); its documented twin, over
# the same input, states only userID and the members the claims it carries make. A vector resting on another
# ios-sdk-only rule (a wrong type dropped, an empty URL claim, a fractional age bound) has no twin.
CLAIM_MEMBERS = {"name": "name", "given_name": "firstName", "middle_name": "middleName", "family_name": "lastName",
                 "picture": "imageURL", "email": "email", "user_friends": "friendIDs", "user_birthday": "birthday",
                 "user_gender": "gender", "user_link": "linkURL", "user_age_range": "ageRange",
                 "user_hometown": "hometown", "user_location": "location"}
SDK_STATED = {"profile.absent-claims.ios-sdk", "profile.permissions.ios-sdk"}  # what a twin leaves out


def _documented_profile(claims: Iterable[str], profile: Mapping[str, Any]) -> dict[str, Any]:
    """What the documented reading compares of a made profile: userID and the members the claims present make."""
    members = ["userID"] + [CLAIM_MEMBERS[claim] for claim in claims if claim in CLAIM_MEMBERS]
    return {"result": "created", "profile": {m: profile[m] for m in members}}


def _documented_twins(vectors: list[dict[str, Any]]) -> list[dict[str, Any]]:
    twins = []
    for v in vectors:
        if v["expected"]["result"] != "created" or v.get("profiles") != ["ios-sdk"]:
            continue
        rules = [rule for rule in v["rules"] if rule not in SDK_STATED]
        if not rules or any(rule.endswith(".ios-sdk") for rule in rules) or "::permissions::" in v["id"]:
            continue  # (the permissions group is about the permissions, which a twin leaves out)
        # The original's words about the members left null are the SDK's: the twin says what it compares instead.
        description = re.sub(r"[;,] every other member (stays )?null", "", v["description"])
        twins.append(vector(v["id"].removesuffix(".ios-sdk") + ".documented",
                            description + "; the documented reading compares only the members these claims make",
                            v["severity"], [ref for ref in v["refs"] if ref != "DECISIONS.md D31"] + ["DECISIONS.md D31"],
                            v["input"], _documented_profile(v["input"]["claims"], v["expected"]["profile"]),
                            ["documented"], rules=rules))
    return twins


# ---------------------------------------------------------------------------------------------------------------
# Perturbations (vectorgen/perturbation.py): sub, name and email in one payload, each holding a fi pair (NFKC folds
# it) and an é (NFD decomposes it), and a granted permission, each perturbed alone. Strings are kept exactly, "" and
# surrounding or invisible characters included (profile.string-claims, profile.names); an empty sub makes no profile
# and any other sub, a space or a NUL included, is non-empty (profile.sub); the permissions are the granted ones as
# given (profile.permissions, which only the SDK's code states: ios-sdk).
PERTURBED_CLAIMS = {"sub": "fi-sub-\u00e9-10157834620091592", "name": "fi-Nguy\u1ec5n Th\u1ecb Minh",
                    "email": "fi.minh@ex\u00e1mple.com"}


def _perturbed_reading(i: dict[str, Any], reading: str) -> tuple[dict[str, Any], list[str]]:
    claims = i["claims"]
    if claims["sub"] == "":
        return NO_PROFILE, [R_SUB]
    made = created(i["grantedPermissions"], user_id=claims["sub"], name=claims["name"], email=claims["email"])
    rules = [R_SUB, R_NAMES, R_STRINGS, R_ABSENT, R_PERMISSIONS]
    if not is_documented(reading):
        return made, rules
    return _documented_profile(claims, made["profile"]), [r for r in rules if r not in (R_ABSENT, R_PERMISSIONS)]


def _permission_reading(i: dict[str, Any], reading: str) -> tuple[dict[str, Any], list[str]]:
    claims = i["claims"]
    return created(i["grantedPermissions"], user_id=claims["sub"], name=claims["name"], email=claims["email"]), \
        [R_PERMISSIONS, R_ABSENT]


def _claim(name: str) -> dict[str, Any]:
    return {"covers": "claims", "get": lambda i: i["claims"][name],
            "put": lambda i, value: {**i, "claims": {**i["claims"], name: value}}}


_PERTURBED_BASE = _input(PERTURBED_CLAIMS)
PERTURBATIONS: tuple[PerturbedField, ...] = (
    *(PerturbedField(FAMILY, claim, _PERTURBED_BASE, _perturbed_reading, (B5, B4), severity="high", **_claim(claim))
      for claim in PERTURBED_CLAIMS),
    PerturbedField(FAMILY, "permission", _PERTURBED_BASE, _permission_reading, (B5,), covers="grantedPermissions[]",
                   irrelevant={"decomposed": R_PERMISSIONS + ".ios-sdk"},  # public_profile: ASCII, its fi folds
                   get=lambda i: "public_profile",
                   put=lambda i, value: {**i, "grantedPermissions": permission_set(
                       [p for p in i["grantedPermissions"] if p != "public_profile"] + [value])}),
)


# The claims as a whole (kind object) and the granted permissions as a set (kind set), from the same payload: a
# member no rule reads changes nothing and the members' order is no part of the payload (the claims are read by
# name); claims without sub make no profile (profile.sub); the permissions are the granted ones as given, whatever
# they hold (profile.permissions, ios-sdk).
def _claims_reading(i: dict[str, Any], reading: str) -> tuple[dict[str, Any], list[str]]:
    if "sub" not in i["claims"]:
        return NO_PROFILE, [R_SUB]
    return _perturbed_reading(i, reading)


PERTURBATIONS += (
    PerturbedField(FAMILY, "claims", _PERTURBED_BASE, _claims_reading, (B5, B4, "DECISIONS.md D64"), severity="high",
                   kind="object"),
    PerturbedField(FAMILY, "grantedPermissions", _PERTURBED_BASE, _permission_reading, (B5, "DECISIONS.md D64"),
                   kind="set"),
)
