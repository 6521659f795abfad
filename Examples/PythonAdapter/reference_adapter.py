#!/usr/bin/env python3
"""Reference adapter for LoginConformance, in Python (standard library only).

A complete implementation of the four vector families (nonce, login-configuration,
login-result, token-claims) under both readings of behaviour.md (--profile documented,
the default, or --profile ios-sdk), wrapped in the adapter protocol of Vectors/HARNESS.md:
JSON Lines requests on standard input, JSON Lines answers on standard output.

    python3 Examples/PythonAdapter/reference_adapter.py [--profile documented|ios-sdk]

It is written from the documents alone (Vectors/HARNESS.md, Vectors/README.md and
behaviour.md), as the example to copy when writing an adapter in another language.
Every rule below cites the behaviour.md section it comes from ("§1" etc.).

The family functions (check_nonce, create_login_configuration, process_login_result,
validate_token_claims) take a vector's `input` and the profile and return the outcome in
the shape of the vector file's `expected`. Other programs may import this module and reuse
them (Tests/Adapters/misbehaving_adapter.py does).
"""

import argparse
import base64
import json
import math
import re
import secrets
import sys
import unicodedata
import uuid

PROTOCOL_VERSION = 1
PROFILES = ("documented", "ios-sdk")
FAMILIES = ("nonce", "login-configuration", "login-result", "token-claims", "code-verifier", "code-challenge",
            "login-request", "profile", "access-token", "token-change", "graph-error")
IMPLEMENTATION = {"name": "loginconformance-python-reference", "version": "1.0.0", "language": "python"}


# ---------------------------------------------------------------------------------------
# Shared helpers
# ---------------------------------------------------------------------------------------

# behaviour.md §1, observed SDK: Foundation's CharacterSet.whitespaces = Unicode category Zs
# plus TAB. Spelled out rather than taken from unicodedata.category(), so the set does not
# depend on the Unicode version of the Python build (U+180E left Zs in Unicode 6.3).
SDK_WHITESPACE = frozenset(
    [0x0009, 0x0020, 0x00A0, 0x1680]
    + list(range(0x2000, 0x200A + 1))
    + [0x202F, 0x205F, 0x3000]
)

# behaviour.md §1 / §8, documented reading: "a non-empty string without whitespace", every
# Unicode whitespace refused, newlines included = the Unicode White_Space property.
# NOT Python's str.isspace(), which also says yes to U+001C..U+001F (information
# separators), and those are not whitespace in either reading.
UNICODE_WHITE_SPACE = frozenset(
    list(range(0x0009, 0x000D + 1))  # TAB, LF, VT, FF, CR
    + [0x0020, 0x0085, 0x00A0, 0x1680]
    + list(range(0x2000, 0x200A + 1))
    + [0x2028, 0x2029, 0x202F, 0x205F, 0x3000]
)

# behaviour.md §1 "Permission syntax": non-empty, only a-z and _. Use it with fullmatch():
# a pattern ending in $ would also accept a trailing newline ("email\n").
PERMISSION_SYNTAX = re.compile(r"[a-z_]+")

# behaviour.md §1 "Scope (tracking) rule": the permissions the documentation allows with
# Limited Login.
LIMITED_LOGIN_PERMISSIONS = frozenset([
    "public_profile", "email", "gaming_profile", "gaming_user_picture", "user_age_range",
    "user_birthday", "user_friends", "user_gender", "user_hometown", "user_link",
    "user_location", "user_messenger_contact",
])

# behaviour.md §1 item 3: nil (None), rerequest or reauthorize, exactly.
AUTH_TYPES = frozenset(["rerequest", "reauthorize"])

# behaviour.md §1 item 4 / RFC 7636: the code verifier's unreserved ASCII characters.
CODE_VERIFIER_ASCII = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")


