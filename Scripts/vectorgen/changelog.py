"""The suite changelog, written to Vectors/changelog.json: per suite version, the vector IDs it added, changed and
retired (Vectors/README.md). The loader checks it: versions increase, the last one is the manifest's suiteVersion,
every listed ID is a vector of the suite or a retired one, and a retired ID is never used again.

`changed` and `retired` list objects `{"id", "reason"}` (a retired vector may add `replacedBy`, the IDs that take its
place): a gate shows the reason beside every vector whose expectation changed since a baseline.

A released version never changes: releases 0.1.0 to 0.4.0 are kept as they were published, in
released_changelog.json beside this file (they were computed from the vectors of their day, which later releases
retire or rename). Each release from 0.5.0 on is data here, every ID spelled out; generate_vectors.py appends them.
"""

import json
from pathlib import Path

RELEASED = Path(__file__).with_name("released_changelog.json")

# Suite 0.5.0: errata (DECISIONS.md D50-D57). Each entry says which decision changed it.
_ST = "signed-token::"
_GE = "graph-error::current-token::"
_TC = "token-claims::"
_LR = "login-request::"
_RECOVERY_CASES = ("190", "190.460", "190.463", "102", "190.493", "102.493", "190-transient",
                   "190.493-server-transient")
_D50 = ("DECISIONS.md D50: graph error recovery, on by default, takes transient and recoverable errors before the "
        "token check, and no public document says what an error does to the current token; the vector is split "
        "into graphErrorRecovery false and true, under ios-sdk only")
_D54_AUD = ("DECISIONS.md D54: an aud array is allowed by RFC 7519 §4.1.3 and OpenID Connect Core §2; split by "
            "profile, documented also accepting {what}")
_D54_ISS = ("DECISIONS.md D54: https://limited.facebook.com rests on endpoint URLs only, the discovery document "
            "names https://www.facebook.com; split by profile, documented also accepting a refusal (issuer)")
_D53 = ("DECISIONS.md D53: {what}, which a conforming validator may also answer; alsoAccepted added")
_D51 = ("DECISIONS.md D51: app switch also needs the FBLoginFAS gatekeeper (off by default) and the installed "
        "Facebook app; the input states both (fastAppSwitchEnabled, facebookAppInstalled)")
RETIRED_0_5_0 = [
    {"id": _GE + f"{case}-current" + (".ios-sdk" if case not in ("190", "190.460", "190.463", "102") else ""),
     "reason": _D50, "replacedBy": [_GE + f"{case}-current-recovery-off.ios-sdk", _GE + f"{case}-current-recovery-on.ios-sdk"]}
    for case in _RECOVERY_CASES
] + [
    {"id": f"{family}{case}", "reason": _D54_AUD.format(what=what),
     "replacedBy": [f"{family}{case}.documented", f"{family}{case}.ios-sdk"]}
    for family, case, what in (
        (_TC, "wrong-type::aud.array", "the token (an array holding only the app ID lists the client)"),
        (_TC, "wrong-type::aud.array-with-other", "a refusal as audience (another audience is not trusted)"),
        (_TC, "wrong-type::aud.empty-array", "a refusal as audience (the array lists no client)"),
        (_ST, "claims::audience-array-with-app", "the token (an array holding only the app ID lists the client)"),
        (_ST, "claims-wrong-type::aud.array-with-other", "a refusal as audience (another audience is not trusted)"),
        (_ST, "claims-wrong-type::aud.empty-array", "a refusal as audience (the array lists no client)"),
    )
] + [
    {"id": _TC + "issuer::limited-facebook", "reason": _D54_ISS,
     "replacedBy": [_TC + "issuer::limited-facebook.documented", _TC + "issuer::limited-facebook.ios-sdk"]},
    {"id": _ST + "valid::limited-issuer", "reason": _D54_ISS,
     "replacedBy": [_ST + "valid::limited-issuer.documented", _ST + "valid::limited-issuer.ios-sdk"]},
]
ADDED_0_5_0 = [id for entry in RETIRED_0_5_0 for id in entry["replacedBy"]] + [
    # D56: when the SDK reads the callback
    "login-result::error::empty-code-with-error-message.ios-sdk",
    "login-result::error::empty-nonce-with-error.ios-sdk",
    "login-result::error::id-token-code-and-nonce-with-error-message.ios-sdk",
    "login-result::error::id-token-code-and-nonce-without-access-token.ios-sdk",
    "login-result::no-token::empty-access-token-is-no-token.ios-sdk",
    "login-result::no-token::empty-code-previous-token-denied-scopes-unread.ios-sdk",
    # D51: the app switch's conditions
] + [_LR + f"app-switch::{case}.ios-sdk" for case in (
    "gatekeeper-off-enabled-authorized", "app-not-installed-enabled-authorized",
    "conditions-not-stated-enabled-authorized", "shim-gatekeeper-on-app-installed",
    "limited-gatekeeper-on-app-installed", "limited-gatekeeper-on-not-authorized")
] + [
    # D57: base64url's - and _ in an accepting token
    _ST + "valid::base64url-alphabet",
    # D54: a second aud array with an audience the client does not trust (the app ID second)
] + [f"{family}{case}.{profile}" for family, case in ((_TC, "wrong-type::aud.array-other-first"),
                                                     (_ST, "claims-wrong-type::aud.array-other-first"))
     for profile in ("documented", "ios-sdk")]
