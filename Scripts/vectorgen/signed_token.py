"""signed-token: full Limited Login id_token validation on real RS256 tokens (SPECIFICATION.md §4, §8).

Input: the compact token exactly as received (stored verbatim, never re-serialized), the expected nonce, the app ID,
`now` and the key material in both forms Facebook publishes: a JWKS (`keys.jwks`, the documented key source) and the
certificate map kid -> PEM X.509 certificate (`keys.certificates`, the iOS SDK's key source). An implementation uses
the form of its profile (SPECIFICATION.md §8); most vectors give both forms the same keys.

Order of the checks the reasons follow: structure (three segments) -> base64url -> JSON objects -> header (alg, typ,
kid, crit) -> key lookup by kid -> signature -> claims. the specification fixes structure first, and the header before the
signature (§4: the header is checked in step 2, the signature in step 3; the documented reading needs alg and kid to
verify anything); it does NOT order the signature and the claims (the documentation checks the signature first, the
SDK the claims first), so no vector of the groups below breaks both: every tampered or wrongly keyed token carries
valid claims, and every token with a claim problem is validly signed. The fault pairs (FAULT_PAIRS, DECISIONS.md D59)
break two rules at once and expect only the order a source fixes.

Tokens are signed with jose.py's primitives, deterministically: RSASSA-PKCS1-v1_5 (RS256/384/512) and HMAC are
deterministic, ES256 uses RFC 6979 deterministic ECDSA. PS256 is randomized, so its one token is a committed fixture
(Vectors/test-keys/TEST-ONLY-randomized-tokens.json, made by Scripts/vectors/make_test_keys.py), verified here. The keys are
TEST-ONLY keys committed under Vectors/test-keys/ (made once by Scripts/vectors/make_test_keys.py).

Also writes Tests/LoginConformanceTests/Mutants/signed-token-oracle.json (signed_token_oracle.py): which (signing
input, signature, key, algorithm) combinations verify, computed with `cryptography`, so that the Swift mutation model
(the root package has no crypto and must not hand-roll any) can decide signatures by lookup.
"""

import base64
import functools
import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Optional, Union

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding

from . import token_claims as tc
from .common import B4, B8, READINGS, is_documented, vector
from .rules import IAT_WINDOW
from .jose import (ASN1_NULL, CERTIFICATE, DIGEST_INFO_SHA256, EC_KEY, KEYS_DIR, OID_SHA1, OID_SHA256, OID_SHA512,
                   PRIVATE, b64url, b64url_decode_lenient, dated_certificate, der, digest_info, encoded_message,
                   es256_sign, hs256, int_b64, jwk, modulus_length, public_pem, raw_rsa, rsa_sign, segment, sign_text,
                   text)
from .signed_token_oracle import oracle
from .fault_pairs import Fault, FaultPairs, Precedes
from .grammar import GrammarSite, Text
from . import key_catalogue
from .key_catalogue import KeyCase
from .perturbation import PerturbedField
from .shape import KEY_MATERIAL, VERBATIM, Family, array, closed, document, fld, obj, string

FAMILY = "signed-token"
DESCRIPTION = (
    "Full validation of a Limited Login OIDC id_token as a server receives it (SPECIFICATION.md §4, §8): the compact "
    "token string, verbatim, with the expected nonce, the app ID, now and the key material (a JWKS and the kid -> PEM "
    "certificate map). Exactly three base64url segments (strict RFC 7515 base64url in the documented reading; the "
    "SDK's lenient decoding in the ios-sdk reading), header and payload JSON objects (strict UTF-8 JSON; a duplicate "
    "member refused, or read last-wins, never first-wins), alg exactly RS256, typ exactly JWT (the SDK's rule; the documented "
    "reading prefers it and also accepts a token without it), a non-empty kid that names a published key (never a fall-back to "
    "another key), an RSASSA-PKCS1-v1_5 SHA-256 signature over the ASCII bytes seg0.seg1 by that key, then the claim "
    "rules of the token-claims family. Embedded jwk, jku, x5u and x5c headers are ignored. The keys are TEST-ONLY."
)
# The SDK check (Scripts/sdk_check/check_sdk.py, docs/sdk-check.md): what its driver calls in the SDK for this family's
# ios-sdk vectors (`runs`), or why they are read, not run (`notRun`).
SDK_CHECK = {
    "notRun": (
        "AuthenticationTokenFactory verifies with Security.framework (SecCertificate, SecKey) and decodes "
        "with the ObjC FBSDKBase64; read, not run"
    ),
}
# Its row in README.md's family table (the generator writes the table): the protocol its implementations adopt
# and what its vectors check, in Markdown.
PROTOCOL = "SignedTokenValidating"
SUMMARY = (
    "real RS256 compact tokens with the key set (JWKS for `documented`, kid → PEM certificate map for `ios-sdk`): "
    "segments, base64url per profile, strict JSON (duplicate members refused, or last-wins as a lenient pass; never "
    "first-wins), `alg`/`typ`/`kid`/`crit`, the key by `kid` with no fall-back, the signature, then the claims; "
    "`alg: none`, HS256 with the public key, embedded `jwk`/`jku`/`x5c`, key rotation, huge numbers; RSA signature "
    "encodings Wycheproof-style (D32), JWK `use`/`key_ops`/`alg` and a shared `kid` (D33, D34), certificate-map "
    "entries (D35), `typ` media types, `crit` forms and JSON strings (D36–D38), and the whole token-claims matrix "
    "as signed tokens (D39) (§4, §8); two faults at once: what a check needs first, the header's `alg` before the "
    "signature (`documented`), either reason otherwise (D59)"
)

REASONS = {
    "malformed": "the token is not exactly three dot-separated segments",
    "badBase64url": "a segment is not base64url as the profile reads it (documented: strict RFC 7515 base64url, no "
                    "padding, whitespace, +, / or non-canonical trailing bits; ios-sdk: undecodable even leniently)",
    "badJSON": "the header or the payload is not one JSON object: not UTF-8, not JSON, JSON of another type, or an "
               "object with a duplicate member name",
    "headerAlgorithm": "alg is absent, not a string, or not exactly RS256 (none in any case, HS256, RS384, RS512, "
                       "PS256, ES256: unsupported or forbidden)",
    "headerType": "typ is absent, not a string, or not exactly JWT",
    "headerKeyID": "kid is absent, not a string, or empty",
    "headerCritical": "documented reading (RFC 7515 §4.1.11): the header has a crit member naming an extension the "
                      "validator does not understand",
    "unknownKeyID": "kid names no key of the profile's key source (no fall-back to another key)",
    "signatureInvalid": "the signature is not a valid RSASSA-PKCS1-v1_5 SHA-256 signature of seg0.seg1 by the key kid "
                        "names",
    **{name: meaning for name, meaning in tc.REASONS.items() if name not in ("malformed", "headerAlgorithm",
                                                                             "headerType", "headerKeyID")},
}


# The shape of a vector (Scripts/vectorgen/shape.py): Vectors/schema/signed-token.schema.json and fields.json are
# generated from it. The context and the outcomes are token-claims' (vectorgen/token_claims.py), with this family's
# reasons.
SHAPE = Family(
    title="LoginConformance signed-token vectors: compact RS256 id_tokens with their keys (SPECIFICATION.md §4, §8)",
    input_description="The compact token exactly as received (stored verbatim, never re-serialized), the validation "
                      "context and the published keys in both forms.",
    input=closed(
        # The signing input is the ASCII text segment0.segment1 as it appears here.
        fld("token", string(VERBATIM)),
        *tc.CONTEXT,
        fld("keys", obj(
            # The documented profile reads jwks, the ios-sdk profile certificates (SPECIFICATION.md §4, §8).
            fld("jwks", obj(
                fld("keys", array(obj(
                    fld("kid", string(), optional=True),
                    # RFC 7517 §4.1 requires kty; the key catalogue's kty-missing case leaves it out (D63).
                    fld("kty", string(), optional=True),
                    open=True, compare=KEY_MATERIAL), compare=KEY_MATERIAL)),
                open=True, compare=KEY_MATERIAL, description="The JWKS (documented key source).")),
            fld("certificates", document(
                compare=KEY_MATERIAL,
                description="The certificate map kid -> PEM X.509 certificate (the iOS SDK's key source); other "
                            "entries are ignored.")),
            compare=KEY_MATERIAL)),
    ),
    outcomes=tc.outcomes(REASONS),
)

ORACLE_PATH = "Tests/LoginConformanceTests/Mutants/signed-token-oracle.json"

NOW, APP_ID, NONCE = tc.NOW, tc.APP_ID, tc.NONCE
HEADER = {"alg": "RS256", "typ": "JWT", "kid": "test-key-1"}
CLAIMS = dict(tc.CLAIMS)
MISSING = tc.MISSING

RFC_JWS = "RFC 7515"
RFC_B64 = "RFC 7515 §2"
RFC_JWS_VALIDATION = "RFC 7515 §5.2"
RFC_ALG = "RFC 7518 §3.1"
RFC_RS = "RFC 7518 §3.3"
RFC_CRIT = "RFC 7515 §4.1.11"
RFC_JWT_VALIDATION = "RFC 7519 §7.2"
RFC_JSON = "RFC 8259 §8.1"
RFC_JSON_NAMES = "RFC 8259 §4"
RFC_JWK = "RFC 7517 §5"
RFC_BASE64 = "RFC 4648 §3.5"
RFC_NUMBERS = "RFC 8259 §6"
RFC_JSON_LIMITS = "RFC 8259 §9"
RFC_ALG_VERIFICATION = "RFC 8725 §3.1"
RFC_UNTRUSTED_HEADER = "RFC 8725 §3.10"
OIDC_KEY_ROTATION = "OpenID Connect Core 1.0 §10.1.1"

# Decisions (Vectors/DECISIONS.md) and SDK code (facebook-ios-sdk v18.1.0) the profile-specific vectors cite.
D_DUPLICATES, D_CRIT, D_CERTIFICATES, D_NUMBERS = ("DECISIONS.md D03", "DECISIONS.md D12", "DECISIONS.md D13",
                                                   "DECISIONS.md D14")
D_STRICT_JSON = "DECISIONS.md D18"
D_BASE64URL = "DECISIONS.md D17"
D_EMBEDDED = "DECISIONS.md D16"  # embedded key material is not a key source
D_LIMITS = "DECISIONS.md D53"
D_ALPHABET = "DECISIONS.md D57"  # base64url's - and _ in accepting tokens
BASE64URL_NOTE = "???>"  # refusals by a size limit or a key-size rule, accepted where a twin accepts them
SDK_FACTORY = "FBSDKLoginKit/FBSDKLoginKit/Internal/AuthenticationTokenFactory.swift"
SDK_CERT_MAP = f"sdk:{SDK_FACTORY}#L176-L182"
SDK_HEADER_MEMBERS = f"sdk:{tc.SDK_HEADER}#L20-L31"
SDK_TIMES = f"sdk:{tc.SDK_CLAIMS}#L148-L152"


# ---------------------------------------------------------------------------------------------------------------
# Key material and tokens over this family's baseline header and claims (the keys and the signing: jose.py).

def key_material(jwks_names: Sequence[str] = ("test-key-1", "test-key-2"),
                 certificate_names: Optional[Sequence[str]] = None, jwks_extra: Sequence[Mapping[str, Any]] = (),
                 certificates_extra: Optional[Mapping[str, Any]] = None) -> dict[str, Any]:
    certificate_names = jwks_names if certificate_names is None else certificate_names
    certificates = {name: CERTIFICATE[name] for name in certificate_names}
    certificates.update(certificates_extra or {})
    return {"jwks": {"keys": [jwk(name) for name in jwks_names] + list(jwks_extra)}, "certificates": certificates}


def signing_input(header: Union[dict[str, Any], Text, None] = None,
                  claims: Union[dict[str, Any], Text, None] = None) -> str:
    return segment(HEADER if header is None else header) + "." + segment(CLAIMS if claims is None else claims)


def signed(header: Union[dict[str, Any], Text, None] = None,
           claims: Union[dict[str, Any], Text, None] = None, key: str = "test-key-1", alg: str = "RS256") -> str:
    head = signing_input(header, claims)
    return head + "." + b64url(rsa_sign(key, head, alg))


# ---------------------------------------------------------------------------------------------------------------
# Vector plumbing.

def claims_with(**changes: Any) -> dict[str, Any]:
    return tc.edit(CLAIMS, {k: v for k, v in changes.items()})


def header_with(**changes: Any) -> dict[str, Any]:
    return tc.edit(HEADER, changes)


def inp(token: str, keys: Optional[dict[str, Any]] = None, nonce: str = NONCE, app_id: str = APP_ID,
        now: float = NOW) -> dict[str, Any]:
    return {"token": token, "expectedNonce": nonce, "appID": app_id, "now": now,
            "keys": key_material() if keys is None else keys}


def accepted(claims: Optional[Mapping[str, Any]] = None) -> dict[str, Any]:
    return tc.accepted(tc.required_of(CLAIMS if claims is None else claims))


def rejected(reason: str, claim: Optional[str] = None) -> dict[str, Any]:
    return tc.rejected(reason, claim)


def vid(group: str, case: str) -> str:
    return f"{FAMILY}::{group}::{case}"


def refs(*extra: str) -> list[str]:
    return [B4, *extra]


def add(out: list[dict[str, Any]], group: str, case: str, description: str, severity: str, refs_: Sequence[str],
        input_: dict[str, Any], expected: dict[str, Any], rules: Sequence[str],
        profiles: Optional[Sequence[str]] = None, also_accepted: Optional[Sequence[Mapping[str, Any]]] = None) -> None:
    out.append(vector(vid(group, case), description, severity, refs_, input_, expected, profiles, rules=rules,
                          also_accepted=also_accepted))


def add_pair(out: list[dict[str, Any]], group: str, case: str, description_documented: str, description_sdk: str,
             severity: str, refs_documented: Sequence[str], refs_sdk: Sequence[str], input_: dict[str, Any],
             expected: dict[str, Any], lenient: Sequence[Mapping[str, Any]], rules: Sequence[str]) -> None:
    """A documented / ios-sdk pair over one input: both prefer `expected`, the documented reading also accepts
    `lenient` (a check only the SDK makes mandatory, see Vectors/DECISIONS.md)."""
    add(out, group, f"{case}.documented", description_documented, severity, refs_documented, input_, expected, rules,
        ["documented"], lenient)
    add(out, group, f"{case}.ios-sdk", description_sdk, severity, refs_sdk, input_, expected, rules, ["ios-sdk"])


# ---------------------------------------------------------------------------------------------------------------
# Valid tokens.

