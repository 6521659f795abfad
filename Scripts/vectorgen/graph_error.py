"""graph-error: a Graph API error body classified (SPECIFICATION.md §7) and its effect on the current token (§6).

Input: the Graph response `body` as JSON (`{"error": {...}}`), the server's `ios_sdk_error_categories` table in a
normalised form (`serverCategories`, or null when the app has none) and whether the request was made with the
current access token (`requestUsedCurrentToken`). Expected: always `classified`, with

- `category`: the server table when it has an entry for the error (searched code+subcode, code+*, *+subcode, *+*;
  a category named `other` is other, `transient` transient, any other name recoverable), else the default table
  (102 and 190 with any subcode recoverable; 1, 2, 4, 9, 17, 341 transient; everything else other);
  `is_transient: true` forces transient;
- `isPermissionError`: Graph code 200 (the seeds' example), and 10 and 201-299 (the Graph error codes the seeds
  point to);
- `message`: `message`, else `error_reason`, else `error_msg`, else null;
- `clientAction`: a permission error -> rerequestPermission (the seeds: re-request the permission and retry);
  otherwise recoverable -> logInAgain (the "login" recovery), transient -> retry, other -> none;
- `currentToken`: code 190 or 102 on a request made with the current token -> cleared, or markedExpired with
  subcode 493; otherwise kept. §6 keys this on the code alone, so is_transient and a server table that recategorises
  190 do not change it.

The normalised server table: a list of `{"name": string, "items": [{"code": integer | "*", "subcodes":
[integer]}]}`; an item without `subcodes`, or with an empty list, stands for every subcode (`*`). The real table's
recovery messages and options are left out: they do not change the category. An error without `error_subcode`
matches only the `*` subcode entries.

Cases the specification leaves open, with no vector:
- whether a server table replaces the default table or overrides it key by key. Every server-table vector is one
  where both readings agree: the server table has an entry for the error at code+subcode or code+*, or the code is
  not in the default table and the server entry found at *+subcode or *+* is the only candidate. Open: a default
  code (190, 1, ...) whose server table has no entry for it at code+subcode or code+* (for example 190 when the
  server lists only 190/460, or a table holding only *+*), an error no server entry matches, an empty server table;
- a permission error whose category is transient or recoverable (is_transient: true on code 200, a server table
  putting 10 in a category): §7 gives no precedence between re-requesting the permission and retrying or logging
  in again, so every permission-error vector has category other;
- the case of category names (`Transient`, `OTHER`) and the empty name;
- duplicate keys in the server table (the same code and subcode in two categories);
- non-integer, fractional or string codes and subcodes, a missing code or a missing `error` object, is_transient
  other than a JSON boolean, members that are null, empty or not strings where a message is read;
- `error_msg` or `error_reason` outside the `error` object (the legacy REST body);
- a request made with a client token (no user token to clear or recover).
"""

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal, Optional, cast

from .common import B6, B7, SEED_PERMISSIONS_JA, SEED_PERMISSIONS_ZH, is_documented, vector
from .perturbation import PerturbedField, Undecided
from .shape import (ARRAY, NUMBER, SET, VERBATIM, Constraint, Family, Value, array, boolean, closed, const, defined,
                    enum, fld, integer, nullable, obj, one_of, outcome, string)

FAMILY = "graph-error"
DESCRIPTION = (
    "A Graph API error body classified (SPECIFICATION.md §7) with its effect on the current access token (§6): the "
    "category (the server's ios_sdk_error_categories table searched code+subcode, code+*, *+subcode, *+*; else the "
    "default table: 102 and 190 recoverable, 1, 2, 4, 9, 17, 341 transient, everything else other; is_transient: "
    "true forces transient), whether it is a permission error (code 10 or 200-299), the message (message > "
    "error_reason > error_msg), what the client should do (re-request the permission, log in again, retry or "
    "nothing) and what happens to the current token (190 or 102 on a request made with it: cleared, or marked "
    "expired with subcode 493; otherwise kept)."
)
# Every outcome is a classification: no rejection reason.
# The SDK check (Scripts/sdk_check/check_sdk.py, docs/sdk-check.md): what its driver calls in the SDK for this family's
# ios-sdk vectors (`runs`), or why they are read, not run (`notRun`).
SDK_CHECK = {
    "notRun": "FBSDKErrorConfiguration / FBSDKGraphRequestConnection are Objective-C; read, not run",
}
# Why the family declares no fault pairs (docs/generated/fault-pairs.md; vectorgen/fault_pairs.py).
NO_FAULT_PAIRS = "it classifies every error and refuses none: nothing to order"
# Why the family declares no JSON grammar sites (docs/generated/grammar.md; vectorgen/grammar.py).
NO_GRAMMAR_SITES = "the Graph API's response body arrives parsed (an object): it parses no JSON text"
# Its row in README.md's family table (the generator writes the table): the protocol its implementations adopt
# and what its vectors check, in Markdown.
PROTOCOL = "GraphErrorClassifying"
SUMMARY = (
    "category (102/190 recoverable; 1, 2, 4, 9, 17, 341 transient; `documented`: other tactics other; `ios-sdk`: "
    "else other, `is_transient: true` forcing transient, the server `ios_sdk_error_categories` table with lookup "
    "order code+subcode → code+`*` → `*`+subcode → `*`+`*`, a wildcard code never matching, D29); message "
    "precedence; `documented` only (D30): permission errors (10, 200–299) and client action; the current token "
    "cleared by 190/102 on its own request, marked expired with subcode 493 (`ios-sdk`) (§7, §6)"
)

REASONS = {
    "classified": (
        "every error body is classified: category other / transient / recoverable, isPermissionError, message "
        "(null when the error has none), clientAction rerequestPermission / logInAgain / retry / none, and "
        "currentToken cleared / markedExpired / kept"
    ),
}

CATEGORIES = ("other", "transient", "recoverable")
CLIENT_ACTIONS = ("rerequestPermission", "logInAgain", "retry", "none")
TOKEN_EFFECTS = ("cleared", "markedExpired", "kept")

# The shape of a vector (Scripts/vectorgen/shape.py): Vectors/schema/graph-error.schema.json and fields.json are
# generated from it.
SERVER_CATEGORY = defined("serverCategory", obj(
    # other -> other, transient -> transient, any other name -> recoverable: compared exactly.
    # Compared with isEqualToString: (DECISIONS.md D45): the empty name is a name like any other, recoverable.
    fld("name", string()),
    fld("items", array(obj(
        fld("code", one_of(integer(), const("*", compare=NUMBER), compare=NUMBER,
                           description="A Graph error code, or \"*\" for every code.")),
        fld("subcodes", array(integer(), SET, uniqueItems=True,
                              description="The subcodes the item covers; absent or empty: every subcode (\"*\")."),
            optional=True)), minItems=1)),
    description="One category: name other -> other, transient -> transient, any other name -> recoverable."))
