"""login-result: the login callback turned into cancelled / failed / success (SPECIFICATION.md §3).

Every vector states the requested permissions, the callback's query and fragment parameters (already
percent-decoded), the challenge the request sent, the token held before the login (or none), the user ID the Graph
API's /me returns for the new token, and `now`. The expected outcome follows from the §3 rules only:

- parameters: query and fragment, a key in both takes the fragment's value;
- an `error` without `error_message` is a cancellation; with `error_message` it is core error 8 (Graph error code
  kept as a string);
- no access token -> cancelled; an invalid grant set or an empty recently-granted set -> cancelled;
- on a cancellation, declined = denied_scopes if a token already existed, else [];
- a non-cancelled response whose state's `challenge` is missing or wrong -> login error 308;
- granted = granted_scopes ∩ requested when a previous token with permissions exists and something was requested,
  otherwise all of granted_scopes; declined = requested ∩ denied_scopes;
- a re-login that returns another user -> login error 304;
- expiry (ios-sdk only, DECISIONS.md D27): the SDK reads `expires*` from the callback URL as numbers, which its
  string values never are, so the token never expires (null).

- the Limited Login callback (DECISIONS.md D40): an `id_token` with no stored nonce -> core error 301, one that fails
  validation -> core error 309 (both before the state check), a valid one -> the authentication token and the
  profile, with or without an access token; the input's optional `storedNonce` and `idTokenVerdict` carry what the
  SDK's keychain and token validation would;
- callback behaviours first covered in suite 0.4.0 (D41): an invalid denied_scopes declines nothing, the state is
  checked before the grant set, a token-less or error callback's scopes are never read, an empty or lone
  `error_message` is core error 8.

Cases the specification leaves open are deliberately absent: an error combined with a token, `expires` and
`expires_at` both positive and different, `expires` 0 with a positive `expires_at`, non-numeric expiry values, an
empty `access_token`.
"""

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Optional, Union

from .common import B1, B3, NOW, SEED_PERMISSIONS_JA, SEED_PERMISSIONS_ZH, is_documented, permission_set, vector
from .fault_pairs import Fault, FaultPairs, chain
from .grammar import SDK_REFUSES, SDK_UNDECIDED, GrammarCase, GrammarSite
from .perturbation import Outside, PerturbedField, Undecided
from .profile import PROFILE
from .profile import vectors as profile_vectors
from .rules import MOVED_TO_IOS_SDK
from .shape import (EPOCH_SECONDS, PERMISSIONS, VERBATIM, Constraint, Family, boolean, closed, common, document, enum,
                    fld, integer, nullable, obj, outcome, string)

FAMILY = "login-result"
DESCRIPTION = (
    "The login callback (query and fragment parameters, fragment wins) turned into a result: cancelled (with the "
    "declined permissions), failed (error domain and code, plus the Graph error code when the callback carried one) "
    "or success (recently granted and declined permissions and the new access token with its expiration date). "
    "Covers granted = granted_scopes (∩ requested on a re-authorization), declined = requested ∩ denied_scopes "
    "(not requested minus granted), all-or-nothing grant-set syntax, cancellations (no token, empty or invalid grant "
    "set, error without error_message), error 308 for a missing or wrong state challenge, error 304 for a re-login "
    "as another user, and the expires / expires_at / expires_in precedence (SPECIFICATION.md §3)."
)
# This family has no rejection `reason`; the two non-success results are described here.
# The SDK check (Scripts/sdk_check/check_sdk.py, docs/sdk-check.md): what its driver calls in the SDK for this family's
# ios-sdk vectors (`runs`), or why they are read, not run (`notRun`).
SDK_CHECK = {
    "notRun": (
        "LoginURLCompleter / LoginManager need the ObjC access token, FBSDKInternalUtility and the Graph "
        "request stack; read, not run"
    ),
}
# Its row in README.md's family table (the generator writes the table): the protocol its implementations adopt
# and what its vectors check, in Markdown.
PROTOCOL = "LoginResultResolving"
SUMMARY = (
    "declined = requested ∩ denied; granted as `granted_scopes` lists it; cancellations; `ios-sdk` only (D31): "
    "every failed result (the SDK's error domain and code: 308 bad challenge, 304 user mismatch, core 8), granted "
    "restricted on re-authorization, grant-set cancellations, and no expiry from the callback URL (D27); the "
    "Limited Login callback (`ios-sdk`, D40): an `id_token` whose validation verdict is given as input gives a "
    "success with an authentication token and a profile, 301 without a stored nonce, 309 when validation fails (§3, "
    "§8)"
)

REASONS = {
    "cancelled": (
        "the login did not complete and is not an error: no access token came back, the grant set was invalid or "
        "the recently granted set was empty, or the callback carried neither a token nor an `error_message` (an "
        "`error` without `error_message` included; DECISIONS.md D28); "
        "declinedPermissions is denied_scopes when a token already existed, else empty"
    ),
    "failed": (
        "the login ended with an error: com.facebook.sdk.login 308 (state challenge missing or wrong on a "
        "non-cancelled response), com.facebook.sdk.login 304 (re-login returned another user), or "
        "com.facebook.sdk.core 8 (callback `error` with `error_message`; graphErrorCode = the callback's error_code)"
    ),
}

# ---------------------------------------------------------------------------------------------------------------
# Fixed, app-neutral values.
CHALLENGE = "c7d4e0f1"
STATE = '{"challenge":"c7d4e0f1"}'
TOKEN = "test-access-token-0001"
USER = "100001"  # the user of the previous token (and of the new one unless a vector says otherwise)
OTHER_USER = "100002"
LOGIN_DOMAIN = "com.facebook.sdk.login"
CORE_DOMAIN = "com.facebook.sdk.core"

# The shape of a vector (Scripts/vectorgen/shape.py): Vectors/schema/login-result.schema.json and fields.json are
# generated from it.
SHAPE = Family(
    title="LoginConformance vectors: login result (SPECIFICATION.md §3)",
    reasons_description="This family has no rejection reason; the two non-success results are described instead.",
    input=closed(
        fld("requestedPermissions", PERMISSIONS),
        # The callback URL's parameters, already percent-decoded; a key in both takes the fragment's value.
        fld("query", common("stringMap")),
        fld("fragment", common("stringMap")),
        # The state's challenge must equal it exactly (rule result.challenge).
        fld("expectedChallenge", string(minLength=1)),
        fld("previousToken", nullable(obj(
            fld("userID", string()),
            fld("permissions", PERMISSIONS)))),
        # Compared with the previous token's user as exact strings (rule result.user-mismatch).
        fld("graphUserID", nullable(string())),
        fld("now", EPOCH_SECONDS),
        fld("storedNonce", nullable(string(VERBATIM)), optional=True,
            description="optional (suite 0.4.0, DECISIONS.md D40): the nonce stored with the login configuration when "
                        "the request was made; null or absent when none is stored"),
        fld("idTokenVerdict", obj(
            fld("valid", boolean()),
            fld("claims", document(description="the validated token's claims; only with valid: true"), optional=True),
            constraints=(Constraint({"if": {"properties": {"valid": {"const": True}}},
                                     "then": {"required": ["claims"]},
                                     "else": {"not": {"required": ["claims"]}}}),)),
            optional=True,
            description="optional (suite 0.4.0, DECISIONS.md D40): the verdict of validating the callback's id_token "
                        "against the stored nonce (token-claims and signed-token check the validation itself); absent "
                        "when the callback carries no id_token"),
        constraints=(
            Constraint({"if": {"properties": {"previousToken": {"type": "null"}}},
                        "then": {"properties": {"graphUserID": {"type": "null"}}}},
                       comment="No previous token, no Graph user to compare with."),
        ),
    ),
    outcomes=(
        outcome("cancelled", fld("declinedPermissions", PERMISSIONS)),
        outcome(
            "failed",
            fld("error", obj(
                fld("domain", enum((LOGIN_DOMAIN, CORE_DOMAIN))),
                fld("code", integer()),
                constraints=(Constraint({"oneOf": [
                    {"description": "login errors: 304 user mismatch, 308 bad challenge (and the other codes §3 says "
                                    "are produced)",
                     "properties": {"domain": {"const": LOGIN_DOMAIN}, "code": {"enum": [301, 304, 308, 309, 310]}}},
                    {"description": "core errors: 8 Graph API error from the callback (and the parsing 301 / id_token "
                                    "309 of §3)",
                     "properties": {"domain": {"const": CORE_DOMAIN}, "code": {"enum": [8, 301, 309]}}},
                ]}),))),
            # The callback's error_code, kept as a string.
            fld("graphErrorCode", string(VERBATIM, minLength=1), optional=True),
            constraints=(Constraint({"if": {"required": ["graphErrorCode"]}, "then": {
                "description": "the Graph error code is kept only with core error 8",
                "properties": {"error": {"properties": {"domain": {"const": CORE_DOMAIN}, "code": {"const": 8}}}}}}),),
        ),
        outcome(
            "success",
            fld("grantedPermissions", common("permissionList", minItems=1),
                description="never empty: an empty recently granted set is a cancellation"),
            fld("declinedPermissions", PERMISSIONS),
            fld("token", nullable(obj(
                fld("tokenString", string(VERBATIM, minLength=1)),
                fld("userID", string(VERBATIM)),
                fld("expirationDate", nullable(EPOCH_SECONDS,
                                               description="null: the token never expires (the SDK's distant future)")),
            )), description="the new access token; null when the callback carried only an id_token (DECISIONS.md D40)"),
            fld("authenticationToken", obj(
                fld("tokenString", string(VERBATIM, minLength=1)),
                fld("nonce", string(VERBATIM))), optional=True,
                description="optional (suite 0.4.0): the authentication token a validated id_token made: the id_token "
                            "and the stored nonce (DECISIONS.md D40)"),
            fld("profile", PROFILE, optional=True,
                description="optional (suite 0.4.0): the profile the login makes current, made from the id_token's "
                            "claims as the profile family says (DECISIONS.md D40)"),
            constraints=(Constraint({"dependentRequired": {"authenticationToken": ["profile"],
                                                           "profile": ["authenticationToken"]}}),),
        ),
    ),
)

DECLINED_REFS = [B3, SEED_PERMISSIONS_ZH, SEED_PERMISSIONS_JA]  # documented usage: check result.declinedPermissions
SYNTAX_REFS = [B3, B1]  # granted_scopes are validated with the §1 permission syntax rule


