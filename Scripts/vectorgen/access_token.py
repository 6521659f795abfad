"""access-token: the questions an app asks its access token (SPECIFICATION.md §6).

Every vector states a whole token (token string, user ID, the three permission sets, the expiration and data access
expiration dates, `null` meaning "never"), the time `now`, and one question: `hasGranted` (with the `permission`
asked about), `isExpired` or `isDataAccessExpired`. The expected answer follows from the §6 rules only:

- hasGranted(p): p is an element of `permissions`, compared code point by code point. No case folding, no trimming,
  no Unicode normalisation (NFC and NFD spellings are different permissions; so are full-width letters), no prefix,
  suffix or substring match, no permission-syntax check. A permission that is only declined or only expired is not
  in `permissions`, so it is not granted. The dates play no part: an expired token still holds its permissions.
- isExpired: expirationDate < now, strictly (equal is not expired); null never expires.
- isDataAccessExpired: dataAccessExpirationDate < now, strictly; null never expires. Each question reads its own
  date only.

Numbers are epoch seconds and compare by value; fractions are ordinary (1767225600.25 is a quarter of a second after
1767225600), and epoch 0 and negative values are ordinary past dates (unlike §3's "> 0" rule for callback
parameters, which is about parsing a callback, not about comparing dates).

Cases the specification leaves open, deliberately without a vector:
- a permission that is in `permissions` and also in `declinedPermissions` or `expiredPermissions`: §6 names the three
  sets and says "exact membership in permissions", but not whether the sets can overlap or whether a declined or
  expired entry overrides a granted one, so an implementation that rejects or normalises such a token is not wrong;
- duplicates inside one permission list (the lists are sets; the files list them sorted and unique);
- non-finite dates (JSON has no NaN or infinity) and `now` itself missing (every vector states it);
- what the Graph API allows a token whose data access expired (outside §6; hasGranted itself is defined on the
  permissions alone, which the `dates-ignored` vectors encode).
"""

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Optional, cast

from .common import B6, NOW, SEED_LOGIN_REVIEW_JA, SEED_PERMISSIONS_JA, SEED_PERMISSIONS_ZH, permission_set, vector
from .perturbation import PerturbedField
from .shape import (EPOCH_SECONDS, OPAQUE, PERMISSIONS, Constraint, Family, boolean, closed, common, defined, enum, fld,
                    nullable, obj, outcome, string)

FAMILY = "access-token"
DESCRIPTION = (
    "An access token's answers to the three questions apps ask it: hasGranted(permission) = exact, code point by "
    "code point membership in the token's permissions (no case folding, trimming, Unicode normalisation or "
    "substring match; a permission that is only declined or only expired is not granted; the dates play no part), "
    "isExpired = expirationDate < now and isDataAccessExpired = dataAccessExpirationDate < now, both strict (equal "
    "is not expired), a null date never expiring and each question reading its own date only (SPECIFICATION.md §6)."
)
# This family has no rejection reason; the one kind of outcome is described here.
# The SDK check (Scripts/sdk_check/check_sdk.py, docs/sdk-check.md): what its driver calls in the SDK for this family's
# ios-sdk vectors (`runs`), or why they are read, not run (`notRun`).
SDK_CHECK = {
    "notRun": "FBSDKAccessToken is Objective-C; read, not run",
}
# Why the family declares no fault pairs (docs/generated/fault-pairs.md; vectorgen/fault_pairs.py).
NO_FAULT_PAIRS = "it computes an answer for every input and refuses none: nothing to order"
# Why the family declares no JSON grammar sites (docs/generated/grammar.md; vectorgen/grammar.py).
NO_GRAMMAR_SITES = "its inputs are values: it parses no JSON text"
# Its row in README.md's family table (the generator writes the table): the protocol its implementations adopt
# and what its vectors check, in Markdown.
PROTOCOL = "AccessTokenEvaluating"
SUMMARY = (
    "`hasGranted` = exact, code point by code point membership in `permissions` (no case folding, trimming, NFC/NFD "
    "or NFKC folding, substring match; declined-only and expired-only permissions not granted; the dates play no "
    "part); `isExpired` = `expirationDate < now` (`ios-sdk`), `isDataAccessExpired` = `dataAccessExpirationDate < "
    "now`, strict, null = never (`ios-sdk`), each reading its own date (§6)"
)

