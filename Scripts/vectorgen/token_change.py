"""token-change: the AccessTokenDidChange notifications a sequence of current-token changes posts (SPECIFICATION.md §6).

Every vector names its tokens (`tokens`: name -> {userID, expirationDate}; one name is one token object), the
current token before the first step (`initial`, a name or null), and the steps, each with its time `now`:
`setCurrent` (to a named token, or null for a logout) and `expiryTimer` (the current token's expiry timer fires).
The expected outcome lists every notification posted, in order, with the index of the step that posted it and its
user info (token names as values), and the current token after the last step. It follows from the §6 rules only:

- setting the current token posts AccessTokenDidChange only when the token changes: the same token again, or null
  when there is none, posts nothing, whatever the time;
- user info: the new token under FBSDKAccessToken when non-null, the old one under FBSDKAccessTokenOld when
  non-null (a null token's key is absent, never null);
- FBSDKAccessTokenDidChangeUserIDKey: true when the user IDs differ (exact strings), either token is null, or the
  old token was not active at the step's time (expired: expirationDate < now, strictly; equal is still active; a
  null expirationDate never expires); otherwise absent (a refresh). The new token's expiry plays no part;
- FBSDKAccessTokenDidExpireKey: true only in what the expiry timer posts, which carries the current token as both new
  and old and no user-ID key, and leaves the current token unchanged.

Decisions where the design had to be explicit (each stated so an implementer is not surprised):
- keys appear only when the rule puts them: an implementation that posts FBSDKAccessTokenDidChangeUserIDKey = false
  on a refresh fails (the documentation's own check is `userInfo[AccessTokenDidChangeUserIDKey] != nil`);
- a step's `now` is the time the old token's activeness is judged at; step times never go backwards.

Cases the specification leaves open, deliberately without a vector:
- object identity versus value equality: §6 says "only when the token object changes"; whether setting a distinct
  but field-for-field equal token posts is not settled (the SDK's Objective-C setter compares pointers, while its
  isEqual: compares every field, which a port comparing with == gets), so no vector has two names with identical
  fields (`vectors()` refuses one);
- the expiry timer in any other situation than "a current token with an expiration date that was active when it
  became current, at or after that date, firing once": §6 says what the timer posts, not when it is scheduled, so a
  timer with no current token, with a never-expiring token, before the expiration date, for a token that was
  already expired when it became current, or firing twice for the same token, has no vector (`vectors()` refuses
  one);
- the Graph errors that clear the current token (190, 102) or mark it expired (493) belong to the graph-error family;
- other notifications (ProfileDidChange, AuthenticationTokenDidChange) and what is posted when the token store is
  restored at launch.
"""

from collections.abc import Callable, Mapping
from typing import Any, Optional

from .common import B6, NOW, SEED_LOGIN_REVIEW_JA, is_documented, vector
from .perturbation import PerturbedField, Undecided
from .shape import (EPOCH_SECONDS, Constraint, Family, array, closed, const, defined, enum, fld, integer, mapping, nullable,
                    obj, one_of, outcome, string)

FAMILY = "token-change"
DESCRIPTION = (
    "The AccessTokenDidChange notifications a sequence of current-token changes posts, and the current token at the "
    "end: a notification only when the token changes (not for the same token again, not for nil over nil), the new "
    "token under FBSDKAccessToken and the old under FBSDKAccessTokenOld when non-nil, "
    "FBSDKAccessTokenDidChangeUserIDKey true for another user, a nil side or an old token that had expired "
    "(expirationDate < now; equal is still active) and absent on a refresh, and FBSDKAccessTokenDidExpireKey true "
    "only from the expiry timer, which reports the current token as new and old and leaves it current "
    "(SPECIFICATION.md §6)."
)
# This family has no rejection reason; the one kind of outcome is described here.
# The SDK check (Scripts/sdk_check/check_sdk.py, docs/sdk-check.md): what its driver calls in the SDK for this family's
# ios-sdk vectors (`runs`), or why they are read, not run (`notRun`).
SDK_CHECK = {
    "notRun": "FBSDKAccessToken's change notification is Objective-C; read, not run",
}
# Why the family declares no fault pairs (docs/generated/fault-pairs.md; vectorgen/fault_pairs.py).
NO_FAULT_PAIRS = "it computes notifications for every change and refuses none: nothing to order"
# Why the family declares no JSON grammar sites (docs/generated/grammar.md; vectorgen/grammar.py).
NO_GRAMMAR_SITES = "its inputs are values: it parses no JSON text"
# Its row in README.md's family table (the generator writes the table): the protocol its implementations adopt
# and what its vectors check, in Markdown.
PROTOCOL = "TokenChangeNotifying"
SUMMARY = (
    "the `AccessTokenDidChange` notifications a sequence of current-token changes posts: only on a change of token "
    "(not for the same token again, not nil over nil); new and old tokens in the user info only when non-nil; "
    "`FBSDKAccessTokenDidChangeUserIDKey` for another user, a nil side or an expired old token (`expirationDate < "
    "now`, equal still active), absent on a refresh; `FBSDKAccessTokenDidExpireKey` only from the expiry timer, "
    "which keeps the token current; the current token and the notifications' token keys under `ios-sdk` only (D31), "
    "a `documented` twin comparing which steps post and the user-ID key (§6)"
)