def is_permission(text):
    """behaviour.md §1 item 2: one permission is non-empty and made only of a-z and _."""
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
# Family: nonce (behaviour.md §1 item 1, §8)
# ---------------------------------------------------------------------------------------

def nonce_problem(nonce, profile):
    """None when the nonce is valid, else the reason: "empty" or "whitespace".
    No length limit, no charset limit, no trimming, no normalisation (behaviour.md §1)."""
    if nonce == "":
        return "empty"
    refused = SDK_WHITESPACE if profile == "ios-sdk" else UNICODE_WHITE_SPACE
    # Code point by code point: iterating a Python str yields code points.
    if any(ord(ch) in refused for ch in nonce):
        return "whitespace"
    return None


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
# Family: login-configuration (behaviour.md §1, §8)
# ---------------------------------------------------------------------------------------

def code_verifier_is_valid(verifier, profile):
    """behaviour.md §1 item 4: 43...128 characters from A-Z a-z 0-9 - . _ ~ (RFC 7636).
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
    """behaviour.md §1 Defaults: a fresh UUID string, 36 characters, upper case, hyphens."""
    return str(uuid.uuid4()).upper()


def default_code_verifier():
    """behaviour.md §1 Defaults: a fresh random code verifier of 96 base64url characters
    (72 random bytes, base64url without padding)."""
    return base64.urlsafe_b64encode(secrets.token_bytes(72)).decode("ascii").rstrip("=")


def create_login_configuration(inp, profile):
    """login-configuration family.

    The checks run in the order behaviour.md §1 gives, the first failure deciding the
    reason: nonce, permission syntax, (documented reading) the Limited Login scope, auth
    type. The code verifier "was validated when it was made" (§1 item 4); it is checked
    last here, and the vectors never combine a bad verifier with another failure."""
    permissions = inp["permissions"]
    tracking = inp["tracking"]
    nonce = inp["nonce"]
    auth_type = inp["authType"]
    messenger_page_id = inp["messengerPageId"]
    code_verifier = inp["codeVerifier"]
    if tracking not in ("enabled", "limited"):
        raise ValueError("input.tracking must be enabled or limited, got %r" % (tracking,))

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

    # 4. Code verifier (§1 item 4): null means none supplied, so a fresh one is made.
    if code_verifier is None:
        code_verifier = default_code_verifier()
    elif not code_verifier_is_valid(code_verifier, profile):
        return {"result": "refused", "reason": "invalidCodeVerifier"}

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
# Family: login-result (behaviour.md §3)
# ---------------------------------------------------------------------------------------

LOGIN_ERROR_DOMAIN = "com.facebook.sdk.login"
CORE_ERROR_DOMAIN = "com.facebook.sdk.core"

# A decimal number as a callback parameter carries it ("1767312000", "-1", "3600").
DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def parse_scopes(text):
    """behaviour.md §3: granted_scopes / denied_scopes are split on ',' with no trimming,
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
    """behaviour.md §3 Expiry: expires or expires_at > 0 is that epoch; else expires_in > 0
    gives now + expires_in; else never (None: the SDK's distant future)."""
    for key in ("expires", "expires_at"):
        epoch = parameter_number(params, key)
        if epoch is not None and epoch > 0:
            return as_json_number(epoch)
    seconds = parameter_number(params, "expires_in")
    if seconds is not None and seconds > 0:
        return as_json_number(now + seconds)
    return None