SHAPE = Family(
    title="LoginConformance vectors: Graph API error classification and the current token (SPECIFICATION.md §7, §6)",
    reasons_description="This family has no rejection reason; its one result is described instead.",
    input=closed(
        fld("body", obj(
            fld("error", obj(
                fld("code", integer()),
                fld("error_subcode", integer(), optional=True),
                # Read by its JSON type, never coerced: the SDK counts true or a non-zero number, never a string.
                fld("is_transient", Value(("boolean", "number", "string"), NUMBER,
                                          "usually a boolean; a number or a string in the loosely typed vectors "
                                          "(DECISIONS.md D45)"), optional=True),
                # The message is the first of message, error_reason and error_msg, returned exactly.
                # An empty source is a message all the same (the SDK's ?:, DECISIONS.md D30).
                fld("message", string(VERBATIM), optional=True),
                fld("error_reason", string(VERBATIM), optional=True),
                fld("error_msg", string(VERBATIM), optional=True),
                open=True)),
            open=True,
            description="The Graph API response body as JSON: {\"error\": {\"code\", \"error_subcode\", "
                        "\"is_transient\", \"message\", \"error_reason\", \"error_msg\", \"type\", "
                        "\"fbtrace_id\", ...}}. Kept as any JSON so that odd member types can be represented; the "
                        "vectors carry an integer code.")),
        # In order: the first entry found decides.
        fld("serverCategories", nullable(array(SERVER_CATEGORY, ARRAY, minItems=1)),
            description="The server's ios_sdk_error_categories table, normalised; null when the app has none (the "
                        "default table applies)."),
        fld("requestUsedCurrentToken", boolean(),
            description="Whether the failed request was made with the current access token (SPECIFICATION.md §6)."),
        fld("graphErrorRecovery", boolean(), optional=True,
            description="Whether graph error recovery was on for the request (Settings.isGraphErrorRecoveryEnabled, "
                        "on by default; the request alone in its connection). Left out where the outcome is the same "
                        "either way; an implementation that needs a value takes the default, on (DECISIONS.md D50)."),
    ),
    outcomes=(
        outcome(
            "classified",
            fld("category", enum(CATEGORIES)),
            fld("isPermissionError", boolean(), optional=True, description="Graph code 10 or 200-299"),
            fld("message", nullable(string(VERBATIM)),
                description="message, else error_reason, else error_msg; null when the error has none of them"),
            fld("clientAction", enum(CLIENT_ACTIONS), optional=True,
                description="permission error: rerequestPermission; else recoverable: logInAgain, transient: retry, "
                            "other: none"),
            fld("currentToken", enum(TOKEN_EFFECTS), optional=True,
                description="190 or 102 on a request made with the current token: cleared (subcode 493: "
                            "markedExpired); otherwise kept"),
            comment="isPermissionError and clientAction are compared only where a vector states them: the documented "
                    "vectors (DECISIONS.md D30; the SDK has neither); currentToken only where a vector states it (D31: "
                    "the documented vectors leave it out).",
            constraints=(
                Constraint({"if": {"required": ["isPermissionError", "clientAction"],
                                   "properties": {"isPermissionError": {"const": True}}},
                            "then": {"properties": {"clientAction": {"const": "rerequestPermission"}}}},
                           comment="A permission error is handled by asking for the permission again."),
                Constraint({"if": {"required": ["isPermissionError", "clientAction"],
                                   "properties": {"isPermissionError": {"const": False}}},
                            "then": {"properties": {"clientAction": {"not": {"const": "rerequestPermission"}}}}}),
            ),
        ),
    ),
)

# Rule IDs (Vectors/rules.json).
R_RECOVERABLE = "graph-error.category.default-recoverable"
R_TRANSIENT = "graph-error.category.default-transient"
R_OTHER = "graph-error.category.default-other"
R_IS_TRANSIENT = "graph-error.category.is-transient"
R_NAMES = "graph-error.server-table.names"
R_LOOKUP = "graph-error.server-table.lookup-order"
R_OVERRIDES = "graph-error.server-table.overrides"
R_PERMISSION = "graph-error.permission-error"
R_MESSAGE = "graph-error.message"
R_ACTION = "graph-error.client-action"
R_CLEARED = "graph-error.token.cleared.ios-sdk"
R_RECOVERY = "graph-error.token.recovery.ios-sdk"
R_EXPIRED = "graph-error.token.marked-expired"
R_OTHER_REQUEST = "graph-error.token.other-request"
R_OTHER_CODES = "graph-error.token.other-codes"
R_WILDCARD_SDK = "graph-error.server-table.wildcard-code.ios-sdk"
D_RECOVERY = "DECISIONS.md D50"

TOKEN_CODES = (102, 190)
DEFAULT_TRANSIENT = (1, 2, 4, 9, 17, 341)
PERMISSION_REFS = [B7, SEED_PERMISSIONS_ZH, SEED_PERMISSIONS_JA]
FBTRACE = "AbCdEfGhIjK"

# Real Graph messages, by code, so the bodies look like what the API sends.
MESSAGES = {
    0: "An unknown error occurred",
    1: "An unknown error has occurred.",
    2: "An unexpected error has occurred. Please retry your request later.",
    3: "Application does not have the capability to make this API call.",
    4: "Application request limit reached",
    5: "Unknown error",
    8: "An unknown error occurred",
    9: "Application request limit reached",
    10: "Application does not have permission for this action",
    11: "This method is deprecated",
    17: "User request limit reached",
    18: "An unknown error occurred",
    100: "Invalid parameter",
    101: "Invalid application ID",
    102: "Session key invalid or no longer valid",
    103: "An unknown error occurred",
    189: "An unknown error occurred",
    190: "Error validating access token: Session has expired.",
    191: "An unknown error occurred",
    199: "An unknown error occurred",
    200: "(#200) Permissions error",
    201: "(#201) Permissions error",
    230: "(#230) Requires pages_messaging permission to manage the object",
    250: "(#250) Permissions error",
    299: "(#299) Permissions error",
    300: "(#300) Edit failure",
    340: "An unknown error occurred",
    341: "Application limit reached",
    342: "An unknown error occurred",
    368: "The action attempted has been deemed abusive or is otherwise disallowed",
}


def error(code: int, subcode: Optional[int] = None, *, is_transient: bool | int | str | None = None,
          message: str | Literal[True] | None = True, error_reason: Optional[str] = None,
          error_msg: Optional[str] = None, **extra: Any) -> dict[str, dict[str, Any]]:
    """A Graph error body: `{"error": {...}}`. message=True puts the code's usual message; None leaves it out."""
    body: dict[str, Any] = {"code": code}
    if message is True:
        message = MESSAGES[code]
    if message is not None:
        body["message"] = message
    if error_reason is not None:
        body["error_reason"] = error_reason
    if error_msg is not None:
        body["error_msg"] = error_msg
    body["type"] = "OAuthException"
    if subcode is not None:
        body["error_subcode"] = subcode
    if is_transient is not None:
        body["is_transient"] = is_transient
    body.update(extra)
    body["fbtrace_id"] = FBTRACE
    return {"error": body}