REASONS = {
    "notifications": (
        "the notifications posted, in order, each with the index of the step that posted it and its user info "
        "(token names as values; a key is present only when the notification carries it), and the current token "
        "after the last step"
    ),
}

# ---------------------------------------------------------------------------------------------------------------
# Fixed values.
MINUTE = 60
HOUR = 3600
DAY = 86400
YEAR_2100 = 4102444800
USER = "100001"
OTHER_USER = "100002"

NEW, OLD = "FBSDKAccessToken", "FBSDKAccessTokenOld"
USER_ID_KEY, EXPIRE_KEY = "FBSDKAccessTokenDidChangeUserIDKey", "FBSDKAccessTokenDidExpireKey"

# The shape of a vector (Scripts/vectorgen/shape.py): Vectors/schema/token-change.schema.json and fields.json are
# generated from it.
NAME = defined("name", string(
    pattern="^[A-Za-z0-9_-]+$",
    description="a token's name: one name is one token object; ASCII letters, digits, '_' and '-' only, so no two "
                "names are canonically equivalent Unicode strings"))
STEP = defined("step", one_of(
    obj(fld("step", const("setCurrent")),
        fld("token", nullable(NAME)),
        fld("now", EPOCH_SECONDS),
        description="the current token is set to the named token, or to none (null: a logout)"),
    obj(fld("step", const("expiryTimer")),
        fld("now", EPOCH_SECONDS),
        description="the current token's expiry timer fires")))
NOTIFICATION = defined("notification", obj(
    fld("afterStep", integer(minimum=0), description="the index (from 0) of the step that posted it"),
    fld("userInfo", obj(
        fld(NEW, NAME, optional=True),
        fld(OLD, NAME, optional=True),
        fld(USER_ID_KEY, const(True), optional=True),
        fld(EXPIRE_KEY, const(True), optional=True),
        description="a key is present only when the notification carries it; an absent flag is not false",
        constraints=(Constraint({"not": {
            "description": "the expiry timer's notification never carries the user-ID key",
            "required": [USER_ID_KEY, EXPIRE_KEY]}}),)))))
SHAPE = Family(
    title="LoginConformance vectors: access token change notifications (SPECIFICATION.md §6)",
    reasons_description="This family has no rejection reason; the one kind of outcome (the notifications) is "
                        "described instead.",
    input=closed(
        # User IDs compare as exact strings (rule token-change.user-id.different, DECISIONS.md D46).
        fld("tokens", mapping(obj(
            fld("userID", string()),
            fld("expirationDate", nullable(EPOCH_SECONDS, description="epoch seconds; null: never expires"))),
            names=NAME), description="the tokens the steps name, by name"),
        fld("initial", nullable(NAME, description="the current token before the first step: a name from tokens, or "
                                                  "null")),
        fld("steps", array(STEP, minItems=1)),
    ),
    outcomes=(
        outcome(
            "notifications",
            fld("notifications", array(NOTIFICATION),
                description="every AccessTokenDidChange posted, in order"),
            fld("current", nullable(NAME, description="the current token after the last step: a name from tokens, or "
                                                      "null; left out by a documented vector (only the SDK's code "
                                                      "states it, DECISIONS.md D31)"), optional=True),
            fld("userInfoKeys", array(enum((NEW, OLD, USER_ID_KEY, EXPIRE_KEY)), minItems=1, uniqueItems=True),
                optional=True,
                description="a documented vector's: the user-info keys it compares (present or absent, and their "
                            "values); the others are not compared. Left out: every key, and current is stated"),
            constraints=(Constraint({"anyOf": [{"required": ["current"]}, {"required": ["userInfoKeys"]}],
                                     "description": "only an expectation that names its keys may leave out current"}),),
        ),
    ),
)

# The tokens the vectors draw on (each vector lists only those it uses). No two share every field.
TOKENS: dict[str, dict[str, Any]] = {
    "A": {"userID": USER, "expirationDate": NOW + HOUR},  # user 100001, an hour
    "B": {"userID": USER, "expirationDate": NOW + 2 * HOUR},  # a refresh of A: same user, later
    "F": {"userID": USER, "expirationDate": NOW + 3 * HOUR},  # a second refresh
    "C": {"userID": OTHER_USER, "expirationDate": NOW + HOUR},  # another user
    "G": {"userID": OTHER_USER, "expirationDate": NOW + 2 * HOUR},  # another user, later
    "D": {"userID": USER, "expirationDate": NOW - MINUTE},  # user 100001, already expired at NOW
    "E": {"userID": "0100001", "expirationDate": NOW + HOUR},  # 0100001 is another string than 100001
    "N": {"userID": USER, "expirationDate": None},  # never expires
    "H": {"userID": "1000010", "expirationDate": NOW + HOUR},  # another user whose ID extends 100001 (D46)
    "K": {"userID": "user-\u00e9", "expirationDate": NOW + HOUR},  # an ID with U+00E9 (NFC, D46)
    "L": {"userID": "user-e\u0301", "expirationDate": NOW + 2 * HOUR},  # the same text in NFD: another string (D46)
    "P": {"userID": USER, "expirationDate": YEAR_2100 + DAY},  # a refresh of N, far in the future
}

