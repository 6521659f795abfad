#!/usr/bin/env python3
"""jwskate (pip, exact pin in implementation.json) as a Limited Login server validator, behind the harness protocol
(Vectors/HARNESS.md). Family: signed-token, documented profile (the JWKS key source).

Configured from jwskate's documentation (SignedJwt.validate): SignedJwt(token).validate(JwkSet(JWKS), alg="RS256",
issuer=a documented issuer, audience=the app ID, check_exp=True, nonce=the expected nonce): the key is the one the
header's kid names (JwkSet.get_jwk_by_kid), exp is required and compared with now, and every extra keyword is a claim
compared as-is, so the nonce is the library's check. validate takes one issuer: a token the first documented issuer
refuses is validated again with the other. The clock (datetime.now, which jwskate reads) is the vector's `now`. Every
option and why: implementation.json's optionsAudit. jwskate does not compare the header's alg (it verifies with the alg
it is given), and has no option for the typ header, a maximum token age or required claims other than exp, and
types no claim: `--adapter-checks` adds those (implementation.json lists them).
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "shared" / "python"))
import warnings  # noqa: E402
from importlib.metadata import version  # noqa: E402

import jwskate.jwt.signed  # noqa: E402
from jwskate import ExpiredJwt, InvalidClaim, InvalidJwt, InvalidSignature, JwkSet, SignedJwt, UnsupportedAlg  # noqa: E402

import lc_adapter  # noqa: E402
from lc_adapter import DOCUMENTED_ISSUERS, FrozenClock, Rejected, accepted, rejections  # noqa: E402

warnings.filterwarnings("ignore")
jwskate.jwt.signed.datetime = FrozenClock  # jwskate reads the clock here
ADAPTER_CHECKS = ("alg", "typ", "claim-types", "iat-max-age")


def rejection(error):
    text = str(error)
    if isinstance(error, ExpiredJwt):
        return Rejected("expired")
    if isinstance(error, InvalidClaim):
        if "issuer" in text:
            return Rejected("issuer")
        if "audience" in text:
            return Rejected("audience")
        if "'exp'" in text:
            return Rejected("missingClaim", "exp")
        if "nonce" in text:
            return Rejected("nonceMismatch")
        return None
    if isinstance(error, InvalidSignature):
        return Rejected("signatureInvalid")
    if isinstance(error, UnsupportedAlg):
        return Rejected("headerAlgorithm")
    if isinstance(error, ValueError) and "exceeds" in text:
        return Rejected("badJSON")  # max_size: a token over 16 KiB is refused before it is parsed
    if isinstance(error, InvalidJwt):
        return Rejected("malformed") if "separated by dots" in text else Rejected("badJSON")
    if isinstance(error, KeyError):  # get_jwk_by_kid: no key of the set has the header's kid (or there is none)
        kid = lc_adapter.unverified_segment_json(CURRENT["token"], 0).get("kid")
        return Rejected("unknownKeyID") if isinstance(kid, str) and kid else Rejected("headerKeyID")
    return None


CURRENT = {"token": ""}


def validated(token, keys, inp, issuer):
    jwt = SignedJwt(token)
    jwt.validate(keys, alg="RS256", issuer=issuer, audience=inp["appID"], check_exp=True, nonce=inp["expectedNonce"])
    return jwt


def validate(inp, checks):
    FrozenClock.set(inp["now"])
    token = CURRENT["token"] = inp["token"]
    with rejections((ValueError, rejection), (KeyError, rejection)):
        keys = JwkSet(inp["keys"]["jwks"])
        try:
            jwt = validated(token, keys, inp, DOCUMENTED_ISSUERS[0])
        except InvalidClaim as error:
            if "issuer" not in str(error):
                raise
            jwt = validated(token, keys, inp, DOCUMENTED_ISSUERS[1])
    return accepted(checks, dict(jwt.claims), inp, dict(jwt.headers))


if __name__ == "__main__":
    lc_adapter.main(__doc__.splitlines()[0], {"name": "jwskate", "version": version("jwskate"), "language": "python"},
                    ADAPTER_CHECKS, {"signed-token": validate})