REASONS = {
    "answer": (
        "the token's answer to the question: true or false; both are ordinary answers, not verdicts on the input"
    ),
}

QUESTIONS = ("hasGranted", "isExpired", "isDataAccessExpired")

# The shape of a vector (Scripts/vectorgen/shape.py): Vectors/schema/access-token.schema.json and fields.json are
# generated from it.
DATE = defined("date", nullable(EPOCH_SECONDS, description="epoch seconds; null: never expires"))
TOKEN = defined("token", obj(
    # No question reads the token string or the user ID.
    fld("tokenString", string(OPAQUE, minLength=1)),
    fld("userID", string(OPAQUE)),
    fld("permissions", common("permissionList", description="the granted permissions, as exact strings (not checked "
                                                            "against the permission syntax)")),
    fld("declinedPermissions", PERMISSIONS),
    fld("expiredPermissions", PERMISSIONS),
    fld("expirationDate", DATE),
    fld("dataAccessExpirationDate", DATE)))
SHAPE = Family(
    title="LoginConformance vectors: access token questions (SPECIFICATION.md §6)",
    reasons_description="This family has no rejection reason; the one kind of outcome (an answer) is described "
                        "instead.",
    input=closed(
        fld("token", TOKEN),
        fld("now", EPOCH_SECONDS, description="the time of the question (the expiry questions read it; hasGranted "
                                              "does not)"),
        fld("question", enum(QUESTIONS)),
        # Membership compared code point by code point (rule access-token.granted.exact).
        fld("permission", string(), optional=True,
            description="the permission asked about, exactly as the app passes it"),
        constraints=(Constraint({"if": {"properties": {"question": {"const": "hasGranted"}}},
                                 "then": {"required": ["permission"]},
                                 "else": {"not": {"required": ["permission"]}}},
                                comment="permission is present exactly when the question is hasGranted."),),
    ),
    outcomes=(
        outcome("answer", fld("answer", boolean())),
    ),
)

# ---------------------------------------------------------------------------------------------------------------
# Fixed values.
HOUR = 3600
DAY = 86400
TOKEN_STRING = "test-access-token-0001"
USER = "100001"
GRANTED = ["email", "public_profile", "user_friends"]
DECLINED = ["user_birthday", "user_location"]
EXPIRED = ["user_location", "user_photos"]  # user_location: both declined and expired
EXPIRES = NOW + 60 * DAY  # a long-lived token
DATA_ACCESS_EXPIRES = NOW + 90 * DAY
YEAR_2100 = 4102444800
YEAR_4001 = 64092211200  # about NSDate.distantFuture

GRANTED_REFS = [B6, SEED_PERMISSIONS_ZH, SEED_PERMISSIONS_JA]  # documented usage: hasGranted("email")
EXPIRY_REFS = [B6]
DATA_ACCESS_REFS = [B6, SEED_LOGIN_REVIEW_JA]  # documented: reauthorize when data access expired

# Rule IDs (Vectors/rules.json).
R_EXACT = "access-token.granted.exact"
R_DECLINED = "access-token.granted.declined"
R_EXPIRED_PERMISSION = "access-token.granted.expired-permission"
R_IGNORES_DATES = "access-token.granted.ignores-dates"
R_EXPIRED = "access-token.expired.strict"
R_EXPIRED_NEVER = "access-token.expired.never"
R_DATA = "access-token.data-access.strict"
R_DATA_NEVER = "access-token.data-access.never"
R_INDEPENDENT = "access-token.dates.independent"


def _token(permissions: Iterable[str] = GRANTED, declined: Iterable[str] = DECLINED, expired: Iterable[str] = EXPIRED,
           expiration: Optional[float] = EXPIRES, data_access: Optional[float] = DATA_ACCESS_EXPIRES) -> dict[str, Any]:
    return {
        "tokenString": TOKEN_STRING,
        "userID": USER,
        "permissions": permission_set(permissions),
        "declinedPermissions": permission_set(declined),
        "expiredPermissions": permission_set(expired),
        "expirationDate": expiration,
        "dataAccessExpirationDate": data_access,
    }


def _ask(token: dict[str, Any], question: str, now: float = NOW, permission: Optional[str] = None) -> dict[str, Any]:
    query: dict[str, Any] = {"token": token, "now": now, "question": question}
    if question == "hasGranted":
        query["permission"] = permission
    elif permission is not None:
        raise ValueError("permission belongs to hasGranted only")
    return query