def _input(requested: Iterable[str], fragment: Mapping[str, str], query: Optional[Mapping[str, str]] = None,
           previous: Optional[tuple[str, Iterable[str]]] = None, graph_user: Optional[str] = None,
           **limited: Any) -> dict[str, Any]:
    """previous: None or (userID, [permissions]). graph_user defaults to the previous token's user (same user).
    limited: the optional Limited Login members (storedNonce, idTokenVerdict), only in vectors whose callback
    carries an id_token, so the inputs of the other vectors keep their 0.3.0 shape."""
    previous_token = None
    if previous is not None:
        previous_token = {"userID": previous[0], "permissions": permission_set(previous[1])}
        if graph_user is None:
            graph_user = previous[0]
    return {
        "requestedPermissions": permission_set(requested),
        "query": dict(query or {}),
        "fragment": dict(fragment),
        "expectedChallenge": CHALLENGE,
        "previousToken": previous_token,
        "graphUserID": graph_user,
        "now": NOW,
        **limited,
    }


def _callback(granted: Optional[str] = "email,public_profile", token: Optional[str] = TOKEN,
              user: Optional[str] = USER, state: Optional[str] = STATE, **extra: Optional[str]) -> dict[str, str]:
    """A successful-looking callback; pass None to leave a parameter out."""
    params = {"access_token": token, "user_id": user, "granted_scopes": granted, "state": state}
    params.update(extra)
    return {k: v for k, v in params.items() if v is not None}


def _cancelled(declined: Iterable[str] = ()) -> dict[str, Any]:
    return {"result": "cancelled", "declinedPermissions": permission_set(declined)}


def _failed(domain: str, code: int, graph_error_code: Optional[str] = None) -> dict[str, Any]:
    expected: dict[str, Any] = {"result": "failed", "error": {"domain": domain, "code": code}}
    if graph_error_code is not None:
        expected["graphErrorCode"] = graph_error_code
    return expected


def _success(granted: Iterable[str], declined: Iterable[str] = (), token: str = TOKEN, user: str = USER,
             expiration: Optional[float] = None) -> dict[str, Any]:
    return {
        "result": "success",
        "grantedPermissions": permission_set(granted),
        "declinedPermissions": permission_set(declined),
        "token": {"tokenString": token, "userID": user, "expirationDate": expiration},
    }


BAD_CHALLENGE = _failed(LOGIN_DOMAIN, 308)
USER_MISMATCH = _failed(LOGIN_DOMAIN, 304)


# Rule IDs (Vectors/rules.json).
R_MERGE = "result.parameters.fragment-wins"
R_NO_TOKEN = "result.cancel.no-token"
R_EMPTY_GRANT = "result.cancel.empty-grant"
R_SCOPES = "result.scopes.syntax"
R_ERROR_NO_MESSAGE = "result.error.without-message"
R_ERROR_MESSAGE = "result.error.with-message"
R_CHALLENGE = "result.challenge"
R_CHALLENGE_AFTER_CANCEL = "result.challenge.after-cancellation"
R_GRANTED = "result.granted"
R_DECLINED = "result.declined"
R_DECLINED_ON_CANCEL = "result.declined.on-cancel"
R_USER_MISMATCH = "result.user-mismatch"
R_EXPIRY_SDK = "result.expiry.url-strings.ios-sdk"


def _rules_of(input: Mapping[str, Any], expected: Mapping[str, Any], rules: list[str]) -> list[str]:
    """The rules a vector rests on through every member of its expected outcome (DECISIONS.md D31)."""
    # A failed result states the SDK's error domain and code, which no public document states: ios-sdk only.
    if expected.get("result") == "failed" and "result.error-codes" not in rules:
        rules = list(rules) + ["result.error-codes"]
    # The granted set of a success is what granted_scopes lists (Manually Build a Login Flow) unless the SDK narrows
    # it to the request, which only its code states; a cancellation's declined set with denied_scopes present only
    # the SDK's code states. Where those members differ from the documented reading, the vector is the SDK's.
    merged = {**input.get("query", {}), **input.get("fragment", {})}
    if expected.get("result") == "success":
        listed = sorted(set(merged["granted_scopes"].split(","))) if merged.get("granted_scopes") else []
        if expected["grantedPermissions"] != listed and "result.granted" not in rules:
            rules = list(rules) + ["result.granted"]
    if expected.get("result") == "cancelled" and "denied_scopes" in merged and "result.declined.on-cancel" not in rules:
        rules = list(rules) + ["result.declined.on-cancel"]
    return rules


def _v(group: str, case: str, description: str, severity: str, refs: Sequence[str], input: dict[str, Any],
       expected: dict[str, Any], rules: list[str], profiles: Optional[Sequence[str]] = None) -> dict[str, Any]:
    rules = _rules_of(input, expected, rules)
    if profiles is not None:  # a vector new in 0.4.0 that holds under one profile names it (never a D31 move)
        case = f"{case}.{profiles[0]}"
    return vector(f"login-result::{group}::{case}", description, severity, refs, input, expected, profiles,
                  rules=rules)


# ---------------------------------------------------------------------------------------------------------------
# Granted = granted_scopes ∩ requested when a previous token WITH permissions exists and something was requested;
# otherwise all of granted_scopes.
def _granted() -> list[dict[str, Any]]:
    cases = [
        ("no-previous-token-all-granted",
         "without a previous token every granted scope is recently granted, even public_profile that was not requested",
         _input(["email"], _callback("email,public_profile")),
         _success(["email", "public_profile"])),
        ("previous-token-intersects-requested",
         "a previous token with permissions and a non-empty request make granted = granted_scopes ∩ requested",
         _input(["email"], _callback("email,public_profile"), previous=(USER, ["public_profile"])),
         _success(["email"])),
        ("previous-token-several-granted-one-requested",
         "on a re-authorization scopes granted earlier but not requested now are not recently granted",
         _input(["user_birthday", "user_friends"], _callback("email,public_profile,user_friends"),
                previous=(USER, ["email", "public_profile"])),
         _success(["user_friends"])),
        ("previous-token-empty-permissions-all-granted",
         "a previous token whose permission set is empty does not trigger the intersection: all granted scopes count",
         _input(["email"], _callback("email,public_profile"), previous=(USER, [])),
         _success(["email", "public_profile"])),
        ("previous-token-nothing-requested-all-granted",
         "a previous token with permissions but an empty request does not trigger the intersection",
         _input([], _callback("email,public_profile"), previous=(USER, ["public_profile"])),
         _success(["email", "public_profile"])),
        ("no-previous-token-nothing-requested",
         "with nothing requested and no previous token the granted set is granted_scopes as returned",
         _input([], _callback("public_profile")),
         _success(["public_profile"])),
        ("duplicate-granted-items-collapse",
         "granted_scopes is a set: a repeated valid item is kept once and does not invalidate the grant set",
         _input(["email"], _callback("email,public_profile,email")),
         _success(["email", "public_profile"])),
    ]
    extra = {"duplicate-granted-items-collapse": [R_SCOPES]}
    return [_v("granted", c, d, "high", [B3], i, e, [R_GRANTED] + extra.get(c, [])) for c, d, i, e in cases]


# ---------------------------------------------------------------------------------------------------------------
# Declined = requested ∩ denied_scopes; NOT requested − granted.
def _declined() -> list[dict[str, Any]]:
    cases = [
        ("requested-and-denied",
         "a requested permission listed in denied_scopes is declined",
         _input(["email", "user_friends"], _callback("email,public_profile", denied_scopes="user_friends")),
         _success(["email", "public_profile"], ["user_friends"])),
        ("requested-not-granted-not-denied",
         "a requested permission neither granted nor denied is not declined (declined is not requested minus granted)",
         _input(["email", "user_friends"], _callback("email,public_profile")),
         _success(["email", "public_profile"], [])),
        ("requested-not-granted-denied-empty",
         "an empty denied_scopes declines nothing, even when a requested permission was not granted",
         _input(["email", "user_friends"], _callback("email,public_profile", denied_scopes="")),
         _success(["email", "public_profile"], [])),
        ("denied-not-requested",
         "a permission in denied_scopes that was not requested is not declined",
         _input(["email"], _callback("email,public_profile", denied_scopes="user_friends")),
         _success(["email", "public_profile"], [])),
        ("mixed-requested-denied-and-unanswered",
         "only requested ∩ denied_scopes is declined: unanswered user_birthday and unrequested user_likes are not",
         _input(["email", "user_birthday", "user_friends"],
                _callback("email,public_profile", denied_scopes="user_friends,user_likes")),
         _success(["email", "public_profile"], ["user_friends"])),
        ("all-requested-denied-public-profile-granted",
         "every requested permission denied while public_profile is granted: success with both requested declined",
         _input(["email", "user_friends"], _callback("public_profile", denied_scopes="email,user_friends")),
         _success(["public_profile"], ["email", "user_friends"])),
        ("previous-token-requested-and-denied",
         "on a re-authorization declined is still requested ∩ denied_scopes (user_photos was not requested)",
         _input(["email", "user_friends"], _callback("email", denied_scopes="user_friends,user_photos"),
                previous=(USER, ["public_profile"])),
         _success(["email"], ["user_friends"])),
        ("previous-token-requested-not-answered",
         "on a re-authorization a requested permission that was neither granted nor denied is not declined",
         _input(["email", "user_friends"], _callback("email,public_profile"), previous=(USER, ["public_profile"])),
         _success(["email"], [])),
    ]
    return [_v("declined", c, d, "high", DECLINED_REFS, i, e, [R_DECLINED]) for c, d, i, e in cases]


