"""The `login-configuration` family: creating a login configuration (SPECIFICATION.md §1, §8).

A configuration is refused on the first failing check, in the order SPECIFICATION.md §1 fixes:
nonce, then permission syntax, then auth type. The Limited Login scope rule and the code verifier have no stated
position in that order, so no vector combines them with any other failure.

Every vector's expected outcome is also recomputed by `configuration_outcome` below (a literal transcription of the
rules, one function per profile); `vectors()` refuses to run if a table entry disagrees with it, or if an entry breaks
two rules whose order the specification does not fix.
"""

import unicodedata
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Optional

from .common import (B1, B8, READINGS, SEED_LIMITED_LOGIN_FR, SEED_LIMITED_LOGIN_VI, SEED_LOGIN_REVIEW_JA, is_documented,
                     permission_set, vector)
from .fault_pairs import Fault, FaultPairs, chain
from .perturbation import PerturbedField
from .nonce import R_EMPTY, R_ZS, R_NEWLINE_DOC, R_NEWLINE_SDK, whitespace_rules
from .shape import SET, VERBATIM, Family, array, closed, common, enum, fld, nullable, obj, outcome, reason, string

FAMILY = "login-configuration"
DESCRIPTION = (
    "Creating a login configuration from permissions, tracking mode, nonce, auth type, Messenger page ID and code "
    "verifier: which inputs are refused and for which reason (nonce, then permission syntax, then auth type; the "
    "Limited Login permission scope; the code verifier's RFC 7636 syntax), and what a created configuration holds "
    "(the permissions as a set, every other value kept exactly). Where the documentation and the iOS SDK disagree "
    "(nonce newlines, the Limited Login allow-list, non-ASCII code verifier characters) there is one vector per "
    "profile."
)
# The SDK check (Scripts/sdk_check/check_sdk.py, docs/sdk-check.md): what its driver calls in the SDK for this family's
# ios-sdk vectors (`runs`), or why they are read, not run (`notRun`).
SDK_CHECK = {
    "runs": "LoginConfiguration(permissions:tracking:nonce:messengerPageId:authType:[appSwitch:]codeVerifier:)",
}
# Why the family declares no JSON grammar sites (docs/generated/grammar.md; vectorgen/grammar.py).
NO_GRAMMAR_SITES = "its inputs are values (strings, a list): it parses no JSON text"
# Its row in README.md's family table (the generator writes the table): the protocol its implementations adopt
# and what its vectors check, in Markdown.
PROTOCOL = "LoginConfigurationBuilding"
SUMMARY = (
    "`ios-sdk` check order code verifier → nonce → permission syntax (`a-z _`) → auth type (the SDK's, D26; "
    "`documented` states no order, so a configuration breaking two checks may give either reason, D59); the Limited "
    "Login allow-list (documented) or none (ios-sdk); duplicates collapse; code verifier 43…128 (§1, §8)"
)

REASONS = {
    "invalidNonce": "the nonce is empty or contains whitespace (the documented reading also counts newlines)",
    "invalidPermissionSyntax": "a permission is empty or contains a character other than a-z and _",
    "permissionOutsideTrackingScope": "with limited tracking, a permission is outside the Limited Login list "
                                      "(documented reading only)",
    "invalidAuthType": "the auth type is not nil, rerequest or reauthorize",
    "invalidCodeVerifier": "the code verifier is not 43 to 128 characters from A-Z a-z 0-9 - . _ ~",
}

F = FAMILY
DOC, SDK = "documented", "ios-sdk"
SCOPE_REFS = [B1, B8, SEED_LIMITED_LOGIN_VI, SEED_LIMITED_LOGIN_FR]
NONCE_REFS = [B1, SEED_LIMITED_LOGIN_VI, SEED_LIMITED_LOGIN_FR]
VERIFIER_REFS = [B1, "RFC 7636 §4.1"]

# SPECIFICATION.md §1: the permissions the documentation allows with Limited Login.
LIMITED_LOGIN_PERMISSIONS = [
    "public_profile", "email", "gaming_profile", "gaming_user_picture", "user_age_range", "user_birthday",
    "user_friends", "user_gender", "user_hometown", "user_link", "user_location", "user_messenger_contact",
]

# Baseline values: valid in both profiles, so a vector changes only what it tests.
NONCE = "7F1C2D3E-4A5B-4C6D-8E9F-0A1B2C3D4E5F"  # the shape of the SDK's default (upper-case UUID)
KNOWN_VERIFIER = "OB6imf0pt3YLueBtNlljrdJZXdFk8gKJ97UQEpz1ojlEUL4p"  # SPECIFICATION.md §1's known pair, 48 characters
ALLOWED_AUTH_TYPES = (None, "rerequest", "reauthorize")
TRACKING_MODES = ("enabled", "limited")
UNRESERVED_PUNCTUATION = "-._~"

# The shape of a vector (Scripts/vectorgen/shape.py): Vectors/schema/login-configuration.schema.json and fields.json
# are generated from it.
SHAPE = Family(
    title="LoginConformance login-configuration vectors (SPECIFICATION.md §1, §8)",
    input_description="Every member present. permissions may repeat items (duplicates collapse); null nonce / "
                      "codeVerifier: the implementation makes its default; null authType: explicitly none.",
    input=closed(
        # Read as a set (duplicates collapse, order does not matter), each item checked with the permission syntax.
        fld("permissions", array(string(), SET)),
        fld("tracking", enum(TRACKING_MODES)),
        fld("nonce", nullable(string())),
        # Exactly nil, rerequest or reauthorize: no case folding, no trimming (SPECIFICATION.md §1).
        fld("authType", nullable(string()), optional=True,
            description="null: explicitly no auth type; left out (suite 0.4.0): the initializer's default, rerequest "
                        "(DECISIONS.md D44)"),
        # Not checked at all, kept exactly (rule configuration.messenger-page-id).
        fld("messengerPageId", nullable(string(VERBATIM))),
        fld("codeVerifier", nullable(string())),
    ),
    outcomes=(
        outcome("created", fld("configuration", obj(
            fld("permissions", common("permissionList", items=string(pattern="^[a-z_]+$"))),
            fld("tracking", enum(TRACKING_MODES)),
            # null: a default was made, and an answer's nonce is checked only for being valid; otherwise equal.
            fld("nonce", nullable(string(VERBATIM, minLength=1))),
            fld("authType", enum(ALLOWED_AUTH_TYPES)),
            fld("messengerPageId", nullable(string(VERBATIM))),
            # null: a default was made (checked only for being valid); otherwise equal.
            fld("codeVerifier", nullable(string(VERBATIM, minLength=43, maxLength=128))),
            description="The configuration's values: permissions as a sorted unique set; null nonce / codeVerifier: a "
                        "default was made (check only that it is valid); every other member equal."))),
        outcome("refused", reason(REASONS)),
    ),
)


# Rule IDs (Vectors/rules.json).
R_NONCE = "configuration.nonce"
R_NONCE_DEFAULT = "configuration.nonce.default"
R_SYNTAX = "configuration.permission.syntax"
R_SYNTAX_LIMITED_SDK = "configuration.permission.syntax.limited.ios-sdk"
R_ALL_OR_NOTHING = "configuration.permission.all-or-nothing"
R_SET = "configuration.permission.set"
R_LIMITED_LIST_DOC = "configuration.scope.limited-list.documented"
R_NO_LIST_SDK = "configuration.scope.no-list.ios-sdk"
R_SCOPE_ENABLED = "configuration.scope.enabled"
R_AUTH_TYPE = "configuration.auth-type"
R_ORDER = "configuration.check-order.ios-sdk"
R_MESSENGER = "configuration.messenger-page-id"
R_VERIFIER_LENGTH = "configuration.code-verifier.length"
R_VERIFIER_CHARSET = "configuration.code-verifier.charset"
R_VERIFIER_UNICODE_DOC = "configuration.code-verifier.unicode.documented"
R_VERIFIER_UNICODE_SDK = "configuration.code-verifier.unicode.ios-sdk"
R_VERIFIER_DEFAULT = "configuration.code-verifier.default"