def valid_vectors(out: list[dict[str, Any]]) -> None:
    ok = ["token.jose.structure", "token.jose.signature"]
    add(out, "valid", "baseline",
        "A token signed RS256 by test-key-1 with kid test-key-1, typ JWT and valid claims is accepted with its "
        "required claims", "critical", refs(), inp(signed()), accepted(), ok + ["token.jose.key-by-kid"])
    all_valid, kept = {}, {}
    for name, value in tc.STRING_OPTIONAL:
        all_valid[name] = kept[name] = value
    for name, kept_cases, _ in tc.STRUCTURED_OPTIONAL:
        _, value, expected_value, _ = kept_cases[0]
        all_valid[name], kept[name] = value, expected_value
    claims = {**CLAIMS, **all_valid}
    add(out, "valid", "every-optional-claim",
        "A signed token carrying every optional claim with the right type is accepted and keeps them all",
        "high", refs(), inp(signed(claims=claims)), tc.accepted({**tc.required_of(CLAIMS), **kept}),
        ok + ["token.optional.kept"])
    # DECISIONS.md D54: https://limited.facebook.com rests on Facebook's endpoint URLs only; the discovery document
    # names https://www.facebook.com, and OpenID Connect compares the issuer exactly, so documented also accepts a
    # refusal. The SDK's host rule accepts it.
    claims = claims_with(iss=tc.ISS_LIMITED)
    add(out, "valid", "limited-issuer.documented",
        "A signed token with iss https://limited.facebook.com is accepted (preferred: Facebook's endpoints are on "
        "that host); a validator that requires exactly the discovery document's issuer, https://www.facebook.com, "
        "may refuse it (issuer)", "high", refs(B8, tc.OIDC_VALIDATION, tc.D_ISSUER_LIMITED),
        inp(signed(claims=claims)), accepted(claims), ok + ["token.iss.documented"], ["documented"],
        [rejected("issuer")])
    add(out, "valid", "limited-issuer.ios-sdk",
        "A signed token with iss https://limited.facebook.com is accepted: its host ends with .facebook.com", "high",
        refs(B8, tc.D_ISSUER_LIMITED), inp(signed(claims=claims)), accepted(claims), ok + ["token.iss.ios-sdk"],
        ["ios-sdk"])
    # DECISIONS.md D57: base64url's own characters. No other accepting token has - or _ in its header or payload
    # segment, so a validator that decodes them with the + / alphabet (or reads the kid that way) passed. test-key-1
    # is published under the kid "test-key-1???>" and the payload holds an unregistered claim "x-note": "???>":
    # "?>" encodes to base64url characters 62 and 63 at these offsets (the generator checks it). Header members
    # other than alg, typ and kid are avoided: a validator may refuse unknown ones (joserfc does by default).
    kid = "test-key-1" + BASE64URL_NOTE
    keys = key_material(jwks_names=("test-key-2",), certificate_names=("test-key-2",),
                        jwks_extra=(jwk("test-key-1", kid=kid),), certificates_extra={kid: CERTIFICATE["test-key-1"]})
    claims = {**CLAIMS, "x-note": BASE64URL_NOTE}
    token = signed(header=header_with(kid=kid), claims=claims)
    header_segment, payload_segment, _ = token.split(".")
    assert all(c in header_segment and c in payload_segment for c in "-_"), token
    add(out, "valid", "base64url-alphabet",
        "A token whose header and payload segments hold the base64url characters - and _ (test-key-1 published "
        "under the kid \"test-key-1???>\", an unregistered claim \"x-note\": \"???>\") is accepted: they are "
        "base64url's 62nd and 63rd characters, and a + / decoder refuses the token or reads another kid",
        "critical", refs(RFC_B64, "RFC 4648 §5", D_ALPHABET), inp(token, keys=keys), accepted(),
        ok + ["token.jose.base64url.alphabet", "token.jose.key-by-kid"])
    add(out, "valid", "second-key",
        "A token signed by test-key-2 with kid test-key-2 is accepted: the key is chosen by kid, not by position",
        "critical", refs(), inp(signed(header=header_with(kid="test-key-2"), key="test-key-2")), accepted(),
        ok + ["token.jose.key-by-kid"])
    # Unregistered names only (no at_hash or other OIDC claim a validator may check: DECISIONS.md D04).
    claims = {**CLAIMS, "x-unregistered": "HK6E_P6Dh8Y93mRNtsDB1Q", "x-custom": {"a": [1, "b", None]}}
    add(out, "valid", "unknown-claims",
        "Unregistered claims (x-unregistered, x-custom) in a signed token are ignored and not kept, and the token is "
        "accepted", "medium", refs("RFC 7519 §4", tc.D_UNKNOWN), inp(signed(claims=claims)), accepted(),
        ok + ["token.unknown-claims"])
    add(out, "valid", "header-member-order",
        "A header with its members in another order (kid, typ, alg) is the same header: accepted", "medium",
        refs(RFC_JWS), inp(signed(header='{"kid":"test-key-1","typ":"JWT","alg":"RS256"}')), accepted(),
        ok + ["token.header.other-members"])
    # The differential fuzzer (Implementations/fuzz/): a validator refused every token whose header carried a member
    # it does not know; the suite's only such accepting vector allowed refusing (a nested member, RFC 8259 §9).
    add(out, "valid", "unregistered-header-member",
        "A header with an unregistered member (\"x-note\": \"fuzz\") beside alg, typ and kid, not listed in crit, is "
        "accepted: a header parameter not understood is ignored", "high",
        refs("RFC 7515 §4"), inp(signed(header={**header_with(), "x-note": "fuzz"})), accepted(),
        ok + ["token.header.other-members"])


# ---------------------------------------------------------------------------------------------------------------
# Signature tampering: valid claims, a signature that does not verify with the key kid names.

def flip_last_byte(signature: bytes) -> bytes:
    return signature[:-1] + bytes([signature[-1] ^ 0x01])


def signature_vectors(out: list[dict[str, Any]]) -> None:
    rules = ["token.jose.signature"]
    good = signed()
    head, sig = good.rsplit(".", 1)
    sig_bytes = base64.urlsafe_b64decode(sig + "==")
    other_claims = claims_with(sub="10157834620091593")
    cases = [
        ("modified-header", segment(header_with(x5t="hkKuaQ8R1VMBe7YKFg0PXsUZ0Mg")) + "." + segment(CLAIMS) + "." + sig,
         "the header gained a member after signing (the original signature kept)"),
        ("modified-payload", segment(HEADER) + "." + segment(other_claims) + "." + sig,
         "the payload's sub was changed after signing (the original signature kept)"),
        ("modified-signature-last-byte", head + "." + b64url(flip_last_byte(sig_bytes)),
         "the signature's last byte has one bit flipped"),
        ("modified-signature-first-byte", head + "." + b64url(bytes([sig_bytes[0] ^ 0x80]) + sig_bytes[1:]),
         "the signature's first byte has one bit flipped"),
        ("truncated-signature", head + "." + b64url(sig_bytes[:-1]), "the signature lost its last byte (255 bytes)"),
        ("truncated-signature-half", head + "." + b64url(sig_bytes[:128]), "the signature is its first 128 bytes"),
        ("extended-signature", head + "." + b64url(sig_bytes + b"\x00"), "the signature has a zero byte appended"),
        ("extended-signature-twice", head + "." + b64url(sig_bytes + sig_bytes), "the signature is repeated twice"),
        ("empty-signature", head + ".", "the signature segment is empty (CVE-2020-28042)"),
        ("zero-signature", head + "." + b64url(bytes(256)), "the signature is 256 zero bytes"),
        ("signature-one", head + "." + b64url((1).to_bytes(256, "big")), "the signature is the integer 1"),
        ("signature-of-other-token", head + "." + signed(claims=other_claims).rsplit(".", 1)[1],
         "the signature belongs to another token signed by the same key"),
        ("signed-by-attacker-key", signed(key="attacker-key"),
         "the token was signed by an unpublished key under kid test-key-1"),
        ("signed-over-decoded-json", head + "." + b64url(rsa_sign("test-key-1", text(HEADER) + "." + text(CLAIMS))),
         "the signature is over the decoded JSON texts joined by a dot, not over the ASCII segments"),
        ("signed-rs384-labelled-rs256", head + "." + b64url(rsa_sign("test-key-1", head, "RS384")),
         "the signature is RSASSA-PKCS1-v1_5 with SHA-384 while the header says RS256"),
        ("signed-rs512-labelled-rs256", head + "." + b64url(rsa_sign("test-key-1", head, "RS512")),
         "the signature is RSASSA-PKCS1-v1_5 with SHA-512 while the header says RS256"),
        ("signed-pss-labelled-rs256", head + "." + randomized()["pss-labelled-rs256"].rsplit(".", 1)[1],
         "the signature is RSASSA-PSS (SHA-256) while the header says RS256"),
    ]
    for case, token, what in cases:
        add(out, "signature", case, f"Valid claims, but {what}, so the signature is invalid", "critical",
            refs(RFC_JWS_VALIDATION) if case in ("empty-signature",) else refs(RFC_RS), inp(token), rejected("signatureInvalid"),
            rules)
    add(out, "signature", "kid-points-at-other-key",
        "The token was signed by test-key-1 but its kid names test-key-2, a published key that did not sign it, so "
        "the signature is invalid (no retry with another key)", "critical", refs(),
        inp(signed(header=header_with(kid="test-key-2"), key="test-key-1")), rejected("signatureInvalid"),
        rules + ["token.jose.key-by-kid"])
    add(out, "signature", "kid-points-at-other-key-reversed",
        "The token was signed by test-key-2 but its kid names test-key-1, so the signature is invalid (no retry "
        "with the key that did sign)", "critical", refs(),
        inp(signed(header=header_with(kid="test-key-1"), key="test-key-2")), rejected("signatureInvalid"),
        rules + ["token.jose.key-by-kid"])


# ---------------------------------------------------------------------------------------------------------------
# Structure: exactly three dot-separated segments.

def structure_vectors(out: list[dict[str, Any]]) -> None:
    good = signed()
    h, p, s = good.split(".")
    cases = [
        ("two-segments", f"{h}.{p}", "two segments (header and payload, no signature segment)"),
        ("two-segments-signature-only", f"{h}.{s}", "two segments (header and signature)"),
        ("four-segments", f"{h}.{p}.{s}.{s}", "four segments (the signature twice)"),
        ("four-segments-trailing-dot", f"{good}.", "four segments (a trailing dot)"),
        ("five-segments-jwe-shape", f"{h}.{p}.{s}.{p}.{s}", "five segments (the shape of a JWE)"),
        ("one-segment", p, "one segment (the payload alone)"),
        ("empty-token", "", "the empty string"),
        ("one-dot", ".", "one dot and nothing else (two empty segments)"),
        ("leading-dot", f".{h}.{p}.{s}", "four segments (a leading dot)"),
    ]
    for case, token, what in cases:
        add(out, "structure", case, f"The token is {what}, not exactly three segments, so it is malformed", "high",
            refs(RFC_JWS_VALIDATION), inp(token), rejected("malformed"), ["token.jose.structure"])


# ---------------------------------------------------------------------------------------------------------------
# alg: exactly RS256; checked before any key or signature.

def randomized_signing_inputs() -> dict[str, str]:
    """The signing inputs of the committed PS256 fixtures (Scripts/vectors/make_test_keys.py signs them)."""
    return {"ps256": signing_input(header_with(alg="PS256")), "pss-labelled-rs256": signing_input()}


def _load_randomized() -> dict[str, str]:
    path = KEYS_DIR / "TEST-ONLY-randomized-tokens.json"
    tokens = json.loads(path.read_text(encoding="utf-8"))["tokens"] if path.exists() else {}
    expected = randomized_signing_inputs()
    for case, head in expected.items():
        token = tokens.get(case)
        if token is None or token.rsplit(".", 1)[0] != head:
            raise SystemExit(f"{path.name}: {case} is missing or stale: run Scripts/vectors/make_test_keys.py "
                             f"--randomized-tokens")
        signature = base64.urlsafe_b64decode(token.rsplit(".", 1)[1] + "==")
        PRIVATE["test-key-1"].public_key().verify(signature, head.encode("ascii"),
                                                  padding.PSS(padding.MGF1(hashes.SHA256()), 32), hashes.SHA256())
    return tokens


@functools.cache
def randomized() -> dict[str, str]:
    """The committed randomized tokens, checked against their signing inputs, read once."""
    return _load_randomized()


def alg_vectors(out: list[dict[str, Any]]) -> None:
    rules = ["token.header.alg"]
    cases = []
    for alg, name in (("none", "none"), ("None", "none-capitalised"), ("NONE", "none-upper-case"),
                      ("nOnE", "none-mixed-case")):
        head = signing_input(header_with(alg=alg))
        cases.append((f"{name}-empty-signature", head + ".",
                      f"alg {alg} (an unsigned token, CVE-2015-2951) with an empty signature"))
        cases.append((f"{name}-with-signature", sign_text(head),
                      f"alg {alg} with a valid RS256 signature of test-key-1 over the segments"))
    hs_head = signing_input(header_with(alg="HS256"))
    cases += [
        ("hs256-public-key-pem-secret", hs256(hs_head, public_pem("test-key-1").encode("ascii")),
         "alg HS256 with the HMAC secret being test-key-1's public key PEM (RS/HS key confusion, CVE-2016-10555)"),
        ("hs256-certificate-pem-secret", hs256(hs_head, CERTIFICATE["test-key-1"].encode("ascii")),
         "alg HS256 with the HMAC secret being test-key-1's certificate PEM (the SDK's key source as a secret)"),
        ("hs256-jwk-json-secret", hs256(hs_head, text(jwk("test-key-1")).encode("utf-8")),
         "alg HS256 with the HMAC secret being test-key-1's JWK JSON text as the JWKS publishes it"),
        ("hs256-modulus-secret", hs256(hs_head, base64.urlsafe_b64decode(jwk("test-key-1")["n"] + "==")),
         "alg HS256 with the HMAC secret being test-key-1's modulus bytes"),
        ("rs384", signed(header=header_with(alg="RS384"), alg="RS384"),
         "alg RS384 with a valid RS384 signature of test-key-1 (another RSA algorithm)"),
        ("rs512", signed(header=header_with(alg="RS512"), alg="RS512"),
         "alg RS512 with a valid RS512 signature of test-key-1 (another RSA algorithm)"),
        ("ps256", randomized()["ps256"], "alg PS256 with a valid RSASSA-PSS signature of test-key-1"),
        ("es256", (lambda h: h + "." + b64url(es256_sign(h)))(signing_input(header_with(alg="ES256"))),
         "alg ES256 with a valid ECDSA P-256 signature (of a key the key sets do not hold)"),
        ("lower-case-rs256", signed(header=header_with(alg="rs256")),
         "alg rs256 (lower case) with a valid RS256 signature (compared exactly)"),
        ("mixed-case-rs256", signed(header=header_with(alg="Rs256")),
         "alg Rs256 (mixed case) with a valid RS256 signature (compared exactly)"),
        ("missing", signed(header=tc.edit(HEADER, {"alg": MISSING})), "no alg, with a valid RS256 signature"),
        ("null", signed(header=header_with(alg=None)), "alg null, with a valid RS256 signature"),
        ("array", signed(header=header_with(alg=["RS256"])), "alg [\"RS256\"], with a valid RS256 signature"),
        ("trailing-space", signed(header=header_with(alg="RS256 ")), "alg \"RS256 \" with a valid RS256 signature"),
    ]
    for case, token, what in cases:
        severity = "critical"
        extra = [RFC_ALG_VERIFICATION] if ("none" in case or "hs256" in case) else []
        add(out, "alg", case, f"The header has {what}: alg must be exactly RS256, so it is refused (headerAlgorithm)",
            severity, refs(RFC_ALG, *extra), inp(token), rejected("headerAlgorithm"), rules)


# ---------------------------------------------------------------------------------------------------------------
# typ and kid; embedded keys; crit.