REFS = [B6, SEED_LOGIN_REVIEW_JA]  # documented: observe AccessTokenDidChange, check AccessTokenDidChangeUserIDKey

# Rule IDs (Vectors/rules.json).
R_POST = "token-change.post.on-change"
R_TOKENS = "token-change.user-info.tokens"
R_DIFFERENT = "token-change.user-id.different"
R_REFRESH = "token-change.user-id.refresh"
R_OLD_EXPIRED = "token-change.user-id.old-expired"
R_TIMER = "token-change.expiry-timer"
R_TIMER_ONLY = "token-change.did-expire.timer-only"
R_CURRENT = "token-change.current"
R_TOKENS_SDK, R_CURRENT_SDK = R_TOKENS + ".ios-sdk", R_CURRENT + ".ios-sdk"  # what a documented twin leaves out


# ---------------------------------------------------------------------------------------------------------------
# Building blocks.
def s(token: Optional[str], now: float) -> dict[str, Any]:
    """A setCurrent step; token None is a logout."""
    return {"step": "setCurrent", "token": token, "now": now}


def t(now: float) -> dict[str, Any]:
    """The expiry timer of the current token fires."""
    return {"step": "expiryTimer", "now": now}


def n(step: int, new: Optional[str] = None, old: Optional[str] = None, user: bool = False,
      expire: bool = False) -> dict[str, Any]:
    """An expected notification: step index, new and old token names, the user-ID and expire keys when true."""
    info: dict[str, Any] = {}
    if new is not None:
        info[NEW] = new
    if old is not None:
        info[OLD] = old
    if user:
        info[USER_ID_KEY] = True
    if expire:
        info[EXPIRE_KEY] = True
    return {"afterStep": step, "userInfo": info}


def _sequence(initial: Optional[str], steps: list[dict[str, Any]]) -> dict[str, Any]:
    names = {name for name in [initial] + [step.get("token") for step in steps] if name is not None}
    return {"tokens": {name: dict(TOKENS[name]) for name in sorted(names)}, "initial": initial, "steps": steps}


def _expected(notifications: list[dict[str, Any]], current: Optional[str]) -> dict[str, Any]:
    return {"result": "notifications", "notifications": notifications, "current": current}


def _check_preconditions(id: str, sequence: Mapping[str, Any]) -> None:
    """Refuses a sequence that leaves the specification's open questions open (see the module docstring)."""
    tokens = sequence["tokens"]
    fields = [(token["userID"], token["expirationDate"]) for token in tokens.values()]
    if len(set(fields)) != len(fields):
        raise ValueError(f"{id}: two token names with identical fields (object identity vs equality is open)")
    times = [step["now"] for step in sequence["steps"]]
    if times != sorted(times):
        raise ValueError(f"{id}: step times go backwards")
    current = sequence["initial"]
    since = NOW  # an initial token became current before the first step; it must have been active at NOW
    timer_fired = False
    for step in sequence["steps"]:
        if step["step"] == "setCurrent":
            if step["token"] != current:
                current, since, timer_fired = step["token"], step["now"], False
            continue
        date = tokens[current]["expirationDate"] if current is not None else None
        if current is None or date is None or timer_fired or date < since or step["now"] < date:
            raise ValueError(f"{id}: an expiry timer the specification does not describe")
        timer_fired = True


def _rules_say(sequence: Mapping[str, Any]) -> dict[str, Any]:
    """The §6 rules, written once, independently of the tables below."""
    tokens = sequence["tokens"]
    current = sequence["initial"]
    posted = []
    for index, step in enumerate(sequence["steps"]):
        now = step["now"]
        if step["step"] == "expiryTimer":
            posted.append(n(index, new=current, old=current, expire=True))
            continue
        new = step["token"]
        if new == current:
            continue
        old_token = tokens[current] if current is not None else None
        new_token = tokens[new] if new is not None else None
        old_active = old_token is not None and (old_token["expirationDate"] is None
                                                or not old_token["expirationDate"] < now)
        same_user = old_token is not None and new_token is not None and old_token["userID"] == new_token["userID"]
        posted.append(n(index, new=new, old=current, user=not (same_user and old_active)))
        current = new
    return _expected(posted, current)


