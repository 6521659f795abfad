#!/usr/bin/env python3
"""Reference adapter for LoginConformance, in Python (standard library only).

A complete implementation of every vector family but signed-token (Python's standard
library has no RSA) under both readings of the specification (--profile documented, the
default, or --profile ios-sdk), wrapped in the adapter protocol of Vectors/HARNESS.md:
JSON Lines requests on standard input, JSON Lines answers on standard output. A profile
of another name that takes one of the two readings is claimed with --reads naming it.

    python3 Examples/PythonAdapter/reference_adapter.py [--profile documented|ios-sdk]
    python3 Examples/PythonAdapter/reference_adapter.py --profile NAME --reads documented|ios-sdk

It is written from the documents alone (Vectors/HARNESS.md, Vectors/README.md and
the specification), as the example to copy when writing an adapter in another language.
Every rule below cites the the specification section it comes from ("§1" etc.).

The family functions (check_nonce, create_login_configuration, process_login_result,
validate_token_claims, check_code_verifier, …, each marked @answers(family)) take a vector's
`input` and the profile and return the outcome in
the shape of the vector file's `expected`. Other programs may import this module and reuse
them (Tests/Adapters/misbehaving_adapter.py does).
"""

import argparse
import base64
import datetime
import importlib.util
import json
import math
import os
import re
import secrets
import sys
import unicodedata
import uuid

PROTOCOL_VERSION = 1
# The two readings it implements, each named by the profile that defines it (SPECIFICATION.md §8).
PROFILES = ("documented", "ios-sdk")
IMPLEMENTATION = {"name": "loginconformance-python-reference", "version": "1.0.0", "language": "python"}


# ---------------------------------------------------------------------------------------
# Shared helpers
# ---------------------------------------------------------------------------------------

# SPECIFICATION.md §1, observed SDK: Foundation's CharacterSet.whitespaces = Unicode category Zs
# plus TAB. Spelled out rather than taken from unicodedata.category(), so the set does not
# depend on the Unicode version of the Python build (U+180E left Zs in Unicode 6.3).
# CoreFoundation's set also lists U+200B ZERO WIDTH SPACE (CFUniChar.c: U+2000...U+200B), which
# is not Unicode White_Space: refused under ios-sdk only (Vectors/DECISIONS.md D21).
SDK_WHITESPACE = frozenset(
    [0x0009, 0x0020, 0x00A0, 0x1680]
    + list(range(0x2000, 0x200B + 1))
    + [0x202F, 0x205F, 0x3000]
)

# SPECIFICATION.md §1 / §8, documented reading: "a non-empty string without whitespace", every
# Unicode whitespace refused, newlines included = the Unicode White_Space property.
# NOT Python's str.isspace(), which also says yes to U+001C..U+001F (information
# separators), and those are not whitespace in either reading.
UNICODE_WHITE_SPACE = frozenset(
    list(range(0x0009, 0x000D + 1))  # TAB, LF, VT, FF, CR
    + [0x0020, 0x0085, 0x00A0, 0x1680]
    + list(range(0x2000, 0x200A + 1))
    + [0x2028, 0x2029, 0x202F, 0x205F, 0x3000]
)

# SPECIFICATION.md §1 "Permission syntax": non-empty, only a-z and _. Use it with fullmatch():
# a pattern ending in $ would also accept a trailing newline ("email\n").
PERMISSION_SYNTAX = re.compile(r"[a-z_]+")

# SPECIFICATION.md §1 "Scope (tracking) rule": the permissions the documentation allows with
# Limited Login.
LIMITED_LOGIN_PERMISSIONS = frozenset([
    "public_profile", "email", "gaming_profile", "gaming_user_picture", "user_age_range",
    "user_birthday", "user_friends", "user_gender", "user_hometown", "user_link",
    "user_location", "user_messenger_contact",
])

# SPECIFICATION.md §1 item 3: nil (None), rerequest or reauthorize, exactly.
AUTH_TYPES = frozenset(["rerequest", "reauthorize"])

# The family functions, by family, in the order they are defined (the manifest's): each is registered by the
# @answers line above it, so the family is named once, beside its function; families/ adds more (family_modules).
FAMILY_FUNCTIONS = {}


def answers(family):
    """Registers the decorated function as this adapter's answer for `family` (a vector's `input` and the profile in,
    the outcome in the shape of the vector file's `expected` out)."""
    def register(function):
        if family in FAMILY_FUNCTIONS:
            raise ValueError("the family %r is implemented twice" % (family,))
        FAMILY_FUNCTIONS[family] = function
        return function
    return register


# SPECIFICATION.md §1 item 4 / RFC 7636: the code verifier's unreserved ASCII characters.
CODE_VERIFIER_ASCII = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")


def is_permission(text):
    """SPECIFICATION.md §1 item 2: one permission is non-empty and made only of a-z and _."""
    return isinstance(text, str) and PERMISSION_SYNTAX.fullmatch(text) is not None


