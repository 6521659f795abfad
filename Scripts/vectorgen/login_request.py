"""The `login-request` family: the authorization request a login configuration makes (SPECIFICATION.md §2).

Input: the app (ID, URL scheme suffix), whether the user authorized tracking, the Graph API version, the default
audience, the state challenge, and a login configuration that is always valid (making one is the
login-configuration family's job). The configuration carries its code verifier and that verifier's S256 challenge
(computed here with hashlib), so an implementation without SHA-256 can run this family: the rule tested here is
where the challenge goes, not how it is computed (the code-challenge family checks that).

Expected: `{"result": "request", "host", "path", "appSwitchAllowed", "parameters"}`. `parameters` names every
parameter of SPECIFICATION.md §2's table with its percent-DECODED value, or null for "must be absent". An answer
conforms when every non-null parameter is present with that value and every null one is absent; parameters outside
the table are ignored (real SDKs also send e2e, sdk_version, …). `scope` compares as a comma-separated list in any
order but counting duplicates (requested ∪ {openid} is a set, so "openid,openid" is wrong). `state` compares as
JSON: the expected object's members must be in the actual state's JSON object with equal values, other members
allowed. host, path and appSwitchAllowed compare exactly. A documented twin (below, `_documented_twins`) leaves out
host, appSwitchAllowed where only the SDK's gatekeepers decide it, and the parameters only the SDK's code gives:
what it leaves out is not compared.

The rules (SPECIFICATION.md §2):
  host        m.facebook.com (enabled tracking) / limited.facebook.com (limited)
  path        /{graph version}/dialog/oauth
  client_id   the app ID;  display touch;  sdk ios;  return_scopes true
  scope       requested permissions ∪ {openid}, comma-joined
  nonce       the configuration's nonce, in both tracking modes
  auth_type   the auth type's raw value, absent when nil
  response_type  limited: id_token,graph_domain,user_token_nonce;
                 enabled: id_token,token_or_nonce,signed_request,graph_domain,user_token_nonce
  tp          ios_14_do_not_track for limited, and for enabled tracking when tracking is not authorized (the
              "shim"); absent for enabled tracking with tracking authorized
  code_challenge / code_challenge_method   the configuration's challenge / S256, enabled tracking only
  redirect_uri  fb{appID}{suffix}://authorize/
  state       a JSON object with the challenge
  default_audience  the given audience
  appSwitchAllowed  the configuration enables app switch AND tracking is authorized AND the server's fast-app-switch
                    gatekeeper for the tracking mode is on AND the Facebook app is installed (SDK reading,
                    DECISIONS.md D51; the inputs fastAppSwitchEnabled and facebookAppInstalled, absent = false)

Decisions where the specification is silent (each stated in a rule and in the final report):
- The shim (enabled tracking, tracking not authorized) keeps the enabled response_type and PKCE, adds tp, goes to
  limited.facebook.com and allows no app switch: the SDK's reading, ios-sdk only (rule request.tracking-shim.ios-sdk,
  DECISIONS.md D25).
- A null and an empty URL scheme suffix both add nothing to redirect_uri.

Profiles: the rules hold in both readings. Two kinds of input exist in the SDK reading only, because the documented
reading refuses their configuration when it is made (SPECIFICATION.md §1, §8): limited tracking with a permission
outside the Limited Login list (openid included), and a nonce holding a newline. Their vectors name ios-sdk; their
rules say in `unpaired` why no documented vector exists.

Cases the specification leaves open, without a vector:
- The percent-encoding of the query string (`,` as %2C, the encoding of the state JSON and of the challenge
  inside it): the outcome carries decoded values, and state challenges here are unreserved characters only.
- The order of the scope items and of the query parameters ("keys are sorted" is how the SDK builds them, not a
  rule a server sees).
- messenger_page_id, reset_messenger_state, e2e, sdk_version, fbapp_pres, cbt, ies, … : not in §2's table. The
  input's messengerPageId is part of the configuration, but no vector checks how it is sent.
- The state's other members (the SDK also sends a logger ID and the login method): allowed, not checked.
- App switch: the gatekeeper and the installed app are inputs (DECISIONS.md D51); what the SDK does when it cannot
  open the app after deciding to (it falls back to the browser) is not a property of the request.
"""

import base64
import hashlib
import json
from collections.abc import Iterable, Mapping
from typing import Any, Optional

from .common import B1, B2, B8, READINGS, SEED_LIMITED_LOGIN_FR, SEED_LIMITED_LOGIN_VI, is_documented, vector
from .login_configuration import ALLOWED_AUTH_TYPES, NONCE_NEWLINES, TRACKING_MODES
from .login_configuration import configuration_outcome
from .perturbation import Outside, PerturbedField
from .shape import (COMMA_LIST, JSON_MEMBERS, OPAQUE, VERBATIM, Constraint, Family, boolean, closed, common, const,
                    defined, enum, fld, nullable, obj, outcome, string)

FAMILY = "login-request"
DESCRIPTION = (
    "The authorization request a valid login configuration makes (SPECIFICATION.md §2): host and path, whether app "
    "switch is allowed, and every parameter of §2's table with its percent-decoded value or null for absent. "
    "Enabled tracking goes to m.facebook.com with PKCE (code_challenge, S256); limited tracking goes to "
    "limited.facebook.com with tp=ios_14_do_not_track and no PKCE; enabled tracking without tracking authorization "
    "(the shim) adds tp and stays an enabled request. The nonce is sent in both modes, auth_type only when not nil, "
    "scope is the requested permissions plus openid once. Parameters outside the table are ignored; scope compares "
    "in any order, state as JSON."
)
# The SDK check (Scripts/sdk_check/check_sdk.py, docs/sdk-check.md): what its driver calls in the SDK for this family's
# ios-sdk vectors (`runs`), or why they are read, not run (`notRun`).
SDK_CHECK = {
    "notRun": (
        "LoginManager / NativeAppLoginHandler need UIKit, the app-switch and browser machinery and ObjC "
        "internals; read, not run (SPECIFICATION.md cites the code rule by rule)"
    ),
}
# Why the family declares no fault pairs (docs/generated/fault-pairs.md; vectorgen/fault_pairs.py).
NO_FAULT_PAIRS = "it builds a request for every configuration and refuses none: nothing to order"
# Why the family declares no JSON grammar sites (docs/generated/grammar.md; vectorgen/grammar.py).
NO_GRAMMAR_SITES = "it writes its state's JSON text and parses none"
# Its row in README.md's family table (the generator writes the table): the protocol its implementations adopt
# and what its vectors check, in Markdown.
PROTOCOL = "LoginRequestBuilding"
SUMMARY = (
    "the authorization request: `/{graph version}/dialog/oauth`, every §2 parameter (scope = requested ∪ {openid} "
    "once, nonce in both modes, `auth_type` absent when nil, PKCE with enabled tracking, `redirect_uri` with the "
    "URL scheme suffix, state JSON), app switch never for limited; under `ios-sdk` each expected request also "
    "states the host by tracking, the fixed parameters and `response_type`, which only the SDK's code states (D31), "
    "and a `documented` twin of each leaves them out, with `tp`, default audience and the tracking-not-authorized "
    "shim (`limited.` host, `tp`, no app switch, D25) (§2, §8)"
)