def _v(group: str, case: str, description: str, severity: str, initial: Optional[str], steps: list[dict[str, Any]],
       notifications: list[dict[str, Any]], current: Optional[str], rules: list[str],
       profiles: Optional[list[str]] = None) -> dict[str, Any]:
    # A vector new in 0.4.0 names its profile (never a D31 move).
    id = f"token-change::{group}::{case}" + (f".{profiles[0]}" if profiles else "")
    sequence = _sequence(initial, steps)
    _check_preconditions(id, sequence)
    expected = _expected(notifications, current)
    if _rules_say(sequence) != expected:
        raise ValueError(f"{id}: the table says {expected}, the §6 rules say {_rules_say(sequence)}")
    # Every expected sequence states the current token after each step and the tokens in each notification's user
    # info: only the SDK's code says so (DECISIONS.md D31), so every vector holds under ios-sdk only.
    rules = list(rules) + [r for r in ("token-change.current", "token-change.user-info.tokens") if r not in rules]
    return vector(id, description, severity, REFS + (["DECISIONS.md D46"] if profiles else []), sequence, expected,
                  profiles, rules=rules)


# ---------------------------------------------------------------------------------------------------------------
# Setting the current token: a notification only on a change; the tokens in the user info; the current token.
def _set() -> list[dict[str, Any]]:
    return [
        _v("set", "first-login",
           "no current token, A is set: one notification with A as new, no old token, user-ID key true (nil old)",
           "critical", None, [s("A", NOW)],
           [n(0, new="A", user=True)], "A", [R_POST, R_TOKENS, R_DIFFERENT, R_CURRENT]),
        _v("set", "logout",
           "A is current, nil is set: one notification with A as old, no new token, user-ID key true (nil new)",
           "critical", "A", [s(None, NOW)],
           [n(0, old="A", user=True)], None, [R_POST, R_TOKENS, R_DIFFERENT, R_CURRENT]),
        _v("set", "refresh-same-user",
           "active A replaced by B of the same user: new B, old A, no user-ID key (a refresh)",
           "critical", "A", [s("B", NOW)],
           [n(0, new="B", old="A")], "B", [R_POST, R_TOKENS, R_REFRESH, R_CURRENT]),
        _v("set", "switch-user",
           "active A (user 100001) replaced by C (user 100002): new C, old A, user-ID key true",
           "critical", "A", [s("C", NOW)],
           [n(0, new="C", old="A", user=True)], "C", [R_POST, R_TOKENS, R_DIFFERENT, R_CURRENT]),
        _v("set", "same-token-again",
           "A is current and A is set again: the token does not change, so nothing is posted",
           "high", "A", [s("A", NOW)],
           [], "A", [R_POST, R_CURRENT]),
        _v("set", "nil-over-nil",
           "no current token and nil is set: nothing changes, so nothing is posted",
           "high", None, [s(None, NOW)],
           [], None, [R_POST, R_CURRENT]),
        _v("set", "same-expired-token-again",
           "A is current and is set again two hours later, after it expired: still the same token, nothing posted",
           "high", "A", [s("A", NOW + 2 * HOUR)],
           [], "A", [R_POST, R_CURRENT]),
        _v("set", "login-then-same-token-again",
           "A is set, then set again a minute later: one notification, for the first set only",
           "high", None, [s("A", NOW), s("A", NOW + MINUTE)],
           [n(0, new="A", user=True)], "A", [R_POST, R_DIFFERENT, R_CURRENT]),
        _v("set", "logout-twice",
           "A is logged out, then nil is set again: one notification, for the first logout only",
           "high", "A", [s(None, NOW), s(None, NOW + MINUTE)],
           [n(0, old="A", user=True)], None, [R_POST, R_DIFFERENT, R_CURRENT]),
        _v("set", "switch-user-and-back",
           "A to C to A: two changes, two notifications, each with the user-ID key (the users differ each time)",
           "critical", "A", [s("C", NOW), s("A", NOW + MINUTE)],
           [n(0, new="C", old="A", user=True), n(1, new="A", old="C", user=True)], "A",
           [R_POST, R_TOKENS, R_DIFFERENT, R_CURRENT]),
    ]


