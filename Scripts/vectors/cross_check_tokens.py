#!/usr/bin/env python3
"""Runs every signed-token vector through two independent JOSE libraries, PyJWT and joserfc, configured as a careful
Limited Login server developer would, and compares each verdict (accepted / rejected) with the vector's expectation.

  .venv/bin/python Scripts/vectors/cross_check_tokens.py            both profiles, exit 1 on any undeclared disagreement
  .venv/bin/python Scripts/vectors/cross_check_tokens.py --verbose  also list the declared divergences seen

A library passes a vector when its verdict agrees with `expected` or with one of `alsoAccepted` (the outcomes the
vector's sources also allow, e.g. keeping the last of duplicate members, RFC 7515 §4: Vectors/DECISIONS.md D03); a
pass through `alsoAccepted` is counted as lenient. Where a library legitimately differs beyond that, the divergence
is declared per vector in Scripts/vectors/cross_check_divergences.json with a reason. An undeclared disagreement fails; so does a declared divergence that no longer happens (a stale
entry), so the file always says exactly where the libraries differ. Rejection reasons are library-specific, so the
gate compares verdicts, and for accepted tokens the required claims (by value); the reason agreement is reported.

The careful configuration, per library: the key is looked up by kid in the profile's key source (documented: the
JWKS; ios-sdk: the kid -> PEM certificate map), and a kid that names no key is refused (no fall-back); only RS256 is
allowed; typ must be JWT; exp, iat, iss, aud, sub, jti and nonce are required; aud must equal the app ID, iss the
profile's issuers; nonce is compared with the expected one; iat must be no older than 600 seconds; the clock is the
vector's `now`, with no leeway.
"""

import argparse
import base64
import json
import sys
import warnings
from datetime import datetime, timezone, tzinfo
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import jwt as pyjwt
import jwt.api_jwt
from cryptography import x509
from joserfc import jwt as jose_jwt
from joserfc.errors import JoseError
from joserfc.jwk import KeySet, RSAKey

# The 1024-bit key vectors are deliberate: the libraries' key-size warnings are expected, not news.
warnings.filterwarnings("ignore", message=".*(bits long|>= 2048 bits).*")

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "Vectors" / "signed-token.json"
DIVERGENCES = ROOT / "Scripts" / "vectors" / "cross_check_divergences.json"
sys.path.insert(0, str(ROOT / "Scripts"))

from vectorgen.common import PROFILES, READINGS, is_documented  # noqa: E402  (after the path is set)
DOCUMENTED_ISSUERS = ("https://www.facebook.com", "https://limited.facebook.com")
REQUIRED = ("jti", "iss", "aud", "exp", "iat", "nonce", "sub")


class Refused(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# ---------------------------------------------------------------------------------------------------------------
# What a careful developer does around either library.

def unverified_header(token: str) -> Any:
    try:
        segment = token.split(".")[0]
        return json.loads(base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4)))
    except Exception:
        return None


def issuer_ok(iss: Any, profile: str) -> bool:
    if profile == "documented":
        return iss in DOCUMENTED_ISSUERS
    try:
        host = urlsplit(iss).hostname if isinstance(iss, str) else None
    except ValueError:
        return False
    # urlsplit lower-cases the host; the SDK compares it case-sensitively
    raw = urlsplit(iss).netloc.rsplit("@", 1)[-1].split(":")[0] if host else None
    return bool(raw and (raw == "facebook.com" or raw.endswith(".facebook.com")))


def check_claims(claims: dict[str, Any], inp: dict[str, Any], profile: str) -> dict[str, Any]:
    """The Limited Login claim rules neither library knows (nonce, the iat window, the SDK issuer rule)."""
    for name in ("jti", "iss", "aud", "nonce", "sub"):
        if not isinstance(claims.get(name), str):
            raise Refused("wrongClaimType")
    for name in ("jti", "nonce", "sub"):
        if claims[name] == "":
            raise Refused("emptyClaim")
    for name in ("exp", "iat"):
        if isinstance(claims.get(name), bool) or not isinstance(claims.get(name), (int, float)):
            raise Refused("wrongClaimType")
    if not issuer_ok(claims["iss"], profile):
        raise Refused("issuer")
    if claims["aud"] != inp["appID"]:
        raise Refused("audience")
    if not claims["exp"] > inp["now"]:
        raise Refused("expired")
    if not claims["iat"] >= inp["now"] - 600:
        raise Refused("issuedTooLongAgo")
    if claims["nonce"] != inp["expectedNonce"]:
        raise Refused("nonceMismatch")
    return claims


def header_checks(token: str) -> tuple[dict[str, Any], str]:
    header = unverified_header(token)
    if not isinstance(header, dict):
        raise Refused("badJSON")
    if header.get("alg") != "RS256":
        raise Refused("headerAlgorithm")
    if header.get("typ") != "JWT":
        raise Refused("headerType")
    kid = header.get("kid")
    if not isinstance(kid, str) or not kid:
        raise Refused("headerKeyID")
    return header, kid