def _input(body: dict[str, Any], table: Optional[list[dict[str, Any]]] = None, current: bool = False,
           recovery: Optional[bool] = None) -> dict[str, Any]:
    """`recovery` is graphErrorRecovery: left out (None) where the outcome is the same with recovery on and off
    (absent means on, the SDK's default: DECISIONS.md D50)."""
    out: dict[str, Any] = {"body": body, "serverCategories": table, "requestUsedCurrentToken": current}
    if recovery is not None:
        out["graphErrorRecovery"] = recovery
    return out


def category(name: str, *items: int | str | tuple[int | str, Iterable[int]]) -> dict[str, Any]:
    """A server-table category: items are codes (every subcode) or (code, [subcodes])."""
    out = []
    for item in items:
        if isinstance(item, tuple):
            out.append({"code": item[0], "subcodes": list(item[1])})
        else:
            out.append({"code": item})
    return {"name": name, "items": out}


def _action(category_name: str, permission: bool) -> str:
    """The client action rule; a permission error is only ever expected with category other (the module docstring
    says why)."""
    if permission:
        assert category_name == "other", "no vector for a permission error that is also transient or recoverable"
        return "rerequestPermission"
    return {"recoverable": "logInAgain", "transient": "retry", "other": "none"}[category_name]


def classified(category_name: str, *, permission: bool = False, message: Optional[str] = None,
               token: str = "kept") -> dict[str, Any]:
    return {
        "result": "classified",
        "category": category_name,
        "isPermissionError": permission,
        "message": message,
        "clientAction": _action(category_name, permission),
        "currentToken": token,
    }


SDK_ONLY_FIELDS = ("isPermissionError", "clientAction")
FIELD_REFS = ["DECISIONS.md D30", "FB: Handling Errors (Graph API)"]
R_PERMISSION_DOC = "graph-error.permission-error.documented"
R_ACTION_DOC = "graph-error.client-action.documented"
# Under documented, the category follows the Handling Errors page's tactic (DECISIONS.md D30, D31).
R_CATEGORY_DOC = "graph-error.category.tactic.documented"


def _both(input: Mapping[str, Any], expected: Mapping[str, Any], rules: list[str]) -> tuple[dict[str, Any], list[str]]:
    """The expectation of both profiles and the rules it rests on: isPermissionError and clientAction are omitted (the
    judge then ignores them), because the SDK has neither (DECISIONS.md D30)."""
    expected = {k: v for k, v in expected.items() if k not in SDK_ONLY_FIELDS}
    rules = [r for r in rules if r not in (R_PERMISSION, R_ACTION)]
    # A vector rests on a rule through every member of its expected outcome (DECISIONS.md D31): keeping the current
    # token, and the category "other" of the default table, only the SDK's code states.
    implicit = []
    if expected["currentToken"] == "kept" and R_RECOVERY not in rules:
        implicit.append(R_OTHER_CODES if input["requestUsedCurrentToken"] else "graph-error.token.other-request")
    if expected["category"] == "other" and input["serverCategories"] is None:
        implicit.append(R_OTHER)
    return expected, rules + [r for r in implicit if r not in rules]


def _documented(expected: Mapping[str, Any], rules: list[str]) -> tuple[dict[str, Any], list[str]]:
    """The documented reading's expectation, which compares isPermissionError and clientAction (DECISIONS.md D30)
    and leaves out what the error does to the current token, which only the SDK's code states (D31)."""
    rules = [{R_PERMISSION: R_PERMISSION_DOC, R_ACTION: R_ACTION_DOC}.get(r, r) for r in rules]
    return {k: v for k, v in expected.items() if k != "currentToken"}, rules


def _v(group: str, case: str, description: str, severity: str, refs: list[str], input: dict[str, Any],
       expected: dict[str, Any], rules: list[str], profiles: Optional[list[str]] = None) -> dict[str, Any]:
    """A vector of both profiles (_both)."""
    expected, rules = _both(input, expected, rules)
    if profiles is not None:  # a vector new in 0.4.0 that holds under one profile names it (never a D31 move)
        case = f"{case}.{profiles[0]}"
    return vector(f"{FAMILY}::{group}::{case}", description, severity, refs, input, expected, profiles, rules=rules)


def _v_documented(group: str, case: str, description: str, severity: str, refs: list[str], input: dict[str, Any],
                  expected: dict[str, Any], rules: list[str]) -> dict[str, Any]:
    """A documented-only vector that compares isPermissionError and clientAction (_documented)."""
    expected, rules = _documented(expected, rules)
    return vector(f"{FAMILY}::{group}::{case}.documented", description, severity,
                  list(refs) + [r for r in FIELD_REFS if r not in refs], input, expected, ["documented"],
                  rules=rules)


# ---------------------------------------------------------------------------------------------------------------
# The default table (no server table), on a request made with another token so the current token is kept.
DEFAULT_RECOVERABLE = [
    ("190", 190, None, "190 (invalid OAuth access token)"),
    ("190.460", 190, 460, "190 with subcode 460 (password changed)"),
    ("190.463", 190, 463, "190 with subcode 463 (session expired)"),
    ("190.467", 190, 467, "190 with subcode 467 (invalid access token)"),
    ("190.458", 190, 458, "190 with subcode 458 (app not installed)"),
    ("102", 102, None, "102 (session key invalid)"),
    ("102.459", 102, 459, "102 with subcode 459 (user checkpointed)"),
]
DEFAULT_TRANSIENT_CASES = [
    ("1", 1, None, "1 (unknown error)"),
    ("2", 2, None, "2 (service temporarily unavailable)"),
    ("4", 4, None, "4 (application request limit reached)"),
    ("9", 9, None, "9 (application request limit reached)"),
    ("17", 17, None, "17 (user request limit reached)"),
    ("341", 341, None, "341 (application limit reached)"),
    ("17.2446079", 17, 2446079, "17 with subcode 2446079 (the default table keys on the code)"),
    ("4.1349193", 4, 1349193, "4 with subcode 1349193 (the default table keys on the code)"),
]
DEFAULT_OTHER = [0, 3, 5, 11, 100, 101, 103, 189, 191, 199, 300, 340, 342, 368]
PERMISSION_NEIGHBOURS = {9, 11, 199, 300}  # next to 10 and 200-299: not permission errors