# ---------------------------------------------------------------------------------------------------------------
# The user-ID key: another user, a nil side, or an old token that was no longer active at the step's time.
def _user_id() -> list[dict[str, Any]]:
    return [
        _v("user-id", "old-expired-same-user",
           "A expired a minute before B of the same user is set: the old token was not active, user-ID key true",
           "critical", "A", [s("B", NOW + HOUR + MINUTE)],
           [n(0, new="B", old="A", user=True)], "B", [R_OLD_EXPIRED, R_TOKENS]),
        _v("user-id", "old-expires-at-step-time",
           "B is set exactly at A's expirationDate: expirationDate == now is still active, so no user-ID key",
           "critical", "A", [s("B", NOW + HOUR)],
           [n(0, new="B", old="A")], "B", [R_OLD_EXPIRED, R_REFRESH]),
        _v("user-id", "old-expired-one-second",
           "B is set one second after A's expirationDate: A has expired, so the user-ID key is true",
           "critical", "A", [s("B", NOW + HOUR + 1)],
           [n(0, new="B", old="A", user=True)], "B", [R_OLD_EXPIRED]),
        _v("user-id", "old-expired-half-second",
           "B is set half a second after A's expirationDate: A has expired (no rounding), user-ID key true",
           "high", "A", [s("B", NOW + HOUR + 0.5)],
           [n(0, new="B", old="A", user=True)], "B", [R_OLD_EXPIRED]),
        _v("user-id", "old-active-half-second-before",
           "B is set half a second before A's expirationDate: A is still active, so no user-ID key",
           "high", "A", [s("B", NOW + HOUR - 0.5)],
           [n(0, new="B", old="A")], "B", [R_OLD_EXPIRED, R_REFRESH]),
        _v("user-id", "old-never-expires",
           "N has no expirationDate and is replaced in 2100 by P of the same user: N is still active, no user-ID key",
           "high", "N", [s("P", YEAR_2100)],
           [n(0, new="P", old="N")], "P", [R_OLD_EXPIRED, R_REFRESH]),
        _v("user-id", "new-token-already-expired",
           "active A replaced by D of the same user that expired a minute ago: only the old token's activeness "
           "counts, so no user-ID key, and no expire key",
           "high", "A", [s("D", NOW)],
           [n(0, new="D", old="A")], "D", [R_OLD_EXPIRED, R_REFRESH, R_TIMER_ONLY]),
        _v("user-id", "initial-token-expired-same-user",
           "the initial D had expired when A of the same user is set: the old token was not active, user-ID key true",
           "critical", "D", [s("A", NOW)],
           [n(0, new="A", old="D", user=True)], "A", [R_OLD_EXPIRED]),
        _v("user-id", "leading-zero-user-id",
           "A (user 100001) replaced by E (user 0100001): user IDs compare as exact strings, so the key is true",
           "critical", "A", [s("E", NOW)],
           [n(0, new="E", old="A", user=True)], "E", [R_DIFFERENT]),
        _v("user-id", "switch-user-old-expired",
           "A replaced by C of another user after A expired: user-ID key true (either reason suffices)",
           "high", "A", [s("C", NOW + 2 * HOUR)],
           [n(0, new="C", old="A", user=True)], "C", [R_DIFFERENT, R_OLD_EXPIRED]),
        _v("user-id", "logout-after-expiry",
           "A is logged out after it expired: old A, user-ID key true, and no expire key (only the timer sets it)",
           "high", "A", [s(None, NOW + 2 * HOUR)],
           [n(0, old="A", user=True)], None, [R_DIFFERENT, R_TIMER_ONLY, R_TOKENS]),
        _v("user-id", "first-login-with-expired-token",
           "D, already expired, is set with no current token: new D, user-ID key true, no expire key",
           "high", None, [s("D", NOW)],
           [n(0, new="D", user=True)], "D", [R_DIFFERENT, R_TIMER_ONLY]),
    ]


# ---------------------------------------------------------------------------------------------------------------
# The expiry timer: new = old = current, the expire key, no user-ID key, the current token unchanged.
def _timer() -> list[dict[str, Any]]:
    return [
        _v("timer", "fires-at-expiration",
           "A's expiry timer fires at its expirationDate: new A, old A, expire key true, no user-ID key; A stays current",
           "high", "A", [t(NOW + HOUR)],
           [n(0, new="A", old="A", expire=True)], "A", [R_TIMER, R_CURRENT]),
        _v("timer", "fires-after-expiration",
           "A's expiry timer fires 30 seconds after its expirationDate: the same notification; A stays current",
           "high", "A", [t(NOW + HOUR + 30)],
           [n(0, new="A", old="A", expire=True)], "A", [R_TIMER, R_CURRENT]),
        _v("timer", "login-then-timer",
           "A is set, then its expiry timer fires: a login notification, then A as new and old with the expire key",
           "high", None, [s("A", NOW), t(NOW + HOUR)],
           [n(0, new="A", user=True), n(1, new="A", old="A", expire=True)], "A", [R_TIMER, R_DIFFERENT]),
        _v("timer", "timer-then-refresh",
           "A's timer fires, then B of the same user is set a minute later: A had expired, so the key is true",
           "critical", "A", [t(NOW + HOUR), s("B", NOW + HOUR + MINUTE)],
           [n(0, new="A", old="A", expire=True), n(1, new="B", old="A", user=True)], "B",
           [R_TIMER, R_OLD_EXPIRED, R_TIMER_ONLY]),
        _v("timer", "timer-then-refresh-same-instant",
           "A's timer fires at its expirationDate and B is set at that same instant: A is still active, no user-ID key",
           "high", "A", [t(NOW + HOUR), s("B", NOW + HOUR)],
           [n(0, new="A", old="A", expire=True), n(1, new="B", old="A")], "B", [R_TIMER, R_OLD_EXPIRED, R_REFRESH]),
        _v("timer", "timer-then-logout",
           "A's timer fires, then nil is set: the expire notification, then a logout with old A and the user-ID key",
           "high", "A", [t(NOW + HOUR), s(None, NOW + HOUR + MINUTE)],
           [n(0, new="A", old="A", expire=True), n(1, old="A", user=True)], None, [R_TIMER, R_DIFFERENT, R_CURRENT]),
        _v("timer", "timer-then-same-token-again",
           "A's timer fires, then A is set again: the timer did not change the current token, so the set posts "
           "nothing",
           "high", "A", [t(NOW + HOUR), s("A", NOW + HOUR + MINUTE)],
           [n(0, new="A", old="A", expire=True)], "A", [R_TIMER, R_POST, R_CURRENT]),
        _v("timer", "timer-then-switch-user",
           "A's timer fires, then C of another user is set: new C, old A, user-ID key true, no expire key",
           "high", "A", [t(NOW + HOUR), s("C", NOW + HOUR + MINUTE)],
           [n(0, new="A", old="A", expire=True), n(1, new="C", old="A", user=True)], "C",
           [R_TIMER, R_DIFFERENT, R_TIMER_ONLY]),
        _v("timer", "refresh-then-timer",
           "A is refreshed to B, then B's timer fires: the timer reports B, the current token, as new and old",
           "high", "A", [s("B", NOW + MINUTE), t(NOW + 2 * HOUR)],
           [n(0, new="B", old="A"), n(1, new="B", old="B", expire=True)], "B", [R_TIMER, R_REFRESH, R_CURRENT]),
        _v("timer", "other-user-timer",
           "A is replaced by G of another user, then G's timer fires: the timer reports G as new and old",
           "high", "A", [s("G", NOW + MINUTE), t(NOW + 2 * HOUR)],
           [n(0, new="G", old="A", user=True), n(1, new="G", old="G", expire=True)], "G", [R_TIMER, R_DIFFERENT]),
    ]