def jwks_entries(inp: dict[str, Any]) -> list[dict[str, Any]]:
    """The JWKS's RSA keys with a string kid, as published (use, key_ops and alg kept for the library to judge)."""
    return [entry for entry in inp["keys"]["jwks"]["keys"]
            if entry.get("kty") == "RSA" and isinstance(entry.get("kid"), str)]


def rsa_keys(inp: dict[str, Any], profile: str) -> dict[str, Any]:
    """kid -> cryptography public key, from the profile's key source."""
    out: dict[str, Any] = {}
    if profile == "documented":
        for entry in inp["keys"]["jwks"]["keys"]:
            if entry.get("kty") == "RSA" and isinstance(entry.get("kid"), str):
                out[entry["kid"]] = pyjwt.PyJWK.from_dict(entry, algorithm="RS256").key
    else:
        # The SDK casts the whole map `as? [String: String]`: one entry that is not a string leaves no key
        # (Vectors/DECISIONS.md D13).
        if not all(isinstance(value, str) for value in inp["keys"]["certificates"].values()):
            return out
        for kid, pem in inp["keys"]["certificates"].items():
            if isinstance(pem, str) and pem.startswith("-----BEGIN CERTIFICATE-----"):
                out[kid] = x509.load_pem_x509_certificate(pem.encode("ascii")).public_key()
    return out


# ---------------------------------------------------------------------------------------------------------------
# PyJWT

class _FrozenDatetime(datetime):
    frozen = 0.0

    # A plain datetime, not a _FrozenDatetime (datetime.now promises the subclass): PyJWT only compares it.
    @classmethod
    def now(cls, tz: tzinfo | None = None) -> datetime:  # type: ignore[override]
        return datetime.fromtimestamp(cls.frozen, tz=tz or timezone.utc)


# PyJWT reads the clock here; the vectors state their own `now` (mypy refuses replacing an imported class).
jwt.api_jwt.datetime = _FrozenDatetime  # type: ignore[misc]


def pyjwt_signing_key(inp: dict[str, Any], profile: str, kid: str) -> Any:
    """documented: the key PyJWKClient.get_signing_key picks (the JWKS's keys whose use is sig or absent, the first
    with the kid, as a PyJWK so PyJWT checks the JWK's alg); ios-sdk: the certificate's key."""
    if not is_documented(profile):
        keys = rsa_keys(inp, profile)
        if kid not in keys:
            raise Refused("unknownKeyID")
        return keys[kid]
    for entry in jwks_entries(inp):
        try:
            key = pyjwt.PyJWK.from_dict(entry)
        except (pyjwt.PyJWKError, NotImplementedError, ValueError):
            continue  # PyJWT makes no key of it (alg none, for example)
        if key.public_key_use in ("sig", None) and key.key_id == kid:
            return key
    raise Refused("unknownKeyID")


def pyjwt_validate(inp: dict[str, Any], profile: str) -> dict[str, Any]:
    token = inp["token"]
    header, kid = header_checks(token)
    key = pyjwt_signing_key(inp, profile, kid)
    _FrozenDatetime.frozen = float(inp["now"])
    try:
        claims = pyjwt.decode(
            token, key, algorithms=["RS256"], audience=inp["appID"],
            issuer=list(DOCUMENTED_ISSUERS) if profile == "documented" else None,
            options={"require": list(REQUIRED), "verify_iss": profile == "documented"}, leeway=0)
    except pyjwt.InvalidSignatureError:
        raise Refused("signatureInvalid")
    except pyjwt.InvalidAlgorithmError:
        raise Refused("unknownKeyID")  # the JWK's alg is not the token's (PyJWK)
    except pyjwt.ExpiredSignatureError:
        raise Refused("expired")
    except pyjwt.InvalidAudienceError:
        raise Refused("audience")
    except pyjwt.InvalidIssuerError:
        raise Refused("issuer")
    except pyjwt.MissingRequiredClaimError:
        raise Refused("missingClaim")
    except pyjwt.ImmatureSignatureError:
        raise Refused("issuedTooLongAgo")  # PyJWT refuses a future iat (no Limited Login reason names it)
    except pyjwt.DecodeError as error:
        raise Refused("badBase64url" if "padding" in str(error).lower() else "badJSON")
    except pyjwt.InvalidTokenError:
        raise Refused("badJSON")
    return check_claims(claims, inp, profile)


# ---------------------------------------------------------------------------------------------------------------
# joserfc