# ---------------------------------------------------------------------------------------------------------------
# granted_scopes are split on "," with no trimming; every item must be non-empty a-z/_ only; all or nothing.
# An invalid grant set cancels the login even though an access token came back.
INVALID_GRANT_SETS = [
    ("comma-space", "email, user_friends", "a space after the comma is not trimmed, so ' user_friends' is invalid"),
    ("trailing-comma", "email,", "a trailing comma yields an empty item"),
    ("leading-comma", ",email", "a leading comma yields an empty item"),
    ("double-comma", "email,,user_friends", "two commas in a row yield an empty item"),
    ("lone-comma", ",", "a lone comma yields two empty items"),
    ("upper-case", "Email", "an upper-case letter is outside a-z/_"),
    ("upper-case-second-item", "email,User_friends", "one upper-case item invalidates the whole set"),
    ("dot", "user_actions.books", "a '.' is outside a-z/_ (even in the SDK's own permission names)"),
    ("hyphen", "user-friends", "a '-' is outside a-z/_"),
    ("digit", "email2", "a digit is outside a-z/_"),
    ("leading-space", " email", "a leading space is not trimmed"),
    ("trailing-space", "email ", "a trailing space is not trimmed"),
    ("non-ascii-letter", "em\u00e1il", "a non-ASCII letter (U+00E1) is outside a-z/_"),
    ("fullwidth-comma", "email\uff0cuser_friends", "U+FF0C is not a separator, so the one item holds a character outside a-z/_"),
    ("semicolon-separator", "email;user_friends", "';' is not a separator, so the one item holds a character outside a-z/_"),
]


def _grant_syntax() -> list[dict[str, Any]]:
    out = []
    for case, granted, why in INVALID_GRANT_SETS:
        out.append(_v("grant-syntax", case,
                      f"granted_scopes {granted!r}: {why}, the grant set is invalid, so the login is cancelled",
                      "high", SYNTAX_REFS,
                      _input(["email"], _callback(granted)),
                      _cancelled([]), [R_SCOPES]))
    out.append(_v("grant-syntax", "previous-token-keeps-denied-scopes",
                  "an invalid grant set cancels; a token already existed, so declined is denied_scopes",
                  "high", SYNTAX_REFS + [SEED_PERMISSIONS_ZH],
                  _input(["email", "user_friends"], _callback("email,", denied_scopes="user_friends"),
                         previous=(USER, ["public_profile"])),
                  _cancelled(["user_friends"]), [R_SCOPES, R_DECLINED_ON_CANCEL]))
    return out


# ---------------------------------------------------------------------------------------------------------------
# An empty recently-granted set cancels even with an access token. Cancelled declined: denied_scopes (the whole
# set) if a previous token existed, else [].
def _empty_grant() -> list[dict[str, Any]]:
    cases = [
        ("granted-scopes-empty",
         "granted_scopes '' leaves the recently granted set empty: cancelled although an access token came back",
         _input(["email"], _callback("")),
         _cancelled([])),
        ("granted-scopes-absent",
         "no granted_scopes parameter leaves the recently granted set empty: cancelled despite the access token",
         _input(["email"], _callback(None)),
         _cancelled([])),
        ("no-previous-token-denied-ignored",
         "a cancellation without a previous token declines nothing, even a requested permission in denied_scopes",
         _input(["email"], _callback("", denied_scopes="email")),
         _cancelled([])),
        ("previous-token-intersection-empty",
         "re-authorization whose grants share nothing with the request: cancelled, declined = denied_scopes",
         _input(["email", "user_friends"], _callback("public_profile", denied_scopes="user_friends"),
                previous=(USER, ["public_profile"])),
         _cancelled(["user_friends"])),
        ("previous-token-declined-is-all-denied-scopes",
         "a cancellation with a previous token declines all of denied_scopes, including the unrequested user_likes",
         _input(["email"], _callback("", denied_scopes="email,user_likes"), previous=(USER, ["public_profile"])),
         _cancelled(["email", "user_likes"])),
        ("previous-token-no-denied-scopes",
         "a cancellation with a previous token and no denied_scopes declines nothing",
         _input(["email"], _callback(""), previous=(USER, ["public_profile"])),
         _cancelled([])),
    ]
    about_declined = {"no-previous-token-denied-ignored", "previous-token-intersection-empty",
                      "previous-token-declined-is-all-denied-scopes", "previous-token-no-denied-scopes"}
    return [_v("empty-grant", c, d, "high", DECLINED_REFS, i, e,
               [R_EMPTY_GRANT] + ([R_DECLINED_ON_CANCEL] if c in about_declined else []))
            for c, d, i, e in cases]


# ---------------------------------------------------------------------------------------------------------------
# No access token (and no id_token): cancelled. The challenge check (308) applies only to non-cancelled responses.
def _no_token() -> list[dict[str, Any]]:
    cases = [
        ("empty-callback",
         "a callback with no parameters at all carries no token: cancelled with nothing declined",
         _input(["email"], {}),
         _cancelled([])),
        ("state-only",
         "a callback carrying only a correct state has no token: cancelled",
         _input(["email"], {"state": STATE}),
         _cancelled([])),
        ("scopes-without-token",
         "granted and denied scopes without an access token still cancel; no previous token, so nothing declined",
         _input(["email", "user_friends"],
                _callback("email", token=None, denied_scopes="user_friends")),
         _cancelled([])),
        ("user-and-expiry-without-token",
         "user_id and expires_in without an access token do not make a login: cancelled",
         _input(["email"], _callback(None, token=None, expires_in="5184000")),
         _cancelled([])),
        ("previous-token-no-new-token",
         "with a previous token, a callback without an access token (and no denied_scopes) is cancelled, none declined",
         _input(["email"], {"state": STATE}, previous=(USER, ["public_profile"])),
         _cancelled([])),
        ("wrong-challenge-still-cancelled",
         "a wrong state challenge on a token-less callback is still a cancellation, not error 308",
         _input(["email"], {"state": '{"challenge":"0badc0de"}'}),
         _cancelled([])),
        ("missing-state-still-cancelled",
         "a missing state on a token-less callback is still a cancellation (308 applies to non-cancelled responses)",
         _input(["email"], {"granted_scopes": "email"}),
         _cancelled([])),
        ("state-not-json-still-cancelled",
         "a state that is not JSON on a token-less callback is still a cancellation, not error 308",
         _input(["email"], {"state": CHALLENGE}),
         _cancelled([])),
    ]
    after_cancel = {"wrong-challenge-still-cancelled", "missing-state-still-cancelled",
                    "state-not-json-still-cancelled"}
    return [_v("no-token", c, d, "high", [B3], i, e,
               [R_NO_TOKEN] + ([R_CHALLENGE_AFTER_CANCEL] if c in after_cancel else []))
            for c, d, i, e in cases]


# ---------------------------------------------------------------------------------------------------------------
# `error` without `error_message` -> cancelled; with `error_message` -> core error 8, error_code kept as a string.
# Never combined with an access token.
def _error() -> list[dict[str, Any]]:
    user_denied = {"error": "access_denied", "error_reason": "user_denied",
                   "error_description": "Permissions error", "state": STATE}
    with_message = {"error": "OAuthException", "error_message": "Error validating access token",
                    "error_code": "190", "state": STATE}
    cases = [
        ("user-denied-is-cancellation",
         "error=access_denied&error_reason=user_denied without error_message is a cancellation, not an error",
         _input(["email"], user_denied),
         _cancelled([])),
        ("error-alone-is-cancellation",
         "a bare error parameter without error_message is a cancellation",
         _input(["email"], {"error": "access_denied", "state": STATE}),
         _cancelled([])),
        ("previous-token-error-without-message",
         "an error without error_message after a previous login is a cancellation with nothing declined",
         _input(["email"], user_denied, previous=(USER, ["public_profile"])),
         _cancelled([])),
        ("error-message-with-code",
         "error with error_message is core error 8 and keeps error_code '190' as the Graph error code string",
         _input(["email"], with_message),
         _failed(CORE_DOMAIN, 8, "190")),
        ("error-message-without-code",
         "error with error_message but no error_code is core error 8 with no Graph error code",
         _input(["email"], {k: v for k, v in with_message.items() if k != "error_code"}),
         _failed(CORE_DOMAIN, 8)),
        ("error-message-code-200",
         "error with error_message and error_code '200' (a permission error) keeps '200' as a string",
         _input(["email"], {"error": "access_denied", "error_reason": "user_denied",
                            "error_message": "Permissions error", "error_code": "200", "state": STATE}),
         _failed(CORE_DOMAIN, 8, "200")),
        ("previous-token-error-message",
         "error with error_message after a previous login is core error 8, not a user mismatch",
         _input(["email"], with_message, previous=(USER, ["public_profile"])),
         _failed(CORE_DOMAIN, 8, "190")),
        ("error-in-query-message-in-fragment",
         "query and fragment are merged: error in the query plus error_message in the fragment is core error 8",
         _input(["email"], {"error_message": "An unknown error occurred", "error_code": "1", "state": STATE},
                query={"error": "OAuthException"}),
         _failed(CORE_DOMAIN, 8, "1")),
        ("error-code-fragment-wins",
         "error_code in both query and fragment: the fragment's '102' is the Graph error code kept",
         _input(["email"], {"error": "OAuthException", "error_message": "Session key invalid",
                            "error_code": "102", "state": STATE},
                query={"error_code": "190"}),
         _failed(CORE_DOMAIN, 8, "102")),
        # Completeness blind round 2: a resolver that read error_code as a number passed every vector, whose codes
        # were all canonical integers.
        ("error-code-leading-zero",
         "error with error_message and error_code '0190' keeps '0190' exactly: the code is a string, not a number",
         _input(["email"], {**with_message, "error_code": "0190"}),
         _failed(CORE_DOMAIN, 8, "0190")),
    ]
    merged = {"error-in-query-message-in-fragment", "error-code-fragment-wins"}
    return [_v("error", c, d, "high", [B3], i, e,
               [R_ERROR_NO_MESSAGE if e["result"] == "cancelled" else R_ERROR_MESSAGE]
               + ([R_MERGE] if c in merged else []))
            for c, d, i, e in cases]