REASONS = {
    "request": "the only result: the login request made (this family has no rejection; every configuration is "
               "valid)",
}

F = FAMILY
DOC, SDK = "documented", "ios-sdk"
REFS = [B2]
SCOPE_REFS = [B2, B1]
LIMITED_REFS = [B2, SEED_LIMITED_LOGIN_VI, SEED_LIMITED_LOGIN_FR]

APP_ID = "1234567890"
GRAPH_VERSION = "v21.0"
NONCE = "7F1C2D3E-4A5B-4C6D-8E9F-0A1B2C3D4E5F"  # the shape of the SDK's default (upper-case UUID)
STATE_CHALLENGE = "q7Ws2xEd3rFv4tGb5yHn6uJm"   # unreserved characters only, so URL-encoding is not in question
KNOWN_VERIFIER = "OB6imf0pt3YLueBtNlljrdJZXdFk8gKJ97UQEpz1ojlEUL4p"
RFC7636_VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"

M_HOST, LIMITED_HOST = "m.facebook.com", "limited.facebook.com"
RESPONSE_TYPE_ENABLED = "id_token,token_or_nonce,signed_request,graph_domain,user_token_nonce"
RESPONSE_TYPE_LIMITED = "id_token,graph_domain,user_token_nonce"
TP = "ios_14_do_not_track"

# SPECIFICATION.md §2's table, in its order: the members of every expected `parameters`.
TABLE_PARAMETERS = ["client_id", "display", "sdk", "return_scopes", "scope", "nonce", "auth_type", "response_type",
                    "tp", "code_challenge", "code_challenge_method", "redirect_uri", "state", "default_audience"]
AUDIENCES = ("friends", "only_me", "everyone")
CHALLENGE_PATTERN = "^[A-Za-z0-9_-]{43}$"

# The shape of a vector (Scripts/vectorgen/shape.py): Vectors/schema/login-request.schema.json and fields.json are
# generated from it.
CONFIGURATION = defined("configuration", obj(
    fld("permissions", common("permissionList", items=string(pattern="^[a-z_]+$"))),
    fld("tracking", enum(TRACKING_MODES)),
    fld("nonce", string(VERBATIM, minLength=1)),
    fld("authType", enum(ALLOWED_AUTH_TYPES)),
    # Not sent: the request carries codeChallenge, its S256 challenge (code-challenge checks the computation).
    fld("codeVerifier", string(OPAQUE, pattern="^[A-Za-z0-9._~-]{43,128}$")),
    fld("codeChallenge", string(VERBATIM, pattern=CHALLENGE_PATTERN,
                                description="the S256 challenge of codeVerifier (SPECIFICATION.md §1), given so that "
                                            "implementations without SHA-256 can run the family")),
    fld("appSwitch", enum(("enabled", "disabled"))),
    # Not a parameter of SPECIFICATION.md §2's table: whatever the request does with it is not compared.
    fld("messengerPageId", nullable(string(OPAQUE))),
    description="A valid login configuration (SPECIFICATION.md §1): making one is the login-configuration family's job."))