def _default_table() -> list[dict[str, Any]]:
    out = []
    for case, code, subcode, what in DEFAULT_RECOVERABLE:
        out.append(_v("default", case, f"code {what} with no server table is recoverable: log in again",
                      "critical", [B7], _input(error(code, subcode)),
                      classified("recoverable", message=MESSAGES[code]), [R_RECOVERABLE, R_ACTION]))
    for case, code, subcode, what in DEFAULT_TRANSIENT_CASES:
        not_permission = ", not a permission error," if code in PERMISSION_NEIGHBOURS else ""
        out.append(_v("default", case, f"code {what}{not_permission} with no server table is transient: retry",
                      "high", [B7], _input(error(code, subcode)),
                      classified("transient", message=MESSAGES[code]),
                      [R_TRANSIENT, R_ACTION] + ([R_PERMISSION] if code in PERMISSION_NEIGHBOURS else [])))
    for code in DEFAULT_OTHER:
        not_permission = " and is not a permission error" if code in PERMISSION_NEIGHBOURS else ""
        out.append(_v("default", str(code),
                      f"code {code} is in neither default list{not_permission}, so with no server table it is "
                      f"other: nothing to do",
                      "high", [B7], _input(error(code)),
                      classified("other", message=MESSAGES[code]),
                      [R_OTHER, R_ACTION] + ([R_PERMISSION] if code in PERMISSION_NEIGHBOURS else [])))
    out.append(_v("default", "100.33",
                  "code 100 with subcode 33 is other: a subcode does not move a code into a default list",
                  "medium", [B7], _input(error(100, 33)),
                  classified("other", message=MESSAGES[100]), [R_OTHER, R_ACTION]))
    return out


# ---------------------------------------------------------------------------------------------------------------
# is_transient: true forces transient; false changes nothing.
def _is_transient() -> list[dict[str, Any]]:
    cases = [
        ("true-on-190", "is_transient true on 190 makes it transient (retry) instead of recoverable",
         error(190, is_transient=True), "transient", 190),
        ("true-on-102", "is_transient true on 102 makes it transient instead of recoverable",
         error(102, is_transient=True), "transient", 102),
        ("true-on-100", "is_transient true on 100 makes it transient instead of other",
         error(100, is_transient=True), "transient", 100),
        ("true-on-4", "is_transient true on 4, already transient, stays transient",
         error(4, is_transient=True), "transient", 4),
        ("true-on-190.463", "is_transient true on 190/463 makes it transient: the flag beats the subcode too",
         error(190, 463, is_transient=True), "transient", 190),
        ("false-on-190", "is_transient false on 190 changes nothing: recoverable",
         error(190, is_transient=False), "recoverable", 190),
        ("false-on-2", "is_transient false on 2 does not make it other: transient by the default table",
         error(2, is_transient=False), "transient", 2),
        ("false-on-100", "is_transient false on 100 changes nothing: other",
         error(100, is_transient=False), "other", 100),
    ]
    default_rule = {"recoverable": R_RECOVERABLE, "transient": R_TRANSIENT, "other": R_OTHER}
    out = []
    for case, description, body, expected_category, code in cases:
        rules = [R_IS_TRANSIENT, R_ACTION]
        if case.startswith("false") or case == "true-on-4":
            rules.append(default_rule[expected_category])
        out.append(_v("is-transient", case, description, "high", [B7], _input(body),
                      classified(expected_category, message=MESSAGES[code]), rules))
    # The flag beats a server table too.
    table = [category("login", 100), category("other", 1)]
    out.append(_v("is-transient", "true-beats-server-recoverable",
                  "is_transient true on 100 that the server table calls login (recoverable): transient",
                  "high", [B7], _input(error(100, is_transient=True), table),
                  classified("transient", message=MESSAGES[100]), [R_IS_TRANSIENT, R_ACTION]))
    out.append(_v("is-transient", "true-beats-server-other",
                  "is_transient true on 1 that the server table calls other: transient",
                  "high", [B7], _input(error(1, is_transient=True), table),
                  classified("transient", message=MESSAGES[1]), [R_IS_TRANSIENT, R_ACTION]))
    return out


# ---------------------------------------------------------------------------------------------------------------
# Server table: names and overriding the default table. Every vector has a server entry at code+subcode or code+*,
# where the "replaces" and "overrides key by key" readings agree.
def _server_names() -> list[dict[str, Any]]:
    cases = [
        ("other-190", "the server table puts 190 under other: other (nothing to do), not the default recoverable",
         [category("other", 190)], error(190), "other", [R_NAMES, R_OVERRIDES]),
        ("other-190.460", "the server table puts 190/460 under other: other for that subcode",
         [category("other", (190, [460]))], error(190, 460), "other", [R_NAMES, R_OVERRIDES]),
        ("transient-100", "the server table puts 100 under transient: transient, not the default other",
         [category("transient", 100)], error(100), "transient", [R_NAMES, R_OVERRIDES]),
        ("login-100", "a category named login is recoverable: 100 listed there is recoverable",
         [category("login", 100)], error(100), "recoverable", [R_NAMES, R_OVERRIDES]),
        ("recoverable-100", "a category named recoverable is recoverable (any name but other and transient)",
         [category("recoverable", 100)], error(100), "recoverable", [R_NAMES, R_OVERRIDES]),
        ("new-name-100", "a category with a name the client does not know (checkpoint) is recoverable",
         [category("checkpoint", 100)], error(100), "recoverable", [R_NAMES, R_OVERRIDES]),
        ("login-1", "the server table puts 1 under login: recoverable, not the default transient",
         [category("login", 1)], error(1), "recoverable", [R_NAMES, R_OVERRIDES]),
        ("other-4", "the server table puts 4 under other: other, not the default transient",
         [category("other", 4)], error(4), "other", [R_NAMES, R_OVERRIDES]),
        ("transient-102", "the server table puts 102 under transient: transient (retry), not the default recoverable",
         [category("transient", 102)], error(102), "transient", [R_NAMES, R_OVERRIDES]),
        ("several-categories", "a table of three categories: 341 is found under login and is recoverable",
         [category("other", 1, 2), category("transient", 190), category("login", 341, 102)], error(341),
         "recoverable", [R_NAMES, R_OVERRIDES]),
        ("several-subcodes", "an item with subcodes [460, 463, 467] covers 190/463: other",
         [category("other", (190, [460, 463, 467]))], error(190, 463), "other", [R_NAMES, R_OVERRIDES, R_LOOKUP]),
        ("empty-subcodes-is-every-subcode", "an item whose subcodes list is empty stands for every subcode: 100/7 transient",
         [category("transient", (100, []))], error(100, 7), "transient", [R_NAMES, R_OVERRIDES, R_LOOKUP]),
    ]
    return [_v("server-table", c, d, "high", [B7], _input(body, table),
               classified(cat, message=MESSAGES[body["error"]["code"]]), rules + [R_ACTION])
            for c, d, table, body, cat, rules in cases]


# ---------------------------------------------------------------------------------------------------------------
# Server table lookup order: code+subcode, code+*, *+subcode, *+*. One table, each entry a different category from
# the entries searched after it, so each vector pins one step. Codes 100 and 101 are not in the default table, so
# the replacing and the key-by-key readings agree at every step.
LOOKUP_TABLE = [
    category("transient", (100, [33]), ("*", [34])),
    category("login", 100, "*"),
    category("other", ("*", [33])),
]


