#!/usr/bin/env python3
"""python-jose (pip, exact pin in implementation.json; cryptography backend) as a Limited Login
server validator, behind the harness protocol (Vectors/HARNESS.md). Family: signed-token, documented profile.

Configured from python-jose's documentation (jwt.decode): the key is the JWKS itself (python-jose accepts a JWK set
as `key`), algorithms=["RS256"], audience=app ID, issuer=the documented issuers, options with every `require_*`
the library has (aud, iat, exp, iss, sub, jti), leeway 0, verify_at_hash off (Limited Login has no access token). The
clock is the vector's `now`. python-jose has no option for the nonce, the typ header, a maximum token age, or the
type of nonce/aud: `--adapter-checks` adds those (implementation.json lists them).
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "shared" / "python"))
import warnings  # noqa: E402

import jose  # noqa: E402
import jose.jwt  # noqa: E402
from jose import exceptions  # noqa: E402

import lc_adapter  # noqa: E402
from lc_adapter import DOCUMENTED_ISSUERS, FrozenClock, Rejected, accepted, first_fragment, rejections  # noqa: E402

warnings.filterwarnings("ignore")
jose.jwt.datetime = FrozenClock  # python-jose reads the clock here
ADAPTER_CHECKS = ("typ", "claim-types", "iat-max-age", "nonce")
OPTIONS = {"require_aud": True, "require_iat": True, "require_exp": True, "require_iss": True, "require_sub": True,
           "require_jti": True, "verify_at_hash": False, "leeway": 0}
MESSAGES = [  # python-jose error text -> outcome (first match wins)
    ("Signature verification failed", Rejected("signatureInvalid")),
    ("Not enough segments", Rejected("malformed")),
    ("padding", Rejected("badBase64url")),
    ("header string", Rejected("badJSON")),
    ("payload string", Rejected("badJSON")),
    ("claims string", Rejected("badJSON")),
    ("Error decoding token", Rejected("badJSON")),
    ("alg value is not allowed", Rejected("headerAlgorithm")),
    ("No algorithm was specified", Rejected("headerAlgorithm")),
    ("unsupported algorithm", Rejected("headerAlgorithm")),
    ("Issued At claim (iat) must be", Rejected("wrongClaimType", "iat")),
    ("Expiration Time claim (exp) must be", Rejected("wrongClaimType", "exp")),
    ("Invalid claim format", Rejected("wrongClaimType", "aud")),
    ("Invalid audience", Rejected("audience")),
    ("Invalid issuer", Rejected("issuer")),
    ("Subject must be a string", Rejected("wrongClaimType", "sub")),
    ("JWT ID must be a string", Rejected("wrongClaimType", "jti")),
]


def rejection(error):
    if isinstance(error, exceptions.ExpiredSignatureError):
        return Rejected("expired")
    text = str(error)
    if text.startswith("missing required key"):
        return Rejected("missingClaim", text.split('"')[1])
    return first_fragment(text, MESSAGES)


def validate(inp, checks):
    FrozenClock.set(inp["now"])
    with rejections((exceptions.JOSEError, rejection)):
        claims = jose.jwt.decode(inp["token"], inp["keys"]["jwks"], algorithms=["RS256"], audience=inp["appID"],
                                 issuer=DOCUMENTED_ISSUERS, options=OPTIONS)
    return accepted(checks, claims, inp)


if __name__ == "__main__":
    lc_adapter.main(__doc__.splitlines()[0], {"name": "python-jose", "version": jose.__version__, "language": "python"},
                    ADAPTER_CHECKS, {"signed-token": validate})