# The expected parameters (percent-decoded), in the table's order; null: the parameter must be absent.
PARAMETERS = {
    "client_id": string(minLength=1),
    "display": const("touch"),
    "sdk": const("ios"),
    "return_scopes": const("true"),
    "scope": string(COMMA_LIST, pattern="^[a-z_]+(,[a-z_]+)*$"),
    "nonce": string(minLength=1),
    "auth_type": enum(ALLOWED_AUTH_TYPES),
    "response_type": enum((RESPONSE_TYPE_LIMITED, RESPONSE_TYPE_ENABLED)),
    "tp": enum((None, TP)),
    "code_challenge": nullable(string(), description="the parameter's percent-decoded value, or null: the parameter "
                                                     "must be absent"),
    "code_challenge_method": enum((None, "S256")),
    "redirect_uri": string(pattern="^fb[^:/?#]+://authorize/$"),
    "state": string(JSON_MEMBERS, minLength=2, description="the text of a JSON object; compared as JSON"),
    "default_audience": enum(AUDIENCES),
}
assert list(PARAMETERS) == TABLE_PARAMETERS
# The parameters every expected request states, a documented one included: those of rules of both readings. PKCE's
# two are also stated with enabled tracking only (request.pkce.enabled; without PKCE under limited tracking is the SDK's).
DOCUMENTED_PARAMETERS = ["client_id", "scope", "nonce", "auth_type", "redirect_uri", "state"]
PKCE_PARAMETERS = ["code_challenge", "code_challenge_method"]
SHAPE = Family(
    title="LoginConformance login-request vectors (SPECIFICATION.md §2)",
    reasons_description="This family has no rejection reason; its one result is described instead.",
    input=closed(
        # In client_id and redirect_uri exactly (a string: leading zeros stay).
        fld("appID", string(VERBATIM, minLength=1)),
        fld("urlSchemeSuffix", nullable(string(VERBATIM)), description="null or \"\": no suffix"),
        fld("trackingAuthorized", boolean(),
            description="whether the user authorized tracking (App Tracking Transparency)"),
        fld("fastAppSwitchEnabled", boolean(), optional=True,
            description="whether the server's fast-app-switch gatekeeper for the tracking mode is on (FBLoginFAS / "
                        "LimitedLoginFAS, off by default); absent: false (DECISIONS.md D51)"),
        fld("facebookAppInstalled", boolean(), optional=True,
            description="whether the Facebook app is installed (fbapi and fbauth2 can be opened); absent: false "
                        "(DECISIONS.md D51)"),
        fld("graphVersion", string(VERBATIM, pattern="^v[0-9]+\\.[0-9]+$")),
        fld("defaultAudience", enum(AUDIENCES)),
        fld("stateChallenge", string(VERBATIM, pattern="^[A-Za-z0-9._~-]+$",
                                     description="the challenge the request's state carries; unreserved characters "
                                                 "only, so URL-encoding is not in question")),
        fld("configuration", CONFIGURATION),
    ),
    outcomes=(
        outcome(
            "request",
            # A documented vector leaves out what only the SDK's code states (DECISIONS.md D31): not compared.
            fld("host", enum((M_HOST, LIMITED_HOST)), optional=True,
                description="left out by a documented vector (the documents use www.facebook.com)"),
            fld("path", string(pattern="^/v[0-9]+\\.[0-9]+/dialog/oauth$")),
            fld("appSwitchAllowed", boolean(), optional=True,
                description="left out by a documented vector where only the SDK's gatekeepers decide it"),
            fld("parameters", obj(
                *(fld(name, value, optional=name not in DOCUMENTED_PARAMETERS) for name, value in PARAMETERS.items()),
                description="every parameter of SPECIFICATION.md §2's table in an ios-sdk vector, each present "
                            "(null: must be absent); a documented vector states only those the documents give")),
            constraints=(Constraint(
                comment="SPECIFICATION.md §2: limited tracking (its response_type) goes to limited.facebook.com with "
                        "tp and without PKCE (app switch only under ios-sdk with the LimitedLoginFAS gatekeeper on, "
                        "DECISIONS.md D51); enabled tracking sends PKCE, to m.facebook.com, or under ios-sdk to "
                        "limited.facebook.com with tp when tracking is not authorized (DECISIONS.md D25).",
                schema={
                    "if": {"properties": {"parameters": {"required": ["response_type"], "properties": {
                        "response_type": {"const": RESPONSE_TYPE_LIMITED}}}}},
                    "then": {"properties": {
                        "host": {"const": LIMITED_HOST},
                        "parameters": {"properties": {"tp": {"const": TP}, "code_challenge": {"const": None},
                                                      "code_challenge_method": {"const": None}}}}},
                    "else": {"properties": {"parameters": {"properties": {
                        "code_challenge": {"type": "string", "pattern": CHALLENGE_PATTERN},
                        "code_challenge_method": {"const": "S256"}}}}},
                }),),
        ),
    ),
)

# Rule IDs (Vectors/rules.json).
R_HOST = "request.endpoint.host"
R_PATH = "request.endpoint.path"
R_CLIENT_ID = "request.client-id"
R_FIXED = "request.fixed-parameters"
R_SCOPE = "request.scope"
R_NONCE = "request.nonce"
R_AUTH_TYPE = "request.auth-type"
R_RESPONSE_TYPE = "request.response-type"
R_TP_LIMITED = "request.tp.limited"
R_TP_ENABLED = "request.tp.enabled-authorized"
R_SHIM = "request.tracking-shim.ios-sdk"
R_PKCE_ENABLED = "request.pkce.enabled"
R_PKCE_LIMITED = "request.pkce.limited"
R_REDIRECT = "request.redirect-uri"
R_STATE = "request.state"
R_AUDIENCE = "request.default-audience"
R_APP_SWITCH = "request.app-switch"
R_APP_SWITCH_SDK = "request.app-switch.conditions.ios-sdk"
D_APP_SWITCH = "DECISIONS.md D51"
R_OUTSIDE_LIST_SDK = "request.scope.outside-limited-list.ios-sdk"
R_NEWLINE_NONCE_SDK = "request.nonce.newline.ios-sdk"
R_ZWSP_NONCE_DOC = "request.nonce.zero-width-space.documented"


def s256(verifier: str) -> str:
    """RFC 7636 §4.2, with hashlib: the challenge the configuration holds for its verifier."""
    return base64.urlsafe_b64encode(hashlib.sha256(verifier.encode("ascii")).digest()).decode("ascii").rstrip("=")


def inp(permissions: Iterable[str] = ("public_profile",), tracking: str = "enabled", authorized: bool = True,
        nonce: str = NONCE, auth_type: Optional[str] = "rerequest", app_switch: str = "enabled",
        messenger: Optional[str] = None, app_id: str = APP_ID, suffix: Optional[str] = None, graph: str = GRAPH_VERSION,
        audience: str = "friends", state: str = STATE_CHALLENGE, verifier: str = KNOWN_VERIFIER,
        environment: Optional[tuple[Optional[bool], Optional[bool]]] = None) -> dict[str, Any]:
    """`environment` is (fastAppSwitchEnabled, facebookAppInstalled), or None for "not stated" (both false, the
    SDK's defaults: DECISIONS.md D51). By default a request whose configuration enables app switch in enabled,
    authorized tracking states both true, so that the app switch it expects rests on stated inputs."""
    if environment is None and app_switch == "enabled" and tracking == "enabled" and authorized:
        environment = (True, True)
    out: dict[str, Any] = {
        "appID": app_id, "urlSchemeSuffix": suffix, "trackingAuthorized": authorized, "graphVersion": graph,
        "defaultAudience": audience, "stateChallenge": state,
        "configuration": {
            "permissions": sorted(set(permissions)), "tracking": tracking, "nonce": nonce, "authType": auth_type,
            "codeVerifier": verifier, "codeChallenge": s256(verifier), "appSwitch": app_switch,
            "messengerPageId": messenger,
        },
    }
    if environment is not None:
        out["fastAppSwitchEnabled"], out["facebookAppInstalled"] = environment
    return out


def app_switch_allowed(i: Mapping[str, Any]) -> bool:
    """SDK reading (NativeAppLoginHandler.shouldAttemptNativeAppLogin, DECISIONS.md D51): the configuration enables
    app switch, the gatekeeper of its tracking mode is on, the request is not the shim's situation (domain handling
    on, advertiser tracking off: trackingAuthorized false) and the Facebook app is installed."""
    return (i["configuration"]["appSwitch"] == "enabled" and i.get("fastAppSwitchEnabled", False)
            and i["trackingAuthorized"] and i.get("facebookAppInstalled", False))