# ---------------------------------------------------------------------------------------------------------------
# State challenge on an otherwise successful response: missing or wrong -> login error 308.
BAD_STATES = [
    ("state-missing", None, "no state parameter, so no challenge"),
    ("state-not-json", CHALLENGE, "the bare challenge text is not JSON"),
    ("state-json-string", '"c7d4e0f1"', "a JSON string, not an object with a challenge"),
    ("state-truncated-json", '{"challenge":"c7d4e0f1"', "truncated JSON cannot be parsed"),
    ("state-empty-string", "", "an empty state is not JSON"),
    ("state-without-challenge", "{}", "a JSON object without challenge"),
    ("state-array", '["c7d4e0f1"]', "a JSON array has no challenge member"),
    ("state-nested-challenge", '{"state":{"challenge":"c7d4e0f1"}}', "the challenge is not a top-level member"),
    ("challenge-key-case", '{"Challenge":"c7d4e0f1"}', "member names are case-sensitive: Challenge is not challenge"),
    ("challenge-wrong", '{"challenge":"0badc0de"}', "a different challenge"),
    ("challenge-upper-case", '{"challenge":"C7D4E0F1"}', "the challenge differs in case only (exact comparison)"),
    ("challenge-prefix", '{"challenge":"c7d4e0f"}', "a prefix of the expected challenge"),
    ("challenge-extended", '{"challenge":"c7d4e0f10"}', "the expected challenge with an extra character"),
    ("challenge-trailing-space", '{"challenge":"c7d4e0f1 "}', "a trailing space (no trimming)"),
    ("challenge-empty", '{"challenge":""}', "an empty challenge"),
    ("challenge-null", '{"challenge":null}', "a null challenge"),
]


def _challenge() -> list[dict[str, Any]]:
    out = []
    for case, state, why in BAD_STATES:
        out.append(_v("challenge", case,
                      f"otherwise successful callback, {why}: bad challenge, login error 308",
                      "critical", [B3],
                      _input(["email"], _callback(state=state)),
                      BAD_CHALLENGE, [R_CHALLENGE]))
    out.append(_v("challenge", "previous-token-wrong-challenge",
                  "a wrong challenge on a same-user re-authorization is login error 308",
                  "critical", [B3],
                  _input(["email"], _callback(state='{"challenge":"0badc0de"}'), previous=(USER, ["public_profile"])),
                  BAD_CHALLENGE, [R_CHALLENGE]))
    out.append(_v("challenge", "extra-state-members-accepted",
                  "a state object with other members besides the correct challenge passes the check: success",
                  "high", [B3],
                  _input(["email"], _callback(
                      state='{"0_auth_logger_id":"a1b2c3d4","3_method":"sfvc_auth","challenge":"c7d4e0f1"}')),
                  _success(["email", "public_profile"]), [R_CHALLENGE]))
    return out


# ---------------------------------------------------------------------------------------------------------------
# Query and fragment are merged; a key in both takes the fragment's value; keys only in the query are used.
def _merge() -> list[dict[str, Any]]:
    sev = "high"
    cases = [
        ("access-token-fragment-wins", sev,
         "access_token in both query and fragment: the fragment's is the new token string",
         _input(["email"], _callback(token="fragment-access-token"), query={"access_token": "query-access-token"}),
         _success(["email", "public_profile"], token="fragment-access-token")),
        ("granted-scopes-fragment-wins", sev,
         "granted_scopes in both: the fragment's 'public_profile' is the grant set, not the query's",
         _input(["email"], _callback("public_profile"), query={"granted_scopes": "email,public_profile,user_friends"}),
         _success(["public_profile"])),
        ("invalid-query-grant-overridden", sev,
         "an invalid granted_scopes in the query is replaced by the fragment's valid one: success",
         _input(["email"], _callback("email"), query={"granted_scopes": "Email"}),
         _success(["email"])),
        ("empty-fragment-grant-overrides", sev,
         "an empty granted_scopes in the fragment overrides the query's valid one: cancelled",
         _input(["email"], _callback(""), query={"granted_scopes": "email"}),
         _cancelled([])),
        ("user-id-fragment-wins", sev,
         "user_id in both: the fragment's is the new token's user",
         _input(["email"], _callback(user="100003"), query={"user_id": "100009"}),
         _success(["email", "public_profile"], user="100003")),
        ("all-in-query", sev,
         "every parameter only in the query, empty fragment: the query alone yields a success",
         _input(["email"], {}, query=_callback(denied_scopes="user_friends")),
         _success(["email", "public_profile"])),
        ("split-between-query-and-fragment", sev,
         "access_token and state only in the query, scopes and user_id only in the fragment: merged into a success",
         _input(["email"], {"user_id": USER, "granted_scopes": "email,public_profile"},
                query={"access_token": TOKEN, "state": STATE}),
         _success(["email", "public_profile"])),
        ("denied-scopes-only-in-query", sev,
         "denied_scopes only in the query is used: the requested user_friends is declined",
         _input(["email", "user_friends"], _callback("email,public_profile"), query={"denied_scopes": "user_friends"}),
         _success(["email", "public_profile"], ["user_friends"])),
        ("state-query-wrong-fragment-right", "critical",
         "state in both: the fragment's correct challenge wins over the query's wrong one: success",
         _input(["email"], _callback(), query={"state": '{"challenge":"0badc0de"}'}),
         _success(["email", "public_profile"])),
        ("state-query-right-fragment-wrong", "critical",
         "state in both: the fragment's wrong challenge wins over the query's correct one: login error 308",
         _input(["email"], _callback(state='{"challenge":"0badc0de"}'), query={"state": STATE}),
         BAD_CHALLENGE),
    ]
    extra = {
        "invalid-query-grant-overridden": [R_SCOPES],
        "empty-fragment-grant-overrides": [R_EMPTY_GRANT],
        "denied-scopes-only-in-query": [R_DECLINED],
        "state-query-wrong-fragment-right": [R_CHALLENGE],
        "state-query-right-fragment-wrong": [R_CHALLENGE],
    }
    return [_v("merge", c, d, s, [B3], i, e, [R_MERGE] + extra.get(c, [])) for c, s, d, i, e in cases]


# ---------------------------------------------------------------------------------------------------------------
# Re-login: a previous token exists and /me for the new token returns another user -> login error 304.
def _user_mismatch() -> list[dict[str, Any]]:
    cases = [
        ("different-user", "critical",
         "re-login returns user 100002 while the previous token belongs to 100001: login error 304",
         _input(["email"], _callback(user=OTHER_USER), previous=(USER, ["public_profile"]), graph_user=OTHER_USER),
         USER_MISMATCH),
        ("user-id-leading-zero", "critical",
         "user IDs are compared as exact strings: 0100001 is not 100001, login error 304",
         _input(["email"], _callback(user="0100001"), previous=(USER, ["public_profile"]), graph_user="0100001"),
         USER_MISMATCH),
        ("previous-token-empty-permissions", "critical",
         "the user check applies to any previous token, even one without permissions: login error 304",
         _input(["email"], _callback(user=OTHER_USER), previous=(USER, []), graph_user=OTHER_USER),
         USER_MISMATCH),
        ("nothing-requested", "critical",
         "the user check applies when nothing was requested: another user is login error 304",
         _input([], _callback(user=OTHER_USER), previous=(USER, ["public_profile"]), graph_user=OTHER_USER),
         USER_MISMATCH),
        ("same-user", "critical",
         "re-login returns the previous token's user: success with granted = granted_scopes ∩ requested",
         _input(["email", "user_friends"], _callback("email,public_profile,user_friends"),
                previous=(USER, ["public_profile"]), graph_user=USER),
         _success(["email", "user_friends"])),
        ("no-previous-token", "high",
         "without a previous token there is no user to compare: success for whichever user_id came back",
         _input(["email"], _callback(user=OTHER_USER)),
         _success(["email", "public_profile"], user=OTHER_USER)),
    ]
    extra = {"same-user": [R_GRANTED]}
    return [_v("user-mismatch", c, d, s, [B3], i, e, [R_USER_MISMATCH] + extra.get(c, []))
            for c, s, d, i, e in cases]


# ---------------------------------------------------------------------------------------------------------------
# Expiry: expires > 0 -> that epoch; else expires_at > 0 -> that epoch; else expires_in > 0 -> now + it; else null.
# Never: expires and expires_at both > 0 and different; expires 0 with expires_at > 0; non-numeric values.
# The base callback (public_profile requested and granted) differs from the other groups' so no input repeats.
LATER = 1767312000  # NOW + 1 day
EXPIRY_CASES = [
    ("expires-only", {"expires": "1767312000"}, LATER, "expires > 0 is the expiration epoch"),
    ("expires-at-only", {"expires_at": "1767312000"}, LATER, "expires_at > 0 is the expiration epoch"),
    ("expires-in-only", {"expires_in": "5184000"}, NOW + 5184000, "expires_in > 0 gives now + expires_in"),
    ("expires-in-one-second", {"expires_in": "1"}, NOW + 1, "expires_in 1 gives now + 1"),
    ("expires-beats-expires-in", {"expires": "1767312000", "expires_in": "60"}, LATER,
     "a positive expires takes precedence over expires_in"),
    ("expires-at-beats-expires-in", {"expires_at": "1767312000", "expires_in": "60"}, LATER,
     "a positive expires_at takes precedence over expires_in"),
    ("expires-and-expires-at-equal", {"expires": "1767312000", "expires_at": "1767312000"}, LATER,
     "expires and expires_at equal and positive give that epoch"),
    ("expires-with-expires-at-zero", {"expires": "1767312000", "expires_at": "0"}, LATER,
     "a positive expires is used when expires_at is 0"),
    ("expires-zero-falls-to-expires-in", {"expires": "0", "expires_in": "3600"}, NOW + 3600,
     "expires 0 is not > 0, so expires_in applies"),
    ("expires-at-zero-falls-to-expires-in", {"expires_at": "0", "expires_in": "3600"}, NOW + 3600,
     "expires_at 0 is not > 0, so expires_in applies"),
    ("both-zero-fall-to-expires-in", {"expires": "0", "expires_at": "0", "expires_in": "3600"}, NOW + 3600,
     "expires and expires_at both 0 fall through to expires_in"),
    ("expires-negative-falls-to-expires-in", {"expires": "-1", "expires_in": "60"}, NOW + 60,
     "a negative expires is not > 0, so expires_in applies"),
    ("expires-at-negative-falls-to-expires-in", {"expires_at": "-1767312000", "expires_in": "60"}, NOW + 60,
     "a negative expires_at is not > 0, so expires_in applies"),
    ("expires-in-zero-never", {"expires_in": "0"}, None, "expires_in 0 is not > 0: the token never expires"),
    ("expires-in-negative-never", {"expires_in": "-3600"}, None,
     "a negative expires_in is not > 0: the token never expires"),
    ("expires-negative-never", {"expires": "-1"}, None, "a negative expires alone: the token never expires"),
    ("all-zero-never", {"expires": "0", "expires_at": "0", "expires_in": "0"}, None,
     "all three expiry parameters 0: the token never expires"),
    ("none-never", {}, None, "no expiry parameter: the token never expires"),
    ("expires-in-the-past", {"expires": "1767225000"}, 1767225000,
     "a positive expires before now is still taken as the expiration epoch; the login succeeds"),
]