# The names of the control characters the nonce vectors use, which Unicode's character database does not name.
CONTROL_NAMES = {"\t": "CHARACTER TABULATION", "\n": "LINE FEED", "\r": "CARRIAGE RETURN", "\u000b": "LINE TABULATION",
                 "\u000c": "FORM FEED", "\u0085": "NEXT LINE"}


def _character_name(ch: str) -> str:
    """The character's Unicode name, or its control name; a character with neither stops the generator."""
    name = unicodedata.name(ch, None) or CONTROL_NAMES.get(ch)
    if name is None:
        raise ValueError(f"no name for {cp(ch).upper()}: add it to CONTROL_NAMES")
    return name


def _nonce_rules(nonce: str, profile: Optional[str] = None) -> list[str]:
    """The rules a configuration vector about its nonce exercises (the nonce rule applied by the configuration)."""
    if nonce == "":
        return [R_NONCE, R_EMPTY]
    by_profile: dict[Optional[str], list[str]] = {DOC: [R_NEWLINE_DOC], SDK: [R_NEWLINE_SDK]}
    newline = by_profile.get(profile, [])
    return [R_NONCE] + newline + whitespace_rules(nonce, documented=profile is not None and is_documented(profile))


# --- the rules, transcribed (used only to cross-check the tables) ------------------------------------------------

def _nonce_whitespace(ch: str, profile: str) -> bool:
    """SPECIFICATION.md §1: the SDK refuses CharacterSet.whitespaces (Zs + TAB); the documented reading refuses every
    Unicode whitespace, newlines included."""
    if ch == "\t" or unicodedata.category(ch) == "Zs":
        return True
    if ch == "\u200b":
        return not is_documented(profile)  # CoreFoundation's whitespace set lists U+200B (DECISIONS.md D21)
    return is_documented(profile) and ch in "\n\u000b\u000c\r\u0085\u2028\u2029"


def _verifier_char_ok(ch: str, profile: str) -> bool:
    """RFC 7636 §4.1 unreserved characters; the SDK takes Unicode alphanumerics instead of ASCII ones (§1)."""
    if ch in UNRESERVED_PUNCTUATION or (ch.isascii() and ch.isalnum()):
        return True
    return not is_documented(profile) and unicodedata.category(ch)[0] in "LMN"  # CharacterSet.alphanumerics, DECISIONS.md D23


# The SDK's order (DECISIONS.md D26): the code verifier is checked when it is made, before the configuration; then
# nonce, permission syntax, auth type. No public document orders the checks, so order vectors are ios-sdk only.
ORDERED = ["invalidCodeVerifier", "invalidNonce", "invalidPermissionSyntax", "invalidAuthType"]
ORDER_REFS = ["DECISIONS.md D26", "sdk:FBSDKLoginKit/FBSDKLoginKit/LoginConfiguration.swift#L325-L344",
              "sdk:FBSDKLoginKit/FBSDKLoginKit/CodeVerifier.swift#L48-L57"]


def configuration_outcome(i: Mapping[str, Any], profile: str) -> dict[str, Any]:
    failures = []
    if i["nonce"] is not None and (i["nonce"] == "" or any(_nonce_whitespace(c, profile) for c in i["nonce"])):
        failures.append("invalidNonce")
    if any(p == "" or any(c not in "abcdefghijklmnopqrstuvwxyz_" for c in p) for p in i["permissions"]):
        failures.append("invalidPermissionSyntax")
    if i.get("authType", DEFAULT_AUTH_TYPE) not in ALLOWED_AUTH_TYPES:
        failures.append("invalidAuthType")
    if is_documented(profile) and i["tracking"] == "limited" and any(p not in LIMITED_LOGIN_PERMISSIONS
                                                               for p in i["permissions"]):
        failures.append("permissionOutsideTrackingScope")
    v = i["codeVerifier"]
    if v is not None and not (43 <= len(v) <= 128 and all(_verifier_char_ok(c, profile) for c in v)):
        failures.append("invalidCodeVerifier")
    if not failures:
        return created(i)
    if len(failures) > 1 and any(f not in ORDERED for f in failures):
        raise ValueError(f"{i}: breaks {failures} under {profile}, whose order the specification does not fix")
    return refused(min(failures, key=ORDERED.index) if len(failures) > 1 else failures[0])


# --- builders ----------------------------------------------------------------------------------------------------

def inp(permissions: Iterable[str] = (), tracking: str = "enabled", nonce: Optional[str] = NONCE,
        authType: Optional[str] = "rerequest", messengerPageId: Optional[str] = None,
        codeVerifier: Optional[str] = KNOWN_VERIFIER) -> dict[str, Any]:
    return {"permissions": list(permissions), "tracking": tracking, "nonce": nonce, "authType": authType,
            "messengerPageId": messengerPageId, "codeVerifier": codeVerifier}


def created(i: Mapping[str, Any]) -> dict[str, Any]:
    return {"result": "created", "configuration": {
        "permissions": permission_set(i["permissions"]), "tracking": i["tracking"], "nonce": i["nonce"],
        "authType": i.get("authType", DEFAULT_AUTH_TYPE), "messengerPageId": i["messengerPageId"], "codeVerifier": i["codeVerifier"]}}


def refused(reason: str) -> dict[str, str]:
    return {"result": "refused", "reason": reason}


class _Out:
    """Collects vectors, checking each expected outcome against configuration_outcome in every profile it claims."""

    def __init__(self) -> None:
        self.items: list[dict[str, Any]] = []

    def add(self, group: str, case: str, description: str, severity: str, refs: list[str], i: dict[str, Any],
            expected: dict[str, Any], profiles: Optional[list[str]] = None, *, rules: list[str]) -> None:
        for profile in profiles or READINGS:
            got = configuration_outcome(i, profile)
            if got != expected:
                raise ValueError(f"{group}::{case} ({profile}): table says {expected}, rules say {got}")
        if profiles is None and B8 in refs:
            refs = [r for r in refs if r != B8]
        if profiles and not case.endswith("." + profiles[0]):
            case += "." + profiles[0]  # a vector of one profile says so in its ID
        self.items.append(vector(f"{F}::{group}::{case}", description, severity, refs, i, expected, profiles,
                                 rules=rules))

    def pair(self, group: str, case: str, description_doc: str, description_sdk: str, severity_doc: str,
             severity_sdk: str, refs: list[str], i: dict[str, Any], *, rules_doc: list[str],
             rules_sdk: list[str]) -> None:
        """The same input under both readings of SPECIFICATION.md §8: two vectors, each naming its profile."""
        if B8 not in refs:
            refs = list(refs) + [B8]
        self.add(group, case + ".documented", description_doc, severity_doc, refs, i,
                 configuration_outcome(i, DOC), [DOC], rules=rules_doc)
        self.add(group, case + ".ios-sdk", description_sdk, severity_sdk, refs, i,
                 configuration_outcome(i, SDK), [SDK], rules=rules_sdk)


def cp(ch: str) -> str:
    return f"u+{ord(ch):04x}"


# --- the tables --------------------------------------------------------------------------------------------------

