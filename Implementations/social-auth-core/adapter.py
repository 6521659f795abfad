#!/usr/bin/env python3
"""social-auth-core's FacebookLimitedLogin backend (pip, exact pin in implementation.json) as a
Limited Login server validator, behind the harness protocol (Vectors/HARNESS.md). Family: signed-token, documented.

Driven through the code path the backend itself uses: FacebookLimitedLogin.authenticate() hands the callback's
`access_token` (the Limited Login id_token) to validated_response(), which calls validate_and_return_id_token(), so
the adapter calls validated_response({"access_token": token}) on a backend configured as strictly as its settings
allow (SOCIAL_AUTH_FACEBOOK_LIMITED_LOGIN_<NAME>: KEY = the app ID, JWT_ALGORITHMS ["RS256"], JWT_LEEWAY 0 instead of
1 s, ID_TOKEN_MAX_AGE 600 instead of 3600 s, JWT_DECODE_OPTIONS = PyJWT's options requiring every claim, strict_aud
and enforce_minimum_key_length; implementation.json's optionsAudit lists every setting and why). Only its two network fetches are replaced: the JWKS fetch
(get_jwks_keys) returns the vector's JWKS, and the discovery document (oidc_config) returns Facebook's published
values for the fields the backend reads (issuer https://www.facebook.com, the JWKS URI). The clock is the vector's
`now`. The backend deliberately ignores a nonce mismatch (validate_claims catches `nonce_mismatch`):
`--adapter-checks` adds the nonce comparison and the other Limited Login claim rules the backend leaves out
(implementation.json lists them).
"""

import sys
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "shared" / "python"))
import datetime as real_datetime  # noqa: E402
import warnings  # noqa: E402
from importlib.metadata import version  # noqa: E402

import jwt  # noqa: E402
import jwt.api_jwt  # noqa: E402
from social_core.backends import open_id_connect  # noqa: E402
from social_core.backends.facebook_limited import FacebookLimitedLogin  # noqa: E402
from social_core.exceptions import AuthException  # noqa: E402
from social_core.strategy import BaseStrategy  # noqa: E402

import lc_adapter  # noqa: E402
from lc_adapter import FrozenClock, Rejected, accepted, first_fragment, rejections  # noqa: E402

warnings.filterwarnings("ignore")
jwt.api_jwt.datetime = FrozenClock  # PyJWT (under the backend) reads the clock here
open_id_connect.dt = SimpleNamespace(datetime=FrozenClock, UTC=real_datetime.UTC, timezone=real_datetime.timezone)
ADAPTER_CHECKS = ("typ", "claim-types", "nonce")
REQUIRED_CLAIMS = ["jti", "iss", "aud", "exp", "iat", "nonce", "sub"]
STRICT_SETTINGS = {"JWT_ALGORITHMS": ["RS256"], "JWT_LEEWAY": 0, "ID_TOKEN_MAX_AGE": 600,
                   "JWT_DECODE_OPTIONS": {"require": REQUIRED_CLAIMS, "strict_aud": True,
                                          "enforce_minimum_key_length": True}}
FACEBOOK_DISCOVERY = {"issuer": "https://www.facebook.com",
                      "jwks_uri": "https://limited.facebook.com/.well-known/oauth/openid/jwks/"}


class ServerStrategy(BaseStrategy):
    """The smallest strategy a server gives the backend: settings and a session."""

    def __init__(self, settings):
        super().__init__(storage=None)
        self.settings = settings
        self.session = {}

    def get_setting(self, name):
        return self.settings[name]

    def session_get(self, name, default=None):
        return self.session.get(name, default)

    def session_set(self, name, value):
        self.session[name] = value

    def session_pop(self, name):
        return self.session.pop(name, None)

    def get_request_data(self, merge=True):
        return {}

    def build_absolute_uri(self, path=None):
        return "https://server.example" + (path or "/")

    def request_host(self):
        return "server.example"


class VectorKeys(FacebookLimitedLogin):
    """The backend with its network fetches pointed at the vector's data; nothing else overridden."""
    jwks = []

    def get_jwks_keys(self):
        return [dict(key) for key in self.jwks]

    def oidc_config(self):
        return dict(FACEBOOK_DISCOVERY)


CODES = {"invalid_signature": "signatureInvalid", "response_expired": "expired"}


def rejection(error):
    code = getattr(error, "code", None)
    claim = getattr(error, "claim", None)
    cause = error.__cause__
    text = f"{error} {cause}" if cause is not None else str(error)
    if code == "missing_claim":
        return Rejected("missingClaim", claim) if claim else Rejected("malformed")  # no token at all
    if code == "response_expired":
        return Rejected("issuedTooLongAgo" if claim == "iat" else "expired")
    if code == "invalid_signature":
        if isinstance(cause, jwt.exceptions.InvalidAlgorithmError):
            return Rejected("headerAlgorithm")
        return Rejected("signatureInvalid")
    if code == "invalid_claim":
        if claim == "aud":
            return Rejected("wrongClaimType", "aud") if "format" in text else Rejected("audience")
        if claim == "iss":
            return Rejected("issuer")
        if claim == "sub":
            return Rejected("wrongClaimType", "sub")
        return first_fragment(text, (
            ("segments", Rejected("malformed")), ("padding", Rejected("badBase64url")),
            ("Key ID", Rejected("headerKeyID")), ("(exp)", Rejected("wrongClaimType", "exp")),
            ("(iat)", Rejected("wrongClaimType", "iat")), ("JTI", Rejected("wrongClaimType", "jti")),
            ("crit", Rejected("headerCritical")), ("string", Rejected("badJSON")), ("alg", Rejected("headerAlgorithm"))))
    return None


def unwrapped_rejection(error):
    """A PyJWT error raised before the backend wraps it (e.g. the unverified header)."""
    return first_fragment(str(error), (("segments", Rejected("malformed")), ("padding", Rejected("badBase64url")),
                                       ("Key ID", Rejected("headerKeyID")))) or Rejected("badJSON")


def validate(inp, checks):
    FrozenClock.set(inp["now"])
    settings = {"KEY": inp["appID"], "SECRET": "", **STRICT_SETTINGS}
    strategy = ServerStrategy({f"SOCIAL_AUTH_FACEBOOK_LIMITED_LOGIN_{name}": value for name, value in settings.items()})
    VectorKeys.jwks = inp["keys"]["jwks"].get("keys", [])
    backend = VectorKeys(strategy)
    with rejections((AuthException, rejection), (jwt.PyJWTError, unwrapped_rejection)):
        claims = backend.validated_response({"access_token": inp["token"]})
    return accepted(checks, claims, inp)


if __name__ == "__main__":
    lc_adapter.main(__doc__.splitlines()[0], {"name": "social-auth-core FacebookLimitedLogin",
                                              "version": version("social-auth-core"), "language": "python"},
                    ADAPTER_CHECKS, {"signed-token": validate})
