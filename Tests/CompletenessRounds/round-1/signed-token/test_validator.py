#!/usr/bin/env python3
"""Tests of validator.py: tokens built here with freshly generated keys (no suite vectors).

Run: /work/main/.venv/bin/python -m unittest test_validator -v
"""
import base64
import datetime
import decimal
import hashlib
import json
import os
import subprocess
import sys
import unittest
from decimal import Decimal

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from cryptography.x509.oid import NameOID

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import validator as V  # noqa: E402

decimal.getcontext().prec = 100000
sys.setrecursionlimit(20000)
NOW = 1700000000
APP = "1234567890"
NONCE = "n0nce"
DEL = object()


def b64(data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def make_cert(key, not_before, not_after, cn="k"):
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn)])
    return (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(not_before).not_valid_after(not_after)
            .sign(key, hashes.SHA256()))


def jwk(key, kid, **extra):
    nums = key.public_key().public_numbers()
    d = {"kty": "RSA", "n": b64(nums.n.to_bytes((nums.n.bit_length() + 7) // 8, "big")),
         "e": b64(nums.e.to_bytes(3, "big"))}
    if kid is not None:
        d["kid"] = kid
    d.update(extra)
    return d


K1 = rsa.generate_private_key(public_exponent=65537, key_size=2048)
K2 = rsa.generate_private_key(public_exponent=65537, key_size=2048)
K3 = rsa.generate_private_key(public_exponent=65537, key_size=2048)  # never published
_T0 = datetime.datetime.fromtimestamp(NOW, datetime.timezone.utc)
CERT = {k: make_cert(key, _T0 - datetime.timedelta(days=30), _T0 + datetime.timedelta(days=365))
        for k, key in (("k1", K1), ("k2", K2), ("k3", K3))}
PEM = {k: c.public_bytes(serialization.Encoding.PEM).decode() for k, c in CERT.items()}
EXPIRED_PEM1 = make_cert(K1, _T0 - datetime.timedelta(days=400), _T0 - datetime.timedelta(days=35)).public_bytes(
    serialization.Encoding.PEM).decode()
PUBKEY_PEM1 = K1.public_key().public_bytes(serialization.Encoding.PEM,
                                           serialization.PublicFormat.SubjectPublicKeyInfo).decode()
EC_KEY = ec.generate_private_key(ec.SECP256R1()).public_key().public_numbers()
EC_JWK = {"kty": "EC", "kid": "ec1", "crv": "P-256", "x": b64(EC_KEY.x.to_bytes(32, "big")),
          "y": b64(EC_KEY.y.to_bytes(32, "big"))}


def keys(jwks=None, certs=None):
    return {"jwks": {"keys": jwks if jwks is not None else [jwk(K1, "k1"), jwk(K2, "k2")]},
            "certificates": certs if certs is not None else {"k1": PEM["k1"], "k2": PEM["k2"]}}


def header(**kw):
    h = {"alg": "RS256", "typ": "JWT", "kid": "k1"}
    for k, v in kw.items():
        if v is DEL:
            h.pop(k, None)
        else:
            h[k] = v
    return h


def claims(**kw):
    c = {"jti": "j-1", "iss": "https://www.facebook.com", "aud": APP, "exp": NOW + 3600, "iat": NOW - 10,
         "nonce": NONCE, "sub": "1001", "name": "Ann"}
    for k, v in kw.items():
        if v is DEL:
            c.pop(k, None)
        else:
            c[k] = v
    return c


def pkcs1_sign(key, data, hash_cls=hashes.SHA256):
    return key.sign(data, padding.PKCS1v15(), hash_cls())


def raw_sign(key, em):
    nums = key.private_numbers()
    n = nums.public_numbers.n
    k = (n.bit_length() + 7) // 8
    return pow(int.from_bytes(em, "big"), nums.d, n).to_bytes(k, "big")


def token(h=None, c=None, hraw=None, craw=None, key=K1, segs=None, signer=None, sigpost=None, post=None):
    """Build a compact token. segs alters the two segments before signing; post alters the token after."""
    htext = hraw if hraw is not None else json.dumps(h if h is not None else header())
    ctext = craw if craw is not None else json.dumps(c if c is not None else claims())
    sh, sp = b64(htext), b64(ctext)
    if segs:
        sh, sp = segs(sh, sp)
    signing_input = (sh + "." + sp).encode()
    sig = signer(signing_input) if signer else pkcs1_sign(key, signing_input)
    if sigpost:
        sig = sigpost(sig)
    t = sh + "." + sp + "." + b64(sig)
    return post(t) if post else t


def inp(tok, **kw):
    d = {"token": tok, "expectedNonce": NONCE, "appID": APP, "now": Decimal(NOW), "keys": keys()}
    for k, v in kw.items():
        d[k] = Decimal(v) if k == "now" else v
    return d


def run(profile, data, bug=None):
    return V.Validator(profile, bug).validate(data)


def summary(out):
    if out["result"] == "accepted":
        return "accepted"
    return out["reason"] + (":" + out["claim"] if "claim" in out else "")


# --- helpers for segment-level cases -------------------------------------------------------------------------------
def filler_header(cond):
    """A header whose segment satisfies cond(len(segment))."""
    for i in range(20):
        h = header(x="f" * i)
        if cond(len(b64(json.dumps(h)))):
            return h
    raise AssertionError("no filler")


def pad(seg):
    return seg + "=" * (-len(seg) % 4)


def bump_last(seg):
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    return seg[:-1] + alphabet[alphabet.index(seg[-1]) + 1]


def sha256_em(k, data, prefix=V.SHA256_PREFIX, digest=None, extra=b""):
    t = prefix + (digest if digest is not None else hashlib.sha256(data).digest()) + extra
    return b"\x00\x01" + b"\xff" * (k - len(t) - 3) + b"\x00" + t


def s_plus_n_signer(data):
    s = int.from_bytes(pkcs1_sign(K1, data), "big")
    n = K1.public_key().public_numbers().n
    return (s + n).to_bytes(256, "big")


def s_plus_n_token():
    for i in range(200):
        c = claims(jti="j-%d" % i)
        data_h = b64(json.dumps(header()))
        data_p = b64(json.dumps(c))
        s = int.from_bytes(pkcs1_sign(K1, (data_h + "." + data_p).encode()), "big")
        if s + K1.public_key().public_numbers().n < 2 ** 2048:
            return token(c=c, signer=s_plus_n_signer)
    raise AssertionError("no s + n fits")


TILDES = "~~~~~~~~~"  # base64 of 0x7e7e7e is fn5+ : its URL-safe form holds '-'

# --- one case per bug: (bug, input, base outcome under the bug's profile, outcome with the bug) ------------------
# An outcome is a summary string, or (summary, {claim: expected JSON text or None for absent}).
CASES = [
    ("split-maxsplit", lambda: inp(token(post=lambda t: t + ".x")), "malformed", "badBase64url"),
    ("strip-token", lambda: inp(token(post=lambda t: t + "\n")), "badBase64url", "accepted"),
    ("drop-empty-segments", lambda: inp(token(post=lambda t: t + ".")), "malformed", "accepted"),
    ("b64-padding-ok", lambda: inp(token(h=filler_header(lambda n: n % 4 != 0), segs=lambda h, p: (pad(h), p))),
     "badBase64url", "accepted"),
    ("b64-plus-slash-ok", lambda: inp(token(h=header(x=TILDES), segs=lambda h, p: (
        h.replace("-", "+").replace("_", "/"), p))), "badBase64url", "accepted"),
    ("b64-trailing-bits-ok", lambda: inp(token(h=filler_header(lambda n: n % 4 != 0),
                                               segs=lambda h, p: (bump_last(h), p))), "badBase64url", "accepted"),
    ("b64-whitespace-ok", lambda: inp(token(segs=lambda h, p: (h, p[:20] + "\n" + p[20:]))),
     "badBase64url", "accepted"),
    ("b64-dash-underscore-dropped", lambda: inp(token(h=header(x=TILDES))), "accepted", "badJSON"),
    ("b64-4n1-truncate", lambda: inp(token(h=filler_header(lambda n: n % 4 == 0), segs=lambda h, p: (h + "A", p))),
     "badBase64url", "accepted"),
    ("b64-strict-sdk", lambda: inp(token(h=filler_header(lambda n: n % 4 != 0), segs=lambda h, p: (pad(h), p))),
     "accepted", "badBase64url"),
    ("sig-b64-late", lambda: inp(token(post=lambda t: t + "*")), "badBase64url", "signatureInvalid"),
    ("json-trailing-comma", lambda: inp(token(craw=json.dumps(claims())[:-1] + ",}")), "badJSON", "accepted"),
    ("json-dup-first", lambda: inp(token(craw='{"nonce":"other",' + json.dumps(claims())[1:])),
     "badJSON", "nonceMismatch"),
    ("json-control-chars", lambda: inp(token(craw=json.dumps(claims(name="A\x01B")).replace("\\u0001", "\x01"))),
     "badJSON", "accepted"),
    ("json-array-first", lambda: inp(token(craw="[" + json.dumps(claims()) + "]")), "badJSON", "accepted"),
    ("json-utf8-replace", lambda: inp(token(craw=json.dumps(claims(name="A#B")).encode().replace(b"#", b"\xff"))),
     "badJSON", "accepted"),
    ("json-nan-infinity", lambda: inp(token(craw=json.dumps(claims(exp=float("inf"))))), "badJSON", "accepted"),
    ("json-trailing-garbage", lambda: inp(token(craw=json.dumps(claims()) + "xyz")), "badJSON", "accepted"),
    ("json-lenient-numbers", lambda: inp(token(craw=json.dumps(claims()).replace(
        '"exp": %d' % (NOW + 3600), '"exp": 0%d' % (NOW + 3600)))), "badJSON", "accepted"),
    ("json-comments", lambda: inp(token(hraw='{"alg":"RS256", /* c */ "typ":"JWT","kid":"k1"}')),
     "badJSON", "accepted"),
    ("alg-casefold", lambda: inp(token(h=header(alg="rs256"))), "headerAlgorithm", "accepted"),
    ("alg-none", lambda: inp(token(h=header(alg="none"), signer=lambda d: b"x")), "headerAlgorithm", "accepted"),
    ("alg-from-header", lambda: inp(token(h=header(alg="RS512"), signer=lambda d: pkcs1_sign(K1, d, hashes.SHA512))),
     "headerAlgorithm", "accepted"),
    ("typ-optional", lambda: inp(token(h=header(typ=DEL))), "headerType", "accepted"),
    ("typ-media-type", lambda: inp(token(h=header(typ="application/jwt"))), "headerType", "accepted"),
    ("kid-presence-only", lambda: inp(token(h=header(kid=""))), "headerKeyID", "unknownKeyID"),
    ("kid-missing-single-key", lambda: inp(token(h=header(kid=DEL))), "headerKeyID", "accepted"),
    ("crit-ignored", lambda: inp(token(h=header(crit=["exp"], exp=1))), "headerCritical", "accepted"),
    ("crit-refused-sdk", lambda: inp(token(h=header(crit=["exp"], exp=1))), "accepted", "headerCritical"),
    ("header-jwk-trusted", lambda: inp(token(h=header(jwk=jwk(K3, "k1")), key=K3)), "signatureInvalid", "accepted"),
    ("header-x5c-trusted", lambda: inp(token(h=header(x5c=[base64.b64encode(
        CERT["k3"].public_bytes(serialization.Encoding.DER)).decode()]), key=K3)), "signatureInvalid", "accepted"),
    ("kid-fallback-first", lambda: inp(token(h=header(kid="nope"))), "unknownKeyID", "accepted"),
    ("kid-try-all", lambda: inp(token(h=header(kid="nope"), key=K2)), "unknownKeyID", "accepted"),
    ("kid-casefold", lambda: inp(token(h=header(kid="K1"))), "unknownKeyID", "accepted"),
    ("kid-strip", lambda: inp(token(h=header(kid=" k1"))), "unknownKeyID", "accepted"),
    ("jwk-usability-ignored", lambda: inp(token(), keys=keys(jwks=[jwk(K1, "k1", use="enc")])),
     "unknownKeyID", "accepted"),
    ("jwk-key-ops-first", lambda: inp(token(), keys=keys(jwks=[jwk(K1, "k1", key_ops=["sign", "verify"])])),
     "accepted", "unknownKeyID"),
    ("jwks-dup-kid-last", lambda: inp(token(key=K2), keys=keys(jwks=[jwk(K1, "k1"), jwk(K2, "k1")])),
     "unknownKeyID", "accepted"),
    ("jwks-non-rsa-breaks", lambda: inp(token(), keys=keys(jwks=[EC_JWK, jwk(K1, "k1")])), "accepted",
     "unknownKeyID"),
    ("jwk-no-kid-wildcard", lambda: inp(token(), keys=keys(jwks=[jwk(K1, None)])), "unknownKeyID", "accepted"),
    ("certs-skip-nonstring", lambda: inp(token(), keys=keys(certs={"k1": PEM["k1"], "bad": 5})),
     "unknownKeyID", "accepted"),
    ("certs-public-key-pem", lambda: inp(token(), keys=keys(certs={"k1": PUBKEY_PEM1})), "unknownKeyID", "accepted"),
    ("certs-validity-checked", lambda: inp(token(), keys=keys(certs={"k1": EXPIRED_PEM1})), "accepted",
     "unknownKeyID"),
    ("key-source-cert-fallback", lambda: inp(token(), keys=keys(jwks=[jwk(K2, "k2")])), "unknownKeyID", "accepted"),
    ("key-source-jwks-fallback", lambda: inp(token(), keys=keys(certs={"k2": PEM["k2"]})), "unknownKeyID",
     "accepted"),
    ("sig-suffix-match", lambda: inp(token(signer=lambda d: raw_sign(K1, b"\x00\x01" + b"\x00" * 222 + hashlib.sha256(
        d).digest()))), "signatureInvalid", "accepted"),
    ("sig-trailing-garbage", lambda: inp(token(signer=lambda d: raw_sign(K1, sha256_em(256, d, extra=b"GARBAGE!")))),
     "signatureInvalid", "accepted"),
    ("sig-short-ok", lambda: inp(token(sigpost=lambda s: b"\x00" + s)), "signatureInvalid", "accepted"),
    ("sig-no-range-check", lambda: inp(s_plus_n_token()), "signatureInvalid", "accepted"),
    ("sig-any-digest", lambda: inp(token(signer=lambda d: pkcs1_sign(K1, d, hashes.SHA512))),
     "signatureInvalid", "accepted"),
    ("sig-pss-fallback", lambda: inp(token(signer=lambda d: K1.sign(d, padding.PSS(
        mgf=padding.MGF1(hashes.SHA256()), salt_length=32), hashes.SHA256()))), "signatureInvalid", "accepted"),
    ("sig-reencoded-input", lambda: inp(token(h=filler_header(lambda n: n % 4 != 0),
                                              segs=lambda h, p: (pad(h), p))), "accepted", "signatureInvalid"),
    ("iss-trailing-slash", lambda: inp(token(c=claims(iss="https://www.facebook.com/"))), "issuer", "accepted"),
    ("iss-host-rule-documented", lambda: inp(token(c=claims(iss="https://m.facebook.com"))), "issuer", "accepted"),
    ("iss-urlparse-lower", lambda: inp(token(c=claims(iss="https://WWW.FACEBOOK.COM"))), "issuer", "accepted"),
    ("iss-suffix-no-dot", lambda: inp(token(c=claims(iss="https://evilfacebook.com"))), "issuer", "accepted"),
    ("iss-regex-userinfo", lambda: inp(token(c=claims(iss="https://www.facebook.com@evil.com"))), "issuer",
     "accepted"),
    ("iss-https-only", lambda: inp(token(c=claims(iss="http://www.facebook.com/some/path"))), "accepted", "issuer"),
    ("iss-bare-host", lambda: inp(token(c=claims(iss="www.facebook.com"))), "issuer", "accepted"),
    ("aud-array-contains", lambda: inp(token(c=claims(aud=[APP]))), "wrongClaimType:aud", "accepted"),
    ("aud-strip", lambda: inp(token(c=claims(aud=APP + " "))), "audience", "accepted"),
    ("aud-nfc", lambda: inp(token(c=claims(aud="cafe\u0301")), appID="caf\u00e9"), "audience", "accepted"),
    ("aud-exact-sdk", lambda: inp(token(c=claims(aud="cafe\u0301")), appID="caf\u00e9"), "accepted", "audience"),
    ("aud-nfkc", lambda: inp(token(c=claims(aud="\uff11\uff12\uff13\uff14\uff15\uff16\uff17\uff18\uff19\uff10"))),
     "audience", "accepted"),
    ("aud-number-coerced", lambda: inp(token(c=claims(aud=int(APP)))), "wrongClaimType:aud", "accepted"),
    ("exp-inclusive", lambda: inp(token(c=claims(exp=NOW))), "expired", "accepted"),
    ("now-truncated", lambda: inp(token(c=claims(exp=NOW + 0.5)), now=Decimal(NOW) + Decimal("0.7")),
     "expired", "accepted"),
    ("exp-float", lambda: inp(token(c=claims(exp=2 ** 53 + 1, iat=2 ** 53)), now=2 ** 53), "accepted", "expired"),
    ("exp-int64-wrap", lambda: inp(token(c=claims(exp=2 ** 63 + 5))), "accepted", "expired"),
    ("numericdate-int-only", lambda: inp(token(c=claims(exp=NOW + 3600.5))), "accepted", "wrongClaimType:exp"),
    ("numeric-string-ok", lambda: inp(token(c=claims(exp=str(NOW + 3600)))), "wrongClaimType:exp", "accepted"),
    ("bool-is-number", lambda: inp(token(c=claims(iat=True))), "wrongClaimType:iat", "issuedTooLongAgo"),
    ("iat-boundary-exclusive", lambda: inp(token(c=claims(iat=NOW - 600))), "accepted", "issuedTooLongAgo"),
    ("iat-future-refused", lambda: inp(token(c=claims(iat=NOW + 100))), "accepted", "issuedTooLongAgo"),
    ("iat-window-ms", lambda: inp(token(c=claims(iat=NOW - 700))), "issuedTooLongAgo", "accepted"),
    ("leeway-60", lambda: inp(token(c=claims(exp=NOW - 30))), "expired", "accepted"),
    ("exp-optional", lambda: inp(token(c=claims(exp=DEL))), "missingClaim:exp", "accepted"),
    ("null-as-missing", lambda: inp(token(c=claims(sub=None))), "wrongClaimType:sub", "missingClaim:sub"),
    ("nonce-empty-as-missing", lambda: inp(token(c=claims(nonce=""))), "emptyClaim:nonce", "missingClaim:nonce"),
    ("sub-empty-ok", lambda: inp(token(c=claims(sub=""))), "emptyClaim:sub", "accepted"),
    ("jti-optional-sdk", lambda: inp(token(c=claims(jti=DEL))), "missingClaim:jti", "accepted"),
    ("jti-empty-ok", lambda: inp(token(c=claims(jti=""))), "emptyClaim:jti", "accepted"),
    ("nonce-strip", lambda: inp(token(c=claims(nonce=NONCE + " "))), "nonceMismatch", "accepted"),
    ("nonce-nfc", lambda: inp(token(c=claims(nonce="cafe\u0301")), expectedNonce="caf\u00e9"), "nonceMismatch",
     "accepted"),
    ("nonce-exact-sdk", lambda: inp(token(c=claims(nonce="cafe\u0301")), expectedNonce="caf\u00e9"), "accepted",
     "nonceMismatch"),
    ("nonce-skip-empty-expected", lambda: inp(token(), expectedNonce=""), "nonceMismatch", "accepted"),
    ("nonce-casefold", lambda: inp(token(c=claims(nonce=NONCE.upper()))), "nonceMismatch", "accepted"),
    ("optional-typed-decode", lambda: inp(token(c=claims(email=5))), ("accepted", {"email": None}), "badJSON"),
    ("age-range-partial", lambda: inp(token(c=claims(user_age_range={"min": 21, "max": "x"}))),
     ("accepted", {"user_age_range": None}), ("accepted", {"user_age_range": '{"min":21}'})),
    ("friends-filter", lambda: inp(token(c=claims(user_friends=["a", 1]))), ("accepted", {"user_friends": None}),
     ("accepted", {"user_friends": '["a"]'})),
    ("place-empty-kept", lambda: inp(token(c=claims(user_hometown={}))), ("accepted", {"user_hometown": None}),
     ("accepted", {"user_hometown": "{}"})),
    ("optional-empty-string-dropped", lambda: inp(token(c=claims(email=""))), ("accepted", {"email": '""'}),
     ("accepted", {"email": None})),
    ("cnf-whole", lambda: inp(token(c=claims(cnf={"jkt": "abc", "x": 1}))), ("accepted", {"cnf": '{"jkt":"abc"}'}),
     ("accepted", {"cnf": '{"jkt":"abc","x":1}'})),
    ("unknown-claims-kept", lambda: inp(token(c=claims(foo="bar"))), ("accepted", {"foo": None}),
     ("accepted", {"foo": '"bar"'})),
    ("key-before-header", lambda: inp(token(h=header(alg="HS256", kid="nope"))), "headerAlgorithm", "unknownKeyID"),
    ("per-segment-order", lambda: inp(token(h=header(alg="HS256"), c=claims(pad="x" * 3), segs=lambda h, p: (
        h, p + "A" if len(p) % 4 == 0 else p[:-(len(p) % 4)] + "A"))), "badBase64url", "headerAlgorithm"),
]


def check(test, out, expected, label):
    if isinstance(expected, tuple):
        summ, members = expected
        test.assertEqual(summary(out), summ, label + ": " + json.dumps(out, default=str))
        for name, text in members.items():
            if text is None:
                test.assertNotIn(name, out["claims"], label)
            else:
                test.assertIn(name, out["claims"], label)
                test.assertEqual(V.dump(out["claims"][name]), text, label)
    else:
        test.assertEqual(summary(out), expected, label + ": " + json.dumps(out, default=str))


class BugCases(unittest.TestCase):
    def test_every_bug_has_a_case(self):
        self.assertEqual(sorted(b for b, *_ in CASES), sorted(V.BUGS))
        self.assertGreaterEqual(len(V.BUGS), 42)
        self.assertEqual({p for p, _ in V.BUGS.values()}, {"documented", "ios-sdk"})

    def test_bug_cases(self):
        for bug, make, base, buggy in CASES:
            with self.subTest(bug=bug):
                profile = V.BUGS[bug][0]
                data = make()
                check(self, run(profile, data), base, "base %s" % bug)
                check(self, run(profile, data, bug), buggy, "bug %s" % bug)

    def test_bugs_accept_happy_path(self):
        data = inp(token())
        data_opt = inp(token(c=claims(email="a@b.c", user_friends=["1", "2"], user_age_range={"min": 21},
                                      user_location={"id": "108", "name": "Hanoi, Vietnam"}, cnf={"jkt": "t"})))
        for bug, (profile, _) in V.BUGS.items():
            with self.subTest(bug=bug):
                self.assertEqual(run(profile, data, bug), run(profile, data), bug)
                if bug not in ("unknown-claims-kept",):
                    self.assertEqual(run(profile, data_opt, bug), run(profile, data_opt), bug)

    def test_descriptions_name_a_rule(self):
        for bug, (profile, desc) in V.BUGS.items():
            self.assertTrue("token." in desc or "§" in desc, bug)


class Base(unittest.TestCase):
    def both(self, data, expected, profiles=("documented", "ios-sdk")):
        for p in profiles:
            with self.subTest(profile=p):
                check(self, run(p, data), expected, p)

    def test_happy_path_claims(self):
        c = claims(email="", user_friends=[], user_age_range={"min": 21, "max": 1.5e1},
                   user_hometown={"id": "108", "name": "Hanoi, Vietnam"}, cnf={"jkt": "thumb", "other": 1},
                   other="ignored", picture=None)
        out = run("documented", inp(token(c=c)))
        self.assertEqual(out["result"], "accepted")
        self.assertEqual(V.dump(out["claims"]),
                         '{"jti":"j-1","iss":"https://www.facebook.com","aud":"1234567890","exp":1700003600,'
                         '"iat":1699999990,"nonce":"n0nce","sub":"1001","name":"Ann","email":"",'
                         '"user_friends":[],"user_age_range":{"min":21,"max":15.0},'
                         '"user_hometown":{"id":"108","name":"Hanoi, Vietnam"},"cnf":{"jkt":"thumb"}}')
        self.assertEqual(run("ios-sdk", inp(token(c=c))), out)

    def test_numbers_kept_exactly(self):
        raw = json.dumps(claims()).replace('"exp": %d' % (NOW + 3600), '"exp": 9007199254740993')
        out = run("documented", inp(token(craw=raw)))
        self.assertEqual(out["claims"]["exp"].text, "9007199254740993")
        raw = json.dumps(claims()).replace('"exp": %d' % (NOW + 3600), '"exp": 1.7000036E9')
        self.both(inp(token(craw=raw)), "accepted")
        raw = json.dumps(claims()).replace('"exp": %d' % (NOW + 3600), '"exp": 1e400')
        self.both(inp(token(craw=raw)), "accepted")
        self.both(inp(token(c=claims(exp=NOW + 0.001))), "accepted")
        self.both(inp(token(c=claims(exp=2 ** 64 + 1))), "accepted")
        self.both(inp(token(c=claims(exp=-(2 ** 64)))), "expired")

    def test_structure(self):
        t = token()
        h, p, s = t.split(".")
        for bad in ("", h, h + "." + p, t + "." + s, t + ".." + s, "..."):
            self.both(inp(bad), "malformed")
        self.both(inp(h + "." + p + "."), "signatureInvalid")

    def test_base64url(self):
        self.both(inp(token(h=header(x=TILDES))), "accepted")
        self.both(inp(token(h=filler_header(lambda n: n % 4 == 0), segs=lambda h, p: (h + "A", p))),
                  "badBase64url")
        padded = inp(token(h=filler_header(lambda n: n % 4 != 0), segs=lambda h, p: (pad(h), p)))
        check(self, run("documented", padded), "badBase64url", "doc")
        check(self, run("ios-sdk", padded), "accepted", "sdk")
        junk = inp(token(segs=lambda h, p: (h[:5] + " \n*" + h[5:], p)))
        check(self, run("documented", junk), "badBase64url", "doc")
        check(self, run("ios-sdk", junk), "accepted", "sdk")
        std = inp(token(h=header(x=TILDES), segs=lambda h, p: (h.replace("-", "+"), p)))
        check(self, run("documented", std), "badBase64url", "doc")
        check(self, run("ios-sdk", std), "accepted", "sdk")
        self.both(inp(token(post=lambda t: t[:-1] + "$")), "badBase64url", profiles=("documented",))

    def test_json(self):
        self.both(inp(token(hraw="[]")), "badJSON")
        self.both(inp(token(craw='"x"')), "badJSON")
        self.both(inp(token(craw=" " + json.dumps(claims()) + "\n")), "accepted")
        self.both(inp(token(craw='{"a":1}{}')), "badJSON")
        self.both(inp(token(craw=json.dumps(claims())[:-1] + ',"n":"\\ud800"}')), "badJSON")
        self.both(inp(token(craw=b"\xef\xbb\xbf" + json.dumps(claims()).encode())), "badJSON")
        self.both(inp(token(craw=json.dumps(claims()).encode("utf-16"))), "badJSON")
        self.both(inp(token(hraw='{"alg":"RS256","typ":"JWT","kid":"k1","kid":"k1"}')), "badJSON")
        self.both(inp(token(c=claims(name="\u00e9\U0001F600"))), "accepted")
        check(self, run("documented", inp(token(craw=json.dumps(claims())[:-1] + ",}"))), "badJSON", "doc")
        nested = {"a": None}
        for _ in range(400):
            nested = {"a": [nested]}
        self.both(inp(token(c=claims(deep=nested))), "accepted")

    def test_header(self):
        for alg in ("none", "HS256", "RS384", "rs256", " RS256", None, 1):
            self.both(inp(token(h=header(alg=alg))), "headerAlgorithm")
        self.both(inp(token(h=header(alg=DEL))), "headerAlgorithm")
        for typ in ("jwt", "JOSE", None, DEL):
            self.both(inp(token(h=header(typ=typ))), "headerType")
        for kid in ("", None, 1, DEL):
            self.both(inp(token(h=header(kid=kid))), "headerKeyID")
        check(self, run("documented", inp(token(h=header(crit=["b64"], b64=True)))), "headerCritical", "doc")
        check(self, run("ios-sdk", inp(token(h=header(crit=["b64"], b64=True)))), "accepted", "sdk")
        self.both(inp(token(h=header(jku="https://evil/jwks", x5u="https://evil", x5t="abc"))), "accepted")

    def test_keys(self):
        self.both(inp(token(h=header(kid="k2"), key=K2)), "accepted")
        self.both(inp(token(h=header(kid="k2"))), "signatureInvalid")
        self.both(inp(token(h=header(kid="k9"))), "unknownKeyID")
        only_jwks = inp(token(h=header(kid="j")), keys=keys(jwks=[jwk(K1, "j")]))
        check(self, run("documented", only_jwks), "accepted", "doc")
        check(self, run("ios-sdk", only_jwks), "unknownKeyID", "sdk")
        only_cert = inp(token(h=header(kid="c")), keys=keys(certs={"c": PEM["k1"]}))
        check(self, run("documented", only_cert), "unknownKeyID", "doc")
        check(self, run("ios-sdk", only_cert), "accepted", "sdk")
        for extra in ({"use": "enc"}, {"key_ops": ["encrypt"]}, {"alg": "RS512"}, {"key_ops": "verify"}):
            check(self, run("documented", inp(token(), keys=keys(jwks=[jwk(K1, "k1", **extra)]))),
                  "unknownKeyID", str(extra))
        ok = {"use": "sig", "key_ops": ["verify"], "alg": "RS256"}
        check(self, run("documented", inp(token(), keys=keys(jwks=[jwk(K1, "k1", **ok)]))), "accepted", "usable")
        dup = inp(token(), keys=keys(jwks=[jwk(K1, "k1"), jwk(K2, "k1")]))
        check(self, run("documented", dup), "unknownKeyID", "dup")
        oct_key = {"kty": "oct", "kid": "k1", "k": "c2VjcmV0"}
        self.both(inp(token(), keys=keys(jwks=[EC_JWK, oct_key, jwk(K1, "k1")],
                                         certs={"k1": PEM["k1"], "x": "not a cert", "y": PUBKEY_PEM1})), "accepted")
        check(self, run("ios-sdk", inp(token(), keys=keys(certs={"k1": PEM["k1"], "n": None}))), "unknownKeyID", "map")
        check(self, run("ios-sdk", inp(token(), keys=keys(certs={"k1": PUBKEY_PEM1}))), "unknownKeyID", "pubkey")
        check(self, run("ios-sdk", inp(token(), keys=keys(certs={"k1": EXPIRED_PEM1}))), "accepted", "expired cert")

    def test_signature(self):
        t = token()
        h, p, s = t.split(".")
        other = token(c=claims(sub="2002")).split(".")
        self.both(inp(h + "." + other[1] + "." + s), "signatureInvalid")
        self.both(inp(h + "." + p + "." + other[2]), "signatureInvalid")
        self.both(inp(token(key=K2)), "signatureInvalid")
        self.both(inp(token(signer=lambda d: pkcs1_sign(K1, d)[:-1])), "signatureInvalid")
        self.both(inp(token(signer=lambda d: raw_sign(K1, sha256_em(256, d)))), "accepted")
        self.both(inp(token(signer=lambda d: raw_sign(K1, sha256_em(256, d, extra=b"\x00")[1:] + b"\x00"))),
                  "signatureInvalid")
        em = bytearray(sha256_em(256, b"")); em[5] = 0xfe
        self.both(inp(token(signer=lambda d: raw_sign(K1, bytes(em)))), "signatureInvalid")
        self.both(inp(s_plus_n_token()), "signatureInvalid")

    def test_claims_required_and_types(self):
        for name in ("iss", "aud", "exp", "iat", "nonce", "sub"):
            self.both(inp(token(c=claims(**{name: DEL}))), "missingClaim:" + name)
            self.both(inp(token(c=claims(**{name: None}))), "wrongClaimType:" + name)
            self.both(inp(token(c=claims(**{name: True}))), "wrongClaimType:" + name)
        for name in ("iss", "aud", "nonce", "sub"):
            self.both(inp(token(c=claims(**{name: 5}))), "wrongClaimType:" + name)
        for name in ("exp", "iat"):
            self.both(inp(token(c=claims(**{name: "1700000000"}))), "wrongClaimType:" + name)
        check(self, run("ios-sdk", inp(token(c=claims(jti=DEL)))), "missingClaim:jti", "jti")
        check(self, run("ios-sdk", inp(token(c=claims(jti=5)))), "wrongClaimType:jti", "jti")
        check(self, run("ios-sdk", inp(token(c=claims(jti="")))), "emptyClaim:jti", "jti")
        out = run("documented", inp(token(c=claims(jti=DEL))))
        self.assertEqual(out["result"], "accepted")
        self.assertNotIn("jti", out["claims"])
        self.both(inp(token(c=claims(sub=""))), "emptyClaim:sub")
        self.both(inp(token(c=claims(sub=" "))), "accepted")
        self.both(inp(token(c=claims(nonce=""))), "emptyClaim:nonce")
        self.both(inp(token(c=claims(nonce="")), expectedNonce=""), "emptyClaim:nonce")
        self.both(inp(token(c=claims(aud=[APP]))), "wrongClaimType:aud")

    def test_issuer(self):
        for iss in ("https://www.facebook.com", "https://limited.facebook.com"):
            self.both(inp(token(c=claims(iss=iss))), "accepted")
        sdk_only = ("https://facebook.com", "https://m.facebook.com", "https://user@www.facebook.com",
                    "https://www.facebook.com:443", "https://www.facebook.com:8080/x",
                    "http://www.facebook.com/some/path", "https://.facebook.com", "ftp://a.facebook.com?x#y")
        for iss in sdk_only:
            check(self, run("documented", inp(token(c=claims(iss=iss)))), "issuer", iss)
            check(self, run("ios-sdk", inp(token(c=claims(iss=iss)))), "accepted", iss)
        refused = ("https://www.facebook.com@evil.com", "https://evil.com/www.facebook.com",
                   "https://evil.com#.facebook.com", "www.facebook.com", "https://", "https://WWW.FACEBOOK.COM",
                   "https://evilfacebook.com", "https://www.facebook.com.evil.com", "", "https://www.facebook.co",
                   "https://evil.com?.facebook.com", " https://www.facebook.com")
        for iss in refused:
            self.both(inp(token(c=claims(iss=iss))), "issuer")

    def test_audience_and_nonce(self):
        self.both(inp(token(c=claims(aud="1234567891"))), "audience")
        self.both(inp(token(c=claims(aud=" " + APP))), "audience")
        self.both(inp(token(c=claims(aud="\uff11\uff12\uff13\uff14\uff15\uff16\uff17\uff18\uff19\uff10"))), "audience")
        self.both(inp(token(c=claims(nonce="N0NCE"))), "nonceMismatch")
        self.both(inp(token(c=claims(nonce=NONCE + "\n"))), "nonceMismatch")
        self.both(inp(token(c=claims(nonce="x")), expectedNonce=""), "nonceMismatch")
        kelvin = inp(token(c=claims(nonce="\u212a")), expectedNonce="K")
        check(self, run("documented", kelvin), "nonceMismatch", "doc")
        check(self, run("ios-sdk", kelvin), "accepted", "sdk")
        self.both(inp(token(c=claims(nonce="\ufb01")), expectedNonce="fi"), "nonceMismatch")

    def test_times(self):
        self.both(inp(token(c=claims(exp=NOW))), "expired")
        self.both(inp(token(c=claims(exp=NOW - 1))), "expired")
        self.both(inp(token(c=claims(exp=NOW + 1))), "accepted")
        self.both(inp(token(c=claims(exp=NOW + 0.5)), now=Decimal(NOW) + Decimal("0.5")), "expired")
        self.both(inp(token(c=claims(iat=NOW - 600))), "accepted")
        self.both(inp(token(c=claims(iat=NOW - 600.5))), "issuedTooLongAgo")
        self.both(inp(token(c=claims(iat=NOW - 601))), "issuedTooLongAgo")
        check(self, run("ios-sdk", inp(token(c=claims(iat=NOW + 10 ** 9)))), "accepted", "future iat")

    def test_optional_claims(self):
        c = claims(name=1, given_name=None, email=[], user_friends=["a", None], user_age_range={},
                   user_location={"id": 108}, user_hometown=[], cnf={"jkt": ""}, picture={"url": "x"})
        out = run("ios-sdk", inp(token(c=c)))
        self.assertEqual(out["result"], "accepted")
        self.assertEqual(sorted(out["claims"]), sorted(["jti", "iss", "aud", "exp", "iat", "nonce", "sub"]))
        out = run("documented", inp(token(c=claims(user_age_range={"min": 21, "max": True}, cnf="x"))))
        self.assertNotIn("user_age_range", out["claims"])
        self.assertNotIn("cnf", out["claims"])


class Adapter(unittest.TestCase):
    def adapter(self, *args, lines=()):
        proc = subprocess.run([sys.executable, os.path.join(HERE, "validator.py"), *args],
                              input="".join(l + "\n" for l in lines), capture_output=True, text=True, timeout=60)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        return [json.loads(l) for l in proc.stdout.splitlines()]

    def test_list(self):
        rows = self.adapter("--list")
        self.assertEqual([r["name"] for r in rows], list(V.BUGS))
        for r in rows:
            self.assertEqual(set(r), {"name", "profile", "description"})
            self.assertIn(r["profile"], ("documented", "ios-sdk"))

    def test_protocol(self):
        data = inp(token(c=claims(exp=NOW + 3600.25)))
        data["now"] = NOW
        bad = dict(data, token="a.b")
        lines = [json.dumps({"type": "start", "protocolVersion": 1}),
                 json.dumps({"type": "run", "seq": 1, "family": "signed-token", "id": "x", "input": data}),
                 json.dumps({"type": "run", "seq": 2, "family": "signed-token", "id": "y", "input": bad}),
                 json.dumps({"type": "run", "seq": 3, "family": "nonce", "id": "z", "input": {"nonce": "a"}}),
                 json.dumps({"type": "stop"})]
        for args, profile in (((), "documented"), (("--profile", "ios-sdk"), "ios-sdk"),
                              (("--bug", "alg-none"), "ios-sdk"), (("--bug", "exp-inclusive"), "documented")):
            out = self.adapter(*args, lines=lines)
            self.assertEqual(out[0]["type"], "started")
            self.assertEqual(out[0]["profile"], profile)
            self.assertEqual(out[0]["capabilities"], ["signed-token"])
            self.assertEqual(out[1]["seq"], 1)
            self.assertEqual(out[1]["outcome"]["result"], "accepted")
            self.assertEqual(out[1]["outcome"]["claims"]["exp"], NOW + 3600.25)
            self.assertEqual(out[2], {"type": "result", "seq": 2, "outcome": {"result": "rejected",
                                                                              "reason": "malformed"}})
            self.assertEqual(out[3]["type"], "skipped")
            self.assertEqual(len(out), 4)

    def test_deep_nesting_and_large_token(self):
        nested = "null"
        for _ in range(5000):
            nested = '{"a":[' + nested + ']}'
        raw = json.dumps(claims(big="x" * 300000))[:-1] + ',"deep":' + nested + "}"
        data = inp(token(craw=raw))
        data["now"] = NOW
        lines = [json.dumps({"type": "start", "protocolVersion": 1}),
                 json.dumps({"type": "run", "seq": 1, "family": "signed-token", "id": "x", "input": data}),
                 json.dumps({"type": "stop"})]
        out = self.adapter(lines=lines)
        self.assertEqual(out[1]["outcome"]["result"], "accepted")


if __name__ == "__main__":
    unittest.main()