def state_challenge(state_text):
    """behaviour.md §3 State: `state` is the JSON text the login request sent; its
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


def process_login_result(inp, profile):
    """login-result family: the callback turned into cancelled / failed / success.
    The same in both profiles (behaviour.md §8 lists no difference for §3)."""
    requested = set(inp["requestedPermissions"])
    previous = inp["previousToken"]  # None, or {"userID": ..., "permissions": [...]}
    now = inp["now"]

    # Query and fragment, already percent-decoded; a key in both takes the fragment's value.
    params = dict(inp["query"])
    params.update(inp["fragment"])

    denied = parse_scopes(params.get("denied_scopes"))
    if denied is None:  # an invalid denied set holds nothing
        denied = set()

    def cancelled():
        # On a cancellation, declined is denied_scopes if a token already existed, else empty.
        return {"result": "cancelled",
                "declinedPermissions": sorted_unique(denied) if previous is not None else []}

    # Errors (§3): an `error` with `error_message` is core error 8, the Graph error code
    # (error_code) kept as a string; an `error` without `error_message` is a cancellation.
    # (behaviour.md only describes error_message beside `error`; alone it counts the same.)
    if "error_message" in params:
        outcome = {"result": "failed", "error": {"domain": CORE_ERROR_DOMAIN, "code": 8}}
        if "error_code" in params:
            outcome["graphErrorCode"] = params["error_code"]
        return outcome
    if "error" in params:
        return cancelled()

    if "id_token" in params:
        # §3: "id_token present but no expected nonce stored -> core error 301". The family's
        # input carries no stored nonce and no keys, so an id_token is outside its model.
        raise ValueError("login-result input with an id_token is outside the family's input model")

    # Cancelled when there is no access token (§3), whatever else the callback carries;
    # the challenge is checked only on a non-cancelled response.
    token_string = params.get("access_token")
    if not token_string:
        return cancelled()

    # State (§3): a missing or wrong challenge on a non-cancelled response is error 308.
    if state_challenge(params.get("state")) != inp["expectedChallenge"]:
        return {"result": "failed", "error": {"domain": LOGIN_ERROR_DOMAIN, "code": 308}}

    # Grant set (§3): invalid -> cancelled.
    granted = parse_scopes(params.get("granted_scopes"))
    if granted is None:
        return cancelled()
    # Granted = granted_scopes ∩ requested when a previous token with permissions exists and
    # something was requested, otherwise all of granted_scopes.
    if previous is not None and previous["permissions"] and requested:
        granted = granted & requested
    # An empty recently granted set cancels the login, even with a token string.
    if not granted:
        return cancelled()

    # Re-login as another user (§3): Graph me.id differs from the old token's user -> 304.
    # Exact string comparison ("0100001" is not "100001").
    if previous is not None and inp["graphUserID"] != previous["userID"]:
        return {"result": "failed", "error": {"domain": LOGIN_ERROR_DOMAIN, "code": 304}}

    user_id = params.get("user_id")
    if user_id is None:
        raise ValueError("callback carries an access_token but no user_id")
    return {
        "result": "success",
        "grantedPermissions": sorted_unique(granted),
        # Declined = requested ∩ denied_scopes, not "requested minus granted".
        "declinedPermissions": sorted_unique(requested & denied),
        "token": {
            "tokenString": token_string,
            "userID": user_id,
            "expirationDate": expiration_date(params, now),
        },
    }


# ---------------------------------------------------------------------------------------
# Family: token-claims (behaviour.md §4, §8)
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
    """behaviour.md §4 (iss) and §8. Documented: the documented issuer URLs exactly.
    Observed SDK: the URL's host is facebook.com or ends with .facebook.com, case-sensitive;
    scheme and path are not checked."""
    if profile == "documented":
        return iss in DOCUMENTED_ISSUERS
    host = url_host(iss)
    return host is not None and (host == "facebook.com" or host.endswith(".facebook.com"))


def optional_claim_is_valid(name, value):
    """behaviour.md §4 Optional claims: the type each must have to be kept."""
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


def validate_token_claims(inp, profile):
    """token-claims family: the id_token's header and claims JSON texts validated
    (behaviour.md §4), with the reason chosen as Vectors/README.md's table says."""
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

    # Header (§4): alg exactly RS256, typ exactly JWT, kid a non-empty string; other
    # members ignored. (A non-string compares unequal to a str, so alg = 256 fails too.)
    if header.get("alg") != "RS256":
        return rejected("headerAlgorithm")
    if header.get("typ") != "JWT":
        return rejected("headerType")
    kid = header.get("kid")
    if not isinstance(kid, str) or kid == "":
        return rejected("headerKeyID")

    # Required claims (§4): present, of the right JSON type (null is a wrong type).
    for name in REQUIRED_CLAIMS:
        if name not in claims:
            return rejected("missingClaim", name)
    for name in REQUIRED_CLAIMS:
        value = claims[name]
        right_type = isinstance(value, str) if name in STRING_CLAIMS else is_json_number(value)
        if not right_type:  # so an aud array is wrongClaimType
            return rejected("wrongClaimType", name)
    for name in NON_EMPTY_CLAIMS:
        if claims[name] == "":  # " " is not empty
            return rejected("emptyClaim", name)

    if not issuer_is_allowed(claims["iss"], profile):
        return rejected("issuer")
    if claims["aud"] != app_id:  # exact, code point by code point
        return rejected("audience")
    if claims["exp"] <= now:  # exp must be later than now, strictly
        return rejected("expired")
    if claims["iat"] < now - 600:  # at most 10 minutes old; no upper bound (future accepted)
        return rejected("issuedTooLongAgo")
    if claims["nonce"] != expected_nonce:  # exact: no case folding, trimming or normalisation
        return rejected("nonceMismatch")

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
    # Values as in the input; numbers compare by value, so 1.7672292E9 is answered 1767229200.
    return {"result": "accepted", "claims": normalise_numbers(kept)}


