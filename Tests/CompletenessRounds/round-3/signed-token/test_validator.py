"""Tests of validator.py, built only from SPECIFICATION.md §4/§8 with keys generated here.

Run: /work/main/.venv/bin/python -m unittest test_validator -v
"""

from __future__ import annotations

import base64
import datetime
import hashlib
import hmac
import json
import os
import subprocess
import sys
import unicodedata
import unittest
from decimal import Decimal

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa
from cryptography.x509.oid import NameOID

import validator as V
from validator import Config, DOCUMENTED, IOS, dump_json, validate

HERE = os.path.dirname(os.path.abspath(__file__))
NOW = 1_700_000_000
APP = "1234567890"
NONCE = "n0nce-abc"

KEYS: dict = {}


def setUpModule():
    for name in ("k1", "k2", "attacker"):
        KEYS[name] = rsa.generate_private_key(public_exponent=65537, key_size=2048)


# ---------------------------------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------------------------------

def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def uint_b64(value: int) -> str:
    return b64(value.to_bytes((value.bit_length() + 7) // 8, "big"))


def jwk(name: str, kid: str | None = None, **extra) -> dict:
    numbers = KEYS[name].public_key().public_numbers()
    out = {"kty": "RSA", "kid": kid if kid is not None else name, "n": uint_b64(numbers.n), "e": uint_b64(numbers.e)}
    out.update(extra)
    return out


def cert_pem(name: str, not_before: int = NOW - 365 * 86400, not_after: int = NOW + 365 * 86400) -> str:
    return cert(name, not_before, not_after).public_bytes(serialization.Encoding.PEM).decode()


def cert(name: str, not_before: int = NOW - 365 * 86400, not_after: int = NOW + 365 * 86400):
    key = KEYS[name]
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    utc = datetime.timezone.utc
    return (x509.CertificateBuilder().subject_name(subject).issuer_name(subject).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(datetime.datetime.fromtimestamp(not_before, utc))
            .not_valid_after(datetime.datetime.fromtimestamp(not_after, utc))
            .sign(key, hashes.SHA256()))


def default_keys() -> dict:
    return {"jwks": {"keys": [jwk("k1"), jwk("k2")]},
            "certificates": {"k1": cert_pem("k1"), "k2": cert_pem("k2")}}


def default_header(**changes) -> dict:
    h = {"alg": "RS256", "typ": "JWT", "kid": "k1"}
    h.update(changes)
    return {k: v for k, v in h.items() if v is not DROP}


DROP = object()


def default_claims(**changes) -> dict:
    c = {"iss": "https://www.facebook.com", "aud": APP, "sub": "10158123456789", "nonce": NONCE, "jti": "jti-1",
         "exp": NOW + 3600, "iat": NOW - 10, "name": "Jane Doe", "email": "jane@example.com",
         "user_friends": ["1", "2"], "user_age_range": {"min": 21}, "user_hometown": {"id": "108", "name": "Hanoi"},
         "cnf": {"jkt": "0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I"}}
    c.update(changes)
    return {k: v for k, v in c.items() if v is not DROP}


def sign_pkcs1(name: str, msg: bytes) -> bytes:
    return KEYS[name].sign(msg, padding.PKCS1v15(), hashes.SHA256())


def raw_sign(name: str, em: bytes) -> bytes:
    private = KEYS[name].private_numbers()
    n = private.public_numbers.n
    k = (n.bit_length() + 7) // 8
    return pow(int.from_bytes(em, "big"), private.d, n).to_bytes(k, "big")


def modulus_len(name: str) -> int:
    return (KEYS[name].public_key().public_numbers().n.bit_length() + 7) // 8


def make(header=None, claims=None, *, header_text=None, claims_text=None, claims_bytes=None, signer="k1",
         sign=None, segments=None, token_fn=None, expected_nonce=NONCE, app_id=APP, now=NOW, keys=None) -> dict:
    """A signed-token input. segments(seg0, seg1) may alter the signed segments; token_fn the final token."""
    h = header_text if header_text is not None else dump_json(header if header is not None else default_header())
    if claims_bytes is None:
        claims_bytes = (claims_text if claims_text is not None
                        else dump_json(claims if claims is not None else default_claims())).encode("utf-8")
    seg0, seg1 = b64(h.encode("utf-8")), b64(claims_bytes)
    if segments:
        seg0, seg1 = segments(seg0, seg1)
    msg = (seg0 + "." + seg1).encode("utf-8")
    sig = (sign or (lambda m: sign_pkcs1(signer, m)))(msg)
    token = seg0 + "." + seg1 + "." + b64(sig)
    if token_fn:
        token = token_fn(token)
    return {"token": token, "expectedNonce": expected_nonce, "appID": app_id, "now": now,
            "keys": keys if keys is not None else default_keys()}


def accepted(claims: dict, profile: str) -> dict:
    """The claims the base keeps from a payload of known claims."""
    return {"result": "accepted", "claims": claims}


def rejected(reason: str, claim: str | None = None) -> dict:
    out = {"result": "rejected", "reason": reason}
    if claim:
        out["claim"] = claim
    return out


def base(profile: str) -> Config:
    return Config(profile)


def replace_sig(token: str, fn) -> str:
    a, b, c = token.split(".")
    return a + "." + b + "." + fn(c)


def trailing_bit_sig(seg: str) -> str:
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    return seg[:-1] + alphabet[alphabet.index(seg[-1]) | 1]


def em_for(name: str, msg: bytes, *, pad_byte=0xFF, prefix=None, digest=None, garbage=b"") -> bytes:
    k = modulus_len(name)
    t = (prefix if prefix is not None else V.DIGEST_INFO["sha256"]) + (digest or hashlib.sha256(msg).digest()) + garbage
    ps = bytes([pad_byte]) * (k - len(t) - 3)
    return b"\x00\x01" + ps + b"\x00" + t


def claims_text_with(extra: str) -> str:
    """The default claims' JSON with raw text inserted before the closing brace."""
    text = dump_json(default_claims())
    return text[:-1] + extra + "}"


# ---------------------------------------------------------------------------------------------------------------
# the base
# ---------------------------------------------------------------------------------------------------------------

class BaseTests(unittest.TestCase):
    def check(self, inp, expected, profiles=(DOCUMENTED, IOS)):
        for profile in profiles:
            with self.subTest(profile=profile):
                self.assertEqual(validate(inp, base(profile)), expected)

    def test_happy_path_both_profiles(self):
        self.check(make(), accepted(default_claims(), DOCUMENTED))

    def test_unknown_claims_not_kept(self):
        self.check(make(claims=default_claims(auth_time=NOW, foo="bar")), accepted(default_claims(), DOCUMENTED))

    def test_structure(self):
        t = make()["token"]
        for bad in (t + ".x", ".".join(t.split(".")[:2]), "", "abc", t + ".a.b"):
            inp = make()
            inp["token"] = bad
            self.check(inp, rejected("malformed"))

    def test_base64url_documented_vs_sdk(self):
        variants = {
            "padding": make(token_fn=lambda t: replace_sig(t, lambda s: s + "=" * (-len(s) % 4))),
            "whitespace": make(token_fn=lambda t: replace_sig(t, lambda s: s[:10] + " " + s[10:])),
            "plus-slash": make(token_fn=lambda t: replace_sig(t, lambda s: s.replace("-", "+").replace("_", "/"))),
            "trailing-bits": make(token_fn=lambda t: replace_sig(t, trailing_bit_sig)),
            "junk-in-payload": make(segments=lambda a, b: (a, b[:5] + "!*" + b[5:])),
        }
        for label, inp in variants.items():
            with self.subTest(label):
                self.assertNotEqual(inp["token"], make()["token"])
                self.assertEqual(validate(inp, base(DOCUMENTED)), rejected("badBase64url"))
                self.assertEqual(validate(inp, base(IOS))["result"], "accepted")

    def test_base64url_4n_plus_1(self):
        inp = make(token_fn=lambda t: replace_sig(t, lambda s: s + "A" * ((1 - len(s)) % 4)))
        self.check(inp, rejected("badBase64url"))

    def test_base64url_alphabet_accepted(self):
        inp = make(claims=default_claims(name="~~~???>>>~~~???"))
        self.assertTrue(any(ch in inp["token"].split(".")[1] for ch in "-_"))
        self.check(inp, accepted(default_claims(name="~~~???>>>~~~???"), DOCUMENTED))

    def test_json_not_object(self):
        for text in ("[1]", '"x"', "1", "null", "", "{", '{"a":1} {}'):
            with self.subTest(text=text):
                self.check(make(claims_text=text), rejected("badJSON"))
                self.check(make(header_text=text), rejected("badJSON"))

    def test_json_invalid_utf8(self):
        self.check(make(claims_bytes=claims_text_with(',"x":"\xff"').encode("latin-1")), rejected("badJSON"))

    def test_json_strict_grammar(self):
        for extra in (',"x":01', ',"x":+1', ',"x":.5', ',"x":1.', ',"x":NaN', ',"x":"a\x01b"', "/* c */", ",",
                      ',"x":"\\ud800"', ',"x":[1,]'):
            with self.subTest(extra=extra):
                self.assertEqual(validate(make(claims_text=claims_text_with(extra)), base(DOCUMENTED)),
                                 rejected("badJSON"))

    def test_json_bom_refused(self):
        self.check(make(claims_bytes=b"\xef\xbb\xbf" + dump_json(default_claims()).encode()), rejected("badJSON"))

    def test_json_whitespace_around(self):
        self.check(make(claims_text=" \n" + dump_json(default_claims()) + "\t\r\n"), accepted(default_claims(), DOCUMENTED))

    def test_json_duplicates(self):
        self.check(make(claims_text=claims_text_with(',"sub":"other"')), rejected("badJSON"))
        self.check(make(header_text='{"alg":"RS256","typ":"JWT","kid":"k2","kid":"k1"}'), rejected("badJSON"))
        nested = dump_json(default_claims(cnf=DROP))[:-1] + ',"cnf":{"jkt":"a","jkt":"b"}}'
        self.check(make(claims_text=nested), rejected("badJSON"))

    def test_deep_nesting_in_ignored_member(self):
        c = default_claims()
        deep = 1
        for _ in range(60):
            deep = {"a": [deep]}
        c["x"] = deep
        self.check(make(claims=c), accepted(default_claims(), DOCUMENTED))

    def test_large_token(self):
        self.check(make(claims=default_claims(x="y" * 200_000)), accepted(default_claims(), DOCUMENTED))

    def test_header_alg(self):
        for alg in ("none", "HS256", "RS512", "rs256", "RS256 ", None, 256, DROP):
            with self.subTest(alg=alg):
                self.check(make(header=default_header(alg=alg)), rejected("headerAlgorithm"))

    def test_header_typ(self):
        for typ in ("jwt", "JWS", "", None, 1, DROP, "application/jwt"):
            with self.subTest(typ=typ):
                self.check(make(header=default_header(typ=typ)), rejected("headerType"))

    def test_header_kid(self):
        for kid in ("", None, 1, DROP, ["k1"]):
            with self.subTest(kid=kid):
                self.check(make(header=default_header(kid=kid)), rejected("headerKeyID"))

    def test_header_other_members_ignored(self):
        h = default_header(x5t="abc", jku="https://evil.example/jwks", jwk=jwk("attacker"), x5u="https://e.x")
        self.check(make(header=h), accepted(default_claims(), DOCUMENTED))

    def test_crit(self):
        h = default_header(crit=["urn:example:ext"])
        h["urn:example:ext"] = True
        inp = make(header=h)
        self.assertEqual(validate(inp, base(DOCUMENTED)), rejected("headerCritical"))
        self.assertEqual(validate(inp, base(IOS))["result"], "accepted")

    def test_unknown_kid(self):
        self.check(make(header=default_header(kid="k3")), rejected("unknownKeyID"))
        self.check(make(header=default_header(kid="K1")), rejected("unknownKeyID"))
        self.check(make(header=default_header(kid="k1 ")), rejected("unknownKeyID"))

    def test_no_fallback_to_only_key(self):
        keys = {"jwks": {"keys": [jwk("k1")]}, "certificates": {"k1": cert_pem("k1")}}
        self.check(make(header=default_header(kid="other"), keys=keys), rejected("unknownKeyID"))

    def test_key_sources(self):
        only_certs = {"jwks": {"keys": []}, "certificates": {"k1": cert_pem("k1")}}
        only_jwks = {"jwks": {"keys": [jwk("k1")]}, "certificates": {}}
        self.assertEqual(validate(make(keys=only_certs), base(DOCUMENTED)), rejected("unknownKeyID"))
        self.assertEqual(validate(make(keys=only_certs), base(IOS))["result"], "accepted")
        self.assertEqual(validate(make(keys=only_jwks), base(IOS)), rejected("unknownKeyID"))
        self.assertEqual(validate(make(keys=only_jwks), base(DOCUMENTED))["result"], "accepted")

    def test_other_entries_ignored(self):
        keys = default_keys()
        keys["jwks"]["keys"] += [{"kty": "EC", "kid": "ec", "crv": "P-256", "x": "AA", "y": "AA"},
                                 {"kty": "oct", "kid": "o", "k": "c2VjcmV0"}]
        keys["certificates"]["junk"] = "not a certificate"
        self.check(make(keys=keys), accepted(default_claims(), DOCUMENTED))

    def test_certificate_map_non_string(self):
        keys = default_keys()
        keys["certificates"]["other"] = 42
        self.assertEqual(validate(make(keys=keys), base(IOS)), rejected("unknownKeyID"))
        self.assertEqual(validate(make(keys=keys), base(DOCUMENTED))["result"], "accepted")

    def test_certificate_only(self):
        keys = default_keys()
        keys["certificates"]["k1"] = KEYS["k1"].public_key().public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo).decode()
        self.assertEqual(validate(make(keys=keys), base(IOS)), rejected("unknownKeyID"))

    def test_certificate_dates_ignored(self):
        for nb, na in ((NOW - 900 * 86400, NOW - 500 * 86400), (NOW + 100, NOW + 86400)):
            keys = default_keys()
            keys["certificates"]["k1"] = cert_pem("k1", nb, na)
            self.assertEqual(validate(make(keys=keys), base(IOS))["result"], "accepted")

    def test_key_usability(self):
        for extra, ok in (({"use": "enc"}, False), ({"use": "sig"}, True), ({"key_ops": ["encrypt"]}, False),
                          ({"key_ops": ["sign", "verify"]}, True), ({"alg": "RS512"}, False), ({"alg": "RS256"}, True),
                          ({"key_ops": "verify"}, False)):
            with self.subTest(extra=extra):
                keys = default_keys()
                keys["jwks"]["keys"][0] = jwk("k1", **extra)
                out = validate(make(keys=keys), base(DOCUMENTED))
                self.assertEqual(out["result"] == "accepted", ok, out)
                if not ok:
                    self.assertEqual(out, rejected("unknownKeyID"))

    def test_duplicate_kid_in_jwks(self):
        for first, second, signer in (("k1", "k2", "k1"), ("k1", "k2", "k2")):
            keys = default_keys()
            keys["jwks"]["keys"] = [jwk(first, kid="dup"), jwk(second, kid="dup")]
            out = validate(make(header=default_header(kid="dup"), signer=signer, keys=keys), base(DOCUMENTED))
            self.assertEqual(out, rejected("unknownKeyID"))

    def test_signature_other_key_and_tampering(self):
        self.check(make(signer="k2"), rejected("signatureInvalid"))
        inp = make()
        a, b, c = inp["token"].split(".")
        inp["token"] = a + "." + b64(dump_json(default_claims(sub="someone-else")).encode()) + "." + c
        self.check(inp, rejected("signatureInvalid"))
        self.check(make(sign=lambda m: b""), rejected("signatureInvalid"))

    def test_signature_encodings(self):
        k = modulus_len("k1")
        cases = {
            "sha512": lambda m: KEYS["k1"].sign(m, padding.PKCS1v15(), hashes.SHA512()),
            "pss": lambda m: KEYS["k1"].sign(m, padding.PSS(padding.MGF1(hashes.SHA256()), 32), hashes.SHA256()),
            "bad-oid": lambda m: raw_sign("k1", em_for("k1", m, prefix=V.DIGEST_INFO["sha256"][:-5] + b"\x09\x05\x00\x04\x20")),
            "padding-fe": lambda m: raw_sign("k1", em_for("k1", m, pad_byte=0xFE)),
            "garbage-after": lambda m: raw_sign("k1", b"\x00\x01" + b"\xff" * 100 + b"\x00" + V.DIGEST_INFO["sha256"]
                                                + hashlib.sha256(m).digest() + b"\x00" * (k - 3 - 100 - 51)),
            "block-type-2": lambda m: raw_sign("k1", b"\x00\x02" + em_for("k1", m)[2:]),
            "short": lambda m: sign_pkcs1("k1", m)[1:],
            "long": lambda m: b"\x00" + sign_pkcs1("k1", m),
        }
        for label, sign in cases.items():
            with self.subTest(label):
                self.check(make(sign=sign), rejected("signatureInvalid"))

    def test_signature_s_not_below_n(self):
        n = KEYS["k1"].public_key().public_numbers().n
        k = modulus_len("k1")
        for i in range(200):
            inp = make(claims=default_claims(jti=f"jti-{i}"))
            sig = base64.urlsafe_b64decode(inp["token"].split(".")[2] + "==")
            s = int.from_bytes(sig, "big") + n
            if s < 256 ** k:
                inp["token"] = replace_sig(inp["token"], lambda _: b64(s.to_bytes(k, "big")))
                self.check(inp, rejected("signatureInvalid"))
                return
        self.skipTest("no signature fitted")

    def test_claims_missing(self):
        for name in ("iss", "aud", "exp", "iat", "nonce", "sub"):
            with self.subTest(name):
                self.check(make(claims=default_claims(**{name: DROP})), rejected("missingClaim", name))

    def test_jti_profiles(self):
        inp = make(claims=default_claims(jti=DROP))
        self.assertEqual(validate(inp, base(IOS)), rejected("missingClaim", "jti"))
        self.assertEqual(validate(inp, base(DOCUMENTED))["result"], "accepted")
        self.assertEqual(validate(make(claims=default_claims(jti="")), base(IOS)), rejected("emptyClaim", "jti"))
        self.assertEqual(validate(make(claims=default_claims(jti=5)), base(IOS)), rejected("wrongClaimType", "jti"))

    def test_claims_types(self):
        wrong = {"iss": [None, 1, True, ["https://www.facebook.com"]], "aud": [None, 1234567890, [APP], {"a": APP}],
                 "exp": [None, True, str(NOW + 3600), [NOW + 3600]], "iat": [None, False, str(NOW)],
                 "nonce": [None, 1, [NONCE]], "sub": [None, 10158123456789, True]}
        for name, values in wrong.items():
            for value in values:
                with self.subTest(name=name, value=value):
                    self.check(make(claims=default_claims(**{name: value})), rejected("wrongClaimType", name))

    def test_claims_empty(self):
        self.check(make(claims=default_claims(sub="")), rejected("emptyClaim", "sub"))
        self.check(make(claims=default_claims(nonce="")), rejected("emptyClaim", "nonce"))
        self.check(make(claims=default_claims(nonce=""), expected_nonce=""), rejected("emptyClaim", "nonce"))
        self.check(make(claims=default_claims(sub=" ")), accepted(default_claims(sub=" "), DOCUMENTED))

    def test_issuer_documented(self):
        for iss, ok in (("https://www.facebook.com", True), ("https://limited.facebook.com", True),
                        ("https://facebook.com", False), ("https://www.facebook.com/", False),
                        ("http://www.facebook.com", False), ("https://WWW.facebook.com", False),
                        ("https://m.facebook.com", False), (" https://www.facebook.com", False)):
            with self.subTest(iss=iss):
                out = validate(make(claims=default_claims(iss=iss)), base(DOCUMENTED))
                self.assertEqual(out["result"] == "accepted", ok, out)
                if not ok:
                    self.assertEqual(out, rejected("issuer"))

    def test_issuer_sdk(self):
        for iss, ok in (("https://www.facebook.com", True), ("https://facebook.com", True),
                        ("https://limited.facebook.com", True), ("https://user@www.facebook.com", True),
                        ("https://www.facebook.com@evil.com", False), ("https://www.facebook.com:443", True),
                        ("https://www.facebook.com:8080/x", True), ("http://www.facebook.com/some/path", True),
                        ("https://evil.com/www.facebook.com", False), ("https://evil.com#.facebook.com", False),
                        ("https://evil.com?.facebook.com", False), ("www.facebook.com", False), ("https://", False),
                        ("https://evilfacebook.com", False), ("https://WWW.FACEBOOK.COM", False),
                        ("https://www.facebook.com.evil.com", False), ("ftp://a.b.facebook.com", True),
                        ("", False)):
            with self.subTest(iss=iss):
                out = validate(make(claims=default_claims(iss=iss)), base(IOS))
                self.assertEqual(out["result"] == "accepted", ok, out)
                if not ok:
                    self.assertEqual(out, rejected("issuer"))

    def test_audience(self):
        for aud in (APP + " ", " " + APP, "１２３４５６７８９０", "01234567890", "12345678901"):
            with self.subTest(aud=aud):
                self.check(make(claims=default_claims(aud=aud)), rejected("audience"))

    def test_canonical_equivalence(self):
        nfc, nfd = "caf\u00e9-\u212b", unicodedata.normalize("NFD", "caf\u00e9-\u212b")
        self.assertNotEqual(nfc, nfd)
        inp = make(claims=default_claims(aud=nfd), app_id=nfc)
        self.assertEqual(validate(inp, base(DOCUMENTED)), rejected("audience"))
        self.assertEqual(validate(inp, base(IOS))["claims"]["aud"], nfd)
        inp = make(claims=default_claims(nonce=nfd), expected_nonce=nfc)
        self.assertEqual(validate(inp, base(DOCUMENTED)), rejected("nonceMismatch"))
        self.assertEqual(validate(inp, base(IOS))["claims"]["nonce"], nfd)
        # Kelvin sign: a canonical singleton
        inp = make(claims=default_claims(nonce="\u212a-x"), expected_nonce="K-x")
        self.assertEqual(validate(inp, base(IOS))["result"], "accepted")
        self.assertEqual(validate(inp, base(DOCUMENTED)), rejected("nonceMismatch"))

    def test_nonce(self):
        for n in (NONCE.upper(), NONCE + " ", NONCE + "\n", "ｎ0nce-abc"):
            with self.subTest(n=n):
                self.check(make(claims=default_claims(nonce=n)), rejected("nonceMismatch"))

    def test_times(self):
        self.check(make(claims=default_claims(exp=NOW)), rejected("expired"))
        self.check(make(claims=default_claims(exp=NOW - 1)), rejected("expired"))
        self.check(make(claims=default_claims(exp=Decimal("1700000000.001"))),
                   accepted(default_claims(exp=Decimal("1700000000.001")), DOCUMENTED))
        self.check(make(claims=default_claims(exp=Decimal("1700000000.001")), now=Decimal("1700000000.002")),
                   rejected("expired"))
        self.check(make(claims=default_claims(iat=NOW - 600)), accepted(default_claims(iat=NOW - 600), DOCUMENTED))
        self.check(make(claims=default_claims(iat=NOW - 601)), rejected("issuedTooLongAgo"))
        self.check(make(claims=default_claims(iat=Decimal("1699999399.9"))), rejected("issuedTooLongAgo"))
        self.check(make(claims=default_claims(iat=NOW + 86400)), accepted(default_claims(iat=NOW + 86400), DOCUMENTED))
        self.check(make(claims=default_claims(exp=Decimal("1.7000036E9"))),
                   accepted(default_claims(exp=Decimal("1.7000036E9")), DOCUMENTED))

    def test_huge_numbers_exact(self):
        for value in (2 ** 53 + 1, 2 ** 63 + 1, 2 ** 64 + 1, 10 ** 30 + 1):
            with self.subTest(value=value):
                out = validate(make(claims=default_claims(exp=value)), base(DOCUMENTED))
                self.assertEqual(out["claims"]["exp"], value)
                self.assertIn(str(value), dump_json(out))

    def test_optional_claims(self):
        c = default_claims(name="", user_friends=[], middle_name="M", user_location={"id": "1", "name": "X"})
        self.check(make(claims=c), accepted(c, DOCUMENTED))
        wrong = {"name": 1, "email": None, "user_friends": ["a", 1], "user_age_range": {"min": "21"},
                 "user_hometown": {"id": 108}, "user_location": {}, "cnf": {"jkt": ""}, "picture": ["x"]}
        for name, value in wrong.items():
            with self.subTest(name=name):
                out = validate(make(claims=default_claims(**{name: value})), base(IOS))
                self.assertEqual(out["result"], "accepted")
                self.assertNotIn(name, out["claims"])
        out = validate(make(claims=default_claims(user_age_range={})), base(IOS))
        self.assertNotIn("user_age_range", out["claims"])
        out = validate(make(claims=default_claims(cnf={"jkt": "abc", "other": 1})), base(IOS))
        self.assertEqual(out["claims"]["cnf"], {"jkt": "abc"})
        out = validate(make(claims=default_claims(user_age_range={"min": Decimal("21.0"), "max": 2 ** 70})), base(IOS))
        self.assertEqual(out["claims"]["user_age_range"], {"min": Decimal("21.0"), "max": 2 ** 70})


# ---------------------------------------------------------------------------------------------------------------
# the bugs: each one keeps the happy path and deviates from the base on an input built for it
# ---------------------------------------------------------------------------------------------------------------

def alg_hs256():
    return make(header=default_header(alg="HS256"), sign=lambda m: hmac.new(b"secret", m, hashlib.sha256).digest())


def crit_header():
    h = default_header(crit=["urn:example:ext"])
    h["urn:example:ext"] = True
    return h


def keys_with(**changes):
    keys = default_keys()
    for path, value in changes.items():
        if path == "jwks":
            keys["jwks"]["keys"] = value
        elif path == "certificates":
            keys["certificates"] = value
    return keys


def s_plus_n():
    n = KEYS["k1"].public_key().public_numbers().n
    k = modulus_len("k1")
    for i in range(400):
        inp = make(claims=default_claims(jti=f"jti-{i}"))
        sig = base64.urlsafe_b64decode(inp["token"].split(".")[2] + "==")
        s = int.from_bytes(sig, "big") + n
        if s < 256 ** k:
            inp["token"] = replace_sig(inp["token"], lambda _: b64(s.to_bytes(k, "big")))
            return inp
    raise unittest.SkipTest("no signature fitted")


def x5c_header():
    der = cert("attacker").public_bytes(serialization.Encoding.DER)
    return default_header(x5c=[base64.b64encode(der).decode()])


NFC, NFD = "caf\u00e9", unicodedata.normalize("NFD", "caf\u00e9")
PEM_PUBLIC = lambda: KEYS["k1"].public_key().public_bytes(serialization.Encoding.PEM,
                                                          serialization.PublicFormat.SubjectPublicKeyInfo).decode()

# name -> (input factory, the base's outcome for it; None: only 'accepted' is checked)
CASES = {
    "split-maxsplit": (lambda: make(token_fn=lambda t: t + ".extra"), rejected("malformed")),
    "strip-token": (lambda: make(token_fn=lambda t: t + "\n"), rejected("badBase64url")),
    "empty-segments-dropped": (lambda: make(token_fn=lambda t: t + "."), rejected("malformed")),
    "token-size-limit": (lambda: make(claims=default_claims(x="y" * 5000)), accepted(default_claims(), DOCUMENTED)),
    "b64-padding-tolerated": (lambda: make(token_fn=lambda t: replace_sig(t, lambda s: s + "=" * (-len(s) % 4))),
                              rejected("badBase64url")),
    "b64-both-alphabets": (lambda: make(token_fn=lambda t: replace_sig(t, lambda s: s.replace("-", "+").replace("_", "/"))),
                           rejected("badBase64url")),
    "b64-trailing-bits": (lambda: make(token_fn=lambda t: replace_sig(t, trailing_bit_sig)), rejected("badBase64url")),
    "b64-strip-whitespace": (lambda: make(token_fn=lambda t: replace_sig(t, lambda s: s[:40] + "\r\n" + s[40:])),
                             rejected("badBase64url")),
    "b64-4n1-truncated": (lambda: make(token_fn=lambda t: replace_sig(t, lambda s: s + "A" * ((1 - len(s)) % 4))),
                          rejected("badBase64url")),
    "b64-standard-alphabet-only": (lambda: make(claims=default_claims(name="~~~???>>>~~~???")),
                                   accepted(default_claims(name="~~~???>>>~~~???"), IOS)),
    "b64-strict-under-sdk": (lambda: make(token_fn=lambda t: replace_sig(t, lambda s: s + "=" * (-len(s) % 4))),
                             accepted(default_claims(), IOS)),
    "json-dup-first-wins": (lambda: make(claims_text=claims_text_with(',"sub":"other"')), rejected("badJSON")),
    "json-nested-dup-first": (lambda: make(claims_text=dump_json(default_claims(cnf=DROP))[:-1]
                                           + ',"cnf":{"jkt":"a","jkt":"b"}}'), rejected("badJSON")),
    "json-trailing-comma": (lambda: make(claims_text=claims_text_with(",")), rejected("badJSON")),
    "json-comments": (lambda: make(header_text='{"alg":"RS256", /* key */ "typ":"JWT","kid":"k1"}'),
                      rejected("badJSON")),
    "json-lenient-numbers": (lambda: make(claims_text=claims_text_with(',"x":007')), rejected("badJSON")),
    "json-control-chars": (lambda: make(claims_text=claims_text_with(',"x":"a\x01b"')), rejected("badJSON")),
    "json-nan-infinity": (lambda: make(claims_text=dump_json(default_claims(exp=DROP))[:-1] + ',"exp":Infinity}'),
                          rejected("badJSON")),
    "json-replace-invalid-utf8": (lambda: make(claims_bytes=claims_text_with(',"x":"\xff"').encode("latin-1")),
                                  rejected("badJSON")),
    "json-double-encoded": (lambda: make(claims_text=json.dumps(dump_json(default_claims()))), rejected("badJSON")),
    "json-depth-limit": (lambda: make(claims_text=claims_text_with(',"x":' + "[" * 10 + "]" * 10)),
                         accepted(default_claims(), IOS)),
    "alg-case-insensitive": (lambda: make(header=default_header(alg="rs256")), rejected("headerAlgorithm")),
    "alg-none": (lambda: make(header=default_header(alg="none"), sign=lambda m: b""), rejected("headerAlgorithm")),
    "verify-before-header-checks": (alg_hs256, rejected("headerAlgorithm")),
    "typ-case-insensitive": (lambda: make(header=default_header(typ="jwt")), rejected("headerType")),
    "typ-optional": (lambda: make(header=default_header(typ=DROP)), rejected("headerType")),
    "kid-coerced-to-string": (lambda: make(header=default_header(kid=1), keys=keys_with(jwks=[jwk("k1", kid="1")])),
                              rejected("headerKeyID")),
    "kid-empty-looked-up": (lambda: make(header=default_header(kid="")), rejected("headerKeyID")),
    "kid-missing-single-cert": (lambda: make(header=default_header(kid=DROP),
                                             keys=keys_with(certificates={"k1": cert_pem("k1")})),
                                rejected("headerKeyID")),
    "crit-ignored": (lambda: make(header=crit_header()), rejected("headerCritical")),
    "crit-refused": (lambda: make(header=crit_header()), accepted(default_claims(), IOS)),
    "header-embedded-jwk": (lambda: make(header=default_header(jwk=jwk("attacker")), signer="attacker"),
                            rejected("signatureInvalid")),
    "header-x5c-trusted": (lambda: make(header=x5c_header(), signer="attacker"), rejected("signatureInvalid")),
    "kid-fallback-first-key": (lambda: make(header=default_header(kid="rotated-away")), rejected("unknownKeyID")),
    "kid-try-all-certs": (lambda: make(signer="k2"), rejected("signatureInvalid")),
    "kid-case-insensitive": (lambda: make(header=default_header(kid="K1")), rejected("unknownKeyID")),
    "jwks-dict-last-wins": (lambda: make(header=default_header(kid="dup"), signer="k2",
                                         keys=keys_with(jwks=[jwk("k1", kid="dup"), jwk("k2", kid="dup")])),
                            rejected("unknownKeyID")),
    "jwk-usability-ignored": (lambda: make(keys=keys_with(jwks=[jwk("k1", use="enc"), jwk("k2")])),
                              rejected("unknownKeyID")),
    "jwk-key-ops-first": (lambda: make(keys=keys_with(jwks=[jwk("k1", key_ops=["sign", "verify"])])),
                          accepted(default_claims(), DOCUMENTED)),
    "jwks-eager-load": (lambda: make(keys=keys_with(jwks=[jwk("k1"), {"kty": "EC", "kid": "ec", "crv": "P-256",
                                                                      "x": "AA", "y": "AA"}])),
                        accepted(default_claims(), DOCUMENTED)),
    "key-source-cert-fallback": (lambda: make(keys=keys_with(jwks=[jwk("k2")])), rejected("unknownKeyID")),
    "key-source-jwks-fallback": (lambda: make(keys=keys_with(certificates={"k2": cert_pem("k2")})),
                                 rejected("unknownKeyID")),
    "certs-skip-non-string": (lambda: make(keys=keys_with(certificates={"k1": cert_pem("k1"), "meta": 1})),
                              rejected("unknownKeyID")),
    "certs-accept-public-key-pem": (lambda: make(keys=keys_with(certificates={"k1": PEM_PUBLIC()})),
                                    rejected("unknownKeyID")),
    "certs-validity-checked": (lambda: make(keys=keys_with(certificates={"k1": cert_pem("k1", NOW - 800 * 86400,
                                                                                         NOW - 400 * 86400)})),
                               accepted(default_claims(), IOS)),
    "sig-hash-suffix-only": (lambda: make(sign=lambda m: raw_sign("k1", em_for(
        "k1", m, prefix=V.DIGEST_INFO["sha256"][:-5] + b"\x09\x05\x00\x04\x20"))), rejected("signatureInvalid")),
    "sig-length-unchecked": (lambda: make(sign=lambda m: b"\x00" + sign_pkcs1("k1", m)), rejected("signatureInvalid")),
    "sig-hash-from-digestinfo": (lambda: make(sign=lambda m: KEYS["k1"].sign(m, padding.PKCS1v15(), hashes.SHA512())),
                                 rejected("signatureInvalid")),
    "sig-s-not-reduced": (s_plus_n, rejected("signatureInvalid")),
    "sig-padding-bytes-unchecked": (lambda: make(sign=lambda m: raw_sign("k1", em_for("k1", m, pad_byte=0x7F))),
                                    rejected("signatureInvalid")),
    "sig-garbage-after-hash": (lambda: make(sign=lambda m: raw_sign(
        "k1", b"\x00\x01" + b"\xff" * 100 + b"\x00" + V.DIGEST_INFO["sha256"] + hashlib.sha256(m).digest()
        + b"\x42" * (modulus_len("k1") - 3 - 100 - 51))), rejected("signatureInvalid")),
    "sig-pss-fallback": (lambda: make(sign=lambda m: KEYS["k1"].sign(m, padding.PSS(padding.MGF1(hashes.SHA256()), 32),
                                                                     hashes.SHA256())), rejected("signatureInvalid")),
    "sig-input-reencoded": (lambda: make(segments=lambda a, b: (a, b[:7] + "!" + b[7:])), accepted(default_claims(), IOS)),
    "empty-claim-is-missing": (lambda: make(claims=default_claims(sub="")), rejected("emptyClaim", "sub")),
    "null-is-missing": (lambda: make(claims=default_claims(iss=None)), rejected("wrongClaimType", "iss")),
    "numeric-string-dates": (lambda: make(claims=default_claims(exp=str(NOW + 3600))), rejected("wrongClaimType", "exp")),
    "bool-is-number": (lambda: make(claims=default_claims(exp=True)), rejected("wrongClaimType", "exp")),
    "sub-number-accepted": (lambda: make(claims=default_claims(sub=10158123456789)), rejected("wrongClaimType", "sub")),
    "jti-optional": (lambda: make(claims=default_claims(jti=DROP)), rejected("missingClaim", "jti")),
    "jti-empty-accepted": (lambda: make(claims=default_claims(jti="")), rejected("emptyClaim", "jti")),
    "sub-empty-accepted": (lambda: make(claims=default_claims(sub="")), rejected("emptyClaim", "sub")),
    "sub-blank-is-empty": (lambda: make(claims=default_claims(sub=" ")), accepted(default_claims(sub=" "), DOCUMENTED)),
    "nonce-empty-unchecked": (lambda: make(claims=default_claims(nonce="")), rejected("emptyClaim", "nonce")),
    "exp-inclusive": (lambda: make(claims=default_claims(exp=NOW)), rejected("expired")),
    "clock-skew-leeway": (lambda: make(claims=default_claims(exp=NOW - 30)), rejected("expired")),
    "iat-window-exclusive": (lambda: make(claims=default_claims(iat=NOW - 600)),
                             accepted(default_claims(iat=NOW - 600), DOCUMENTED)),
    "iat-abs-window": (lambda: make(claims=default_claims(iat=NOW + 3600)),
                       accepted(default_claims(iat=NOW + 3600), IOS)),
    "numbers-as-double": (lambda: make(claims=default_claims(exp=2 ** 53 + 1)),
                          accepted(default_claims(exp=2 ** 53 + 1), DOCUMENTED)),
    "exp-truncated-int": (lambda: make(claims=default_claims(exp=Decimal("1700000000.5"))),
                          accepted(default_claims(exp=Decimal("1700000000.5")), IOS)),
    "dates-int64-wrap": (lambda: make(claims=default_claims(exp=2 ** 64 + 5)),
                         accepted(default_claims(exp=2 ** 64 + 5), IOS)),
    "aud-array-contains": (lambda: make(claims=default_claims(aud=[APP])), rejected("wrongClaimType", "aud")),
    "aud-array-first": (lambda: make(claims=default_claims(aud=[APP, "other"])), rejected("wrongClaimType", "aud")),
    "aud-trimmed": (lambda: make(claims=default_claims(aud=APP + " ")), rejected("audience")),
    "aud-nfc": (lambda: make(claims=default_claims(aud=NFD), app_id=NFC), rejected("audience")),
    "aud-code-points-under-sdk": (lambda: make(claims=default_claims(aud=NFD), app_id=NFC),
                                  accepted(default_claims(aud=NFD), IOS)),
    "aud-nfkc": (lambda: make(claims=default_claims(aud="１２３４５６７８９０")), rejected("audience")),
    "aud-numeric-compare": (lambda: make(claims=default_claims(aud="0" + APP)), rejected("audience")),
    "nonce-casefold": (lambda: make(claims=default_claims(nonce=NONCE.upper())), rejected("nonceMismatch")),
    "nonce-nfc": (lambda: make(claims=default_claims(nonce=NFD), expected_nonce=NFC), rejected("nonceMismatch")),
    "nonce-code-points-under-sdk": (lambda: make(claims=default_claims(nonce=NFD), expected_nonce=NFC),
                                    accepted(default_claims(nonce=NFD), IOS)),
    "nonce-trimmed": (lambda: make(claims=default_claims(nonce=NONCE + "\t")), rejected("nonceMismatch")),
    "iss-trailing-slash": (lambda: make(claims=default_claims(iss="https://www.facebook.com/")), rejected("issuer")),
    "iss-case-insensitive": (lambda: make(claims=default_claims(iss="https://www.Facebook.com")), rejected("issuer")),
    "iss-host-rule-documented": (lambda: make(claims=default_claims(iss="https://m.facebook.com")), rejected("issuer")),
    "iss-suffix-without-dot": (lambda: make(claims=default_claims(iss="https://evilfacebook.com")), rejected("issuer")),
    "iss-naive-host": (lambda: make(claims=default_claims(iss="https://evil.com#.facebook.com")), rejected("issuer")),
    "iss-host-lowercased": (lambda: make(claims=default_claims(iss="https://WWW.FACEBOOK.COM")), rejected("issuer")),
    "iss-https-only": (lambda: make(claims=default_claims(iss="http://www.facebook.com")),
                       accepted(default_claims(iss="http://www.facebook.com"), IOS)),
    "optional-empty-dropped": (lambda: make(claims=default_claims(name="")),
                               accepted(default_claims(name=""), DOCUMENTED)),
    "optional-empty-object-kept": (lambda: make(claims=default_claims(user_location={})),
                                   accepted(default_claims(), IOS)),
    "cnf-kept-whole": (lambda: make(claims=default_claims(cnf={"jkt": "abc", "kid": "x"})),
                       accepted(default_claims(cnf={"jkt": "abc"}), DOCUMENTED)),
    "unknown-claims-kept": (lambda: make(claims=default_claims(auth_time=NOW)), accepted(default_claims(), DOCUMENTED)),
    "optional-no-type-check": (lambda: make(claims=default_claims(email=5)), accepted(default_claims(email=DROP), IOS)),
    "age-range-filtered": (lambda: make(claims=default_claims(user_age_range={"min": 21, "max": "x"})),
                           accepted(default_claims(user_age_range=DROP), IOS)),
    "friends-first-item": (lambda: make(claims=default_claims(user_friends=["1", 2])),
                           accepted(default_claims(user_friends=DROP), IOS)),
    "cnf-empty-jkt-kept": (lambda: make(claims=default_claims(cnf={"jkt": ""})), accepted(default_claims(cnf=DROP), IOS)),
}


class BugTests(unittest.TestCase):
    def test_every_bug_has_a_case(self):
        names = [name for name, _, _ in V.BUGS]
        self.assertEqual(len(names), len(set(names)))
        self.assertEqual(set(names), set(CASES))
        self.assertGreaterEqual(len(names), 42)
        self.assertEqual({p for _, p, _ in V.BUGS}, {DOCUMENTED, IOS})

    def test_descriptions_name_a_rule(self):
        for name, profile, description in V.BUGS:
            self.assertRegex(description, r"\[(token\.|§4|profile\.)", name)

    def test_bugs_keep_the_happy_path(self):
        for name, profile, _ in V.BUGS:
            with self.subTest(name):
                inp = make()
                expected = validate(inp, base(profile))
                self.assertEqual(expected, accepted(default_claims(), profile))
                self.assertEqual(validate(inp, Config(profile, name)), expected)

    def test_bugs_deviate(self):
        for name, profile, _ in V.BUGS:
            with self.subTest(name):
                factory, expected_base = CASES[name]
                try:
                    inp = factory()
                except unittest.SkipTest as skip:
                    self.skipTest(str(skip))
                got_base = validate(inp, base(profile))
                if expected_base is not None:
                    self.assertEqual(got_base, expected_base)
                got_bug = validate(inp, Config(profile, name))
                self.assertNotEqual(got_bug, got_base)


# ---------------------------------------------------------------------------------------------------------------
# the adapter protocol
# ---------------------------------------------------------------------------------------------------------------

class AdapterTests(unittest.TestCase):
    def run_adapter(self, args, messages):
        proc = subprocess.run([sys.executable, os.path.join(HERE, "validator.py"), *args],
                              input="".join(json.dumps(m) + "\n" for m in messages),
                              capture_output=True, text=True, timeout=60)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        return [json.loads(line) for line in proc.stdout.splitlines()]

    def test_session(self):
        inp = make()
        bad = make(claims=default_claims(exp=NOW))
        for profile in (DOCUMENTED, IOS):
            out = self.run_adapter(["--profile", profile], [
                {"type": "start", "protocolVersion": 1},
                {"type": "run", "seq": 1, "family": "signed-token", "id": "a", "input": inp},
                {"type": "run", "seq": 2, "family": "signed-token", "id": "b", "input": bad},
                {"type": "run", "seq": 3, "family": "nonce", "id": "c", "input": {"nonce": "x"}},
                {"type": "stop"},
            ])
            self.assertEqual(out[0]["type"], "started")
            self.assertEqual(out[0]["profile"], profile)
            self.assertEqual(out[0]["capabilities"], ["signed-token"])
            self.assertEqual(set(out[0]), {"type", "protocolVersion", "implementation", "capabilities", "profile"})
            self.assertEqual(out[1], {"type": "result", "seq": 1, "outcome": accepted(default_claims(), profile)})
            self.assertEqual(out[2], {"type": "result", "seq": 2, "outcome": rejected("expired")})
            self.assertEqual(out[3]["type"], "skipped")
            self.assertEqual(len(out), 4)

    def test_exact_numbers_on_the_wire(self):
        inp = make(claims=default_claims(exp=2 ** 64 + 1, iat=Decimal("1699999999.25")))
        inp["now"] = NOW
        line = json.dumps({"type": "run", "seq": 1, "family": "signed-token", "id": "a", "input": inp})
        proc = subprocess.run([sys.executable, os.path.join(HERE, "validator.py"), "--profile", "documented"],
                              input=line + "\n", capture_output=True, text=True, timeout=60)
        self.assertIn('"exp":18446744073709551617', proc.stdout)
        self.assertIn('"iat":1699999999.25', proc.stdout)

    def test_bug_handshake_declares_its_profile(self):
        for name, profile in (("alg-none", IOS), ("crit-ignored", DOCUMENTED)):
            out = self.run_adapter(["--bug", name], [{"type": "start", "protocolVersion": 1}, {"type": "stop"}])
            self.assertEqual(out[0]["profile"], profile)

    def test_list(self):
        proc = subprocess.run([sys.executable, os.path.join(HERE, "validator.py"), "--list"],
                              capture_output=True, text=True, timeout=60)
        rows = [json.loads(line) for line in proc.stdout.splitlines()]
        self.assertEqual(len(rows), len(V.BUGS))
        for row in rows:
            self.assertEqual(set(row), {"name", "profile", "description"})
            self.assertIn(row["profile"], (DOCUMENTED, IOS))


if __name__ == "__main__":
    unittest.main()