def _answer(value: bool) -> dict[str, Any]:
    return {"result": "answer", "answer": value}


def _rules_say(query: Mapping[str, Any]) -> bool:
    """The §6 rules, written once, independently of the tables below."""
    token, now = query["token"], query["now"]
    if query["question"] == "hasGranted":
        asked = query["permission"]
        # Python's str == compares code points: exactly the comparison §6 asks for.
        return any(held == asked for held in token["permissions"])
    date = token["expirationDate" if query["question"] == "isExpired" else "dataAccessExpirationDate"]
    return date is not None and date < now


def _v(group: str, case: str, description: str, severity: str, refs: list[str], query: dict[str, Any], answer: bool,
       rules: list[str], profiles: Optional[list[str]] = None) -> dict[str, Any]:
    if _rules_say(query) != answer:
        raise ValueError(f"access-token::{group}::{case}: the table says {answer}, the §6 rules say the opposite")
    if profiles is not None:  # a vector new in 0.4.0 that holds under one profile names it (never a D31 move)
        case = f"{case}.{profiles[0]}"
    return vector(f"access-token::{group}::{case}", description, severity, refs, query, _answer(answer), profiles,
                  rules=rules)


# ---------------------------------------------------------------------------------------------------------------
# hasGranted: exact membership in permissions.
NFC = "user_caf\u00e9"  # a composed é (U+00E9)
NFD = "user_cafe\u0301"  # e + COMBINING ACUTE ACCENT (U+0301): canonically equivalent, other code points


