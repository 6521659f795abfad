"""Shared plumbing for the Python adapters of real implementations (Implementations/<library>/adapter.py).

Only the harness protocol (Vectors/HARNESS.md), the outcome shape and a frozen clock live here: no validation rule
is decided here except in `limited_login_checks`, the adapter checks an implementation's `adapterChecks` entry in
implementation.json (`adapterChecks`) of the implementation lists, which run only with `--adapter-checks`.

- `serve(...)` speaks protocol version 1 on standard input/output, one request at a time.
- `kept_claims(claims)` maps an accepted token's claims to the vector file's `{"result":"accepted","claims":…}`
  shape: the required claims, and the optional claims the SDK exposes when their JSON type is right (the shape of
  the answer, not a check: the token is already accepted).
- `Rejected(reason, claim=None)` is raised by an adapter to answer a rejection.
- `FrozenClock` gives libraries that read the system clock the vector's `now` (the vectors state their own time).
- `rejections((types, mapper), ...)` turns a library's exceptions into `Rejected` with the adapter's own mapping;
  `first_fragment(text, table)` is the mapping by message fragment; `accepted(...)` is an accepted token's answer
  (after the adapter checks); `main(...)` is an adapter's entry point.
"""

import argparse
import json
import math
import sys
from contextlib import contextmanager
from datetime import datetime, timezone

PROTOCOL_VERSION = 1
REQUIRED_CLAIMS = ("jti", "iss", "aud", "exp", "iat", "nonce", "sub")
OPTIONAL_STRING_CLAIMS = ("name", "given_name", "middle_name", "family_name", "email", "picture",
                          "user_birthday", "user_gender", "user_link")
DOCUMENTED_ISSUERS = ["https://www.facebook.com", "https://limited.facebook.com"]
MAX_TOKEN_AGE = 600


class Rejected(Exception):
    def __init__(self, reason, claim=None):
        super().__init__(reason if claim is None else f"{reason}({claim})")
        self.reason = reason
        self.claim = claim

    def outcome(self):
        answer = {"result": "rejected", "reason": self.reason}
        if self.claim is not None:
            answer["claim"] = self.claim
        return answer


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def as_json_number(value):
    if isinstance(value, float) and math.isfinite(value) and value.is_integer() and abs(value) <= 2 ** 53:
        return int(value)
    return value


def _optional_kept(name, value):
    if name in OPTIONAL_STRING_CLAIMS:
        return isinstance(value, str)
    if name == "user_friends":
        return isinstance(value, list) and all(isinstance(item, str) for item in value)
    if name == "user_age_range":
        return isinstance(value, dict) and len(value) > 0 and all(is_number(item) for item in value.values())
    if name in ("user_hometown", "user_location"):
        return isinstance(value, dict) and len(value) > 0 and all(isinstance(item, str) for item in value.values())
    return False