# ---------------------------------------------------------------------------------------------------------------
# Longer mixed sequences.
def _sequences() -> list[dict[str, Any]]:
    return [
        _v("sequence", "login-refresh-refresh-logout",
           "login A, refresh to B, refresh to F (each while the old one is active), logout: four notifications, "
           "the user-ID key only on the login and the logout",
           "critical", None, [s("A", NOW), s("B", NOW + 30 * MINUTE), s("F", NOW + 90 * MINUTE),
                              s(None, NOW + 100 * MINUTE)],
           [n(0, new="A", user=True), n(1, new="B", old="A"), n(2, new="F", old="B"), n(3, old="F", user=True)],
           None, [R_POST, R_TOKENS, R_DIFFERENT, R_REFRESH, R_CURRENT]),
        _v("sequence", "six-steps-with-timer",
           "login A, A's timer, refresh to B after the expiry, B again, switch to C, logout: five notifications "
           "(the repeated B posts none)",
           "critical", None, [s("A", NOW), t(NOW + HOUR), s("B", NOW + HOUR + MINUTE), s("B", NOW + HOUR + 2 * MINUTE),
                              s("C", NOW + HOUR + 3 * MINUTE), s(None, NOW + HOUR + 4 * MINUTE)],
           [n(0, new="A", user=True), n(1, new="A", old="A", expire=True), n(2, new="B", old="A", user=True),
            n(4, new="C", old="B", user=True), n(5, old="C", user=True)],
           None, [R_POST, R_TIMER, R_OLD_EXPIRED, R_DIFFERENT, R_CURRENT]),
        _v("sequence", "logout-then-other-user",
           "A logged out, nil set again, then C of another user logs in: notifications for steps 0 and 2 only",
           "high", "A", [s(None, NOW), s(None, NOW + MINUTE), s("C", NOW + 2 * MINUTE)],
           [n(0, old="A", user=True), n(2, new="C", user=True)], "C", [R_POST, R_TOKENS, R_DIFFERENT, R_CURRENT]),
        _v("sequence", "lapsed-refresh-then-timely-refresh",
           "A refreshed to B ten minutes after A expired (user-ID key), then B refreshed to F while B is active (none)",
           "critical", "A", [s("B", NOW + HOUR + 10 * MINUTE), s("F", NOW + HOUR + 20 * MINUTE)],
           [n(0, new="B", old="A", user=True), n(1, new="F", old="B")], "F", [R_OLD_EXPIRED, R_REFRESH]),
        _v("sequence", "repeats-around-changes",
           "A, A, C, C, A, A set in turn from no token: notifications only for steps 0, 2 and 4, where the token changes",
           "high", None, [s("A", NOW), s("A", NOW + 1), s("C", NOW + 2), s("C", NOW + 3), s("A", NOW + 4),
                          s("A", NOW + 5)],
           [n(0, new="A", user=True), n(2, new="C", old="A", user=True), n(4, new="A", old="C", user=True)],
           "A", [R_POST, R_DIFFERENT, R_CURRENT]),
        _v("sequence", "timer-refresh-timer",
           "A's timer, refresh to B a second later (A expired: user-ID key), then B's timer: three notifications",
           "high", "A", [t(NOW + HOUR), s("B", NOW + HOUR + 1), t(NOW + 2 * HOUR)],
           [n(0, new="A", old="A", expire=True), n(1, new="B", old="A", user=True),
            n(2, new="B", old="B", expire=True)],
           "B", [R_TIMER, R_OLD_EXPIRED, R_CURRENT]),
    ]