def joserfc_validate(inp: dict[str, Any], profile: str) -> dict[str, Any]:
    token = inp["token"]
    header, kid = header_checks(token)
    if profile == "documented":
        # The JWKS as published: joserfc's KeySet finds the key by kid and judges use, key_ops and alg itself.
        try:
            key_set = KeySet([RSAKey.import_key(entry) for entry in jwks_entries(inp)])
        except JoseError:
            raise Refused("unknownKeyID")
        if not any(key.kid == kid for key in key_set.keys):
            raise Refused("unknownKeyID")
    else:
        keys = rsa_keys(inp, profile)
        if kid not in keys:
            raise Refused("unknownKeyID")
        key_set = KeySet([RSAKey.import_key(keys[kid], {"kid": kid})])
    try:
        decoded = jose_jwt.decode(token, key_set, algorithms=["RS256"])
    except JoseError as error:
        name = type(error).__name__
        if name in ("InvalidKeyIdError", "KeyParameterError", "UnsupportedKeyOperationError", "UnsupportedKeyUseError",
                    "UnsupportedKeyAlgorithmError"):
            raise Refused("unknownKeyID")
        raise Refused("signatureInvalid" if "Signature" in name else "badJSON")
    except (ValueError, TypeError, UnicodeDecodeError):
        raise Refused("badJSON")
    registry = jose_jwt.JWTClaimsRegistry(
        now=int(inp["now"]) if float(inp["now"]).is_integer() else inp["now"], leeway=0,
        **{name: jose_jwt.ClaimsOption(essential=True) for name in REQUIRED},
    )
    try:
        registry.validate(decoded.claims)
    except JoseError as error:
        name = type(error).__name__
        raise Refused({"ExpiredTokenError": "expired", "MissingClaimError": "missingClaim"}.get(name, "badJSON"))
    return check_claims(dict(decoded.claims), inp, profile)


LIBRARIES = {"pyjwt": pyjwt_validate, "joserfc": joserfc_validate}


# ---------------------------------------------------------------------------------------------------------------

def outcome(library: str, inp: dict[str, Any], profile: str) -> dict[str, Any]:
    try:
        claims = LIBRARIES[library](inp, profile)
        return {"result": "accepted", "claims": {name: claims[name] for name in REQUIRED}}
    except Refused as refused:
        return {"result": "rejected", "reason": refused.reason}
    except Exception as error:  # a library error a careful caller treats as a refusal
        return {"result": "rejected", "reason": f"error:{type(error).__name__}"}


def agrees(actual: dict[str, Any], expected: dict[str, Any]) -> bool:
    if actual["result"] != expected["result"]:
        return False
    if actual["result"] == "accepted":
        return all(actual["claims"][name] == expected["claims"][name] for name in REQUIRED)
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    vectors = json.loads(VECTORS.read_text(encoding="utf-8"))["vectors"]
    declared = {(d["library"], d["profile"], d["id"]): d["reason"]
                for d in json.loads(DIVERGENCES.read_text(encoding="utf-8"))["divergences"]}
    known_ids = {v["id"] for v in vectors}
    problems, seen, checked, same_reason, rejections, lenient = [], set(), 0, 0, 0, 0
    for profile in READINGS:  # a profile adopting a reading (common.ADOPTED_READINGS) has that reading's vectors
        for v in vectors:
            if profile not in v.get("profiles", PROFILES):
                continue
            for library in LIBRARIES:
                checked += 1
                actual = outcome(library, v["input"], profile)
                key = (library, profile, v["id"])
                if v["expected"]["result"] == "rejected" and actual["result"] == "rejected":
                    rejections += 1
                    same_reason += actual["reason"] == v["expected"]["reason"]
                if agrees(actual, v["expected"]):
                    continue
                if any(agrees(actual, other) for other in v.get("alsoAccepted", [])):
                    lenient += 1
                    if args.verbose:
                        print(f"lenient   {library:8} {profile:10} {v['id']}: {json.dumps(actual)[:120]}")
                    continue
                if key in declared:
                    seen.add(key)
                    if args.verbose:
                        print(f"declared  {library:8} {profile:10} {v['id']}: {declared[key]}")
                    continue
                problems.append(f"UNDECLARED {library} ({profile}) {v['id']}: expected {json.dumps(v['expected'])[:160]}"
                                f", got {json.dumps(actual)[:160]}")
    for key in sorted(set(declared) - seen):
        what = "names no vector" if key[2] not in known_ids else "no longer diverges"
        problems.append(f"STALE     {key[0]} ({key[1]}) {key[2]}: declared divergence {what}; remove it")
    for line in problems:
        print(line)
    print(f"cross-check: {checked} checks ({len(vectors)} vectors x profiles x {len(LIBRARIES)} libraries), "
          f"{lenient} lenient passes (alsoAccepted), {len(seen)} declared divergences, {len(problems)} problems; "
          f"rejection reasons agree in {same_reason} of {rejections} shared rejections")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