def _granted() -> list[dict[str, Any]]:
    t = _token()
    cases = [
        ("email", "email is in permissions, so it is granted", "critical", t, "email", True),
        ("public-profile", "public_profile is in permissions, so it is granted", "high", t, "public_profile", True),
        ("never-requested", "user_likes is in none of the three sets, so it is not granted", "high", t,
         "user_likes", False),
        ("upper-case-initial", "Email differs from the granted email in case; no case folding, so not granted",
         "critical", t, "Email", False),
        ("all-upper-case", "EMAIL differs from the granted email in case; no case folding, so not granted",
         "critical", t, "EMAIL", False),
        ("leading-space", "' email' is not trimmed, so it is not the granted email", "high", t, " email", False),
        ("trailing-space", "'email ' is not trimmed, so it is not the granted email", "high", t, "email ", False),
        ("trailing-newline", "'email' followed by LF is not trimmed, so it is not the granted email", "high", t,
         "email\n", False),
        ("trailing-nul", "'email' followed by U+0000 is another string, so it is not granted", "medium", t,
         "email\u0000", False),
        ("zero-width-space-inside", "em<U+200B>ail holds an invisible ZERO WIDTH SPACE, so it is not the granted email",
         "high", t, "em\u200bail", False),
        ("prefix", "emai is a prefix of the granted email, not an element of permissions", "high", t, "emai", False),
        ("extended", "emails extends the granted email, so it is not an element of permissions", "high", t,
         "emails", False),
        ("substring-of-another", "user is a substring of user_friends, not an element of permissions", "high", t,
         "user", False),
        ("two-joined", "email,public_profile joins two granted permissions but is not itself an element", "high", t,
         "email,public_profile", False),
        ("empty-string", "the empty string is not an element of permissions, so it is not granted", "medium", t,
         "", False),
        ("fullwidth-letters", "full-width \uff45\uff4d\uff41\uff49\uff4c is email only after compatibility (NFKC) "
         "folding, which hasGranted does not apply", "high", t, "\uff45\uff4d\uff41\uff49\uff4c", False),
        ("declined-only", "user_birthday is only in declinedPermissions, so it is not granted", "critical", t,
         "user_birthday", False),
        ("expired-permission-only", "user_photos is only in expiredPermissions, so it is not granted", "critical", t,
         "user_photos", False),
        ("declined-and-expired", "user_location is in declinedPermissions and expiredPermissions but not in "
         "permissions, so it is not granted", "critical", t, "user_location", False),
    ]
    rules = {
        "email": [R_EXACT], "public-profile": [R_EXACT],
        "declined-only": [R_DECLINED], "expired-permission-only": [R_EXPIRED_PERMISSION],
        "declined-and-expired": [R_DECLINED, R_EXPIRED_PERMISSION],
    }
    out = [_v("granted", c, d, s, GRANTED_REFS, _ask(tok, "hasGranted", permission=p), a, rules.get(c, [R_EXACT]))
           for c, d, s, tok, p, a in cases]

    # Unicode normalisation: the token holds one spelling, the app asks with the other.
    nfc_token = _token(permissions=["email", NFC])
    nfd_token = _token(permissions=["email", NFD])
    normalisation = [
        ("nfc-held-nfc-asked", "the token holds user_caf\u00e9 composed (U+00E9) and the app asks for the same code "
         "points, so it is granted", nfc_token, NFC, True),
        ("nfc-held-nfd-asked", "the token holds user_caf\u00e9 composed (U+00E9); the decomposed e + U+0301 is "
         "canonically equivalent but other code points, so not granted (Swift's String == would say granted)",
         nfc_token, NFD, False),
        ("nfd-held-nfc-asked", "the token holds user_cafe + U+0301 decomposed; the composed U+00E9 is other code "
         "points, so not granted", nfd_token, NFC, False),
        ("nfd-held-nfd-asked", "the token holds user_cafe + U+0301 decomposed and the app asks for the same code "
         "points, so it is granted", nfd_token, NFD, True),
    ]
    out += [_v("normalisation", c, d, "high", GRANTED_REFS, _ask(tok, "hasGranted", permission=p), a, [R_EXACT])
            for c, d, tok, p, a in normalisation]

    # Other tokens: empty sets, a single permission, the permission syntax not checked.
    empty = _token(permissions=[], declined=[], expired=[])
    only_declined = _token(permissions=[], declined=["email"], expired=[])
    others = [
        ("empty-permissions-public-profile", "a token with no permissions has not granted public_profile", "high",
         empty, "public_profile", False, [R_EXACT]),
        ("empty-permissions-empty-string", "a token with no permissions has not granted the empty string either",
         "medium", empty, "", False, [R_EXACT]),
        ("only-declined-set", "a token whose only permission set is declinedPermissions ['email'] has not granted "
         "email", "critical", only_declined, "email", False, [R_DECLINED]),
        ("single-permission", "a token holding only public_profile has granted public_profile", "high",
         _token(permissions=["public_profile"], declined=[], expired=[]), "public_profile", True, [R_EXACT]),
        ("dotted-permission-held", "user_actions.books is held exactly as asked; hasGranted applies no "
         "permission-syntax check, so it is granted", "medium",
         _token(permissions=["public_profile", "user_actions.books"]), "user_actions.books", True, [R_EXACT]),
        ("upper-case-held-lower-asked", "the token holds User_Friends and the app asks for user_friends: no case "
         "folding either way, so not granted", "high",
         _token(permissions=["User_Friends", "public_profile"]), "user_friends", False, [R_EXACT]),
    ]
    out += [_v("token-sets", c, d, s, GRANTED_REFS, _ask(tok, "hasGranted", permission=p), a, r)
            for c, d, s, tok, p, a, r in others]

    # The dates play no part in hasGranted.
    dates = [
        ("expired-token-keeps-permission", "the token expired an hour ago; hasGranted still reads the permissions, "
         "so email is granted", _token(expiration=NOW - HOUR), "email", True),
        ("data-access-expired-keeps-permission", "the token's data access expired a day ago; hasGranted still reads "
         "the permissions, so email is granted", _token(data_access=NOW - DAY), "email", True),
        ("both-expired-keeps-permission", "both dates lie in the past; hasGranted still reads the permissions, so "
         "public_profile is granted", _token(expiration=0, data_access=0), "public_profile", True),
        ("expired-token-declined-still-not-granted", "an expired token's declined user_birthday is still not "
         "granted", _token(expiration=NOW - HOUR), "user_birthday", False),
    ]
    out += [_v("dates-ignored", c, d, "high", GRANTED_REFS, _ask(tok, "hasGranted", permission=p), a,
               [R_IGNORES_DATES] + ([R_DECLINED] if "declined" in c else []))
            for c, d, tok, p, a in dates]
    return out