def _lookup_order() -> list[dict[str, Any]]:
    cases = [
        ("code-and-subcode", "100/33: the code+subcode entry (transient) is found before 100+* (login) and *+33 (other)",
         error(100, 33), "transient"),
        ("code-and-any-subcode", "100/34: no code+subcode entry, so 100+* (login: recoverable) beats *+34 (transient)",
         error(100, 34), "recoverable"),
        ("code-without-subcode", "100 without a subcode matches 100+* (recoverable), never a subcode entry",
         error(100), "recoverable"),
    ]
    out = [_v("lookup-order", c, d, "high", [B7], _input(body, LOOKUP_TABLE),
              classified(cat, message=MESSAGES[body["error"]["code"]]), [R_LOOKUP, R_NAMES, R_ACTION])
           for c, d, body, cat in cases]
    # DECISIONS.md D29: the SDK drops a server item whose code is not a number (and the rest of its category's items),
    # so a wildcard code never registers: 101 finds no entry and is other. Whether the server sends a wildcard code
    # at all cannot be settled here, so these hold under ios-sdk only.
    wildcard = [
        ("any-code-and-subcode", "101/34: the *+34 item is dropped (its code is not a number), so 101 finds no entry",
         error(101, 34)),
        ("any-code-and-subcode-33", "101/33: the *+33 item is dropped, so 101 finds no entry", error(101, 33)),
        ("any-code-any-subcode", "101/35: the * item of login is dropped, so 101 finds no entry", error(101, 35)),
        ("any-code-without-subcode", "101 without a subcode: no wildcard item registered, so no entry",
         error(101)),
    ]
    for c, d, body in wildcard:
        out.append(vector(f"{FAMILY}::lookup-order::{c}.ios-sdk", f"SDK reading: {d}; the category is other",
                          "high", [B7, "DECISIONS.md D29",
                                   "sdk:FBSDKCoreKit/FBSDKCoreKit/Internal/ServerConfiguration/FBSDKErrorConfiguration.m"
                                   "#L126-L136"],
                          _input(body, LOOKUP_TABLE),
                          {k: v for k, v in classified("other", message=MESSAGES[101]).items()
                           if k not in SDK_ONLY_FIELDS}, ["ios-sdk"], rules=[R_WILDCARD_SDK]))
    return out


# ---------------------------------------------------------------------------------------------------------------
# Permission errors: code 200 (seeds), 10 and 200-299 (the Graph error codes). All have category other here.
def _permission() -> list[dict[str, Any]]:
    cases = [
        ("200", 200, None, True, "code 200 is the Managing Permissions page's permission error: re-request the permission", "critical"),
        ("200.subcode", 200, 1545041, True, "code 200 with a subcode is still a permission error", "high"),
        ("10", 10, None, True, "code 10 (no permission for this action) is a permission error", "high"),
        ("201", 201, None, True, "code 201 is in 200-299: a permission error", "high"),
        ("230", 230, None, True, "code 230 is in 200-299: a permission error", "high"),
        ("250", 250, None, True, "code 250 is in 200-299: a permission error", "high"),
        ("299", 299, None, True, "code 299, the last of 200-299, is a permission error", "high"),
    ]
    out = [_v_documented("permission", c, d, sev, PERMISSION_REFS, _input(error(code, sub)),
                         classified("other", permission=perm, message=MESSAGES[code]),
                         [R_PERMISSION, R_ACTION, R_CATEGORY_DOC])
           for c, code, sub, perm, d, sev in cases]
    # The neighbours 9, 11, 199 and 300 (not permission errors) are in the default group. Whether a permission error
    # on a request made with the current token keeps the token is the SDK's rule (D31): no documented vector.
    # What the client does about errors the Graph page maps to "get a new access token" and "wait and retry"
    # (DECISIONS.md D30); distinct inputs (no message member) from the default-table vectors.
    for code, name in ((190, "log in again"), (102, "log in again"), (1, "retry"), (4, "retry"), (17, "retry")):
        cat = "recoverable" if code in TOKEN_CODES else "transient"
        out.append(_v_documented("client-action", str(code), f"code {code} without a message: not a permission "
                                 f"error, and the Graph error page's tactic is to {name}", "high", [B7],
                                 _input(error(code, message=None)), classified(cat),
                                 [R_PERMISSION, R_ACTION, R_RECOVERABLE if code in TOKEN_CODES else R_TRANSIENT]))
    return out


# ---------------------------------------------------------------------------------------------------------------
# The message: message > error_reason > error_msg, else null. Code 368 (other) throughout.
MESSAGE_CASES: list[tuple[str, dict[str, Any], Optional[str], str]] = [
    ("message-only", dict(message="Temporarily blocked"), "Temporarily blocked",
     "message alone is the message"),
    ("all-three", dict(message="Temporarily blocked", error_reason="spam", error_msg="Blocked (legacy)"),
     "Temporarily blocked", "message beats error_reason and error_msg"),
    ("message-and-reason", dict(message="Temporarily blocked", error_reason="spam"), "Temporarily blocked",
     "message beats error_reason"),
    ("reason-and-msg", dict(message=None, error_reason="spam", error_msg="Blocked (legacy)"), "spam",
     "without message, error_reason beats error_msg"),
    ("reason-only", dict(message=None, error_reason="spam"), "spam",
     "error_reason alone is the message"),
    ("msg-only", dict(message=None, error_msg="Blocked (legacy)"), "Blocked (legacy)",
     "error_msg alone is the message"),
    ("none", dict(message=None), None,
     "no message, error_reason or error_msg: the message is null"),
    ("user-msg-is-not-the-message",
     dict(message=None, error_user_title="Blocked", error_user_msg="You can't do this right now."), None,
     "error_user_title and error_user_msg are not message sources: null"),
    ("user-msg-beside-msg",
     dict(message=None, error_msg="Blocked (legacy)", error_user_msg="You can't do this right now."),
     "Blocked (legacy)", "error_msg is the message even beside error_user_msg"),
    ("non-ascii-kept", dict(message="Tạm thời bị chặn \u2014 réessayez"), "Tạm thời bị chặn \u2014 réessayez",
     "a non-ASCII message is kept exactly"),
]


def _message() -> list[dict[str, Any]]:
    return [_v("message", c, f"code 368: {d}", "medium", [B7], _input(error(368, **kw)),
               classified("other", message=m), [R_MESSAGE])
            for c, kw, m, d in MESSAGE_CASES]


# ---------------------------------------------------------------------------------------------------------------
# The default table and the message under documented. Those rules hold in both profiles, but the vectors above state
# the current token, which only the SDK's code says (DECISIONS.md D31), so each holds under ios-sdk only; without
# these the documented reading had no vector for them (completeness blind round 1: a documented classifier that
# leaves 341 out of the transient codes, makes 190 with a subcode other, or reads error_msg before error_reason or
# error_user_msg as the message passed every documented vector). Each compares what the documented reading states
# instead: isPermissionError and clientAction, not the token.
# Left out: 9, which the default table lists but the Handling Errors page does not (its documented tactic is open),
# and the default table's other codes, whose category only the SDK's code states (graph-error.category.default-other).
MESSAGE_CODE_DOCUMENTED = 190  # "get a new access token" on the Handling Errors page: recoverable, log in again