def expected(i: Mapping[str, Any]) -> dict[str, Any]:
    """SPECIFICATION.md §2, transcribed. The `baseline` vectors below also spell their expectation out literally."""
    c = i["configuration"]
    enabled = c["tracking"] == "enabled"
    parameters = {
        "client_id": i["appID"],
        "display": "touch",
        "sdk": "ios",
        "return_scopes": "true",
        "scope": ",".join(sorted(set(c["permissions"]) | {"openid"})),
        "nonce": c["nonce"],
        "auth_type": c["authType"],
        "response_type": RESPONSE_TYPE_ENABLED if enabled else RESPONSE_TYPE_LIMITED,
        "tp": None if enabled and i["trackingAuthorized"] else TP,
        "code_challenge": c["codeChallenge"] if enabled else None,
        "code_challenge_method": "S256" if enabled else None,
        "redirect_uri": f"fb{i['appID']}{i['urlSchemeSuffix'] or ''}://authorize/",
        "state": json.dumps({"challenge": i["stateChallenge"]}, separators=(",", ":")),
        "default_audience": i["defaultAudience"],
    }
    assert list(parameters) == TABLE_PARAMETERS
    # The shim (enabled tracking, tracking not authorized) goes to the limited host without app switch: an
    # ios-sdk-only rule (DECISIONS.md D25), so every shim vector holds under ios-sdk only.
    full = enabled and i["trackingAuthorized"]
    return {"result": "request", "host": M_HOST if full else LIMITED_HOST,
            "path": f"/{i['graphVersion']}/dialog/oauth",
            "appSwitchAllowed": app_switch_allowed(i), "parameters": parameters}


SHIM_REFS = ["DECISIONS.md D25", "sdk:FBSDKLoginKit/FBSDKLoginKit/LoginManager.swift#L616-L628",
             "sdk:FBSDKLoginKit/FBSDKLoginKit/LoginManager.swift#L810-L818",
             "sdk:FBSDKLoginKit/FBSDKLoginKit/Internal/NativeAppLoginHandler.swift#L55-L58"]


def _is_shim(i: Mapping[str, Any]) -> bool:
    return i["configuration"]["tracking"] == "enabled" and not i["trackingAuthorized"]


def _configuration_is_valid(i: Mapping[str, Any], profile: str) -> bool:
    """The input's configuration is one the login-configuration rules create under `profile` (SPECIFICATION.md §1)."""
    c = i["configuration"]
    request = {"permissions": c["permissions"], "tracking": c["tracking"], "nonce": c["nonce"],
               "authType": c["authType"], "messengerPageId": c["messengerPageId"], "codeVerifier": c["codeVerifier"]}
    return configuration_outcome(request, profile)["result"] == "created"


class _Out:
    def __init__(self) -> None:
        self.items: list[dict[str, Any]] = []

    def add(self, group: str, case: str, description: str, severity: str, refs: list[str], i: dict[str, Any],
            rules: list[str], profiles: Optional[list[str]] = None, literal: Optional[dict[str, Any]] = None) -> None:
        valid_in = [p for p in READINGS if _configuration_is_valid(i, p)]
        if _is_shim(i):
            # DECISIONS.md D25: no public document describes the shim; it holds under ios-sdk only.
            if valid_in == list(READINGS):
                valid_in = [SDK]
            profiles = [SDK]
            refs = list(refs) + [r for r in SHIM_REFS if r not in refs]
            rules = list(rules) + ([R_SHIM] if R_SHIM not in rules else [])
        if profiles is None and valid_in != list(READINGS):
            raise ValueError(f"{group}::{case}: the configuration is valid only under {valid_in}: name the profile")
        if profiles is not None and not set(profiles) <= set(valid_in):
            raise ValueError(f"{group}::{case}: the configuration is valid under {valid_in}, not {profiles}")
        want = expected(i)
        if literal is not None and literal != want:
            raise ValueError(f"{group}::{case}: the literal expectation differs from the rules: {literal} vs {want}")
        # Every expected request states its host, the fixed parameters and the response_type, which only the SDK's
        # code states (DECISIONS.md D31): each vector names those rules, so it holds under ios-sdk only.
        rules = list(rules) + [r for r in (R_HOST, R_FIXED, R_RESPONSE_TYPE) if r not in rules]
        if profiles and not case.endswith("." + profiles[0]):
            case += "." + profiles[0]
        self.items.append(vector(f"{F}::{group}::{case}", description, severity, refs, i, want, profiles,
                                 rules=rules))


def _tp_rules(i: Mapping[str, Any]) -> list[str]:
    c = i["configuration"]
    if c["tracking"] == "limited":
        return [R_TP_LIMITED]
    return [R_TP_ENABLED] if i["trackingAuthorized"] else [R_SHIM]


def _pkce_rule(i: Mapping[str, Any]) -> str:
    return R_PKCE_ENABLED if i["configuration"]["tracking"] == "enabled" else R_PKCE_LIMITED


def _mode(i: Mapping[str, Any]) -> str:
    c = i["configuration"]
    if c["tracking"] == "limited":
        return "limited tracking"
    return "enabled tracking" if i["trackingAuthorized"] else "enabled tracking without tracking authorization"


# --- the tables ------------------------------------------------------------------------------------------------

def _literal(host: str, tp: Optional[str], response_type: str, challenge: Optional[str], method: Optional[str],
             app_switch: bool) -> dict[str, Any]:
    return {
        "result": "request", "host": host, "path": "/v21.0/dialog/oauth", "appSwitchAllowed": app_switch,
        "parameters": {
            "client_id": "1234567890", "display": "touch", "sdk": "ios", "return_scopes": "true",
            "scope": "openid,public_profile", "nonce": "7F1C2D3E-4A5B-4C6D-8E9F-0A1B2C3D4E5F",
            "auth_type": "rerequest", "response_type": response_type, "tp": tp, "code_challenge": challenge,
            "code_challenge_method": method, "redirect_uri": "fb1234567890://authorize/",
            "state": "{\"challenge\":\"q7Ws2xEd3rFv4tGb5yHn6uJm\"}", "default_audience": "friends",
        },
    }