def _defaults(out: _Out) -> None:
    g = "defaults"
    i = inp(nonce=None, authType=None, codeVerifier=None)
    out.add(g, "all-optional-null-enabled", "No permissions, no nonce, nil auth type, no Messenger page, no code "
            "verifier, enabled tracking: every default is valid, so the configuration is created", "high",
            [B1], i, created(i), rules=[R_NONCE_DEFAULT, R_VERIFIER_DEFAULT, R_AUTH_TYPE])
    i = inp(tracking="limited", nonce=None, authType=None, codeVerifier=None)
    out.add(g, "all-optional-null-limited", "The same all-default configuration with limited tracking is created: "
            "an empty permission set is inside any tracking scope", "high", [B1] + SCOPE_REFS[2:], i, created(i),
            rules=[R_NONCE_DEFAULT, R_VERIFIER_DEFAULT, R_AUTH_TYPE, R_LIMITED_LIST_DOC, R_NO_LIST_SDK])
    i = inp(nonce=None)
    out.add(g, "nonce-null", "A null nonce means the caller supplies none, so a fresh UUID nonce is made and the "
            "configuration is created", "high", NONCE_REFS, i, created(i), rules=[R_NONCE_DEFAULT])
    i = inp(codeVerifier=None)
    out.add(g, "code-verifier-null", "A null code verifier means the caller supplies none, so a fresh valid one is "
            "made and the configuration is created", "high", VERIFIER_REFS, i, created(i), rules=[R_VERIFIER_DEFAULT])
    i = inp(["email", "public_profile", "user_friends"], tracking="limited", nonce="123", authType="rerequest")
    out.add(g, "documentation-example", "The documentation's example (nonce \"123\", limited tracking, Limited Login "
            "permissions) is created with every value kept", "high", [B1, SEED_LIMITED_LOGIN_VI,
                                                                     SEED_LIMITED_LOGIN_FR], i, created(i),
            rules=[R_NONCE, R_LIMITED_LIST_DOC, R_NO_LIST_SDK])
    i = inp(["email", "user_friends", "user_birthday", "user_age_range", "user_gender", "user_location",
             "user_hometown", "user_link"], tracking="limited", nonce="123")
    out.add(g, "documentation-example-full", "The documentation's full Limited Login example (eight permissions, "
            "nonce \"123\") is created; the expected permissions are the sorted set", "high",
            [B1, SEED_LIMITED_LOGIN_VI, SEED_LIMITED_LOGIN_FR], i, created(i), rules=[R_NONCE, R_LIMITED_LIST_DOC, R_NO_LIST_SDK])


# Nonce values valid in both profiles: non-empty and no whitespace of either reading (SPECIFICATION.md §1: no length or
# charset limit, no trimming).
NONCE_VALID = [
    ("seed-123", "123", "\"123\" (the documentation's own)"),
    ("uuid-upper", "C9E2F6B4-1D3A-4F5E-9B7C-2A8D0E1F3B6C", "as an upper-case UUID (the shape of the SDK's default)"),
    ("uuid-lower", "c9e2f6b4-1d3a-4f5e-9b7c-2a8d0e1f3b6c", "as a lower-case UUID (no case rule applies)"),
    ("single-char", "a", "of one character (non-empty is the only length rule)"),
    ("long-1024", "n" * 1024, "of 1024 characters (no length limit)"),
]

# Characters refused in both profiles: Zs and TAB (SPECIFICATION.md §1, the SDK's CharacterSet.whitespaces).
NONCE_WHITESPACE_BOTH = ["\u0020", "\u0009", "\u00a0", "\u1680", "\u2000", "\u2003", "\u2007", "\u200a", "\u202f",
                         "\u205f", "\u3000"]
# Newlines: not in CharacterSet.whitespaces (accepted by the SDK), whitespace for the documented reading.
NONCE_NEWLINES = ["\n", "\r", "\u000b", "\u000c", "\u0085", "\u2028", "\u2029"]


def _nonce(out: _Out) -> None:
    g = "nonce"
    for slug, value, why in NONCE_VALID:
        i = inp(nonce=value)
        out.add(g, "valid-" + slug, f"Nonce {why}: non-empty and without whitespace, so the configuration is "
                "created with it kept exactly", "high", NONCE_REFS, i, created(i), rules=_nonce_rules(value))
    i = inp(nonce="")
    out.add(g, "empty", "An empty nonce is refused: the nonce must be a non-empty string", "high", NONCE_REFS, i,
            refused("invalidNonce"), rules=_nonce_rules(""))
    i = inp(["email"], tracking="limited", nonce="")
    out.add(g, "empty-limited", "An empty nonce is refused with limited tracking too, where the nonce is what the "
            "server checks the id_token against", "high", NONCE_REFS, i, refused("invalidNonce"),
            rules=_nonce_rules(""))
    for ch in NONCE_WHITESPACE_BOTH:
        name = _character_name(ch)
        i = inp(nonce="abc" + ch + "def")
        out.add(g, "whitespace-inside-" + cp(ch), f"A nonce containing {name} ({cp(ch).upper()}) is refused in both "
                "readings: Zs and TAB are in CharacterSet.whitespaces", "high", NONCE_REFS, i,
                refused("invalidNonce"), rules=_nonce_rules(i["nonce"]))
    i = inp(nonce=" " + NONCE)
    out.add(g, "whitespace-leading-space", "A nonce with a leading space is refused, not trimmed", "high",
            NONCE_REFS, i, refused("invalidNonce"), rules=_nonce_rules(i["nonce"]))
    i = inp(nonce=NONCE + " ")
    out.add(g, "whitespace-trailing-space", "A nonce with a trailing space is refused, not trimmed", "high",
            NONCE_REFS, i, refused("invalidNonce"), rules=_nonce_rules(i["nonce"]))
    i = inp(nonce="   ")
    out.add(g, "whitespace-only", "A nonce made only of spaces is non-empty but refused for its whitespace",
            "high", NONCE_REFS, i, refused("invalidNonce"), rules=_nonce_rules(i["nonce"]))
    i = inp(["public_profile"], tracking="limited", nonce="abc def")
    out.add(g, "whitespace-inside-u+0020-limited", "A nonce with a space is refused with limited tracking and "
            "Limited Login permissions as well", "high", NONCE_REFS, i, refused("invalidNonce"), rules=_nonce_rules(i["nonce"]))
    i = inp(nonce="abc\u200bdef")
    out.pair(g, "zero-width-space-inside-u+200b",
             "Documented reading: a nonce containing ZERO WIDTH SPACE (U+200B), not Unicode White_Space, is "
             "accepted and kept exactly",
             "SDK reading: a nonce containing ZERO WIDTH SPACE (U+200B), which CoreFoundation's whitespace set "
             "lists, is refused", "high", "high", NONCE_REFS + ["DECISIONS.md D21"], i,
             rules_doc=[R_NONCE, "nonce.zero-width-space.documented"],
             rules_sdk=[R_NONCE, "nonce.zero-width-space.ios-sdk"])
    for ch in NONCE_NEWLINES:
        name = _character_name(ch)
        i = inp(nonce="abc" + ch + "def")
        out.pair(g, "newline-inside-" + cp(ch),
                 f"Documented reading: a nonce containing {name} ({cp(ch).upper()}) is refused, newlines being "
                 "whitespace",
                 f"SDK reading: a nonce containing {name} ({cp(ch).upper()}) is accepted and kept exactly, newlines "
                 "not being in CharacterSet.whitespaces", "high", "high", NONCE_REFS, i,
                 rules_doc=_nonce_rules(i["nonce"], DOC), rules_sdk=_nonce_rules(i["nonce"], SDK))
    i = inp(nonce=NONCE + "\r\n")
    out.pair(g, "newline-trailing-crlf", "Documented reading: a nonce ending in CR LF is refused (no trimming)",
             "SDK reading: a nonce ending in CR LF is accepted with the CR LF kept (no trimming)", "high", "high",
             NONCE_REFS, i, rules_doc=_nonce_rules(i["nonce"], DOC), rules_sdk=_nonce_rules(i["nonce"], SDK))
    i = inp(["email", "user_friends"], tracking="limited", nonce="abc\ndef")
    out.pair(g, "newline-inside-u+000a-limited", "Documented reading: with limited tracking a nonce containing LF "
             "is refused", "SDK reading: with limited tracking a nonce containing LF is accepted and kept exactly",
             "high", "high", NONCE_REFS, i, rules_doc=_nonce_rules(i["nonce"], DOC),
             rules_sdk=_nonce_rules(i["nonce"], SDK))