# ---------------------------------------------------------------------------------------------------------------
# isExpired: expirationDate < now, strictly; null never. The data access date is kept far in the future (or
# varied on purpose in the independence cases).
EXPIRED_CASES = [
    # case, description, expirationDate, now, answer
    ("one-second-before-now", "expirationDate one second before now has expired", NOW - 1, NOW, True),
    ("equal-to-now", "expirationDate equal to now has not expired (strict <)", NOW, NOW, False),
    ("one-second-after-now", "expirationDate one second after now has not expired", NOW + 1, NOW, False),
    ("half-second-before-now", "expirationDate half a second before now has expired", NOW - 0.5, NOW, True),
    ("half-second-after-now", "expirationDate half a second after now has not expired", NOW + 0.5, NOW, False),
    ("fraction-same-second", "expirationDate .25 s and now .75 s into the same second: expired (no truncation to "
     "whole seconds)", NOW + 0.25, NOW + 0.75, True),
    ("fraction-now-equal", "expirationDate and now both 1767225600.5: equal, so not expired", NOW + 0.5, NOW + 0.5,
     False),
    ("epoch-zero", "expirationDate 0 (1970) is long past: expired, 0 is a date, not 'never'", 0, NOW, True),
    ("negative", "a negative expirationDate (1969) is long past: expired", -DAY, NOW, True),
    ("year-2100", "expirationDate in 2100 has not expired", YEAR_2100, NOW, False),
    ("now-after-year-2100", "now in 2101 is after an expirationDate in 2100: expired", YEAR_2100,
     YEAR_2100 + 365 * DAY, True),
    ("sixty-days-token-at-end", "a 60-day token asked exactly at its expirationDate has not expired", EXPIRES,
     EXPIRES, False),
    ("sixty-days-token-after-end", "a 60-day token asked one second after its expirationDate has expired", EXPIRES,
     EXPIRES + 1, True),
]


def _expired() -> list[dict[str, Any]]:
    out = [_v("expired", c, d, "critical" if a else "high", EXPIRY_REFS,
              _ask(_token(expiration=exp), "isExpired", now=now), a, [R_EXPIRED])
           for c, d, exp, now, a in EXPIRED_CASES]
    never = [
        ("null-now", "a null expirationDate never expires", _token(expiration=None), NOW),
        ("null-year-4001", "a null expirationDate has not expired even in the year 4001", _token(expiration=None),
         YEAR_4001),
        ("null-data-access-past", "a null expirationDate has not expired although the data access date has passed",
         _token(expiration=None, data_access=NOW - DAY), NOW),
    ]
    out += [_v("expired-never", c, d, "high", EXPIRY_REFS, _ask(t, "isExpired", now=now), False,
               [R_EXPIRED_NEVER] + ([R_INDEPENDENT] if "data-access" in c else []))
            for c, d, t, now in never]
    return out


# ---------------------------------------------------------------------------------------------------------------
# isDataAccessExpired: dataAccessExpirationDate < now, strictly; null never.
DATA_ACCESS_CASES = [
    ("one-second-before-now", "dataAccessExpirationDate one second before now has expired", NOW - 1, NOW, True),
    ("equal-to-now", "dataAccessExpirationDate equal to now has not expired (strict <)", NOW, NOW, False),
    ("one-second-after-now", "dataAccessExpirationDate one second after now has not expired", NOW + 1, NOW, False),
    ("half-second-before-now", "dataAccessExpirationDate half a second before now has expired", NOW - 0.5, NOW,
     True),
    ("fraction-same-second", "dataAccessExpirationDate .25 s and now .75 s into the same second: expired (no "
     "truncation to whole seconds)", NOW + 0.25, NOW + 0.75, True),
    ("epoch-zero", "dataAccessExpirationDate 0 (1970) is long past: expired, 0 is a date, not 'never'", 0, NOW,
     True),
    ("negative", "a negative dataAccessExpirationDate (1969) is long past: expired", -DAY, NOW, True),
    ("year-2100", "dataAccessExpirationDate in 2100 has not expired", YEAR_2100, NOW, False),
    ("ninety-days-at-end", "a 90-day data access asked exactly at its end has not expired", DATA_ACCESS_EXPIRES,
     DATA_ACCESS_EXPIRES, False),
    ("ninety-days-after-end", "a 90-day data access asked one second after its end has expired",
     DATA_ACCESS_EXPIRES, DATA_ACCESS_EXPIRES + 1, True),
]