def header_vectors(out: list[dict[str, Any]]) -> None:
    for case, value, what in (
        ("missing", MISSING, "no typ"),
        ("lower-case", "jwt", "typ jwt (compared exactly)"),
        ("trailing-space", "JWT ", "typ \"JWT \" (no trimming)"),
        ("at+jwt", "at+jwt", "typ at+jwt (an access-token type)"),
        ("jose", "JOSE", "typ JOSE"),
        ("number", 1, "typ 1, a number"),
        # An array holding JWT is not the string JWT (SPECIFICATION.md §4): a check of membership in a list of allowed
        # values, as some header registries make, would let it through.
        ("array", ["JWT"], "typ [\"JWT\"], an array holding JWT, not a string"),
    ):
        add_pair(out, "typ", case,
                 f"A validly signed token whose header has {what}: refused with headerType (preferred); the "
                 f"documents make typ optional (RFC 7519 §5.1, RFC 7515 §4.1.9), so accepting it is lenient",
                 f"A validly signed token whose header has {what}: the SDK requires typ exactly JWT, so it is "
                 f"refused (headerType)", "high",
                 refs("RFC 7515 §4.1.9", "RFC 7519 §5.1", "RFC 8725 §3.11", tc.D_TYP),
                 refs("RFC 7515 §4.1.9", tc.D_TYP, tc.SDK_HEADER_TYP),
                 inp(signed(header=header_with(typ=value))), rejected("headerType"), [accepted()],
                 ["token.header.typ"])
    for case, value, what in (
        ("missing", MISSING, "no kid"),
        ("empty", "", "an empty kid"),
        ("number", 1, "kid 1, a number"),
        ("null", None, "kid null"),
    ):
        add(out, "kid", case, f"A token signed by test-key-1 whose header has {what} is refused (headerKeyID); no "
            f"fall-back to the first or only key", "critical", refs("RFC 7515 §4.1.4"),
            inp(signed(header=header_with(kid=value))), rejected("headerKeyID"), ["token.header.kid"])
    single = key_material(jwks_names=("test-key-1",))
    add_pair(out, "kid", "missing-one-key-published",
             "A token signed by test-key-1 without kid while test-key-1 is the only published key: refused "
             "(headerKeyID, preferred); kid is optional (RFC 7515 §4.1.4) and only required with several keys "
             "(OpenID Connect Core 1.0 §10.1), so verifying with the one key and accepting is lenient",
             "A token signed by test-key-1 without kid while test-key-1 is the only published key: the SDK requires "
             "a non-empty kid, so it is refused (headerKeyID)", "critical",
             refs("RFC 7515 §4.1.4", "OpenID Connect Core 1.0 §10.1", tc.D_KID),
             refs("RFC 7515 §4.1.4", tc.D_KID, tc.SDK_HEADER_KID),
             inp(signed(header=tc.edit(HEADER, {"kid": MISSING})), keys=single), rejected("headerKeyID"),
             [accepted()], ["token.header.kid"])
    for case, kid, keys, what in (
        ("unknown", "test-key-9", None, "kid test-key-9, which no published key has"),
        ("unknown-one-key-published", "test-key-9", single,
         "kid test-key-9 while test-key-1 (the signer) is the only published key"),
        ("case-differs", "TEST-KEY-1", None, "kid TEST-KEY-1 (kid compares exactly)"),
        ("case-differs-first-letter", "Test-key-1", None, "kid Test-key-1 (kid compares exactly)"),
        ("trailing-space", "test-key-1 ", None, "kid \"test-key-1 \" (no trimming)"),
        ("prefix", "test-key-", None, "kid test-key- (a prefix of the signer's kid)"),
        ("very-long", "k" * 10000, None, "a 10,000-character kid"),
        ("attacker", "attacker-key", None, "kid attacker-key, which is not published"),
    ):
        # A 10,000-character kid makes a header of about 13 KB: a parser's text-size limit (RFC 8259 §9) may refuse
        # it as badJSON, as it may the same-size accepting headers (D18, D53).
        limited = [rejected("badJSON")] if case == "very-long" else None
        add(out, "kid", case, f"A token signed by test-key-1 with {what} names no published key, so it is refused "
            f"(unknownKeyID), never checked with another key"
            + ("; a parser that limits the header's size (RFC 8259 §9) may refuse it as badJSON" if limited else ""),
            "critical", refs(*([RFC_JSON_LIMITS, D_STRICT_JSON, D_LIMITS] if limited else [])),
            inp(signed(header=header_with(kid=kid)), keys=keys), rejected("unknownKeyID"),
            ["token.jose.key-by-kid"], also_accepted=limited)
    # Embedded key material: ignored; the key is found by kid among the published keys only.
    attacker_jwk = jwk("attacker-key", kid="test-key-1")
    attacker_cert_der = x509.load_pem_x509_certificate(CERTIFICATE["attacker-key"].encode()).public_bytes(
        serialization.Encoding.DER)
    embedded: list[tuple[str, dict[str, Any], str]] = [
        ("jwk", {"jwk": attacker_jwk}, "an embedded jwk of the attacker's key (CVE-2018-0114)"),
        ("jku", {"jku": "https://attacker.example/jwks.json"}, "a jku URL of the attacker's key set"),
        ("x5u", {"x5u": "https://attacker.example/cert.pem"}, "an x5u URL of the attacker's certificate"),
        ("x5c", {"x5c": [base64.b64encode(attacker_cert_der).decode("ascii")]},
         "an x5c chain holding the attacker's certificate"),
    ]
    # An embedded jwk or x5c makes the protected header 600-1,300 bytes, as long as the accepted "of-signer" twins'
    # below: a parser's text-size limit (RFC 8259 §9) may refuse it as badJSON, which refuses the token all the same
    # (D16, D18, D53). jku and x5u are short URLs: no alternative.
    size_limited = {"jwk", "x5c"}
    limit_note = "; a parser that limits the header's size (RFC 8259 §9) may refuse it as badJSON"
    limit_refs = [RFC_JSON_LIMITS, D_STRICT_JSON, D_LIMITS]
    for case, extra, what in embedded:
        is_limited = case in size_limited
        add(out, "embedded-key", f"{case}-attacker-signed",
            f"A token signed by the attacker's key, kid test-key-1 and {what}: the embedded key is ignored and "
            f"test-key-1 does not verify it, so the signature is invalid" + (limit_note if is_limited else ""),
            "critical", refs(RFC_UNTRUSTED_HEADER, RFC_JWS, *(limit_refs if is_limited else [])),
            inp(signed(header={**HEADER, **extra}, key="attacker-key")), rejected("signatureInvalid"),
            ["token.header.other-members", "token.jose.signature"],
            also_accepted=[rejected("badJSON")] if is_limited else None)
    add(out, "embedded-key", "x5c-attacker-kid",
        "A token signed by the attacker's key with kid attacker-key and an x5c chain holding the attacker's "
        "certificate: the chain is not a key source, so the kid names no published key (unknownKeyID)" + limit_note,
        "critical", refs(RFC_UNTRUSTED_HEADER, *limit_refs),
        inp(signed(header={**header_with(kid="attacker-key"), **embedded[3][1]}, key="attacker-key")),
        rejected("unknownKeyID"), ["token.header.other-members", "token.jose.key-by-kid"],
        also_accepted=[rejected("badJSON")])
    add(out, "embedded-key", "jwk-attacker-kid",
        "A token signed by the attacker's key with kid attacker-key and an embedded jwk of that key: the embedded "
        "key is ignored, so the kid names no published key (unknownKeyID)" + limit_note, "critical",
        refs(RFC_UNTRUSTED_HEADER, *limit_refs),
        inp(signed(header={**header_with(kid="attacker-key"), "jwk": jwk("attacker-key")}, key="attacker-key")),
        rejected("unknownKeyID"), ["token.header.other-members", "token.jose.key-by-kid"],
        also_accepted=[rejected("badJSON")])
    own_cert_der = x509.load_pem_x509_certificate(CERTIFICATE["test-key-1"].encode()).public_bytes(
        serialization.Encoding.DER)
    for case, extra, what in (
        ("jwk-of-signer", {"jwk": jwk("test-key-1")}, "an embedded jwk of test-key-1 itself"),
        ("x5c-of-signer", {"x5c": [base64.b64encode(own_cert_der).decode("ascii")]},
         "an x5c holding test-key-1's own certificate"),
        ("x5t", {"x5t": "hkKuaQ8R1VMBe7YKFg0PXsUZ0Mg"}, "an x5t thumbprint member"),
    ):
        # The jwk and x5c headers make the protected header 600-1,300 bytes: a parser's text-size limit (RFC 8259
        # §9; joserfc's default is 512 bytes) may refuse it as badJSON (D18). x5t is short: no alternative.
        limited = [rejected("badJSON")] if case.endswith("of-signer") else None
        add(out, "embedded-key", case, f"A token signed by test-key-1 with {what}: other header members are ignored, "
            f"so it is accepted" + (" (preferred); a parser that limits the header's size (RFC 8259 §9) may refuse "
                                    "it as badJSON" if limited else ""), "high",
            refs(RFC_JWS, *([RFC_JSON_LIMITS, D_EMBEDDED, D_STRICT_JSON] if limited else [])),
            inp(signed(header={**HEADER, **extra})), accepted(),
            ["token.header.other-members", "token.jose.signature"], also_accepted=limited)
    # crit (RFC 7515 §4.1.11) naming an extension nobody understands: the readings differ.
    crit_header = {**HEADER, "crit": ["urn:example:unknown"], "urn:example:unknown": True}
    token = signed(header=crit_header)
    add(out, "crit", "unknown-extension.documented",
        "A validly signed token whose header marks an unknown extension critical: a JOSE validator must refuse it "
        "(RFC 7515 §4.1.11), so the documented reading refuses it (headerCritical)", "high",
        refs(RFC_CRIT, D_CRIT), inp(token), rejected("headerCritical"), ["token.jose.crit.documented"],
        profiles=["documented"])
    add(out, "crit", "unknown-extension.ios-sdk",
        "A validly signed token whose header marks an unknown extension critical: the SDK ignores header members "
        "other than alg, typ and kid, so the ios-sdk reading accepts it", "high",
        refs(RFC_CRIT, D_CRIT, SDK_HEADER_MEMBERS), inp(token),
        accepted(), ["token.jose.crit.ios-sdk"], profiles=["ios-sdk"])


# ---------------------------------------------------------------------------------------------------------------
# base64url: strict (documented, RFC 7515 §2) or the SDK's lenient decoding (ios-sdk, SPECIFICATION.md §4, §8).
# Characters the SDK ignores are inserted four at a time, so the SDK's padding of the whole segment to a multiple of
# 4 never depends on whether it counts them.