def _documented_counterparts() -> list[dict[str, Any]]:
    out = []
    for case, code, subcode, what in DEFAULT_RECOVERABLE:
        out.append(_v_documented("default", case, f"code {what}: the Handling Errors page says get a new access token "
                                 f"(recoverable, log in again), whatever the subcode; not a permission error",
                                 "critical", [B7], _input(error(code, subcode)),
                                 classified("recoverable", message=MESSAGES[code]),
                                 [R_RECOVERABLE, R_CATEGORY_DOC, R_PERMISSION, R_ACTION]))
    for case, code, subcode, what in DEFAULT_TRANSIENT_CASES:
        if code == 9:
            continue
        out.append(_v_documented("default", case, f"code {what}: the Handling Errors page says wait and retry "
                                 f"(transient, retry); not a permission error", "high", [B7],
                                 _input(error(code, subcode)), classified("transient", message=MESSAGES[code]),
                                 [R_TRANSIENT, R_CATEGORY_DOC, R_PERMISSION, R_ACTION]))
    for case, kw, message, what in MESSAGE_CASES:
        if case == "none":  # client-action::190.documented is that input already
            continue
        out.append(_v_documented("message", case, f"code {MESSAGE_CODE_DOCUMENTED} (recoverable, log in again): {what}",
                                 "medium", [B7], _input(error(MESSAGE_CODE_DOCUMENTED, **kw)),
                                 classified("recoverable", message=message),
                                 [R_MESSAGE, R_RECOVERABLE, R_CATEGORY_DOC, R_PERMISSION, R_ACTION]))
    return out


# ---------------------------------------------------------------------------------------------------------------
# The current token (§6; DECISIONS.md D50). With graph error recovery off, 190 or 102 on a request made with the current
# token clears it (493: marks it expired), whatever the category. With recovery on (the SDK's default) the recovery
# processor takes every transient and recoverable error first: a transient one is retried (the retry is another
# request, with its own response), a recoverable one on the current token's request goes to a login recovery
# attempter the SDK cannot find, so the token is kept and the request's completion never runs. Only an error of
# category other reaches the token-clearing code. The other codes and other requests keep the token either way.
RECOVERY_SPLIT = [  # (case, body, server table, category, token with recovery off, what)
    ("190", error(190), None, "recoverable", "cleared", "190"),
    ("190.460", error(190, 460), None, "recoverable", "cleared", "190/460 (password changed)"),
    ("190.463", error(190, 463), None, "recoverable", "cleared", "190/463 (expired; only 493 marks it expired)"),
    ("102", error(102), None, "recoverable", "cleared", "102"),
    ("190.493", error(190, 493), None, "recoverable", "markedExpired", "190/493"),
    ("102.493", error(102, 493), None, "recoverable", "markedExpired", "102/493"),
    ("190-transient", error(190, is_transient=True), None, "transient", "cleared", "190 with is_transient true"),
    ("190.493-server-transient", error(190, 493), [category("transient", (190, [493]))], "transient",
     "markedExpired", "190/493 that the server table calls transient"),
]
OFF_EFFECT = {"cleared": "clears it", "markedExpired": "marks it expired instead of clearing it"}
ON_EFFECT = {
    "recoverable": "the recovery processor hands it to a login recovery attempter SDK 18.1.0 cannot find "
                   "(NSClassFromString(@\"FBSDKLoginRecoveryAttempter\") is nil), so the token is kept and the "
                   "request's completion never runs",
    "transient": "the recovery processor retries the request (the retry is another request, with its own "
                 "response), so this response keeps the token",
}


def _recovery_split() -> list[dict[str, Any]]:
    out = []
    for case, body, table, cat, token, what in RECOVERY_SPLIT:
        code_rules = ([R_CLEARED] if token == "cleared" else [R_EXPIRED])
        cat_rules = {"recoverable": [R_RECOVERABLE], "transient": [R_IS_TRANSIENT] if table is None
                     else [R_NAMES, R_OVERRIDES, R_LOOKUP]}[cat]
        message = MESSAGES[body["error"]["code"]]
        out.append(_v("current-token", f"{case}-current-recovery-off",
                      f"{what} on a request made with the current token, graph error recovery off: {cat}, and the "
                      f"error {OFF_EFFECT[token]}", "critical", [B6, B7, D_RECOVERY],
                      _input(body, table, True, recovery=False), classified(cat, message=message, token=token),
                      code_rules + cat_rules + [R_ACTION], profiles=["ios-sdk"]))
        out.append(_v("current-token", f"{case}-current-recovery-on",
                      f"{what} on a request made with the current token, graph error recovery on (the SDK's "
                      f"default): {cat}, and {ON_EFFECT[cat]}", "critical", [B6, B7, D_RECOVERY],
                      _input(body, table, True, recovery=True), classified(cat, message=message, token="kept"),
                      [R_RECOVERY] + cat_rules + [R_ACTION], profiles=["ios-sdk"]))
    return out


def _token() -> list[dict[str, Any]]:
    cases = [
        ("190.493-other-request", error(190, 493), None, False, "recoverable", "kept",
         [R_OTHER_REQUEST, R_RECOVERABLE],
         "190/493 on a request made with another token leaves the current token as it is", "critical"),
        ("102.493-other-request", error(102, 493), None, False, "recoverable", "kept",
         [R_OTHER_REQUEST, R_RECOVERABLE],
         "102/493 on a request made with another token leaves the current token as it is", "critical"),
        ("1.493-current", error(1, 493), None, True, "transient", "kept", [R_OTHER_CODES, R_TRANSIENT],
         "1/493 on a request made with the current token keeps it: 493 matters only with 190 and 102", "high"),
        ("100.493-current", error(100, 493), None, True, "other", "kept", [R_OTHER_CODES, R_OTHER],
         "100/493 on a request made with the current token keeps it", "high"),
        ("4-current", error(4), None, True, "transient", "kept", [R_OTHER_CODES, R_TRANSIENT],
         "4 (rate limit) on a request made with the current token keeps it", "high"),
        ("189-current", error(189), None, True, "other", "kept", [R_OTHER_CODES, R_OTHER],
         "189, next to 190, on a request made with the current token keeps it", "high"),
        ("191-current", error(191), None, True, "other", "kept", [R_OTHER_CODES, R_OTHER],
         "191, next to 190, on a request made with the current token keeps it", "high"),
        ("190-server-other-current", error(190), [category("other", 190)], True, "other", "cleared",
         [R_CLEARED, R_NAMES, R_OVERRIDES],
         "190 that the server table calls other, on the current token's request: other, and the token is cleared "
         "whether or not graph error recovery is on (the recovery processor declines an error of category other)",
         "critical"),
    ]
    out = []
    for case, body, table, current, cat, token, rules, description, severity in cases:
        profiles = ["ios-sdk"] if R_CLEARED in rules else None
        refs = [B6, B7] + ([D_RECOVERY] if profiles else [])
        out.append(_v("current-token", case, description, severity, refs,
                      _input(body, table, current),
                      classified(cat, message=MESSAGES[body["error"]["code"]], token=token), rules + [R_ACTION],
                      profiles=profiles))
    return out + _recovery_split()


