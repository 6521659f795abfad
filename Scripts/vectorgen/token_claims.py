"""token-claims: the id_token's header and claims validation (SPECIFICATION.md §4, §8).

Input: the exact JSON texts of the token's header and claims (before base64url), the expected nonce, the app ID and
`now`. Signatures and base64url belong to another family. Expected: accepted with the claims the validator keeps,
or rejected with one reason from REASONS (plus `claim` for the claim reasons).

Every rejection vector breaks exactly one rule: the other parts are the valid baseline below. Where the
documented and observed readings disagree (issuer host rule, a future `iat`) the vectors name their profile.
"""

import json
import unicodedata
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any, Optional, Union

from .common import B4, B8, NOW, READINGS, SEED_LIMITED_LOGIN_FR, SEED_LIMITED_LOGIN_VI, is_documented, vector
from .fault_pairs import Fault, FaultPairs
from .grammar import SDK_REFUSES, SDK_UNDECIDED, GrammarCase, GrammarSite, Text, documented_rule
from .perturbation import PerturbedField, Undecided
from .rules import IAT_WINDOW
from .shape import (CANONICAL_EQUIVALENCE, EPOCH_SECONDS, VERBATIM, Constraint, Family, Shape, array, closed, defined,
                    enum, fld, mapping, number, obj, outcome, reason, string)

FAMILY = "token-claims"
DESCRIPTION = (
    "Validation of the Limited Login OIDC id_token's header and claims (SPECIFICATION.md §4, §8): the header must be a "
    "JSON object with alg RS256, typ JWT and a non-empty string kid; the claims must be a JSON object carrying jti, "
    "iss, aud, exp, iat, nonce and sub with the right JSON types, an issuer allowed by the profile, aud equal to the "
    f"app ID, exp later than now, iat no more than {IAT_WINDOW} seconds before now and the expected nonce; optional claims of "
    "the wrong type are dropped while the token is still accepted. Signatures and base64url are out of scope: the "
    "input holds the decoded JSON texts."
)
# The SDK check (Scripts/sdk_check/check_sdk.py, docs/sdk-check.md): what its driver calls in the SDK for this family's
# ios-sdk vectors (`runs`), or why they are read, not run (`notRun`).
SDK_CHECK = {
    "runs": (
        "AuthenticationTokenHeader(fromEncodedString:), then "
        "AuthenticationTokenClaims(encodedClaims:nonce:)"
    ),
    # A rejection the SDK answers only as nil: the stage that refused, and the reasons that stage can give.
    "stageReasons": {
        "header": ["malformed", "headerAlgorithm", "headerType", "headerKeyID"],
        "claims": ["malformed", "missingClaim", "wrongClaimType", "emptyClaim", "issuer", "audience", "expired",
                   "issuedTooLongAgo", "nonceMismatch"],
    },
}
# Its row in README.md's family table (the generator writes the table): the protocol its implementations adopt
# and what its vectors check, in Markdown.
PROTOCOL = "TokenClaimsValidating"
SUMMARY = (
    "header `alg`/`typ`/`kid` (`typ` and a missing `kid`: refusal preferred, acceptance lenient under "
    "`documented`); required claims (`jti` under `ios-sdk` only); issuer rule per profile; `nonce` and `aud` exact "
    "(`documented`) or canonically equivalent (`ios-sdk`); `exp` later than now; `iat` inside its window, "
    "`token.iat.window` (lenient under `documented`); optional claims of the wrong type dropped; two faults at once "
    "accept either reason (D59) (§4, §8)"
)

REASONS = {
    "malformed": "the header or the claims text is not a JSON object (not JSON at all, or JSON of another type)",
    "headerAlgorithm": "the header's alg is absent, not a string, or not exactly RS256",
    "headerType": "the header's typ is absent, not a string, or not exactly JWT",
    "headerKeyID": "the header's kid is absent, not a string, or empty",
    "missingClaim": "a required claim (named in claim) is absent",
    "wrongClaimType": "a required claim (named in claim) has the wrong JSON type, null included: iss, aud, jti, sub "
                      "and nonce must be strings, exp and iat numbers",
    "emptyClaim": "jti, sub or nonce (named in claim) is the empty string",
    "issuer": "iss is a string that the profile's issuer rule does not allow",
    "audience": "aud is a string other than the app ID",
    "expired": "exp is not later than now (exp <= now)",
    "issuedTooLongAgo": f"iat is more than {IAT_WINDOW} seconds before now (iat < now - {IAT_WINDOW})",
    "nonceMismatch": "nonce is a non-empty string other than the expected nonce",
}

# ---------------------------------------------------------------------------------------------------------------
# The fixed context and the valid baseline token every vector starts from.

APP_ID = "1234567890"
NONCE = "n-0S6_WzA2Mj"
ISS_WWW = "https://www.facebook.com"
ISS_LIMITED = "https://limited.facebook.com"

HEADER = {"alg": "RS256", "typ": "JWT", "kid": "test-key-1"}
CLAIMS: dict[str, Any] = {
    "jti": "5f0c8a6e-3b1d-4c2e-9a7f-1d2e3f4a5b6c",
    "iss": ISS_WWW,
    "aud": APP_ID,
    "exp": NOW + 3600,
    "iat": NOW - 60,
    "nonce": NONCE,
    "sub": "10157834620091592",
}
REQUIRED = tuple(CLAIMS)  # jti, iss, aud, exp, iat, nonce, sub

# The shape of a vector (Scripts/vectorgen/shape.py): Vectors/schema/token-claims.schema.json and fields.json are
# generated from it; the signed-token family shares its outcomes.
# The expected nonce and the app ID are compared with the claim code point by code point in the documented reading,
# with Swift's == (canonical equivalence) in the SDK's (SPECIFICATION.md §4, §8; DECISIONS.md D10, D11).
CONTEXT = (
    fld("expectedNonce", string(compare_under={"ios-sdk": CANONICAL_EQUIVALENCE}),
        description="the nonce the request sent; the claim nonce must equal it"),
    fld("appID", string(compare_under={"ios-sdk": CANONICAL_EQUIVALENCE}),
        description="the app ID; the claim aud must equal it"),
    fld("now", EPOCH_SECONDS, description=f"the time of the validation: exp > now, iat >= now - {IAT_WINDOW}"),
)
# A kept claim has its value as in the token (a string exactly, a number by value).
KEPT_CLAIMS = defined("keptClaims", obj(
    *(fld(name, string(VERBATIM, minLength=1)) for name in ("jti", "iss", "aud")),
    fld("exp", EPOCH_SECONDS),
    fld("iat", EPOCH_SECONDS),
    fld("nonce", string(VERBATIM), description="non-empty in every expected outcome; empty only in the documented "
                                               "alsoAccepted of an empty nonce claim checked against an empty expected "
                                               "nonce (DECISIONS.md D54)"),
    fld("sub", string(VERBATIM, minLength=1)),
    *(fld(name, string(VERBATIM), optional=True)
      for name in ("name", "given_name", "middle_name", "family_name", "email", "picture", "user_birthday",
                   "user_gender", "user_link")),
    fld("user_friends", array(string(VERBATIM)), optional=True),
    fld("user_age_range", mapping(number(), minProperties=1), optional=True),
    fld("user_hometown", mapping(string(VERBATIM), minProperties=1), optional=True),
    fld("user_location", mapping(string(VERBATIM), minProperties=1), optional=True),
    fld("cnf", obj(fld("jkt", string(VERBATIM, minLength=1))), optional=True),
    description="The claims the validator keeps: every required claim, and each optional claim whose type is right."))
CLAIM_REASONS = ("missingClaim", "wrongClaimType", "emptyClaim")


def outcomes(reasons: Mapping[str, str]) -> tuple[Shape, ...]:
    """accepted with the kept claims, or rejected with one of `reasons` (plus the claim, for the claim reasons)."""
    return (
        outcome("accepted", fld("claims", KEPT_CLAIMS)),
        outcome(
            "rejected", reason(reasons), fld("claim", enum(REQUIRED), optional=True),
            constraints=(
                Constraint({"if": {"required": ["reason"], "properties": {"reason": {"enum": list(CLAIM_REASONS)}}},
                            "then": {"required": ["claim"]},
                            "else": {"not": {"required": ["claim"]}}},
                           comment="claim names the claim of a claim reason, and comes with no other reason."),
                Constraint({"if": {"required": ["reason"], "properties": {"reason": {"const": "emptyClaim"}}},
                            "then": {"properties": {"claim": {"enum": ["jti", "nonce", "sub"]}}}},
                           comment="emptyClaim names jti, nonce or sub: the claims with a non-empty rule."),
            )),
    )


SHAPE = Family(
    title="LoginConformance token-claims vectors (SPECIFICATION.md §4, §8)",
    input_description="The exact JSON texts of the token's header and claims (before base64url), stored verbatim, plus "
                      "the validation context.",
    input=closed(
        fld("header", string(VERBATIM)),
        fld("claims", string(VERBATIM)),
        *CONTEXT,
    ),
    outcomes=outcomes(REASONS),
)

MISSING = object()  # marks a member to remove from the baseline

# Severity: a wrong answer on these is a security hole (token acceptance), see Vectors/README.md.
CRITICAL_CLAIMS = ("iss", "aud", "exp", "nonce")

# RFC references for the registered header parameters and claims.
RFC_HEADER = {"alg": "RFC 7515 §4.1.1", "kid": "RFC 7515 §4.1.4", "typ": "RFC 7515 §4.1.9"}
RFC_CLAIM = {
    "iss": "RFC 7519 §4.1.1",
    "sub": "RFC 7519 §4.1.2",
    "aud": "RFC 7519 §4.1.3",
    "exp": "RFC 7519 §4.1.4",
    "iat": "RFC 7519 §4.1.6",
    "jti": "RFC 7519 §4.1.7",
}
RFC_JSON_TEXT = "RFC 8259 §2"
RFC_JSON_NUMBER = "RFC 8259 §6"
RFC_JSON_OBJECT = "RFC 8259 §4"
RFC_JWT_VALIDATION = "RFC 7519 §7.2"
RFC_CNF = ("RFC 7800 §3.1", "RFC 9449 §6.1")

# Decisions (Vectors/DECISIONS.md) and the SDK code (facebook-ios-sdk at v18.1.0) the profile-specific vectors cite.
D_TYP, D_KID, D_UNKNOWN, D_IAT, D_JTI, D_SUB, D_NONCE_EMPTY, D_AUD_EQ, D_NONCE_EQ = (
    "DECISIONS.md D01", "DECISIONS.md D02", "DECISIONS.md D04", "DECISIONS.md D05", "DECISIONS.md D07",
    "DECISIONS.md D08", "DECISIONS.md D09", "DECISIONS.md D10", "DECISIONS.md D11")
D_STRICT_JSON = "DECISIONS.md D18"
D_ISSUER_LIMITED = "DECISIONS.md D54"
SDK_CLAIMS = "FBSDKCoreKit/FBSDKCoreKit/AuthenticationTokenClaims.swift"
SDK_HEADER = "FBSDKLoginKit/FBSDKLoginKit/Internal/AuthenticationTokenHeader.swift"
SDK_HEADER_TYP = f"sdk:{SDK_HEADER}#L24-L27"
SDK_HEADER_KID = f"sdk:{SDK_HEADER}#L25-L28"
SDK_JTI = f"sdk:{SDK_CLAIMS}#L136-L137"
SDK_AUD = f"sdk:{SDK_CLAIMS}#L145-L146"
SDK_IAT = f"sdk:{SDK_CLAIMS}#L133-L134"
SDK_IAT_CHECK = f"sdk:{SDK_CLAIMS}#L151-L152"
SDK_NONCE = f"sdk:{SDK_CLAIMS}#L154-L156"
SDK_SUB = f"sdk:{SDK_CLAIMS}#L158-L159"
OIDC_CLAIMS = "OpenID Connect Core 1.0 §2"
OIDC_VALIDATION = "OpenID Connect Core 1.0 §3.1.3.7"