def _non_canonical(seg: str) -> str:
    """The same bytes with non-zero unused trailing bits in the last character."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    unused = {2: 4, 3: 2}[len(seg) % 4]
    last = alphabet.index(seg[-1])
    assert last % (1 << unused) == 0
    return seg[:-1] + alphabet[last + 1]


def _to_4n_plus_1(seg: str) -> str:
    """The characters that make a segment 4n+1 characters long."""
    return "A" * ((1 - len(seg)) % 4)


def base64_vectors(out: list[dict[str, Any]]) -> None:
    h, p = segment(HEADER), segment(CLAIMS)
    sig = signed().rsplit(".", 1)[1]
    assert len(sig) % 4 in (2, 3) and len(p) % 4 in (2, 3), "the segments must have unused trailing bits"
    assert "-" in sig or "_" in sig
    pad = lambda s: s + "=" * (-len(s) % 4)
    mid = lambda s, junk: s[:len(s) // 2] + junk + s[len(s) // 2:]
    plus_slash = lambda s: s.replace("-", "+").replace("_", "/")
    # A payload whose encoding has - or _ : the picture claim's bytes produce them.
    claims_dash = {**CLAIMS, "x-note": "https://example.com/?~~~>>>???"}
    p_dash = segment(claims_dash)
    assert "-" in p_dash or "_" in p_dash
    cases = [
        # (case, token, what, claims the token carries)
        ("payload-padding", sign_text(f"{h}.{pad(p)}"), "the payload segment ends with = padding (signed as sent)",
         CLAIMS),
        ("header-padding", sign_text(f"{pad(h)}.{p}"), "the header segment ends with = padding (signed as sent)",
         CLAIMS),
        ("signature-padding", f"{h}.{p}.{pad(sig)}", "the signature segment ends with = padding", CLAIMS),
        ("payload-whitespace", sign_text(f"{h}.{mid(p, '    ')}"),
         "the payload segment has four spaces in the middle (signed as sent)", CLAIMS),
        ("signature-line-breaks", f"{h}.{p}.{mid(sig, chr(13) + chr(10) + chr(13) + chr(10))}",
         "the signature segment has two CRLF line breaks in the middle", CLAIMS),
        ("signature-junk", f"{h}.{p}.{mid(sig, '!!!!')}",
         "the signature segment has four ! characters in the middle", CLAIMS),
        ("signature-standard-alphabet", f"{h}.{p}.{plus_slash(sig)}",
         "the signature segment uses + and / (standard base64) instead of - and _", CLAIMS),
        ("payload-standard-alphabet", sign_text(f"{h}.{plus_slash(p_dash)}"),
         "the payload segment uses + and / instead of - and _ (signed as sent)", claims_dash),
        ("signature-non-canonical-bits", f"{h}.{p}.{_non_canonical(sig)}",
         "the signature segment's last character has non-zero unused bits (RFC 4648 §3.5: non-canonical)", CLAIMS),
        ("payload-non-canonical-bits", sign_text(f"{h}.{_non_canonical(p)}"),
         "the payload segment's last character has non-zero unused bits (signed as sent)", CLAIMS),
    ]
    for case, token, what, claims in cases:
        # RFC 4648 §3.5: a decoder MAY reject non-zero pad bits, so ignoring them is also accepted (D17).
        bits = case.endswith("non-canonical-bits")
        add(out, "base64url", f"{case}.documented",
            f"A validly signed token where {what}: not strict base64url (RFC 7515 §2), so the documented reading "
            f"refuses it (badBase64url)" + ("; RFC 4648 §3.5 lets a decoder ignore the unused bits, which reads the "
                                            "same bytes, so accepting it is lenient" if bits else ""), "high",
            refs(RFC_B64, RFC_BASE64, B8, *([D_BASE64URL] if bits else [])), inp(token),
            rejected("badBase64url"), ["token.jose.base64url.documented"], profiles=["documented"],
            also_accepted=[accepted(claims)] if bits else None)
        add(out, "base64url", f"{case}.ios-sdk",
            f"A validly signed token where {what}: the SDK's lenient decoding reads the same bytes, so the ios-sdk "
            f"reading accepts it", "medium", refs(RFC_B64, B8), inp(token), accepted(claims),
            ["token.jose.base64url.ios-sdk"], profiles=["ios-sdk"])
    # Whitespace around the whole compact token (completeness blind round 1: a validator that trims the token before
    # splitting it passed every vector, whose whitespace was inside a segment). Four characters, as above; a leading
    # run is part of the header segment, so it is signed as sent.
    for case, token, what in (
        ("token-leading-spaces", sign_text(f"    {h}.{p}"), "four spaces precede the token (signed as sent)"),
        ("token-trailing-line-breaks", f"{h}.{p}.{sig}\r\n\r\n", "two CRLF line breaks follow the token"),
    ):
        add(out, "base64url", f"{case}.documented",
            f"A validly signed token where {what}: whitespace is not base64url (RFC 7515 §2, §7.1: the compact "
            f"serialization has none), so the documented reading refuses it (badBase64url), never trimming it",
            "high", refs(RFC_B64, RFC_BASE64, B8), inp(token), rejected("badBase64url"),
            ["token.jose.base64url.documented"], profiles=["documented"])
        add(out, "base64url", f"{case}.ios-sdk",
            f"A validly signed token where {what}: the SDK's lenient decoding ignores the whitespace, so the ios-sdk "
            f"reading accepts it", "medium", refs(RFC_B64, B8), inp(token), accepted(CLAIMS),
            ["token.jose.base64url.ios-sdk"], profiles=["ios-sdk"])
    # Undecodable in both readings: 4n+1 base64 characters cannot encode whole bytes.
    for case, token, what in (
        ("signature-impossible-length", f"{h}.{p}.{sig}{_to_4n_plus_1(sig)}",
         "the signature segment has 4n+1 base64 characters"),
        ("payload-impossible-length", sign_text(f"{h}.{p}{_to_4n_plus_1(p)}"),
         "the payload segment has 4n+1 base64 characters (signed as sent)"),
    ):
        assert len(token.split(".")[1 if "payload" in case else 2]) % 4 == 1
        add(out, "base64url", case, f"A token where {what}, which decodes to no whole bytes in either reading, so it is "
            f"refused (badBase64url)", "high", refs(RFC_B64, RFC_BASE64), inp(token), rejected("badBase64url"),
            ["token.jose.base64url.undecodable"])


# ---------------------------------------------------------------------------------------------------------------
# JSON: the decoded header and payload must each be one JSON object, UTF-8, without duplicate member names.

def json_vectors(out: list[dict[str, Any]]) -> None:
    raw: Text  # a case's header or payload: its bytes, or a JSON text
    header: Union[dict[str, Any], Text]
    claims: Union[dict[str, Any], Text]
    rules = ["token.jose.json"]
    compact_claims = text(CLAIMS)
    cases = [
        ("header-not-json", "header", b"RS256", "the header decodes to the text RS256, not JSON"),
        ("header-array", "header", ("[" + text(HEADER) + "]").encode(), "the header is a JSON array"),
        ("header-empty", "header", b"", "the header segment is empty (zero bytes)"),
        ("payload-empty", "payload", b"", "the payload segment is empty (zero bytes)"),
        ("payload-array", "payload", ("[" + compact_claims + "]").encode(), "the payload is a JSON array"),
        ("payload-string", "payload", json.dumps(compact_claims).encode(),
         "the payload is a JSON string holding the claims' text"),
        ("payload-nan", "payload", compact_claims.replace(f'"exp":{NOW + 3600}', f'"exp":{NOW + 3600},"x":NaN').encode(),
         "the payload holds the literal NaN (not RFC 8259 JSON)"),
        ("payload-invalid-utf8", "payload", compact_claims.replace('"sub":"', '"sub":"\udcff', 1).encode(
            "utf-8", "surrogateescape"), "the payload has the byte 0xFF inside sub (not UTF-8)"),
        ("payload-overlong-utf8", "payload", compact_claims.replace('"sub":"', '"sub":"\udcc0\udcaf', 1).encode(
            "utf-8", "surrogateescape"), "the payload has the overlong UTF-8 sequence C0 AF (not UTF-8)"),
        ("header-invalid-utf8", "header", text(HEADER).replace('"kid":"', '"kid":"\udcfe', 1).encode(
            "utf-8", "surrogateescape"), "the header has the byte 0xFE inside kid (not UTF-8)"),
        ("payload-single-quotes", "payload", compact_claims.replace('"', "'").encode(),
         "the payload uses single quotes (not JSON)"),
    ]
    add(out, "json", "three-empty-segments",
        "The token is two dots (three empty segments): the header decodes to zero bytes, not a JSON object, so it is "
        "refused (badJSON)", "high", refs(RFC_JSON, RFC_JWT_VALIDATION), inp(".."), rejected("badJSON"), rules)
    for case, part, raw, what in cases:
        header, claims = (raw, CLAIMS) if part == "header" else (HEADER, raw)
        add(out, "json", case, f"A token signed by test-key-1 where {what}, so it is refused (badJSON)", "high",
            refs(RFC_JSON, RFC_JWT_VALIDATION), inp(signed(header=header, claims=claims)), rejected("badJSON"),
            rules)
    # A trailing comma: RFC 8259 §4 settles the documented reading; the SDK parses with Apple's JSONSerialization,
    # which cannot be run here and most likely accepts it (DECISIONS.md D18): a documented vector only.
    add(out, "json", "payload-trailing-comma.documented",
        "A token signed by test-key-1 where the payload has a trailing comma (not RFC 8259 JSON), so it is refused "
        "(badJSON) (the documented reading; the SDK's reading depends on Apple's JSONSerialization, so no ios-sdk "
        "vector)", "high", refs(RFC_JSON, RFC_JSON_NAMES, RFC_JWT_VALIDATION, D_STRICT_JSON),
        inp(signed(header=HEADER, claims=(compact_claims[:-1] + ",}").encode())), rejected("badJSON"),
        ["token.json.trailing-comma.documented"], profiles=["documented"])
    # Numbers RFC 8259 §6 does not allow, and comments (RFC 8259 has no grammar for them): refused in the documented
    # reading; the SDK's reading depends on Apple's JSONSerialization, which cannot be run here (D18). Completeness
    # blind round 1: a validator whose parser took leading zeros, plus signs and bare decimal points passed every vector.
    exp, iat = f'"exp":{NOW + 3600}', f'"iat":{CLAIMS["iat"]}'
    head_text = text(HEADER)
    grammar = [
        ("payload-leading-zero", "payload", compact_claims.replace(exp, f'"exp":0{NOW + 3600}'),
         f"exp is written with a leading zero (0{NOW + 3600})"),
        ("payload-plus-sign", "payload", compact_claims.replace(exp, f'"exp":+{NOW + 3600}'),
         f"exp is written with a plus sign (+{NOW + 3600})"),
        ("payload-trailing-decimal-point", "payload", compact_claims.replace(iat, iat + "."),
         f"iat is written with a decimal point and no digit after it ({CLAIMS['iat']}.)"),
        ("payload-leading-decimal-point", "payload", compact_claims[:-1] + ',"x-share":.5}',
         "an extra member's number is written .5 (no digit before the decimal point)"),
        ("payload-block-comment", "payload", "{/* claims */" + compact_claims[1:],
         "a /* */ comment opens the object"),
        ("header-line-comment", "header", head_text[:-1] + "//kid above\n}",
         "a // comment ends the object, before its closing brace"),
    ]
    for case, part, raw, what in grammar:
        assert raw not in (compact_claims, head_text), case
        header, claims = (raw.encode(), CLAIMS) if part == "header" else (HEADER, raw.encode())
        add(out, "json", f"{case}.documented",
            f"A token signed by test-key-1 where {what}: not RFC 8259 JSON, so the documented reading refuses it "
            f"(badJSON) (the SDK's reading depends on Apple's JSONSerialization, so no ios-sdk vector)", "high",
            refs(RFC_JSON, RFC_NUMBERS, RFC_JWT_VALIDATION, D_STRICT_JSON),
            inp(signed(header=header, claims=claims)), rejected("badJSON"),
            ["token.json.number-and-comment-grammar.documented"], profiles=["documented"])
    # Duplicate member names (RFC 7515 §4, RFC 7519 §4, RFC 8259 §4): a JOSE parser either refuses them (preferred:
    # badJSON) or keeps the lexically last member (also accepted: the outcome of the last member); keeping the first
    # is the bug, and every case is built so that first-wins gives an outcome that is neither (DECISIONS.md D03).
    head_json = text(HEADER)[:-1]
    claims_json = compact_claims[:-1]
    cnf_first_empty = claims_json + f',"cnf":{{"jkt":"","jkt":"{tc.JKT}"}}}}'
    duplicates = [
        # (case, part, text, what, the last-wins outcome, the first-wins outcome)
        ("alg-none-then-rs256", "header", '{"alg":"none","typ":"JWT","kid":"test-key-1","alg":"RS256"}',
         "alg twice (none, then RS256)", accepted(), rejected("headerAlgorithm")),
        ("alg-rs256-then-none", "header", head_json + ',"alg":"none"}', "alg twice (RS256, then none)",
         rejected("headerAlgorithm"), accepted()),
        ("kid-twice", "header", head_json + ',"kid":"test-key-2"}', "kid twice (test-key-1, then test-key-2)",
         rejected("signatureInvalid"), accepted()),
        ("kid-other-first", "header", '{"alg":"RS256","typ":"JWT","kid":"test-key-2","kid":"test-key-1"}',
         "kid twice (test-key-2, then test-key-1)", accepted(), rejected("signatureInvalid")),
        ("nonce-expected-first", "payload", claims_json + ',"nonce":"n-7Hq2LmP9xKcA"}',
         "nonce twice (the expected nonce, then another)", rejected("nonceMismatch"), accepted()),
        ("nonce-expected-last", "payload",
         compact_claims.replace(f'"nonce":"{NONCE}"', '"nonce":"n-7Hq2LmP9xKcA"')[:-1] + f',"nonce":"{NONCE}"}}',
         "nonce twice (another nonce, then the expected one)", accepted(), rejected("nonceMismatch")),
        ("aud-twice", "payload", claims_json + ',"aud":"1234567891"}', "aud twice (the app ID, then another app)",
         rejected("audience"), accepted()),
        ("exp-twice", "payload", claims_json + f',"exp":{NOW - 3600}}}', "exp twice (later than now, then earlier)",
         rejected("expired"), accepted()),
        # Nested: RFC 8259 §4 covers every object; last-wins keeps cnf.jkt, first-wins drops cnf (an empty jkt).
        ("nested-cnf-jkt", "payload", cnf_first_empty,
         "an optional cnf object with jkt twice (the empty string, then a thumbprint)",
         tc.accepted({**tc.required_of(CLAIMS), "cnf": {"jkt": tc.JKT}}), accepted()),
    ]
    for case, part, raw, what, last_wins, first_wins in duplicates:
        assert first_wins not in (rejected("badJSON"), last_wins), case
        header, claims = (raw, CLAIMS) if part == "header" else (HEADER, raw)
        rules = ["token.jose.json.duplicate-members"] + (["token.optional.kept"] if case.startswith("nested") else [])
        add(out, "duplicate-member", case,
            f"A token signed by test-key-1 whose {part} has {what}: refused as badJSON (preferred), or read "
            f"last-wins as RFC 7515 allows; never first-wins", "critical" if part == "header" or "nested" not in case
            else "high",
            refs(RFC_JWS_VALIDATION, "RFC 7515 §4", "RFC 7519 §4", RFC_JSON_NAMES, D_DUPLICATES),
            inp(signed(header=header, claims=claims)), rejected("badJSON"), rules, also_accepted=[last_wins])


# ---------------------------------------------------------------------------------------------------------------
# Claims through signed tokens (the token-claims rules and reasons), and numbers at the edges.

def claim_vectors(out: list[dict[str, Any]]) -> None:
    def claims_case(case: str, changes: Mapping[str, Any], expected: dict[str, Any], what: str, rules: Sequence[str],
                    severity: str = "critical", extra_refs: Sequence[str] = (),
                    profiles: Optional[Sequence[str]] = None) -> None:
        claims = tc.edit(CLAIMS, changes)
        add(out, "claims", case, f"A validly signed token whose {what}", severity, refs(*extra_refs),
            inp(signed(claims=claims)), expected, rules, profiles)

    claims_case("exp-equal-now", {"exp": NOW}, rejected("expired"), "exp equals now is expired (exp > now strictly)",
                ["token.exp.strict"])
    claims_case("exp-one-second-left", {"exp": NOW + 1}, tc.accepted(tc.required_of(tc.edit(CLAIMS, {"exp": NOW + 1}))),
                "exp is now + 1 is accepted", ["token.exp.strict"], "high")
    claims = tc.edit(CLAIMS, {"iat": NOW - IAT_WINDOW - 1})
    add_pair(out, "claims", "iat-ten-minutes-one-second-ago",
             f"A validly signed token whose iat is now - {IAT_WINDOW + 1}: refused as issued too long ago (preferred); "
             "OpenID Connect Core 1.0 §3.1.3.7 leaves the iat range to the client, so accepting it is lenient",
             f"A validly signed token whose iat is now - {IAT_WINDOW + 1}: the SDK accepts iat no older than "
             f"{IAT_WINDOW} seconds, so it was issued too long ago", "high", refs(tc.OIDC_VALIDATION, tc.D_IAT),
             refs(tc.D_IAT, tc.SDK_IAT_CHECK), inp(signed(claims=claims)), rejected("issuedTooLongAgo"),
             [accepted(claims)], ["token.iat.window"])
    claims_case("iat-ten-minutes-ago", {"iat": NOW - IAT_WINDOW},
                tc.accepted(tc.required_of(tc.edit(CLAIMS, {"iat": NOW - IAT_WINDOW}))),
                f"iat is exactly now - {IAT_WINDOW} is accepted (a JOSE library's iat handling must not be stricter)",
                ["token.iat.window"], "high")
    claims_case("exp-equal-now-as-fraction", {"exp": float(NOW)}, rejected("expired"),
                f"exp is now written {NOW}.0 (a JSON number with a fraction part) is expired (exp > now strictly)",
                ["token.exp.strict", "token.jose.numbers"])
    claims_case("iat-ten-minutes-ago-as-fraction", {"iat": float(NOW - IAT_WINDOW)},
                tc.accepted(tc.required_of(tc.edit(CLAIMS, {"iat": NOW - IAT_WINDOW}))),
                f"iat is exactly now - {IAT_WINDOW} written {NOW - IAT_WINDOW}.0 is accepted (the bound is inclusive)",
                ["token.iat.window", "token.jose.numbers"], "high")
    claims_case("nonce-mismatch", {"nonce": "n-7Hq2LmP9xKcA"}, rejected("nonceMismatch"),
                "nonce is not the expected nonce is refused", ["token.nonce"])
    claims_case("audience-other-app", {"aud": "1234567891"}, rejected("audience"),
                "aud is another app ID is refused", ["token.aud"])
    # DECISIONS.md D54: RFC 7519 §4.1.3 and OpenID Connect Core §2 allow an aud array; the FB page types aud as a
    # string and the SDK casts it to one. documented prefers the refusal and also accepts the token.
    claims = tc.edit(CLAIMS, {"aud": [APP_ID]})
    add_pair(out, "claims", "audience-array-with-app",
             "A validly signed token whose aud is an array holding only the app ID: refused as the wrong type "
             "(preferred: Facebook's page types aud as a string); RFC 7519 §4.1.3 and OpenID Connect Core 1.0 §2 "
             "allow an array that lists the client, so accepting it is lenient",
             "A validly signed token whose aud is an array holding only the app ID: the SDK casts aud to a string, "
             "so it has the wrong type", "critical", refs(tc.RFC_CLAIM["aud"], tc.OIDC_CLAIMS, tc.D_AUD_ARRAY),
             refs(tc.D_AUD_ARRAY, tc.SDK_AUD), inp(signed(claims=claims)), rejected("wrongClaimType", "aud"),
             [accepted()], ["token.aud.array"])  # aud reported as the app ID it matched (D54)
    claims_case("issuer-evil", {"iss": "https://facebook.com.evil.com"}, rejected("issuer"),
                "iss is https://facebook.com.evil.com is refused in both readings",
                ["token.iss.documented", "token.iss.ios-sdk"], extra_refs=(B8,))
    claims_case("missing-sub", {"sub": MISSING}, rejected("missingClaim", "sub"), "sub is absent is refused",
                ["token.claim.required"], "high")
    claims_case("missing-nonce", {"nonce": MISSING}, rejected("missingClaim", "nonce"),
                "nonce is absent is refused", ["token.claim.required"])
    claims = tc.edit(CLAIMS, {"jti": ""})
    add(out, "claims", "empty-jti.ios-sdk",
        f"A validly signed token whose jti is empty is refused (emptyClaim); {tc.JTI_ONLY_SDK}", "high",
        refs(tc.D_JTI, tc.SDK_JTI), inp(signed(claims=claims)), rejected("emptyClaim", "jti"),
        ["token.claim.jti.ios-sdk"], profiles=["ios-sdk"])
    claims_case("exp-string", {"exp": str(NOW + 3600)}, rejected("wrongClaimType", "exp"),
                "exp is the string of a valid time, not a JSON number, is refused", ["token.claim.type"])
    claims = tc.edit(CLAIMS, {"iss": "https://facebook.com"})
    add(out, "claims", "issuer-apex.documented",
        "A validly signed token whose iss is https://facebook.com, not one of the two documented issuers, is refused "
        "by the documented reading", "critical", refs(B8), inp(signed(claims=claims)), rejected("issuer"),
        ["token.iss.documented"], profiles=["documented"])
    add(out, "claims", "issuer-apex.ios-sdk",
        "A validly signed token whose iss is https://facebook.com (host facebook.com) is accepted by the ios-sdk "
        "reading", "high", refs(B8), inp(signed(claims=claims)), accepted(claims), ["token.iss.ios-sdk"],
        profiles=["ios-sdk"])
    claims = tc.edit(CLAIMS, {"iat": NOW + 3600})
    add(out, "claims", "iat-future.ios-sdk",
        "A validly signed token whose iat is an hour in the future is accepted by the ios-sdk reading (no upper "
        "bound; JOSE libraries that refuse a future iat differ here)", "high",
        refs(B8, "DECISIONS.md D06", tc.SDK_IAT_CHECK), inp(signed(claims=claims)),
        accepted(claims), ["token.iat.future.ios-sdk"], profiles=["ios-sdk"])

    # Numbers at the edges (NumericDate as a huge integer, a float, beyond int64): compared by value. The cases are
    # token-claims' (tc.NUMBERS), signed here as they stand.
    for case, replacement, value, outcome, what in tc.NUMBERS:
        claim, literal = tc.number_literal(replacement)
        token = inp(sign_text(segment(HEADER) + "." + segment(literal)))
        severity = "critical" if claim == "exp" else "high"
        number_refs = [RFC_NUMBERS, "RFC 7519 §2"]
        if outcome is tc.accepted:
            expected = tc.accepted(tc.required_of(tc.edit(CLAIMS, {claim: value})))
            rules = ["token.exp.strict", "token.jose.numbers"]
        else:
            expected = rejected(outcome)
            rules = ["token.exp.strict" if claim == "exp" else "token.iat.window", "token.jose.numbers"]
        if case == "exp-above-2-pow-53":
            # The SDK reads exp with `as? Double`, which fails for an integer no double holds exactly; what Apple's
            # JSONSerialization hands it cannot be run here (DECISIONS.md D14): a documented vector only.
            add(out, "numbers", f"{case}.documented",
                f"A validly signed token whose {what} (the documented reading; the SDK's `as? Double` cast is "
                f"unsettled here, so no ios-sdk vector)", severity, refs(*number_refs, D_NUMBERS), token, expected,
                ["token.exp.strict", "token.jose.numbers.exact.documented"], profiles=["documented"])
        elif case in tc.DOUBLE_READ:
            for profile, description, expected, rules, also in tc.number_readings(case, claim, value, what):
                add(out, "numbers", f"{case}.{profile}", f"A validly signed token whose {description}", severity,
                    refs(*number_refs, D_NUMBERS, "DECISIONS.md D62"), token, expected, rules, [profile], also)
        elif claim == "iat":
            add_pair(out, "numbers", case,
                     f"A validly signed token whose {what} (preferred); the documents leave the iat range to the "
                     f"client, so accepting it is lenient",
                     f"A validly signed token whose {what}: the SDK accepts iat no older than {IAT_WINDOW} seconds",
                     severity, refs(*number_refs, tc.OIDC_VALIDATION, tc.D_IAT),
                     refs(*number_refs, tc.D_IAT, SDK_TIMES), token, expected,
                     [tc.accepted(tc.required_of(tc.edit(CLAIMS, {claim: -(2 ** 64)})))], rules)
        else:
            add(out, "numbers", case, f"A validly signed token whose {what}", severity, refs(*number_refs), token,
                expected, rules)


# ---------------------------------------------------------------------------------------------------------------
# Key material: the two key sources (SPECIFICATION.md §8), extra entries, rotation, a 1024-bit key, size.

def key_vectors(out: list[dict[str, Any]]) -> None:
    token = signed(header=header_with(kid="test-key-2"), key="test-key-2")
    only_certs = key_material(jwks_names=("test-key-1",), certificate_names=("test-key-1", "test-key-2"))
    add(out, "key-source", "kid-only-in-certificates.documented",
        "test-key-2 signed the token and is in the certificate map but not in the JWKS: the documented reading "
        "reads the JWKS, so the kid names no key (unknownKeyID)", "critical", refs(B8), inp(token, keys=only_certs),
        rejected("unknownKeyID"), ["token.jose.key-source.documented"], profiles=["documented"])
    add(out, "key-source", "kid-only-in-certificates.ios-sdk",
        "test-key-2 signed the token and is in the certificate map but not in the JWKS: the SDK reads the "
        "certificate map, so the token is accepted", "high", refs(B8), inp(token, keys=only_certs), accepted(),
        ["token.jose.key-source.ios-sdk"], profiles=["ios-sdk"])
    only_jwks = key_material(jwks_names=("test-key-1", "test-key-2"), certificate_names=("test-key-1",))
    add(out, "key-source", "kid-only-in-jwks.documented",
        "test-key-2 signed the token and is in the JWKS but not in the certificate map: the documented reading "
        "reads the JWKS, so the token is accepted", "high", refs(B8), inp(token, keys=only_jwks), accepted(),
        ["token.jose.key-source.documented"], profiles=["documented"])
    add(out, "key-source", "kid-only-in-jwks.ios-sdk",
        "test-key-2 signed the token and is in the JWKS but not in the certificate map: the SDK reads the "
        "certificate map, so the kid names no key (unknownKeyID)", "critical", refs(B8), inp(token, keys=only_jwks),
        rejected("unknownKeyID"), ["token.jose.key-source.ios-sdk"], profiles=["ios-sdk"])
    ec_public = EC_KEY.public_key().public_numbers()
    extras = key_material(
        jwks_extra=[{"kid": "test-ec", "kty": "EC", "crv": "P-256", "x": int_b64(ec_public.x),
                     "y": int_b64(ec_public.y), "alg": "ES256", "use": "sig"},
                    {"kid": "test-oct", "kty": "oct", "k": b64url(b"not a key for RS256")}],
        certificates_extra={"comment": "not a certificate", "test-number": 42, "test-null": None})
    add(out, "key-source", "other-entries-ignored.documented",
        "The JWKS also holds an EC and an oct key (the certificate map also has a number and a null entry, which the "
        "documented reading does not read); the JWKS's other entries are ignored and the token signed by test-key-1 "
        "is accepted", "medium", refs(RFC_JWK, D_CERTIFICATES), inp(signed(), keys=extras), accepted(),
        ["token.jose.key-source.other-entries"], profiles=["documented"])
    add(out, "key-source", "other-entries-ignored.ios-sdk",
        "The certificate map has a number and a null entry beside the PEM certificates: the SDK casts the whole map "
        "to [String: String], the cast fails, so no kid names a key (unknownKeyID)", "critical",
        refs(D_CERTIFICATES, SDK_CERT_MAP), inp(signed(), keys=extras), rejected("unknownKeyID"),
        ["token.jose.key-source.string-map.ios-sdk"], profiles=["ios-sdk"])
    strings_only = key_material(
        jwks_extra=[{"kid": "test-oct", "kty": "oct", "k": b64url(b"not a key for RS256")}],
        certificates_extra={"comment": "not a certificate"})
    add(out, "key-source", "non-certificate-string-entry-ignored",
        "The JWKS also holds an oct key and the certificate map a string entry that is not a certificate; both are "
        "ignored and the token signed by test-key-1 is accepted", "medium", refs(RFC_JWK, D_CERTIFICATES),
        inp(signed(), keys=strings_only), accepted(), ["token.jose.key-source.other-entries"])
    for case, keys, what in (
        ("empty-key-sets", {"jwks": {"keys": []}, "certificates": {}}, "both key sets are empty"),
        ("rotation-old-set", key_material(jwks_names=("test-key-1", "test-key-2")),
         "test-key-3 signed the token and the key set (A: test-key-1, test-key-2) predates it"),
    ):
        tok = signed() if case == "empty-key-sets" else signed(header=header_with(kid="test-key-3"), key="test-key-3")
        add(out, "key-source", case, f"The token's kid names no key because {what}, so it is refused (unknownKeyID); a "
            f"validator refetches the key set, it never falls back to another key", "critical", refs(OIDC_KEY_ROTATION),
            inp(tok, keys=keys), rejected("unknownKeyID"), ["token.jose.key-by-kid"])
    set_b = key_material(jwks_names=("test-key-2", "test-key-3"))
    add(out, "key-source", "rotation-new-set",
        "test-key-3 signed the token and key set B (test-key-2, test-key-3) holds it, so the token is accepted",
        "high", refs(OIDC_KEY_ROTATION), inp(signed(header=header_with(kid="test-key-3"), key="test-key-3"), keys=set_b),
        accepted(), ["token.jose.key-by-kid", "token.jose.signature"])
    add(out, "key-source", "rotation-retired-key",
        "test-key-1 signed the token but key set B (test-key-2, test-key-3) no longer holds it, so it is refused "
        "(unknownKeyID)", "critical", refs(OIDC_KEY_ROTATION), inp(signed(), keys=set_b), rejected("unknownKeyID"),
        ["token.jose.key-by-kid"])
    # A published key without kid (RFC 7517 §4.5: kid is optional) never stands in for the kid the header names
    # (completeness blind round 1: a validator that let a kid-less key match any kid passed every vector). Under
    # ios-sdk the keys are the certificate map's, which holds test-key-1: accepted.
    kid_less = {k: v for k, v in jwk("test-key-1").items() if k != "kid"}
    for case, entries, what in (("kid-less-key-only", [kid_less], "holds only test-key-1's key, without a kid"),
                                ("kid-less-key-beside", [jwk("test-key-2"), kid_less],
                                 "holds test-key-2 and test-key-1's key without a kid")):
        keys = {"jwks": {"keys": entries}, "certificates": key_material()["certificates"]}
        add(out, "key-source", f"{case}.documented",
            f"test-key-1 signed the token (kid test-key-1) and the JWKS {what}: no published key has the kid, so it "
            f"is refused (unknownKeyID), with no fall-back to a key that names no kid", "critical",
            refs(RFC_JWK_KID, OIDC_KEY_ROTATION), inp(signed(), keys=keys), rejected("unknownKeyID"),
            ["token.jose.key-by-kid", "token.jose.key-source.documented"], profiles=["documented"])
        add(out, "key-source", f"{case}.ios-sdk",
            f"test-key-1 signed the token (kid test-key-1) and the JWKS {what}; the ios-sdk reading reads the "
            f"certificate map, whose test-key-1 certificate verifies it: accepted", "medium", refs(B8),
            inp(signed(), keys=keys), accepted(), ["token.jose.key-source.ios-sdk"], profiles=["ios-sdk"])
    # A 1024-bit key (RFC 7518 §3.3 asks for 2048 bits or more; the specification states no size, so no vector decides
    # whether a token signed by a published 1024-bit key is accepted).
    with_1024 = key_material(jwks_names=("test-key-1", "test-key-1024"))
    add(out, "key-size", "1024-bit-forger",
        "A token signed by a 1024-bit key under kid test-key-1 does not verify with test-key-1: signature invalid",
        "critical", refs(RFC_RS), inp(signed(key="test-key-1024")), rejected("signatureInvalid"),
        ["token.jose.signature"])
    add(out, "key-size", "1024-bit-key-unpublished",
        "A token signed by a 1024-bit key under its own kid test-key-1024, which is not published, is refused "
        "(unknownKeyID)", "critical", refs(RFC_RS),
        inp(signed(header=header_with(kid="test-key-1024"), key="test-key-1024")), rejected("unknownKeyID"),
        ["token.jose.key-by-kid"])
    add(out, "key-size", "1024-bit-key-beside",
        "A published 1024-bit key beside test-key-1 does not disturb a token signed by test-key-1: accepted",
        "medium", refs(RFC_RS), inp(signed(), keys=with_1024), accepted(), ["token.jose.key-by-kid"])
    # RFC 7518 §3.3: "A key of size 2048 bits or larger MUST be used with these algorithms": a validator that rules
    # the 1024-bit key out finds no usable key for the kid (unknownKeyID); either way the token is refused (D53).
    add(out, "key-size", "2048-signer-kid-1024",
        "A token signed by test-key-1 whose kid names the published 1024-bit key does not verify: signature invalid "
        "(preferred); a validator that rules out keys under 2048 bits (RFC 7518 §3.3) finds no key for the kid "
        "(unknownKeyID)",
        "critical", refs(RFC_RS, D_LIMITS), inp(signed(header=header_with(kid="test-key-1024")), keys=with_1024),
        rejected("signatureInvalid"), ["token.jose.signature", "token.jose.key-by-kid"],
        also_accepted=[rejected("unknownKeyID")])
    # Size and depth: no limit in the specification; RFC 8259 §9 lets parsers limit nesting, so the depth stays below the
    # limits common parsers have (Foundation 512, Python's recursion limit ~1000).
    big = {**CLAIMS, "x-padding": "A" * 65536}
    add(out, "size", "large-token",
        "A validly signed token with a 64 KiB unknown claim (a token of about 90 KB) is accepted: no size limit",
        "medium", refs(), inp(signed(claims=big)), accepted(), ["token.jose.size"])
    nested = text(CLAIMS)[:-1] + ',"x-nested":' + "[" * 128 + "]" * 128 + "}"
    # RFC 8259 §9 lets a parser limit nesting depth and text size: refusing as badJSON is also accepted (D18).
    add(out, "size", "nested-payload",
        "A validly signed token with an unknown claim nested 128 arrays deep is accepted (preferred); a parser that "
        "limits nesting depth (RFC 8259 §9) may refuse it as badJSON", "medium", refs(RFC_JSON_LIMITS, D_STRICT_JSON),
        inp(sign_text(segment(HEADER) + "." + segment(nested))), accepted(), ["token.jose.size"],
        also_accepted=[rejected("badJSON")])
    nested_header = text(HEADER)[:-1] + ',"x-nested":' + '{"a":' * 128 + "1" + "}" * 128 + "}"
    add(out, "size", "nested-header",
        "A validly signed token whose header has an unknown member nested 128 objects deep is accepted (other "
        "header members are ignored; preferred); a parser that limits nesting depth or the header's size (RFC 8259 "
        "§9) may refuse it as badJSON", "medium", refs(RFC_JSON_LIMITS, D_STRICT_JSON),
        inp(sign_text(segment(nested_header) + "." + segment(CLAIMS))), accepted(),
        ["token.jose.size", "token.header.other-members"], also_accepted=[rejected("badJSON")])


# ---------------------------------------------------------------------------------------------------------------
# RSA signature encoding (RFC 8017 §8.2.2, §9.2; DECISIONS.md D32), Wycheproof-style: encoded messages crafted
# byte by byte and signed with the TEST-ONLY private keys as raw RSA (s = EM^d mod n), and signature integers at the
# edges. Every one is a signature a careful RS256 verifier refuses (signatureInvalid); the claims are valid.

# DigestInfo prefixes, OIDs, DER and raw RSA: jose.py.

def _searched_claims(predicate: Callable[[bytes], bool], key: str) -> tuple[dict[str, Any], str, bytes]:
    """Valid claims with an unknown x-attempt claim, the first attempt whose RS256 signature meets `predicate`."""
    for attempt in range(100000):
        claims = {**CLAIMS, "x-attempt": attempt}
        head = signing_input(HEADER if key == "test-key-1" else header_with(kid=key), claims)
        signature = rsa_sign(key, head)
        if predicate(signature):
            return claims, head, signature
    raise AssertionError("no attempt met the predicate")


ENCODING_RULES = ["token.jose.signature", "token.jose.signature.encoding"]
RFC_PKCS1_VERIFY, RFC_PKCS1_ENCODE = "RFC 8017 §8.2.2", "RFC 8017 §9.2"
D_ENCODING = "DECISIONS.md D32"


def encoding_vectors(out: list[dict[str, Any]]) -> None:
    for key, suffix in (("test-key-1", ""), ("test-key-2", "-key-2")):
        header = HEADER if key == "test-key-1" else header_with(kid=key)
        head = signing_input(header)
        k = modulus_length(key)
        n = PRIVATE[key].public_key().public_numbers().n
        h = hashlib.sha256(head.encode("ascii")).digest()
        good_t = DIGEST_INFO_SHA256 + h
        assert digest_info(h) == good_t
        # The construction is RFC 8017's: the well-formed EM signs to exactly what `cryptography` produces.
        assert raw_rsa(key, encoded_message(k, good_t)) == rsa_sign(key, head)
        trailing = encoded_message(k, good_t, trailer=b"\x00\x00")
        garbage_parameters = next(t for t in (digest_info(h, parameters=der(0x04, bytes(size))) for size in range(k))
                                  if len(t) == k - 3 - 7)
        middle = k // 2
        padding_fe = bytearray(encoded_message(k, good_t))
        padding_fe[middle] = 0xFE
        padding_random = bytearray(encoded_message(k, good_t))
        for index in range(2, k - len(good_t) - 1):
            padding_random[index] = 1 + hashlib.sha256(bytes([index % 256, index // 256])).digest()[0] % 255
        messages = [
            # (case, EM, what, also accepted)
            ("digestinfo-sha1-oid", encoded_message(k, digest_info(h, OID_SHA1)),
             "the DigestInfo names SHA-1 (its OID) around the SHA-256 hash", None),
            ("digestinfo-sha512-oid", encoded_message(k, digest_info(h, OID_SHA512)),
             "the DigestInfo names SHA-512 around the SHA-256 hash", None),
            ("digestinfo-missing-null", encoded_message(k, digest_info(h, parameters=b"")),
             "the DigestInfo's AlgorithmIdentifier has no NULL parameters (RFC 8017 §9.2 note 1 writes the NULL; "
             "refusing is preferred, and RFC 4055 §2.1 lets a verifier read an absent parameter as NULL, so "
             "accepting it is lenient)", [accepted()]),
            ("digestinfo-extra-null", encoded_message(k, digest_info(h, parameters=ASN1_NULL + ASN1_NULL)),
             "the DigestInfo's AlgorithmIdentifier has two NULL parameters", None),
            ("digestinfo-outer-length-short", encoded_message(k, b"\x30\x30" + good_t[2:]),
             "the DigestInfo SEQUENCE's length is one byte short (0x30 for 49 bytes)", None),
            ("digestinfo-hash-length-short", encoded_message(k, good_t[:18] + b"\x1f" + h),
             "the hash OCTET STRING's length says 31 bytes but 32 follow", None),
            ("digestinfo-long-form-length", encoded_message(k, der(0x30, der(0x30, OID_SHA256 + ASN1_NULL)
                                                                   + der(0x04, h), long_form=True)),
             "the DigestInfo SEQUENCE's length is written in the long form (BER 0x81 0x31, not DER)", None),
            ("trailing-bytes-after-hash", trailing,
             "two zero bytes follow the hash (the padding two bytes shorter: Bleichenbacher's e = 3 forgery shape)",
             None),
            ("padding-too-short-garbage-parameters", encoded_message(k, garbage_parameters),
             "the padding is 7 bytes of 0xFF (RFC 8017: at least 8) and the DigestInfo's parameters are an OCTET "
             "STRING of zero bytes (BERserk's place for garbage)", None),
            ("padding-byte-not-ff", bytes(padding_fe), "one padding byte in the middle is 0xFE, not 0xFF", None),
            ("padding-random-non-zero", bytes(padding_random),
             "the padding bytes are non-zero but not 0xFF (the encryption padding's shape)", None),
            ("separator-ff", encoded_message(k, good_t, separator=b"\xff"),
             "the 0x00 separator after the padding is 0xFF (no separator)", None),
            ("separator-01", encoded_message(k, good_t, separator=b"\x01"),
             "the 0x00 separator after the padding is 0x01", None),
            ("block-type-02", encoded_message(k, good_t, block=b"\x00\x02"),
             "the block type is 02 (encryption), not 01", None),
            ("first-byte-01", encoded_message(k, good_t, block=b"\x01\x01"),
             "the encoded message's first byte is 0x01, not 0x00", None),
        ]
        for case, em, what, lenient in messages:
            assert len(em) == k and em != encoded_message(k, good_t), case
            token = head + "." + b64url(raw_rsa(key, em))
            add(out, "signature-encoding", case + suffix,
                f"A token with valid claims whose signature by {key} (kid {key}) decrypts to an encoded message where "
                f"{what}: not EMSA-PKCS1-v1_5 with SHA-256, so the signature is invalid", "critical",
                refs(RFC_PKCS1_VERIFY, RFC_PKCS1_ENCODE, D_ENCODING, *(["RFC 4055 §2.1"] if lenient else [])),
                inp(token), rejected("signatureInvalid"), ENCODING_RULES, also_accepted=lenient)
        # Signature lengths and integers (RFC 8017 §8.2.2 step 1: exactly k bytes; §5.2.2: 0 <= s < n).
        claims, short_head, short_signature = _searched_claims(lambda s: s[0] == 0, key)
        _, above_head, above_signature = _searched_claims(lambda s: int.from_bytes(s, "big") + n < 256 ** k, key)
        good_signature = rsa_sign(key, head)
        integers = [
            ("signature-left-padding-dropped", short_head + "." + b64url(short_signature[1:]),
             f"its valid signature starts with a zero byte and is sent without it ({k - 1} bytes: a verifier that "
             f"left-pads short signatures accepts it)", claims),
            ("signature-extra-leading-zero", head + "." + b64url(b"\x00" + good_signature),
             f"its valid signature is sent with an extra leading zero byte ({k + 1} bytes, longer than the modulus)",
             CLAIMS),
            ("signature-two-extra-leading-zeros", head + "." + b64url(b"\x00\x00" + good_signature),
             f"its valid signature is sent with two extra leading zero bytes ({k + 2} bytes)", CLAIMS),
            ("signature-n-minus-1", head + "." + b64url((n - 1).to_bytes(k, "big")),
             "the signature is the integer n - 1 (its e-th power is n - 1 again)", CLAIMS),
            ("signature-n", head + "." + b64url(n.to_bytes(k, "big")), "the signature is the modulus n itself",
             CLAIMS),
            ("signature-plus-n", above_head + "." + b64url((int.from_bytes(above_signature, "big") + n).to_bytes(k, "big")),
             "the signature is a valid signature plus n (s >= n, the same value mod n, still k bytes)", CLAIMS),
        ]
        for case, token, what, _ in integers:
            add(out, "signature-encoding", case + suffix,
                f"A token with valid claims signed by {key} (kid {key}) where {what}: a signature must be exactly k "
                f"bytes with 0 <= s < n (RFC 8017 §8.2.2 step 1, §5.2.2), so the signature is invalid", "critical",
                refs(RFC_PKCS1_VERIFY, "RFC 8017 §5.2.2", D_ENCODING), inp(token), rejected("signatureInvalid"),
                ENCODING_RULES)


# ---------------------------------------------------------------------------------------------------------------
# Key usability (DECISIONS.md D33-D35): JWK members that rule a key out, a kid published twice, and under ios-sdk
# certificate-map entries that are a bare public key or a certificate outside its validity dates.

RFC_JWK_USE, RFC_JWK_OPS, RFC_JWK_ALG, RFC_JWK_KID = "RFC 7517 §4.2", "RFC 7517 §4.3", "RFC 7517 §4.4", "RFC 7517 §4.5"
OIDC_SIGNING_KEYS = "OpenID Connect Core 1.0 §10.1"
D_JWK_MEMBERS, D_DUPLICATE_KID, D_CERTIFICATE_FORMS = "DECISIONS.md D33", "DECISIONS.md D34", "DECISIONS.md D35"
SDK_PUBLIC_KEY = f"sdk:{SDK_FACTORY}#L136-L160"
SDK_CERTIFICATE_TEXT = f"sdk:{SDK_FACTORY}#L184-L194"


def key_usability_vectors(out: list[dict[str, Any]]) -> None:
    from datetime import datetime, timezone
    for key, suffix in (("test-key-1", ""), ("test-key-2", "-key-2")):
        token = signed(header=header_with(kid=key), key=key)
        other = "test-key-2" if key == "test-key-1" else "test-key-1"

        def jwks_with(**members: Any) -> dict[str, Any]:
            entry = {k: v for k, v in {**jwk(key), **members}.items() if v is not MISSING}
            return {"jwks": {"keys": [entry, jwk(other)]}, "certificates": key_material()["certificates"]}

        for case, keys, what, why in (
            ("use-enc", jwks_with(use="enc"), "its use is enc (an encryption key)",
             "the key is declared for encryption (RFC 7517 §4.2) and OpenID Connect Core §10.1 requires the key "
             "that verifies to support signing"),
            ("alg-rs384", jwks_with(alg="RS384"), "its alg is RS384",
             "the key is declared for RS384 only (RFC 7517 §4.4) and each key is used with exactly one algorithm, "
             "checked when verifying (RFC 8725 §3.1)"),
            ("alg-none", jwks_with(alg="none"), "its alg is none", "the key is declared for no RS256 use (RFC 7517 §4.4, RFC 8725 §3.1)"),
            ("key-ops-encrypt", jwks_with(key_ops=["encrypt", "wrapKey"]), "its key_ops are encrypt and wrapKey",
             "key_ops without verify rule out verifying (RFC 7517 §4.3, OpenID Connect Core §10.1)"),
            ("key-ops-empty", jwks_with(key_ops=[]), "its key_ops is an empty array",
             "an empty key_ops allows no operation (RFC 7517 §4.3)"),
        ):
            add(out, "key-usability", f"{case}{suffix}.documented",
                f"A token signed by {key} whose JWK (kid {key}) is published but {what}: {why}, so the key is not "
                f"usable and the kid names no usable key (unknownKeyID)", "high",
                refs(RFC_JWK_USE, RFC_JWK_OPS, RFC_JWK_ALG, RFC_ALG_VERIFICATION, OIDC_SIGNING_KEYS, D_JWK_MEMBERS),
                inp(token, keys=keys), rejected("unknownKeyID"), ["token.jose.key-usability.documented"],
                profiles=["documented"])
        for case, keys, what in (
            ("no-use-no-alg", jwks_with(use=MISSING, alg=MISSING), "has neither use nor alg (both optional)"),
            ("key-ops-verify", jwks_with(use=MISSING, key_ops=["verify"]), "has key_ops [verify] and no use"),
            ("use-sig-key-ops-verify", jwks_with(key_ops=["verify"]), "has use sig and key_ops [verify]"),
            # RFC 7517 §4.3 allows sign with verify; a check of key_ops[0] alone refuses it (blind round 1).
            ("key-ops-sign-verify", jwks_with(use=MISSING, key_ops=["sign", "verify"]),
             "has key_ops [sign, verify] (verify second) and no use"),
        ):
            add(out, "key-usability", f"{case}{suffix}.documented",
                f"A token signed by {key} whose JWK (kid {key}) {what}: the key is usable for RS256, so the token is "
                f"accepted", "medium", refs(RFC_JWK_USE, RFC_JWK_OPS, RFC_JWK_ALG, D_JWK_MEMBERS),
                inp(token, keys=keys), accepted(), ["token.jose.key-usability.documented"], profiles=["documented"])
    # The same kid twice in the JWKS (RFC 7517 §4.5: SHOULD be distinct).
    for other, suffix in (("test-key-2", ""), ("test-key-3", "-key-3")):
        signer_entry, other_entry = jwk("test-key-1"), jwk(other, kid="test-key-1")
        for case, entries, position in (("signer-first", [signer_entry, other_entry], "first"),
                                        ("signer-second", [other_entry, signer_entry], "second")):
            keys = {"jwks": {"keys": entries}, "certificates": key_material()["certificates"]}
            add(out, "duplicate-kid", f"{case}{suffix}.documented",
                f"The JWKS publishes two keys under kid test-key-1 (test-key-1 {position}, {other} the other) and "
                f"test-key-1 signed the token: the kid names no one key, so it is refused (unknownKeyID, preferred); "
                f"trying each key the kid names is lenient (RFC 7517 §4.5 allows equivalent alternatives); picking "
                f"one by position is neither", "high", refs(RFC_JWK_KID, D_DUPLICATE_KID), inp(signed(), keys=keys),
                rejected("unknownKeyID"), ["token.jose.key-by-kid.duplicate.documented"], profiles=["documented"],
                also_accepted=[accepted()])
    # ios-sdk: the certificate map's entry for the kid is not a usable certificate, or one outside its dates.
    for key, suffix in (("test-key-1", ""), ("test-key-2", "-key-2")):
        token = signed(header=header_with(kid=key), key=key)
        jwks = {"keys": [jwk("test-key-1"), jwk("test-key-2")]}
        forms = [
            ("public-key-pem", public_pem(key), "a bare public key PEM (-----BEGIN PUBLIC KEY-----), not a "
             "certificate", "unknownKeyID"),
            ("expired-certificate", dated_certificate(key, datetime(2001, 1, 1, tzinfo=timezone.utc),
                                                      datetime(2002, 1, 1, tzinfo=timezone.utc)),
             "a certificate of the key that expired in 2002", None),
            ("not-yet-valid-certificate", dated_certificate(key, datetime(2090, 1, 1, tzinfo=timezone.utc),
                                                            datetime(2091, 1, 1, tzinfo=timezone.utc)),
             "a certificate of the key valid only from 2090", None),
        ]
        for case, pem, what, reason in forms:
            certificates = {**key_material()["certificates"], key: pem}
            keys = {"jwks": jwks, "certificates": certificates}
            if reason:
                sdk_what = ("the SDK strips only the CERTIFICATE markers and base64-decodes the rest, which fails on "
                            "the PUBLIC KEY markers, so no key is made: the kid names no usable key (unknownKeyID)")
                sdk_expected, sdk_rules = rejected(reason), ["token.jose.key-source.certificate-only.ios-sdk"]
                sdk_refs = refs(D_CERTIFICATE_FORMS, SDK_CERTIFICATE_TEXT)
            else:
                add(out, "certificate-form", f"{case}{suffix}",
                    f"A token signed by {key} whose certificate-map entry (kid {key}) is {what}: the SDK makes a "
                    f"trust object and copies its key without evaluating it, so the dates are never checked; the "
                    f"documented reading reads the JWKS, which holds the key: accepted in both readings", "high",
                    refs(B8, D_CERTIFICATE_FORMS, SDK_PUBLIC_KEY), inp(token, keys=keys), accepted(),
                    ["token.jose.key-source.certificate-dates"])
                continue
            add(out, "certificate-form", f"{case}{suffix}.ios-sdk",
                f"A token signed by {key} whose certificate-map entry (kid {key}) is {what}: {sdk_what}", "high",
                sdk_refs, inp(token, keys=keys), sdk_expected, sdk_rules, profiles=["ios-sdk"])
            add(out, "certificate-form", f"{case}{suffix}.documented",
                f"A token signed by {key} whose certificate-map entry (kid {key}) is {what}, while the JWKS holds "
                f"the key: the documented reading reads the JWKS only, so the token is accepted", "medium",
                refs(B8, D_CERTIFICATE_FORMS), inp(token, keys=keys), accepted(),
                ["token.jose.key-source.documented"], profiles=["documented"])


# ---------------------------------------------------------------------------------------------------------------
# Header and JSON edge cases (DECISIONS.md D36-D38): typ as a full media type, crit that is empty or not an array,
# raw control characters, a duplicate member nested in an object, lone surrogate escapes.

D_TYP_MEDIA, D_CRIT_FORMS, D_JSON_STRINGS = "DECISIONS.md D36", "DECISIONS.md D37", "DECISIONS.md D38"
RFC_TYP = "RFC 7515 §4.1.9"
RFC_JSON_STRINGS, RFC_IJSON = "RFC 8259 §7", "RFC 7493 §2.1"


def header_json_vectors(out: list[dict[str, Any]]) -> None:
    for case, value in (("media-type", "application/JWT"), ("media-type-lower-case", "application/jwt")):
        add_pair(out, "typ", case,
                 f"A validly signed token whose typ is {value}: RFC 7515 §4.1.9 makes it the same media type as JWT "
                 f"(the application/ prefix may be written, media types compare case-insensitively), yet the "
                 f"documented reading prefers typ exactly JWT (headerType); accepting it is lenient",
                 f"A validly signed token whose typ is {value}: the SDK compares typ with the string JWT exactly, so it "
                 f"is refused (headerType)", "medium", refs(RFC_TYP, tc.D_TYP, D_TYP_MEDIA),
                 refs(RFC_TYP, tc.D_TYP, D_TYP_MEDIA, tc.SDK_HEADER_TYP), inp(signed(header=header_with(typ=value))),
                 rejected("headerType"), [accepted()], ["token.header.typ"])
    for case, crit, what, lenient in (
        ("empty", [], "an empty crit array (RFC 7515 §4.1.11: producers MUST NOT use [])", [accepted()]),
        ("string", "urn:example:unknown", "crit as a string, not an array", None),
        ("object", {"urn:example:unknown": True}, "crit as an object, not an array", None),
    ):
        token = signed(header={**HEADER, "crit": crit})
        add(out, "crit", f"{case}.documented",
            f"A validly signed token whose header has {what}: not a crit a JOSE validator can honour, so the "
            f"documented reading refuses it (headerCritical)" + ("; nothing is named critical, so accepting it is "
                                                                 "lenient" if lenient else ""), "medium",
            refs(RFC_CRIT, D_CRIT, D_CRIT_FORMS), inp(token), rejected("headerCritical"),
            ["token.jose.crit.documented"], profiles=["documented"], also_accepted=lenient)
        add(out, "crit", f"{case}.ios-sdk",
            f"A validly signed token whose header has {what}: the SDK ignores header members other than alg, typ and "
            f"kid, so the ios-sdk reading accepts it", "medium", refs(RFC_CRIT, D_CRIT_FORMS, SDK_HEADER_MEMBERS),
            inp(token), accepted(), ["token.jose.crit.ios-sdk"], profiles=["ios-sdk"])
    compact_claims, compact_header = text(CLAIMS), text(HEADER)
    for case, part, raw, what in (
        ("payload-raw-tab", "payload", compact_claims.replace(f'"sub":"{CLAIMS["sub"]}"', f'"sub":"{CLAIMS["sub"]}\t"'),
         "the payload's sub holds a raw TAB (U+0009) where JSON requires \\t"),
        ("payload-raw-nul", "payload", compact_claims[:-1] + ',"x-note":"a\u0000b"}',
         "an unknown claim's string holds a raw U+0000"),
        ("header-raw-line-feed", "header", compact_header[:-1] + ',"x-note":"a\nb"}',
         "an unknown header member's string holds a raw LF (U+000A)"),
        ("payload-raw-unit-separator", "payload", compact_claims[:-1] + ',"x-note":"a\u001fb"}',
         "an unknown claim's string holds a raw U+001F"),
    ):
        assert any(ord(c) < 0x20 for c in raw), case
        header, claims = (raw, CLAIMS) if part == "header" else (HEADER, raw)
        add(out, "json", f"{case}.documented",
            f"A token signed by test-key-1 where {what}: RFC 8259 §7 requires control characters in strings to be "
            f"escaped, so it is not JSON and refused (badJSON) (the documented reading; the SDK's reading depends on "
            f"Apple's JSONSerialization, so no ios-sdk vector)", "medium",
            refs(RFC_JSON_STRINGS, RFC_JWT_VALIDATION, D_STRICT_JSON, D_JSON_STRINGS),
            inp(signed(header=header, claims=claims)), rejected("badJSON"), ["token.json.control-characters.documented"],
            profiles=["documented"])
    # A duplicate member nested in the header (an unknown member) and in the payload's cnf (D03, RFC 8259 §4).
    head_json = compact_header[:-1]
    nested_header = head_json + ',"x-ext":{"a":1,"a":2}}'
    add(out, "duplicate-member", "nested-header-member",
        "A token signed by test-key-1 whose header has an unknown member that is an object with a twice: refused as "
        "badJSON (preferred), or read as RFC 7515 allows (the member is ignored, so accepted)", "medium",
        refs(RFC_JWS_VALIDATION, "RFC 7515 §4", RFC_JSON_NAMES, D_DUPLICATES, D_JSON_STRINGS),
        inp(signed(header=nested_header)), rejected("badJSON"), ["token.jose.json.duplicate-members"],
        also_accepted=[accepted()])
    cnf_last_empty = compact_claims[:-1] + f',"cnf":{{"jkt":"{tc.JKT}","jkt":""}}}}'
    add(out, "duplicate-member", "nested-cnf-jkt-empty-last",
        "A token signed by test-key-1 whose optional cnf object has jkt twice (a thumbprint, then the empty string): "
        "refused as badJSON (preferred), or read last-wins as RFC 7515 allows (an empty jkt drops cnf); never "
        "first-wins (which keeps the thumbprint)", "high",
        refs(RFC_JWS_VALIDATION, "RFC 7515 §4", "RFC 7519 §4", RFC_JSON_NAMES, D_DUPLICATES, D_JSON_STRINGS),
        inp(signed(claims=cnf_last_empty)), rejected("badJSON"),
        ["token.jose.json.duplicate-members", "token.optional.kept"], also_accepted=[accepted()])
    # Lone surrogate escapes: RFC 8259 §8.2 leaves them to the receiver, I-JSON (RFC 7493 §2.1) forbids them.
    for case, part, raw, what in (
        ("payload-lone-high-surrogate", "payload", compact_claims[:-1] + ',"x-note":"a\\ud800b"}',
         "an unknown claim holds the escape \\ud800 (a high surrogate with no low one)"),
        ("payload-lone-low-surrogate", "payload", compact_claims[:-1] + ',"x-note":"\\udc00"}',
         "an unknown claim holds the escape \\udc00 (a low surrogate alone)"),
        ("header-reversed-surrogates", "header", head_json + ',"x-note":"\\udc00\\ud800"}',
         "an unknown header member holds the escapes \\udc00\\ud800 (a pair in the wrong order)"),
    ):
        header, claims = (raw, CLAIMS) if part == "header" else (HEADER, raw)
        add(out, "json", case,
            f"A token signed by test-key-1 where {what}: not a Unicode string (RFC 8259 §8.2; I-JSON forbids it), so "
            f"refused as badJSON (preferred); RFC 8259 leaves such strings to the receiver and the member is ignored, "
            f"so accepting is lenient", "medium", refs(RFC_JSON, RFC_IJSON, D_STRICT_JSON, D_JSON_STRINGS),
            inp(signed(header=header, claims=claims)), rejected("badJSON"), ["token.jose.json"],
            also_accepted=[accepted()])


# ---------------------------------------------------------------------------------------------------------------
# The token-claims matrix as signed tokens (DECISIONS.md D39): every token-claims vector whose header is the valid
# header, with its claims text signed as it stands by test-key-1, so a server validator meets every claims rule.

MATRIX_HEADER = text(HEADER)
# token-claims groups about the header: signed-token has its own header vectors (typ, kid, alg, crit, json).
MATRIX_SKIPPED_GROUPS = ("header-typ", "header-alg", "header-kid", "header-extra", "malformed-header")


def matrix_outcome(outcome: dict[str, Any]) -> dict[str, Any]:
    """A token-claims outcome in signed-token terms: a claims text that is not a JSON object is badJSON."""
    if outcome.get("result") == "rejected" and outcome.get("reason") == "malformed":
        return {"result": "rejected", "reason": "badJSON"}
    return outcome


def claims_matrix_vectors(out: list[dict[str, Any]], claims_vectors: list[dict[str, Any]]) -> None:
    """Adds the matrix; a token-claims case whose signed token an earlier signed-token vector already holds (same
    input) is that vector, not a second one."""
    seen = {json.dumps(v["input"], sort_keys=True) for v in out}
    for v in claims_vectors:
        _, group, case = v["id"].split("::", 2)
        if group in MATRIX_SKIPPED_GROUPS or v["input"]["header"] != MATRIX_HEADER:
            continue
        claims_text = v["input"]["claims"]
        token = sign_text(segment(MATRIX_HEADER) + "." + segment(claims_text.encode("utf-8", "surrogatepass")))
        profiles = v.get("profiles")
        if profiles:
            case = case.removesuffix("." + profiles[0])
        also = [matrix_outcome(o) for o in v.get("alsoAccepted", [])] or None
        input_ = inp(token, nonce=v["input"]["expectedNonce"], app_id=v["input"]["appID"], now=v["input"]["now"])
        if json.dumps(input_, sort_keys=True) in seen:
            continue
        add(out, f"claims-{group}", case + (f".{profiles[0]}" if profiles else ""),
            f"Signed by test-key-1 with a valid header: {v['description']}", v["severity"],
            refs(*[r for r in v["refs"] if r != B4], D_MATRIX), input_, matrix_outcome(v["expected"]), v["rules"], profiles, also)


D_MATRIX = "DECISIONS.md D39"


# Fault pairs (vectorgen/fault_pairs.py, DECISIONS.md D59). A draft is the token's parts before it is made: the header
# and the claims (a dict, or a JSON text), whether the payload segment gets one base64 character too many, whether the
# signature's last byte is flipped, whether a fourth segment follows. `_made` signs it with test-key-1.
FAULT_BASE = {"header": HEADER, "claims": CLAIMS, "payload-extra": False, "flip": False, "fourth": False}


def _made(draft: dict[str, Any]) -> dict[str, Any]:
    payload = segment(draft["claims"])
    if draft["payload-extra"]:
        payload += _to_4n_plus_1(payload)
    head = segment(draft["header"]) + "." + payload
    signature = rsa_sign("test-key-1", head)
    token = head + "." + b64url(flip_last_byte(signature) if draft["flip"] else signature)
    return inp(token + ("." + b64url(signature) if draft["fourth"] else ""))


_member = tc.member_fault  # a fault's change of one header or claims member


def _flag(name: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    return lambda draft: {**draft, name: True}


_CLAIM_FAULTS = ("iss-other", "aud-number", "aud-other", "exp-now", "iat-old", "nonce-other", "sub-missing",
                 "sub-empty")
_DEPENDENCIES = "token.check-order.dependencies"
_BOTH_ORDERS = (
    # The token is split first; a part is decoded before it is read; the header names the key the signature needs.
    Precedes(("four-segments",), ("payload-undecodable", "header-array", "alg-hs256", "typ-jws", "kid-empty",
                                  "crit-unknown", "kid-unknown", "signature-flipped", *_CLAIM_FAULTS), _DEPENDENCIES),
    Precedes(("payload-undecodable",), _CLAIM_FAULTS, _DEPENDENCIES),
    Precedes(("header-array",), ("signature-flipped",), _DEPENDENCIES),
    Precedes(("kid-empty", "kid-unknown"), ("signature-flipped",), _DEPENDENCIES),
)
FAULT_PAIRS = FaultPairs(
    family=FAMILY,
    base=FAULT_BASE,
    render=_made,
    faults=(
        Fault("four-segments", "a fourth segment", rejected("malformed"), _flag("fourth"), ("token.jose.structure",)),
        Fault("payload-undecodable", "a payload segment of 4n+1 characters", rejected("badBase64url"),
              _flag("payload-extra"), ("token.jose.base64url.undecodable",)),
        Fault("header-array", "a header that is a JSON array", rejected("badJSON"),
              lambda draft: {**draft, "header": "[" + text(HEADER) + "]"}, ("token.jose.json",)),
        Fault("alg-hs256", "alg HS256", rejected("headerAlgorithm"), _member("header", "alg", "HS256"),
              ("token.header.alg",)),
        Fault("typ-jws", "typ JWS", rejected("headerType"), _member("header", "typ", "JWS"), ("token.header.typ",),
              lenient=("documented",)),
        Fault("kid-empty", "an empty kid", rejected("headerKeyID"), _member("header", "kid", ""),
              ("token.header.kid",)),
        Fault("crit-unknown", "crit naming an extension no validator understands", rejected("headerCritical"),
              lambda draft: _member("header", "x-unknown", True)(_member("header", "crit", ["x-unknown"])(draft)),
              ("token.jose.crit.documented",), harmless={"ios-sdk": "token.jose.crit.ios-sdk"}),
        Fault("kid-unknown", "kid test-key-9, which no key has", rejected("unknownKeyID"),
              _member("header", "kid", "test-key-9"), ("token.jose.key-by-kid",)),
        Fault("signature-flipped", "a signature with its last bit flipped", rejected("signatureInvalid"),
              _flag("flip"), ("token.jose.signature",)),
        Fault("iss-other", "iss https://accounts.google.com", rejected("issuer"),
              _member("claims", "iss", "https://accounts.google.com"),
              {p: tuple(tc.ISSUER_RULES[p]) for p in READINGS}),
        Fault("aud-number", "aud as a number", rejected("wrongClaimType", "aud"), _member("claims", "aud", 1234567890),
              ("token.claim.type",)),
        Fault("aud-other", "aud of another app", rejected("audience"), _member("claims", "aud", "9876543210"),
              ("token.aud",)),
        Fault("exp-now", "exp equal to now", rejected("expired"), _member("claims", "exp", NOW), ("token.exp.strict",)),
        Fault("iat-old", "iat 601 seconds before now", rejected("issuedTooLongAgo"),
              _member("claims", "iat", NOW - 601),
              ("token.iat.window",), lenient=("documented",)),
        Fault("nonce-other", "another nonce", rejected("nonceMismatch"), _member("claims", "nonce", "n-other"),
              ("token.nonce",)),
        Fault("sub-missing", "no sub", rejected("missingClaim", "sub"), _member("claims", "sub", MISSING),
              ("token.claim.required",)),
        Fault("sub-empty", "an empty sub", rejected("emptyClaim", "sub"), _member("claims", "sub", ""),
              ("token.claim.non-empty",)),
    ),
    orders={
        "documented": (*_BOTH_ORDERS,
                       # The validation page verifies the signature with the algorithm the header names.
                       Precedes(("alg-hs256",), ("signature-flipped",), "token.check-order.algorithm.documented")),
        "ios-sdk": _BOTH_ORDERS,
    },
    unordered_rule="token.check-order.unordered",
    refs=(B4, B8, RFC_JWS_VALIDATION, RFC_JWT_VALIDATION, "DECISIONS.md D59"),
    skipped=lambda draft: accepted(draft["claims"]),
    notes={"documented": "what a check needs comes first, and the signature is verified with the header's alg (the "
                         "validation page); nothing else is ordered (the validation page checks the signature before "
                         "the claims, OpenID Connect Core §3.1.3.7 iss and aud before the signature)",
           "ios-sdk": "what a check needs comes first; the SDK answers every refusal as nil, so nothing else is "
                      "observable"},
)


def _decoded_parts(i: dict[str, Any]) -> tuple[str, str]:
    """The header and payload texts of an input's token (its first two segments, base64url-decoded)."""
    header, payload = i["token"].split(".")[:2]
    return b64url_decode_lenient(header).decode("utf-8"), b64url_decode_lenient(payload).decode("utf-8")