def vectors() -> list[dict[str, Any]]:
    return (_default_table() + _is_transient() + _server_names() + _lookup_order() + _permission() + _message()
            + _token() + _loose_types() + _documented_counterparts())


# ---------------------------------------------------------------------------------------------------------------
# DECISIONS.md D45: loosely typed `is_transient`, a code outside the default table, a server category
# name in another case. The SDK reads is_transient with [FBSDKTypeUtility numberValue:] then boolValue: any JSON
# number but 0 forces transient, a string never does; it compares category names with isEqualToString:.
RATE_LIMIT_MESSAGE = "(#613) Calls to this api have exceeded the rate limit."


def _loose_types() -> list[dict[str, Any]]:
    sdk = ["ios-sdk"]
    refs = [B7, "sdk:FBSDKCoreKit/FBSDKCoreKit/GraphAPI/FBSDKGraphRequestConnection.m#L1126-L1127",
            "DECISIONS.md D45"]
    out = [
        _v("is-transient", "number-one-on-190", "is_transient is the number 1, which the SDK reads as a number whose "
           "boolValue is YES: transient, like true", "high", refs, _input(error(190, is_transient=1)),
           classified("transient", message=MESSAGES[190]), [R_IS_TRANSIENT], sdk),
        _v("is-transient", "number-zero-on-190", "is_transient is the number 0: boolValue NO, so 190 stays "
           "recoverable", "high", refs, _input(error(190, is_transient=0)),
           classified("recoverable", message=MESSAGES[190]), [R_IS_TRANSIENT, R_RECOVERABLE], sdk),
        _v("is-transient", "string-true-on-190", "is_transient is the string \"true\", not a number: ignored, so 190 "
           "stays recoverable", "high", refs, _input(error(190, is_transient="true")),
           classified("recoverable", message=MESSAGES[190]), [R_IS_TRANSIENT, R_RECOVERABLE], sdk),
        _v("is-transient", "string-one-on-100", "is_transient is the string \"1\", not a number: ignored, so 100 "
           "stays other", "high", refs, _input(error(100, is_transient="1")),
           classified("other", message=MESSAGES[100]), [R_IS_TRANSIENT], sdk),
        _v("default", "613", "code 613 (the Marketing API's rate limit) is not in the default table's transient list "
           "(1, 2, 4, 9, 17, 341): other", "medium",
           [B7, "sdk:FBSDKCoreKit/FBSDKCoreKit/Internal/ServerConfiguration/FBSDKErrorConfiguration.m#L69-L85",
            "DECISIONS.md D45"],
           _input(error(613, message=RATE_LIMIT_MESSAGE)), classified("other", message=RATE_LIMIT_MESSAGE),
           [R_OTHER], sdk),
        _v("server-table", "capitalised-transient-100", "a server category named Transient (capital T) is not "
           "transient: names compare exactly, and any name but other and transient is recoverable", "medium",
           [B7, "sdk:FBSDKCoreKit/FBSDKCoreKit/Internal/ServerConfiguration/FBSDKErrorConfiguration.m#L110-L120",
            "DECISIONS.md D45"],
           _input(error(100), [category("Transient", 100)]), classified("recoverable", message=MESSAGES[100]),
           [R_NAMES, R_OVERRIDES], sdk),
        _v("server-table", "upper-case-other-190", "a server category named OTHER is not other: recoverable, as 190 "
           "is by default", "medium",
           [B7, "sdk:FBSDKCoreKit/FBSDKCoreKit/Internal/ServerConfiguration/FBSDKErrorConfiguration.m#L110-L120",
            "DECISIONS.md D45"],
           _input(error(190), [category("OTHER", 190)]), classified("recoverable", message=MESSAGES[190]),
           [R_NAMES, R_OVERRIDES], sdk),
    ]
    return out



# ---------------------------------------------------------------------------------------------------------------
# Perturbations (vectorgen/perturbation.py). Each message source alone in a 190 error (recoverable, log in again, in
# both readings; another request's, so the token is kept) holds a fi pair (NFKC folds it) and an é (NFD decomposes
# it): the message is kept exactly, whatever the class. An empty source is a string all the same: the SDK's
# `?:` takes it (FBSDKGraphRequestConnection.m#L1144-L1146), so ios-sdk expects the empty message; the documented
# reading says nothing of an empty member, so reading it as absent (null: no other source) is also accepted. A
# server-table category named transient (100 under it) is transient; any other name, the same one perturbed
# included, is recoverable (isEqualToString:, DECISIONS.md D45).
PERTURBED_MESSAGE = "fi-Temporarily blocked \u2014 r\u00e9essayez"


def _message_reading(member: str) -> Callable[[dict[str, Any], str], tuple[Any, ...]]:
    def reading(i: dict[str, Any], profile: str) -> (
            tuple[dict[str, Any], list[str]] | tuple[dict[str, Any], list[str], Optional[list[dict[str, Any]]]]):
        message = i["body"]["error"][member]
        expected = classified("recoverable", message=message)
        rules = [R_MESSAGE, R_RECOVERABLE, R_PERMISSION, R_ACTION]
        if not is_documented(profile):
            return _both(i, expected, rules)
        expected, rules = _documented(expected, rules + [R_CATEGORY_DOC])
        also = [{**expected, "message": None}] if message == "" else None
        return expected, rules, also
    return reading


def _message_field(member: str) -> PerturbedField:
    body = error(MESSAGE_CODE_DOCUMENTED, message=PERTURBED_MESSAGE if member == "message" else None,
                 **cast(dict[str, Any], {member: PERTURBED_MESSAGE} if member != "message" else {}))

    def put(i: dict[str, Any], value: Any) -> dict[str, Any]:
        return {**i, "body": {"error": {**i["body"]["error"], member: value}}}
    return PerturbedField(FAMILY, member.replace("_", "-"), _input(body), _message_reading(member),
                          (B7, *FIELD_REFS, "DECISIONS.md D60"), covers=f"body.error.{member}",
                          get=lambda i: i["body"]["error"][member], put=put)


def _name_reading(i: dict[str, Any], profile: str) -> tuple[dict[str, Any], list[str]]:
    name = i["serverCategories"][0]["name"]
    category_name = name if name in ("other", "transient") else "recoverable"
    return _both(i, classified(category_name, message=MESSAGES[100]), [R_NAMES, R_OVERRIDES, R_ACTION])


# Numbers (kind number): the error's code and subcode and a server table's code and subcode, each perturbed alone.
# The code 190 (recoverable by the default table) perturbed is a code no default list or permission range holds: other
# under ios-sdk (graph-error.category.default-other.ios-sdk), undecided under documented (the Handling Errors page
# names no category for a code it does not list). The subcode of 190/460 perturbed: still recoverable (the default
# table keys on the code). A server table's entry perturbed no longer matches the error (100 under transient, 100/33
# under transient): the default table's other.
def _default_other(i: dict[str, Any], profile: str) -> tuple[dict[str, Any], list[str]] | Undecided:
    code = i["body"]["error"]["code"]
    if code in TOKEN_CODES or code in DEFAULT_TRANSIENT or code == 10 or 200 <= code <= 299:
        raise ValueError(f"graph-error code perturbation: {code} is in a default list or the permission range")
    if is_documented(profile):
        return Undecided("the Handling Errors page names no category for a code it does not list")
    return _both(i, classified("other", message=MESSAGES[190]), [R_OTHER, R_ACTION])