def _user_id_strings() -> list[dict[str, Any]]:
    """DECISIONS.md D46: user IDs compare as whole strings, code unit by code unit (isEqualToString:)."""
    sdk = ["ios-sdk"]
    return [
        _v("user-id", "user-id-extends-other", "A (user 100001) replaced by H (user 1000010): one ID is a prefix of "
           "the other, but they are other users, so the key is true", "critical", "A", [s("H", NOW)],
           [n(0, new="H", old="A", user=True)], "H", [R_DIFFERENT], sdk),
        _v("user-id", "user-id-prefix-of-other", "H (user 1000010) replaced by A (user 100001): the new ID is a prefix "
           "of the old one, another user all the same, so the key is true", "critical", "H", [s("A", NOW)],
           [n(0, new="A", old="H", user=True)], "A", [R_DIFFERENT], sdk),
        _v("user-id", "nfc-and-nfd-user-ids", "K (user-\u00e9, NFC) replaced by L (the same text in NFD): "
           "isEqualToString: compares code units, not canonical equivalence, so they are other users and the key "
           "is true", "high", "K", [s("L", NOW)], [n(0, new="L", old="K", user=True)], "L", [R_DIFFERENT], sdk),
    ]


def vectors() -> list[dict[str, Any]]:
    out = _set() + _user_id() + _timer() + _sequences() + _user_id_strings()
    out += _documented_twins(out)
    descriptions = [v["description"] for v in out]
    if len(set(descriptions)) != len(descriptions):
        raise ValueError("descriptions must be unique within the family")
    return out


# ---------------------------------------------------------------------------------------------------------------
# The documented reading of the rules of both readings (rule coverage: token-change.post.on-change,
# token-change.user-id.different and token-change.user-id.refresh had vectors under ios-sdk only, because every
# expectation states the current token and the tokens in the user info, which only the SDK's code says, D31). Each
# vector whose sequence rests on no SDK-only rule (no expiry timer, no old token expired at its step, no new token
# already expired) has a documented twin over the same input comparing what the documents say: which steps post, and
# in each notification the user-ID key (true, or absent on a refresh); userInfoKeys names that key, current is left
# out.
def _rests_on_documents_only(sequence: Mapping[str, Any]) -> bool:
    tokens, current = sequence["tokens"], sequence["initial"]
    for step in sequence["steps"]:
        if step["step"] == "expiryTimer":
            return False
        new, now = step["token"], step["now"]
        if new == current:
            continue
        for name in (current, new):
            date = tokens[name]["expirationDate"] if name is not None else None
            if date is not None and date < now:
                return False
        current = new
    return True


def _documented_twins(vectors: list[dict[str, Any]]) -> list[dict[str, Any]]:
    twins = []
    for v in vectors:
        rules = [rule for rule in v["rules"] if not rule.endswith(".ios-sdk")]
        if v.get("profiles") != ["ios-sdk"] or not rules or not _rests_on_documents_only(v["input"]):
            continue
        if any(rule.endswith(".ios-sdk") for rule in v["rules"] if rule not in (R_TOKENS_SDK, R_CURRENT_SDK)):
            continue
        twins.append(vector(v["id"].removesuffix(".ios-sdk") + ".documented",
                            v["description"] + "; the documented reading compares which steps post and the user-ID key",
                            v["severity"], [ref for ref in v["refs"] if ref != "DECISIONS.md D31"] + ["DECISIONS.md D31"],
                            v["input"], _documented(v["expected"]), ["documented"], rules=rules))
    return twins


# ---------------------------------------------------------------------------------------------------------------
# Perturbations (vectorgen/perturbation.py): a refresh (A, then B of the same user, while A is active) whose new
# token's user ID is perturbed: another string, so another user, and the key is true (D46: whole strings, code unit
# by code unit; no trimming, case folding or normalisation). The ID holds a fi pair (NFKC folds it) and an é (NFD
# decomposes it).
PERTURBED_USER = "fi-user-\u00e9"


def _documented(expected: Mapping[str, Any]) -> dict[str, Any]:
    """The documented reading's expectation (_documented_twins): which steps post, and the user-ID key."""
    notifications = [{"afterStep": note["afterStep"],
                      "userInfo": {k: v for k, v in note["userInfo"].items() if k == USER_ID_KEY}}
                     for note in expected["notifications"]]
    return {"result": "notifications", "notifications": notifications, "userInfoKeys": [USER_ID_KEY]}


def _perturbed_reading(sequence: dict[str, Any], profile: str) -> tuple[dict[str, Any], list[str]]:
    expected = _rules_say(sequence)
    if is_documented(profile):
        return _documented(expected), [R_DIFFERENT]
    return expected, [R_DIFFERENT, R_CURRENT_SDK, R_TOKENS_SDK]