EXPIRY_REFS = ["DECISIONS.md D27", "sdk:FBSDKLoginKit/FBSDKLoginKit/Internal/LoginURLCompleter.swift#L348-L364",
               "sdk:FBSDKLoginKit/FBSDKLoginKit/Internal/LoginURLCompleter.swift#L174-L175"]


def _expiry() -> list[dict[str, Any]]:
    """DECISIONS.md D27: no public document describes the callback's expiry parameters, and the SDK reads them from
    the URL with `as? TimeInterval` on string values, which fails: the token never expires (distant future) whatever
    the callback says. The table's `exp` is the value the parameters would give if they were read as numbers; it is
    kept in the description only, so that the vectors show what an implementation must NOT do."""
    return [vector(f"login-result::expiry::{case}.ios-sdk",
                   f"SDK reading: {why} if it were read as a number, but the SDK reads no expiry from the callback "
                   f"URL's string values, so the token never expires (expirationDate null, not "
                   f"{'null' if exp is None else exp})" if exp is not None else
                   f"SDK reading: {why}; the SDK reads no expiry from the callback URL's string values anyway "
                   f"(expirationDate null)",
                   "medium", [B3] + EXPIRY_REFS,
                   _input(["public_profile"], _callback("public_profile", **params)),
                   _success(["public_profile"], expiration=None), ["ios-sdk"], rules=[R_EXPIRY_SDK])
            for case, params, exp, why in EXPIRY_CASES]


def vectors() -> list[dict[str, Any]]:
    return (_granted() + _declined() + _grant_syntax() + _empty_grant() + _no_token() + _error()
            + _challenge() + _merge() + _user_mismatch() + _expiry() + _id_token() + _callback_edges()
            + _callback_read())


# ---------------------------------------------------------------------------------------------------------------
# The Limited Login callback (DECISIONS.md D40): a callback carrying an `id_token`. The input adds the
# nonce the configuration stored (`storedNonce`, null when none is stored) and the verdict of validating the token
# against it (`idTokenVerdict`: valid with the token's claims, or invalid), so the family needs no cryptography; the
# token-claims and signed-token families check the validation itself. Every vector holds under ios-sdk only: the
# error codes (core 301 and 309, not the login domain), the profile's members and the check order are the SDK's.
ID_TOKEN = "eyJhbGciOiJSUzI1NiJ9.test-id-token.signature"  # opaque here: the verdict says whether it validates
STORED_NONCE = "limited-nonce-0001"
ID_CLAIMS = {
    "iss": "https://limited.facebook.com", "aud": "1234567890", "sub": USER, "jti": "jti-0001",
    "nonce": STORED_NONCE, "iat": NOW - 60, "exp": NOW + 3600,
    "name": "Ada Lovelace", "email": "ada@example.com",
}
VALID = {"valid": True, "claims": ID_CLAIMS}
INVALID = {"valid": False}
MISSING_NONCE = _failed(CORE_DOMAIN, 301)  # LoginErrorCode.unknown = 301, made by the core error factory
INVALID_ID_TOKEN = _failed(CORE_DOMAIN, 309)  # LoginErrorCode.invalidIDToken = 309, made by the core error factory

ID_TOKEN_REFS = [
    B3,
    "sdk:FBSDKLoginKit/FBSDKLoginKit/Internal/LoginURLCompleter.swift#L45-L48",
    "sdk:FBSDKLoginKit/FBSDKLoginKit/Internal/LoginURLCompleter.swift#L82-L94",
    "sdk:FBSDKLoginKit/FBSDKLoginKit/Internal/LoginURLCompleter.swift#L111-L130",
    "sdk:FBSDKLoginKit/FBSDKLoginKit/LoginManager.swift#L446-L478",
    "DECISIONS.md D40",
]
CODE_REFS = [
    "sdk:FBSDKLoginKit/FBSDKLoginKit/LoginError.swift#L85-L118",
    "sdk:FBSDKCoreKit/FBSDKCoreKit/Internal/_ErrorFactory.swift#L20-L42",
]
PROFILE_REFS = [
    "sdk:FBSDKLoginKit/FBSDKLoginKit/Internal/LoginURLCompleter.swift#L307-L345",
    "sdk:FBSDKLoginKit/FBSDKLoginKit/LoginManager.swift#L486-L499",
]

R_ID_SUCCESS = "result.id-token.success.ios-sdk"
R_ID_NO_NONCE = "result.id-token.no-stored-nonce.ios-sdk"
R_ID_INVALID = "result.id-token.invalid.ios-sdk"
R_DENIED_SYNTAX = "result.denied-scopes.syntax.ios-sdk"
R_DECLINED_UNREAD = "result.declined.unread-without-token.ios-sdk"
R_ERROR_MESSAGE_ONLY = "result.error.message-alone.ios-sdk"


def _profile(granted: Iterable[str]) -> dict[str, Any]:
    """The profile the SDK makes current from ID_CLAIMS (SPECIFICATION.md §5): every member, null where no claim;
    its permissions are the whole grant set, not the recently granted one (LoginURLCompleter.swift line 119)."""
    return {
        "userID": USER, "name": "Ada Lovelace", "firstName": None, "middleName": None, "lastName": None,
        "imageURL": None, "email": "ada@example.com", "friendIDs": None, "birthday": None, "gender": None,
        "linkURL": None, "ageRange": None, "hometown": None, "location": None,
        "permissions": permission_set(granted), "isLimited": True,
    }


def _limited_success(granted: Iterable[str], declined: Iterable[str] = (),
                     profile_permissions: Optional[Iterable[str]] = None, access_token: bool = False) -> dict[str, Any]:
    expected = _success(granted, declined)
    if not access_token:
        expected["token"] = None
    expected["authenticationToken"] = {"tokenString": ID_TOKEN, "nonce": STORED_NONCE}
    expected["profile"] = _profile(granted if profile_permissions is None else profile_permissions)
    return expected


def _limited(granted: str = "email,public_profile", state: Optional[str] = STATE, access_token: bool = False,
             **extra: Optional[str]) -> dict[str, str]:
    """A Limited Login callback: an id_token, no access token unless asked."""
    return _callback(granted, token=TOKEN if access_token else None, user=USER if access_token else None,
                     state=state, id_token=ID_TOKEN, **extra)


def _id_token() -> list[dict[str, Any]]:
    sdk = ["ios-sdk"]
    cases = [
        ("valid-token-is-success",
         "a callback with a valid id_token and no access token is a success, not a cancellation: the "
         "authentication token (the id_token with the stored nonce) and the profile from its claims, no access token",
         _input(["email"], _limited(), storedNonce=STORED_NONCE, idTokenVerdict=VALID),
         _limited_success(["email", "public_profile"]), [R_ID_SUCCESS]),
        ("valid-token-with-access-token",
         "a callback with both an access token and a valid id_token gives both tokens and the profile",
         _input(["email"], _limited(access_token=True), storedNonce=STORED_NONCE, idTokenVerdict=VALID),
         _limited_success(["email", "public_profile"], access_token=True), [R_ID_SUCCESS]),
        ("profile-permissions-are-the-whole-grant",
         "on a re-authorization the granted set is narrowed to the request, but the profile's permissions are the "
         "whole granted_scopes",
         _input(["user_friends"], _limited("email,public_profile,user_friends"),
                previous=(USER, ["email", "public_profile"]), storedNonce=STORED_NONCE, idTokenVerdict=VALID),
         _limited_success(["user_friends"], profile_permissions=["email", "public_profile", "user_friends"]),
         [R_ID_SUCCESS, R_GRANTED]),
        ("no-user-check-without-access-token",
         "a re-login that returns only an id_token is not checked against the previous token's user (the check "
         "needs a new access token): a success, not error 304",
         _input(["email"], _limited(), previous=(USER, ["public_profile"]), graph_user=OTHER_USER,
                storedNonce=STORED_NONCE, idTokenVerdict=VALID),
         _limited_success(["email"], profile_permissions=["email", "public_profile"]),
         [R_ID_SUCCESS, R_USER_MISMATCH]),
        ("declined-is-requested-and-denied",
         "a valid id_token callback declines requested ∩ denied_scopes like an access-token callback",
         _input(["email", "user_friends"], _limited(denied_scopes="user_friends"),
                storedNonce=STORED_NONCE, idTokenVerdict=VALID),
         _limited_success(["email", "public_profile"], ["user_friends"]), [R_ID_SUCCESS, R_DECLINED]),
        ("empty-grant-is-cancelled",
         "a valid id_token with an empty granted_scopes is still a cancellation: the recently granted set is empty",
         _input(["email"], _limited(""), storedNonce=STORED_NONCE, idTokenVerdict=VALID),
         _cancelled([]), [R_ID_SUCCESS, R_EMPTY_GRANT]),
        ("no-stored-nonce",
         "an id_token when no nonce is stored with the configuration is core error 301 (LoginErrorCode.unknown), "
         "whatever the token",
         _input(["email"], _limited(), storedNonce=None, idTokenVerdict=VALID),
         MISSING_NONCE, [R_ID_NO_NONCE]),
        ("no-stored-nonce-with-access-token",
         "an id_token beside a good access token is still core error 301 when no nonce is stored",
         _input(["email"], _limited(access_token=True), storedNonce=None, idTokenVerdict=VALID),
         MISSING_NONCE, [R_ID_NO_NONCE]),
        ("no-stored-nonce-before-state",
         "no stored nonce is reported before the state is checked: core error 301, not login error 308",
         _input(["email"], _limited(state='{"challenge":"0badc0de"}'), storedNonce=None, idTokenVerdict=VALID),
         MISSING_NONCE, [R_ID_NO_NONCE, R_CHALLENGE]),
        ("invalid-token",
         "an id_token that fails validation against the stored nonce is core error 309 (LoginErrorCode."
         "invalidIDToken), not a cancellation",
         _input(["email"], _limited(), storedNonce=STORED_NONCE, idTokenVerdict=INVALID),
         INVALID_ID_TOKEN, [R_ID_INVALID]),
        ("invalid-token-with-access-token",
         "an invalid id_token beside a good access token is core error 309: the access token does not save the login",
         _input(["email"], _limited(access_token=True), storedNonce=STORED_NONCE, idTokenVerdict=INVALID),
         INVALID_ID_TOKEN, [R_ID_INVALID]),
        ("invalid-token-before-state",
         "an invalid id_token with a wrong state challenge is core error 309: the token is checked before the state",
         _input(["email"], _limited(state='{"challenge":"0badc0de"}'), storedNonce=STORED_NONCE,
                idTokenVerdict=INVALID),
         INVALID_ID_TOKEN, [R_ID_INVALID, R_CHALLENGE]),
        ("empty-stored-nonce-is-stored",
         "an empty stored nonce is a stored nonce: the token is validated against it, and failing is core error "
         "309, not 301",
         _input(["email"], _limited(), storedNonce="", idTokenVerdict=INVALID),
         INVALID_ID_TOKEN, [R_ID_INVALID, R_ID_NO_NONCE]),
        ("valid-token-wrong-state",
         "a valid id_token with a wrong state challenge is login error 308",
         _input(["email"], _limited(state='{"challenge":"0badc0de"}'), storedNonce=STORED_NONCE,
                idTokenVerdict=VALID),
         BAD_CHALLENGE, [R_ID_SUCCESS, R_CHALLENGE]),
        ("valid-token-missing-state",
         "a valid id_token without a state is login error 308",
         _input(["email"], _limited(state=None), storedNonce=STORED_NONCE, idTokenVerdict=VALID),
         BAD_CHALLENGE, [R_ID_SUCCESS, R_CHALLENGE]),
        ("empty-id-token-is-no-token",
         "an empty id_token is no token: without an access token the callback is cancelled, with no nonce stored "
         "and no error",
         _input(["email"], _limited(), storedNonce=None, idTokenVerdict=INVALID) | {
             "fragment": {**_limited(), "id_token": ""}},
         _cancelled([]), [R_ID_NO_NONCE, R_NO_TOKEN]),
    ]
    refs_for = {R_ID_NO_NONCE: CODE_REFS, R_ID_INVALID: CODE_REFS, R_ID_SUCCESS: PROFILE_REFS}
    return [_v("id-token", c, d, "critical" if rules[0] != R_ID_SUCCESS or e["result"] != "cancelled" else "high",
               ID_TOKEN_REFS + refs_for[rules[0]], i, e, rules, sdk)
            for c, d, i, e, rules in cases] + _id_token_profile()