def _subcode_reading(i: dict[str, Any], profile: str) -> tuple[dict[str, Any], list[str]]:
    expected = classified("recoverable", message=MESSAGES[190])
    if is_documented(profile):
        return _documented(expected, [R_RECOVERABLE, R_CATEGORY_DOC, R_PERMISSION, R_ACTION])
    return _both(i, expected, [R_RECOVERABLE, R_ACTION])


def _unmatched_table_reading(i: dict[str, Any], profile: str) -> tuple[dict[str, Any], list[str]]:
    return _both(i, classified("other", message=MESSAGES[100]), [R_LOOKUP, R_OTHER, R_ACTION])


def _put_error(member: str) -> Callable[[dict[str, Any], Any], dict[str, Any]]:
    return lambda i, value: {**i, "body": {"error": {**i["body"]["error"], member: value}}}


def _put_item(key: str) -> Callable[[dict[str, Any], Any], dict[str, Any]]:
    def put(i: dict[str, Any], value: Any) -> dict[str, Any]:
        (table,) = i["serverCategories"]
        (item,) = table["items"]
        item = {**item, key: value if key == "code" else [value]}
        return {**i, "serverCategories": [{**table, "items": [item]}]}
    return put


# A server table's arrays (kinds array and set, DECISIONS.md D64): its categories, a category's items and an item's
# subcodes, each in a table without wildcards or two entries for one key, so that the lookup order alone decides
# (graph-error.server-table.lookup-order: code+subcode, then code+*; an item without subcodes or with an empty list is
# code+*; a name other than other or transient is recoverable, graph-error.server-table.names); no entry: the default
# table's category.
def _table_reading(i: dict[str, Any], profile: str) -> tuple[dict[str, Any], list[str]] | Undecided:
    if is_documented(profile):
        return Undecided("no public document describes the server's error table: its rules are the SDK's")
    error_body = i["body"]["error"]
    code, subcode = error_body["code"], error_body.get("error_subcode")
    entries: dict[tuple[int | str, int | str], str] = {}
    for table_category in i["serverCategories"]:
        for item in table_category["items"]:
            for sub in item.get("subcodes") or ["*"]:
                entries[(item["code"], sub)] = table_category["name"]
    name = entries.get((code, subcode)) if subcode is not None else None
    if name is None:  # a category named "" is a match (recoverable), not none
        name = entries.get((code, "*"))
    if name is None:
        return _both(i, classified("other", message=MESSAGES[code]), [R_LOOKUP, R_OTHER, R_ACTION])
    category_name = name if name in ("other", "transient") else "recoverable"
    return _both(i, classified(category_name, message=MESSAGES[code]), [R_LOOKUP, R_NAMES, R_ACTION])


def _put_table(path: str) -> Callable[[dict[str, Any], Any], dict[str, Any]]:
    def put(i: dict[str, Any], value: Any) -> dict[str, Any]:
        if path == "categories":
            return {**i, "serverCategories": value}
        (table,) = i["serverCategories"]
        if path == "items":
            return {**i, "serverCategories": [{**table, "items": value}]}
        (item,) = table["items"]
        return {**i, "serverCategories": [{**table, "items": [{**item, "subcodes": value}]}]}
    return put


_TABLE_REFS = (B7, "DECISIONS.md D45", "DECISIONS.md D64",
               "sdk:FBSDKCoreKit/FBSDKCoreKit/Internal/ServerConfiguration/FBSDKErrorConfiguration.m#L144-L161")
_TABLES = (
    ("serverCategories", "array", "serverCategories", "categories",
     _input(error(100), [category("transient", 100), category("login", 2)]),
     lambda i: i["serverCategories"]),
    ("tableItems", "array", "serverCategories[].items", "items", _input(error(100), [category("transient", 100, 2)]),
     lambda i: i["serverCategories"][0]["items"]),
    ("tableSubcodes", "set", "serverCategories[].items[].subcodes", "subcodes",
     _input(error(100, 34), [category("transient", (100, [33, 34]))]),
     lambda i: i["serverCategories"][0]["items"][0]["subcodes"]),
)
_NUMBER_REFS = (B7, "DECISIONS.md D30", "DECISIONS.md D64")
PERTURBATIONS: tuple[PerturbedField, ...] = (
    PerturbedField(FAMILY, "code", _input(error(190)), _default_other, _NUMBER_REFS, severity="high", kind="number",
                   covers="body.error.code", get=lambda i: i["body"]["error"]["code"], put=_put_error("code")),
    PerturbedField(FAMILY, "errorSubcode", _input(error(190, 460)), _subcode_reading, _NUMBER_REFS, kind="number",
                   covers="body.error.error_subcode", get=lambda i: i["body"]["error"]["error_subcode"],
                   put=_put_error("error_subcode")),
    PerturbedField(FAMILY, "tableCode", _input(error(100), [category("transient", 100)]), _unmatched_table_reading,
                   (B7, "DECISIONS.md D45", "DECISIONS.md D64"), kind="number",
                   covers="serverCategories[].items[].code",
                   get=lambda i: i["serverCategories"][0]["items"][0]["code"], put=_put_item("code")),
    PerturbedField(FAMILY, "tableSubcode", _input(error(100, 33), [category("transient", (100, [33]))]),
                   _unmatched_table_reading, (B7, "DECISIONS.md D45", "DECISIONS.md D64"), kind="number",
                   covers="serverCategories[].items[].subcodes[]",
                   get=lambda i: i["serverCategories"][0]["items"][0]["subcodes"][0], put=_put_item("subcodes")),
)
PERTURBATIONS += tuple(
    PerturbedField(FAMILY, name, base, _table_reading, _TABLE_REFS, kind=kind, covers=covers, get=get,
                   put=_put_table(part))
    for name, kind, covers, part, base, get in _TABLES)
UNPERTURBED = {
    "body.error.is_transient": "read as a truth value, not compared as a number (true forces transient, "
                               "graph-error.category.is-transient.ios-sdk); the is-transient group varies it",
}
PERTURBATIONS += (
    *(_message_field(member) for member in ("message", "error_reason", "error_msg")),
    PerturbedField(FAMILY, "name", _input(error(100), [category("transient", 100)]), _name_reading,
                   (B7, "DECISIONS.md D45", "DECISIONS.md D60"), severity="high", covers="serverCategories[].name",
                   irrelevant={"ligature": R_NAMES + ".ios-sdk", "decomposed": R_NAMES + ".ios-sdk"},  # ASCII, no fi
                   get=lambda i: i["serverCategories"][0]["name"],
                   put=lambda i, value: {**i, "serverCategories": [{**i["serverCategories"][0], "name": value}]}),
)