# Permission strings that break the syntax rule (non-empty, only a-z and _), SPECIFICATION.md §1.
SYNTAX_INVALID = [
    ("upper-initial", "Email", "an upper-case initial"),
    ("upper-all", "EMAIL", "all upper case"),
    ("upper-inner", "user_Friends", "an upper-case letter inside"),
    ("digit", "user_2", "a digit"),
    ("digits-only", "123", "only digits"),
    ("hyphen", "user-likes", "a hyphen"),
    ("dot", "user.likes", "a dot"),
    ("sdk-user-actions.books", "user_actions.books", "the dot of the SDK's own user_actions.books"),
    ("sdk-user-actions.fitness", "user_actions.fitness", "the dot of the SDK's own user_actions.fitness"),
    ("sdk-user-actions.music", "user_actions.music", "the dot of the SDK's own user_actions.music"),
    ("sdk-user-actions.news", "user_actions.news", "the dot of the SDK's own user_actions.news"),
    ("sdk-user-actions.video", "user_actions.video", "the dot of the SDK's own user_actions.video"),
    ("space-inside", "user likes", "a space inside"),
    ("space-leading", " email", "a leading space (no trimming)"),
    ("space-trailing", "email ", "a trailing space (no trimming)"),
    ("tab", "email\t", "a trailing TAB"),
    ("line-feed", "email\n", "a trailing LF"),
    ("nul", "email\u0000", "a trailing NUL"),
    ("empty", "", "the empty string"),
    ("comma-joined", "email,user_friends", "a comma (two permissions joined into one item)"),
    ("asterisk", "*", "a wildcard asterisk"),
    ("colon", "email:read", "a colon"),
    ("latin-e-acute", "\u00e9mail", "a precomposed e-acute U+00E9"),
    ("combining-acute", "e\u0301mail", "a combining acute accent U+0301"),
    ("cyrillic-ie-homoglyph", "\u0435mail", "a Cyrillic U+0435 that looks like e"),
    ("dotless-i", "publ\u0131c_profile", "a dotless i U+0131 (upper-cases to I)"),
    ("kelvin-sign", "user_lin\u212a", "a Kelvin sign U+212A (lower-cases to k)"),
    ("fullwidth-letters", "\uff45\uff4d\uff41\uff49\uff4c", "fullwidth letters U+FF45 etc."),
    ("fullwidth-low-line", "user\uff3flikes", "a fullwidth low line U+FF3F"),
    ("no-break-space", "email\u00a0", "a trailing no-break space U+00A0"),
    ("zero-width-space", "em\u200bail", "a zero-width space U+200B"),
    ("emoji", "email\U0001f600", "an emoji U+1F600"),
]

# One bad item among good ones refuses the whole configuration (all or nothing).
SYNTAX_MIXED = [
    ("one-upper-among-valid", ["email", "public_profile", "Email"], "Email among email and public_profile"),
    ("sdk-user-actions-among-valid", ["user_actions.books", "public_profile", "email"],
     "user_actions.books first, before the valid public_profile and email"),
    ("one-empty-among-valid", ["email", "", "user_friends"], "an empty string among valid permissions"),
    ("last-of-thirteen", LIMITED_LOGIN_PERMISSIONS + ["user_friends "],
     "a trailing-space item after all twelve Limited Login permissions"),
]

# Odd names that pass the syntax rule; outside the Limited Login list, so tested with enabled tracking only.
SYNTAX_VALID_ODD = [
    ("underscore-only", "_", "a lone underscore"),
    ("double-underscore", "__", "two underscores"),
    ("single-letter", "a", "a single letter"),
    ("leading-underscore", "_a", "a leading underscore"),
    ("trailing-underscore", "z_", "a trailing underscore"),
    ("alphabet", "abcdefghijklmnopqrstuvwxyz", "the whole alphabet a-z"),
    ("long-256", "user_" + "x" * 251, "a 256-character name (no length limit)"),
    ("user-actions-underscored", "user_actions_books", "user_actions_books (underscore instead of the dot)"),
]


def _permission_syntax(out: _Out) -> None:
    g = "permission-syntax"
    for slug, value, why in SYNTAX_INVALID:
        i = inp(["public_profile", value])
        out.add(g, "enabled-" + slug, f"With enabled tracking, a permission with {why} breaks the a-z and _ rule, "
                "so the whole configuration is refused", "high", [B1], i, refused("invalidPermissionSyntax"),
                rules=[R_SYNTAX])
    # With limited tracking a syntactically invalid name is also outside the Limited Login list, which the
    # documented reading refuses at a position the specification does not fix: so only the SDK reading (no allow-list)
    # has a single failing rule here.
    for slug, value, why in SYNTAX_INVALID:
        i = inp(["public_profile", value], tracking="limited")
        out.add(g, "limited-" + slug, f"SDK reading, limited tracking (no allow-list): a permission with {why} is "
                "refused for its syntax", "high", [B1, B8], i, refused("invalidPermissionSyntax"), [SDK],
                rules=[R_SYNTAX, R_SYNTAX_LIMITED_SDK])
    for slug, perms, why in SYNTAX_MIXED:
        i = inp(perms)
        out.add(g, "enabled-" + slug, f"With enabled tracking, {why} refuses the whole configuration: the syntax "
                "check is all or nothing", "high", [B1], i, refused("invalidPermissionSyntax"),
                rules=[R_SYNTAX, R_ALL_OR_NOTHING])
        i = inp(perms, tracking="limited")
        out.add(g, "limited-" + slug, f"SDK reading, limited tracking: {why} refuses the whole configuration for "
                "its syntax", "high", [B1, B8], i, refused("invalidPermissionSyntax"), [SDK],
                rules=[R_SYNTAX, R_SYNTAX_LIMITED_SDK, R_ALL_OR_NOTHING])
    for slug, value, why in SYNTAX_VALID_ODD:
        i = inp([value])
        out.add(g, "valid-" + slug, f"With enabled tracking, {why} is made only of a-z and _, so the configuration "
                "is created", "high", [B1], i, created(i), rules=[R_SYNTAX])