def _id_token_profile() -> list[dict[str, Any]]:
    """The login's profile is made from the token's claims as the profile family says (completeness blind round 1: a
    login result that kept an empty picture as a URL, or read the birthday day-first, passed every vector, whose
    claims had neither)."""
    claims = {**ID_CLAIMS, "picture": "", "user_birthday": "01/13/2000", "email": "Ada.Lovelace@Example.com"}
    expected = _limited_success(["email", "public_profile"])
    expected["profile"] = {**expected["profile"], "email": claims["email"], "birthday": "2000-01-13"}
    return [_v("id-token", "valid-token-profile-claims",
               "a valid id_token whose claims have an empty picture (no image URL: URL(string:) makes none of \"\"), "
               "user_birthday 01/13/2000 (MM/dd/yyyy: 13 January 2000) and a mixed-case email (kept exactly) makes "
               "the profile from them (assuming the device's calendar is the Gregorian one)", "high",
               ID_TOKEN_REFS + PROFILE_REFS + ["DECISIONS.md D43", "DECISIONS.md D52"],
               _input(["email"], _limited(), storedNonce=STORED_NONCE, idTokenVerdict={"valid": True, "claims": claims}),
               expected, [R_ID_SUCCESS, "profile.url-claims.empty.ios-sdk", "profile.birthday",
                          "profile.string-claims"], ["ios-sdk"])] + _profile_family_claims()


# The claims the ID token carries are registered ones (their values come from ID_CLAIMS) or profile claims.
REGISTERED_CLAIMS = ("iss", "aud", "sub", "jti", "nonce", "iat", "exp")


def _profile_family_claims() -> list[dict[str, Any]]:
    """Every profile the profile family makes under ios-sdk, made again through a Limited Login (completeness blind
    round 3: a login result that rolled an invalid birthday over to the next month, or rounded fractional age bounds,
    passed every vector: the login-result vectors carried two forms of profile claims, the profile family all of
    them). Each ios-sdk profile vector that makes a profile, outside the sub and permissions groups (the login fixes
    the user and the grant), gives one login-result vector: its profile claims in a valid id_token with ID_CLAIMS'
    registered claims, and its expected profile with the login's user and whole grant set."""
    granted = ["email", "public_profile"]
    out = []
    for p in profile_vectors():
        group, case = p["id"].split("::")[1:]
        if p.get("profiles") != ["ios-sdk"] or p["expected"]["result"] != "created" or group in ("sub", "permissions"):
            continue
        claims = {**{k: ID_CLAIMS[k] for k in REGISTERED_CLAIMS},
                  **{k: v for k, v in p["input"]["claims"].items() if k not in REGISTERED_CLAIMS}}
        expected = _limited_success(granted)
        expected["profile"] = {**p["expected"]["profile"], "userID": USER, "permissions": permission_set(granted)}
        rules = [R_ID_SUCCESS] + [r for r in p["rules"] if r != R_ID_SUCCESS]
        out.append(_v("profile-claims", f"{group}-{case.removesuffix('.ios-sdk')}",
                      f"a valid id_token with the claims of {p['id']} makes that profile, with the login's user and "
                      f"grant: {p['description']}", p["severity"],
                      ID_TOKEN_REFS + PROFILE_REFS + [r for r in p["refs"] if r not in ID_TOKEN_REFS + PROFILE_REFS],
                      _input(["email"], _limited(), storedNonce=STORED_NONCE,
                             idTokenVerdict={"valid": True, "claims": claims}),
                      expected, rules, ["ios-sdk"]))
    return out


# ---------------------------------------------------------------------------------------------------------------
# Callback behaviours that had no vector (DECISIONS.md D41).
def _callback_edges() -> list[dict[str, Any]]:
    sdk = ["ios-sdk"]
    completer = "sdk:FBSDKLoginKit/FBSDKLoginKit/Internal/LoginURLCompleter.swift"
    manager = "sdk:FBSDKLoginKit/FBSDKLoginKit/LoginManager.swift"
    cases = [
        ("denied-scopes", "invalid-denied-set-declines-nothing",
         "a non-empty but invalid denied_scopes (an upper-case item) is an invalid set, all or nothing: the "
         "login succeeds and nothing is declined",
         _input(["email", "user_friends"], _callback("email,public_profile", denied_scopes="user_friends,User_Likes")),
         _success(["email", "public_profile"], []), [R_DENIED_SYNTAX, R_DECLINED],
         [completer + "#L143-L157", "sdk:FBSDKLoginKit/FBSDKLoginKit/Internal/FBPermission.swift#L48-L56"]),
        ("denied-scopes", "empty-item-invalidates-denied-set",
         "denied_scopes with an empty item (\"user_friends,\") is invalid as a whole: nothing is declined",
         _input(["email", "user_friends"], _callback("email,public_profile", denied_scopes="user_friends,")),
         _success(["email", "public_profile"], []), [R_DENIED_SYNTAX, R_DECLINED],
         [completer + "#L143-L157"]),
        ("challenge", "empty-grant-with-wrong-challenge",
         "a callback with an access token, an empty granted_scopes and a wrong state is login error 308: the state "
         "is checked before the grant set can cancel",
         _input(["email"], _callback("", state='{"challenge":"0badc0de"}')),
         BAD_CHALLENGE, [R_CHALLENGE, R_EMPTY_GRANT],
         [manager + "#L446-L464", manager + "#L879-L884"]),
        ("challenge", "invalid-grant-with-missing-state",
         "a callback with an access token, an invalid granted_scopes and no state is login error 308, not a "
         "cancellation",
         _input(["email"], _callback("email,", state=None)),
         BAD_CHALLENGE, [R_CHALLENGE, R_SCOPES],
         [manager + "#L446-L464", manager + "#L879-L884"]),
        ("error", "cancel-by-error-declines-nothing",
         "an error without error_message is a cancellation whose declined set is empty even with a previous token "
         "and denied_scopes: the SDK reads no scopes from an error callback",
         _input(["email", "user_friends"],
                {"error": "access_denied", "error_reason": "user_denied", "denied_scopes": "user_friends",
                 "state": STATE}, previous=(USER, ["public_profile"])),
         _cancelled([]), [R_ERROR_NO_MESSAGE, R_DECLINED_UNREAD],
         [completer + "#L45-L51", manager + "#L855-L862"]),
        ("no-token", "previous-token-denied-scopes-unread",
         "a callback without any token but with denied_scopes is cancelled with nothing declined even when a token "
         "was held: the scopes are read only from a callback carrying a token",
         _input(["email", "user_friends"], _callback("email", token=None, denied_scopes="user_friends"),
                previous=(USER, ["public_profile"])),
         _cancelled([]), [R_NO_TOKEN, R_DECLINED_UNREAD],
         [completer + "#L45-L51", manager + "#L855-L862"]),
        ("error", "empty-error-message-is-an-error",
         "an error with an empty error_message is core error 8: an empty message is present, unlike an absent one",
         _input(["email"], {"error": "access_denied", "error_message": "", "error_code": "200", "state": STATE}),
         _failed(CORE_DOMAIN, 8, "200"), [R_ERROR_MESSAGE],
         [completer + "#L49-L51", completer + "#L390-L393"]),
        ("declined", "granted-and-denied-overlap",
         "a permission listed in both granted_scopes and denied_scopes is granted and declined: each set is "
         "computed on its own, declined is not requested ∩ denied − granted",
         _input(["email", "user_friends"], _callback("email,public_profile,user_friends", denied_scopes="user_friends")),
         _success(["email", "public_profile", "user_friends"], ["user_friends"]), [R_DECLINED, R_GRANTED],
         [manager + "#L887-L891", manager + "#L917-L935", "DECISIONS.md D47"]),
        ("error", "message-without-error",
         "an error_message without error is core error 8 all the same (the message alone makes the error)",
         _input(["email"], {"error_message": "An unknown error occurred", "error_code": "1", "state": STATE}),
         _failed(CORE_DOMAIN, 8, "1"), [R_ERROR_MESSAGE_ONLY],
         [completer + "#L49-L51", completer + "#L390-L393"]),
    ]
    return [_v(group, c, d, "high", [B3] + refs + ["DECISIONS.md D41"], i, e, rules, sdk)
            for group, c, d, i, e, rules, refs in cases]