ALL_PARAMETER_RULES = [R_HOST, R_PATH, R_CLIENT_ID, R_FIXED, R_SCOPE, R_NONCE, R_AUTH_TYPE, R_RESPONSE_TYPE]
TAIL_RULES = [R_REDIRECT, R_STATE, R_AUDIENCE, R_APP_SWITCH]


def _baseline(out: _Out) -> None:
    """The four tracking situations with every value spelled out (checked against the transcription)."""
    g = "baseline"
    known_challenge = "4oJe_Hdk_xC_YCWjumgE5RjIkW-YVmFm_nYnIckxR0c"
    cases = [
        ("enabled-authorized", inp(), _literal(M_HOST, None, RESPONSE_TYPE_ENABLED, known_challenge, "S256", True),
         "Enabled tracking, tracking authorized: m.facebook.com, the enabled response_type, PKCE with the known "
         "challenge and S256, no tp, app switch allowed", "high"),
        ("enabled-not-authorized", inp(authorized=False),
         _literal(LIMITED_HOST, TP, RESPONSE_TYPE_ENABLED, known_challenge, "S256", False),
         "Enabled tracking without tracking authorization (the shim, SDK reading): the enabled parameters plus "
         "tp=ios_14_do_not_track, sent to limited.facebook.com, no app switch", "high"),
        ("limited-authorized", inp(tracking="limited"),
         _literal(LIMITED_HOST, TP, RESPONSE_TYPE_LIMITED, None, None, False),
         "Limited tracking, tracking authorized: limited.facebook.com, the limited response_type, tp, no PKCE, no "
         "app switch", "high"),
        ("limited-not-authorized", inp(tracking="limited", authorized=False),
         _literal(LIMITED_HOST, TP, RESPONSE_TYPE_LIMITED, None, None, False),
         "Limited tracking, tracking not authorized: the same limited request (the authorization changes nothing "
         "for limited)", "high"),
    ]
    for slug, i, literal, description, severity in cases:
        rules = ALL_PARAMETER_RULES + _tp_rules(i) + [_pkce_rule(i)] + TAIL_RULES
        out.add(g, slug, description, severity, LIMITED_REFS if "limited" in slug else REFS, i, rules,
                literal=literal)


def _app_switch(out: _Out) -> None:
    g = "app-switch"
    for tracking, authorized in (("enabled", True), ("enabled", False), ("limited", True), ("limited", False)):
        # The gatekeeper on and the app installed: the configuration alone turns app switch off (D51).
        i = inp(tracking=tracking, authorized=authorized, app_switch="disabled", environment=(True, True))
        slug = f"disabled-{tracking}-{'authorized' if authorized else 'not-authorized'}"
        authorization = "tracking authorized" if authorized else "tracking not authorized"
        out.add(g, slug, f"App switch disabled by the configuration, {tracking} tracking, {authorization}: app "
                "switch is not allowed and the parameters are those of the tracking mode", "medium", REFS, i,
                [R_APP_SWITCH] + _tp_rules(i))
    # DECISIONS.md D51: the conditions besides the configuration, each the only one that fails.
    for slug, tracking, authorized, environment, description in (
        ("gatekeeper-off-enabled-authorized", "enabled", True, (False, True),
         "App switch enabled, enabled tracking, tracking authorized and the Facebook app installed, but the "
         "server's FBLoginFAS gatekeeper off (its default): app switch is not allowed"),
        ("app-not-installed-enabled-authorized", "enabled", True, (True, False),
         "App switch enabled, enabled tracking, tracking authorized and the FBLoginFAS gatekeeper on, but the "
         "Facebook app not installed: app switch is not allowed"),
        ("conditions-not-stated-enabled-authorized", "enabled", True, None,
         "App switch enabled, enabled tracking, tracking authorized, the gatekeeper and the Facebook app not "
         "stated: the SDK's defaults (gatekeeper off, no app) allow no app switch"),
        # Each member alone left out (completeness blind round 1: a request builder that read an absent gatekeeper
        # as on passed every vector, whose absent gatekeeper came with an absent app).
        ("gatekeeper-not-stated-app-installed", "enabled", True, (None, True),
         "App switch enabled, enabled tracking, tracking authorized and the Facebook app installed, the gatekeeper "
         "not stated: absent is off (the SDK's default), so app switch is not allowed"),
        ("app-not-stated-gatekeeper-on", "enabled", True, (True, None),
         "App switch enabled, enabled tracking, tracking authorized and the FBLoginFAS gatekeeper on, whether the "
         "Facebook app is installed not stated: absent is not installed, so app switch is not allowed"),
        ("shim-gatekeeper-on-app-installed", "enabled", False, (True, True),
         "App switch enabled, the gatekeeper on and the Facebook app installed, but enabled tracking without "
         "tracking authorization (domain handling on, advertiser tracking off): app switch is not allowed"),
        ("limited-gatekeeper-on-app-installed", "limited", True, (True, True),
         "App switch enabled with limited tracking, tracking authorized, the server's LimitedLoginFAS gatekeeper "
         "on and the Facebook app installed: the SDK allows app switch (the gatekeeper of the limited mode)"),
        ("limited-gatekeeper-on-not-authorized", "limited", False, (True, True),
         "App switch enabled with limited tracking, LimitedLoginFAS on and the Facebook app installed, but "
         "tracking not authorized (domain handling on, advertiser tracking off): app switch is not allowed"),
    ):
        i = inp(tracking=tracking, authorized=authorized, environment=environment or (None, None))
        for member, value in zip(("fastAppSwitchEnabled", "facebookAppInstalled"), environment or (None, None)):
            if value is None:
                i.pop(member)
        out.add(g, slug, description, "high", REFS + [D_APP_SWITCH], i,
                [R_APP_SWITCH, R_APP_SWITCH_SDK] + _tp_rules(i), profiles=[SDK])


def _endpoint(out: _Out) -> None:
    g = "endpoint"
    for graph, tracking in (("v20.0", "enabled"), ("v20.0", "limited"), ("v18.0", "enabled"), ("v22.0", "limited"),
                            ("v2.12", "enabled")):
        i = inp(tracking=tracking, graph=graph)
        out.add(g, f"{graph}-{tracking}", f"Graph API version {graph} with {tracking} tracking: path "
                f"/{graph}/dialog/oauth on {M_HOST if tracking == 'enabled' else LIMITED_HOST}", "high", REFS, i,
                [R_HOST, R_PATH])