def is_json_number(value):
    """A JSON number. Python's bool is a subclass of int (isinstance(True, int) is True),
    and a JSON boolean is not a number."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def sorted_unique(items):
    """Permission lists are sets (Vectors/README.md): answer them sorted and unique.
    sorted() on str compares code point by code point, with no locale."""
    return sorted(set(items))


def strict_json_loads(text):
    """Parse a JSON text strictly (RFC 8259). Python's json.loads is lenient in ways that
    matter here, so each is closed explicitly:
      - it accepts NaN, Infinity and -Infinity: parse_constant refuses them;
      - it keeps the last of duplicate object keys: object_pairs_hook refuses duplicates;
      - it turns a number too large for a double (1e400) into inf: parse_float refuses it.
    Whitespace around the value is allowed (json.loads allows exactly JSON's four
    whitespace characters there). Raises ValueError on anything else."""

    def refuse_constant(name):
        raise ValueError("not JSON: %s" % name)

    def refuse_duplicates(pairs):
        obj = {}
        for key, value in pairs:
            if key in obj:
                raise ValueError("duplicate key %r" % key)
            obj[key] = value
        return obj

    def finite_float(literal):
        number = float(literal)
        if not math.isfinite(number):
            raise ValueError("number out of range: %s" % literal)
        return number

    return json.loads(text, parse_constant=refuse_constant,
                      object_pairs_hook=refuse_duplicates, parse_float=finite_float)


def as_json_number(number):
    """A number as it is best answered: an integral value as an integer (1767229200, not
    1767229200.0, even when the input wrote 1.7672292E9), as long as it is exactly
    representable as a double (|n| <= 2**53), so every JSON reader reads it back the same."""
    if isinstance(number, float) and number.is_integer() and abs(number) <= 2 ** 53:
        return int(number)
    return number


def normalise_numbers(value):
    """as_json_number applied to every number inside a JSON value (booleans left alone)."""
    if isinstance(value, dict):
        return {key: normalise_numbers(item) for key, item in value.items()}
    if isinstance(value, list):
        return [normalise_numbers(item) for item in value]
    if isinstance(value, float):
        return as_json_number(value)
    return value


# ---------------------------------------------------------------------------------------
# Family: nonce (SPECIFICATION.md §1 item 1, §8)
# ---------------------------------------------------------------------------------------

def nonce_problem(nonce, profile):
    """None when the nonce is valid, else the reason: "empty" or "whitespace".
    No length limit, no charset limit, no trimming, no normalisation (SPECIFICATION.md §1)."""
    if nonce == "":
        return "empty"
    refused = SDK_WHITESPACE if profile == "ios-sdk" else UNICODE_WHITE_SPACE
    # Code point by code point: iterating a Python str yields code points.
    if any(ord(ch) in refused for ch in nonce):
        return "whitespace"
    return None


@answers("nonce")
def check_nonce(inp, profile):
    """nonce family. input {"nonce": string}; outcome valid / invalid with the reason."""
    nonce = inp["nonce"]
    if not isinstance(nonce, str):
        raise ValueError("input.nonce must be a string")
    reason = nonce_problem(nonce, profile)
    if reason is None:
        return {"result": "valid"}
    return {"result": "invalid", "reason": reason}


# ---------------------------------------------------------------------------------------
# Family: login-configuration (SPECIFICATION.md §1, §8)
# ---------------------------------------------------------------------------------------

def code_verifier_is_valid(verifier, profile):
    """SPECIFICATION.md §1 item 4: 43...128 characters from A-Z a-z 0-9 - . _ ~ (RFC 7636).
    The observed SDK tests Unicode alphanumerics instead of ASCII ones; Foundation's
    CharacterSet.alphanumerics is the general categories L*, M* and N*. Length is counted
    in characters (code points here), not UTF-8 bytes or UTF-16 units."""
    if not 43 <= len(verifier) <= 128:
        return False
    for ch in verifier:
        if ch in CODE_VERIFIER_ASCII:
            continue
        if profile == "ios-sdk" and unicodedata.category(ch)[0] in "LMN":
            continue
        return False
    return True


def default_nonce():
    """SPECIFICATION.md §1 Defaults: a fresh UUID string, 36 characters, upper case, hyphens."""
    return str(uuid.uuid4()).upper()


def default_code_verifier():
    """SPECIFICATION.md §1 Defaults: a fresh random code verifier of 96 base64url characters
    (72 random bytes, base64url without padding)."""
    return base64.urlsafe_b64encode(secrets.token_bytes(72)).decode("ascii").rstrip("=")


@answers("login-configuration")
def create_login_configuration(inp, profile):
    """login-configuration family.

    The checks run in the SDK's order, the first failure deciding the reason: the code
    verifier (validated when it is made, before the configuration), nonce, permission
    syntax, (documented reading) the Limited Login scope, auth type (Vectors/DECISIONS.md
    D26: only ios-sdk vectors depend on the order)."""
    permissions = inp["permissions"]
    tracking = inp["tracking"]
    nonce = inp["nonce"]
    # authType left out: the initializer's default, rerequest; null is an explicit nil (D44).
    auth_type = inp.get("authType", "rerequest")
    messenger_page_id = inp["messengerPageId"]
    code_verifier = inp["codeVerifier"]
    if tracking not in ("enabled", "limited"):
        raise ValueError("input.tracking must be enabled or limited, got %r" % (tracking,))

    # 0. Code verifier: null means none supplied, so a fresh one is made.
    if code_verifier is None:
        code_verifier = default_code_verifier()
    elif not code_verifier_is_valid(code_verifier, profile):
        return {"result": "refused", "reason": "invalidCodeVerifier"}

    # 1. Nonce (§1 item 1, §8): null means none supplied, so a default is made.
    if nonce is None:
        nonce = default_nonce()
    elif nonce_problem(nonce, profile) is not None:
        return {"result": "refused", "reason": "invalidNonce"}

    # 2. Permission syntax (§1 item 2): one bad item refuses the whole configuration.
    if not all(is_permission(p) for p in permissions):
        return {"result": "refused", "reason": "invalidPermissionSyntax"}
    permission_set = set(permissions)  # duplicates collapse silently

    # Scope rule (§1 "Scope (tracking) rule", §8): the documentation refuses a permission
    # outside the Limited Login list with limited tracking; the SDK has no allow-list.
    if profile == "documented" and tracking == "limited":
        if not permission_set <= LIMITED_LOGIN_PERMISSIONS:
            return {"result": "refused", "reason": "permissionOutsideTrackingScope"}

    # 3. Auth type (§1 item 3): null (explicitly none), rerequest or reauthorize, exactly.
    if auth_type is not None and auth_type not in AUTH_TYPES:
        return {"result": "refused", "reason": "invalidAuthType"}

    # messengerPageId is not validated, even "" is kept (§1 item 4).
    return {
        "result": "created",
        "configuration": {
            "permissions": sorted_unique(permission_set),
            "tracking": tracking,
            "nonce": nonce,
            "authType": auth_type,
            "messengerPageId": messenger_page_id,
            "codeVerifier": code_verifier,
        },
    }


# ---------------------------------------------------------------------------------------
# Family: login-result (SPECIFICATION.md §3)
# ---------------------------------------------------------------------------------------

LOGIN_ERROR_DOMAIN = "com.facebook.sdk.login"
CORE_ERROR_DOMAIN = "com.facebook.sdk.core"

# A decimal number as a callback parameter carries it ("1767312000", "-1", "3600").
DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def parse_scopes(text):
    """SPECIFICATION.md §3: granted_scopes / denied_scopes are split on ',' with no trimming,
    and every item is checked with the permission syntax, all or nothing. Returns the set,
    or None when the set is invalid. An absent parameter is the empty set."""
    if text is None:
        return set()
    items = text.split(",")  # "" splits to [""], which is invalid: no permission is empty
    if not all(is_permission(item) for item in items):
        return None
    return set(items)


def parameter_number(params, key):
    """A numeric callback parameter, or None when it is absent or not a decimal number."""
    text = params.get(key)
    if text is None or DECIMAL.fullmatch(text) is None:
        return None
    number = float(text)
    return number if math.isfinite(number) else None


def expiration_date(params, now):
    """The callback URL's expires / expires_at / expires_in are strings, which the SDK reads
    with `as? TimeInterval` and so never reads: the token never expires (None: the SDK's
    distant future). No public document says otherwise (Vectors/DECISIONS.md D27)."""
    return None


def state_challenge(state_text):
    """SPECIFICATION.md §3 State: `state` is the JSON text the login request sent; its
    `challenge` member. None when the state is absent, not a JSON object, or carries no
    string challenge."""
    if state_text is None:
        return None
    try:
        state = strict_json_loads(state_text)
    except ValueError:
        return None
    if not isinstance(state, dict):
        return None
    challenge = state.get("challenge")
    return challenge if isinstance(challenge, str) else None


@answers("login-result")
def process_login_result(inp, profile):
    """login-result family: the callback turned into cancelled / failed / success.
    The same in both profiles (SPECIFICATION.md §8 lists no difference for §3)."""
    requested = set(inp["requestedPermissions"])
    previous = inp["previousToken"]  # None, or {"userID": ..., "permissions": [...]}
    now = inp["now"]

    # Query and fragment, already percent-decoded; a key in both takes the fragment's value.
    params = dict(inp["query"])
    params.update(inp["fragment"])

    denied = parse_scopes(params.get("denied_scopes"))
    if denied is None:  # an invalid denied set holds nothing
        denied = set()
    # An empty id_token, code, nonce or access_token is none. The SDK reads the callback (its
    # scopes included, any error ignored) only when it carries a non-empty access token, or exactly
    # one of an id_token and a code, or exactly one of an id_token and an exchange nonce
    # (Vectors/DECISIONS.md D40, D41, D56); a code or nonce then goes to a Graph exchange no vector
    # models.
    id_token = params.get("id_token") or None
    has_code = bool(params.get("code"))
    reads_callback = (bool(params.get("access_token")) or has_code != (id_token is not None)
                      or bool(params.get("nonce")) != (id_token is not None))

    def cancelled():
        # On a cancellation, declined is denied_scopes if a token already existed and the
        # callback was read, else empty.
        read = previous is not None and reads_callback
        return {"result": "cancelled", "declinedPermissions": sorted_unique(denied) if read else []}

    if not reads_callback:
        # Errors (§3): `error_message` (even empty, even without `error`) is core error 8, the
        # Graph error code (error_code) kept as a string; an `error` without `error_message` is a
        # cancellation; an id_token with both a code and a nonce is core error 301.
        if "error_message" in params:
            outcome = {"result": "failed", "error": {"domain": CORE_ERROR_DOMAIN, "code": 8}}
            if "error_code" in params:
                outcome["graphErrorCode"] = params["error_code"]
            return outcome
        if "error" not in params and has_code and id_token is not None:
            return {"result": "failed", "error": {"domain": CORE_ERROR_DOMAIN, "code": 301}}
        return cancelled()

    # The Limited Login id_token (D40): no stored nonce is core error 301, a token that fails
    # validation against it core error 309, both before the state is checked. The input gives the
    # validation's verdict, so no cryptography is needed here.
    authentication_token = None
    claims = None
    if id_token is not None:
        stored_nonce = inp.get("storedNonce")
        if stored_nonce is None:
            return {"result": "failed", "error": {"domain": CORE_ERROR_DOMAIN, "code": 301}}
        verdict = inp.get("idTokenVerdict") or {"valid": False}
        if not verdict["valid"]:
            return {"result": "failed", "error": {"domain": CORE_ERROR_DOMAIN, "code": 309}}
        authentication_token = {"tokenString": id_token, "nonce": stored_nonce}
        claims = verdict["claims"]

    # Cancelled when there is no access token (§3), whatever else the callback carries;
    # the challenge is checked only on a non-cancelled response.
    token_string = params.get("access_token")
    if token_string is None and authentication_token is None:
        return cancelled()

    # State (§3): a missing or wrong challenge on a non-cancelled response is error 308.
    if state_challenge(params.get("state")) != inp["expectedChallenge"]:
        return {"result": "failed", "error": {"domain": LOGIN_ERROR_DOMAIN, "code": 308}}

    # Grant set (§3): invalid -> cancelled.
    granted = parse_scopes(params.get("granted_scopes"))
    if granted is None:
        return cancelled()
    all_granted = set(granted)
    # Granted = granted_scopes ∩ requested when a previous token with permissions exists and
    # something was requested, otherwise all of granted_scopes.
    if previous is not None and previous["permissions"] and requested:
        granted = granted & requested
    # An empty recently granted set cancels the login, even with a token string.
    if not granted:
        return cancelled()

    # Re-login as another user (§3): Graph me.id differs from the old token's user -> 304.
    # Exact string comparison ("0100001" is not "100001").
    # Checked only for a new access token: an id_token-only re-login is not (D40).
    if token_string is not None and previous is not None and inp["graphUserID"] != previous["userID"]:
        return {"result": "failed", "error": {"domain": LOGIN_ERROR_DOMAIN, "code": 304}}

    outcome = {
        "result": "success",
        "grantedPermissions": sorted_unique(granted),
        # Declined = requested ∩ denied_scopes, not "requested minus granted".
        "declinedPermissions": sorted_unique(requested & denied),
        "token": None,
    }
    if token_string is not None:
        user_id = params.get("user_id")
        if user_id is None:
            raise ValueError("callback carries an access_token but no user_id")
        outcome["token"] = {
            "tokenString": token_string,
            "userID": user_id,
            "expirationDate": expiration_date(params, now),
        }
    if authentication_token is not None:
        outcome["authenticationToken"] = authentication_token
        # The profile made current from the claims; its permissions are the whole grant set.
        made = make_profile({"claims": claims, "grantedPermissions": sorted(all_granted)}, profile)
        if made["result"] == "created":
            outcome["profile"] = made["profile"]
    return outcome


# ---------------------------------------------------------------------------------------
# Family: token-claims (SPECIFICATION.md §4, §8)
# ---------------------------------------------------------------------------------------

REQUIRED_CLAIMS = ("jti", "iss", "aud", "exp", "iat", "nonce", "sub")
STRING_CLAIMS = frozenset(["jti", "iss", "aud", "nonce", "sub"])  # exp, iat: numbers
NON_EMPTY_CLAIMS = ("jti", "sub", "nonce")
OPTIONAL_STRING_CLAIMS = ("name", "given_name", "middle_name", "family_name", "email",
                          "picture", "user_birthday", "user_gender", "user_link")

# §8 documented reading: the issuers the documentation names.
DOCUMENTED_ISSUERS = frozenset(["https://www.facebook.com", "https://limited.facebook.com"])

# RFC 3986: scheme ":" "//" authority, the authority ending at the first / ? or #.
URL_AUTHORITY = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*://([^/?#]*)")
# RFC 3986 reg-name: unreserved, pct-encoded and sub-delims characters.
REG_NAME = re.compile(r"(?:[A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})*")


def url_host(text):
    """The host of a URL, exactly as written (NOT lower-cased: urllib.parse's .hostname
    lower-cases, and the SDK's comparison is case-sensitive). None when the string has no
    scheme "://" authority (so "www.facebook.com" has no host) or the authority is not a
    well-formed userinfo@host:port."""
    match = URL_AUTHORITY.match(text)
    if match is None:
        return None
    authority = match.group(1)
    host_port = authority.rpartition("@")[2]  # userinfo ends at the last '@'
    host, colon, port = host_port.rpartition(":")
    if not colon:
        host, port = host_port, ""
    if port != "" and not (port.isascii() and port.isdigit()):
        return None
    if host == "" or REG_NAME.fullmatch(host) is None:
        return None
    return host


def issuer_is_allowed(iss, profile):
    """SPECIFICATION.md §4 (iss) and §8. Documented: the documented issuer URLs exactly.
    Observed SDK: the URL's host is facebook.com or ends with .facebook.com, case-sensitive;
    scheme and path are not checked."""
    if profile == "documented":
        return iss in DOCUMENTED_ISSUERS
    host = url_host(iss)
    return host is not None and (host == "facebook.com" or host.endswith(".facebook.com"))


def optional_claim_is_valid(name, value):
    """SPECIFICATION.md §4 Optional claims: the type each must have to be kept."""
    if name in OPTIONAL_STRING_CLAIMS:
        return isinstance(value, str)
    if name == "user_friends":  # array of strings, [] kept
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    if name == "user_age_range":  # non-empty object of numbers (min / max)
        return (isinstance(value, dict) and len(value) > 0
                and all(is_json_number(v) for v in value.values()))
    if name in ("user_hometown", "user_location"):  # non-empty object of strings (id, name)
        return (isinstance(value, dict) and len(value) > 0
                and all(isinstance(v, str) for v in value.values()))
    return False


def claim_matches(value, expected, profile):
    """How aud and nonce compare (Vectors/DECISIONS.md D10, D11). Documented: code point by code
    point (RFC 7519 §2, §7.3). ios-sdk: the SDK uses Swift's String ==, canonical equivalence,
    so an NFD string equals its NFC form (compared here as their NFD normal forms)."""
    if profile == "documented":
        return value == expected
    return unicodedata.normalize("NFD", value) == unicodedata.normalize("NFD", expected)


@answers("token-claims")
def validate_token_claims(inp, profile):
    """token-claims family: the id_token's header and claims JSON texts validated
    (SPECIFICATION.md §4), with the reason chosen as Vectors/README.md's table says."""
    claims_text = inp["claims"]
    header_text = inp["header"]
    app_id = inp["appID"]
    expected_nonce = inp["expectedNonce"]
    now = inp["now"]

    def rejected(reason, claim=None):
        outcome = {"result": "rejected", "reason": reason}
        if claim is not None:
            outcome["claim"] = claim
        return outcome

    # malformed: the header or the claims text is not a JSON object (strict JSON).
    parsed = []
    for text in (header_text, claims_text):
        try:
            value = strict_json_loads(text)
        except ValueError:  # json.JSONDecodeError is a ValueError
            return rejected("malformed")
        if not isinstance(value, dict):
            return rejected("malformed")
        parsed.append(value)
    header, claims = parsed

    # Header (§4): alg exactly RS256, typ exactly JWT, kid a non-empty string; other members
    # ignored. typ, a missing kid and the iat window are checks the documents leave optional: this
    # adapter gives the preferred, strict outcome in both profiles (Vectors/DECISIONS.md D01, D02,
    # D05). The order is the SDK's (D59): each member read as a string, then each compared.
    alg, typ, kid = header.get("alg"), header.get("typ"), header.get("kid")
    for value, reason in ((alg, "headerAlgorithm"), (typ, "headerType"), (kid, "headerKeyID")):
        if not isinstance(value, str):
            return rejected(reason)
    if alg != "RS256":
        return rejected("headerAlgorithm")
    if typ != "JWT":
        return rejected("headerType")
    if kid == "":
        return rejected("headerKeyID")

    # Required claims (§4), one after another in the SDK's order (D59): present, of the right
    # JSON type (null is a wrong type, so an aud array is wrongClaimType), non-empty where the
    # rule says so (" " is not empty), then the claim's own value rule.
    value_rules = {
        "iss": lambda v: None if issuer_is_allowed(v, profile) else "issuer",
        "aud": lambda v: None if claim_matches(v, app_id, profile) else "audience",  # no trimming or case folding
        "exp": lambda v: None if v > now else "expired",  # later than now, strictly
        "iat": lambda v: None if v >= now - 600 else "issuedTooLongAgo",  # no upper bound
        "nonce": lambda v: None if claim_matches(v, expected_nonce, profile) else "nonceMismatch",
    }
    for name in REQUIRED_CLAIMS:
        if name not in claims:
            return rejected("missingClaim", name)
        value = claims[name]
        right_type = isinstance(value, str) if name in STRING_CLAIMS else is_json_number(value)
        if not right_type:
            return rejected("wrongClaimType", name)
        if name in NON_EMPTY_CLAIMS and value == "":
            return rejected("emptyClaim", name)
        problem = value_rules[name](value) if name in value_rules else None
        if problem is not None:
            return rejected(problem)

    # Accepted: every required claim as in the input, plus each optional claim whose type is
    # right; a wrong type drops the claim and the token is still accepted. Unknown claims
    # are not kept.
    kept = {name: claims[name] for name in REQUIRED_CLAIMS}
    for name, value in claims.items():
        if name in REQUIRED_CLAIMS:
            continue
        if name == "cnf":
            # cnf.jkt (non-empty string) is kept as {"jkt": string}; other members dropped.
            if isinstance(value, dict) and isinstance(value.get("jkt"), str) and value["jkt"] != "":
                kept["cnf"] = {"jkt": value["jkt"]}
        elif optional_claim_is_valid(name, value):
            kept[name] = value
    if profile == "ios-sdk":
        # The SDK reads exp and iat `as? Double`: an integer no double holds is carried as the nearest one
        # (DECISIONS.md D62: 2^64 + 1 is 2^64).
        for name in ("exp", "iat"):
            if isinstance(kept[name], int) and abs(kept[name]) > 2 ** 53:
                kept[name] = int(float(kept[name]))
    # Values as in the input; numbers compare by value, so 1.7672292E9 is answered 1767229200.
    return {"result": "accepted", "claims": normalise_numbers(kept)}


# ---------------------------------------------------------------------------------------
# Family: code-verifier (SPECIFICATION.md §1 item 4, §8)
# ---------------------------------------------------------------------------------------

def code_verifier_problem(verifier, profile):
    """SPECIFICATION.md §1 item 4 / RFC 7636 §4.1: 43...128 characters (code points: nothing is
    trimmed or decoded), each one of A-Z a-z 0-9 - . _ ~; the SDK reading also takes
    non-ASCII letters and digits (Unicode alphanumerics). Returns None when valid, else the
    reason. The character rule is the one the login configuration applies
    (code_verifier_is_valid above), so the two families cannot drift apart. Length first: the
    SDK's order (DECISIONS.md D49); the documented reading accepts either (D59)."""
    if not 43 <= len(verifier) <= 128:
        return "length"
    if not code_verifier_is_valid(verifier, profile):
        return "characters"
    return None


@answers("code-verifier")
def check_code_verifier(inp, profile):
    """code-verifier family: {"result": "valid"} or {"result": "invalid", "reason": ...}."""
    problem = code_verifier_problem(inp["codeVerifier"], profile)
    return {"result": "valid"} if problem is None else {"result": "invalid", "reason": problem}


# ---------------------------------------------------------------------------------------
# Family: code-challenge (SPECIFICATION.md §1 item 4)
# ---------------------------------------------------------------------------------------

import hashlib  # noqa: E402 - imported here, in the only section that hashes


def s256_code_challenge(verifier):
    """RFC 7636 §4.2: BASE64URL-ENCODE(SHA256(ASCII(code_verifier))), base64url without
    padding. The verifier is hashed as text (never base64-decoded), with nothing appended."""
    digest = hashlib.sha256(verifier.encode("ascii")).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


@answers("code-challenge")
def compute_code_challenge(inp, profile):
    """code-challenge family: the same in both profiles."""
    return {"result": "challenge", "challenge": s256_code_challenge(inp["codeVerifier"])}


# ---------------------------------------------------------------------------------------
# Family: login-request (SPECIFICATION.md §2)
# ---------------------------------------------------------------------------------------

# SPECIFICATION.md §2's table.
RESPONSE_TYPE_ENABLED = "id_token,token_or_nonce,signed_request,graph_domain,user_token_nonce"
RESPONSE_TYPE_LIMITED = "id_token,graph_domain,user_token_nonce"
DO_NOT_TRACK = "ios_14_do_not_track"


@answers("login-request")
def build_login_request(inp, profile):
    """login-request family: the request a (valid) configuration makes. Values are given
    percent-decoded, as Vectors/README.md asks; a parameter that is not sent is left out.
    The same in both profiles but for app switch with limited tracking, which the documented
    reading never allows (rule request.app-switch); otherwise they differ only in which
    configurations exist (§1, §8)."""
    configuration = inp["configuration"]
    enabled = configuration["tracking"] == "enabled"
    parameters = {
        "client_id": inp["appID"],
        "display": "touch",
        "sdk": "ios",
        "return_scopes": "true",
        # requested permissions ∪ {openid}: a set, so openid appears once.
        "scope": ",".join(sorted(set(configuration["permissions"]) | {"openid"})),
        # The nonce goes out in both tracking modes, exactly as configured.
        "nonce": configuration["nonce"],
        "response_type": RESPONSE_TYPE_ENABLED if enabled else RESPONSE_TYPE_LIMITED,
        "redirect_uri": "fb%s%s://authorize/" % (inp["appID"], inp["urlSchemeSuffix"] or ""),
        "state": json.dumps({"challenge": inp["stateChallenge"]}, separators=(",", ":")),
        "default_audience": inp["defaultAudience"],
    }
    if configuration["authType"] is not None:  # absent when nil
        parameters["auth_type"] = configuration["authType"]
    # tp: limited tracking, and the enabled-tracking "shim" when tracking is not authorized.
    # The shim also goes to the limited host without app switch (Vectors/DECISIONS.md D25).
    full = enabled and inp["trackingAuthorized"]
    if not full:
        parameters["tp"] = DO_NOT_TRACK
    # PKCE: enabled tracking only (the shim is still an enabled request), never for limited.
    if enabled:
        parameters["code_challenge"] = configuration["codeChallenge"]
        parameters["code_challenge_method"] = "S256"
    return {
        "result": "request",
        "host": "m.facebook.com" if full else "limited.facebook.com",
        "path": "/%s/dialog/oauth" % inp["graphVersion"],
        # App switch is not supported for limited login (§2): never, in the documented reading.
        # DECISIONS.md D51: the gatekeeper of the tracking mode and the installed app (absent: false).
        "appSwitchAllowed": (not (profile == "documented" and not enabled)
                             and configuration["appSwitch"] == "enabled" and inp["trackingAuthorized"]
                             and inp.get("fastAppSwitchEnabled", False) and inp.get("facebookAppInstalled", False)),
        "parameters": parameters,
    }


# ---------------------------------------------------------------------------------------
# Family: profile (SPECIFICATION.md §5)
# ---------------------------------------------------------------------------------------

# SPECIFICATION.md §5: user_birthday is read as MM/dd/yyyy. Strictly: two ASCII digits, "/", two
# digits, "/", four digits ([0-9], not \d, which also matches non-ASCII digits), forming a real
# date. Python's strptime("%m/%d/%Y") is lenient (it takes "1/2/1990"), so it is not used.
BIRTHDAY_PATTERN = re.compile(r"([0-9]{2})/([0-9]{2})/([0-9]{4})")

# SPECIFICATION.md §5: claim name -> profile member, for the claims copied as strings.
PROFILE_STRING_CLAIMS = (
    ("name", "name"), ("given_name", "firstName"), ("middle_name", "middleName"),
    ("family_name", "lastName"), ("picture", "imageURL"), ("email", "email"),
    ("user_gender", "gender"), ("user_link", "linkURL"),
)


def profile_birthday(value):
    """§5 birthday: MM/dd/yyyy written as the calendar date "yyyy-MM-dd" (a date, so no time
    zone), None when the string is not a real date in that format."""
    if not isinstance(value, str):
        return None  # §4: a non-string user_birthday is dropped
    match = BIRTHDAY_PATTERN.fullmatch(value)
    if match is None:
        return None
    month, day, year = (int(group) for group in match.groups())
    if year < 1:
        return None  # datetime.date has no year 0
    try:
        datetime.date(year, month, day)  # proleptic Gregorian: refuses 02/30 and 02/29/1900
    except ValueError:
        return None
    return "%04d-%02d-%02d" % (year, month, day)


def profile_age_range(value):
    """§4 user_age_range must be a non-empty object of numbers (else dropped); §5 None when both
    bounds are absent, either is negative, or min >= max."""
    if not isinstance(value, dict) or not value or not all(is_json_number(v) for v in value.values()):
        return None
    low, high = value.get("min"), value.get("max")
    if low is None and high is None:
        return None
    # The SDK compares the bounds' whole parts (NSNumber longValue, truncated toward zero) and
    # keeps the numbers as given (Vectors/DECISIONS.md D43).
    whole_low = None if low is None else math.trunc(low)
    whole_high = None if high is None else math.trunc(high)
    if (whole_low is not None and whole_low < 0) or (whole_high is not None and whole_high < 0):
        return None
    if whole_low is not None and whole_high is not None and whole_low >= whole_high:
        return None
    return {"min": None if low is None else as_json_number(low),
            "max": None if high is None else as_json_number(high)}


def profile_place(value):
    """§4 user_hometown / user_location must be a non-empty object of strings (else dropped);
    §5 kept as {id, name} only when both are strings."""
    if not isinstance(value, dict) or not value or not all(isinstance(v, str) for v in value.values()):
        return None
    if not isinstance(value.get("id"), str) or not isinstance(value.get("name"), str):
        return None
    return {"id": value["id"], "name": value["name"]}


@answers("profile")
def make_profile(inp, profile):
    """profile family: the Limited Login profile made from a validated token's claims
    (SPECIFICATION.md §5, with the optional-claim types of §4). The same in both profiles."""
    claims = inp["claims"]
    sub = claims.get("sub")
    if not isinstance(sub, str) or sub == "":
        return {"result": "noProfile"}  # §5: made only when sub is non-empty
    made = {"userID": sub}
    for claim, member in PROFILE_STRING_CLAIMS:
        value = claims.get(claim)
        made[member] = value if isinstance(value, str) else None  # §4: wrong type dropped
        if member in ("imageURL", "linkURL") and value == "":
            made[member] = None  # URL(string:) makes no URL from "" (D43)
    friends = claims.get("user_friends")
    made["friendIDs"] = (list(friends) if isinstance(friends, list) and all(isinstance(f, str) for f in friends)
                         else None)
    made["birthday"] = profile_birthday(claims.get("user_birthday"))
    made["ageRange"] = profile_age_range(claims.get("user_age_range"))
    made["hometown"] = profile_place(claims.get("user_hometown"))
    made["location"] = profile_place(claims.get("user_location"))
    made["permissions"] = sorted_unique(inp["grantedPermissions"])
    made["isLimited"] = True
    return {"result": "created", "profile": made}


# ---------------------------------------------------------------------------------------
# Family: access-token (SPECIFICATION.md §6)
# ---------------------------------------------------------------------------------------

ACCESS_TOKEN_QUESTIONS = ("hasGranted", "isExpired", "isDataAccessExpired")


def date_has_passed(date, now):
    """SPECIFICATION.md §6: a date has passed when it lies strictly before now (equal has not
    passed); a missing date (null) means "never". Epoch 0 and negative numbers are ordinary
    dates, long past."""
    if not is_json_number(now):
        raise ValueError("now must be a number")
    if date is None:
        return False
    if not is_json_number(date):
        raise ValueError("a date must be a number or null")
    return date < now


@answers("access-token")
def evaluate_access_token(inp, profile):
    """SPECIFICATION.md §6: the answer to one question about an access token. The rules hold in
    both profiles.
      - hasGranted(p): p is an element of `permissions`. Python's str == compares code point
        by code point, which is exactly what §6 asks (no case folding, no trimming, no
        Unicode normalisation); the declined and expired sets are not looked at, and neither
        are the dates.
      - isExpired: expirationDate < now; isDataAccessExpired: dataAccessExpirationDate < now.
    """
    token = inp["token"]
    question = inp["question"]
    if question not in ACCESS_TOKEN_QUESTIONS:
        raise ValueError("unknown question %r" % (question,))
    if (question == "hasGranted") != ("permission" in inp):
        raise ValueError("permission is given exactly with the hasGranted question")
    if question == "hasGranted":
        asked = inp["permission"]
        answer = any(isinstance(held, str) and held == asked for held in token["permissions"])
    elif question == "isExpired":
        answer = date_has_passed(token["expirationDate"], inp["now"])
    else:
        answer = date_has_passed(token["dataAccessExpirationDate"], inp["now"])
    return {"result": "answer", "answer": answer}


# ---------------------------------------------------------------------------------------
# Family: token-change (SPECIFICATION.md §6)
# ---------------------------------------------------------------------------------------

# The user info keys of AccessTokenDidChange (SPECIFICATION.md §6).
NEW_TOKEN_KEY = "FBSDKAccessToken"
OLD_TOKEN_KEY = "FBSDKAccessTokenOld"
USER_ID_CHANGED_KEY = "FBSDKAccessTokenDidChangeUserIDKey"
DID_EXPIRE_KEY = "FBSDKAccessTokenDidExpireKey"


def token_is_active(token, now):
    """SPECIFICATION.md §6: a token is active unless it has expired, i.e. expirationDate < now
    (equal is still active); a token without an expiration date never expires."""
    return not date_has_passed(token["expirationDate"], now)


@answers("token-change")
def notify_token_changes(inp, profile):
    """SPECIFICATION.md §6: replay the steps on a current-token store that starts with
    `initial`, and report every AccessTokenDidChange notification (with the index of the
    step that posted it) and the current token at the end. Tokens are known by name: one
    name is one token object. The rules hold in both profiles.
      - setCurrent posts only when the token changes (the same name again, or null over
        null, posts nothing);
      - the new token goes under FBSDKAccessToken and the old under FBSDKAccessTokenOld,
        each only when not null (a key is left out, never set to null or false);
      - FBSDKAccessTokenDidChangeUserIDKey is true when the user IDs differ, either side is
        null, or the old token was not active at this step's time;
      - the expiry timer posts the current token as new and old with
        FBSDKAccessTokenDidExpireKey true (no user-ID key) and leaves it current.
    """
    tokens = inp["tokens"]
    current = inp["initial"]
    if current is not None and current not in tokens:
        raise ValueError("initial names no token: %r" % (current,))
    notifications = []
    for index, step in enumerate(inp["steps"]):
        now = step["now"]
        if step["step"] == "expiryTimer":
            if current is None:
                raise ValueError("step %d: an expiry timer without a current token" % index)
            notifications.append({"afterStep": index, "userInfo": {
                NEW_TOKEN_KEY: current, OLD_TOKEN_KEY: current, DID_EXPIRE_KEY: True}})
            continue
        if step["step"] != "setCurrent":
            raise ValueError("step %d: unknown step %r" % (index, step["step"]))
        new = step["token"]
        if new is not None and new not in tokens:
            raise ValueError("step %d names no token: %r" % (index, new))
        if new == current:
            continue  # the token does not change: nothing is posted
        user_info = {}
        if new is not None:
            user_info[NEW_TOKEN_KEY] = new
        if current is not None:
            user_info[OLD_TOKEN_KEY] = current
        old_token = tokens[current] if current is not None else None
        new_token = tokens[new] if new is not None else None
        # The old token's activeness is judged now, before the store changes.
        if (old_token is None or new_token is None
                or old_token["userID"] != new_token["userID"]
                or not token_is_active(old_token, now)):
            user_info[USER_ID_CHANGED_KEY] = True
        notifications.append({"afterStep": index, "userInfo": user_info})
        current = new
    return {"result": "notifications", "notifications": notifications, "current": current}


# ---------------------------------------------------------------------------------------
# Family: graph-error (SPECIFICATION.md §6, §7)
# ---------------------------------------------------------------------------------------

# SPECIFICATION.md §7: the default table. Codes not listed are "other".
GRAPH_DEFAULT_RECOVERABLE = frozenset([102, 190])  # any subcode
GRAPH_DEFAULT_TRANSIENT = frozenset([1, 2, 4, 9, 17, 341])
GRAPH_TOKEN_CODES = frozenset([102, 190])  # §6: these clear the current token
GRAPH_EXPIRED_SUBCODE = 493  # §6: ... or mark it expired instead


def graph_integer(value):
    """A Graph code or subcode: a JSON integer, else None (a boolean is not one)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value if isinstance(value, int) else None


def graph_category_of_name(name):
    """§7: a server category named other is other, transient is transient, any other name is
    recoverable."""
    return name if name in ("other", "transient") else "recoverable"


def graph_server_category(server_categories, code, subcode, profile="documented"):
    """§7: search the server table for code+subcode, code+*, *+subcode, *+*; the first entry
    found decides. None when nothing matches. Item codes are integers or "*"; an item without
    subcodes, or with an empty list, covers every subcode. An error without a subcode only
    matches "*" subcode entries."""
    entries = {}
    for category in server_categories:
        for item in category["items"]:
            # ios-sdk: an item whose code is not a number is dropped with the rest of its
            # category's items (FBSDKErrorConfiguration.m; Vectors/DECISIONS.md D29).
            if profile == "ios-sdk" and item["code"] == "*":
                break
            subcodes = item.get("subcodes") or ["*"]
            for sub in subcodes:
                entries.setdefault((item["code"], sub), graph_category_of_name(category["name"]))
    steps = []
    if subcode is not None:
        steps.append((code, subcode))
    steps.append((code, "*"))
    if subcode is not None:
        steps.append(("*", subcode))
    steps.append(("*", "*"))
    for key in steps:
        if key in entries:
            return entries[key]
    return None


def graph_default_category(code):
    """§7 default table."""
    if code in GRAPH_DEFAULT_RECOVERABLE:
        return "recoverable"
    if code in GRAPH_DEFAULT_TRANSIENT:
        return "transient"
    return "other"


@answers("graph-error")
def classify_graph_error(inp, profile):
    """graph-error family: a Graph API error body classified (SPECIFICATION.md §7) with its effect
    on the current access token (§6). The same in both profiles.

    Where a server table has no entry for the error, the default table answers (the vectors
    only use server tables where replacing the default table and overriding it key by key give
    the same answer)."""
    error = inp["body"].get("error")
    error = error if isinstance(error, dict) else {}
    code = graph_integer(error.get("code"))
    subcode = graph_integer(error.get("error_subcode"))

    # The SDK reads is_transient as a number (a JSON boolean is one) and forces transient when it
    # is not zero; a string is ignored (Vectors/DECISIONS.md D45).
    if is_json_number(error.get("is_transient")) and error["is_transient"] != 0 or error.get("is_transient") is True:
        category = "transient"  # §7: is_transient true forces transient
    else:
        category = None
        if inp["serverCategories"] is not None:
            category = graph_server_category(inp["serverCategories"], code, subcode, profile)
        if category is None:
            category = graph_default_category(code)

    # §7: permission errors are Graph code 200 (the seeds), 10 and 200-299 (the Graph docs).
    permission = code is not None and (code == 10 or 200 <= code <= 299)

    # §7: message > error_reason > error_msg.
    message = None
    for member in ("message", "error_reason", "error_msg"):
        if isinstance(error.get(member), str):
            message = error[member]
            break

    if permission:
        action = "rerequestPermission"  # the seeds: re-request the permission, then retry
    else:
        action = {"recoverable": "logInAgain", "transient": "retry", "other": "none"}[category]

    # §6: 190 or 102 on a request made with the current token clears it; subcode 493 marks it
    # expired instead. Keyed on the code, not on the category, where the error reaches the token check:
    # graph error recovery (on unless graphErrorRecovery is false) first takes a transient error (a
    # retry) and a recoverable one on the current token's request (DECISIONS.md D50).
    recovered = inp.get("graphErrorRecovery", True) and (
        category == "transient" or (category == "recoverable" and inp["requestUsedCurrentToken"]))
    token = "kept"
    if not recovered and inp["requestUsedCurrentToken"] and code in GRAPH_TOKEN_CODES:
        token = "markedExpired" if subcode == GRAPH_EXPIRED_SUBCODE else "cleared"

    return {"result": "classified", "category": category, "isPermissionError": permission,
            "message": message, "clientAction": action, "currentToken": token}


# ---------------------------------------------------------------------------------------
# The adapter protocol (Vectors/HARNESS.md)
# ---------------------------------------------------------------------------------------

FAMILIES_FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "families")


def family_modules(folder=FAMILIES_FOLDER):
    """The families added beside this file rather than in it: each module `families/<name>.py` that sets FAMILY (the
    family's name) and defines answer(inp, profile) (its outcome, like the functions above), in the order of the
    files' names. A family added to the suite is implemented here by dropping in its module; none is needed for the
    families above. A module without both, or naming a family this adapter has already, stops the adapter."""
    functions = {}
    names = sorted(name for name in os.listdir(folder) if name.endswith(".py")) if os.path.isdir(folder) else []
    for name in names:
        path = os.path.join(folder, name)
        spec = importlib.util.spec_from_file_location("families." + name[:-3], path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        family, answer = getattr(module, "FAMILY", None), getattr(module, "answer", None)
        if not isinstance(family, str) or not callable(answer):
            raise SystemExit("%s: a family module sets FAMILY (its name) and defines answer(inp, profile)" % path)
        if family in FAMILY_FUNCTIONS or family in functions:
            raise SystemExit("%s: the family %r is implemented already" % (path, family))
        functions[family] = answer
    return functions


FAMILY_FUNCTIONS.update(family_modules())


def started_message(profile):
    """The handshake answer to {"type":"start","protocolVersion":1}."""
    return {
        "type": "started",
        "protocolVersion": PROTOCOL_VERSION,
        "implementation": dict(IMPLEMENTATION),
        "capabilities": list(FAMILY_FUNCTIONS),  # every family it has a function for, in the manifest's order
        "profile": profile,
    }


def answer_run(request, profile):
    """The answer to one run request: result, skipped or errored, echoing its seq (None
    for a request without one). Never raises: an exception inside a family function
    becomes `errored` with the message."""
    seq = request.get("seq")
    if not isinstance(seq, int) or isinstance(seq, bool):
        log("ignoring a run request without an integer seq")
        return None
    function = FAMILY_FUNCTIONS.get(request.get("family"))
    if function is None:
        return {"type": "skipped", "seq": seq,
                "reason": "family %r is not implemented" % (request.get("family"),)}
    try:
        outcome = function(request["input"], profile)
    except Exception as error:  # noqa: BLE001 - any failure is the vector's error
        return {"type": "errored", "seq": seq,
                "message": "%s: %s" % (type(error).__name__, error)}
    return {"type": "result", "seq": seq, "outcome": outcome}


def encode_message(message):
    """One protocol message as one line. ensure_ascii keeps the line pure ASCII (non-ASCII
    and lone surrogates become \\u escapes), so the output encoding never matters."""
    return json.dumps(message, ensure_ascii=True, separators=(",", ":")) + "\n"


def write_message(message, stream=None):
    stream = stream if stream is not None else sys.stdout
    stream.write(encode_message(message))
    stream.flush()  # flush after every message


def read_request(line):
    """Decode one request line; None (with a note on standard error) when it is not a
    JSON object. Standard input is read as bytes and decoded as UTF-8 here, whatever the
    locale."""
    try:
        text = line.decode("utf-8") if isinstance(line, bytes) else line
        request = json.loads(text)
    except ValueError as error:
        log("ignoring a request line that is not JSON: %s" % error)
        return None
    if not isinstance(request, dict):
        log("ignoring a request that is not a JSON object")
        return None
    return request


def log(text):
    """Diagnostics go to standard error, never standard output (HARNESS.md, Framing)."""
    sys.stderr.write("reference_adapter: %s\n" % text)
    sys.stderr.flush()


def handle_request(request, profile, reading=None):
    """The answer to one decoded request, or None when it has none; raises SystemExit(0) on
    stop. `profile` is the profile claimed, `reading` the one implemented (the profile's own
    when not given)."""
    kind = request.get("type")
    if kind == "start":
        if request.get("protocolVersion") != PROTOCOL_VERSION:
            log("runner speaks protocol %r; this adapter speaks %d"
                % (request.get("protocolVersion"), PROTOCOL_VERSION))
        return started_message(profile)
    if kind == "run":
        return answer_run(request, reading or profile)
    if kind == "stop":
        raise SystemExit(0)
    log("ignoring a message of unknown type %r" % (kind,))
    return None


def parse_arguments(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="documented",
                        help="the profile to claim (default: documented); unless --reads says otherwise, "
                             "also the reading to implement, one of: " + ", ".join(PROFILES))
    parser.add_argument("--reads", choices=PROFILES,
                        help="the reading to implement, for a profile that takes one of the two")
    arguments = parser.parse_args(argv)
    if arguments.reads is None:
        if arguments.profile not in PROFILES:
            parser.error("profile %r is not a reading of this adapter (%s): say which it takes with --reads"
                         % (arguments.profile, ", ".join(PROFILES)))
        arguments.reads = arguments.profile
    return arguments


def serve(profile, stdin=None, reading=None):
    """Read standard input line by line, answer each line immediately; return on EOF."""
    stdin = stdin if stdin is not None else sys.stdin.buffer
    while True:
        line = stdin.readline()
        if not line:
            return  # EOF: exit 0
        if not line.strip():
            continue
        request = read_request(line)
        if request is None:
            continue
        answer = handle_request(request, profile, reading)
        if answer is not None:
            write_message(answer)


def main(argv=None):
    arguments = parse_arguments(argv)
    try:
        serve(arguments.profile, reading=arguments.reads)
    except BrokenPipeError:
        pass  # the runner went away: nothing left to answer
    return 0


if __name__ == "__main__":
    sys.exit(main())