def _data_access() -> list[dict[str, Any]]:
    # The expiration date stays null here so that only the data access date can decide.
    out = [_v("data-access", c, d, "high", DATA_ACCESS_REFS,
              _ask(_token(expiration=None, data_access=date), "isDataAccessExpired", now=now), a, [R_DATA])
           for c, d, date, now, a in DATA_ACCESS_CASES]
    never = [
        ("null-now", "a null dataAccessExpirationDate never expires", _token(data_access=None), NOW),
        ("null-year-4001", "a null dataAccessExpirationDate has not expired even in the year 4001",
         _token(expiration=None, data_access=None), YEAR_4001),
        ("null-token-expired", "a null dataAccessExpirationDate has not expired although the token itself has",
         _token(expiration=NOW - DAY, data_access=None), NOW),
    ]
    out += [_v("data-access-never", c, d, "high", DATA_ACCESS_REFS, _ask(t, "isDataAccessExpired", now=now), False,
               [R_DATA_NEVER] + ([R_INDEPENDENT] if "token-expired" in c else []))
            for c, d, t, now in never]
    return out


# ---------------------------------------------------------------------------------------------------------------
# Each question reads its own date.
def _independent() -> list[dict[str, Any]]:
    expired_live_data = _token(expiration=NOW - HOUR, data_access=NOW + 30 * DAY)
    live_expired_data = _token(expiration=NOW + HOUR, data_access=NOW - HOUR)
    cases = [
        ("expired-token-live-data-isexpired", "token expired an hour ago, data access live for 30 days: isExpired "
         "is true", expired_live_data, "isExpired", True, [R_EXPIRED]),
        ("expired-token-live-data-isdataaccessexpired", "token expired an hour ago, data access live for 30 days: "
         "isDataAccessExpired is false", expired_live_data, "isDataAccessExpired", False, [R_DATA]),
        ("live-token-expired-data-isexpired", "token live for an hour, data access expired an hour ago: isExpired "
         "is false", live_expired_data, "isExpired", False, [R_EXPIRED]),
        ("live-token-expired-data-isdataaccessexpired", "token live for an hour, data access expired an hour ago: "
         "isDataAccessExpired is true", live_expired_data, "isDataAccessExpired", True, [R_DATA]),
    ]
    refs = [B6, SEED_LOGIN_REVIEW_JA]
    return [_v("independent", c, d, "high", refs, _ask(t, q), a, [R_INDEPENDENT] + r) for c, d, t, q, a, r in cases]


def _overlapping() -> list[dict[str, Any]]:
    """DECISIONS.md D47: a permission in permissions AND in declinedPermissions or expiredPermissions. The
    SDK's hasGranted reads permissions only (FBSDKAccessToken.m hasGranted:), so it is granted."""
    refs = GRANTED_REFS + ["sdk:FBSDKCoreKit/FBSDKCoreKit/FBSDKAccessToken.m#L70-L73", "DECISIONS.md D47"]
    sdk = ["ios-sdk"]
    both_declined = _token(permissions=["email", "user_friends"], declined=["user_friends"])
    both_expired = _token(permissions=["email", "user_photos"], expired=["user_photos"])
    return [
        _v("granted", "also-declined", "user_friends is in permissions and also in declinedPermissions: hasGranted "
           "reads permissions only, so it is granted (the declined list does not subtract)", "high", refs,
           _ask(both_declined, "hasGranted", permission="user_friends"), True,
           ["access-token.granted.overlapping.ios-sdk", R_DECLINED], sdk),
        _v("granted", "also-expired", "user_photos is in permissions and also in expiredPermissions: hasGranted reads "
           "permissions only, so it is granted", "high", refs,
           _ask(both_expired, "hasGranted", permission="user_photos"), True,
           ["access-token.granted.overlapping.ios-sdk", R_EXPIRED_PERMISSION], sdk),
    ]


def vectors() -> list[dict[str, Any]]:
    out = _granted() + _expired() + _data_access() + _independent() + _overlapping()
    descriptions = [v["description"] for v in out]
    if len(set(descriptions)) != len(descriptions):
        raise ValueError("descriptions must be unique within the family")
    return out


# ---------------------------------------------------------------------------------------------------------------
# Perturbations (vectorgen/perturbation.py): hasGranted of a held permission with a fi pair (NFKC folds it) and an é
# (NFD decomposes it), each list and the asked permission perturbed alone. The asked permission or the held one
# perturbed: not granted (exact membership). The same permission perturbed in the declined or expired list: another
# string, so the held one is still granted (hasGranted reads permissions; nothing is subtracted by likeness).
PERTURBED_PERMISSION = "user_profile_caf\u00e9"