def _client_id(out: _Out) -> None:
    g = "client-id"
    for app_id, tracking, why in (("987654321098765", "enabled", "a 15-digit app ID"),
                                  ("987654321098765", "limited", "a 15-digit app ID"),
                                  ("0012345678", "enabled", "an app ID with leading zeros (a string, not a number)")):
        i = inp(tracking=tracking, app_id=app_id)
        out.add(g, f"{app_id}-{tracking}", f"{why[0].upper() + why[1:]} with {tracking} tracking is client_id and "
                f"part of redirect_uri fb{app_id}://authorize/, exactly", "high", REFS, i, [R_CLIENT_ID, R_REDIRECT])


def _fixed(out: _Out) -> None:
    g = "fixed-parameters"
    i = inp(permissions=(), tracking="limited", auth_type=None, app_switch="disabled")
    out.add(g, "minimal-limited", "The smallest limited request (no permissions, nil auth type, app switch "
            "disabled) still sends display=touch, sdk=ios and return_scopes=true", "low", REFS, i,
            [R_FIXED, R_SCOPE, R_AUTH_TYPE])
    i = inp(permissions=(), auth_type=None, app_switch="disabled")
    out.add(g, "minimal-enabled", "The smallest enabled request (no permissions, nil auth type, app switch "
            "disabled) still sends display=touch, sdk=ios and return_scopes=true", "low", REFS, i,
            [R_FIXED, R_SCOPE, R_AUTH_TYPE])


LIMITED_LIST = ["public_profile", "email", "gaming_profile", "gaming_user_picture", "user_age_range",
                "user_birthday", "user_friends", "user_gender", "user_hometown", "user_link", "user_location",
                "user_messenger_contact"]


def _scope(out: _Out) -> None:
    g = "scope"
    cases = [
        ("empty-enabled", [], "enabled", "No permissions with enabled tracking: scope is openid alone"),
        ("empty-limited", [], "limited", "No permissions with limited tracking: scope is openid alone"),
        ("email-enabled", ["email"], "enabled", "email with enabled tracking: scope is email and openid"),
        ("email-public-profile-limited", ["email", "public_profile"], "limited",
         "email and public_profile with limited tracking: scope is those two and openid"),
        ("openid-requested-enabled", ["openid", "public_profile"], "enabled",
         "openid requested with public_profile (enabled tracking): openid is in scope once, not twice"),
        ("only-openid-enabled", ["openid"], "enabled",
         "Only openid requested (enabled tracking): scope is openid, once"),
        ("many-enabled", ["email", "pages_show_list", "public_profile", "user_friends", "user_likes", "user_posts"],
         "enabled", "Six permissions with enabled tracking, some needing app review: all six and openid"),
        ("limited-list-all", LIMITED_LIST, "limited",
         "Every permission of the Limited Login list with limited tracking: all twelve and openid"),
    ]
    for slug, permissions, tracking, description in cases:
        i = inp(permissions=permissions, tracking=tracking)
        out.add(g, slug, description, "high", SCOPE_REFS, i, [R_SCOPE])


def _outside_limited_list(out: _Out) -> None:
    """ios-sdk only: the documented reading refuses these configurations (SPECIFICATION.md §1, §8)."""
    g = "scope"
    cases = [
        ("outside-list-user-likes-limited", ["user_likes"], True,
         "SDK reading: limited tracking with user_likes (outside the Limited Login list) sends user_likes and "
         "openid in scope, unfiltered"),
        ("outside-list-mixed-limited", ["email", "user_likes", "user_posts"], True,
         "SDK reading: limited tracking with email, user_likes and user_posts sends all three and openid"),
        ("outside-list-shim-limited", ["user_photos"], False,
         "SDK reading: limited tracking without tracking authorization with user_photos sends it with openid"),
        ("openid-requested-limited", ["openid", "email"], True,
         "SDK reading: limited tracking with openid requested (not on the Limited Login list) sends openid once"),
    ]
    for slug, permissions, authorized, description in cases:
        i = inp(permissions=permissions, tracking="limited", authorized=authorized)
        out.add(g, slug, description, "high", SCOPE_REFS + [B8] + LIMITED_REFS[1:], i,
                [R_SCOPE, R_OUTSIDE_LIST_SDK], profiles=[SDK])


NONCES = [
    ("seed-123", "123", ("enabled", "limited"), "the documentation's nonce 123"),
    ("commas", "a,b,c", ("enabled", "limited"), "a nonce with commas (a,b,c), sent whole, not split"),
    ("unicode", "n\u00f6nce-\u6f22\u5b57-\U0001f600", ("enabled", "limited"),
     "a nonce with non-ASCII letters and an emoji, sent exactly"),
    ("percent-text", "abc%2Cdef", ("enabled",), "the nonce abc%2Cdef, whose decoded value keeps the % (never "
                                                "decoded twice)"),
    ("query-characters", "a&b=c?d#e/f", ("limited",), "a nonce with & = ? # and /, sent exactly"),
    ("long-1024", "n" * 1024, ("enabled",), "a 1024-character nonce (no length limit)"),
    ("lower-uuid", "c9e2f6b4-1d3a-4f5e-9b7c-2a8d0e1f3b6c", ("limited",), "a lower-case UUID nonce, not upper-cased"),
]

NEWLINE_NONCES = [
    ("lf", "abc\ndef", ("enabled", "limited"), "a LINE FEED"),
    ("cr", "abc\rdef", ("enabled",), "a CARRIAGE RETURN"),
    ("u+2028", "abc\u2028def", ("limited",), "a LINE SEPARATOR U+2028"),
    ("trailing-lf", NONCE + "\n", ("enabled",), "a trailing LINE FEED (not trimmed)"),
]


def _nonce(out: _Out) -> None:
    g = "nonce"
    for slug, value, trackings, why in NONCES:
        for tracking in trackings:
            i = inp(tracking=tracking, nonce=value)
            out.add(g, f"{slug}-{tracking}", f"With {tracking} tracking, {why}, is the nonce parameter", "high",
                    REFS, i, [R_NONCE])
    for slug, value, trackings, why in NEWLINE_NONCES:
        for tracking in trackings:
            i = inp(tracking=tracking, nonce=value)
            out.add(g, f"newline-{slug}-{tracking}", f"SDK reading: with {tracking} tracking a nonce with {why} is "
                    "sent exactly, newline included", "high", [B2, B1, B8], i, [R_NONCE, R_NEWLINE_NONCE_SDK],
                    profiles=[SDK])


