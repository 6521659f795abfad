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

Cases the specification leaves open are deliberately absent: an error combined with a
token, a bad challenge combined with an invalid grant set or an error, `expires` and `expires_at` both positive and
different, `expires` 0 with a positive `expires_at`, non-numeric expiry values, invalid syntax only in
denied_scopes, an empty `access_token`, `error_message` without `error`, id_token.
"""

from .common import B1, B3, SEED_PERMISSIONS_JA, SEED_PERMISSIONS_ZH, permission_set, vector

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
NOW = 1767225600  # 2026-01-01T00:00:00Z
CHALLENGE = "c7d4e0f1"
STATE = '{"challenge":"c7d4e0f1"}'
TOKEN = "test-access-token-0001"
USER = "100001"  # the user of the previous token (and of the new one unless a vector says otherwise)
OTHER_USER = "100002"
LOGIN_DOMAIN = "com.facebook.sdk.login"
CORE_DOMAIN = "com.facebook.sdk.core"

DECLINED_REFS = [B3, SEED_PERMISSIONS_ZH, SEED_PERMISSIONS_JA]  # documented usage: check result.declinedPermissions
SYNTAX_REFS = [B3, B1]  # granted_scopes are validated with the §1 permission syntax rule


def _input(requested, fragment, query=None, previous=None, graph_user=None):
    """previous: None or (userID, [permissions]). graph_user defaults to the previous token's user (same user)."""
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
    }


def _callback(granted="email,public_profile", token=TOKEN, user=USER, state=STATE, **extra):
    """A successful-looking callback; pass None to leave a parameter out."""
    params = {"access_token": token, "user_id": user, "granted_scopes": granted, "state": state}
    params.update(extra)
    return {k: v for k, v in params.items() if v is not None}


def _cancelled(declined=()):
    return {"result": "cancelled", "declinedPermissions": permission_set(declined)}


def _failed(domain, code, graph_error_code=None):
    expected = {"result": "failed", "error": {"domain": domain, "code": code}}
    if graph_error_code is not None:
        expected["graphErrorCode"] = graph_error_code
    return expected


def _success(granted, declined=(), token=TOKEN, user=USER, expiration=None):
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


def _v(group, case, description, severity, refs, input, expected, rules):
    # A vector rests on a rule through every member of its expected outcome (DECISIONS.md D31): a failed result
    # states the SDK's error domain and code, which no public document states, so it holds under ios-sdk only.
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
    return vector(f"login-result::{group}::{case}", description, severity, refs, input, expected, rules=rules)


# ---------------------------------------------------------------------------------------------------------------
# Granted = granted_scopes ∩ requested when a previous token WITH permissions exists and something was requested;
# otherwise all of granted_scopes.
def _granted():
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
def _declined():
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


def _grant_syntax():
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
def _empty_grant():
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
def _no_token():
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
def _error():
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


def _challenge():
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
def _merge():
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
def _user_mismatch():
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


def _expiry():
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


def vectors():
    return (_granted() + _declined() + _grant_syntax() + _empty_grant() + _no_token() + _error()
            + _challenge() + _merge() + _user_mismatch() + _expiry())