# Perturbations (vectorgen/perturbation.py): the token-claims fields (the claims nonce and aud, the header's alg) in a
# token signed by test-key-1, so the perturbed value is what decides.
PERTURBATIONS = tc.perturbed_fields(
    FAMILY, lambda draft: inp(signed(header=draft["header"], claims=draft["claims"]), nonce=draft["nonce"],
                              now=draft.get("now", NOW)),
    _decoded_parts, texts=(("header", "token"), ("claims", "token")), published=("test-key-1",))


def _jwk_member_reading(member: str, value: Any) -> tc.Reading:
    """A perturbed member of the signing key's JWK: documented reads the JWKS, where the kid must equal the header's
    exactly and a key whose kty is not exactly RSA is no RSA key (ignored; RFC 7517 §4.1, §4.5: case-sensitive), so
    test-key-1 names no key; ios-sdk reads the certificate map, which still holds the key."""
    def reading(i: dict[str, Any], profile: str) -> tuple[Any, ...]:
        if not is_documented(profile):
            return accepted(), ["token.jose.key-source.ios-sdk"]
        if i["keys"]["jwks"]["keys"][0][member] == value:
            return accepted(), ["token.jose.key-source.documented"]
        rules = ["token.jose.key-by-kid"] + (["token.jose.key-source.other-entries"] if member == "kty" else [])
        return rejected("unknownKeyID"), rules + ["token.jose.key-source.documented"]
    return reading