def text(obj: Any) -> str:
    """The JSON text of a header or claims object, as a token would carry it (compact, UTF-8)."""
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def edit(base: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of base with members set (or removed with MISSING), keeping the baseline's member order."""
    out = dict(base)
    for key, value in changes.items():
        if value is MISSING:
            out.pop(key, None)
        else:
            out[key] = value
    return out


def token(header: Union[Mapping[str, Any], str, None] = None, claims: Union[Mapping[str, Any], str, None] = None,
          nonce: str = NONCE, app_id: str = APP_ID, now: float = NOW) -> dict[str, Any]:
    """The family's input. header / claims: a dict (serialised with text()) or a literal JSON text (str)."""
    header = HEADER if header is None else header
    claims = CLAIMS if claims is None else claims
    return {
        "header": header if isinstance(header, str) else text(header),
        "claims": claims if isinstance(claims, str) else text(claims),
        "expectedNonce": nonce,
        "appID": app_id,
        "now": now,
    }


def required_of(claims: Mapping[str, Any]) -> dict[str, Any]:
    """The required claims of a claims object, values as in the input."""
    return {name: claims[name] for name in REQUIRED}


def accepted(claims: Mapping[str, Any]) -> dict[str, Any]:
    return {"result": "accepted", "claims": claims}


def rejected(reason: str, claim: Optional[str] = None) -> dict[str, Any]:
    out: dict[str, Any] = {"result": "rejected", "reason": reason}
    if claim is not None:
        out["claim"] = claim
    return out


def claim_refs(name: str, *extra: str) -> list[str]:
    refs = [B4]
    if name in RFC_CLAIM:
        refs.append(RFC_CLAIM[name])
    if name == "nonce":
        refs.append(SEED_LIMITED_LOGIN_FR)
    refs.extend(extra)
    return refs


def claim_severity(name: str) -> str:
    return "critical" if name in CRITICAL_CLAIMS else "high"


def vid(group: str, case: str) -> str:
    return f"{FAMILY}::{group}::{case}"


# The rules (Vectors/rules.json) each group of vectors exercises; `extra_rules` adds to them where one vector
# exercises more.
RULES_BY_GROUP = {
    "baseline": ["token.header.alg", "token.header.typ", "token.header.kid", "token.aud"],
    "header-alg": ["token.header.alg"],
    "header-typ": ["token.header.typ"],
    "header-kid": ["token.header.kid"],
    "header-extra": ["token.header.other-members"],
    "malformed-header": ["token.json.object"],
    "malformed-claims": ["token.json.object"],
    "json-text": ["token.json.object"],
    "missing-claim": ["token.claim.required"],
    "wrong-type": ["token.claim.type"],
    "empty-claim": ["token.claim.non-empty"],
    "audience": ["token.aud"],
    "exp": ["token.exp.strict"],
    "iat": ["token.iat.window"],
    "nonce": ["token.nonce"],
    "unknown-claims": ["token.unknown-claims"],
}
ISSUER_RULES = {None: ["token.iss.documented", "token.iss.ios-sdk"], "documented": ["token.iss.documented"],
                "ios-sdk": ["token.iss.ios-sdk"]}


def _vector(id: str, description: str, severity: str, refs: Sequence[str], input: dict[str, Any],
            expected: dict[str, Any], profiles: Optional[Sequence[str]] = None, extra_rules: Sequence[str] = (),
            also_accepted: Optional[Sequence[Mapping[str, Any]]] = None,
            rules: Optional[Sequence[str]] = None) -> dict[str, Any]:
    """vector() with the rules of the ID's group (issuer: per profile; optional: kept or dropped by the outcome)."""
    group = id.split("::")[1]
    if rules is not None:
        rules = list(rules)
    elif group == "issuer":
        rules = ISSUER_RULES[profiles[0] if profiles else None]
    elif group == "iat" and "::future-" in id:
        rules = ["token.iat.future.ios-sdk"]
    elif group == "optional":
        kept = set(expected["claims"]) - set(REQUIRED)
        rules = ["token.optional.kept" if kept else "token.optional.dropped"]
    else:
        rules = RULES_BY_GROUP[group]
    return vector(id, description, severity, refs, input, expected, profiles, rules=rules + list(extra_rules),
                  also_accepted=also_accepted)


def documented_pair(id: str, description_documented: str, description_sdk: str, severity: str,
                    refs_documented: Sequence[str], refs_sdk: Sequence[str], input: dict[str, Any],
                    expected: dict[str, Any], lenient: Sequence[Mapping[str, Any]],
                    rules_documented: Optional[Sequence[str]] = None, rules_sdk: Optional[Sequence[str]] = None,
                    extra_rules: Sequence[str] = ()) -> list[dict[str, Any]]:
    """A documented / ios-sdk pair over one input: both prefer `expected`; the documented reading also accepts
    `lenient` (a check only the SDK makes mandatory, see Vectors/DECISIONS.md)."""
    return [
        _vector(f"{id}.documented", description_documented, severity, refs_documented, input, expected,
                profiles=["documented"], extra_rules=extra_rules, also_accepted=lenient, rules=rules_documented),
        _vector(f"{id}.ios-sdk", description_sdk, severity, refs_sdk, input, expected, profiles=["ios-sdk"],
                extra_rules=extra_rules, rules=rules_sdk),
    ]


# ---------------------------------------------------------------------------------------------------------------
# Baseline.

def baseline_vectors() -> list[dict[str, Any]]:
    return [
        _vector(vid("baseline", "valid"),
               "The baseline token (alg RS256, typ JWT, kid set; every required claim valid, iss "
               "https://www.facebook.com) is accepted and keeps exactly its required claims",
               "high", [B4], token(), accepted(required_of(CLAIMS))),
    ]


# ---------------------------------------------------------------------------------------------------------------
# Header (SPECIFICATION.md §4 "Header"): alg exactly RS256, typ exactly JWT, kid a non-empty string; other members
# ignored. One header member broken per vector.

ALG_CASES = [
    # (case, value, why it is refused)
    ("missing", MISSING, "alg is absent"),
    ("empty", "", "alg is the empty string"),
    ("lower-case", "rs256", "alg rs256 differs from RS256 in case (compared exactly)"),
    ("none", "none", "alg none (unsigned token, CVE-2015-2951) is not RS256"),
    ("none-upper-case", "NONE", "alg NONE (unsigned token in another case) is not RS256"),
    ("hs256", "HS256", "alg HS256 (RS/HS key confusion, CVE-2016-10555) is not RS256"),
    ("rs512", "RS512", "alg RS512 is another RSA algorithm, not RS256"),
    ("ps256", "PS256", "alg PS256 (RSASSA-PSS) is not RS256"),
    ("es256", "ES256", "alg ES256 (ECDSA) is not RS256"),
    ("trailing-space", "RS256 ", "alg with a trailing space is not exactly RS256 (no trimming)"),
    ("number", 256, "alg is a number, not a string"),
    ("null", None, "alg is null, not a string"),
    ("array", ["RS256"], "alg is an array holding RS256, not a string"),
]

TYP_CASES = [
    ("missing", MISSING, "typ is absent"),
    ("empty", "", "typ is the empty string"),
    ("lower-case", "jwt", "typ jwt differs from JWT in case (compared exactly)"),
    ("jws", "JWS", "typ JWS is not JWT"),
    ("at+jwt", "at+jwt", "typ at+jwt (an access-token type) is not JWT"),
    ("number", 1, "typ is a number, not a string"),
    ("null", None, "typ is null, not a string"),
    ("array", ["JWT"], "typ is an array holding JWT, not a string"),
]

KID_CASES = [
    ("missing", MISSING, "kid is absent"),
    ("empty", "", "kid is the empty string"),
    ("number", 1, "kid is a number, not a string"),
    ("null", None, "kid is null, not a string"),
    ("array", ["test-key-1"], "kid is an array holding a key ID, not a string"),
]

HEADER_EXTRA_CASES: list[tuple[str, dict[str, Any], str]] = [
    ("x5t", {"x5t": "hkKuaQ8R1VMBe7YKFg0PXsUZ0Mg"},
     "an extra x5t header member is ignored, so the otherwise valid token is accepted"),
    ("jku", {"jku": "https://attacker.example/jwks.json"},
     "an extra jku header member is ignored (the key is found by kid only), so the token is accepted"),
    ("jwk", {"jwk": {"kty": "RSA", "e": "AQAB", "n": "sXchDaQebHnPiGvyDOAT4saGEUetSyo9MKLOoWFsueri23bOdgWp4Dy1Wl"}},
     "an embedded jwk header member is ignored (the key is found by kid only, CVE-2018-0114), so the token is "
     "accepted"),
]


def header_vectors() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for member, cases, reason, severity in (
        ("alg", ALG_CASES, "headerAlgorithm", "critical"),
        ("typ", TYP_CASES, "headerType", "high"),
        ("kid", KID_CASES, "headerKeyID", "high"),
    ):
        for case, value, why in cases:
            refs = [B4, RFC_HEADER[member]]
            if member == "alg" and case in ("none", "none-upper-case", "hs256"):
                refs.append("RFC 8725 §3.1")
            inp = token(header=edit(HEADER, {member: value}))
            if member == "typ" or (member, case) in (("kid", "missing"), ("kid", "empty")):
                # typ (any check of it) and a kid-less or empty-kid header are SDK rules; the documented reading
                # prefers the refusal and also accepts the token (DECISIONS.md D01, D02).
                decision, sdk_ref = (D_TYP, SDK_HEADER_TYP) if member == "typ" else (D_KID, SDK_HEADER_KID)
                doc_refs = [B4, RFC_HEADER[member], decision] + (
                    ["RFC 7519 §5.1", "RFC 8725 §3.11"] if member == "typ" else ["OpenID Connect Core 1.0 §10.1"])
                lenient_why = ("the documents make typ optional (RFC 7519 §5.1) and compare it case-insensitively "
                               "(RFC 7515 §4.1.9)" if member == "typ" else
                               "kid is optional (RFC 7515 §4.1.4) and only needed to pick among several keys "
                               "(OpenID Connect Core 1.0 §10.1), which this family does not model" if case == "missing"
                               else "an empty kid is still a string (RFC 7515 §4.1.4 leaves its structure unspecified) "
                               "and whether it names a published key is the key lookup, which this family does not "
                               "model")
                out += documented_pair(
                    vid(f"header-{member}", case),
                    f"Header {why}: refused with {reason} (preferred); {lenient_why}, so accepting is lenient",
                    f"Header {why}: the SDK requires "
                    f"{'typ exactly JWT' if member == 'typ' else 'a kid' if case == 'missing' else 'a non-empty kid'}, so the "
                    f"token is refused with {reason}",
                    severity, doc_refs, [B4, RFC_HEADER[member], decision, sdk_ref], inp, rejected(reason),
                    [accepted(required_of(CLAIMS))])
                continue
            out.append(_vector(vid(f"header-{member}", case),
                              f"Header {why}, so the token is refused with {reason}",
                              severity, refs, inp, rejected(reason)))
    for case, extra, description in HEADER_EXTRA_CASES:
        out.append(_vector(vid("header-extra", case), f"Header: {description}", "high", [B4],
                          token(header=edit(HEADER, extra)), accepted(required_of(CLAIMS))))
    return out


# ---------------------------------------------------------------------------------------------------------------
# Not a JSON object (SPECIFICATION.md §4, documented step 1 "payload is a JSON object"; observed "header ... a JSON
# object"). The same texts are tried as the header and as the claims; the other part stays valid.

def malformed_texts(base: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    compact = text(base)
    return [
        # (case, literal text, what it is)
        ("array", "[" + compact + "]", "a JSON array holding the valid object"),
        ("empty-array", "[]", "an empty JSON array"),
        ("string", json.dumps(compact), "a JSON string whose content is the valid object's text"),
        ("number", "1", "the JSON number 1"),
        ("true", "true", "the JSON literal true"),
        ("null", "null", "the JSON literal null"),
        ("empty-text", "", "the empty text"),
        ("unterminated", compact[:-1], "the valid object without its closing brace (invalid JSON)"),
        ("single-quotes", compact.replace('"', "'"), "the valid object written with single quotes (invalid JSON)"),
        ("trailing-comma", compact[:-1] + ",}", "the valid object with a trailing comma (invalid JSON)"),
        ("trailing-garbage", compact + "x", "the valid object followed by garbage (invalid JSON)"),
    ]


def malformed_vectors() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for part, base in (("header", HEADER), ("claims", CLAIMS)):
        for case, literal, what in malformed_texts(base):
            inp = token(header=literal) if part == "header" else token(claims=literal)
            if case == "trailing-comma":
                # RFC 8259 §4 settles the documented reading; the SDK parses with Apple's JSONSerialization, which
                # cannot be run here and most likely accepts a trailing comma (DECISIONS.md D18): documented only.
                out.append(_vector(vid(f"malformed-{part}", f"{case}.documented"),
                                  f"The {part} text is {what}, not a JSON object, so the token is malformed (the "
                                  f"documented reading; the SDK's reading depends on Apple's JSONSerialization, so "
                                  f"no ios-sdk vector)",
                                  "high", [B4, RFC_JWT_VALIDATION, RFC_JSON_OBJECT, D_STRICT_JSON], inp,
                                  rejected("malformed"), profiles=["documented"],
                                  rules=["token.json.trailing-comma.documented"]))
                continue
            out.append(_vector(vid(f"malformed-{part}", case),
                              f"The {part} text is {what}, not a JSON object, so the token is malformed",
                              "high", [B4, RFC_JWT_VALIDATION], inp, rejected("malformed")))
    # JSON allows whitespace around a value (RFC 8259 §2): still a JSON object.
    for part, base in (("header", HEADER), ("claims", CLAIMS)):
        literal = " \n\t" + text(base) + "\r\n "
        inp = token(header=literal) if part == "header" else token(claims=literal)
        out.append(_vector(vid("json-text", f"{part}-surrounding-whitespace"),
                          f"The {part} text is a JSON object surrounded by JSON whitespace (space, LF, TAB, CR), "
                          f"still a JSON object, so the token is accepted",
                          "medium", [B4, RFC_JSON_TEXT], inp, accepted(required_of(CLAIMS))))
    return out


# ---------------------------------------------------------------------------------------------------------------
# Required claims (SPECIFICATION.md §4 table): present, right JSON type, non-empty where the rule says so.

STRING_CLAIMS = ("jti", "iss", "aud", "nonce", "sub")
NUMBER_CLAIMS = ("exp", "iat")

# A number standing in for each string claim (all below 2^53).
NUMBER_FOR = {"jti": 1, "iss": 1, "aud": 1234567890, "nonce": 12345, "sub": 101578346200915}


def wrong_types(name: str) -> list[tuple[str, Any, str]]:
    """(case, value, description) of wrong JSON types for a required claim."""
    value = CLAIMS[name]
    if name in STRING_CLAIMS:
        number = NUMBER_FOR[name]
        note = " (numerically the app ID)" if name == "aud" else ""
        return [
            ("null", None, "null"),
            ("number", number, f"the number {number}{note}"),
            ("bool", True, "the boolean true"),
            ("array", [value], f"an array holding the valid value {json.dumps(value)}"),
            ("object", {"value": value}, "an object wrapping the valid value"),
        ]
    return [
        ("null", None, "null"),
        ("string", str(value), f"the string \"{value}\" (digits of a valid time, not a JSON number)"),
        ("bool", True, "the boolean true"),
        ("array", [value], f"an array holding the valid value {value}"),
        ("object", {"value": value}, "an object wrapping the valid value"),
    ]


JTI_ONLY_SDK = "the SDK requires jti (a non-empty string); the documents do not (DECISIONS.md D07), so this is an " \
               "ios-sdk vector only"


def _jti_vector(id: str, description: str, severity: str, input: dict[str, Any], expected: dict[str, Any],
                rules: Sequence[str]) -> dict[str, Any]:
    """A jti rule holds under ios-sdk only (DECISIONS.md D07): the documented reading has no jti requirement, and the
    family's accepted outcome always carries jti, so no documented vector can state its outcome."""
    return _vector(f"{id}.ios-sdk", f"{description}; {JTI_ONLY_SDK}", severity,
                   [B4, RFC_CLAIM["jti"], D_JTI, SDK_JTI], input, expected, profiles=["ios-sdk"],
                   rules=rules)


# An aud array (DECISIONS.md D54). Facebook's validating page types aud as a string and the SDK casts it to one, so
# an array is preferred refused (wrongClaimType) in both readings. RFC 7519 §4.1.3 and OpenID Connect Core 1.0 §2
# allow an array, and OpenID Connect Core 1.0 §3.1.3.7 item 3 refuses one that lacks the client or lists an audience
# the client does not trust: under documented an array holding only the app ID may also be accepted, and the other
# arrays may also be refused as audience (the reason of a validator that reads arrays).
AUD_ARRAYS: tuple[tuple[str, list[str], str, str], ...] = (
    ("aud.array", [APP_ID], "an array holding only the app ID", "accepted"),
    ("aud.array-with-other", [APP_ID, "1234567891"], "an array holding the app ID and another audience", "audience"),
    ("aud.array-other-first", ["1234567891", APP_ID], "an array holding another audience, then the app ID",
     "audience"),
    ("aud.empty-array", [], "an empty array", "audience"),
)
D_AUD_ARRAY = "DECISIONS.md D54"


def aud_array_vectors() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for case, value, what, lenient in AUD_ARRAYS:
        claims = edit(CLAIMS, {"aud": value})
        # The accepted outcome's aud is a string (TokenClaims): a validator that accepts the array reports the app ID
        # it matched (DECISIONS.md D54).
        other = [accepted(required_of(CLAIMS))] if lenient == "accepted" else [rejected("audience")]
        lenient_text = ("an array that lists the client is allowed there, so accepting it is lenient"
                        if lenient == "accepted" else
                        "a validator that reads arrays refuses this one as the wrong audience")
        out += documented_pair(
            vid("wrong-type", case),
            f"Required claim aud is {what}: refused as the wrong type (preferred: Facebook's page types aud as a "
            f"string); RFC 7519 §4.1.3 and OpenID Connect Core 1.0 §2 allow an aud array, and {lenient_text}",
            f"Required claim aud is {what}: the SDK casts aud to a string, so it has the wrong type",
            "critical", claim_refs("aud", OIDC_CLAIMS, OIDC_VALIDATION, D_AUD_ARRAY),
            claim_refs("aud", D_AUD_ARRAY, SDK_AUD), token(claims=claims), rejected("wrongClaimType", "aud"), other,
            extra_rules=["token.aud.array"])
    return out


def required_claim_vectors() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for name in REQUIRED:
        description = f"Required claim {name} is absent, so the token is refused with missingClaim"
        inp = token(claims=edit(CLAIMS, {name: MISSING}))
        if name == "jti":
            out.append(_jti_vector(vid("missing-claim", name), description, claim_severity(name), inp,
                                   rejected("missingClaim", name), ["token.claim.jti.ios-sdk"]))
            continue
        refs = claim_refs(name, OIDC_CLAIMS) if name in ("sub", "iat") else claim_refs(name)
        out.append(_vector(vid("missing-claim", name), description, claim_severity(name), refs, inp,
                           rejected("missingClaim", name)))
    for name in REQUIRED:
        kind = "string" if name in STRING_CLAIMS else "JSON number"
        for case, value, what in wrong_types(name):
            description = f"Required claim {name} is {what}, not a {kind}, so it has the wrong type"
            inp = token(claims=edit(CLAIMS, {name: value}))
            if name == "jti":
                out.append(_jti_vector(vid("wrong-type", f"{name}.{case}"), description, claim_severity(name), inp,
                                       rejected("wrongClaimType", name), ["token.claim.jti.ios-sdk"]))
                continue
            if (name, case) == ("aud", "array"):
                continue  # an aud array: below, with what each reading allows (DECISIONS.md D54)
            out.append(_vector(vid("wrong-type", f"{name}.{case}"), description,
                              claim_severity(name), claim_refs(name),
                              inp, rejected("wrongClaimType", name)))
    out += aud_array_vectors()
    # Empty strings: jti, sub, nonce must be non-empty under ios-sdk (empty iss / aud fail the issuer / audience
    # rules instead). The documents: jti is not required (D07), sub is a string with no minimum length (D08), and an
    # empty nonce claim simply differs from the expected nonce (D09).
    out.append(_jti_vector(vid("empty-claim", "jti"),
                           "Required claim jti is the empty string, which the non-empty rule refuses",
                           claim_severity("jti"), token(claims=edit(CLAIMS, {"jti": ""})),
                           rejected("emptyClaim", "jti"), ["token.claim.jti.ios-sdk"]))
    # sub: an identifier for the end-user (OpenID Connect Core 1.0 §2), so "" is refused in both readings (D08).
    out.append(_vector(vid("empty-claim", "sub"),
                       "Required claim sub is the empty string, which identifies no end-user, so the non-empty rule "
                       "refuses it",
                       claim_severity("sub"), claim_refs("sub", OIDC_CLAIMS, D_SUB, SDK_SUB),
                       token(claims=edit(CLAIMS, {"sub": ""})), rejected("emptyClaim", "sub")))
    out += documented_pair(
        vid("empty-claim", "nonce"),
        "Required claim nonce is the empty string: refused with emptyClaim (preferred); the documents only compare it "
        "with the expected nonce, so nonceMismatch is also accepted",
        "Required claim nonce is the empty string: the SDK checks that the nonce is non-empty before comparing it, so "
        "the token is refused with emptyClaim",
        claim_severity("nonce"), claim_refs("nonce", D_NONCE_EMPTY), claim_refs("nonce", D_NONCE_EMPTY, SDK_NONCE),
        token(claims=edit(CLAIMS, {"nonce": ""})), rejected("emptyClaim", "nonce"), [rejected("nonceMismatch")])
    # DECISIONS.md D44: an empty EXPECTED nonce as well. No configuration holds one (§1 refuses it), so
    # an empty nonce claim still does not validate, although the two strings are equal.
    # DECISIONS.md D54 revises D44 here: under documented a conforming request never holds an empty nonce, and a
    # validator that only compares finds "" equal to "", so accepting is acceptable too.
    claims = edit(CLAIMS, {"nonce": ""})
    out += documented_pair(
        vid("empty-claim", "nonce-and-expected-nonce-empty"),
        "Required claim nonce and the expected nonce are both empty: refused with emptyClaim (preferred) or "
        "nonceMismatch; no conforming request sends an empty nonce (§1 refuses one), and a validator that only "
        "compares finds the equal strings equal, so accepting is lenient",
        "Required claim nonce and the expected nonce are both empty: the SDK checks that the nonce is non-empty "
        "before comparing, so the equal strings do not help: emptyClaim",
        claim_severity("nonce"), claim_refs("nonce", D_NONCE_EMPTY, "DECISIONS.md D44", D_AUD_ARRAY),
        claim_refs("nonce", D_NONCE_EMPTY, SDK_NONCE, "DECISIONS.md D44"),
        token(claims=claims, nonce=""), rejected("emptyClaim", "nonce"),
        [rejected("nonceMismatch"), accepted(required_of(claims))])
    # Non-empty means non-empty, not non-blank: no trimming.
    claims = edit(CLAIMS, {"jti": " "})
    out.append(_vector(vid("empty-claim", "jti-single-space"),
                      "Required claim jti is a single space: a non-empty string (no trimming), so the token is "
                      "accepted",
                      "medium", claim_refs("jti"), token(claims=claims), accepted(required_of(claims))))
    # The same for sub (completeness blind round 2: a validator that tested sub.strip() passed every vector).
    # And a sub that starts with U+0000 (the differential fuzzer: C libraries read a string up to its first NUL, so
    # they see it empty or refuse it; in JSON it is the escape \u0000, a character like any other, RFC 8259 §7).
    for case, sub, what in (("sub-single-space", " ", "a single space"), ("sub-tab", "\t", "a tab"),
                            ("sub-leading-nul", "\u000010157834620091592",
                             "U+0000 then the user ID (the JSON escape \\u0000)")):
        claims = edit(CLAIMS, {"sub": sub})
        out.append(_vector(vid("empty-claim", case),
                           f"Required claim sub is {what}: a non-empty string (no trimming), so the token is accepted",
                           "medium", claim_refs("sub"), token(claims=claims), accepted(required_of(claims))))
    return out


# ---------------------------------------------------------------------------------------------------------------
# Issuer (SPECIFICATION.md §4 iss row, §8). documented: exactly https://www.facebook.com or
# https://limited.facebook.com. ios-sdk: the URL's host (Foundation URL) is facebook.com or ends with
# .facebook.com, case-sensitive, scheme and path not checked. Only values whose URL host every common parser agrees
# on are used (no backslashes, percent-encoding, IDN or empty labels; a trailing dot is kept by every parser as part
# of the host, DECISIONS.md D42).

# Issuers the documented list refuses but the ios-sdk host rule accepts: one vector per profile.
ISSUER_PROFILE_SPLIT = [
    # (case, iss, what the URL is)
    ("apex-host", "https://facebook.com", "host facebook.com itself"),
    ("m-host", "https://m.facebook.com", "host m.facebook.com"),
    ("graph-host", "https://graph.facebook.com", "host graph.facebook.com"),
    ("nested-subdomain", "https://a.b.facebook.com", "host a.b.facebook.com, two labels deep"),
    ("http-scheme", "http://www.facebook.com", "scheme http with host www.facebook.com"),
    ("upper-case-scheme", "HTTPS://www.facebook.com", "upper-case scheme with host www.facebook.com"),
    ("ftp-scheme", "ftp://www.facebook.com", "scheme ftp with host www.facebook.com"),
    ("trailing-slash", "https://www.facebook.com/", "host www.facebook.com with a trailing slash"),
    ("limited-trailing-slash", "https://limited.facebook.com/", "host limited.facebook.com with a trailing slash"),
    ("path", "https://www.facebook.com/some/path", "host www.facebook.com with a path"),
    ("query", "https://www.facebook.com/?x=1", "host www.facebook.com with a query"),
    ("explicit-port", "https://www.facebook.com:443", "host www.facebook.com with an explicit port 443"),
    ("userinfo", "https://user@www.facebook.com", "userinfo user@ before host www.facebook.com"),
    # DECISIONS.md D42: a port other than the scheme's, userinfo with a password, and upper case only
    # in the labels before .facebook.com, which the SDK's case-sensitive suffix test does not see.
    ("other-port", "https://www.facebook.com:8443", "host www.facebook.com with port 8443"),
    ("userinfo-password", "https://user:secret@www.facebook.com",
     "userinfo user:secret@ before host www.facebook.com"),
    ("upper-case-subdomain", "https://WWW.facebook.com",
     "host WWW.facebook.com, upper case only before .facebook.com"),
]

# Issuers both readings refuse: not in the documented list, and no host facebook.com / *.facebook.com.
ISSUER_REFUSED = [
    ("not-prefix", "https://notfacebook.com", "host notfacebook.com does not end with .facebook.com"),
    ("evil-prefix", "https://evilfacebook.com", "host evilfacebook.com does not end with .facebook.com"),
    ("suffix-domain", "https://facebook.com.evil.com", "host facebook.com.evil.com is under evil.com"),
    ("www-suffix-domain", "https://www.facebook.com.evil.com", "host www.facebook.com.evil.com is under evil.com"),
    ("label-in-other-domain", "https://facebook.evil.com", "host facebook.evil.com is under evil.com"),
    ("other-tld", "https://www.facebook.co", "host www.facebook.co is another domain"),
    ("other-provider", "https://accounts.google.com", "host accounts.google.com is another provider"),
    ("userinfo-apex", "https://facebook.com@evil.com", "facebook.com is userinfo, the host is evil.com"),
    ("userinfo-www", "https://www.facebook.com@evil.com", "www.facebook.com is userinfo, the host is evil.com"),
    ("path-lookalike", "https://evil.com/www.facebook.com", "www.facebook.com is in the path, the host is evil.com"),
    ("query-lookalike", "https://evil.com?.facebook.com", ".facebook.com is in the query, the host is evil.com"),
    ("fragment-lookalike", "https://evil.com#.facebook.com",
     ".facebook.com is in the fragment, the host is evil.com"),
    ("upper-case-host", "https://WWW.FACEBOOK.COM", "host WWW.FACEBOOK.COM differs in case (compared exactly)"),
    ("mixed-case-host", "https://www.Facebook.com", "host www.Facebook.com differs in case (compared exactly)"),
    ("no-scheme-www", "www.facebook.com", "www.facebook.com without a scheme is a relative path with no host"),
    ("no-scheme-apex", "facebook.com", "facebook.com without a scheme is a relative path with no host"),
    ("scheme-only", "https://", "https:// has no host"),
    # DECISIONS.md D42: a trailing dot names the same DNS host, but the host string differs and neither
    # reading normalises it (the documented list is exact; the SDK's suffix test sees "facebook.com.").
    ("trailing-dot-www", "https://www.facebook.com.", "host www.facebook.com. ends with a dot, not with .facebook.com"),
    ("trailing-dot-apex", "https://facebook.com.", "host facebook.com. is not facebook.com (a trailing dot)"),
    ("trailing-dot-port", "https://www.facebook.com.:443", "host www.facebook.com. (a trailing dot, then a port)"),
    ("upper-case-apex-suffix", "https://www.facebook.COM",
     "host www.facebook.COM: the suffix .facebook.com is compared case-sensitively"),
    ("empty", "", "the empty string has no host"),
]


def issuer_vectors() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    # DECISIONS.md D54: https://limited.facebook.com rests on Facebook's endpoint URLs only, while the discovery
    # document names https://www.facebook.com and OpenID Connect compares the issuer exactly: documented also accepts
    # a refusal.
    claims = edit(CLAIMS, {"iss": ISS_LIMITED})
    out.append(_vector(vid("issuer", "limited-facebook.documented"),
                      "iss https://limited.facebook.com: accepted (preferred: Facebook's endpoints are on that host); "
                      "a validator that requires exactly the discovery document's issuer, https://www.facebook.com, "
                      "may refuse it",
                      "high", claim_refs("iss", B8, OIDC_VALIDATION, D_ISSUER_LIMITED), token(claims=claims),
                      accepted(required_of(claims)), profiles=["documented"], also_accepted=[rejected("issuer")]))
    out.append(_vector(vid("issuer", "limited-facebook.ios-sdk"),
                      "iss https://limited.facebook.com has a .facebook.com host, so the SDK accepts the token",
                      "high", claim_refs("iss", B8, D_ISSUER_LIMITED), token(claims=claims),
                      accepted(required_of(claims)), profiles=["ios-sdk"]))
    for case, iss, what in ISSUER_PROFILE_SPLIT:
        claims = edit(CLAIMS, {"iss": iss})
        out.append(_vector(vid("issuer", f"{case}.documented"),
                          f"iss {iss} ({what}) is not exactly one of the two documented issuers, so the documented "
                          f"reading refuses it",
                          "critical", claim_refs("iss", B8), token(claims=claims), rejected("issuer"),
                          profiles=["documented"]))
        out.append(_vector(vid("issuer", f"{case}.ios-sdk"),
                          f"iss {iss} ({what}): its URL host is facebook.com or ends with .facebook.com and the SDK "
                          f"compares only the host, so the ios-sdk reading accepts it",
                          "high", claim_refs("iss", B8), token(claims=claims), accepted(required_of(claims)),
                          profiles=["ios-sdk"]))
    for case, iss, why in ISSUER_REFUSED:
        out.append(_vector(vid("issuer", case),
                          f"iss {json.dumps(iss)}: {why} and it is not a documented issuer, so both readings refuse "
                          f"it",
                          "critical", claim_refs("iss", B8), token(claims=edit(CLAIMS, {"iss": iss})),
                          rejected("issuer")))
    return out


# ---------------------------------------------------------------------------------------------------------------
# Audience (SPECIFICATION.md §4 aud row): a string exactly equal to the app ID, compared code point by code point.

AUDIENCE_REFUSED = [
    ("other-app", "1234567891", "another app ID"),
    ("prefix", "123456789", "a prefix of the app ID"),
    ("extended", "12345678901", "the app ID with a digit appended"),
    ("suffix", "234567890", "a suffix of the app ID"),
    ("leading-zero", "01234567890", "the app ID with a leading zero (equal as a number, not as a string)"),
    ("leading-space", " 1234567890", "the app ID with a leading space (no trimming)"),
    ("trailing-space", "1234567890 ", "the app ID with a trailing space (no trimming)"),
    ("trailing-newline", "1234567890\n", "the app ID with a trailing LF (no trimming)"),
    ("fullwidth-digits", "\uff11\uff12\uff13\uff14\uff15\uff16\uff17\uff18\uff19\uff10",
     "the app ID in fullwidth digits U+FF10-U+FF19 (no normalisation)"),
    ("comma-list", "1234567890,1234567891", "a comma-separated list starting with the app ID"),
    ("empty", "", "the empty string"),
]


def audience_vectors() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for case, aud, what in AUDIENCE_REFUSED:
        out.append(_vector(vid("audience", case),
                          f"aud is {what}, a string other than the app ID, so the token is refused",
                          "critical", claim_refs("aud"), token(claims=edit(CLAIMS, {"aud": aud})),
                          rejected("audience")))
    # Exact code points, no Unicode normalisation (Swift's String == equates canonically equivalent strings). Real
    # app IDs are digits, but the rule is string equality: a validator that compares with == fails here.
    nfc = "app-caf\u00e9"
    nfd = "app-cafe\u0301"
    claims = edit(CLAIMS, {"aud": nfc})
    out.append(_vector(vid("audience", "non-ascii-exact"),
                       "aud and the app ID are the same non-ASCII string (U+00E9), so the token is accepted",
                       "high", claim_refs("aud"), token(claims=claims, app_id=nfc), accepted(required_of(claims))))
    claims = edit(CLAIMS, {"aud": nfd})
    out.append(_vector(vid("audience", "nfd-versus-nfc.documented"),
                       "aud is e + U+0301 (NFD) where the app ID has U+00E9 (NFC): canonically equivalent but other "
                       "code points, and RFC 7519 compares StringOrURI values without canonicalization, so aud is not "
                       "the app ID",
                       "critical", claim_refs("aud", "RFC 7519 §2", "RFC 7519 §7.3", D_AUD_EQ),
                       token(claims=claims, app_id=nfc), rejected("audience"), profiles=["documented"],
                       rules=["token.aud.code-points.documented"]))
    out.append(_vector(vid("audience", "nfd-versus-nfc.ios-sdk"),
                       "aud is e + U+0301 (NFD) where the app ID has U+00E9 (NFC): the SDK compares with Swift's "
                       "String ==, which equates canonically equivalent strings, so aud matches and the token is "
                       "accepted",
                       "high", claim_refs("aud", D_AUD_EQ, SDK_AUD), token(claims=claims, app_id=nfc),
                       accepted(required_of(claims)), profiles=["ios-sdk"],
                       rules=["token.aud.canonical.ios-sdk"]))
    return out


# ---------------------------------------------------------------------------------------------------------------
# exp (SPECIFICATION.md §4 exp row): a JSON number with exp > now, strictly; fractions are JSON numbers too.

EXP_ACCEPTED = [
    ("one-second-left", NOW + 1, "now + 1, later than now"),
    ("half-second-left", NOW + 0.5, "now + 0.5 (a fractional JSON number), later than now"),
    ("year-9999", 253402300799, "253402300799 (9999-12-31T23:59:59Z), far later than now"),
]
EXP_EXPIRED = [
    ("equal-now", NOW, "exactly now, and exp == now is expired (strict comparison)"),
    ("half-second-ago", NOW - 0.5, "now - 0.5 (a fractional JSON number), not later than now"),
    ("one-second-ago", NOW - 1, "now - 1, not later than now"),
    ("zero", 0, "0 (1970), not later than now"),
    ("negative", -1, "-1, not later than now"),
]


def exp_vectors() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for case, exp, what in EXP_ACCEPTED:
        claims = edit(CLAIMS, {"exp": exp})
        out.append(_vector(vid("exp", case), f"exp is {what}, so the token is accepted",
                          "high", claim_refs("exp"), token(claims=claims), accepted(required_of(claims))))
    # The same number in exponent notation is still a JSON number (literal text: json.dumps would not write it).
    literal = text(CLAIMS).replace(f'"exp":{NOW + 3600}', '"exp":1.7672292E9')
    assert literal != text(CLAIMS)
    out.append(_vector(vid("exp", "exponent-notation"),
                      "exp is written 1.7672292E9 (now + 3600 in exponent notation), a JSON number later than now, "
                      "so the token is accepted",
                      "high", claim_refs("exp", RFC_JSON_NUMBER), token(claims=literal),
                      accepted(required_of(CLAIMS)), extra_rules=["token.claim.type"]))
    for case, exp, what in EXP_EXPIRED:
        out.append(_vector(vid("exp", case), f"exp is {what}, so the token is expired",
                          "critical", claim_refs("exp"), token(claims=edit(CLAIMS, {"exp": exp})),
                          rejected("expired")))
    return out


# ---------------------------------------------------------------------------------------------------------------
# NumericDates at the edges (SPECIFICATION.md §4, token.jose.numbers): the literal text of one claim in the baseline
# claims, the value it stands for when accepted (else None), accepted or the refusal, and what it is. signed-token
# signs every case; this family takes the exp cases of both profiles that no other group here has already.

NUMBERS: list[tuple[str, str, Any, Any, str]] = [
    ("exp-above-2-pow-53", f'"exp":{2 ** 53 + 1}', 2 ** 53 + 1, accepted,
     "exp is 2^53 + 1 (beyond exact doubles) is later than now, so accepted"),
    ("exp-2-pow-63", f'"exp":{2 ** 63}', 2 ** 63, accepted,
     "exp is 2^63 (one beyond int64; must not wrap negative) is later than now, so accepted"),
    ("exp-above-uint64", f'"exp":{2 ** 64 + 1}', 2 ** 64 + 1, accepted,
     "exp is 2^64 + 1 (beyond uint64; must not wrap) is later than now, so accepted"),
    ("exp-fraction", f'"exp":{NOW + 3600}.5', NOW + 3600.5, accepted,
     "exp is a fraction (now + 3600.5), a JSON number later than now, so accepted"),
    ("exp-exponent", '"exp":1.7672292E9', NOW + 3600, accepted,
     "exp is 1.7672292E9 (exponent notation for now + 3600), so accepted"),
    ("exp-below-int64", f'"exp":{-(2 ** 63) - 1}', None, "expired",
     "exp is -2^63 - 1 (below int64; must not wrap positive) is not later than now, so expired"),
    ("exp-negative", '"exp":-1', None, "expired", "exp is -1 is not later than now, so expired"),
    ("exp-negative-fraction", f'"exp":-{NOW + 3600}.5', None, "expired",
     "exp is negative (-(now + 3600.5)) is not later than now, so expired"),
    ("iat-far-past-huge", f'"iat":{-(2 ** 64)}', None, "issuedTooLongAgo",
     "iat is -2^64 was issued too long ago"),
    # Completeness blind round 1: a validator reading exp through Int(exactly:) or an int64 saw 0 and said expired.
    # Exponent notation makes it a double in every parser (10^19 is one exactly), so the SDK's `as? Double` holds it.
    ("exp-1e19", '"exp":1E19', 10 ** 19, accepted,
     "exp is 1E19 (exponent notation, beyond int64) is later than now, so accepted"),
]


def number_literal(replacement: str) -> tuple[str, str]:
    """The claim a NUMBERS case replaces, and the baseline claims' text with its literal in place."""
    claim = replacement.split(":")[0].strip('"')
    literal = text(CLAIMS).replace(f'"{claim}":{CLAIMS[claim]}', replacement)
    assert literal != text(CLAIMS)
    return claim, literal


# The cases whose value no double holds exactly, which the SDK reads `as? Double` (DECISIONS.md D14, D62): each
# profile's vector, the ios-sdk one expecting the nearest double the SDK's claims carry (the exact value also
# accepted). 2^53 + 1 has a documented vector only (D14).
DOUBLE_READ = ("exp-above-uint64",)
R_NUMBERS_DOUBLE_SDK = "token.jose.numbers.double.ios-sdk"


def double_of(value: float) -> int:
    """The nearest double of an integer, as the integer it is (2^64 + 1 -> 2^64)."""
    return int(float(value))


# (profile suffix, description, expected, rules, also accepted)
NumberReading = tuple[str, str, dict[str, Any], list[str], Optional[list[dict[str, Any]]]]


def number_readings(case: str, claim: str, value: float, what: str) -> tuple[NumberReading, NumberReading]:
    """The (profile suffix, description, expected, rules, also accepted) of a DOUBLE_READ case, documented then
    ios-sdk."""
    exact = accepted(required_of(edit(CLAIMS, {claim: value})))
    rounded = accepted(required_of(edit(CLAIMS, {claim: double_of(value)})))
    rules = ["token.exp.strict", "token.jose.numbers"]
    return (
        ("documented", f"{what}, its value compared exactly (the documented reading)", exact, rules, None),
        ("ios-sdk", f"{what}: the SDK reads it `as? Double`, so its claims carry {double_of(value)}, the nearest "
                    f"double (the exact value also accepted)", rounded, rules + [R_NUMBERS_DOUBLE_SDK], [exact]),
    )


def number_vectors(earlier: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The NUMBERS cases on exp that hold in both profiles, except those whose input an `earlier` vector has."""
    inputs = [v["input"] for v in earlier]
    out: list[dict[str, Any]] = []
    for case, replacement, value, outcome, what in NUMBERS:
        claim, literal = number_literal(replacement)
        if claim != "exp" or case == "exp-above-2-pow-53" or token(claims=literal) in inputs:
            continue
        if case in DOUBLE_READ:
            for profile, description, expected, rules, also in number_readings(case, claim, value, what):
                out.append(vector(vid("numbers", f"{case}.{profile}"), description, "critical",
                                  claim_refs("exp", RFC_JSON_NUMBER, "DECISIONS.md D14", "DECISIONS.md D62"),
                                  token(claims=literal), expected, [profile], rules=rules, also_accepted=also))
            continue
        expected = accepted(required_of(edit(CLAIMS, {claim: value}))) if outcome is accepted else rejected(outcome)
        out.append(_vector(vid("numbers", case), f"{what} (token.jose.numbers: compared by value)", "critical",
                           claim_refs("exp", RFC_JSON_NUMBER), token(claims=literal), expected,
                           rules=["token.exp.strict", "token.jose.numbers"]))
    return out


def now_vectors() -> list[dict[str, Any]]:
    """now is a NumericDate too (completeness blind round 1: a validator truncating now to whole seconds passed every
    vector, whose now was a whole second). Where exact comparison beyond a double's precision would decide (now 2^53,
    exp 2^53 + 1) there is no vector: RFC 8259 §6 lets an implementation keep numbers to binary64 precision."""
    later, earlier = NOW + 0.75, NOW + 0.25
    out = [
        _vector(vid("exp", "half-second-before-fractional-now"),
                f"now is {later} (a fraction) and exp {NOW + 0.5}: exp is not later than now, so the token is expired "
                f"(truncating now to {NOW} would accept it)", "critical", claim_refs("exp", RFC_JSON_NUMBER),
                token(claims=edit(CLAIMS, {"exp": NOW + 0.5}), now=later), rejected("expired"),
                extra_rules=["token.jose.numbers"]),
        _vector(vid("exp", "quarter-second-after-fractional-now"),
                f"now is {earlier} (a fraction) and exp {NOW + 0.5}: exp is later than now, so the token is accepted "
                f"(rounding now up to {NOW + 1} would expire it)", "high", claim_refs("exp", RFC_JSON_NUMBER),
                token(claims=edit(CLAIMS, {"exp": NOW + 0.5}), now=earlier),
                accepted(required_of(edit(CLAIMS, {"exp": NOW + 0.5}))), extra_rules=["token.jose.numbers"]),
    ]
    return out


# ---------------------------------------------------------------------------------------------------------------
# iat (SPECIFICATION.md §4 iat row, §8): a JSON number with iat >= now - IAT_WINDOW. A future iat: the SDK has no upper bound
# (ios-sdk: accepted); the documentation states nothing about it, so there is no documented vector for it.

# The IDs say ten minutes, the SDK's window when they were written: IDs never change, the values follow the rule.
_BOUND = f"the {IAT_WINDOW // 60}-minute bound"
IAT_ACCEPTED = [
    ("ten-minutes-ago", NOW - IAT_WINDOW,
     f"now - {IAT_WINDOW}, exactly at {_BOUND} (iat >= now - {IAT_WINDOW})"),
    ("under-ten-minutes-fraction", NOW - IAT_WINDOW + 0.5, f"now - {IAT_WINDOW - 0.5}, a fraction inside {_BOUND}"),
    ("equal-now", NOW, "exactly now"),
]
IAT_REFUSED = [
    ("ten-minutes-one-second-ago", NOW - IAT_WINDOW - 1, f"now - {IAT_WINDOW + 1}, one second beyond {_BOUND}"),
    ("over-ten-minutes-fraction", NOW - IAT_WINDOW - 0.5, f"now - {IAT_WINDOW + 0.5}, a fraction beyond {_BOUND}"),
    ("one-day-ago", NOW - 86400, "now - 86400, a day before now"),
    ("zero", 0, "0 (1970)"),
]
IAT_FUTURE = [
    ("future-one-second", NOW + 1, "now + 1"),
    ("future-one-hour", NOW + 3600, "now + 3600 (equal to exp)"),
]


def iat_vectors() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for case, iat, what in IAT_ACCEPTED:
        claims = edit(CLAIMS, {"iat": iat})
        out.append(_vector(vid("iat", case), f"iat is {what}, so the token is accepted",
                          "high", claim_refs("iat"), token(claims=claims), accepted(required_of(claims))))
    for case, iat, what in IAT_REFUSED:
        claims = edit(CLAIMS, {"iat": iat})
        out += documented_pair(
            vid("iat", case),
            f"iat is {what}: refused as issued too long ago (preferred); OpenID Connect Core 1.0 §3.1.3.7 leaves the "
            f"acceptable iat range to the client, so accepting it is lenient",
            f"iat is {what}: the SDK accepts iat no older than {IAT_WINDOW} seconds, so the token was issued too long "
            "ago",
            "high", claim_refs("iat", OIDC_VALIDATION, D_IAT), claim_refs("iat", D_IAT, SDK_IAT, SDK_IAT_CHECK),
            token(claims=claims), rejected("issuedTooLongAgo"), [accepted(required_of(claims))])
    for case, iat, what in IAT_FUTURE:
        claims = edit(CLAIMS, {"iat": iat})
        out.append(_vector(vid("iat", f"{case}.ios-sdk"),
                          f"iat is {what}, in the future: the SDK sets no upper bound, so the ios-sdk reading "
                          f"accepts it (the documentation states nothing, so no documented vector)",
                          "high", claim_refs("iat", B8, "DECISIONS.md D06", SDK_IAT_CHECK), token(claims=claims),
                          accepted(required_of(claims)), profiles=["ios-sdk"]))
    return out


# ---------------------------------------------------------------------------------------------------------------
# nonce (SPECIFICATION.md §4 nonce row): exactly equal to the expected nonce, code point by code point.

NONCE_MISMATCH = [
    ("lower-case", NONCE.lower(), "the expected nonce in lower case"),
    ("upper-case", NONCE.upper(), "the expected nonce in upper case"),
    ("leading-space", " " + NONCE, "the expected nonce with a leading space (no trimming)"),
    ("trailing-space", NONCE + " ", "the expected nonce with a trailing space (no trimming)"),
    ("trailing-newline", NONCE + "\n", "the expected nonce with a trailing LF (no trimming)"),
    ("trailing-zero-width-space", NONCE + "\u200b", "the expected nonce with a trailing U+200B ZERO WIDTH SPACE"),
    ("prefix", NONCE[:-1], "the expected nonce without its last character"),
    ("extended", NONCE + "x", "the expected nonce with a character appended"),
    ("cyrillic-em", NONCE.replace("M", "\u041c"),
     "the expected nonce with its M replaced by the look-alike U+041C CYRILLIC CAPITAL LETTER EM"),
    ("other", "n-7Hq2LmP9xKcA", "another nonce of the same shape"),
    # Compatibility forms (completeness blind round 2: a validator comparing NFKC forms passed every vector): NFKC
    # maps each to the expected nonce, canonical equivalence (the SDK's String ==) does not, code points do not.
    ("fullwidth-letter", "\uff4e" + NONCE[1:],
     "the expected nonce with its n written as U+FF4E FULLWIDTH LATIN SMALL LETTER N (NFKC maps it to n)"),
    ("superscript-digit", NONCE.replace("6", "\u2076"),
     "the expected nonce with its 6 written as U+2076 SUPERSCRIPT SIX (NFKC maps it to 6)"),
]


def nonce_vectors() -> list[dict[str, Any]]:
    refs = claim_refs("nonce", SEED_LIMITED_LOGIN_VI)
    out: list[dict[str, Any]] = []
    for case, nonce, what in NONCE_MISMATCH:
        out.append(_vector(vid("nonce", case), f"nonce is {what}, so it does not match",
                          "critical", refs, token(claims=edit(CLAIMS, {"nonce": nonce})),
                          rejected("nonceMismatch")))
    # DECISIONS.md D44: an empty expected nonce matches no nonce; a validator that skips the comparison
    # when it expects nothing accepts the token.
    out.append(_vector(vid("nonce", "empty-expected-nonce"),
                       "the expected nonce is empty and the claim is a real nonce: they differ, so it does not match "
                       "(an empty expected nonce is no reason to skip the comparison)",
                       "critical", [*refs, "DECISIONS.md D44"], token(nonce=""), rejected("nonceMismatch")))
    # Non-ASCII nonces: exact code points, no Unicode normalisation.
    nfc = "n-caf\u00e9-42"
    nfd = "n-cafe\u0301-42"
    claims = edit(CLAIMS, {"nonce": nfc})
    out.append(_vector(vid("nonce", "non-ascii-exact"),
                      "nonce and expected nonce are the same non-ASCII string (U+00E9), so the token is accepted",
                      "high", refs, token(claims=claims, nonce=nfc), accepted(required_of(claims))))
    claims = edit(CLAIMS, {"nonce": nfd})
    out.append(_vector(vid("nonce", "nfd-versus-nfc.documented"),
                      "nonce is e + U+0301 (NFD) where the expected nonce has U+00E9 (NFC): JWT strings compare code "
                      "point by code point without normalisation, so it does not match",
                      "critical", [*refs, OIDC_VALIDATION, "RFC 7519 §7.3", D_NONCE_EQ],
                      token(claims=claims, nonce=nfc), rejected("nonceMismatch"), profiles=["documented"],
                      rules=["token.nonce.code-points.documented"]))
    out.append(_vector(vid("nonce", "nfd-versus-nfc.ios-sdk"),
                      "nonce is e + U+0301 (NFD) where the expected nonce has U+00E9 (NFC): the SDK compares with "
                      "Swift's String ==, which equates canonically equivalent strings, so the token is accepted",
                      "high", [*refs, D_NONCE_EQ, SDK_NONCE], token(claims=claims, nonce=nfc),
                      accepted(required_of(claims)), profiles=["ios-sdk"], rules=["token.nonce.canonical.ios-sdk"]))
    return out


# ---------------------------------------------------------------------------------------------------------------
# Optional claims (SPECIFICATION.md §4): a wrong type drops the claim and the token is still accepted.

STRING_OPTIONAL = [
    ("name", "Jane Q. Doe"),
    ("given_name", "Jane"),
    ("middle_name", "Q."),
    ("family_name", "Doe"),
    ("email", "jane.doe@example.com"),
    ("picture", "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=10157834620091592"),
    ("user_birthday", "01/31/1990"),
    ("user_gender", "female"),
    ("user_link", "https://www.facebook.com/app_scoped_user_id/10157834620091592/"),
]
STRING_WRONG: list[tuple[str, Any, str]] = [
    ("number", 42, "the number 42"),
    ("null", None, "null"),
    ("bool", True, "the boolean true"),
    ("array", None, "an array holding a valid value"),  # value filled in per claim
    ("object", None, "an object wrapping a valid value"),
]

JKT = "0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I"

# Non-string optional claims: (name, kept cases, dropped cases); a kept case is (case, value, expected value, what).
STRUCTURED_OPTIONAL: list[tuple[str, list[tuple[str, Any, Any, str]], list[tuple[str, Any, str]]]] = [
    ("user_friends",
     [("kept", ["1001", "1002"], ["1001", "1002"], "an array of strings"),
      ("empty-array", [], [], "an empty array (an array of strings with no items)")],
     [("string", "1001", "a string"),
      ("number", 1001, "a number"),
      ("null", None, "null"),
      ("bool", True, "the boolean true"),
      ("object", {"data": ["1001"]}, "an object"),
      ("number-element", [1001], "an array holding a number"),
      ("null-element", ["1001", None], "an array holding a string and null")]),
    ("user_age_range",
     [("kept", {"min": 21}, {"min": 21}, "an object {min: 21}"),
      ("kept-min-max", {"min": 18, "max": 20}, {"min": 18, "max": 20}, "an object {min: 18, max: 20}")],
     [("number", 21, "a number"),
      ("string", "21+", "a string"),
      ("null", None, "null"),
      ("bool", True, "the boolean true"),
      ("array", [18, 20], "an array of numbers"),
      ("empty-object", {}, "an empty object"),
      ("string-member", {"min": "21"}, "an object whose min is a string"),
      ("null-member", {"min": 18, "max": None}, "an object whose max is null")]),
    ("user_hometown",
     [("kept", {"id": "108", "name": "Hanoi, Vietnam"}, {"id": "108", "name": "Hanoi, Vietnam"},
       "an object of strings id and name")],
     [("string", "Hanoi, Vietnam", "a string"),
      ("null", None, "null"),
      ("bool", True, "the boolean true"),
      ("array", [{"id": "108", "name": "Hanoi, Vietnam"}], "an array holding a valid object"),
      ("empty-object", {}, "an empty object"),
      ("number-member", {"id": 108, "name": "Hanoi, Vietnam"}, "an object whose id is a number"),
      ("null-member", {"id": "108", "name": None}, "an object whose name is null")]),
    ("user_location",
     [("kept", {"id": "110", "name": "Paris, France"}, {"id": "110", "name": "Paris, France"},
       "an object of strings id and name")],
     [("string", "Paris, France", "a string"),
      ("null", None, "null"),
      ("bool", True, "the boolean true"),
      ("array", [{"id": "110", "name": "Paris, France"}], "an array holding a valid object"),
      ("empty-object", {}, "an empty object"),
      ("number-member", {"id": 110, "name": "Paris, France"}, "an object whose id is a number"),
      ("object-member", {"id": "110", "name": {"en": "Paris, France"}}, "an object whose name is an object")]),
    ("cnf",
     [("kept", {"jkt": JKT}, {"jkt": JKT}, "an object with a non-empty string jkt"),
      ("other-members-dropped", {"jkt": JKT, "x5t#S256": "bwcK0esc3ACC3DB2Y5_lESsXE8o9ltc05O89jdN-dg2"},
       {"jkt": JKT}, "an object with a non-empty jkt and another member (kept as {jkt} only)")],
     [("empty-object", {}, "an empty object (no jkt)"),
      ("empty-jkt", {"jkt": ""}, "an object whose jkt is the empty string"),
      ("number-jkt", {"jkt": 1}, "an object whose jkt is a number"),
      ("null-jkt", {"jkt": None}, "an object whose jkt is null"),
      ("no-jkt", {"x5t#S256": "bwcK0esc3ACC3DB2Y5_lESsXE8o9ltc05O89jdN-dg2"}, "an object without jkt"),
      ("string", JKT, "a string (the thumbprint itself, not an object)"),
      ("null", None, "null"),
      ("array", [{"jkt": JKT}], "an array holding a valid object")]),
]


def optional_refs(name: str) -> list[str]:
    return [B4, *RFC_CNF] if name == "cnf" else [B4]


def optional_vectors() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    required = required_of(CLAIMS)
    for name, value in STRING_OPTIONAL:
        for case, kept_value, what in (("kept", value, "a string"),
                                       ("empty-string", "", "the empty string, which is still a string")):
            out.append(_vector(vid("optional", f"{name}.{case}"),
                              f"Optional claim {name} is {what}, so it is kept with its value",
                              "medium", optional_refs(name), token(claims=edit(CLAIMS, {name: kept_value})),
                              accepted({**required, name: kept_value})))
        for case, wrong, what in STRING_WRONG:
            if case == "array":
                wrong = [value]
            elif case == "object":
                wrong = {"value": value}
            out.append(_vector(vid("optional", f"{name}.{case}"),
                              f"Optional claim {name} is {what}, not a string, so it is dropped and the token is "
                              f"still accepted",
                              "medium", optional_refs(name), token(claims=edit(CLAIMS, {name: wrong})),
                              accepted(required)))
    rule = {
        "user_friends": "an array of strings",
        "user_age_range": "a non-empty object of numbers",
        "user_hometown": "a non-empty object of strings",
        "user_location": "a non-empty object of strings",
        "cnf": "an object with a non-empty string jkt",
    }
    for name, kept_cases, dropped_cases in STRUCTURED_OPTIONAL:
        for case, value, expected_value, what in kept_cases:
            out.append(_vector(vid("optional", f"{name}.{case}"),
                              f"Optional claim {name} is {what}, so it is kept",
                              "medium", optional_refs(name), token(claims=edit(CLAIMS, {name: value})),
                              accepted({**required, name: expected_value})))
        for case, value, what in dropped_cases:
            out.append(_vector(vid("optional", f"{name}.{case}"),
                              f"Optional claim {name} is {what}, not {rule[name]}, so it is dropped and the token "
                              f"is still accepted",
                              "medium", optional_refs(name), token(claims=edit(CLAIMS, {name: value})),
                              accepted(required)))

    # Every optional claim at once: all valid (all kept), all wrong (all dropped).
    all_valid = dict(STRING_OPTIONAL)
    all_valid_expected = dict(STRING_OPTIONAL)
    for name, kept_cases, _ in STRUCTURED_OPTIONAL:
        _, value, expected_value, _ = kept_cases[0]
        all_valid[name] = value
        all_valid_expected[name] = expected_value
    out.append(_vector(vid("optional", "all-valid"),
                      "Every optional claim is present with the right type, so every one is kept beside the "
                      "required claims",
                      "medium", [B4, *RFC_CNF], token(claims={**CLAIMS, **all_valid}),
                      accepted({**required, **all_valid_expected})))
    all_wrong: dict[str, Any] = {name: 42 for name, _ in STRING_OPTIONAL}
    all_wrong.update({"user_friends": [1001], "user_age_range": {}, "user_hometown": {},
                      "user_location": {"id": 110}, "cnf": {"jkt": ""}})
    out.append(_vector(vid("optional", "all-wrong"),
                      "Every optional claim is present with a wrong type, so all are dropped and the token is still "
                      "accepted with only the required claims",
                      "medium", [B4, *RFC_CNF], token(claims={**CLAIMS, **all_wrong}), accepted(required)))
    return out


# ---------------------------------------------------------------------------------------------------------------
# Unknown claims: not in the required or optional lists, so the validator does not keep them.

UNKNOWN_CLAIMS: list[tuple[str, dict[str, Any], str]] = [
    # No at_hash: a registered OIDC claim a validator may check (DECISIONS.md D04); azp equals the app ID.
    ("oidc-extras", {"auth_time": NOW - 120, "azp": APP_ID},
     "OIDC claims the rules do not list and whose values are consistent (auth_time, azp equal to the app ID)"),
    ("custom", {"x-custom": {"a": [1, "b", None]}, "picture_large": "https://example.com/p.jpg"},
     "custom claims (an object and a string)"),
]


def unknown_claim_vectors() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for case, extra, what in UNKNOWN_CLAIMS:
        out.append(_vector(vid("unknown-claims", case),
                          f"The claims carry {what}; they are ignored and absent from the kept claims, and the token "
                          f"is accepted",
                          "medium", [B4, "RFC 7519 §4", D_UNKNOWN], token(claims={**CLAIMS, **extra}),
                          accepted(required_of(CLAIMS))))
    return out


def member_fault(part: str, name: str, value: Any) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """A fault's change that sets (or, with MISSING, removes) one member of a draft's header or claims, when that part
    is an object (a JSON text is left as it is); the signed-token family's faults use it too."""
    def apply(draft: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(draft[part], dict):
            return draft
        return {**draft, part: edit(draft[part], {name: value})}
    return apply


def _text(part: str, literal: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    return lambda draft: {**draft, part: literal}


_JTI_UNDECIDED = {"documented": "the documents do not require jti (DECISIONS.md D07)"}


def _claim_fault(name: str, what: str, outcome: Mapping[str, Any], claim: str, value: Any,
                 rules: Union[tuple[str, ...], Mapping[str, tuple[str, ...]]], **more: Any) -> Fault:
    return Fault(name, what, outcome, member_fault("claims", claim, value), rules, **more)


# Fault pairs (vectorgen/fault_pairs.py, DECISIONS.md D59): the baseline token and one fault per check. No source
# orders the reasons: RFC 7515 §5.2 leaves the order of independent steps open, and the SDK answers every refusal as
# nil (SDK_CHECK's stageReasons), its header and claims both made before it decides. So every pair accepts either
# reason in both readings; the preferred one is the fault declared first, in the SDK's order of its guards (the
# header's members read as strings, then compared; the claims jti, iss, aud, exp, iat, nonce, sub).
FAULT_PAIRS = FaultPairs(
    family=FAMILY,
    base={"header": HEADER, "claims": CLAIMS},
    render=lambda draft: token(header=draft["header"], claims=draft["claims"]),
    faults=(
        Fault("malformed-header", "a header that is a JSON array", rejected("malformed"), _text("header", "[]"),
              ("token.json.object",)),
        Fault("malformed-claims", "claims that are a JSON array", rejected("malformed"), _text("claims", "[]"),
              ("token.json.object",)),
        Fault("alg-missing", "no alg", rejected("headerAlgorithm"), member_fault("header", "alg", MISSING),
              ("token.header.alg",)),
        Fault("typ-missing", "no typ", rejected("headerType"), member_fault("header", "typ", MISSING),
              ("token.header.typ",), lenient=("documented",)),
        Fault("kid-number", "kid 1 (a number)", rejected("headerKeyID"), member_fault("header", "kid", 1),
              ("token.header.kid",)),
        Fault("alg-hs256", "alg HS256", rejected("headerAlgorithm"), member_fault("header", "alg", "HS256"),
              ("token.header.alg",)),
        Fault("typ-jws", "typ JWS", rejected("headerType"), member_fault("header", "typ", "JWS"), ("token.header.typ",),
              lenient=("documented",)),
        Fault("kid-empty", "an empty kid", rejected("headerKeyID"), member_fault("header", "kid", ""),
              ("token.header.kid",), lenient=("documented",)),
        _claim_fault("jti-missing", "no jti", rejected("missingClaim", "jti"), "jti", MISSING,
                     ("token.claim.jti.ios-sdk",), undecided=_JTI_UNDECIDED),
        _claim_fault("jti-empty", "an empty jti", rejected("emptyClaim", "jti"), "jti", "",
                     ("token.claim.jti.ios-sdk",), undecided=_JTI_UNDECIDED),
        _claim_fault("iss-other", "iss https://accounts.google.com", rejected("issuer"), "iss",
                     "https://accounts.google.com", {p: tuple(ISSUER_RULES[p]) for p in READINGS}),
        _claim_fault("aud-number", "aud as a number", rejected("wrongClaimType", "aud"), "aud", 1234567890,
                     ("token.claim.type",)),
        _claim_fault("aud-other", "aud of another app", rejected("audience"), "aud", "9876543210", ("token.aud",)),
        _claim_fault("exp-now", "exp equal to now", rejected("expired"), "exp", NOW, ("token.exp.strict",)),
        _claim_fault("iat-old", "iat 601 seconds before now", rejected("issuedTooLongAgo"), "iat", NOW - 601,
                     ("token.iat.window",), lenient=("documented",)),
        _claim_fault("nonce-other", "another nonce", rejected("nonceMismatch"), "nonce", "n-other", ("token.nonce",)),
        _claim_fault("sub-missing", "no sub", rejected("missingClaim", "sub"), "sub", MISSING,
                     ("token.claim.required",)),
        _claim_fault("sub-empty", "an empty sub", rejected("emptyClaim", "sub"), "sub", "", ("token.claim.non-empty",)),
    ),
    orders={"documented": (), "ios-sdk": ()},
    unordered_rule="token.check-order.unordered",
    skipped=lambda draft: accepted(required_of(draft["claims"])),
    refs=(B4, B8, "RFC 7515 §5.2", RFC_JWT_VALIDATION, "DECISIONS.md D59"),
    notes={"documented": "no document orders independent checks (RFC 7515 §5.2, RFC 7519 §7.2)",
           "ios-sdk": "the SDK answers every refusal as nil and makes the header and the claims both before it "
                      "decides: no reason is observable"},
)


def vectors() -> list[dict[str, Any]]:
    out = [
        *baseline_vectors(),
        *header_vectors(),
        *malformed_vectors(),
        *required_claim_vectors(),
        *issuer_vectors(),
        *audience_vectors(),
        *exp_vectors(),
        *iat_vectors(),
        *nonce_vectors(),
        *optional_vectors(),
        *unknown_claim_vectors(),
    ]
    return out + number_vectors(out) + now_vectors()


# ---------------------------------------------------------------------------------------------------------------
# Perturbations (vectorgen/perturbation.py): the claims compared with the context (nonce with the expected nonce, aud
# with the app ID) and the header's alg, each perturbed alone in the baseline token. The expected nonce and the claim
# start equal and hold a fi pair and an é, so that every class changes the claim.

# An input -> its header and claims texts; a reading: (input, profile) -> (expected, rules[, also accepted]), or
# Undecided (perturbation.PerturbedField.reading).
Parts = Callable[[dict[str, Any]], tuple[str, str]]
Reading = Callable[[dict[str, Any], str], Any]


def _equal(claim: str, expected: str, profile: str) -> bool:
    """Code point by code point (documented); Swift's String ==, canonical equivalence (ios-sdk; D10, D11)."""
    if not is_documented(profile):
        return unicodedata.normalize("NFD", claim) == unicodedata.normalize("NFD", expected)
    return claim == expected


def compared_reading(claim: str, context: str, reason: str, rules: list[str], canonical: Mapping[str, str],
                     parts: Parts = lambda i: (i["header"], i["claims"])) -> Reading:
    """The rule of a claim compared with a context value: equal -> accepted with the claims; the empty nonce ->
    emptyClaim (documented also accepts nonceMismatch, D09); otherwise `reason`. `parts` gives an input's header and
    claims texts (the signed-token family decodes them from its token)."""
    def reading(i: dict[str, Any], profile: str) -> tuple[Any, ...]:
        claims = json.loads(parts(i)[1])
        value = claims[claim]
        if claim == "nonce" and value == "":
            also = [rejected(reason)] if is_documented(profile) else None
            return rejected("emptyClaim", "nonce"), ["token.claim.non-empty"], also
        equal = _equal(value, i[context], profile)
        if unicodedata.normalize("NFD", value) == unicodedata.normalize("NFD", i[context]) and value != i[context]:
            profiled = [canonical[profile]]
        else:
            profiled = []
        return (accepted(required_of(claims)) if equal else rejected(reason)), rules + profiled
    return reading


def alg_reading(parts: Parts = lambda i: (i["header"], i["claims"])) -> Reading:
    """The rule of the header's alg: exactly RS256, else headerAlgorithm."""
    def reading(i: dict[str, Any], profile: str) -> tuple[Any, ...]:
        header, claims = (json.loads(text) for text in parts(i))
        return ((accepted(required_of(claims)) if header["alg"] == "RS256" else rejected("headerAlgorithm")),
                ["token.header.alg"])
    return reading


def typ_reading(parts: Parts = lambda i: (i["header"], i["claims"])) -> Reading:
    """The rule of the header's typ: exactly JWT, else headerType; the documents make typ optional and compare it
    case-insensitively (RFC 7519 §5.1, RFC 7515 §4.1.9), so documented also accepts the token (D01)."""
    def reading(i: dict[str, Any], profile: str) -> tuple[Any, ...]:
        header, claims = (json.loads(text) for text in parts(i))
        if header["typ"] == "JWT":
            return accepted(required_of(claims)), ["token.header.typ"]
        return rejected("headerType"), ["token.header.typ"], (
            [accepted(required_of(claims))] if is_documented(profile) else None)
    return reading


def kid_reading(published: Optional[Collection[str]], parts: Parts = lambda i: (i["header"], i["claims"])) -> Reading:
    """The rule of the header's kid: a non-empty string (else headerKeyID; documented also accepts an empty kid
    where no key is looked up, D02), naming a published key where the family looks keys up (`published`: the key
    IDs, or None where it does not; else unknownKeyID, exact comparison)."""
    def reading(i: dict[str, Any], profile: str) -> tuple[Any, ...]:
        header, claims = (json.loads(text) for text in parts(i))
        kid = header["kid"]
        if kid == "":
            lenient = published is None and is_documented(profile)
            return rejected("headerKeyID"), ["token.header.kid"], [accepted(required_of(claims))] if lenient else None
        if published is not None and kid not in published:
            return rejected("unknownKeyID"), ["token.jose.key-by-kid"]
        return accepted(required_of(claims)), ["token.header.kid"] + (
            ["token.jose.key-by-kid"] if published is not None else [])
    return reading


PERTURBED_NONCE = "fi-Nonce-\u00e9-42"
PERTURBED_DRAFT: dict[str, Any] = {"header": HEADER, "claims": {**CLAIMS, "nonce": PERTURBED_NONCE},
                                   "nonce": PERTURBED_NONCE}
_KID_ASCII = "token.header.kid"  # the test keys' IDs are ASCII without fi
_DIGITS_ONLY = "token.aud"  # the app ID is digits: no case, no decomposition, no fi to fold (a string compared exactly)


R_STRING_BOM_DOC = "token.json.string-byte-order-mark.documented"
LINUX_DROPS_BOM = ("the SDK reads the header and the claims with JSONSerialization: swift-corelibs-foundation's drops a "
                   "U+FEFF that starts a string (the SDK check, run here), Apple's cannot be run here (DECISIONS.md D62)")


def parsed_by_the_sdk(reading: Reading, part: str, name: str, parts: Parts,
                      render_without: Callable[[dict[str, Any], str], dict[str, Any]]) -> Reading:
    """`reading` of a string the SDK reads from a JSON text with JSONSerialization. Where a U+FEFF that starts it
    decides the outcome (`render_without(i, value)`: the input with the value without it), the ios-sdk outcome is
    undecided and the documented one rests on token.json.string-byte-order-mark.documented too."""
    def wrapped(i: dict[str, Any], profile: str) -> Any:
        text = parts(i)[0 if part == "header" else 1]
        value = json.loads(text).get(name)
        if not (isinstance(value, str) and value.startswith("\ufeff")):
            return reading(i, profile)
        kept, dropped = reading(i, profile), reading(render_without(i, value[1:]), profile)
        if kept[0] == dropped[0]:
            return kept  # the U+FEFF does not decide the outcome
        if not is_documented(profile):
            return Undecided(LINUX_DROPS_BOM)
        expected, rules, *also = kept
        return (expected, rules + [R_STRING_BOM_DOC], *also)
    return wrapped


# NumericDates (kind numericdate): exp, iat and now, each from a base at its rule's boundary (exp one second after now,
# iat exactly IAT_WINDOW seconds before it), so that a half second either side decides. The rules, written once: exp >
# now (token.exp.strict), iat >= now - IAT_WINDOW (token.iat.window; documented also accepts an older iat, OpenID Connect Core
# §3.1.3.7 leaves the range to the client), a future iat accepted under ios-sdk and undecided under documented
# (DECISIONS.md D06); two refusals at once are unordered (the fault pairs' rule). A value no double holds is the
# numbers groups' (D14, D62), where each profile's claims are spelled out: this reading refuses to meet one.
R_FUTURE_IAT = "token.iat.future.ios-sdk"
_FUTURE_UNDECIDED = "the documentation states nothing about an iat later than now (DECISIONS.md D06)"


def time_reading(parts: Parts = lambda i: (i["header"], i["claims"])) -> Reading:
    """The rules of exp, iat and now (above), for an input whose other claims are valid."""
    def reading(i: dict[str, Any], profile: str) -> Union[tuple[Any, ...], Undecided]:
        claims = json.loads(parts(i)[1])
        now, exp, iat = i["now"], claims["exp"], claims["iat"]
        if any(isinstance(v, int) and double_of(v) != v for v in (now, exp, iat)):
            raise ValueError(f"time_reading: {now}, {exp}, {iat}: a value no double holds is the numbers groups'")
        faults = ([("expired", "token.exp.strict")] if not exp > now else []) + (
            [("issuedTooLongAgo", "token.iat.window")] if iat < now - IAT_WINDOW else [])
        future = iat > now
        if future and is_documented(profile):
            return Undecided(_FUTURE_UNDECIDED)
        if len(faults) == 2:
            return rejected("expired"), ["token.exp.strict", "token.iat.window", "token.check-order.unordered"], [
                rejected("issuedTooLongAgo")]
        if faults:
            reason, rule = faults[0]
            lenient = reason == "issuedTooLongAgo" and is_documented(profile)
            return rejected(reason), [rule], [accepted(required_of(claims))] if lenient else None
        return accepted(required_of(claims)), ["token.exp.strict", "token.iat.window"] + (
            [R_FUTURE_IAT] if future else [])
    return reading


def perturbed_fields(family: str, render: Callable[[dict[str, Any]], dict[str, Any]],
                     parts: Parts = lambda i: (i["header"], i["claims"]),
                     texts: Iterable[tuple[str, str]] = (("header", "header"), ("claims", "claims")),
                     published: Optional[Collection[str]] = None) -> tuple[PerturbedField, ...]:
    """The claims nonce and aud, the header's alg and the expected nonce as perturbed fields of a family whose draft
    is PERTURBED_DRAFT, made into an input by `render` and read back by `parts` (this family's, and signed-token's);
    `texts` names the input field holding each part's JSON text; `published` the key IDs a kid is looked up in (None:
    the family looks no key up). The kid is a test key's ASCII name without fi: NFD and NFKC cannot change it."""
    text_field = dict(texts)
    def draft_field(part: str, name: str) -> dict[str, Any]:
        return {"get": lambda draft: draft[part][name],
                "put": lambda draft, value: {**draft, part: {**draft[part], name: value}}, "render": render,
                "covers": text_field[part]}

    def sdk_parsed(reading: Reading, part: str, name: str) -> Reading:
        # the field's input with `value` in place (every field perturbs PERTURBED_DRAFT)
        def without(i: dict[str, Any], value: str) -> dict[str, Any]:
            return render({**PERTURBED_DRAFT, part: {**PERTURBED_DRAFT[part], name: value}})
        return parsed_by_the_sdk(reading, part, name, parts, without)
    nonce_reading = compared_reading(
        "nonce", "expectedNonce", "nonceMismatch", ["token.nonce"],
        {"documented": "token.nonce.code-points.documented", "ios-sdk": "token.nonce.canonical.ios-sdk"}, parts)
    nonce_refs = (B4, "RFC 7519 §7.3", SEED_LIMITED_LOGIN_FR)
    return (
        PerturbedField(family, "nonce", PERTURBED_DRAFT, sdk_parsed(nonce_reading, "claims", "nonce"), nonce_refs,
                       severity="critical", **draft_field("claims", "nonce")),
        # The other side of the comparison: the nonce the app expects, perturbed while the claim stays.
        PerturbedField(family, "expectedNonce", PERTURBED_DRAFT, nonce_reading, nonce_refs, severity="critical",
                       get=lambda draft: draft["nonce"], put=lambda draft, value: {**draft, "nonce": value},
                       render=render),
        PerturbedField(family, "aud", PERTURBED_DRAFT, sdk_parsed(compared_reading(
            "aud", "appID", "audience", ["token.aud"],
            {"documented": "token.aud.code-points.documented", "ios-sdk": "token.aud.canonical.ios-sdk"}, parts),
            "claims", "aud"),
            (B4, "RFC 7519 §4.1.3"), severity="critical",
            irrelevant={"case-flipped": _DIGITS_ONLY, "ligature": _DIGITS_ONLY, "decomposed": _DIGITS_ONLY},
            **draft_field("claims", "aud")),
        PerturbedField(family, "alg", PERTURBED_DRAFT, sdk_parsed(alg_reading(parts), "header", "alg"),
                       (B4, "RFC 7515 §4.1.1"),
                       severity="critical",
                       irrelevant={"ligature": "token.header.alg", "decomposed": "token.header.alg"},
                       **draft_field("header", "alg")),
        PerturbedField(family, "typ", PERTURBED_DRAFT, sdk_parsed(typ_reading(parts), "header", "typ"),
                       (B4, "RFC 7515 §4.1.9", "RFC 7519 §5.1", "DECISIONS.md D01"),
                       irrelevant={"ligature": "token.header.typ", "decomposed": "token.header.typ"},
                       **draft_field("header", "typ")),
        PerturbedField(family, "kid", PERTURBED_DRAFT, sdk_parsed(kid_reading(published, parts), "header", "kid"),
                       (B4, "RFC 7515 §4.1.4", "DECISIONS.md D02"),
                       irrelevant={"ligature": _KID_ASCII, "decomposed": _KID_ASCII},
                       **draft_field("header", "kid")),
        *(PerturbedField(family, claim, {**PERTURBED_DRAFT, "claims": {**PERTURBED_DRAFT["claims"], claim: base}},
                         time_reading(parts), tuple(claim_refs(claim, RFC_JSON_NUMBER, *extra)), kind="numericdate",
                         severity="critical" if claim == "exp" else "high", **draft_field("claims", claim))
          for claim, base, extra in (("exp", NOW + 1, ("DECISIONS.md D64",)),
                                     ("iat", NOW - IAT_WINDOW, ("DECISIONS.md D06", "DECISIONS.md D64")))),
        PerturbedField(family, "now", {**PERTURBED_DRAFT, "claims": {**PERTURBED_DRAFT["claims"], "exp": NOW + 1,
                                                                      "iat": NOW - IAT_WINDOW}, "now": NOW},
                       time_reading(parts),
                       (B4, "RFC 7519 §4.1.4", "RFC 7519 §4.1.6", "DECISIONS.md D06", "DECISIONS.md D64"),
                       kind="numericdate", severity="critical", get=lambda draft: draft["now"],
                       put=lambda draft, value: {**draft, "now": value}, render=render),
    )


PERTURBATIONS = perturbed_fields(
    FAMILY, lambda draft: token(header=draft["header"], claims=draft["claims"], nonce=draft["nonce"],
                                now=draft.get("now", NOW)))
UNPERTURBED = {
    "appID": "compared with the claim aud, whose perturbations test the same exact comparison from the token's side "
             "(a digits-only app ID has no case, no decomposition and no fi to fold)",
}


# ---------------------------------------------------------------------------------------------------------------
# JSON grammar (vectorgen/grammar.py): the header and the claims texts. A text that is the same JSON value is read as
# the base (accepted); one that is not JSON is refused (malformed) in the documented reading (RFC 8259, the validating
# page's "valid JSON object"); a byte order mark is refused preferably, ignored leniently (RFC 8259 §8.1). Under
# ios-sdk a case that is not JSON is refused where DECISIONS.md D18 decides it and undecided elsewhere.

def grammar_reading(reason: str, structural_rule: str,
                    base_claims: Mapping[str, Any] = CLAIMS) -> Callable[[GrammarCase, str, dict[str, Any]], Any]:
    """The reading of a grammar case at a token site; `reason` is the family's refusal for a text that is not a JSON
    object, `structural_rule` the rule D18's decided cases rest on."""
    def reading(case: GrammarCase, profile: str, i: dict[str, Any]) -> Union[tuple[Any, ...], Undecided]:
        if case.kind == "equivalent":
            return accepted(required_of(base_claims)), [documented_rule(case)]
        if not is_documented(profile):
            if case.name in SDK_REFUSES:
                return rejected(reason), [structural_rule]
            return Undecided(SDK_UNDECIDED)
        also = [accepted(required_of(base_claims))] if case.kind == "may-ignore" else None
        return rejected(reason), [documented_rule(case) if case.name not in SDK_REFUSES else structural_rule], also
    return reading


def _text_site(name: str, part: str, base: Mapping[str, Any]) -> GrammarSite:
    def make(text: Text) -> Optional[dict[str, Any]]:
        if isinstance(text, bytes):
            return None  # the family's texts are strings: an encoding is signed-token's (token.jose.json)
        return token(header=text if name == "header" else None, claims=text if name == "claims" else None)
    return GrammarSite(FAMILY, name, part, base, make, grammar_reading("malformed", "token.json.object"),
                       (B4, "RFC 8259", "DECISIONS.md D18", "DECISIONS.md D61"), cannot_hold="token.jose.json")


GRAMMAR_SITES = (_text_site("header", "header", HEADER), _text_site("claims", "claims", CLAIMS))

