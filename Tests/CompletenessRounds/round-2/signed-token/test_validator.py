"""Tests for validator.py: tokens built here with keys generated here (no suite vectors).

Run: /work/main/.venv/bin/python -m unittest test_validator -v   (from this folder)
"""
import base64
import datetime
import hashlib
import json
import os
import subprocess
import sys
import unicodedata
import unittest
from decimal import Decimal

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from cryptography.x509.oid import NameOID

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import validator as V  # noqa: E402

D, S = V.D, V.S
NOW = 1_700_000_000
APP = "1234567890"
NONCE = "n0nce-\u00e9"  # holds a precomposed letter


def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def bint(i):
    return b64(i.to_bytes((i.bit_length() + 7) // 8, "big"))


KEY1 = rsa.generate_private_key(public_exponent=65537, key_size=2048)
KEY2 = rsa.generate_private_key(public_exponent=65537, key_size=2048)
KEY3 = rsa.generate_private_key(public_exponent=65537, key_size=2048)


def jwk(key, kid, **extra):
    nums = key.public_key().public_numbers()
    out = {"kty": "RSA", "kid": kid, "n": bint(nums.n), "e": bint(nums.e)}
    out.update(extra)
    return out


def cert(key, cn="k", days_from=-10, days_to=365):
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn)])
    base = datetime.datetime.fromtimestamp(NOW, datetime.timezone.utc)
    c = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
         .serial_number(x509.random_serial_number())
         .not_valid_before(base + datetime.timedelta(days=days_from))
         .not_valid_after(base + datetime.timedelta(days=days_to))
         .sign(key, hashes.SHA256()))
    return c.public_bytes(serialization.Encoding.PEM).decode()


PEM1, PEM2, PEM3 = cert(KEY1, "k1"), cert(KEY2, "k2"), cert(KEY3, "k3")
PEM1_EXPIRED = cert(KEY1, "k1", days_from=-400, days_to=-30)
PUB1 = KEY1.public_key().public_bytes(serialization.Encoding.PEM,
                                      serialization.PublicFormat.SubjectPublicKeyInfo).decode()


def keys(jwks=None, certs=None):
    return {"jwks": {"keys": [jwk(KEY1, "k1"), jwk(KEY2, "k2")]} if jwks is None else jwks,
            "certificates": {"k1": PEM1, "k2": PEM2} if certs is None else certs}


DEL = object()


def header(**over):
    h = {"alg": "RS256", "typ": "JWT", "kid": "k1"}
    for k, v in over.items():
        if v is DEL:
            h.pop(k, None)
        else:
            h[k] = v
    return h


def claims(**over):
    c = {"jti": "jti-1", "iss": "https://www.facebook.com", "aud": APP, "exp": NOW + 3600, "iat": NOW - 10,
         "nonce": NONCE, "sub": "10001"}
    for k, v in over.items():
        if v is DEL:
            c.pop(k, None)
        else:
            c[k] = v
    return c


def enc(obj):
    return json.dumps(obj, separators=(",", ":")).encode("utf-8")


def sign(message, key=KEY1, hash_alg=None, pad=None):
    return key.sign(message, pad or padding.PKCS1v15(), hash_alg or hashes.SHA256())


def token(h=None, c=None, raw_h=None, raw_c=None, seg_h=None, seg_p=None, key=KEY1, sig=None, hash_alg=None,
          pad=None):
    seg_h = seg_h if seg_h is not None else b64(raw_h if raw_h is not None else enc(h if h is not None else header()))
    seg_p = seg_p if seg_p is not None else b64(raw_c if raw_c is not None else enc(c if c is not None else claims()))
    signing_input = (seg_h + "." + seg_p).encode("ascii")
    if sig is None:
        sig = b64(sign(signing_input, key, hash_alg, pad))
    return seg_h + "." + seg_p + "." + sig


def inp(tok=None, nonce=NONCE, app=APP, now=NOW, k=None):
    return {"token": token() if tok is None else tok, "expectedNonce": nonce, "appID": app, "now": now,
            "keys": keys() if k is None else k}


def run(profile, i, bug=None):
    return V.Validator(profile, bug).validate(i)


def outcome_label(o):
    if o["result"] == "accepted":
        return "accepted"
    return o["reason"] + (":" + o["claim"] if "claim" in o else "")


# ---------------------------------------------------------------- token shapes used by several cases

def header_with_len_mod(mod):
    """A header whose segment length % 4 == mod (mod 0 or 2/3)."""
    for i in range(12):
        h = header(x="a" * i)
        if len(b64(enc(h))) % 4 == mod:
            return h
    raise AssertionError