def _jwk_member(member: str) -> PerturbedField:
    base = inp(signed())
    value = base["keys"]["jwks"]["keys"][0][member]

    def put(draft: dict[str, Any], perturbed: Any) -> dict[str, Any]:
        keys = [dict(draft["keys"]["jwks"]["keys"][0], **{member: perturbed}), *draft["keys"]["jwks"]["keys"][1:]]
        return {**draft, "keys": {**draft["keys"], "jwks": {**draft["keys"]["jwks"], "keys": keys}}}
    # The test keys' IDs and RSA are ASCII without fi: NFD and NFKC cannot change them.
    ascii_rule = "token.jose.key-by-kid" if member == "kid" else "token.jose.key-source.other-entries"
    return PerturbedField(FAMILY, f"jwk{member.capitalize()}", base, _jwk_member_reading(member, value),
                          (B4, B8, "RFC 7517 §4.1", "RFC 7517 §4.5", "DECISIONS.md D60"), severity="critical",
                          irrelevant={"ligature": ascii_rule, "decomposed": ascii_rule},
                          covers=f"keys.jwks.keys[].{member}", get=lambda draft: draft["keys"]["jwks"]["keys"][0][member],
                          put=put)


PERTURBATIONS += (_jwk_member("kid"), _jwk_member("kty"))
UNPERTURBED = {"appID": tc.UNPERTURBED["appID"]}


