#!/usr/bin/env python3
"""django-allauth's Facebook provider (pip, exact pin in implementation.json) as a Limited Login server validator,
behind the harness protocol (Vectors/HARNESS.md). Family: signed-token, documented profile (the JWKS key source).

Driven through the call behind allauth's token endpoint (allauth.headless, POST …/auth/provider/token with
{"id_token": …}: ProviderTokenInput.clean calls it): FacebookProvider.verify_token(request, {"id_token": token}) on a
provider whose app's client_id is the vector's app ID, in a Django process configured as allauth's documentation
says (INSTALLED_APPS with allauth, allauth.account, allauth.socialaccount and its facebook provider). Its Limited
Login path (flows.verify_limited_login_token → internal/jwtkit.verify_and_decode) has no setting at all:
implementation.json's optionsAudit lists every setting of the provider and says so. Only what a server's
environment decides is given: the JWKS fetch (allauth's own extension point, SOCIALACCOUNT_ADAPTER's
get_requests_session) returns the vector's JWKS for Facebook's JWKS URL, the clock is the vector's `now` (PyJWT's
and jwtkit's), and the cache that holds used jti values (replay protection) is emptied before each vector, each
vector being a first login. The verdict is allauth's: a SocialLogin returned is an acceptance (its claims are those
jwtkit decoded, recorded on the way), a ValidationError a refusal (its cause named as the suite's reason), and any
other exception is what a server gets from it: an error (HTTP 500 from the endpoint).

allauth compares no nonce, no typ, no token age and no claim type, and verifies with the algorithm the token's
header names: `--adapter-checks` adds those (implementation.json lists them).
"""

import sys
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "shared" / "python"))
import warnings  # noqa: E402
from importlib.metadata import version  # noqa: E402

import django  # noqa: E402
from django.conf import settings  # noqa: E402

import lc_adapter  # noqa: E402
from lc_adapter import FrozenClock, Rejected, accepted, first_fragment, rejections  # noqa: E402

warnings.filterwarnings("ignore")
FACEBOOK_JWKS_URL = "https://limited.facebook.com/.well-known/oauth/openid/jwks/"
ADAPTER_CHECKS = ("alg", "typ", "claim-types", "iat-max-age", "nonce")

settings.configure(
    SECRET_KEY="login-conformance",
    INSTALLED_APPS=["django.contrib.auth", "django.contrib.contenttypes", "django.contrib.sessions",
                    "allauth", "allauth.account", "allauth.socialaccount",
                    "allauth.socialaccount.providers.facebook"],
    DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}},
    CACHES={"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}},
    MIDDLEWARE=["django.contrib.sessions.middleware.SessionMiddleware",
                "django.contrib.auth.middleware.AuthenticationMiddleware",
                "allauth.account.middleware.AccountMiddleware"],
    SOCIALACCOUNT_ADAPTER="__main__.VectorJWKSAdapter",
    USE_TZ=True,
)
django.setup()

import jwt.api_jwt  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.core.exceptions import ValidationError  # noqa: E402
from django.test import RequestFactory  # noqa: E402

from allauth.socialaccount.adapter import DefaultSocialAccountAdapter  # noqa: E402
from allauth.socialaccount.internal import jwtkit  # noqa: E402
from allauth.socialaccount.models import SocialApp  # noqa: E402
from allauth.socialaccount.providers.facebook.provider import FacebookProvider  # noqa: E402

jwt.api_jwt.datetime = FrozenClock  # PyJWT (under jwtkit) reads the clock here
jwtkit.time = SimpleNamespace(time=lambda: FrozenClock.frozen)  # jwtkit's jti cache timeout


class VectorJWKSAdapter(DefaultSocialAccountAdapter):
    """allauth's adapter with its HTTP session answering Facebook's JWKS URL with the vector's key set."""
    jwks = {}
    fetched = []

    def get_requests_session(self):
        adapter = self

        class Session:
            def __enter__(self):
                return self

            def __exit__(self, *exception):
                return False

            def get(self, url, **_):
                adapter.fetched.append(url)
                if url != FACEBOOK_JWKS_URL:
                    raise AssertionError(f"allauth fetched {url}, not Facebook's JWKS")
                return SimpleNamespace(raise_for_status=lambda: None, json=lambda: adapter.jwks)

        return Session()


decoded = []
original_verify_and_decode = jwtkit.verify_and_decode


def recording_verify_and_decode(**arguments):
    """jwtkit's verify_and_decode, unchanged; what it returns is kept for the accepted answer's claims."""
    data = original_verify_and_decode(**arguments)
    decoded.append(data)
    return data


jwtkit.verify_and_decode = recording_verify_and_decode


def rejection(error):
    """allauth's ValidationError("invalid_token"), named by its cause: jwtkit's OAuth2Error, and PyJWT's error under it."""
    cause = error.__cause__
    if cause is None:
        return Rejected("malformed")  # verify_token's own refusal: no token at all
    inner = getattr(cause, "__cause__", None)
    text = f"{cause} {inner}"
    if isinstance(inner, jwt.exceptions.ExpiredSignatureError):
        return Rejected("expired")
    if isinstance(inner, jwt.exceptions.InvalidAudienceError):
        return Rejected("wrongClaimType", "aud") if "format" in text else Rejected("audience")
    if isinstance(inner, jwt.exceptions.InvalidIssuerError):
        return Rejected("issuer")
    if isinstance(inner, jwt.exceptions.InvalidAlgorithmError):
        return Rejected("headerAlgorithm")
    if isinstance(inner, jwt.exceptions.InvalidSignatureError):
        return Rejected("signatureInvalid")
    if isinstance(inner, jwt.exceptions.MissingRequiredClaimError):
        return Rejected("missingClaim", inner.claim)
    if isinstance(inner, jwt.exceptions.InvalidSubjectError):
        return Rejected("wrongClaimType", "sub")
    if isinstance(inner, jwt.exceptions.InvalidJTIError):
        return Rejected("wrongClaimType", "jti")
    return first_fragment(text, (
        ("Invalid 'kid'", Rejected("unknownKeyID")), ("Unsupported signing algorithm", Rejected("unknownKeyID")),
        ("segments", Rejected("malformed")), ("padding", Rejected("badBase64url")),
        ("Expiration Time claim (exp) must be", Rejected("wrongClaimType", "exp")),
        ("Issued At claim (iat) must be", Rejected("wrongClaimType", "iat")),
        ("crit", Rejected("headerCritical")), ("string", Rejected("badJSON")), ("alg", Rejected("headerAlgorithm"))))


def validate(inp, checks):
    FrozenClock.set(inp["now"])
    cache.clear()
    decoded.clear()
    VectorJWKSAdapter.jwks = inp["keys"]["jwks"]
    request = RequestFactory().post("/_allauth/app/v1/auth/provider/token")
    provider = FacebookProvider(request, app=SocialApp(provider="facebook", client_id=inp["appID"], secret=""))
    with rejections((ValidationError, rejection)):
        provider.verify_token(request, {"id_token": inp["token"]})
    return accepted(checks, decoded[-1], inp)


if __name__ == "__main__":
    lc_adapter.main(__doc__.splitlines()[0], {"name": "django-allauth FacebookProvider", "version": version("django-allauth"),
                                              "language": "python"},
                    ADAPTER_CHECKS, {"signed-token": validate})
