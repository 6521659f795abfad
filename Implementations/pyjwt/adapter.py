#!/usr/bin/env python3
"""PyJWT (pip, exact pin in implementation.json) as a Limited Login server validator, behind the
harness protocol (Vectors/HARNESS.md). Family: signed-token, documented profile (the JWKS key source).

Configured from PyJWT's own documentation ("Retrieve RSA signing keys from a JWKS endpoint"): a PyJWKClient selects
the key by the token's kid (its fetch_data, the documented override point, returns the vector's JWKS instead of an
HTTP fetch; caches off), then jwt.decode with algorithms=["RS256"], audience=app ID, issuer=the documented issuers,
options={"require": every required claim}, leeway=0. The clock is the vector's `now`.
PyJWT has no option for the nonce, the typ header, a maximum token age or the type of nonce/aud claims:
`--adapter-checks` adds those (implementation.json lists them); without it the answer is PyJWT's alone.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "shared" / "python"))
import warnings  # noqa: E402

import jwt  # noqa: E402
import jwt.api_jwt  # noqa: E402
from jwt import exceptions as errors  # noqa: E402

import lc_adapter  # noqa: E402
from lc_adapter import DOCUMENTED_ISSUERS, REQUIRED_CLAIMS, FrozenClock, Rejected, accepted, rejections  # noqa: E402

warnings.filterwarnings("ignore")  # key-size warnings for the deliberate 1024-bit vectors
jwt.api_jwt.datetime = FrozenClock  # PyJWT reads the clock here
ADAPTER_CHECKS = ("typ", "claim-types", "iat-max-age", "nonce")
OPTIONS = {"require": list(REQUIRED_CLAIMS), "strict_aud": True, "enforce_minimum_key_length": True}


class VectorJWKClient(jwt.PyJWKClient):
    jwks = {"keys": []}

    def __init__(self):
        super().__init__("https://limited.facebook.com/.well-known/oauth/openid/jwks/", cache_keys=False,
                         cache_jwk_set=False)

    def fetch_data(self):
        return self.jwks


def reason_of(error):
    message = str(error)
    if isinstance(error, errors.InvalidSignatureError):
        return Rejected("signatureInvalid")
    if isinstance(error, errors.ExpiredSignatureError):
        return Rejected("expired")
    if isinstance(error, errors.InvalidAudienceError):
        return Rejected("wrongClaimType", "aud") if "format" in message else Rejected("audience")
    if isinstance(error, errors.InvalidIssuerError):
        return Rejected("issuer")
    if isinstance(error, errors.MissingRequiredClaimError):
        return Rejected("missingClaim", error.claim)
    if isinstance(error, errors.InvalidIssuedAtError):
        return Rejected("wrongClaimType", "iat")
    if isinstance(error, errors.InvalidSubjectError):
        return Rejected("wrongClaimType", "sub")
    if isinstance(error, errors.InvalidJTIError):
        return Rejected("wrongClaimType", "jti")
    if isinstance(error, errors.InvalidAlgorithmError):
        return Rejected("headerAlgorithm")
    if isinstance(error, (errors.PyJWKClientError, errors.PyJWKSetError)):
        return Rejected("unknownKeyID")
    if isinstance(error, errors.InvalidKeyError) and "minimum" in message:
        return Rejected("unknownKeyID")  # enforce_minimum_key_length: the kid names no usable key (D53)
    if "Key ID" in message:
        return Rejected("headerKeyID")
    if "(exp)" in message:
        return Rejected("wrongClaimType", "exp")
    if "segments" in message:
        return Rejected("malformed")
    if "padding" in message:
        return Rejected("badBase64url")
    if "string" in message and ("header" in message or "payload" in message):
        return Rejected("badJSON")
    if "crit" in message:
        return Rejected("headerCritical")
    return None


def validate(inp, checks):
    FrozenClock.set(inp["now"])
    VectorJWKClient.jwks = inp["keys"]["jwks"]
    token = inp["token"]
    with rejections((jwt.PyJWTError, reason_of)):
        signing_key = VectorJWKClient().get_signing_key_from_jwt(token)
        claims = jwt.decode(token, signing_key.key, algorithms=["RS256"], audience=inp["appID"],
                            issuer=DOCUMENTED_ISSUERS, options=OPTIONS, leeway=0)
    return accepted(checks, claims, inp)


if __name__ == "__main__":
    lc_adapter.main(__doc__.splitlines()[0], {"name": "PyJWT", "version": jwt.__version__, "language": "python"},
                    ADAPTER_CHECKS, {"signed-token": validate})