def padded_header_token():
    h = header_with_len_mod(2)
    seg_h = b64(enc(h)) + "=="
    return token(seg_h=seg_h)


def dash_payload():
    """Claims whose segment holds '-' or '_'."""
    for i in range(6):
        c = claims(name="?" * i + "???>>>~~~")
        seg = b64(enc(c))
        if "-" in seg and "_" in seg:
            return c
    raise AssertionError


def dash_header():
    """A header whose segment holds '-' and '_' (through its kid)."""
    for i in range(6):
        h = header(kid="k" * i + "???>>>~~~")
        seg = b64(enc(h))
        if "-" in seg and "_" in seg:
            return h
    raise AssertionError


def nonzero_trailing_bits_token():
    h = header_with_len_mod(2)
    seg = b64(enc(h))
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    last = alphabet.index(seg[-1])
    seg = seg[:-1] + alphabet[last | 1]
    return token(seg_h=seg)


def raw_sign_em(em, key=KEY1):
    priv = key.private_numbers()
    n = priv.public_numbers.n
    return pow(int.from_bytes(em, "big"), priv.d, n).to_bytes(256, "big")


def forged_padding_token():
    seg_h, seg_p = b64(enc(header())), b64(enc(claims()))
    msg = (seg_h + "." + seg_p).encode()
    t = V.DIGESTINFO["sha256"] + hashlib.sha256(msg).digest()
    em = b"\x00\x01" + b"\xfe" * (256 - len(t) - 3) + b"\x00" + t
    return seg_h + "." + seg_p + "." + b64(raw_sign_em(em))


def s_plus_n_token():
    n = KEY1.public_key().public_numbers().n
    for i in range(200):
        c = claims(jti="jti-%d" % i)
        seg_h, seg_p = b64(enc(header())), b64(enc(c))
        s = int.from_bytes(sign((seg_h + "." + seg_p).encode()), "big")
        if s + n < 1 << 2048:
            return seg_h + "." + seg_p + "." + b64((s + n).to_bytes(256, "big"))
    raise AssertionError


def leading_zero_sig_token():
    seg_h, seg_p = b64(enc(header())), b64(enc(claims()))
    return seg_h + "." + seg_p + "." + b64(b"\x00" + sign((seg_h + "." + seg_p).encode()))


def with_raw_payload(raw):
    return token(raw_c=raw)


BASE_RAW_CLAIMS = enc(claims())


def raw_claims_plus(fragment):
    """The base claims text with `fragment` inserted as extra members (raw JSON text)."""
    return BASE_RAW_CLAIMS[:-1] + b"," + fragment + b"}"


def nested(depth):
    v = "leaf"
    for _ in range(depth):
        v = {"n": v}
    return v


NFD_NONCE = unicodedata.normalize("NFD", NONCE)
ACCEPTED = "accepted"

