#!/usr/bin/env python3
"""joserfc (pip, exact pin in implementation.json) as a Limited Login server validator, behind
the harness protocol (Vectors/HARNESS.md). Family: signed-token, documented profile (the JWKS key source).

Configured from joserfc's documentation (jwt.decode with a KeySet, a JWSRegistry, a JWTClaimsRegistry): the key set
is KeySet.import_key_set(JWKS) (joserfc picks the key by kid), algorithms=["RS256"], a JWSRegistry that requires
`kid` as a string and `typ` as exactly the string "JWT" (a header parameter's validator is any function the registry
calls; joserfc's own in_choices would let a list such as ["JWT"] through), and a JWTClaimsRegistry with now=the vector's now, leeway=0, every required claim
essential, iss one of the documented issuers, aud the app ID and nonce the expected nonce (joserfc compares any claim
with a value, so the nonce is the library's check). joserfc has no option for typ's value or a maximum token age:
`--adapter-checks` adds those (implementation.json lists them).

Family token-claims too (the header and claims JSON texts, no signature): joserfc's claim validation is public, so
the same JWSRegistry checks the header (registry.check_header, registry.get_alg for the allowed RS256) and the same
JWTClaimsRegistry the claims; the texts are parsed with Python's json module, as joserfc does.
"""
import json

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "shared" / "python"))
import warnings  # noqa: E402

import joserfc  # noqa: E402
from joserfc import errors, jwt  # noqa: E402
from joserfc.jwk import KeySet  # noqa: E402
from joserfc.jws import JWSRegistry  # noqa: E402
from joserfc.registry import HeaderParameter  # noqa: E402

import lc_adapter  # noqa: E402
from lc_adapter import DOCUMENTED_ISSUERS, REQUIRED_CLAIMS, Rejected, accepted, rejections  # noqa: E402

warnings.filterwarnings("ignore")
ADAPTER_CHECKS = ("iat-max-age",)
CLAIM_REASONS = {"iss": "issuer", "aud": "audience", "nonce": "nonceMismatch", "exp": "expired"}


def claim_rejection(error):
    claim = error.claim.split(",")[0]
    if isinstance(error, errors.MissingClaimError):
        return Rejected("missingClaim", claim)
    if isinstance(error, errors.ExpiredTokenError):
        return Rejected("expired")
    text = str(error)
    if "must be" in text:
        return Rejected("wrongClaimType", claim)
    if claim in CLAIM_REASONS:
        return Rejected(CLAIM_REASONS[claim])
    if claim in ("jti", "sub"):
        return Rejected("emptyClaim", claim)  # joserfc refuses a blank essential value
    return None


def jose_rejection(error):
    text = str(error)
    if isinstance(error, errors.BadSignatureError):
        return Rejected("signatureInvalid")
    if isinstance(error, (errors.UnsupportedAlgorithmError, errors.MissingAlgorithmError)):
        return Rejected("headerAlgorithm")
    if isinstance(error, errors.InvalidKeyIdError):
        return Rejected("unknownKeyID")
    if isinstance(error, (errors.MissingHeaderError, errors.InvalidHeaderValueError)):
        if "kid" in text:
            return Rejected("headerKeyID")
        if "typ" in text:
            return Rejected("headerType")
        if "alg" in text:
            return Rejected("headerAlgorithm")
        if "crit" in text:
            return Rejected("headerCritical")
    if isinstance(error, (errors.MissingCritHeaderError, errors.UnsupportedHeaderError)):
        return Rejected("headerCritical")
    if isinstance(error, errors.InvalidPayloadError):
        return Rejected("badJSON")
    if isinstance(error, errors.DecodeError):
        if "Invalid JSON Web Signature" in text:
            return Rejected("malformed")  # not a compact JWS: not three segments
        if type(error.__cause__).__name__ == "Error":  # binascii.Error: the segment is not base64url
            return Rejected("badBase64url")
        return Rejected("badJSON")
    if isinstance(error, errors.MissingKeyError):
        return Rejected("unknownKeyID")  # an empty key set
    if isinstance(error, errors.ExceededSizeError):
        # joserfc's default size limit on the protected header (512 bytes): a parser's text-size limit, which RFC 8259
        # §9 allows; the vectors accept that refusal as badJSON (Vectors/DECISIONS.md D16, D18).
        return Rejected("badJSON")
    return None


def typ_is_jwt(value):
    """The typ header parameter's validator: exactly the string "JWT" (SPECIFICATION.md §4)."""
    if not (isinstance(value, str) and value == "JWT"):
        raise ValueError('must be the string "JWT"')


def header_registry():
    return JWSRegistry(algorithms=["RS256"], header_registry={
        "kid": HeaderParameter("Key ID", "str", required=True),
        "typ": HeaderParameter("Type", typ_is_jwt, required=True),
    })


def claims_registry(inp):
    now = inp["now"]
    return jwt.JWTClaimsRegistry(
        now=int(now) if float(now).is_integer() else now, leeway=0,
        iss={"essential": True, "values": DOCUMENTED_ISSUERS},
        aud={"essential": True, "value": inp["appID"]},
        nonce={"essential": True, "value": inp["expectedNonce"]},
        **{name: {"essential": True} for name in ("jti", "sub", "exp", "iat")})


def validate_claims(inp, checks):
    """token-claims: the header and claims texts through joserfc's header and claims registries."""
    try:
        header, claims = json.loads(inp["header"]), json.loads(inp["claims"])
    except ValueError as error:
        raise Rejected("malformed") from error
    if not isinstance(header, dict) or not isinstance(claims, dict):
        raise Rejected("malformed")
    registry = header_registry()
    # TypeError: an alg that is not a string
    with rejections((errors.ClaimError, claim_rejection), (errors.JoseError, jose_rejection),
                    (TypeError, lambda error: Rejected("headerAlgorithm"))):
        if "alg" not in header:
            raise errors.MissingAlgorithmError()
        registry.get_alg(header["alg"])
        registry.check_header(header)
        claims_registry(inp).validate(claims)
    return accepted(checks, claims, inp, header)


def validate(inp, checks):
    registry, claims_check = header_registry(), claims_registry(inp)
    # ValueError: e.g. undecodable segments before joserfc wraps them
    with rejections((errors.ClaimError, claim_rejection), (errors.JoseError, jose_rejection),
                    (ValueError, lambda error: Rejected("badJSON"))):
        key_set = KeySet.import_key_set(inp["keys"]["jwks"])
        decoded = jwt.decode(inp["token"], key_set, algorithms=["RS256"], registry=registry)
        claims_check.validate(decoded.claims)
    return accepted(checks, dict(decoded.claims), inp, dict(decoded.header))


if __name__ == "__main__":
    lc_adapter.main(__doc__.splitlines()[0], {"name": "joserfc", "version": joserfc.__version__, "language": "python"},
                    ADAPTER_CHECKS, {"signed-token": validate, "token-claims": validate_claims})