def _permission_set(out: _Out) -> None:
    g = "permission-set"
    cases = [
        ("empty-enabled", [], "enabled", "An empty permission list is fine with enabled tracking", "high"),
        ("empty-limited", [], "limited", "An empty permission list is fine with limited tracking", "high"),
        ("duplicate-pair", ["email", "email"], "enabled",
         "Duplicate permissions collapse silently: [email, email] becomes the set {email}", "medium"),
        ("duplicate-among-others", ["public_profile", "email", "public_profile", "email", "user_friends"], "enabled",
         "Repeated public_profile and email collapse into one each; the configuration holds a set", "medium"),
        ("duplicate-limited", ["user_friends", "user_friends", "public_profile"], "limited",
         "With limited tracking, duplicated Limited Login permissions collapse into a set", "medium"),
        ("order-irrelevant", ["user_location", "email", "public_profile", "user_birthday"], "enabled",
         "The order permissions are given in does not matter: they are held as a set", "medium"),
        ("order-reversed-limited", list(reversed(sorted(LIMITED_LOGIN_PERMISSIONS))), "limited",
         "All twelve Limited Login permissions in reverse order are created as the same set", "medium"),
    ]
    for slug, perms, tracking, description, severity in cases:
        i = inp(perms, tracking=tracking)
        refs = [B1] + ([SEED_LIMITED_LOGIN_VI] if tracking == "limited" else [])
        out.add(g, slug, description, severity, refs, i, created(i),
                rules=[R_SET] + ([R_LIMITED_LIST_DOC, R_NO_LIST_SDK] if tracking == "limited" else []))


# Real Facebook permissions outside the Limited Login list (SPECIFICATION.md §1's scope rule; user_likes is the seeds'
# own example).
OUTSIDE_LIMITED = [
    "user_likes", "user_posts", "user_photos", "user_videos", "user_events", "user_managed_groups",
    "pages_show_list", "pages_read_engagement", "pages_read_user_content", "pages_manage_posts",
    "pages_manage_metadata", "pages_messaging", "ads_read", "ads_management", "business_management",
    "instagram_basic", "instagram_content_publish", "instagram_manage_comments", "instagram_manage_insights",
    "publish_video", "read_insights", "leads_retrieval", "catalog_management", "whatsapp_business_messaging",
    "whatsapp_business_management",
]

# Syntactically valid names next to allowed ones: the allow-list is exact membership, no prefix or suffix match.
NEAR_MISS = [
    ("user-friend", "user_friend", "user_friend (user_friends without its s)"),
    ("user-friends-suffix", "user_friends_", "user_friends_ (an extra underscore)"),
    ("public-profiles", "public_profiles", "public_profiles (an extra s)"),
    ("emails", "emails", "emails (an extra s)"),
    ("email-prefixed", "_email", "_email (a leading underscore)"),
    ("user-age", "user_age", "user_age (a prefix of user_age_range)"),
    ("gaming", "gaming", "gaming (a prefix of gaming_profile)"),
]


def _slug(permission: str) -> str:
    return permission.replace("_", "-")


def _tracking_scope(out: _Out) -> None:
    g = "tracking-scope"
    for p in LIMITED_LOGIN_PERMISSIONS:
        i = inp([p], tracking="limited")
        out.add(g, "limited-allowed-" + _slug(p), f"{p} is on the Limited Login list, so limited tracking creates "
                "the configuration in both readings", "high", [B1, SEED_LIMITED_LOGIN_VI, SEED_LIMITED_LOGIN_FR], i,
                created(i), rules=[R_LIMITED_LIST_DOC, R_NO_LIST_SDK])
    i = inp(LIMITED_LOGIN_PERMISSIONS, tracking="limited")
    out.add(g, "limited-allowed-all-twelve", "All twelve Limited Login permissions together with limited tracking "
            "are created in both readings", "high", [B1, SEED_LIMITED_LOGIN_VI, SEED_LIMITED_LOGIN_FR], i,
            created(i), rules=[R_LIMITED_LIST_DOC, R_NO_LIST_SDK])
    i = inp(LIMITED_LOGIN_PERMISSIONS)
    out.add(g, "enabled-allowed-all-twelve", "All twelve Limited Login permissions with enabled tracking are "
            "created: with enabled tracking any valid permission is allowed", "high", [B1], i, created(i),
            rules=[R_SCOPE_ENABLED])
    for p in OUTSIDE_LIMITED:
        i = inp([p], tracking="limited")
        out.pair(g, "limited-outside-" + _slug(p),
                 f"Documented reading: {p} is outside the Limited Login list, so limited tracking refuses the "
                 "configuration",
                 f"SDK reading: the SDK enforces no allow-list, so {p} with limited tracking is created",
                 "critical", "high", SCOPE_REFS, i, rules_doc=[R_LIMITED_LIST_DOC], rules_sdk=[R_NO_LIST_SDK])
    for p in OUTSIDE_LIMITED:
        i = inp([p])
        out.add(g, "enabled-outside-" + _slug(p), f"{p} with enabled tracking is created in both readings: login "
                "review is a release requirement, not a configuration check", "high",
                [B1, SEED_LOGIN_REVIEW_JA], i, created(i), rules=[R_SCOPE_ENABLED])
    mixed = [
        ("limited-mixed-one-outside", ["public_profile", "email", "user_likes"],
         "public_profile and email plus user_likes"),
        ("limited-mixed-all-twelve-plus-one", LIMITED_LOGIN_PERMISSIONS + ["user_posts"],
         "all twelve Limited Login permissions plus user_posts"),
    ]
    for slug, perms, why in mixed:
        i = inp(perms, tracking="limited")
        out.pair(g, slug, f"Documented reading: {why} with limited tracking is refused, one outside permission "
                 "being enough", f"SDK reading: {why} with limited tracking is created, nothing being checked "
                 "against the list", "critical", "high", SCOPE_REFS, i, rules_doc=[R_LIMITED_LIST_DOC],
                 rules_sdk=[R_NO_LIST_SDK])
    for slug, p, why in NEAR_MISS:
        i = inp([p], tracking="limited")
        out.pair(g, "limited-near-miss-" + slug, f"Documented reading: {why} is not on the Limited Login list "
                 "(exact membership), so limited tracking refuses it", f"SDK reading: {why} is valid syntax and "
                 "limited tracking creates the configuration", "critical", "high", SCOPE_REFS, i,
                 rules_doc=[R_LIMITED_LIST_DOC], rules_sdk=[R_NO_LIST_SDK])


AUTH_TYPE_INVALID = [
    ("empty", "", "\"\" (the empty string)"),
    ("capitalised-rerequest", "Rerequest", "Rerequest (capitalised)"),
    ("upper-rerequest", "REREQUEST", "REREQUEST (upper case)"),
    ("capitalised-reauthorize", "Reauthorize", "Reauthorize (capitalised)"),
    ("upper-reauthorize", "REAUTHORIZE", "REAUTHORIZE (upper case)"),
    ("reauthenticate", "reauthenticate", "reauthenticate (a login dialog value the SDK type does not have)"),
    ("https", "https", "https (a legacy login dialog value)"),
    ("reauthorise", "reauthorise", "reauthorise (British spelling)"),
    ("re-request", "re-request", "re-request (hyphenated)"),
    ("trailing-space", "rerequest ", "rerequest with a trailing space (no trimming)"),
    ("leading-space", " reauthorize", "reauthorize with a leading space (no trimming)"),
    ("trailing-lf", "rerequest\n", "rerequest with a trailing LF"),
    ("trailing-nul", "rerequest\u0000", "rerequest with a trailing NUL"),
    ("trailing-zero-width-space", "reauthorize\u200b", "reauthorize with a trailing zero-width space"),
    ("cyrillic-homoglyph", "r\u0435request", "rerequest spelled with a Cyrillic U+0435"),
    ("both-joined", "rerequest,reauthorize", "rerequest,reauthorize (both joined with a comma)"),
    ("string-null", "null", "\"null\" (a string, not nil)"),
    ("string-nil", "nil", "\"nil\" (a string, not nil)"),
    ("none", "none", "\"none\""),
    ("raw-value-zero", "0", "\"0\" (a raw enum value as text)"),
]