def vectors() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    valid_vectors(out)
    signature_vectors(out)
    encoding_vectors(out)
    structure_vectors(out)
    alg_vectors(out)
    header_vectors(out)
    base64_vectors(out)
    json_vectors(out)
    claim_vectors(out)
    key_vectors(out)
    key_usability_vectors(out)
    header_json_vectors(out)
    claims_matrix_vectors(out, tc.vectors())
    return out


# ---------------------------------------------------------------------------------------------------------------
# The signature oracle for the Swift mutation model (signed_token_oracle.py).

def fixtures(vectors_: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Extra files the generator writes beside the vector file: {path relative to the repository: document}."""
    return {ORACLE_PATH: oracle(vectors_)}


# JSON grammar (vectorgen/grammar.py): the decoded header and payload, each a variant of the baseline's, the token
# signed by test-key-1 over the variant's bytes; refused as badJSON where token-claims says malformed.
def _segment_site(name: str, part: str, base: Mapping[str, Any]) -> GrammarSite:
    def make(text: Text) -> dict[str, Any]:
        data = text.encode("utf-8") if isinstance(text, str) else text
        head = segment(data) + "." + segment(CLAIMS) if name == "header" else segment(HEADER) + "." + segment(data)
        return inp(sign_text(head))
    return GrammarSite(FAMILY, name, part, base, make, tc.grammar_reading("badJSON", "token.jose.json"),
                       (B4, RFC_JWS_VALIDATION, "RFC 8259", D_STRICT_JSON, "DECISIONS.md D61"))


GRAMMAR_SITES = (_segment_site("header", "header", HEADER), _segment_site("payload", "claims", CLAIMS))


# ---------------------------------------------------------------------------------------------------------------
# The key catalogue (vectorgen/key_catalogue.py, DECISIONS.md D63): forms of the signing key's JWK (the documented
# reading reads the JWKS: RFC 7517 §4 members, RFC 7518 §6.3 n and e as Base64urlUInt, §2: base64url without padding
# and in the fewest octets) and of its certificate-map entry (the SDK's AuthenticationTokenFactory.getCertificateWith
# removes the BEGIN and END CERTIFICATE lines and every LF, then decodes with Data(base64Encoded:), which refuses any
# other character; SecCertificateCreateWithData neither checks the certificate's signature nor its dates, D35).
R_JWK_FORMS = "token.jose.jwk-forms.documented"
R_PEM_FORMS = "token.jose.certificate-pem.ios-sdk"
KEY_REFS = (B4, B8, RFC_JWK, f"sdk:{SDK_FACTORY}#L162-L194", D_CERTIFICATE_FORMS, "DECISIONS.md D63")


def _jwk_with(**members: Any) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """A change of the JWK: members set (None removes one)."""
    def change(entry: dict[str, Any]) -> dict[str, Any]:
        out = {**entry, **{k: v for k, v in members.items() if v is not None}}
        return {k: v for k, v in out.items() if members.get(k, 0) is not None}
    return change


def _leading_zero(member: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    def change(entry: dict[str, Any]) -> dict[str, Any]:
        value = int.from_bytes(base64.urlsafe_b64decode(entry[member] + "=" * (-len(entry[member]) % 4)), "big")
        return {**entry, member: b64url(b"\x00" + value.to_bytes((value.bit_length() + 7) // 8, "big"))}
    return change


def _pem_lines(transform: Callable[[list[str]], str]) -> Callable[[str], str]:
    """A change of the certificate's PEM text, line by line."""
    def change(pem: str) -> str:
        return transform(pem.splitlines())
    return change


def _bad_certificate_signature(pem: str) -> str:
    """The certificate with the last byte of its signature flipped: it still parses, its issuer's signature fails."""
    der = x509.load_pem_x509_certificate(pem.encode()).public_bytes(serialization.Encoding.DER)
    der = der[:-1] + bytes([der[-1] ^ 0x01])
    body = base64.b64encode(der).decode("ascii")
    return "-----BEGIN CERTIFICATE-----\n" + "\n".join(body[i:i + 64] for i in range(0, len(body), 64)) + \
        "\n-----END CERTIFICATE-----\n"


KEY_CASES = (
    # The JWK (documented reading).
    KeyCase("extra-member", "jwk", "usable", "a member it does not define (x-note)", "RFC 7517 §4",
            _jwk_with(**{"x-note": "ignored"})),
    KeyCase("alg-empty", "jwk", "should-ignore", 'alg "" (no algorithm)', "RFC 7517 §5", _jwk_with(alg="")),
    KeyCase("use-empty", "jwk", "should-ignore", 'use "" (no use)', "RFC 7517 §5", _jwk_with(use="")),
    KeyCase("kty-ec", "jwk", "unusable", "kty EC (with the RSA n and e)", "RFC 7517 §4.1", _jwk_with(kty="EC")),
    KeyCase("n-missing", "jwk", "unusable", "no n", "RFC 7518 §6.3.1", _jwk_with(n=None)),
    KeyCase("e-missing", "jwk", "unusable", "no e", "RFC 7518 §6.3.1", _jwk_with(e=None)),
    KeyCase("n-a-number", "jwk", "unusable", "n as a JSON number, not a Base64urlUInt string", "RFC 7518 §6.3.1.1",
            lambda entry: {**entry, "n": 12345}),
    KeyCase("kty-missing", "jwk", "should-ignore", "no kty (a required member)", "RFC 7517 §5", _jwk_with(kty=None)),
    KeyCase("n-leading-zero-octet", "jwk", "should-ignore", "n with a leading zero octet (not the fewest octets)",
            "RFC 7518 §6.3.1.1", _leading_zero("n")),
    KeyCase("e-leading-zero-octet", "jwk", "should-ignore", "e as AAEAAQ (65537 with a leading zero octet)",
            "RFC 7518 §6.3.1.2", _leading_zero("e")),
    KeyCase("n-padded", "jwk", "should-ignore", "n with = padding", "RFC 7515 §2",
            lambda entry: {**entry, "n": entry["n"] + "=" * (-len(entry["n"]) % 4 or 4)}),
    KeyCase("n-standard-alphabet", "jwk", "should-ignore", "n in the + / alphabet", "RFC 7515 §2",
            lambda entry: {**entry, "n": entry["n"].replace("-", "+").replace("_", "/")}),
    KeyCase("key-ops-repeated", "jwk", "should-ignore", 'key_ops ["verify", "verify"] (a value twice)', "RFC 7517 §4.3",
            _jwk_with(key_ops=["verify", "verify"])),
    # The certificate-map entry (the SDK's reading).
    KeyCase("base64-on-one-line", "certificate", "usable", "its base64 on one line", "RFC 7468 §2",
            _pem_lines(lambda lines: "\n".join([lines[0], "".join(lines[1:-1]), lines[-1]]) + "\n")),
    KeyCase("lines-of-76", "certificate", "usable", "its base64 in lines of 76 characters", "RFC 7468 §2",
            _pem_lines(lambda lines: "\n".join([lines[0], *(lambda body: [body[i:i + 76] for i in
                                                                           range(0, len(body), 76)])(
                "".join(lines[1:-1])), lines[-1]]) + "\n")),
    KeyCase("no-final-line-feed", "certificate", "usable", "no line feed after the END line", "RFC 7468 §2",
            lambda pem: pem.rstrip("\n")),
    KeyCase("no-markers", "certificate", "usable", "its base64 alone, without the BEGIN and END lines",
            "RFC 7468 §2", _pem_lines(lambda lines: "".join(lines[1:-1]))),
    KeyCase("issuer-signature-invalid", "certificate", "usable",
            "its own signature broken (the last signature byte flipped)", "RFC 5280 §4.1.1.3",
            _bad_certificate_signature),
    KeyCase("crlf-line-endings", "certificate", "unusable", "CR LF line endings", "RFC 7468 §2",
            lambda pem: pem.replace("\n", "\r\n")),
    KeyCase("indented-lines", "certificate", "unusable", "every base64 line indented by two spaces", "RFC 7468 §2",
            _pem_lines(lambda lines: "\n".join([lines[0], *("  " + line for line in lines[1:-1]), lines[-1]]) + "\n")),
    # The key itself, in both key sources.
    KeyCase("modulus-of-3071-bits", "both", "usable", "a 3071-bit modulus (k = 384 octets, RFC 8017 §8.2.2)",
            "RFC 8017 §8.2.2", signer="test-key-3071"),
    KeyCase("public-exponent-3", "both", "usable", "the public exponent 3", "RFC 7518 §6.3.1.2", signer="test-key-e3"),
)


def key_case_input(case: KeyCase) -> dict[str, Any]:
    keys = key_material(jwks_names=(case.signer, "test-key-2"))
    if case.site == "jwk":
        keys["jwks"]["keys"][0] = case.change(keys["jwks"]["keys"][0])
    elif case.site == "certificate":
        keys["certificates"][case.signer] = case.change(keys["certificates"][case.signer])
    return inp(signed(header=header_with(kid=case.signer), key=case.signer), keys=keys)


def key_case_outcome(case: KeyCase, profile: str) -> tuple[Any, ...]:
    if case.site == "both":  # the key itself: an RSA key like any other in either source
        return accepted(), ["token.jose.key-by-kid", "token.jose.signature"]
    reads = key_catalogue.READS[case.site]
    if reads != profile:
        return accepted(), [f"token.jose.key-source.{profile}"]
    rule = R_JWK_FORMS if is_documented(profile) else R_PEM_FORMS
    if case.verdict == "usable":
        return accepted(), ["token.jose.key-by-kid", rule]
    also = [accepted()] if case.verdict == "should-ignore" else None
    return rejected("unknownKeyID"), ["token.jose.key-by-kid", rule], also