def _normalise(value):
    if isinstance(value, dict):
        return {key: _normalise(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_normalise(item) for item in value]
    if isinstance(value, float):
        if not math.isfinite(value):
            return str(value)  # NaN / Infinity are not JSON: answered as a string so the line stays JSON
        return as_json_number(value)
    return value


def kept_claims(claims):
    """The accepted answer for claims the library accepted (answer shape only)."""
    kept = {name: claims.get(name) for name in REQUIRED_CLAIMS}
    aud = claims.get("aud")
    if isinstance(aud, list) and len(aud) == 1 and isinstance(aud[0], str):
        # The outcome's aud is a string: an accepted aud array of one string is reported as that string, the
        # audience the library matched (Vectors/DECISIONS.md D54).
        kept["aud"] = aud[0]
    for name, value in claims.items():
        if name in REQUIRED_CLAIMS:
            continue
        if name == "cnf":
            if isinstance(value, dict) and isinstance(value.get("jkt"), str) and value["jkt"]:
                kept["cnf"] = {"jkt": value["jkt"]}
        elif _optional_kept(name, value):
            kept[name] = value
    return {"result": "accepted", "claims": _normalise(kept)}


# ---------------------------------------------------------------------------------------------------------------
# Adapter checks: what a developer adds where the library has no option (listed per implementation in
# its implementation.json `adapterChecks`; each is run only when that implementation lists it and --adapter-checks).

def limited_login_checks(checks, header, claims, inp):
    if "alg" in checks and header.get("alg") != "RS256":
        raise Rejected("headerAlgorithm")
    if "typ" in checks and header.get("typ") != "JWT":
        raise Rejected("headerType")
    if "claim-types" in checks:
        for name in REQUIRED_CLAIMS:
            if name not in claims:
                raise Rejected("missingClaim", name)
        for name in REQUIRED_CLAIMS:
            ok = is_number(claims[name]) if name in ("exp", "iat") else isinstance(claims[name], str)
            if not ok:
                raise Rejected("wrongClaimType", name)
        for name in ("jti", "sub", "nonce"):
            if claims[name] == "":
                raise Rejected("emptyClaim", name)
    if "exp-strict" in checks and is_number(claims.get("exp")) and not claims["exp"] > inp["now"]:
        raise Rejected("expired")
    if "iat-max-age" in checks and is_number(claims.get("iat")) and claims["iat"] < inp["now"] - MAX_TOKEN_AGE:
        raise Rejected("issuedTooLongAgo")
    if "nonce" in checks and claims.get("nonce") != inp["expectedNonce"]:
        raise Rejected("nonceMismatch")


def accepted(checks, claims, inp, header=None):
    """The answer for claims the library accepted: the adapter checks first (when `--adapter-checks` gave any; header
    defaults to the token's, decoded unverified), then the accepted shape."""
    if checks:
        limited_login_checks(checks, unverified_segment_json(inp["token"], 0) if header is None else header, claims, inp)
    return kept_claims(claims)


# ---------------------------------------------------------------------------------------------------------------
# The library's refusals

@contextmanager
def rejections(*handlers):
    """Within the block, an exception of one of the handlers' types (the first that matches, in order, as `except`
    clauses do) is answered by that handler's mapper: a `Rejected` is raised from it, or, when the mapper answers
    None (a refusal the adapter cannot name), the library's exception goes on (the harness sees it as errored)."""
    try:
        yield
    except Exception as error:  # noqa: BLE001 - matched against the handlers below, re-raised otherwise
        for types, mapper in handlers:
            if isinstance(error, types):
                rejected = mapper(error)
                if rejected is None:
                    raise
                raise rejected from error
        raise


def first_fragment(text, table):
    """The answer of the first (fragment, Rejected) of table whose fragment is in text, or None."""
    for fragment, rejected in table:
        if fragment in text:
            return rejected
    return None


def unverified_segment_json(token, index):
    """Decode one segment for the adapter checks (after the library accepted the token)."""
    import base64
    segment = token.split(".")[index]
    return json.loads(base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4)))


# ---------------------------------------------------------------------------------------------------------------
# The clock

class FrozenClock(datetime):
    """A datetime whose now() is the vector's `now`; installed where a library reads the clock."""
    frozen = 0.0

    @classmethod
    def now(cls, tz=None):
        return datetime.fromtimestamp(cls.frozen, tz=tz or timezone.utc)

    @classmethod
    def utcnow(cls):
        return datetime.fromtimestamp(cls.frozen, tz=timezone.utc).replace(tzinfo=None)

    @classmethod
    def set(cls, seconds):
        cls.frozen = float(seconds)


# ---------------------------------------------------------------------------------------------------------------
# The protocol

def parse_arguments(description):
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--adapter-checks", action="store_true",
                        help="also run the adapter checks implementation.json lists for this implementation")
    parser.add_argument("--profile", choices=("documented", "ios-sdk"), default="documented")
    return parser.parse_args()


def main(description, implementation, adapter_checks, handlers):
    """An adapter's entry point: its arguments, then `serve`; handlers: family -> function(input, checks), where checks
    is adapter_checks with `--adapter-checks` and () without."""
    arguments = parse_arguments(description)
    checks = adapter_checks if arguments.adapter_checks else ()
    serve(implementation, {family: (lambda inp, handler=handler: handler(inp, checks))
                           for family, handler in handlers.items()})


def _write(message):
    sys.stdout.write(json.dumps(message, ensure_ascii=True, separators=(",", ":"), allow_nan=False) + "\n")
    sys.stdout.flush()


def serve(implementation, handlers, profile="documented"):
    """handlers: family -> function(input) returning an outcome dict (or raising Rejected)."""
    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        request = json.loads(line.decode("utf-8"))
        kind = request.get("type")
        if kind == "start":
            _write({"type": "started", "protocolVersion": PROTOCOL_VERSION, "implementation": implementation,
                    "capabilities": sorted(handlers), "profile": profile})
        elif kind == "stop":
            return
        elif kind == "run":
            seq = request["seq"]
            handler = handlers.get(request["family"])
            if handler is None:
                _write({"type": "skipped", "seq": seq, "reason": "family not adopted"})
                continue
            try:
                outcome = handler(request["input"])
            except Rejected as rejected:
                outcome = rejected.outcome()
            except Exception as error:  # noqa: BLE001 - the library failed on this vector
                _write({"type": "errored", "seq": seq, "message": f"{type(error).__name__}: {error}"})
                continue
            _write({"type": "result", "seq": seq, "outcome": outcome})