# ---------------------------------------------------------------------------------------------------------------
# DECISIONS.md D56: when the SDK reads the callback. LoginURLCompleter reads its parameters (and ignores error and
# error_message) only for a non-empty access_token, or exactly one of a non-empty id_token and code, or exactly one
# of a non-empty id_token and nonce. A non-empty code or exchange nonce then goes to a Graph API exchange this family
# does not model, so no vector carries one; an empty one is none, and an id_token with both a code and a nonce and no
# access token is core error 301.
R_CALLBACK_READ = "result.callback-read.ios-sdk"


def _callback_read() -> list[dict[str, Any]]:
    completer = "sdk:FBSDKLoginKit/FBSDKLoginKit/Internal/LoginURLCompleter.swift"
    manager = "sdk:FBSDKLoginKit/FBSDKLoginKit/LoginManager.swift"
    read_refs = [completer + "#L26-L64", "DECISIONS.md D56"]
    cases = [
        ("error", "empty-code-with-error-message",
         "an error_message beside an empty code is core error 8: an empty code is no code, so the callback is "
         "not read and its error stands",
         _input(["email"], {"code": "", "error": "access_denied", "error_message": "Permissions error",
                            "error_code": "200", "state": STATE}),
         _failed(CORE_DOMAIN, 8, "200"), [R_CALLBACK_READ, R_ERROR_MESSAGE],
         read_refs + [completer + "#L390-L393"]),
        ("error", "empty-nonce-with-error",
         "an error without error_message beside an empty exchange nonce is a cancellation: an empty nonce is no "
         "nonce, so the callback is not read",
         _input(["email"], {"nonce": "", "error": "access_denied", "error_reason": "user_denied", "state": STATE}),
         _cancelled([]), [R_CALLBACK_READ, R_ERROR_NO_MESSAGE], read_refs),
        ("error", "id-token-code-and-nonce-with-error-message",
         "an id_token with both a code and an exchange nonce and no access token is not read, so its "
         "error_message makes core error 8 before anything else",
         _input(["email"], {"id_token": "header.payload.signature", "code": "AQB7code", "nonce": "AQDnonce",
                            "error_message": "An unknown error occurred", "error_code": "1", "state": STATE}),
         _failed(CORE_DOMAIN, 8, "1"), [R_CALLBACK_READ, R_ERROR_MESSAGE], read_refs),
        ("error", "id-token-code-and-nonce-without-access-token",
         "an id_token with both a code and an exchange nonce and no access token or error is core error 301 "
         "(invalid server response): the code and the nonce each exclude the id_token",
         _input(["email"], {"id_token": "header.payload.signature", "code": "AQB7code", "nonce": "AQDnonce",
                            "granted_scopes": "email", "state": STATE}),
         _failed(CORE_DOMAIN, 301), [R_CALLBACK_READ], read_refs),
        ("no-token", "empty-access-token-is-no-token",
         "an empty access_token is no token: the callback is not read and the login is cancelled, its granted "
         "scopes and state unread",
         _input(["email"], _callback("email", token="")),
         _cancelled([]), [R_CALLBACK_READ, R_NO_TOKEN], read_refs + [manager + "#L855-L862"]),
        ("no-token", "empty-code-previous-token-denied-scopes-unread",
         "an error without error_message beside an empty code, with denied_scopes and a token already held: the "
         "callback is not read, so the cancellation declines nothing",
         _input(["email", "user_friends"], {"code": "", "error": "access_denied", "denied_scopes": "user_friends",
                                            "state": STATE}, previous=(USER, ["public_profile"])),
         _cancelled([]), [R_CALLBACK_READ, R_DECLINED_UNREAD], read_refs + [manager + "#L855-L862"]),
    ]
    return [_v(group, c, d, "high", [B3] + refs, i, e, rules, ["ios-sdk"])
            for group, c, d, i, e, rules, refs in cases]


# ---------------------------------------------------------------------------------------------------------------
def _fragment(**changes: Optional[str]) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """A fault that sets (or, with None, removes) members of the callback's fragment."""
    def apply(draft: dict[str, Any]) -> dict[str, Any]:
        fragment = {**draft["fragment"], **changes}
        return {**draft, "fragment": {k: v for k, v in fragment.items() if v is not None}}
    return apply


_DOCUMENTED_UNDECIDED = {"documented": "no public document states the SDK's error codes or this cancellation "
                                       "(DECISIONS.md D31)"}
_ERROR_CODES = "result.error-codes.ios-sdk"

# Fault pairs (vectorgen/fault_pairs.py, DECISIONS.md D59): a re-login that succeeds (a previous token, email requested
# and granted, user_friends denied), and one fault per step of the SDK's decision (SPECIFICATION.md §3): an error
# without a token, an id_token that fails validation, no token, a wrong state, an empty grant, another user. The SDK
# decides in that order, and its outcomes (error codes, a cancellation's declined set) show which step decided. No
# public document states the errors, so the pairs hold under ios-sdk only.
FAULT_PAIRS = FaultPairs(
    family=FAMILY,
    base=_input(["email"], _callback("email,public_profile", denied_scopes="user_friends"),
                previous=(USER, ["public_profile"])),
    render=lambda draft: draft,
    faults=(
        Fault("invalid-id-token", "an id_token that fails validation", INVALID_ID_TOKEN,
              lambda draft: {**_fragment(id_token=ID_TOKEN)(draft), "storedNonce": STORED_NONCE,
                             "idTokenVerdict": INVALID},
              (R_ID_INVALID, _ERROR_CODES), undecided=_DOCUMENTED_UNDECIDED),
        Fault("no-stored-nonce", "an id_token with no nonce stored", MISSING_NONCE,
              lambda draft: {**_fragment(id_token=ID_TOKEN)(draft), "storedNonce": None, "idTokenVerdict": VALID},
              (R_ID_NO_NONCE, _ERROR_CODES), undecided=_DOCUMENTED_UNDECIDED),
        Fault("error-message", "an error with error_message and no token", _failed(CORE_DOMAIN, 8),
              _fragment(access_token=None, user_id=None, error="access_denied", error_message="Permissions error"),
              (R_ERROR_MESSAGE, _ERROR_CODES), undecided=_DOCUMENTED_UNDECIDED),
        Fault("no-token", "no access token", _cancelled(), _fragment(access_token=None, user_id=None),
              (R_NO_TOKEN, R_DECLINED_UNREAD), undecided=_DOCUMENTED_UNDECIDED),
        Fault("other-state", "another state challenge", BAD_CHALLENGE, _fragment(state='{"challenge":"0ther"}'),
              (R_CHALLENGE, _ERROR_CODES), undecided=_DOCUMENTED_UNDECIDED),
        Fault("empty-grant", "an empty granted_scopes", _cancelled(["user_friends"]), _fragment(granted_scopes=""),
              (R_EMPTY_GRANT, R_DECLINED_ON_CANCEL), undecided=_DOCUMENTED_UNDECIDED),
        Fault("other-user", "another user from the Graph API", USER_MISMATCH,
              lambda draft: {**draft, "graphUserID": OTHER_USER}, (R_USER_MISMATCH, _ERROR_CODES),
              undecided=_DOCUMENTED_UNDECIDED),
    ),
    orders={
        "documented": (),
        "ios-sdk": chain((("invalid-id-token", "no-stored-nonce"), "error-message", "no-token", "other-state",
                          "empty-grant", "other-user"), "result.check-order.ios-sdk"),
    },
    unordered_rule=None,
    refs=(B3, "DECISIONS.md D40", "DECISIONS.md D41", "DECISIONS.md D59"),
    notes={"documented": "no public document states these outcomes",
           "ios-sdk": "the order of LoginURLCompleter and LoginManager.completeAuthentication (SPECIFICATION.md §3)"},
)


# ---------------------------------------------------------------------------------------------------------------
# Perturbations (vectorgen/perturbation.py). Each value below holds a fi pair (NFKC folds it) and an é (NFD decomposes
# it) and is perturbed alone:
# - the expected challenge, and the challenge inside the fragment's state: compared exactly (result.challenge), so a
#   perturbed one on either side is login error 308;
# - the previous token's user and the Graph API's user of a same-user re-login: compared exactly (result.user-mismatch),
#   so a perturbed one on either side is login error 304;
# - the access token, carried only in the query: the new token's string, kept as given (result.parameters.
#   fragment-wins); an empty access_token is no token under ios-sdk (result.callback-read.ios-sdk: cancelled), and the
#   documents leave it open;
# - the stored nonce of a Limited Login callback whose id_token validates: the authentication token's nonce, kept as
#   given ("" included: an empty stored nonce is a stored nonce, result.id-token.no-stored-nonce.ios-sdk); ios-sdk only.
P_CHALLENGE = "fi-c7d4-\u00e9"
P_USER = "fi-user-\u00e9"
P_TOKEN = "fi-access-token-\u00e9"
P_NONCE = "fi-limited-nonce-\u00e9"
_P_STATE = json.dumps({"challenge": P_CHALLENGE}, separators=(",", ":"), ensure_ascii=False)
_LEFT_OPEN = "SPECIFICATION.md §3 leaves an empty access_token open (the module's docstring)"
# A reading's answer (perturbation.PerturbedField.reading): (expected, rules), Outside or Undecided.
Answer = Union[tuple[dict[str, Any], list[str]], Outside, Undecided]


def _state_challenge(i: dict[str, Any]) -> str:
    merged = {**i["query"], **i["fragment"]}
    return json.loads(merged["state"])["challenge"]


def _both_readings(i: dict[str, Any], expected: dict[str, Any], rules: list[str],
                   profile: str) -> Union[tuple[dict[str, Any], list[str]], Undecided]:
    """A reading whose outcome the sources give under both profiles, unless it rests on a rule only the SDK's code
    states: then undecided under documented (no public document states the SDK's error codes, D31)."""
    rules = _rules_of(i, expected, rules)
    if is_documented(profile) and any(MOVED_TO_IOS_SDK.get(r, r).endswith(".ios-sdk") for r in rules):
        return Undecided(_DOCUMENTED_UNDECIDED["documented"])
    return expected, rules