# An input without `authType` is a configuration made without an auth type argument: the initializer's default,
# rerequest (DECISIONS.md D44). `authType: null` stays an explicit "no auth type".
DEFAULT_AUTH_TYPE = "rerequest"
R_AUTH_TYPE_DEFAULT = "configuration.auth-type.default"


def _default_auth_type(out: _Out) -> None:
    g = "auth-type"
    refs = [B1, "sdk:FBSDKLoginKit/FBSDKLoginKit/LoginConfiguration.swift#L49-L62", "DECISIONS.md D44"]
    for tracking, perms in (("enabled", ["public_profile", "user_likes"]), ("limited", ["email", "public_profile"])):
        i = inp(perms, tracking=tracking)
        del i["authType"]
        out.add(g, f"default-{tracking}", f"No auth type given with {tracking} tracking (the input leaves authType "
                "out): the initializer's default rerequest is the configuration's auth type, not nil", "medium",
                refs, i, created(i), rules=[R_AUTH_TYPE_DEFAULT])
    i = inp(["public_profile"], authType=None)
    out.add(g, "explicit-nil-is-not-default", "authType null is an explicit nil, not the default: the "
            "configuration's auth type stays nil, not rerequest", "medium", refs, i, created(i),
            rules=[R_AUTH_TYPE_DEFAULT, R_AUTH_TYPE])
    i = inp(["public_profile"], nonce="")
    del i["authType"]
    out.add(g, "default-with-empty-nonce", "No auth type given and an empty nonce: the default auth type is valid, "
            "the empty nonce is refused (invalidNonce)", "medium", refs, i, refused("invalidNonce"),
            rules=[R_AUTH_TYPE_DEFAULT, "configuration.nonce"])


def _auth_type(out: _Out) -> None:
    g = "auth-type"
    for value in ALLOWED_AUTH_TYPES:
        slug = value or "nil"
        for tracking, perms in (("enabled", ["public_profile", "user_likes"]),
                                ("limited", ["email", "public_profile"])):
            i = inp(perms, tracking=tracking, authType=value)
            out.add(g, f"valid-{slug}-{tracking}", f"Auth type {value or 'nil (explicitly none)'} with {tracking} "
                    "tracking is one of nil, rerequest, reauthorize, so the configuration is created", "medium",
                    [B1], i, created(i), rules=[R_AUTH_TYPE])
    for slug, value, why in AUTH_TYPE_INVALID:
        i = inp(["public_profile"], authType=value)
        out.add(g, "invalid-" + slug, f"Auth type value {why}: not nil, rerequest or reauthorize, so the "
                "configuration is refused", "medium", [B1], i, refused("invalidAuthType"), rules=[R_AUTH_TYPE])
    for slug in ("empty", "capitalised-rerequest", "reauthenticate", "trailing-space"):
        why, value = next((w, v) for s, v, w in AUTH_TYPE_INVALID if s == slug)
        i = inp(["email", "public_profile"], tracking="limited", authType=value)
        out.add(g, "invalid-" + slug + "-limited", f"With limited tracking and Limited Login permissions, auth type "
                f"{why} is refused as well", "medium", [B1], i, refused("invalidAuthType"), rules=[R_AUTH_TYPE])


MESSENGER_PAGE_IDS = [
    ("null", None, "no Messenger page ID (nil)"),
    ("empty", "", "an empty Messenger page ID (not validated, kept as \"\")"),
    ("numeric", "123", "the numeric Messenger page ID 123"),
    ("numeric-long", "102938475610293", "a 15-digit Messenger page ID"),
    ("non-numeric", "not a page id", "a Messenger page ID with letters and spaces (not validated)"),
    ("padded", " 123 ", "a Messenger page ID with surrounding spaces (kept, not trimmed)"),
    ("non-ascii", "\u00e9\u00e8\u00ea", "a non-ASCII Messenger page ID (not validated)"),
    ("newline", "123\n", "a Messenger page ID ending in LF (not validated)"),
]


def _messenger_page_id(out: _Out) -> None:
    g = "messenger-page-id"
    for slug, value, why in MESSENGER_PAGE_IDS:
        i = inp(["public_profile"], messengerPageId=value)
        out.add(g, slug, f"Configuration with {why} is created with the value kept exactly", "low", [B1], i,
                created(i), rules=[R_MESSENGER])
    i = inp(["public_profile"], tracking="limited", messengerPageId="")
    out.add(g, "empty-limited", "With limited tracking an empty Messenger page ID is not validated either and is "
            "kept", "low", [B1], i, created(i), rules=[R_MESSENGER])


