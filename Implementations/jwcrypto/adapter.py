#!/usr/bin/env python3
"""jwcrypto (pip, exact pin in implementation.json) as a Limited Login server validator, behind the harness protocol
(Vectors/HARNESS.md). Family: signed-token, documented profile (the JWKS key source).

Configured from jwcrypto's documentation (jwcrypto.jwt.JWT): JWT(algs=["RS256"], expected_type="JWS",
strict_serialization=True, check_claims={every required claim: None (present), "aud": app ID, "iss": a documented
issuer, "nonce": the expected nonce}), leeway set to 0 (the default is 60 s), then deserialize(token,
JWKSet.from_json(JWKS)) (the key by the header's kid). check_claims compares iss with one value: a token the first
documented issuer refuses is validated again with the other, as one check per issuer. jwcrypto compares any claim
check_claims gives a value for, so the nonce is the library's check. The clock (time.time, which jwcrypto reads) is
the vector's `now`. Every option and why: implementation.json's optionsAudit. jwcrypto has no option for the typ
header or a maximum token age, and checks only the type of registered claims (not nonce's): `--adapter-checks` adds
those (implementation.json lists them).
"""

import json
import sys
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "shared" / "python"))
import warnings  # noqa: E402
from importlib.metadata import version  # noqa: E402

import jwcrypto.jwt  # noqa: E402
from jwcrypto import common, jwk, jws  # noqa: E402

import lc_adapter  # noqa: E402
from lc_adapter import DOCUMENTED_ISSUERS, REQUIRED_CLAIMS, FrozenClock, Rejected, accepted, rejections  # noqa: E402

warnings.filterwarnings("ignore")
jwcrypto.jwt.time = SimpleNamespace(time=lambda: FrozenClock.frozen)  # jwcrypto reads the clock here
ADAPTER_CHECKS = ("typ", "claim-types", "iat-max-age")
CLAIM_REASONS = {"iss": "issuer", "aud": "audience", "nonce": "nonceMismatch"}


def claim_named(text):
    for name in REQUIRED_CLAIMS:
        if f"'{name}'" in text or f"Claim {name} " in text:
            return name
    return None


def rejection(error):
    text = str(error)
    if isinstance(error, jwcrypto.jwt.JWTExpired):
        return Rejected("expired")
    if isinstance(error, jwcrypto.jwt.JWTMissingClaim):
        return Rejected("missingClaim", claim_named(text))
    if isinstance(error, jwcrypto.jwt.JWTInvalidClaimFormat):
        if "not a json dict" in text:
            return Rejected("badJSON")
        claim = claim_named(text)
        return Rejected("wrongClaimType", claim) if claim else None
    if isinstance(error, jwcrypto.jwt.JWTInvalidClaimValue):
        claim = claim_named(text)
        return Rejected(CLAIM_REASONS[claim]) if claim in CLAIM_REASONS else None
    if isinstance(error, common.JWKeyNotFound):
        return signature_rejection(error)
    if isinstance(error, KeySetRefused):
        return Rejected("unknownKeyID")  # no key of the set can be used
    if isinstance(error, jws.InvalidJWSSignature):
        # jwcrypto wraps every per-signature failure in InvalidJWSSignature; its message carries the first one
        if "critical header" in text:
            return Rejected("headerCritical")
        if 'No "alg"' in text or '"alg" mismatch' in text:
            return Rejected("headerAlgorithm")
        return Rejected("signatureInvalid")
    if isinstance(error, jws.InvalidJWSOperation):
        return Rejected("headerAlgorithm") if "Algorithm not allowed" in text else None
    if isinstance(error, jws.InvalidJWSObject):
        return Rejected("badJSON")
    if isinstance(error, ValueError) and "Token format unrecognized" in text:
        return Rejected("malformed")
    if isinstance(error, UnicodeDecodeError):
        return Rejected("badJSON")
    if isinstance(error, TypeError) and "Expected JWS, got JWE" in text:
        return Rejected("malformed")  # five segments: a JWE, not the compact JWS a JWT is here
    return None


class KeySetRefused(Exception):
    """JWKSet.from_json refused the whole key set (one key it cannot import): no token can be verified."""


def signature_rejection(error):
    """jwcrypto answers JWKeyNotFound ("No working key found in key set") both for a kid the set lacks and when every
    key the kid names failed; its verify log says which failure it was."""
    log = " ".join(getattr(error, "verify_log", []))
    if "not in key set" in f"{error} {error.__cause__} {log}" or not log:
        kid = getattr(error, "kid", None)
        return Rejected("unknownKeyID") if isinstance(kid, str) and kid else Rejected("headerKeyID")
    if "critical" in log.lower() or "crit" in log:
        return Rejected("headerCritical")
    if ("Algorithm not allowed" in log or "InvalidJWAAlgorithm" in log or "not supported" in log
            or 'No "alg"' in log or '"alg" mismatch' in log):
        return Rejected("headerAlgorithm")
    if "InvalidJWSSignature" in log or "InvalidSignature" in log or "Verification failed" in log:
        return Rejected("signatureInvalid")
    return None


def decoded(token, keys, inp, issuer):
    check = {name: None for name in REQUIRED_CLAIMS}
    check.update({"iss": issuer, "aud": inp["appID"], "nonce": inp["expectedNonce"]})
    jwt = jwcrypto.jwt.JWT(algs=["RS256"], expected_type="JWS", strict_serialization=True, check_claims=check)
    jwt.leeway = 0
    try:
        jwt.deserialize(token, keys)
    except common.JWKeyNotFound as error:
        error.verify_log = list(getattr(jwt.token, "verifylog", None) or [])
        error.kid = lc_adapter.unverified_segment_json(token, 0).get("kid") if token.count(".") == 2 else None
        raise
    return jwt


def validate(inp, checks):
    FrozenClock.set(inp["now"])
    token = inp["token"]
    with rejections((common.JWException, rejection), (ValueError, rejection), (KeySetRefused, rejection),
                    (TypeError, rejection)):
        try:
            keys = jwk.JWKSet.from_json(json.dumps(inp["keys"]["jwks"]))
        except common.JWException as error:
            raise KeySetRefused(str(error)) from error
        try:
            jwt = decoded(token, keys, inp, DOCUMENTED_ISSUERS[0])
        except jwcrypto.jwt.JWTInvalidClaimValue as error:
            if claim_named(str(error)) != "iss":
                raise
            jwt = decoded(token, keys, inp, DOCUMENTED_ISSUERS[1])
    claims = json.loads(jwt.claims)
    return accepted(checks, claims, inp, json.loads(jwt.header))


if __name__ == "__main__":
    lc_adapter.main(__doc__.splitlines()[0], {"name": "jwcrypto", "version": version("jwcrypto"), "language": "python"},
                    ADAPTER_CHECKS, {"signed-token": validate})