# ---------------------------------------------------------------------------------------
# Family: code-verifier (behaviour.md §1 item 4, §8)
# ---------------------------------------------------------------------------------------

def code_verifier_problem(verifier, profile):
    """behaviour.md §1 item 4 / RFC 7636 §4.1: 43...128 characters (code points: nothing is
    trimmed or decoded), each one of A-Z a-z 0-9 - . _ ~; the SDK reading also takes
    non-ASCII letters and digits (Unicode alphanumerics). Returns None when valid, else the
    reason. The character rule is the one the login configuration applies
    (code_verifier_is_valid above), so the two families cannot drift apart. The vectors
    never break both rules, so the order of the two checks is free."""
    if not 43 <= len(verifier) <= 128:
        return "length"
    if not code_verifier_is_valid(verifier, profile):
        return "characters"
    return None


def check_code_verifier(inp, profile):
    """code-verifier family: {"result": "valid"} or {"result": "invalid", "reason": ...}."""
    problem = code_verifier_problem(inp["codeVerifier"], profile)
    return {"result": "valid"} if problem is None else {"result": "invalid", "reason": problem}


# ---------------------------------------------------------------------------------------
# Family: code-challenge (behaviour.md §1 item 4)
# ---------------------------------------------------------------------------------------

import hashlib  # noqa: E402 - imported here, in the only section that hashes


def s256_code_challenge(verifier):
    """RFC 7636 §4.2: BASE64URL-ENCODE(SHA256(ASCII(code_verifier))), base64url without
    padding. The verifier is hashed as text (never base64-decoded), with nothing appended."""
    digest = hashlib.sha256(verifier.encode("ascii")).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


def compute_code_challenge(inp, profile):
    """code-challenge family: the same in both profiles."""
    return {"result": "challenge", "challenge": s256_code_challenge(inp["codeVerifier"])}


# ---------------------------------------------------------------------------------------
# Family: login-request (behaviour.md §2)
# ---------------------------------------------------------------------------------------

# behaviour.md §2's table.
RESPONSE_TYPE_ENABLED = "id_token,token_or_nonce,signed_request,graph_domain,user_token_nonce"
RESPONSE_TYPE_LIMITED = "id_token,graph_domain,user_token_nonce"
DO_NOT_TRACK = "ios_14_do_not_track"