CHANGED_0_5_0 = [
    {"id": _TC + "empty-claim::nonce-and-expected-nonce-empty.documented",
     "reason": "DECISIONS.md D54 (revising D09, D44): a validator that only compares finds \"\" equal to \"\"; "
               "acceptance added to alsoAccepted"},
    {"id": _ST + "claims-empty-claim::nonce-and-expected-nonce-empty.documented",
     "reason": "DECISIONS.md D54 (revising D09, D44): a validator that only compares finds \"\" equal to \"\"; "
               "acceptance added to alsoAccepted"},
    {"id": _ST + "kid::very-long",
     "reason": _D53.format(what="a 13 KB header that a parser's size limit (RFC 8259 §9) may refuse as badJSON")},
] + [
    {"id": _ST + f"embedded-key::{case}",
     "reason": _D53.format(what="a header as long as its accepted of-signer twin, which a parser's size limit "
                                "(RFC 8259 §9) may refuse as badJSON")}
    for case in ("jwk-attacker-signed", "x5c-attacker-signed", "x5c-attacker-kid", "jwk-attacker-kid")
] + [
    {"id": _ST + "key-size::2048-signer-kid-1024",
     "reason": _D53.format(what="a kid naming a 1024-bit key, which a validator following RFC 7518 §3.3 rules "
                                "out (unknownKeyID)")},
] + [
    {"id": _LR + case + ".ios-sdk", "reason": _D51} for case in (
        "baseline::enabled-authorized", "app-switch::disabled-enabled-authorized",
        "app-switch::disabled-enabled-not-authorized", "app-switch::disabled-limited-authorized",
        "app-switch::disabled-limited-not-authorized", "endpoint::v20.0-enabled", "endpoint::v18.0-enabled",
        "endpoint::v2.12-enabled", "client-id::987654321098765-enabled", "client-id::0012345678-enabled",
        "scope::empty-enabled", "scope::email-enabled", "scope::openid-requested-enabled",
        "scope::only-openid-enabled", "scope::many-enabled", "nonce::seed-123-enabled", "nonce::commas-enabled",
        "nonce::unicode-enabled", "nonce::percent-text-enabled", "nonce::long-1024-enabled",
        "nonce::newline-lf-enabled", "nonce::newline-cr-enabled", "nonce::newline-trailing-lf-enabled",
        "auth-type::nil-enabled", "auth-type::reauthorize-enabled", "pkce::rfc7636-enabled",
        "pkce::verifier-128-enabled", "redirect-uri::suffix-empty-1234567890-enabled",
        "redirect-uri::suffix-pro-1234567890-enabled", "redirect-uri::suffix-lite2-987654321098765-enabled",
        "state::short-enabled", "state::hex-32-enabled", "default-audience::only_me-enabled",
        "default-audience::everyone-enabled")
]

RELEASES = [
    {
        "version": "0.5.0",
        "summary": "Errata: vectors that said more, or other, than their sources (DECISIONS.md D50-D57): Graph error "
                   "recovery and the current token, the app switch's conditions, the birthday's calendar, refusals "
                   "and acceptances a conforming validator may give, one citation convention, when the SDK reads "
                   "the callback, and base64url's own characters in accepting tokens.",
        "added": ADDED_0_5_0,
        "changed": CHANGED_0_5_0,
        "retired": RETIRED_0_5_0,
    },
]


def document(ids_by_family):
    """The changelog document: the published releases as they were, then this file's. `ids_by_family` (each
    family's vector IDs in file order) is checked against the new releases: every ID they add or change exists."""
    current = {id for ids in ids_by_family.values() for id in ids}
    for release in RELEASES:
        listed = list(release["added"]) + [entry["id"] for entry in release["changed"]]
        missing = [id for id in listed if id not in current]
        if missing:
            raise SystemExit(f"changelog {release['version']}: no such vector: {', '.join(missing)}")
        stale = [entry["id"] for entry in release["retired"] if entry["id"] in current]
        if stale:
            raise SystemExit(f"changelog {release['version']}: retired but still generated: {', '.join(stale)}")
    released = json.loads(RELEASED.read_text(encoding="utf-8"))["releases"]
    ordered = [{key: release[key] for key in ("version", "summary", "added", "changed", "retired")}
               for release in RELEASES]
    return {"formatVersion": 1, "releases": released + ordered}


def suite_version():
    """The version the manifest must carry: the last release's."""
    return RELEASES[-1]["version"]