_PERTURBED_BASE = {"tokens": {"A": {"userID": PERTURBED_USER, "expirationDate": NOW + HOUR},
                              "B": {"userID": PERTURBED_USER, "expirationDate": NOW + 2 * HOUR}},
                   "initial": "A", "steps": [s("B", NOW)]}
PERTURBATIONS: tuple[PerturbedField, ...] = (
    PerturbedField(FAMILY, "userID", _PERTURBED_BASE, _perturbed_reading, tuple(REFS) + ("DECISIONS.md D46",),
                   severity="high", covers="tokens{}.userID",
                   get=lambda sequence: sequence["tokens"]["B"]["userID"],
                   put=lambda sequence, value: {**sequence, "tokens": {
                       **sequence["tokens"], "B": {**sequence["tokens"]["B"], "userID": value}}}),
)
# NumericDates (kind numericdate): a refresh (A, then B of the same user) made exactly at A's expirationDate, the
# boundary of the old token's activeness (expirationDate < now, strictly, is expired: a half second either side
# decides); A's date and the step's time perturbed alone. The answer is the §6 rules (`_rules_say`). Whether an
# expired old token sets the user-ID key only the SDK's code states (token-change.user-id.old-expired.ios-sdk): the
# documented reading decides a perturbed sequence only where no token has expired (`_rests_on_documents_only`).
_DATE_BASE = {"tokens": {"A": {"userID": USER, "expirationDate": NOW},
                         "B": {"userID": USER, "expirationDate": NOW + HOUR}},
              "initial": "A", "steps": [s("B", NOW)]}


def _sequence_reading(rules: list[str]) -> (
        Callable[[dict[str, Any], str], tuple[dict[str, Any], list[str]] | Undecided]):
    """The §6 rules (`_rules_say`) for a sequence, resting on `rules` and, where no step sets the user-ID key, the
    refresh rule; documented decides only sequences in which no token has expired."""
    def reading(sequence: dict[str, Any], profile: str) -> tuple[dict[str, Any], list[str]] | Undecided:
        expected = _rules_say(sequence)
        user_key = any(note["userInfo"].get(USER_ID_KEY) for note in expected["notifications"])
        # The user-ID key comes from another user, unless the rules say it comes from an expired old token.
        said = [*rules, *([] if user_key else [R_REFRESH]),
                *([R_DIFFERENT] if user_key and R_OLD_EXPIRED not in rules else [])]
        if is_documented(profile):
            if not _rests_on_documents_only(sequence):
                return Undecided("only the SDK's code says what an expired token does to the user-ID key "
                                 "(token-change.user-id.old-expired.ios-sdk)")
            return _documented(expected), [r for r in said if r != R_OLD_EXPIRED]
        return expected, [*said, R_CURRENT_SDK, R_TOKENS_SDK]
    return reading


_date_reading = _sequence_reading([R_OLD_EXPIRED])


PERTURBATIONS += (
    PerturbedField(FAMILY, "expirationDate", _DATE_BASE, _date_reading, (*REFS, "DECISIONS.md D64"), severity="critical",
                   kind="numericdate", covers="tokens{}.expirationDate",
                   get=lambda sequence: sequence["tokens"]["A"]["expirationDate"],
                   put=lambda sequence, value: {**sequence, "tokens": {
                       **sequence["tokens"], "A": {**sequence["tokens"]["A"], "expirationDate": value}}}),
    PerturbedField(FAMILY, "now", _DATE_BASE, _date_reading, (*REFS, "DECISIONS.md D64"), severity="critical", kind="numericdate",
                   covers="steps[].now", get=lambda sequence: sequence["steps"][0]["now"],
                   put=lambda sequence, value: {**sequence, "steps": [{**sequence["steps"][0], "now": value}]}),
)
# The steps as an array (kind array, DECISIONS.md D64): A, then C (another user), then B (A's user), all at now, so
# that every order of them is a sequence the specification describes; each step is read in turn (token-change.post).
_STEPS_BASE = _sequence("A", [s("C", NOW), s("B", NOW)])
PERTURBATIONS += (
    PerturbedField(FAMILY, "steps", _STEPS_BASE, _sequence_reading([R_POST]), (*REFS, "DECISIONS.md D64"),
                   severity="high", kind="array"),
)
_NAME_ONLY = ("a token's name: it says which token object a step means (ASCII letters, digits, _ and -, the schema's "
              "pattern); no rule reads it as data, and a perturbed name is no input of the family")
UNPERTURBED = {"tokens{name}": _NAME_ONLY, "initial": _NAME_ONLY, "steps[].token": _NAME_ONLY,
               "tokens": "the table of the token objects the steps name: no rule reads it whole (each step reads the "
                         "token it names), a member added holds no token object (the schema's), and with no members "
                         "the steps name tokens that do not exist: no input of the family"}