def _verifier(length: int, filler: str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") -> str:
    """A deterministic verifier of `length` characters, cycling through `filler`."""
    return (filler * (length // len(filler) + 1))[:length]


def _with(char: str, length: int = 60) -> str:
    """A `length`-character verifier with `char` in the middle (one code point, so every count agrees up to
    UTF-8 bytes, which stay well inside 43..128)."""
    base = _verifier(length - 1)
    return base[:length // 2] + char + base[length // 2:]


VERIFIER_VALID = [
    ("known-48", KNOWN_VERIFIER, "the known 48-character verifier of SPECIFICATION.md §1"),
    ("length-43", _verifier(43), "43 characters (the minimum)"),
    ("length-44", _verifier(44), "44 characters"),
    ("length-96", _verifier(96), "96 characters (the default's length)"),
    ("length-127", _verifier(127), "127 characters"),
    ("length-128", _verifier(128), "128 characters (the maximum)"),
    ("unreserved-punctuation", _verifier(44, "-._~"), "44 characters of only - . _ ~"),
    ("full-charset", _verifier(66, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"),
     "all 66 unreserved characters once"),
    ("base64url-96", "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk" + "_" + _verifier(52),
     "96 base64url characters, the shape of the SDK's default"),
]

VERIFIER_INVALID_LENGTH = [
    ("empty", "", "an empty verifier (0 characters)"),
    ("length-1", "a", "a 1-character verifier"),
    ("length-42", _verifier(42), "a 42-character verifier (one under the minimum)"),
    ("length-129", _verifier(129), "a 129-character verifier (one over the maximum)"),
    ("length-256", _verifier(256), "a 256-character verifier"),
]

# ASCII characters outside the unreserved set, each in an otherwise valid 60-character verifier.
VERIFIER_INVALID_ASCII = [
    ("plus", "+"), ("slash", "/"), ("equals", "="), ("space", " "), ("percent", "%"), ("exclamation", "!"),
    ("asterisk", "*"), ("apostrophe", "'"), ("tab", "\t"), ("line-feed", "\n"), ("colon", ":"), ("at", "@"),
]

# Non-ASCII characters that are neither Unicode letters nor digits: refused under both readings.
VERIFIER_INVALID_NON_ASCII = [
    ("\u2013", "an en dash U+2013 (looks like -)"),
    ("\u00b7", "a middle dot U+00B7 (looks like .)"),
    ("\uff3f", "a fullwidth low line U+FF3F (looks like _)"),
    ("\uff5e", "a fullwidth tilde U+FF5E (looks like ~)"),
    ("\u00a0", "a no-break space U+00A0"),
]

# Precomposed single-code-point Unicode letters and digits: the SDK's alphanumerics accept them, RFC 7636 does not.
VERIFIER_UNICODE_ALNUM = [
    ("\u00e9", "a Latin e-acute U+00E9"),
    ("\u0436", "a Cyrillic zhe U+0436"),
    ("\u03bb", "a Greek lambda U+03BB"),
    ("\u6f22", "a CJK ideograph U+6F22"),
    ("\u0663", "an Arabic-Indic digit three U+0663"),
    ("\u0967", "a Devanagari digit one U+0967"),
    ("\uff21", "a fullwidth Latin A U+FF21"),
]


def _code_verifier(out: _Out) -> None:
    g = "code-verifier"
    for slug, value, why in VERIFIER_VALID:
        # The known verifier is the baseline's own: asking for email keeps this input apart from the baseline
        # (permission-set::empty-enabled), so the two vectors do not repeat each other.
        i = inp(["email"] if value == KNOWN_VERIFIER else [], codeVerifier=value)
        out.add(g, "valid-" + slug, f"Code verifier of {why}: it meets RFC 7636 (43 to 128 unreserved characters), so "
                "the configuration is created", "high", VERIFIER_REFS, i, created(i),
                rules=[R_VERIFIER_LENGTH] if slug.startswith("length-") else [R_VERIFIER_CHARSET])
    i = inp(["public_profile"], tracking="limited", codeVerifier=_verifier(43))
    out.add(g, "valid-length-43-limited", "With limited tracking (where no challenge is sent) a valid 43-character "
            "code verifier is still accepted", "high", VERIFIER_REFS, i, created(i), rules=[R_VERIFIER_LENGTH])
    for slug, value, why in VERIFIER_INVALID_LENGTH:
        i = inp(codeVerifier=value)
        out.add(g, "invalid-" + slug, f"Code verifier: {why} is outside 43 to 128 characters, so the configuration "
                "is refused", "high", VERIFIER_REFS, i, refused("invalidCodeVerifier"), rules=[R_VERIFIER_LENGTH])
    i = inp(["public_profile"], tracking="limited", codeVerifier=_verifier(42))
    out.add(g, "invalid-length-42-limited", "With limited tracking a 42-character code verifier is refused too: it "
            "is validated when made, whatever the tracking", "high", VERIFIER_REFS, i,
            refused("invalidCodeVerifier"), rules=[R_VERIFIER_LENGTH])
    for slug, ch in VERIFIER_INVALID_ASCII:
        i = inp(codeVerifier=_with(ch))
        out.add(g, "invalid-ascii-" + slug, f"A 60-character code verifier containing {cp(ch).upper()} ({slug}) is "
                "refused: only A-Z a-z 0-9 - . _ ~ are allowed", "high", VERIFIER_REFS, i,
                refused("invalidCodeVerifier"), rules=[R_VERIFIER_CHARSET])
    i = inp(codeVerifier="dBjftJeZ4CVP+mB92K27uhbUJU1p1r/wW1gFWFOEjXk=")
    out.add(g, "invalid-standard-base64", "A 44-character standard-base64 code verifier (with + / and = padding) "
            "is refused: it is not base64url", "high", VERIFIER_REFS, i, refused("invalidCodeVerifier"),
            rules=[R_VERIFIER_CHARSET])
    for ch, why in VERIFIER_INVALID_NON_ASCII:
        i = inp(codeVerifier=_with(ch))
        out.add(g, "invalid-non-ascii-" + cp(ch), f"A 60-character code verifier containing {why} is refused in "
                "both readings: it is neither unreserved nor a letter or digit", "high", VERIFIER_REFS, i,
                refused("invalidCodeVerifier"), rules=[R_VERIFIER_CHARSET])
    for ch, why in VERIFIER_UNICODE_ALNUM:
        i = inp(codeVerifier=_with(ch))
        out.pair(g, "unicode-alphanumeric-" + cp(ch),
                 f"Documented reading (RFC 7636, ASCII only): a 60-character code verifier containing {why} is "
                 "refused",
                 f"SDK reading (Unicode alphanumerics): a 60-character code verifier containing {why} is accepted "
                 "and kept", "high", "high", VERIFIER_REFS, i,
                 rules_doc=[R_VERIFIER_CHARSET, R_VERIFIER_UNICODE_DOC], rules_sdk=[R_VERIFIER_CHARSET, R_VERIFIER_UNICODE_SDK])
    # 128 Cyrillic letters: 128 code points, UTF-16 units and graphemes alike, but 256 UTF-8 bytes.
    value = ("\u0430\u0431\u0432\u0433\u0434\u0435\u0436\u0437" * 16)
    i = inp(codeVerifier=value)
    assert len(value) == 128 and len(value.encode("utf-16-le")) == 256 and len(value.encode("utf-8")) == 256
    out.pair(g, "unicode-alphanumeric-length-128-cyrillic",
             "Documented reading (RFC 7636, ASCII only): a code verifier of 128 Cyrillic letters is refused",
             "SDK reading: 128 Cyrillic letters are 128 characters however they are counted (256 UTF-8 bytes), the "
             "maximum, so the code verifier is accepted", "high", "high", VERIFIER_REFS + ["DECISIONS.md D24"], i,
             rules_doc=[R_VERIFIER_CHARSET, R_VERIFIER_UNICODE_DOC],
             rules_sdk=[R_VERIFIER_LENGTH, R_VERIFIER_UNICODE_SDK])
    # 0.3.0 retired unicode-alphanumeric-length-128-u+20bb7: its outcome depended on counting code points (or the
    # SDK's graphemes) rather than UTF-16 units (DECISIONS.md D24).


def _check_order(out: _Out) -> None:
    """SPECIFICATION.md §1 fixes nonce, then permission syntax, then auth type. Enabled tracking keeps the scope rule
    out; the code verifier stays valid."""
    g = "check-order"
    cases = [
        ("nonce-space-before-syntax", inp(["Email"], nonce="abc def"),
         "A nonce with a space and an upper-case permission: the nonce is checked first", "invalidNonce"),
        ("nonce-empty-before-syntax", inp(["public_profile", "user_actions.books"], nonce=""),
         "An empty nonce and user_actions.books: the nonce is checked first", "invalidNonce"),
        ("syntax-before-auth-type", inp(["user-likes"], authType="Rerequest"),
         "A hyphenated permission and auth type Rerequest: permission syntax is checked before auth type",
         "invalidPermissionSyntax"),
        ("syntax-empty-before-auth-type", inp([""], authType=""),
         "An empty permission and an empty auth type: permission syntax is checked before auth type",
         "invalidPermissionSyntax"),
        ("nonce-before-auth-type", inp(["public_profile"], nonce="abc\tdef", authType="reauthenticate"),
         "A nonce with a TAB and auth type reauthenticate: the nonce is checked before auth type", "invalidNonce"),
        ("nonce-before-auth-type-limited",
         inp(["email"], tracking="limited", nonce="", authType="REAUTHORIZE"),
         "Limited tracking with an allowed permission, an empty nonce and auth type REAUTHORIZE: the nonce is "
         "checked first", "invalidNonce"),
        ("nonce-before-syntax-and-auth-type", inp(["EMAIL"], nonce="abc\u3000def", authType="https"),
         "A nonce with U+3000, permission EMAIL and auth type https: the first check, the nonce, decides",
         "invalidNonce"),
    ]
    cases.append(("verifier-before-nonce", inp(nonce="abc def", codeVerifier=_verifier(42)),
                  "A 42-character code verifier and a nonce with a space: the verifier is checked when it is made, "
                  "before the configuration's own checks", "invalidCodeVerifier"))
    for slug, i, description, reason in cases:
        first = {"invalidNonce": _nonce_rules(i["nonce"]), "invalidCodeVerifier": [R_VERIFIER_LENGTH]}.get(
            reason, [R_SYNTAX])
        out.add(g, slug, "SDK reading: " + description[0].lower() + description[1:], "medium", [B1] + ORDER_REFS,
                i, refused(reason), [SDK], rules=[R_ORDER] + first)
    # The documented halves of these two pairs were retired in 0.3.0 (DECISIONS.md D26): no document orders the
    # checks, so a documented vector breaking two rules would rest on a guess.
    i = inp(["user.likes"], nonce="abc\ndef")
    out.add(g, "nonce-lf-and-syntax", "SDK reading: the LF nonce passes, so permission user.likes is the first "
            "failure", "medium", [B1] + ORDER_REFS, i, refused("invalidPermissionSyntax"), [SDK],
            rules=[R_ORDER, R_NEWLINE_SDK, R_SYNTAX])
    i = inp(["public_profile"], nonce="abc\u2028def", authType="Reauthorize")
    out.add(g, "nonce-u+2028-and-auth-type", "SDK reading: the U+2028 nonce passes, so auth type Reauthorize is the "
            "first failure", "medium", [B1] + ORDER_REFS, i, refused("invalidAuthType"), [SDK],
            rules=[R_ORDER, R_NEWLINE_SDK, R_AUTH_TYPE])


def _setting(**members: Any) -> Callable[[dict[str, Any]], dict[str, Any]]:
    return lambda draft: {**draft, **members}


def _permission(name: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    return lambda draft: {**draft, "permissions": sorted(set(draft["permissions"]) | {name})}


# Fault pairs (vectorgen/fault_pairs.py, DECISIONS.md D59): one configuration with every check passing, and one fault
# per reason. The SDK's order (D26) holds under ios-sdk; no public document orders the checks, so the documented
# reading accepts either reason. The SDK has no Limited Login list: an unlisted permission is no fault there.
FAULT_PAIRS = FaultPairs(
    family=F,
    base=inp(["email", "public_profile"]),
    render=lambda draft: draft,
    faults=(
        Fault("short-verifier", "a 42-character code verifier", refused("invalidCodeVerifier"),
              _setting(codeVerifier=_verifier(42)), (R_VERIFIER_LENGTH,)),
        Fault("nonce-space", "a nonce with a SPACE", refused("invalidNonce"), _setting(nonce="abc def"),
              (R_NONCE, R_ZS)),
        Fault("upper-case-permission", "the permission Email", refused("invalidPermissionSyntax"),
              _permission("Email"), (R_SYNTAX,),
              undecided={DOC: "no public page states a character rule for permission names (DECISIONS.md D31)"}),
        Fault("unlisted-permission", "limited tracking with user_posts", refused("permissionOutsideTrackingScope"),
              lambda draft: {**_permission("user_posts")(draft), "tracking": "limited"}, (R_LIMITED_LIST_DOC,),
              harmless={SDK: R_NO_LIST_SDK}),
        Fault("auth-type-case", "auth type Rerequest", refused("invalidAuthType"), _setting(authType="Rerequest"),
              (R_AUTH_TYPE,)),
    ),
    orders={
        DOC: (),
        SDK: chain(("short-verifier", "nonce-space", "upper-case-permission", "auth-type-case"), R_ORDER),
    },
    unordered_rule="configuration.check-order.unordered.documented",
    refs=(B1, B8, "DECISIONS.md D26", "DECISIONS.md D59", *ORDER_REFS[1:]),
    check=configuration_outcome,
    notes={DOC: "no public document orders the configuration's checks (DECISIONS.md D26)"},
)


def _perturbed_rules(name: str, i: Mapping[str, Any], profile: str, outcome: Mapping[str, Any]) -> list[str]:
    """The rules a configuration with one perturbed string member rests on (vectorgen/perturbation.py)."""
    if name == "permission":
        return [R_SYNTAX] if outcome["result"] == "refused" else [R_SYNTAX, R_SET]
    value = i[name]
    if name == "nonce":
        zwsp = ["nonce.zero-width-space.documented" if is_documented(profile) else "nonce.zero-width-space.ios-sdk"] \
            if "\u200b" in value else []
        newline = any(ch in value for ch in NONCE_NEWLINES)
        if outcome["result"] == "refused":
            return _nonce_rules(value, profile if newline else None) + zwsp
        return [R_NONCE] + ([R_NEWLINE_SDK] if newline else []) + zwsp
    if name == "authType":
        return [R_AUTH_TYPE]
    if name == "messengerPageId":
        return [R_MESSENGER]
    if outcome["result"] == "created":
        return [R_VERIFIER_CHARSET]
    if not 43 <= len(value) <= 128:
        return [R_VERIFIER_LENGTH]
    unicode = [ch for ch in value if not ch.isascii() and unicodedata.category(ch)[0] in "LMN"]
    if unicode and all(_verifier_char_ok(ch, profile) or ch in unicode for ch in value):
        return [R_VERIFIER_CHARSET, R_VERIFIER_UNICODE_DOC if is_documented(profile) else R_VERIFIER_UNICODE_SDK]
    return [R_VERIFIER_CHARSET]


def _perturbed(name: str) -> Callable[[dict[str, Any], str], tuple[dict[str, Any], list[str]]]:
    def reading(i: dict[str, Any], profile: str) -> tuple[dict[str, Any], list[str]]:
        outcome = configuration_outcome(i, profile)
        return outcome, _perturbed_rules(name, i, profile, outcome)
    return reading


# Perturbations (vectorgen/perturbation.py): each string member of a configuration that creates, perturbed alone.
# The auth type's values are ASCII without fi: NFD and the ligature cannot change them, and only the three exact
# values pass (configuration.auth-type). The permission is public_profile (its fi folds; [a-z_] has nothing NFD
# decomposes).
_PERTURBED_BASE = inp(["email", "public_profile"], nonce="fi-Nonce-\u00e9-42", messengerPageId="fi-page-\u00e9-7",
                      codeVerifier="fi" + _verifier(58))
PERTURBATIONS: tuple[PerturbedField, ...] = (
    PerturbedField(F, "nonce", _PERTURBED_BASE, _perturbed("nonce"), tuple(NONCE_REFS)),
    PerturbedField(F, "authType", _PERTURBED_BASE, _perturbed("authType"), (B1,),
                   irrelevant={"ligature": R_AUTH_TYPE, "decomposed": R_AUTH_TYPE}),
    PerturbedField(F, "messengerPageId", _PERTURBED_BASE, _perturbed("messengerPageId"), (B1,)),
    PerturbedField(F, "codeVerifier", _PERTURBED_BASE, _perturbed("codeVerifier"), tuple(VERIFIER_REFS),
                   irrelevant={"decomposed": R_VERIFIER_CHARSET}),
    PerturbedField(F, "permission", _PERTURBED_BASE, _perturbed("permission"), (B1,), covers="permissions[]",
                   irrelevant={"decomposed": R_SYNTAX + ".ios-sdk"}, get=lambda draft: draft["permissions"][1],
                   put=lambda draft, value: {**draft, "permissions": [draft["permissions"][0], value]}),
)


def vectors() -> list[dict[str, Any]]:
    out = _Out()
    _defaults(out)
    _nonce(out)
    _permission_syntax(out)
    _permission_set(out)
    _tracking_scope(out)
    _auth_type(out)
    _default_auth_type(out)
    _messenger_page_id(out)
    _code_verifier(out)
    _check_order(out)
    descriptions = [v["description"] for v in out.items]
    if len(set(descriptions)) != len(descriptions):
        raise ValueError("descriptions must be unique within the family")
    return out.items


# The permissions as a set (kind set): whatever subset of a valid configuration's permissions is asked, even none,
# the configuration is created with that set (configuration.permission.set: an empty list is fine).
PERTURBATIONS += (
    PerturbedField(F, "permissions", _PERTURBED_BASE, lambda i, profile: (configuration_outcome(i, profile), [R_SET]),
                   (B1, "DECISIONS.md D64"), kind="set"),
)