def _rules_reading(*rules: str) -> Callable[[dict[str, Any], str], tuple[dict[str, Any], list[str]]]:
    """The §6 rules' answer (`_rules_say`), resting on `rules`."""
    def reading(query: dict[str, Any], profile: str) -> tuple[dict[str, Any], list[str]]:
        return _answer(_rules_say(query)), list(rules)
    return reading


def _perturbed_list(name: str) -> dict[str, Any]:
    def put(query: dict[str, Any], value: str) -> dict[str, Any]:
        held = [p for p in query["token"][name] if p != PERTURBED_PERMISSION] + [value]
        return {**query, "token": {**query["token"], name: permission_set(held)}}
    return {"covers": f"token.{name}[]", "get": lambda query: PERTURBED_PERMISSION, "put": put}


_PERTURBED_TOKEN = _token(permissions=GRANTED + [PERTURBED_PERMISSION])
PERTURBATIONS = (
    PerturbedField("access-token", "permission", _ask(_PERTURBED_TOKEN, "hasGranted", permission=PERTURBED_PERMISSION),
                   _rules_reading(R_EXACT), tuple(GRANTED_REFS)),
    PerturbedField("access-token", "permissions", _ask(_PERTURBED_TOKEN, "hasGranted",
                                                       permission=PERTURBED_PERMISSION),
                   _rules_reading(R_EXACT), tuple(GRANTED_REFS), **_perturbed_list("permissions")),
    *(PerturbedField("access-token", name, _ask(_token(permissions=GRANTED + [PERTURBED_PERMISSION],
                                                       **cast(dict[str, Any], {key: [PERTURBED_PERMISSION]})),
                                                "hasGranted", permission=PERTURBED_PERMISSION),
                     _rules_reading(R_EXACT), (*GRANTED_REFS, "DECISIONS.md D60"), **_perturbed_list(name))
      for name, key in (("declinedPermissions", "declined"), ("expiredPermissions", "expired"))),
)



# NumericDates (vectorgen/perturbation.py, kind numericdate): each date at its rule's boundary (equal to now: not
# expired, the comparison is strict), the other date null so that only the perturbed one can decide; `now` against an
# expirationDate equal to it. The answer is the §6 rule (`_rules_say`): date < now, strictly.
D64 = "DECISIONS.md D64"


def _token_member(name: str) -> dict[str, Any]:
    """A perturbed field's path, get and put for the token's member `name`."""
    return {"covers": f"token.{name}", "get": lambda query: query["token"][name],
            "put": lambda query, value: {**query, "token": {**query["token"], name: value}}}


def _date_field(name: str, question: str, key: str, rule: str, refs: Sequence[str]) -> PerturbedField:
    base = _ask(_token(**cast(dict[str, Any], {"expiration": None, "data_access": None, key: NOW})), question)
    return PerturbedField("access-token", name, base, _rules_reading(rule), (*refs, D64), severity="critical",
                          kind="numericdate", **_token_member(name))


PERTURBATIONS += (
    _date_field("expirationDate", "isExpired", "expiration", R_EXPIRED, EXPIRY_REFS),
    _date_field("dataAccessExpirationDate", "isDataAccessExpired", "data_access", R_DATA, DATA_ACCESS_REFS),
    PerturbedField("access-token", "now", _ask(_token(expiration=NOW, data_access=None), "isExpired"),
                   _rules_reading(R_EXPIRED), (*EXPIRY_REFS, D64), severity="critical", kind="numericdate"),
)


# The three lists as sets (kind set): hasGranted of the last of the held permissions (user_friends), so that reading
# the first item only loses it; the declined and expired lists, which hasGranted does not read, with two items each.
_SET_QUERY = _ask(_token(), "hasGranted", permission=GRANTED[-1])


def _set_field(name: str, *rules: str) -> PerturbedField:
    return PerturbedField("access-token", name, _SET_QUERY, _rules_reading(*rules), (*GRANTED_REFS, D64), kind="set",
                          **_token_member(name))


PERTURBATIONS += (
    _set_field("permissions", R_EXACT),
    _set_field("declinedPermissions", R_EXACT, R_DECLINED),
    _set_field("expiredPermissions", R_EXACT, R_EXPIRED_PERMISSION),
)