def build_login_request(inp, profile):
    """login-request family: the request a (valid) configuration makes. Values are given
    percent-decoded, as Vectors/README.md asks; a parameter that is not sent is left out.
    The same in both profiles: they differ only in which configurations exist (§1, §8)."""
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
    if not enabled or not inp["trackingAuthorized"]:
        parameters["tp"] = DO_NOT_TRACK
    # PKCE: enabled tracking only (the shim is still an enabled request), never for limited.
    if enabled:
        parameters["code_challenge"] = configuration["codeChallenge"]
        parameters["code_challenge_method"] = "S256"
    return {
        "result": "request",
        "host": "m.facebook.com" if enabled else "limited.facebook.com",
        "path": "/%s/dialog/oauth" % inp["graphVersion"],
        # App switch is not supported for limited login (§2).
        "appSwitchAllowed": enabled and configuration["appSwitch"] == "enabled",
        "parameters": parameters,
    }


# ---------------------------------------------------------------------------------------
# Family: profile (behaviour.md §5)
# ---------------------------------------------------------------------------------------

def make_profile(inp, profile):
    """SCAFFOLD: the profile family."""
    raise NotImplementedError("profile")


# ---------------------------------------------------------------------------------------
# Family: access-token (behaviour.md §6)
# ---------------------------------------------------------------------------------------

def evaluate_access_token(inp, profile):
    """SCAFFOLD: the access-token family."""
    raise NotImplementedError("access-token")


# ---------------------------------------------------------------------------------------
# Family: token-change (behaviour.md §6)
# ---------------------------------------------------------------------------------------

def notify_token_changes(inp, profile):
    """SCAFFOLD: the token-change family."""
    raise NotImplementedError("token-change")


# ---------------------------------------------------------------------------------------
# Family: graph-error (behaviour.md §6, §7)
# ---------------------------------------------------------------------------------------

def classify_graph_error(inp, profile):
    """SCAFFOLD: the graph-error family."""
    raise NotImplementedError("graph-error")


# ---------------------------------------------------------------------------------------
# The adapter protocol (Vectors/HARNESS.md)
# ---------------------------------------------------------------------------------------

FAMILY_FUNCTIONS = {
    "nonce": check_nonce,
    "login-configuration": create_login_configuration,
    "login-result": process_login_result,
    "token-claims": validate_token_claims,
    "code-verifier": check_code_verifier,
    "code-challenge": compute_code_challenge,
    "login-request": build_login_request,
    "profile": make_profile,
    "access-token": evaluate_access_token,
    "token-change": notify_token_changes,
    "graph-error": classify_graph_error,
}


def started_message(profile):
    """The handshake answer to {"type":"start","protocolVersion":1}."""
    return {
        "type": "started",
        "protocolVersion": PROTOCOL_VERSION,
        "implementation": dict(IMPLEMENTATION),
        "capabilities": list(FAMILIES),
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


def handle_request(request, profile):
    """The answer to one decoded request, or None when it has none; raises SystemExit(0) on
    stop."""
    kind = request.get("type")
    if kind == "start":
        if request.get("protocolVersion") != PROTOCOL_VERSION:
            log("runner speaks protocol %r; this adapter speaks %d"
                % (request.get("protocolVersion"), PROTOCOL_VERSION))
        return started_message(profile)
    if kind == "run":
        return answer_run(request, profile)
    if kind == "stop":
        raise SystemExit(0)
    log("ignoring a message of unknown type %r" % (kind,))
    return None


def parse_arguments(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", choices=PROFILES, default="documented",
                        help="the reading of behaviour.md to implement (default: documented)")
    return parser.parse_args(argv)


def serve(profile, stdin=None):
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
        answer = handle_request(request, profile)
        if answer is not None:
            write_message(answer)


def main(argv=None):
    arguments = parse_arguments(argv)
    try:
        serve(arguments.profile)
    except BrokenPipeError:
        pass  # the runner went away: nothing left to answer
    return 0


if __name__ == "__main__":
    sys.exit(main())