def _auth_type(out: _Out) -> None:
    g = "auth-type"
    for value, tracking, authorized in ((None, "enabled", True), (None, "enabled", False), (None, "limited", True),
                                        ("reauthorize", "enabled", True), ("reauthorize", "limited", True)):
        i = inp(tracking=tracking, authorized=authorized, auth_type=value)
        shown = value or "nil"
        what = "auth_type is absent (neither empty nor defaulted to rerequest)" if value is None else \
            f"auth_type is {value}"
        slug = f"{shown}-{tracking}" + ("" if authorized else "-not-authorized")
        out.add(g, slug, f"Auth type {shown} with {_mode(i)}: {what}", "medium", REFS, i, [R_AUTH_TYPE])


def _pkce(out: _Out) -> None:
    g = "pkce"
    rfc_challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
    assert s256(RFC7636_VERIFIER) == rfc_challenge
    for tracking, authorized in (("enabled", True), ("enabled", False), ("limited", True)):
        i = inp(tracking=tracking, authorized=authorized, verifier=RFC7636_VERIFIER)
        what = (f"code_challenge is {rfc_challenge} (the challenge, not the verifier) and code_challenge_method S256"
                if tracking == "enabled" else "neither code_challenge nor code_challenge_method is sent")
        slug = f"rfc7636-{tracking}" + ("" if authorized else "-not-authorized")
        rules = [_pkce_rule(i)] + ([R_SHIM] if not authorized else [])
        out.add(g, slug, f"RFC 7636 Appendix B's verifier with {_mode(i)}: {what}", "high", REFS + ["RFC 7636"], i,
                rules)
    verifier128 = ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~" * 2)[:128]
    for tracking in ("enabled", "limited"):
        i = inp(tracking=tracking, verifier=verifier128)
        out.add(g, f"verifier-128-{tracking}", f"A 128-character verifier with {tracking} tracking: "
                + ("its S256 challenge is sent" if tracking == "enabled" else "nothing of it is sent"), "high", REFS,
                i, [_pkce_rule(i)])


def _redirect_uri(out: _Out) -> None:
    g = "redirect-uri"
    for suffix, tracking, app_id in (("", "enabled", APP_ID), ("pro", "enabled", APP_ID), ("pro", "limited", APP_ID),
                                     ("lite2", "enabled", "987654321098765"), ("", "limited", APP_ID)):
        i = inp(tracking=tracking, suffix=suffix, app_id=app_id)
        uri = f"fb{app_id}{suffix}://authorize/"
        shown = f"suffix {suffix}" if suffix else "an empty suffix"
        out.add(g, f"suffix-{suffix or 'empty'}-{app_id}-{tracking}", f"App {app_id} with {shown} and {tracking} "
                f"tracking: redirect_uri is {uri}", "high", REFS, i, [R_REDIRECT])


def _state(out: _Out) -> None:
    g = "state"
    for slug, challenge, tracking in (("short", "abc", "enabled"),
                                      ("hex-32", "0123456789abcdef0123456789abcdef", "enabled"),
                                      ("unreserved-punctuation", "a-b.c_d~e", "limited"),
                                      ("upper-and-digits", "ZXCV1234ASDF5678", "limited")):
        i = inp(tracking=tracking, state=challenge)
        out.add(g, f"{slug}-{tracking}", f"State challenge {challenge} with {tracking} tracking: state is a JSON "
                f"object whose challenge is {challenge}", "high", REFS, i, [R_STATE])


def _default_audience(out: _Out) -> None:
    g = "default-audience"
    for audience in ("only_me", "everyone"):
        for tracking in ("enabled", "limited"):
            i = inp(tracking=tracking, audience=audience)
            out.add(g, f"{audience}-{tracking}", f"Default audience {audience} with {tracking} tracking: "
                    f"default_audience is {audience}", "medium", REFS, i, [R_AUDIENCE])
    i = inp(authorized=False, audience="everyone")
    out.add(g, "everyone-enabled-not-authorized", "Default audience everyone with the shim: default_audience is "
            "everyone", "medium", REFS, i, [R_AUDIENCE, R_SHIM])


def vectors() -> list[dict[str, Any]]:
    out = _Out()
    _baseline(out)
    _app_switch(out)
    _endpoint(out)
    _client_id(out)
    _fixed(out)
    _scope(out)
    _outside_limited_list(out)
    _nonce(out)
    _auth_type(out)
    _pkce(out)
    _redirect_uri(out)
    _state(out)
    _default_audience(out)
    items = out.items + _documented_twins(out.items)
    descriptions = [v["description"] for v in items]
    if len(set(descriptions)) != len(descriptions):
        raise ValueError("descriptions must be unique within the family")
    return items


# ---------------------------------------------------------------------------------------------------------------
# The documented reading of every rule of both readings (completeness: a documented request builder was checked by
# nothing, because every expected request states its host, the fixed parameters and the response_type, which only
# the SDK's code gives, DECISIONS.md D31). Each vector whose configuration the documented reading also creates, and
# which is not the shim's (D25), has a documented twin over the same input stating only what the documents give:
# the path, the parameters of rules of both readings (PKCE's with enabled tracking), and appSwitchAllowed where the
# documented rule settles it (false when the configuration disables app switch or tracking is limited). A twin whose
# vector names no rule of both readings that it still states is left out.
TWIN_DESCRIPTIONS = {
    "baseline::enabled-authorized": "Enabled tracking, tracking authorized, documented reading: the path, client_id, "
                                    "scope, nonce, auth_type, PKCE with the known challenge and S256, redirect_uri and "
                                    "state (host, fixed parameters, response_type and app switch are the SDK's)",
    "baseline::limited-authorized": "Limited tracking, tracking authorized, documented reading: the path, client_id, "
                                    "scope, nonce, auth_type, redirect_uri and state, and no app switch (host, fixed "
                                    "parameters, response_type, tp and PKCE are the SDK's)",
    "baseline::limited-not-authorized": "Limited tracking, tracking not authorized, documented reading: the same "
                                        "documented request as with tracking authorized, no app switch",
    "app-switch::limited-gatekeeper-on-app-installed": "App switch enabled with limited tracking, tracking authorized, "
                                                       "the LimitedLoginFAS gatekeeper on and the Facebook app "
                                                       "installed, documented reading: no app switch with limited "
                                                       "tracking (the SDK allows it)",
    "app-switch::limited-gatekeeper-on-not-authorized": "App switch enabled with limited tracking, LimitedLoginFAS on "
                                                        "and the Facebook app installed, tracking not authorized, "
                                                        "documented reading: no app switch with limited tracking",
    "fixed-parameters::minimal-limited": "The smallest limited request (no permissions, nil auth type, app switch "
                                         "disabled), documented reading: scope openid alone, no auth_type, no app switch",
    "fixed-parameters::minimal-enabled": "The smallest enabled request (no permissions, nil auth type, app switch "
                                         "disabled), documented reading: scope openid alone, no auth_type, no app switch",
}