# Each case: (bug, input factory, base outcome label, bug outcome label). The base label is checked for the bug's
# profile (so these double as base tests); the bug must give the other label.
CASES = [
    ("structure-maxsplit", lambda: inp(token() + ".x"), "malformed", "signatureInvalid"),
    ("token-trimmed", lambda: inp(" " + token() + "\n"), "badBase64url", ACCEPTED),
    ("structure-skip-empty-segments", lambda: inp(token() + "."), "malformed", ACCEPTED),
    ("b64-padding-accepted", lambda: inp(padded_header_token()), "badBase64url", ACCEPTED),
    ("b64-std-alphabet-header", lambda: inp(token(h=dash_header()), k=keys(jwks={"keys": [jwk(KEY1, dash_header()["kid"])]})),
     ACCEPTED, "badBase64url"),
    ("b64-both-alphabets", lambda: inp(token(seg_p=b64(enc(dash_payload())).replace("-", "+").replace("_", "/"))),
     "badBase64url", ACCEPTED),
    ("b64-whitespace-removed", lambda: inp(token(seg_p=b64(enc(claims()))[:20] + "\n" + b64(enc(claims()))[20:])),
     "badBase64url", ACCEPTED),
    ("b64-trailing-bits", lambda: inp(nonzero_trailing_bits_token()), "badBase64url", ACCEPTED),
    ("sdk-b64-4n1-truncate", lambda: inp(token(seg_h=b64(enc(header_with_len_mod(0))) + "A")), "badBase64url",
     ACCEPTED),
    ("sdk-b64-rejects-padding", lambda: inp(padded_header_token()), ACCEPTED, "badBase64url"),
    ("sdk-b64-rejects-junk", lambda: inp(token(seg_p=b64(enc(claims()))[:20] + " \n" + b64(enc(claims()))[20:])),
     ACCEPTED, "badBase64url"),
    ("sig-b64-as-signature-invalid", lambda: inp(token() + "*"), "badBase64url", "signatureInvalid"),
    ("order-header-before-payload", lambda: inp(token(h=header(alg="HS256"), seg_p="!!!!")), "badBase64url",
     "headerAlgorithm"),
    ("json-trailing-comma", lambda: inp(token(raw_h=b'{"alg":"RS256","typ":"JWT","kid":"k1",}')), "badJSON",
     ACCEPTED),
    ("json-dup-first-wins", lambda: inp(with_raw_payload(b'{"nonce":"zz",' + BASE_RAW_CLAIMS[1:])), "badJSON",
     "nonceMismatch"),
    ("json-control-chars", lambda: inp(with_raw_payload(raw_claims_plus(b'"name":"a\x01b"'))), "badJSON", ACCEPTED),
    ("json-nan-infinity", lambda: inp(with_raw_payload(raw_claims_plus(b'"x":NaN'))), "badJSON", ACCEPTED),
    ("json-comments", lambda: inp(token(raw_h=b'{"alg":"RS256",/* c */"typ":"JWT","kid":"k1"}')), "badJSON",
     ACCEPTED),
    ("json-lenient-numbers", lambda: inp(with_raw_payload(raw_claims_plus(b'"x":01,"y":+2,"z":.5'))), "badJSON",
     ACCEPTED),
    ("json-non-object-as-empty", lambda: inp(token(raw_h=b"[]")), "badJSON", "headerAlgorithm"),
    ("json-utf8-replace", lambda: inp(with_raw_payload(raw_claims_plus(b'"name":"\xff"'))), "badJSON", ACCEPTED),
    ("json-trailing-data", lambda: inp(token(raw_h=enc(header()) + b" x")), "badJSON", ACCEPTED),
    ("json-numbers-as-double", lambda: inp(token(c=claims(exp=2 ** 53 + 1))), ACCEPTED, ACCEPTED),
    ("json-depth-limit", lambda: inp(token(c=claims(extra=nested(12)))), ACCEPTED, "badJSON"),
    ("token-size-limit", lambda: inp(token(c=claims(extra="a" * 5000))), ACCEPTED, "malformed"),
    ("alg-case-insensitive", lambda: inp(token(h=header(alg="rs256"))), "headerAlgorithm", ACCEPTED),
    ("alg-none-accepted", lambda: inp(token(h=header(alg="none"), sig="")), "headerAlgorithm", ACCEPTED),
    ("alg-any-rsa-sha", lambda: inp(token(h=header(alg="RS512"), hash_alg=hashes.SHA512())), "headerAlgorithm",
     ACCEPTED),
    ("typ-case-insensitive", lambda: inp(token(h=header(typ="jwt"))), "headerType", ACCEPTED),
    ("typ-optional-sdk", lambda: inp(token(h=header(typ=DEL))), "headerType", ACCEPTED),
    ("kid-coerce-str", lambda: inp(token(h=header(kid=123))), "headerKeyID", "unknownKeyID"),
    ("kid-missing-single-key", lambda: inp(token(h=header(kid=DEL)), k=keys(certs={"k1": PEM1})), "headerKeyID",
     ACCEPTED),
    ("kid-empty-unchecked", lambda: inp(token(h=header(kid=""))), "headerKeyID", "unknownKeyID"),
    ("crit-ignored", lambda: inp(token(h=header(crit=["exp"], exp=1))), "headerCritical", ACCEPTED),
    ("crit-refused-sdk", lambda: inp(token(h=header(crit=["exp"], exp=1))), ACCEPTED, "headerCritical"),
    ("header-jwk-trusted", lambda: inp(token(h=header(jwk=jwk(KEY3, "k1")), key=KEY3)), "signatureInvalid", ACCEPTED),
    ("kid-fallback-first-key", lambda: inp(token(h=header(kid="nope"))), "unknownKeyID", ACCEPTED),
    ("kid-case-insensitive", lambda: inp(token(h=header(kid="K1"))), "unknownKeyID", ACCEPTED),
    ("kid-strip", lambda: inp(token(h=header(kid="k1 "))), "unknownKeyID", ACCEPTED),
    ("kid-try-all-keys", lambda: inp(token(key=KEY2)), "signatureInvalid", ACCEPTED),
    ("key-source-both", lambda: inp(k=keys(jwks={"keys": [jwk(KEY2, "k2")]})), "unknownKeyID", ACCEPTED),
    ("key-source-jwks-fallback-sdk", lambda: inp(k=keys(certs={"k2": PEM2})), "unknownKeyID", ACCEPTED),
    ("key-usability-ignored", lambda: inp(k=keys(jwks={"keys": [jwk(KEY1, "k1", use="enc")]})), "unknownKeyID",
     ACCEPTED),
    ("key-ops-first-only", lambda: inp(k=keys(jwks={"keys": [jwk(KEY1, "k1", key_ops=["sign", "verify"])]})),
     ACCEPTED, "unknownKeyID"),
    ("jwks-dup-kid-first", lambda: inp(k=keys(jwks={"keys": [jwk(KEY1, "k1"), jwk(KEY2, "k1")]})), "unknownKeyID",
     ACCEPTED),
    ("jwks-non-rsa-breaks-set", lambda: inp(k=keys(jwks={"keys": [
        {"kty": "EC", "kid": "e1", "crv": "P-256", "x": "AA", "y": "AA"}, jwk(KEY1, "k1")]})), ACCEPTED,
     "unknownKeyID"),
    ("certmap-nonstring-skip", lambda: inp(k=keys(certs={"k1": PEM1, "x": 5})), "unknownKeyID", ACCEPTED),
    ("certmap-bare-pubkey", lambda: inp(k=keys(certs={"k1": PUB1})), "unknownKeyID", ACCEPTED),
    ("cert-dates-checked", lambda: inp(k=keys(certs={"k1": PEM1_EXPIRED})), ACCEPTED, "unknownKeyID"),
    ("order-signature-before-header", lambda: inp(token(h=header(alg="RS384"), hash_alg=hashes.SHA384())),
     "headerAlgorithm", "signatureInvalid"),
    ("sig-pkcs1-suffix-only", lambda: inp(forged_padding_token()), "signatureInvalid", ACCEPTED),
    ("sig-pss-fallback", lambda: inp(token(pad=padding.PSS(mgf=padding.MGF1(hashes.SHA256()), salt_length=32))),
     "signatureInvalid", ACCEPTED),
    ("sig-length-unchecked", lambda: inp(leading_zero_sig_token()), "signatureInvalid", ACCEPTED),
    ("sig-no-modulus-check", lambda: inp(s_plus_n_token()), "signatureInvalid", ACCEPTED),
    ("sig-hash-from-digestinfo", lambda: inp(token(hash_alg=hashes.SHA512())), "signatureInvalid", ACCEPTED),
    ("sig-over-reencoded-segments", lambda: inp(padded_header_token()), ACCEPTED, "signatureInvalid"),
    ("sig-empty-skipped", lambda: inp(token(sig="")), "signatureInvalid", ACCEPTED),
    ("iss-prefix", lambda: inp(token(c=claims(iss="https://www.facebook.com.evil.com"))), "issuer", ACCEPTED),
    ("iss-trailing-slash", lambda: inp(token(c=claims(iss="https://www.facebook.com/"))), "issuer", ACCEPTED),
    ("iss-sdk-suffix-no-dot", lambda: inp(token(c=claims(iss="https://evilfacebook.com"))), "issuer", ACCEPTED),
    ("iss-sdk-urlparse-lowercase", lambda: inp(token(c=claims(iss="https://WWW.FACEBOOK.COM"))), "issuer", ACCEPTED),
    ("iss-sdk-host-regex", lambda: inp(token(c=claims(iss="https://evil.com#.facebook.com"))), "issuer", ACCEPTED),
    ("iss-sdk-bare-host", lambda: inp(token(c=claims(iss="www.facebook.com"))), "issuer", ACCEPTED),
    ("iss-documented-uses-sdk-rule", lambda: inp(token(c=claims(iss="https://m.facebook.com"))), "issuer", ACCEPTED),
    ("aud-array-contains", lambda: inp(token(c=claims(aud=[APP]))), "wrongClaimType:aud", ACCEPTED),
    ("aud-trimmed", lambda: inp(token(c=claims(aud=APP + " "))), "audience", ACCEPTED),
    ("aud-nfc-documented", lambda: inp(token(c=claims(aud="app-e\u0301")), app="app-\u00e9"), "audience", ACCEPTED),
    ("aud-exact-sdk", lambda: inp(token(c=claims(aud="app-e\u0301")), app="app-\u00e9"), ACCEPTED, "audience"),
    ("aud-int-coerce", lambda: inp(token(c=claims(aud=int(APP)))), "wrongClaimType:aud", ACCEPTED),
    ("exp-inclusive", lambda: inp(token(c=claims(exp=NOW))), "expired", ACCEPTED),
    ("exp-int-truncate", lambda: inp(token(c=claims(exp=NOW + 0.5))), ACCEPTED, "expired"),
    ("exp-int64-wrap", lambda: inp(token(c=claims(exp=2 ** 64 + 5))), ACCEPTED, "expired"),
    ("exp-integer-only", lambda: inp(token(c=claims(exp=float(NOW + 3600)))), ACCEPTED, "wrongClaimType:exp"),
    ("exp-numeric-string", lambda: inp(token(c=claims(exp=str(NOW + 3600)))), "wrongClaimType:exp", ACCEPTED),
    ("bool-as-number", lambda: inp(token(c=claims(exp=True))), "wrongClaimType:exp", "expired"),
    ("iat-window-strict", lambda: inp(token(c=claims(iat=NOW - 600))), ACCEPTED, "issuedTooLongAgo"),
    ("iat-unchecked", lambda: inp(token(c=claims(iat=NOW - 601))), "issuedTooLongAgo", ACCEPTED),
    ("iat-future-refused", lambda: inp(token(c=claims(iat=NOW + 3000))), ACCEPTED, "issuedTooLongAgo"),
    ("exp-leeway", lambda: inp(token(c=claims(exp=NOW - 10))), "expired", ACCEPTED),
    ("nonce-trimmed", lambda: inp(token(c=claims(nonce=NONCE + " "))), "nonceMismatch", ACCEPTED),
    ("nonce-casefold", lambda: inp(token(c=claims(nonce=NONCE.upper()))), "nonceMismatch", ACCEPTED),
    ("nonce-nfc-documented", lambda: inp(token(c=claims(nonce=NFD_NONCE))), "nonceMismatch", ACCEPTED),
    ("nonce-nfkc", lambda: inp(token(c=claims(nonce="\ufb01x")), nonce="fix"), "nonceMismatch", ACCEPTED),
    ("nonce-empty-as-missing", lambda: inp(token(c=claims(nonce=""))), "emptyClaim:nonce", "missingClaim:nonce"),
    ("sub-whitespace-empty", lambda: inp(token(c=claims(sub=" "))), ACCEPTED, "emptyClaim:sub"),
    ("jti-optional-sdk", lambda: inp(token(c=claims(jti=DEL))), "missingClaim:jti", ACCEPTED),
    ("jti-empty-ok", lambda: inp(token(c=claims(jti=""))), "emptyClaim:jti", ACCEPTED),
    ("sub-null-as-missing", lambda: inp(token(c=claims(sub=None))), "wrongClaimType:sub", "missingClaim:sub"),
    ("optional-wrong-type-rejects", lambda: inp(token(c=claims(email=5))), ACCEPTED, "badJSON"),
    ("optional-no-type-check", lambda: inp(token(c=claims(email=5))), ACCEPTED, ACCEPTED),
    ("friends-first-element", lambda: inp(token(c=claims(user_friends=["a", 1]))), ACCEPTED, ACCEPTED),
    ("age-range-empty-kept", lambda: inp(token(c=claims(user_age_range={}))), ACCEPTED, ACCEPTED),
    ("place-partial-drop", lambda: inp(token(c=claims(user_hometown={"id": "1", "name": 5}))), ACCEPTED, ACCEPTED),
    ("cnf-empty-jkt", lambda: inp(token(c=claims(cnf={"jkt": ""}))), ACCEPTED, ACCEPTED),
    ("unknown-claims-kept", lambda: inp(token(c=claims(foo=1))), ACCEPTED, ACCEPTED),
    ("optional-falsy-dropped", lambda: inp(token(c=claims(email="", user_friends=[]))), ACCEPTED, ACCEPTED),
]