def _challenge_reading(i: dict[str, Any], profile: str) -> Answer:
    if i["expectedChallenge"] == "":
        return Outside("request.state")  # the challenge a request sent: unreserved characters, never empty
    if _state_challenge(i) == i["expectedChallenge"]:
        return _both_readings(i, _success(["email", "public_profile"]), [R_CHALLENGE], profile)
    return _both_readings(i, BAD_CHALLENGE, [R_CHALLENGE], profile)


def _user_reading(i: dict[str, Any], profile: str) -> Answer:
    if i["graphUserID"] == i["previousToken"]["userID"]:
        return _both_readings(i, _success(["email"], user=P_USER), [R_USER_MISMATCH, R_GRANTED], profile)
    return _both_readings(i, USER_MISMATCH, [R_USER_MISMATCH], profile)


def _token_reading(i: dict[str, Any], profile: str) -> Answer:
    token = i["query"]["access_token"]
    if token == "":
        if is_documented(profile):
            return Undecided(_LEFT_OPEN)
        return _cancelled(), [R_NO_TOKEN, R_CALLBACK_READ]
    return _both_readings(i, _success(["email", "public_profile"], token=token), [R_MERGE], profile)


def _nonce_reading(i: dict[str, Any], profile: str) -> Answer:
    if is_documented(profile):
        return Undecided(_DOCUMENTED_UNDECIDED["documented"])
    expected = _limited_success(["email", "public_profile"])
    expected["authenticationToken"]["nonce"] = i["storedNonce"]
    return expected, [R_ID_SUCCESS]


def _put(node: dict[str, Any], path: list[str], value: Any) -> dict[str, Any]:
    if len(path) == 1:
        return {**node, path[0]: value}
    return {**node, path[0]: _put(node[path[0]], path[1:], value)}


_CHALLENGE_BASE = {**_input(["email"], _callback(state=_P_STATE)), "expectedChallenge": P_CHALLENGE}
_USER_BASE = _input(["email"], _callback(user=P_USER), previous=(P_USER, ["public_profile"]))
_TOKEN_BASE = _input(["email"], _callback(token=None), query={"access_token": P_TOKEN})
_NONCE_BASE = _input(["email"], _limited(), storedNonce=P_NONCE, idTokenVerdict=VALID)
PERTURBATIONS: tuple[PerturbedField, ...] = (
    PerturbedField(FAMILY, "expectedChallenge", _CHALLENGE_BASE, _challenge_reading, (B3,), severity="critical",
                   get=lambda i: i["expectedChallenge"], put=lambda i, v: _put(i, ["expectedChallenge"], v)),
    PerturbedField(FAMILY, "challenge", _CHALLENGE_BASE, _challenge_reading, (B3,), severity="critical",
                   covers="fragment{}", get=_state_challenge,
                   put=lambda i, v: _put(i, ["fragment", "state"],
                                         json.dumps({"challenge": v}, separators=(",", ":"), ensure_ascii=False))),
    PerturbedField(FAMILY, "graphUserID", _USER_BASE, _user_reading, (B3,), severity="critical",
                   get=lambda i: i["graphUserID"], put=lambda i, v: _put(i, ["graphUserID"], v)),
    PerturbedField(FAMILY, "previousUserID", _USER_BASE, _user_reading, (B3,), severity="critical",
                   covers="previousToken.userID", get=lambda i: i["previousToken"]["userID"],
                   put=lambda i, v: _put(i, ["previousToken", "userID"], v)),
    PerturbedField(FAMILY, "accessToken", _TOKEN_BASE, _token_reading, (B3, "DECISIONS.md D60"), severity="high",
                   covers="query{}",
                   get=lambda i: i["query"]["access_token"], put=lambda i, v: _put(i, ["query", "access_token"], v)),
    PerturbedField(FAMILY, "storedNonce", _NONCE_BASE, _nonce_reading, (B3, *ID_TOKEN_REFS, "DECISIONS.md D60"),
                   severity="high",
                   get=lambda i: i["storedNonce"], put=lambda i, v: _put(i, ["storedNonce"], v)),
)
# `now` (kind numericdate) against a callback whose expires_in would give now + 3600 if it were read as a number: the
# SDK reads no expiry from the callback's string values (DECISIONS.md D27), so no time changes the outcome under
# ios-sdk; no public document describes the expiry parameters, so the documented reading is silent.
_NOW_BASE = _input(["public_profile"], _callback("public_profile", expires_in="3600"))


def _now_reading(i: dict[str, Any], profile: str) -> Answer:
    if is_documented(profile):
        return Undecided("no public document describes the callback's expiry parameters (DECISIONS.md D27)")
    return _success(["public_profile"], expiration=None), [R_EXPIRY_SDK]


PERTURBATIONS += (
    PerturbedField(FAMILY, "now", _NOW_BASE, _now_reading, (B3, *EXPIRY_REFS, "DECISIONS.md D64"),
                   kind="numericdate"),
)
# Sets and objects read whole (kinds set and object, DECISIONS.md D64). The request and the previous token's
# permissions of a re-authorization: granted = granted_scopes ∩ requested while the previous token has permissions
# and something was requested, all of granted_scopes otherwise (result.granted, ios-sdk). The callback's fragment
# and query, each holding every parameter in its own base: a parameter no rule reads changes nothing, their order is
# no part of them, and an empty callback is a cancellation (result.cancel.no-token). A valid verdict's claims: a
# member no rule reads changes nothing; a valid verdict always carries the required claims (token.claim.required).
_GRANT_BASE = _input(["email", "user_friends"], _callback("email,public_profile,user_friends"),
                     previous=(USER, ["email", "public_profile"]))
_FRAGMENT_BASE = _input(["email"], _callback("email,public_profile"))
_QUERY_BASE = _input(["email"], {}, query=_callback("email,public_profile"))


def _granted_by_rule(i: dict[str, Any]) -> list[str]:
    merged = {**i["query"], **i["fragment"]}
    listed = sorted(set(merged["granted_scopes"].split(",")))
    previous = i["previousToken"]
    if previous and previous["permissions"] and i["requestedPermissions"]:
        return sorted(set(listed) & set(i["requestedPermissions"]))
    return listed


def _grant_reading(i: dict[str, Any], profile: str) -> Answer:
    if is_documented(profile):
        return Undecided("only the SDK's code narrows the granted set to the request on a re-authorization "
                         "(result.granted.ios-sdk)")
    return _both_readings(i, _success(_granted_by_rule(i)), [R_GRANTED], profile)


def _callback_reading(rules: list[str]) -> Callable[[dict[str, Any], str], Answer]:
    def reading(i: dict[str, Any], profile: str) -> Answer:
        if not {**i["query"], **i["fragment"]}:
            return _cancelled(), [R_NO_TOKEN]
        return _both_readings(i, _success(["email", "public_profile"]), rules, profile)
    return reading


def _verdict_claims_reading(i: dict[str, Any], profile: str) -> Answer:
    if not i["idTokenVerdict"]["claims"]:
        return Outside("token.claim.required")
    return _nonce_reading(i, profile)


PERTURBATIONS += (
    PerturbedField(FAMILY, "requestedPermissions", _GRANT_BASE, _grant_reading, (B3, "DECISIONS.md D64"), kind="set"),
    PerturbedField(FAMILY, "previousPermissions", _GRANT_BASE, _grant_reading, (B3, "DECISIONS.md D64"), kind="set",
                   covers="previousToken.permissions", get=lambda i: i["previousToken"]["permissions"],
                   put=lambda i, v: _put(i, ["previousToken", "permissions"], v)),
    PerturbedField(FAMILY, "fragment", _FRAGMENT_BASE, _callback_reading([R_CHALLENGE]), (B3, "DECISIONS.md D64"),
                   severity="high", kind="object"),
    PerturbedField(FAMILY, "query", _QUERY_BASE, _callback_reading([R_MERGE, R_CHALLENGE]), (B3, "DECISIONS.md D64"),
                   severity="high", kind="object"),
    PerturbedField(FAMILY, "verdictClaims", _NONCE_BASE, _verdict_claims_reading,
                   (B3, *ID_TOKEN_REFS, "DECISIONS.md D64"), kind="object", covers="idTokenVerdict.claims",
                   get=lambda i: i["idTokenVerdict"]["claims"],
                   put=lambda i, v: _put(i, ["idTokenVerdict", "claims"], v)),
)
UNPERTURBED = {
    "requestedPermissions[]": "the permissions of a valid login configuration, a-z and _ "
                              "(configuration.permission.syntax.ios-sdk): login-configuration perturbs them",
    "previousToken.permissions[]": "read only for whether the previous token has permissions (result.granted: "
                                   "granted_scopes is then narrowed to the request); no rule compares its strings",
}


# ---------------------------------------------------------------------------------------------------------------
# JSON grammar (vectorgen/grammar.py): the callback's state, a JSON text the resolver parses for its challenge. A
# state that is the same JSON object (otherwise written, or with other members) carries the same challenge: success.
# One that is not JSON is no state object: error 308 under ios-sdk where DECISIONS.md D18 decides the parser refuses
# it (D22: the state is parsed with JSONSerialization), undecided elsewhere; documented states no error code (D31).
R_STATE_JSON = "result.state.json"


def _state_reading(case: GrammarCase, profile: str,
                   i: dict[str, Any]) -> Union[tuple[dict[str, Any], list[str]], Undecided]:
    if case.kind == "equivalent":
        return _both_readings(i, _success(["email", "public_profile"]), [R_CHALLENGE, R_STATE_JSON], profile)
    if not is_documented(profile) and case.name in SDK_REFUSES:
        return BAD_CHALLENGE, _rules_of(i, BAD_CHALLENGE, [R_CHALLENGE])
    return Undecided(SDK_UNDECIDED if not is_documented(profile) else _DOCUMENTED_UNDECIDED["documented"])


GRAMMAR_SITES = (
    GrammarSite(FAMILY, "state", "state", {"0_auth_logger_id": "a1b2c3d4", "challenge": CHALLENGE},
                lambda text: None if isinstance(text, bytes) else _input(["email"], _callback(state=text)),
                _state_reading, (B3, "RFC 8259", "DECISIONS.md D22", "DECISIONS.md D61"),
                cannot_hold=R_STATE_JSON),
)