def documented_expected(i: Mapping[str, Any]) -> dict[str, Any]:
    """What the documents say of the request `i` makes (SPECIFICATION.md §2's rules of both readings)."""
    want = expected(i)
    c = i["configuration"]
    enabled = c["tracking"] == "enabled"
    names = DOCUMENTED_PARAMETERS + (PKCE_PARAMETERS if enabled else [])
    out: dict[str, Any] = {"result": "request", "path": want["path"]}
    if c["appSwitch"] == "disabled" or not enabled:
        out["appSwitchAllowed"] = False  # request.app-switch: only when enabled, never with limited tracking
    out["parameters"] = {name: value for name, value in want["parameters"].items() if name in names}
    return out


def _documented_twins(vectors: list[dict[str, Any]]) -> list[dict[str, Any]]:
    twins = []
    for v in vectors:
        i = v["input"]
        if v.get("profiles") != [SDK] or _is_shim(i) or not _configuration_is_valid(i, DOC):
            continue
        want = documented_expected(i)
        rules = [rule for rule in v["rules"] if not rule.endswith(".ios-sdk")]
        if "appSwitchAllowed" not in want:
            rules = [rule for rule in rules if rule != R_APP_SWITCH]
        if not rules:
            continue
        case = v["id"].removeprefix(F + "::").removesuffix("." + SDK)
        description = TWIN_DESCRIPTIONS.get(case) or (
            v["description"].replace(" on m.facebook.com", "").replace(" on limited.facebook.com", "")
            + "; the documented reading compares only what the documents give")
        twins.append(vector(f"{F}::{case}.{DOC}", description, v["severity"],
                            [ref for ref in v["refs"] if ref != "DECISIONS.md D31"] + ["DECISIONS.md D31"],
                            i, want, [DOC], rules=rules))
    return twins


# ---------------------------------------------------------------------------------------------------------------
# Perturbations (vectorgen/perturbation.py): the configuration's nonce, which the request carries exactly (request.nonce:
# percent-decoded, it is the nonce as given), holds a fi pair (NFKC folds it) and an é (NFD decomposes it). A
# perturbed nonce the login-configuration rules refuse under a reading makes no configuration: no request to build
# under it (configuration.nonce; login-configuration's perturbations test the refusal).
PERTURBED_NONCE = "fi-Nonce-\u00e9-42"


def _perturbed_reading(i: dict[str, Any], profile: str) -> tuple[dict[str, Any], list[str]] | Outside:
    if not _configuration_is_valid(i, profile):
        return Outside("configuration.nonce")
    newline = [R_NEWLINE_NONCE_SDK] if any(ch in i["configuration"]["nonce"] for ch in NONCE_NEWLINES) else []
    if is_documented(profile):
        zwsp = [R_ZWSP_NONCE_DOC] if "\u200b" in i["configuration"]["nonce"] else []
        return documented_expected(i), [R_NONCE] + zwsp
    return expected(i), [R_NONCE, R_HOST, R_FIXED, R_RESPONSE_TYPE] + newline


PERTURBATIONS: tuple[PerturbedField, ...] = (
    PerturbedField(F, "nonce", inp(nonce=PERTURBED_NONCE), _perturbed_reading, (B2, B1), severity="high",
                   covers="configuration.nonce", get=lambda i: i["configuration"]["nonce"],
                   put=lambda i, value: {**i, "configuration": {**i["configuration"], "nonce": value}}),
)


# The configuration's permissions as a set (kind set, DECISIONS.md D64): the scope is whatever set is asked, with
# openid once (request.scope), the empty set included.
def _permissions_reading(i: dict[str, Any], profile: str) -> tuple[dict[str, Any], list[str]]:
    if is_documented(profile):
        return documented_expected(i), [R_SCOPE]
    return expected(i), [R_SCOPE, R_HOST, R_FIXED, R_RESPONSE_TYPE]


PERTURBATIONS += (
    PerturbedField(F, "permissions", inp(permissions=("email", "public_profile")), _permissions_reading,
                   (B2, B1, "DECISIONS.md D64"), kind="set", covers="configuration.permissions",
                   get=lambda i: i["configuration"]["permissions"],
                   put=lambda i, value: {**i, "configuration": {**i["configuration"], "permissions": value}}),
)
_SCHEME = ("in the URL scheme fb{appID}{suffix} of redirect_uri: a scheme is letters, digits, + - and . (RFC 3986 "
           "§3.1) and an app ID is the app's number (its digits kept as a string), so the classes make no app's "
           "scheme")
UNPERTURBED = {
    "appID": _SCHEME,
    "urlSchemeSuffix": _SCHEME,
    "graphVersion": "a Graph API version, v<major>.<minor> (the schema's pattern): in the path as given; the classes "
                    "make no version",
    "stateChallenge": "the SDK's state challenge is unreserved characters (the schema's pattern), so the JSON state's "
                      "percent-encoding is not in question (left open above)",
    "configuration.permissions[]": "a valid configuration's permissions are a-z and _ (configuration.permission.syntax."
                                   "ios-sdk): login-configuration perturbs them",
    "configuration.codeChallenge": "the S256 challenge of the configuration's verifier (the schema's pattern), not an "
                                   "independent string: code-challenge perturbs the verifier it is computed from",
}