class BaseTests(unittest.TestCase):
    def assertOutcome(self, profile, i, label, claims_expected=None):
        o = run(profile, i)
        self.assertEqual(outcome_label(o), label, o)
        if claims_expected is not None:
            self.assertEqual(json.loads(V.dump(o["claims"])), claims_expected)
        return o

    def test_happy_path_both_profiles(self):
        for p in (D, S):
            o = self.assertOutcome(p, inp(), ACCEPTED)
            self.assertEqual(json.loads(V.dump(o["claims"])), claims())

    def test_limited_issuer_and_optional_claims(self):
        c = claims(iss="https://limited.facebook.com", name="", email="a@b.c", user_friends=[],
                   user_age_range={"min": 21}, user_hometown={"id": "108", "name": "Hanoi"},
                   user_location={"id": "1", "name": "X"}, cnf={"jkt": "abc", "other": 1}, picture="p",
                   user_birthday="01/01/2000", user_gender="f", user_link="l", given_name="g", middle_name="m",
                   family_name="f", unknown_claim="ignored")
        want = dict(c)
        want.pop("unknown_claim")
        want["cnf"] = {"jkt": "abc"}
        for p in (D, S):
            self.assertOutcome(p, inp(token(c=c)), ACCEPTED, want)

    def test_wrong_type_optionals_dropped(self):
        c = claims(name=5, user_friends=["a", 1], user_age_range={}, user_hometown={"id": 1},
                   user_location={}, cnf={"jkt": ""}, email=None)
        for p in (D, S):
            self.assertOutcome(p, inp(token(c=c)), ACCEPTED, claims())
        self.assertOutcome(S, inp(token(c=claims(user_age_range={"min": True}))), ACCEPTED, claims())
        self.assertOutcome(S, inp(token(c=claims(user_age_range={"min": "21"}))), ACCEPTED, claims())

    def test_structure(self):
        t = token()
        for p in (D, S):
            for bad in ("", "abc", t.rsplit(".", 1)[0], t + ".x.y", "a.b.c.d"):
                self.assertOutcome(p, inp(bad), "malformed")

    def test_base64(self):
        self.assertOutcome(D, inp(token(seg_h="A" * 5)), "badBase64url")
        self.assertOutcome(S, inp(token(seg_h=b64(enc(header_with_len_mod(0))) + "A")), "badBase64url")
        self.assertOutcome(D, inp(token(c=dash_payload())), ACCEPTED)
        self.assertOutcome(S, inp(token(c=dash_payload())), ACCEPTED)
        # SDK leniency: '+' and '/', whitespace, non-canonical bits
        std = b64(enc(dash_payload())).replace("-", "+").replace("_", "/")
        self.assertOutcome(S, inp(token(seg_p=std)), ACCEPTED)
        self.assertOutcome(S, inp(nonzero_trailing_bits_token()), ACCEPTED)
        self.assertOutcome(D, inp(token(seg_p=std)), "badBase64url")

    def test_json(self):
        for p in (D, S):
            self.assertOutcome(p, inp(token(raw_h=b"[]")), "badJSON")
            self.assertOutcome(p, inp(token(raw_c=b"not json")), "badJSON")
            self.assertOutcome(p, inp(with_raw_payload(raw_claims_plus(b'"x":1,"x":2'))), "badJSON")
            self.assertOutcome(p, inp(with_raw_payload(raw_claims_plus(b'"o":{"a":1,"a":1}'))), "badJSON")
            self.assertOutcome(p, inp(with_raw_payload(raw_claims_plus(b'"name":"\\ud800"'))), "badJSON")
            self.assertOutcome(p, inp(token(raw_h=b' \n' + enc(header()) + b'\t ')), ACCEPTED)
            self.assertOutcome(p, inp(token(c=claims(extra=nested(60)))), ACCEPTED)
        self.assertOutcome(D, inp(with_raw_payload(raw_claims_plus(b'"x":1e400'))), ACCEPTED)

    def test_numbers_exact(self):
        for raw in (b"9007199254740993", b"1e20", b"1.7000036E9", b"18446744073709551621", b"1700003600.25"):
            tok = with_raw_payload(BASE_RAW_CLAIMS.replace(b'"exp":%d' % (NOW + 3600), b'"exp":' + raw))
            o = self.assertOutcome(D, inp(tok), ACCEPTED)
            self.assertEqual(V.dump(o["claims"]["exp"]), raw.decode())
        tok = with_raw_payload(BASE_RAW_CLAIMS.replace(b'"exp":%d' % (NOW + 3600), b'"exp":1.7e9'))
        self.assertOutcome(D, inp(tok), "expired")
        self.assertOutcome(D, inp(token(c=claims(exp=NOW + 0.001))), ACCEPTED)
        self.assertOutcome(D, inp(token(c=claims(exp=NOW)), now=Decimal("1700000000.0")), "expired")
        self.assertOutcome(D, inp(token(c=claims(iat=NOW - 600.5))), "issuedTooLongAgo")

    def test_header(self):
        for p in (D, S):
            self.assertOutcome(p, inp(token(h=header(alg=DEL))), "headerAlgorithm")
            self.assertOutcome(p, inp(token(h=header(alg="HS256"))), "headerAlgorithm")
            self.assertOutcome(p, inp(token(h=header(typ="JOSE"))), "headerType")
            self.assertOutcome(p, inp(token(h=header(kid=DEL))), "headerKeyID")
            self.assertOutcome(p, inp(token(h=header(kid=None))), "headerKeyID")
            self.assertOutcome(p, inp(token(h=header(x5t="abc", jku="https://evil", jwk=jwk(KEY3, "k1")))), ACCEPTED)
            self.assertOutcome(p, inp(token(h=header(kid="k3"))), "unknownKeyID")

    def test_key_sources(self):
        only_jwks = keys(certs={})
        only_certs = keys(jwks={"keys": []})
        self.assertOutcome(D, inp(k=only_jwks), ACCEPTED)
        self.assertOutcome(D, inp(k=only_certs), "unknownKeyID")
        self.assertOutcome(S, inp(k=only_certs), ACCEPTED)
        self.assertOutcome(S, inp(k=only_jwks), "unknownKeyID")
        for extra in ({"use": "sig"}, {"key_ops": ["verify"]}, {"alg": "RS256"}):
            self.assertOutcome(D, inp(k=keys(jwks={"keys": [jwk(KEY1, "k1", **extra)]})), ACCEPTED)
        for extra in ({"key_ops": ["sign"]}, {"alg": "RS512"}, {"use": "enc"}):
            self.assertOutcome(D, inp(k=keys(jwks={"keys": [jwk(KEY1, "k1", **extra)]})), "unknownKeyID")
        self.assertOutcome(S, inp(k=keys(certs={"k1": PEM1, "other": "not a certificate"})), ACCEPTED)
        self.assertOutcome(S, inp(k=keys(certs={"k1": PEM1_EXPIRED})), ACCEPTED)
        ec_key = ec.generate_private_key(ec.SECP256R1())
        self.assertOutcome(S, inp(k=keys(certs={"k1": cert(ec_key, "k1")})), "unknownKeyID")

    def test_signature(self):
        for p in (D, S):
            t = token()
            h, pl, sg = t.split(".")
            self.assertOutcome(p, inp(h + "." + b64(enc(claims(sub="10002"))) + "." + sg), "signatureInvalid")
            self.assertOutcome(p, inp(token(key=KEY2)), "signatureInvalid")
            self.assertOutcome(p, inp(token(hash_alg=hashes.SHA1())), "signatureInvalid")
            self.assertOutcome(p, inp(forged_padding_token()), "signatureInvalid")
            self.assertOutcome(p, inp(s_plus_n_token()), "signatureInvalid")
            self.assertOutcome(p, inp(h + "." + pl + "." + b64(b64decode_sig(sg)[:-1])), "signatureInvalid")

    def test_claims(self):
        for p in (D, S):
            for name in ("iss", "aud", "exp", "iat", "nonce", "sub"):
                self.assertOutcome(p, inp(token(c=claims(**{name: DEL}))), "missingClaim:" + name)
                self.assertOutcome(p, inp(token(c=claims(**{name: None}))), "wrongClaimType:" + name)
            for name in ("iss", "aud", "nonce", "sub"):
                self.assertOutcome(p, inp(token(c=claims(**{name: 5}))), "wrongClaimType:" + name)
            for name in ("exp", "iat"):
                self.assertOutcome(p, inp(token(c=claims(**{name: "1"}))), "wrongClaimType:" + name)
                self.assertOutcome(p, inp(token(c=claims(**{name: False}))), "wrongClaimType:" + name)
            self.assertOutcome(p, inp(token(c=claims(sub=""))), "emptyClaim:sub")
            self.assertOutcome(p, inp(token(c=claims(nonce=""))), "emptyClaim:nonce")
            self.assertOutcome(p, inp(token(c=claims(aud="123456789"))), "audience")
            self.assertOutcome(p, inp(token(c=claims(nonce="other"))), "nonceMismatch")
            self.assertOutcome(p, inp(token(c=claims(exp=NOW))), "expired")
            self.assertOutcome(p, inp(token(c=claims(iat=NOW - 600))), ACCEPTED)
            self.assertOutcome(p, inp(token(c=claims(iat=NOW - 601))), "issuedTooLongAgo")
            self.assertOutcome(p, inp(token(c=claims(iss="https://evil.com"))), "issuer")
        self.assertOutcome(S, inp(token(c=claims(jti=DEL))), "missingClaim:jti")
        self.assertOutcome(S, inp(token(c=claims(jti=7))), "wrongClaimType:jti")
        self.assertOutcome(D, inp(token(c=claims(jti=DEL))), ACCEPTED)
        self.assertOutcome(S, inp(token(c=claims(nonce=NFD_NONCE))), ACCEPTED)
        self.assertOutcome(D, inp(token(c=claims(nonce=NFD_NONCE))), "nonceMismatch")
        self.assertOutcome(S, inp(token(c=claims(iat=NOW + 10 ** 6))), ACCEPTED)

    def test_sdk_issuer(self):
        ok = ["https://www.facebook.com", "https://limited.facebook.com", "https://facebook.com",
              "https://user@www.facebook.com", "https://www.facebook.com:443", "https://www.facebook.com:8080",
              "http://www.facebook.com/some/path", "https://m.facebook.com?x#y"]
        bad = ["https://www.facebook.com@evil.com", "https://evil.com/www.facebook.com", "https://evil.com#.facebook.com",
               "www.facebook.com", "https://", "https://WWW.FACEBOOK.COM", "https://evilfacebook.com",
               "https://facebook.com.evil.com", ""]
        for iss in ok:
            self.assertOutcome(S, inp(token(c=claims(iss=iss))), ACCEPTED)
        for iss in bad:
            self.assertOutcome(S, inp(token(c=claims(iss=iss))), "issuer")
        for iss in ok[2:] + ["https://www.facebook.com/", "https://www.facebook.com "]:
            self.assertOutcome(D, inp(token(c=claims(iss=iss))), "issuer")

    def test_crit(self):
        self.assertOutcome(D, inp(token(h=header(crit=["b64"]))), "headerCritical")
        self.assertOutcome(S, inp(token(h=header(crit=["b64"]))), ACCEPTED)


def b64decode_sig(seg):
    return base64.urlsafe_b64decode(seg + "=" * (-len(seg) % 4))


class BugTests(unittest.TestCase):
    def test_every_bug_has_a_case(self):
        self.assertEqual(sorted(b for b, *_ in CASES), sorted(V.BUGS))
        self.assertGreaterEqual(len(V.BUGS), 42)

    def test_bugs_keep_the_happy_path(self):
        for bug, (profile, _) in V.BUGS.items():
            with self.subTest(bug=bug):
                o = run(profile, inp(), bug)
                self.assertEqual(outcome_label(o), ACCEPTED, o)
                self.assertEqual(json.loads(V.dump(o["claims"])), json.loads(V.dump(run(profile, inp())["claims"])))

    def test_each_bug_deviates(self):
        for bug, factory, base_label, bug_label in CASES:
            profile = V.BUGS[bug][0]
            with self.subTest(bug=bug):
                i = factory()
                base = run(profile, i)
                buggy = run(profile, i, bug)
                self.assertEqual(outcome_label(base), base_label, base)
                self.assertEqual(outcome_label(buggy), bug_label, buggy)
                self.assertNotEqual(V.dump(base), V.dump(buggy))


class ProtocolTests(unittest.TestCase):
    def talk(self, args, lines):
        p = subprocess.run([sys.executable, os.path.join(HERE, "validator.py")] + args, input="".join(
            json.dumps(m) + "\n" for m in lines), capture_output=True, text=True, timeout=60)
        self.assertEqual(p.returncode, 0, p.stderr)
        return [json.loads(x) for x in p.stdout.splitlines()]

    def test_handshake_and_run(self):
        for args, profile in (([], D), (["--profile", "ios-sdk"], S), (["--bug", "crit-ignored"], D),
                              (["--bug", "kid-strip"], S)):
            out = self.talk(args, [{"type": "start", "protocolVersion": 1},
                                   {"type": "run", "seq": 1, "family": "signed-token", "id": "x::y::z", "input": inp()},
                                   {"type": "run", "seq": 2, "family": "signed-token", "id": "x::y::w",
                                    "input": inp(token(c=claims(exp=NOW)))},
                                   {"type": "stop"}])
            self.assertEqual(out[0]["type"], "started")
            self.assertEqual(out[0]["profile"], profile)
            self.assertEqual(out[0]["capabilities"], ["signed-token"])
            self.assertEqual(out[1], {"type": "result", "seq": 1, "outcome": {"result": "accepted", "claims": claims()}})
            self.assertEqual(out[2]["outcome"], {"result": "rejected", "reason": "expired"})

    def test_fractional_now(self):
        line = '{"type":"run","seq":1,"family":"signed-token","id":"a::b::c","input":%s}' % json.dumps(
            inp(token(c=claims(exp=NOW + 1)), now=0)).replace('"now": 0', '"now": 1700000000.999999')
        p = subprocess.run([sys.executable, os.path.join(HERE, "validator.py")], input=line + "\n",
                           capture_output=True, text=True, timeout=60)
        self.assertEqual(json.loads(p.stdout)["outcome"]["result"], "accepted")

    def test_list(self):
        p = subprocess.run([sys.executable, os.path.join(HERE, "validator.py"), "--list"], capture_output=True,
                           text=True, timeout=60)
        rows = [json.loads(x) for x in p.stdout.splitlines()]
        self.assertEqual(len(rows), len(V.BUGS))
        for r in rows:
            self.assertEqual(set(r), {"name", "profile", "description"})
            self.assertIn(r["profile"], (D, S))
        self.assertEqual({r["profile"] for r in rows}, {D, S})


if __name__ == "__main__":
    unittest.main()
