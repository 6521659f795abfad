#!/usr/bin/env python3
"""Signed-token (Limited Login ID token) validator speaking the LoginConformance adapter protocol (HARNESS.md).

Base: SPECIFICATION.md §4 and the signed-token parts of §8, in the `documented` or the `ios-sdk` reading.
`--bug NAME` turns one deliberate, realistic deviation on (see BUGS and BUGS.md); `--list` prints them.

Order of the checks (SPECIFICATION.md §4): three segments, base64url (all three), JSON objects, header (alg, typ,
kid, crit), key by kid, signature, claims.
"""
import base64
import hashlib
import hmac
import json
import re
import sys
import unicodedata
from decimal import Decimal, InvalidOperation, localcontext
from urllib.parse import urlparse

sys.setrecursionlimit(20000)

D, S = "documented", "ios-sdk"

# name -> (profile, description naming the rule it breaks)
BUGS = {
    # --- compact serialisation and base64url ---
    "structure-maxsplit": (S, "splits the token with split('.', 2), so a fourth segment is glued to the signature (the lenient decoder then ignores the dot): not malformed (token.jose.structure)"),
    "token-trimmed": (D, "strips whitespace around the whole token before splitting, so leading/trailing whitespace is tolerated instead of badBase64url (token.jose.base64url.documented)"),
    "structure-skip-empty-segments": (D, "drops empty segments after splitting ('h.p.s.' or 'h..p.s' become three segments) instead of malformed (token.jose.structure)"),
    "b64-padding-accepted": (D, "strips trailing '=' before the strict base64url check, so padded segments are accepted (token.jose.base64url.documented)"),
    "b64-std-alphabet-header": (D, "peeks at the header with the standard-alphabet b64decode (non-validating), which drops '-' and '_' and reads other bytes (token.jose.base64url.alphabet)"),
    "b64-both-alphabets": (D, "maps '+' and '/' to '-' and '_' before the strict check, so standard-alphabet segments are accepted (token.jose.base64url.documented)"),
    "b64-whitespace-removed": (D, "removes whitespace inside segments (line-wrapped tokens) before decoding instead of badBase64url (token.jose.base64url.documented)"),
    "b64-trailing-bits": (D, "no canonical-trailing-bits check: non-zero unused bits in the last character are accepted (token.jose.base64url.documented)"),
    "sdk-b64-4n1-truncate": (S, "lenient decoder drops the last character of a 4n+1 segment instead of refusing it (token.jose.base64url.undecodable)"),
    "sdk-b64-rejects-padding": (S, "SDK port refuses any '=' in a segment, though the SDK tolerates padding (token.jose.base64url.ios-sdk)"),
    "sdk-b64-rejects-junk": (S, "SDK port decodes with a validating decoder: whitespace and unknown characters are refused, though the SDK ignores them (token.jose.base64url.ios-sdk)"),
    "sig-b64-as-signature-invalid": (D, "decodes the signature segment only at the signature step and reports its base64url errors as signatureInvalid instead of badBase64url (token.jose.base64url.documented, §4 order)"),
    "order-header-before-payload": (D, "decodes and checks the header (alg, typ, kid) before base64url-decoding the payload and signature, so a header fault hides a base64url fault (§4 order: base64url before header)"),
    # --- JSON ---
    "json-trailing-comma": (D, "strips trailing commas before parsing ('{\"a\":1,}' accepted) (token.json.trailing-comma.documented)"),
    "json-dup-first-wins": (S, "duplicate member names keep the first occurrence (token.jose.json.duplicate-members)"),
    "json-control-chars": (D, "parses with json.loads(strict=False): raw control characters inside strings are accepted (token.json.control-characters.documented)"),
    "json-nan-infinity": (D, "Python's json defaults accept NaN, Infinity and -Infinity, which are not JSON (token.jose.json)"),
    "json-comments": (D, "strips // and /* */ comments before parsing (token.json.number-and-comment-grammar.documented)"),
    "json-lenient-numbers": (D, "hand-rolled number reader accepts leading zeros, a plus sign and '.5' / '5.' (token.json.number-and-comment-grammar.documented)"),
    "json-non-object-as-empty": (S, "a header or payload that is JSON but not an object is read as an empty object, giving headerAlgorithm / missingClaim instead of badJSON (token.jose.json)"),
    "json-utf8-replace": (S, "decodes header and payload bytes with errors='replace', so invalid UTF-8 is accepted (token.jose.json)"),
    "json-trailing-data": (D, "parses with raw_decode and ignores text after the first JSON value (token.jose.json: one JSON object)"),
    "json-numbers-as-double": (D, "reads every JSON number as an IEEE double (like a JS or `as? Double` port): 2^53+1 becomes 2^53, 1e400 becomes infinity (token.jose.numbers, token.jose.numbers.exact.documented)"),
    "json-depth-limit": (S, "hardening: refuses JSON nested deeper than 8 levels as badJSON, though moderate nesting in ignored members must be accepted (token.jose.size)"),
    "token-size-limit": (D, "refuses tokens longer than 4096 characters as malformed (token.jose.size: no size limit)"),
    # --- header ---
    "alg-case-insensitive": (D, "compares alg case-insensitively ('rs256' accepted) (token.header.alg)"),
    "alg-none-accepted": (D, "alg 'none' skips the key lookup and the signature check (token.header.alg)"),
    "alg-any-rsa-sha": (S, "accepts RS384 and RS512 as well, verifying with the hash the header names (token.header.alg)"),
    "typ-case-insensitive": (S, "compares typ case-insensitively, as for a media type ('jwt' accepted) (token.header.typ)"),
    "typ-optional-sdk": (S, "SDK port treats typ as optional (checked only when present) (token.header.typ)"),
    "kid-coerce-str": (S, "reads kid with str(): a numeric kid 123 looks up '123', a null kid looks up 'None' (token.header.kid)"),
    "kid-missing-single-key": (S, "SDK port uses the only certificate when kid is absent (token.header.kid, ios-sdk requires kid)"),
    "kid-empty-unchecked": (S, "does not refuse an empty kid: it is looked up and reported as unknownKeyID instead of headerKeyID (token.header.kid)"),
    "crit-ignored": (D, "ignores the crit header (token.jose.crit.documented)"),
    "crit-refused-sdk": (S, "SDK port refuses a crit header as headerCritical, though the SDK ignores it (token.jose.crit.ios-sdk)"),
    "header-jwk-trusted": (D, "verifies with a jwk embedded in the header when there is one (token.header.other-members)"),
    # --- keys ---
    "kid-fallback-first-key": (D, "an unknown kid falls back to the first RSA key of the JWKS (token.jose.key-by-kid)"),
    "kid-case-insensitive": (D, "matches kid case-insensitively (token.jose.key-by-kid)"),
    "kid-strip": (S, "trims whitespace from the header kid and the certificate map's names before lookup (token.jose.key-by-kid)"),
    "kid-try-all-keys": (D, "when the kid names no key or its key does not verify, tries every RSA key of the JWKS (token.jose.key-by-kid)"),
    "key-source-both": (D, "documented reading also looks the kid up in the certificate map when the JWKS lacks it (token.jose.key-source.documented)"),
    "key-source-jwks-fallback-sdk": (S, "SDK port falls back to the JWKS when the certificate map lacks the kid (token.jose.key-source.ios-sdk)"),
    "key-usability-ignored": (D, "ignores a JWK's use, key_ops and alg members (token.jose.key-usability.documented)"),
    "key-ops-first-only": (D, "checks only key_ops[0] == 'verify', so ['sign', 'verify'] is unusable and ['verify', ...] anything goes (token.jose.key-usability.documented)"),
    "jwks-dup-kid-first": (D, "a kid shared by two JWKS keys picks the first (token.jose.key-by-kid.duplicate.documented)"),
    "jwks-non-rsa-breaks-set": (D, "builds every JWKS entry as an RSA key up front; an EC or oct entry fails the whole set (unknownKeyID) (token.jose.key-source.other-entries)"),
    "certmap-nonstring-skip": (S, "skips certificate-map entries that are not strings instead of failing the whole map (token.jose.key-source.string-map.ios-sdk)"),
    "certmap-bare-pubkey": (S, "accepts a bare PUBLIC KEY PEM in the certificate map when the certificate parse fails (token.jose.key-source.certificate-only.ios-sdk)"),
    "cert-dates-checked": (S, "refuses the key of a certificate that is expired or not yet valid at now (token.jose.key-source.certificate-dates)"),
    # --- signature ---
    "order-signature-before-header": (D, "verifies the signature with the kid's key before checking alg and typ, so a wrong alg is reported as signatureInvalid (§4 order, token.header.alg)"),
    "sig-pkcs1-suffix-only": (D, "hand-rolled PKCS#1 v1.5 check: 00 01, any padding bytes up to the first 00, then only that the block ends with the SHA-256 hash (token.jose.signature.encoding)"),
    "sig-pss-fallback": (S, "tries RSASSA-PSS when PKCS#1 v1.5 verification fails (token.jose.signature)"),
    "sig-length-unchecked": (D, "hand-rolled verifier reads the signature as an integer without checking it is exactly k bytes (token.jose.signature.encoding)"),
    "sig-no-modulus-check": (S, "hand-rolled verifier does not check s < n, so s + n verifies (token.jose.signature.encoding)"),
    "sig-hash-from-digestinfo": (D, "generic PKCS#1 verifier takes the hash from the DigestInfo OID (SHA-1/384/512 accepted) (token.jose.signature.encoding)"),
    "sig-over-reencoded-segments": (S, "verifies over the re-encoded decoded header and payload instead of the segments as received (token.jose.signature)"),
    "sig-empty-skipped": (S, "an empty signature segment skips verification (token.jose.signature)"),
    # --- claims ---
    "iss-prefix": (D, "accepts an iss that starts with an allowed issuer ('https://www.facebook.com.evil.com') (token.iss.documented)"),
    "iss-trailing-slash": (D, "strips trailing '/' from iss before comparing (token.iss.documented)"),
    "iss-sdk-suffix-no-dot": (S, "host check is endswith('facebook.com') without the dot ('evilfacebook.com' accepted) (token.iss.ios-sdk)"),
    "iss-sdk-urlparse-lowercase": (S, "takes the host from urllib's urlparse().hostname, which lowercases it (token.iss.ios-sdk: case-sensitive)"),
    "iss-sdk-host-regex": (S, "host is everything after scheme:// up to the first '/', so '?', '#' and userinfo stay in it (token.iss.ios-sdk)"),
    "iss-sdk-bare-host": (S, "an iss without scheme:// is read as a bare host ('www.facebook.com' accepted) (token.iss.ios-sdk)"),
    "iss-documented-uses-sdk-rule": (D, "documented reading uses the SDK's host rule ('https://m.facebook.com' accepted) (token.iss.documented)"),
    "aud-array-contains": (D, "accepts an aud array containing the app ID, as OpenID Connect allows (token.aud.array)"),
    "aud-trimmed": (S, "trims whitespace from aud and the app ID before comparing (token.aud)"),
    "aud-nfc-documented": (D, "NFC-normalises aud and the app ID before comparing (token.aud.code-points.documented)"),
    "aud-exact-sdk": (S, "SDK port compares aud code point by code point, refusing a canonically equivalent app ID (token.aud.canonical.ios-sdk)"),
    "aud-int-coerce": (S, "a numeric aud is compared as str(aud) (app IDs are numbers) instead of wrongClaimType (token.claim.type)"),
    "exp-inclusive": (D, "accepts exp == now (exp >= now) (token.exp.strict)"),
    "exp-int-truncate": (S, "truncates exp and iat to integers before comparing (fractions count) (token.jose.numbers, token.exp.strict)"),
    "exp-int64-wrap": (D, "stores integral exp and iat in an int64, wrapping values beyond 2^63 (token.jose.numbers)"),
    "exp-integer-only": (S, "requires exp and iat to be integer literals; fractions and exponent notation are wrongClaimType (token.claim.type)"),
    "exp-numeric-string": (D, "accepts exp and iat given as numeric strings (float(x)) (token.claim.type)"),
    "bool-as-number": (S, "isinstance(x, int) lets true/false pass as the numbers 1/0 for exp and iat (token.claim.type)"),
    "iat-window-strict": (S, "off by one at the bound: iat must be > now - 600, so iat == now - 600 is refused (token.iat.window)"),
    "iat-unchecked": (S, "iat is type-checked but its 600-second window is not enforced (token.iat.window)"),
    "iat-future-refused": (S, "refuses an iat more than 60 s in the future (issuedTooLongAgo), though the SDK has no upper bound (token.iat.future.ios-sdk)"),
    "exp-leeway": (D, "allows 60 s of clock-skew leeway on exp (token.exp.strict)"),
    "nonce-trimmed": (D, "trims whitespace from the nonce claim and the expected nonce before comparing (token.nonce)"),
    "nonce-casefold": (S, "compares the nonce case-insensitively (token.nonce)"),
    "nonce-nfc-documented": (D, "NFC-normalises the nonce and the expected nonce before comparing (token.nonce.code-points.documented)"),
    "nonce-nfkc": (S, "NFKC-normalises the nonces before comparing: compatibility mapping, not just canonical equivalence (token.nonce)"),
    "nonce-empty-as-missing": (S, "`if not claims.get('nonce')`: an empty (or null) nonce is missingClaim instead of emptyClaim / wrongClaimType (token.claim.non-empty)"),
    "sub-whitespace-empty": (D, "sub.strip() == '' counts a whitespace-only sub as empty (token.claim.non-empty: a single space is non-empty)"),
    "jti-optional-sdk": (S, "SDK port does not require jti (token.claim.jti.ios-sdk)"),
    "jti-empty-ok": (S, "SDK port requires jti but accepts an empty string (token.claim.jti.ios-sdk)"),
    "sub-null-as-missing": (D, "`claims.get('sub') is None`: a null sub is missingClaim instead of wrongClaimType (token.claim.type)"),
    # --- optional and unknown claims ---
    "optional-wrong-type-rejects": (S, "schema-validates optional claims: one of the wrong type refuses the token (badJSON) (token.optional.dropped.ios-sdk)"),
    "optional-no-type-check": (S, "keeps optional claims whatever their type (token.optional.dropped.ios-sdk)"),
    "friends-first-element": (S, "checks only the first element of user_friends is a string (token.optional.dropped.ios-sdk)"),
    "age-range-empty-kept": (S, "keeps an empty user_age_range object (all() of nothing is true) (token.optional.dropped.ios-sdk)"),
    "place-partial-drop": (S, "drops only the wrong-typed members of user_hometown / user_location instead of the whole claim (token.optional.dropped.ios-sdk)"),
    "cnf-empty-jkt": (S, "keeps cnf whose jkt is the empty string (token.optional.dropped.ios-sdk, RFC 9449 §6.1)"),
    "unknown-claims-kept": (D, "returns every claim of the payload, unknown ones included (token.unknown-claims)"),
    "optional-falsy-dropped": (D, "`if claims.get(name):` drops empty-string optional claims and an empty user_friends (token.optional.kept)"),
}


class Reject(Exception):
    def __init__(self, reason, claim=None):
        super().__init__(reason)
        self.reason = reason
        self.claim = claim


class JNum:
    """A JSON number kept exactly: its text and its exact value."""
    __slots__ = ("raw", "value")

    def __init__(self, raw, value=None):
        self.raw = raw
        self.value = Decimal(raw) if value is None else value

    def __repr__(self):
        return "JNum(%s)" % self.raw


def is_num(v):
    return isinstance(v, JNum)


# ---------------------------------------------------------------- output

def dump(v):
    if isinstance(v, JNum):
        return v.raw
    if v is True:
        return "true"
    if v is False:
        return "false"
    if v is None:
        return "null"
    if isinstance(v, float):
        return json.dumps(v)
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=True)
    if isinstance(v, list):
        return "[" + ",".join(dump(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ",".join(json.dumps(k, ensure_ascii=True) + ":" + dump(x) for k, x in v.items()) + "}"
    raise TypeError(type(v))


# ---------------------------------------------------------------- base64url

URLSAFE = re.compile(r"[A-Za-z0-9_-]*")
STD_CHARS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")


def b64url_encode(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64url_strict(s, bug=None):
    """RFC 7515 §2 base64url: URL-safe alphabet, no padding, no whitespace, canonical trailing bits."""
    if bug == "b64-padding-accepted":
        s = s.rstrip("=")
    if bug == "b64-both-alphabets":
        s = s.replace("+", "-").replace("/", "_")
    if bug == "b64-whitespace-removed":
        s = "".join(s.split())
    if not URLSAFE.fullmatch(s) or len(s) % 4 == 1:
        raise Reject("badBase64url")
    data = base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))
    if bug != "b64-trailing-bits" and b64url_encode(data) != s:
        raise Reject("badBase64url")  # non-canonical trailing bits
    return data


def b64_sdk(s, bug=None):
    """FBSDKBase64: '-' -> '+', '_' -> '/', padding added, unknown characters ignored."""
    if bug == "sdk-b64-rejects-padding" and "=" in s:
        raise Reject("badBase64url")
    s = s.replace("-", "+").replace("_", "/")
    if bug == "sdk-b64-rejects-junk":
        t = s.rstrip("=")
        if any(c not in STD_CHARS for c in t):
            raise Reject("badBase64url")
    kept = "".join(c for c in s if c in STD_CHARS or c == "=")
    t = kept.rstrip("=")
    if "=" in t:
        raise Reject("badBase64url")
    if len(t) % 4 == 1:
        if bug == "sdk-b64-4n1-truncate":
            t = t[:-1]
        else:
            raise Reject("badBase64url")
    try:
        return base64.b64decode(t + "=" * (-len(t) % 4), validate=True)
    except (ValueError, base64.binascii.Error):
        raise Reject("badBase64url")


def b64_std_nonvalidating(s):
    try:
        return base64.b64decode(s + "=" * (-len(s) % 4))
    except (ValueError, base64.binascii.Error):
        raise Reject("badBase64url")


# ---------------------------------------------------------------- JSON

def walk_outside_strings(text, fn_chunk, strip_comments=False):
    """Rewrite the parts of a JSON-ish text outside strings (used by the lenient-parser bugs)."""
    out, chunk, i, n = [], [], 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            out.append(fn_chunk("".join(chunk)))
            chunk = []
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
            continue
        if strip_comments and text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if strip_comments and text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
            continue
        chunk.append(c)
        i += 1
    out.append(fn_chunk("".join(chunk)))
    return "".join(out)


LENIENT_NUM = re.compile(r"(?<![A-Za-z0-9_.])[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")


def parse_json_object(data, bug=None):
    """Bytes -> dict; strict RFC 8259 in UTF-8, duplicate members refused, exact numbers."""
    try:
        text = data.decode("utf-8", errors="replace" if bug == "json-utf8-replace" else "strict")
    except UnicodeDecodeError:
        raise Reject("badJSON")
    if bug == "json-trailing-comma":
        text = re.sub(r",(\s*[}\]])", r"\1", text)
    if bug == "json-comments":
        text = walk_outside_strings(text, lambda c: c, strip_comments=True)
    if bug == "json-lenient-numbers":
        text = walk_outside_strings(text, lambda c: LENIENT_NUM.sub(lambda m: str(Decimal(m.group(0))), c))

    def pairs(items):
        obj = {}
        for k, v in items:
            if k in obj:
                if bug == "json-dup-first-wins":
                    continue
                raise Reject("badJSON")
            obj[k] = v
        return obj

    def const(name):
        if bug == "json-nan-infinity":
            return JNum(name, Decimal(name))
        raise Reject("badJSON")

    if bug == "json-numbers-as-double":
        def num(s):
            f = float(s)
            return JNum(json.dumps(f), Decimal(f) if f == f and abs(f) != float("inf") else Decimal(str(f)))
    else:
        num = JNum
    decoder = json.JSONDecoder(object_pairs_hook=pairs, parse_float=num, parse_int=num, parse_constant=const,
                               strict=(bug != "json-control-chars"))
    try:
        if bug == "json-trailing-data":
            obj, _ = decoder.raw_decode(text.strip(" \t\r\n"))
        else:
            obj = decoder.decode(text)
    except (ValueError, RecursionError):
        raise Reject("badJSON")
    check_values(obj, bug)
    if not isinstance(obj, dict):
        if bug == "json-non-object-as-empty":
            return {}
        raise Reject("badJSON")
    return obj


def check_values(obj, bug):
    """Refuse lone surrogates (not UTF-8 text; I-JSON) and, for one bug, deep nesting."""
    stack = [(obj, 1)]
    while stack:
        v, depth = stack.pop()
        if bug == "json-depth-limit" and depth > 8 and isinstance(v, (dict, list)):
            raise Reject("badJSON")
        if isinstance(v, str):
            if any(0xD800 <= ord(c) <= 0xDFFF for c in v):
                raise Reject("badJSON")
        elif isinstance(v, dict):
            for k, x in v.items():
                stack.append((k, depth))
                stack.append((x, depth + 1))
        elif isinstance(v, list):
            stack.extend((x, depth + 1) for x in v)


# ---------------------------------------------------------------- RSA

DIGESTINFO = {
    "sha1": bytes.fromhex("3021300906052b0e03021a05000414"),
    "sha256": bytes.fromhex("3031300d060960864801650304020105000420"),
    "sha384": bytes.fromhex("3041300d060960864801650304020205000430"),
    "sha512": bytes.fromhex("3051300d060960864801650304020305000440"),
}


def emsa_pkcs1(hash_name, message, k):
    t = DIGESTINFO[hash_name] + hashlib.new(hash_name, message).digest()
    if k < len(t) + 11:
        return None
    return b"\x00\x01" + b"\xff" * (k - len(t) - 3) + b"\x00" + t


def rsa_verify(n, e, sig, message, bug=None, hash_name="sha256"):
    """RSASSA-PKCS1-v1_5 verification, RFC 8017 §8.2.2 (exact comparison of the encoded block)."""
    k = (n.bit_length() + 7) // 8
    if bug != "sig-length-unchecked" and len(sig) != k:
        return False
    s = int.from_bytes(sig, "big")
    if bug != "sig-no-modulus-check" and s >= n:
        return False
    m = pow(s, e, n)
    if m >= 1 << (8 * k):
        return False
    em = m.to_bytes(k, "big")
    if bug == "sig-pkcs1-suffix-only":
        if em[:2] != b"\x00\x01":
            return False
        sep = em.find(b"\x00", 2)
        return sep > 2 and em.endswith(hashlib.sha256(message).digest())
    if bug == "sig-hash-from-digestinfo":
        for name, prefix in DIGESTINFO.items():
            expected = emsa_pkcs1(name, message, k)
            if expected is not None and hmac.compare_digest(em, expected):
                return True
        return False
    expected = emsa_pkcs1(hash_name, message, k)
    return expected is not None and hmac.compare_digest(em, expected)


def pss_verify(n, e, sig, message):
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import padding, rsa
    key = rsa.RSAPublicNumbers(e, n).public_key()
    for salt in (padding.PSS.AUTO if hasattr(padding.PSS, "AUTO") else 32, 32):
        try:
            key.verify(sig, message, padding.PSS(mgf=padding.MGF1(hashes.SHA256()), salt_length=salt), hashes.SHA256())
            return True
        except (InvalidSignature, ValueError):
            continue
    return False


def jwk_int(v):
    if not isinstance(v, str) or not v:
        raise ValueError("bad JWK integer")
    try:
        data = b64url_strict(v)
    except Reject:
        raise ValueError("bad JWK integer")
    return int.from_bytes(data, "big")


def jwk_rsa(jwk):
    n, e = jwk_int(jwk.get("n")), jwk_int(jwk.get("e"))
    if n < 3 or e < 3:
        raise ValueError("bad RSA key")
    return n, e


def pem_rsa(pem, bug=None, now=None):
    from cryptography import x509
    from cryptography.hazmat.primitives.asymmetric import rsa
    from cryptography.hazmat.primitives.serialization import load_pem_public_key
    try:
        cert = x509.load_pem_x509_certificate(pem.encode("utf-8"))
        key = cert.public_key()
        if bug == "cert-dates-checked" and now is not None:
            nb = Decimal(int(cert.not_valid_before_utc.timestamp()))
            na = Decimal(int(cert.not_valid_after_utc.timestamp()))
            if not (nb <= now <= na):
                return None
    except Exception:
        if bug != "certmap-bare-pubkey":
            return None
        try:
            key = load_pem_public_key(pem.encode("utf-8"))
        except Exception:
            return None
    if not isinstance(key, rsa.RSAPublicKey):
        return None
    nums = key.public_numbers()
    return nums.n, nums.e


# ---------------------------------------------------------------- claims helpers

ALLOWED_ISS = ("https://www.facebook.com", "https://limited.facebook.com")
SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*")


def sdk_host(iss, bug=None):
    """The host Foundation's URL gives: after scheme:// and any userinfo@, up to ':', '/', '?' or '#'."""
    if bug == "iss-sdk-urlparse-lowercase":
        try:
            return urlparse(iss).hostname
        except ValueError:
            return None
    if any(ord(c) <= 0x20 or ord(c) == 0x7F for c in iss):
        return None  # URL(string:) refuses spaces and controls
    i = iss.find("://")
    if i < 0:
        if bug == "iss-sdk-bare-host":
            return iss.split("/")[0]
        return None
    if not SCHEME.fullmatch(iss[:i]):
        return None
    rest = iss[i + 3:]
    if bug == "iss-sdk-host-regex":
        return rest.split("/")[0].split(":")[0]
    authority = re.split(r"[/?#]", rest, maxsplit=1)[0]
    if "@" in authority:
        authority = authority.rsplit("@", 1)[1]
    host, _, port = authority.partition(":")
    if port and not port.isdigit():
        return None
    return host or None


def sdk_iss_ok(iss, bug=None):
    host = sdk_host(iss, bug)
    if not host:
        return False
    if bug == "iss-sdk-suffix-no-dot":
        return host.endswith("facebook.com")
    return host == "facebook.com" or host.endswith(".facebook.com")


def canon(s):
    return unicodedata.normalize("NFD", s)


def dec_compare(a, op, b):
    try:
        return op(a, b)
    except InvalidOperation:
        return False


STRING_OPTIONALS = ("name", "given_name", "middle_name", "family_name", "email", "picture", "user_birthday",
                    "user_gender", "user_link")
OPTIONALS = STRING_OPTIONALS + ("user_friends", "user_age_range", "user_hometown", "user_location", "cnf")
REQUIRED = ("jti", "iss", "aud", "exp", "iat", "nonce", "sub")


# ---------------------------------------------------------------- the validator

class Validator:
    def __init__(self, profile, bug=None):
        self.profile = profile
        self.bug = bug
        self.sdk = profile == S

    def validate(self, inp):
        try:
            return {"result": "accepted", "claims": self._validate(inp)}
        except Reject as r:
            out = {"result": "rejected", "reason": r.reason}
            if r.claim is not None:
                out["claim"] = r.claim
            return out

    # -- decoding
    def decode_segment(self, s, part):
        bug = self.bug
        if self.sdk:
            return b64_sdk(s, bug)
        if bug == "b64-std-alphabet-header" and part == "header":
            return b64_std_nonvalidating(s)
        return b64url_strict(s, bug)

    def check_header(self, header):
        bug = self.bug
        alg = header.get("alg")
        if bug == "alg-case-insensitive":
            alg_ok = isinstance(alg, str) and alg.upper() == "RS256"
        elif bug == "alg-any-rsa-sha":
            alg_ok = alg in ("RS256", "RS384", "RS512")
        elif bug == "alg-none-accepted":
            alg_ok = alg in ("RS256", "none")
        else:
            alg_ok = alg == "RS256"
        if not alg_ok:
            raise Reject("headerAlgorithm")
        typ = header.get("typ")
        if bug == "typ-optional-sdk" and "typ" not in header:
            pass
        elif bug == "typ-case-insensitive":
            if not (isinstance(typ, str) and typ.upper() == "JWT"):
                raise Reject("headerType")
        elif typ != "JWT":
            raise Reject("headerType")
        if not (bug == "alg-none-accepted" and alg == "none"):
            kid = header.get("kid")
            if bug == "kid-coerce-str":
                if "kid" not in header or str(kid) == "":
                    raise Reject("headerKeyID")
            elif bug == "kid-missing-single-key" and "kid" not in header:
                pass
            elif bug == "kid-empty-unchecked":
                if not isinstance(kid, str):
                    raise Reject("headerKeyID")
            elif not (isinstance(kid, str) and kid):
                raise Reject("headerKeyID")
        if "crit" in header:
            if (not self.sdk and bug != "crit-ignored") or bug == "crit-refused-sdk":
                raise Reject("headerCritical")  # we understand no extension

    def _validate(self, inp):
        bug = self.bug
        token = inp["token"]
        now = inp["now"]
        now = now if isinstance(now, Decimal) else Decimal(str(now)) if isinstance(now, float) else Decimal(now)
        if bug == "token-trimmed":
            token = token.strip()
        if bug == "token-size-limit" and len(token) > 4096:
            raise Reject("malformed")
        if bug == "structure-maxsplit":
            parts = token.split(".", 2)
        elif bug == "structure-skip-empty-segments":
            parts = [p for p in token.split(".") if p]
        else:
            parts = token.split(".")
        if len(parts) != 3:
            raise Reject("malformed")
        seg_h, seg_p, seg_s = parts

        if bug == "order-header-before-payload":
            header = parse_json_object(self.decode_segment(seg_h, "header"), bug)
            self.check_header(header)
            raw_p = self.decode_segment(seg_p, "payload")
            sig = self.decode_segment(seg_s, "signature")
            payload = parse_json_object(raw_p, bug)
        else:
            raw_h = self.decode_segment(seg_h, "header")
            raw_p = self.decode_segment(seg_p, "payload")
            if bug == "sig-b64-as-signature-invalid":
                sig = None
            else:
                sig = self.decode_segment(seg_s, "signature")
            header = parse_json_object(raw_h, bug)
            payload = parse_json_object(raw_p, bug)

        signing_input = (seg_h + "." + seg_p).encode("utf-8")
        if bug == "sig-over-reencoded-segments":
            signing_input = (b64url_encode(raw_h) + "." + b64url_encode(raw_p)).encode("ascii")

        def verify_signature():
            nonlocal sig
            if sig is None:
                try:
                    sig = b64url_strict(seg_s)
                except Reject:
                    raise Reject("signatureInvalid")
            if bug == "sig-empty-skipped" and seg_s == "":
                return
            hash_name = "sha256"
            if bug == "alg-any-rsa-sha":
                hash_name = {"RS384": "sha384", "RS512": "sha512"}.get(header.get("alg"), "sha256")
            if bug == "header-jwk-trusted" and isinstance(header.get("jwk"), dict):
                try:
                    n, e = jwk_rsa(header["jwk"])
                    if rsa_verify(n, e, sig, signing_input):
                        return
                except ValueError:
                    pass
            key = self.lookup_key(header, inp["keys"], now)
            if self.check_sig(key, sig, signing_input, hash_name):
                return
            if bug == "kid-try-all-keys":
                for k in self.all_jwks_keys(inp["keys"]):
                    if self.check_sig(k, sig, signing_input, hash_name):
                        return
            raise Reject("signatureInvalid")

        if bug == "order-signature-before-header" and isinstance(header.get("kid"), str) and header.get("kid"):
            verify_signature()
            self.check_header(header)
        else:
            self.check_header(header)
            if not (bug == "alg-none-accepted" and header.get("alg") == "none"):
                verify_signature()
        return self.check_claims(payload, inp, now)

    def check_sig(self, key, sig, message, hash_name):
        n, e = key
        if rsa_verify(n, e, sig, message, self.bug, hash_name):
            return True
        if self.bug == "sig-pss-fallback":
            return pss_verify(n, e, sig, message)
        return False

    # -- keys
    def all_jwks_keys(self, keys):
        jwks = keys.get("jwks")
        out = []
        for k in (jwks.get("keys") if isinstance(jwks, dict) else None) or []:
            if isinstance(k, dict) and k.get("kty") == "RSA":
                try:
                    out.append(jwk_rsa(k))
                except ValueError:
                    pass
        return out

    def lookup_key(self, header, keys, now):
        bug = self.bug
        kid = header.get("kid")
        if bug == "kid-coerce-str":
            kid = str(kid)
        if self.sdk:
            key = self.lookup_cert(kid, keys.get("certificates"), now)
            if key is None and bug == "key-source-jwks-fallback-sdk":
                key = self.lookup_jwk(kid, keys.get("jwks"))
        else:
            key = self.lookup_jwk(kid, keys.get("jwks"))
            if key is None and bug == "key-source-both":
                key = self.lookup_cert(kid, keys.get("certificates"), now)
            if key is None and bug == "kid-fallback-first-key":
                all_keys = self.all_jwks_keys(keys)
                key = all_keys[0] if all_keys else None
        if key is None:
            if bug == "kid-try-all-keys" and self.all_jwks_keys(keys):
                return (3, 3)  # a key that verifies nothing; the caller then tries every key
            raise Reject("unknownKeyID")
        return key

    def lookup_jwk(self, kid, jwks):
        bug = self.bug
        entries = jwks.get("keys") if isinstance(jwks, dict) else None
        if not isinstance(entries, list):
            return None
        if bug == "jwks-non-rsa-breaks-set":
            for k in entries:
                if not isinstance(k, dict) or k.get("kty") != "RSA":
                    return None
        if not isinstance(kid, str):
            return None
        if bug == "kid-case-insensitive":
            match = lambda k: isinstance(k.get("kid"), str) and k["kid"].lower() == kid.lower()
        else:
            match = lambda k: k.get("kid") == kid
        cands = [k for k in entries if isinstance(k, dict) and k.get("kty") == "RSA" and match(k)]
        if not cands:
            return None
        if len(cands) > 1 and bug != "jwks-dup-kid-first":
            return None  # a kid two keys share names no one key (D34)
        jwk = cands[0]
        if bug != "key-usability-ignored":
            if "use" in jwk and jwk["use"] != "sig":
                return None
            if "key_ops" in jwk:
                ops = jwk["key_ops"]
                if bug == "key-ops-first-only":
                    if not (isinstance(ops, list) and ops and ops[0] == "verify"):
                        return None
                elif not (isinstance(ops, list) and "verify" in ops):
                    return None
            if "alg" in jwk and jwk["alg"] != "RS256":
                return None
        try:
            return jwk_rsa(jwk)
        except ValueError:
            return None

    def lookup_cert(self, kid, certs, now):
        bug = self.bug
        if not isinstance(certs, dict):
            return None
        if bug == "certmap-nonstring-skip":
            certs = {k: v for k, v in certs.items() if isinstance(v, str)}
        elif any(not isinstance(v, str) for v in certs.values()):
            return None  # `as? [String: String]` fails for the whole map (D13)
        if bug == "kid-missing-single-key" and kid is None:
            if len(certs) != 1:
                return None
            kid = next(iter(certs))
        if not isinstance(kid, str):
            return None
        if bug == "kid-strip":
            certs = {k.strip(): v for k, v in certs.items()}
            kid = kid.strip()
        pem = certs.get(kid)
        if pem is None:
            return None
        return pem_rsa(pem, bug, now)

    # -- claims
    def check_claims(self, c, inp, now):
        bug = self.bug
        sdk = self.sdk

        def present(name):
            if name not in c:
                raise Reject("missingClaim", name)
            return c[name]

        def string_claim(name, non_empty=False):
            v = present(name)
            if not isinstance(v, str):
                raise Reject("wrongClaimType", name)
            if non_empty and v == "":
                raise Reject("emptyClaim", name)
            return v

        def number_claim(name):
            v = present(name)
            if bug == "exp-numeric-string" and isinstance(v, str):
                try:
                    return JNum(v, Decimal(repr(float(v))))
                except ValueError:
                    raise Reject("wrongClaimType", name)
            if bug == "bool-as-number" and isinstance(v, bool):
                return JNum(str(int(v)))
            if not is_num(v):
                raise Reject("wrongClaimType", name)
            if bug == "exp-integer-only" and not re.fullmatch(r"-?\d+", v.raw):
                raise Reject("wrongClaimType", name)
            return v

        def time_value(v):
            x = v.value
            if bug == "exp-int-truncate" and x.is_finite():
                x = Decimal(int(x))
            if bug == "exp-int64-wrap" and x.is_finite() and x == x.to_integral_value():
                i = int(x)
                x = Decimal(((i + 2 ** 63) % 2 ** 64) - 2 ** 63)
            return x

        kept = {}
        # jti
        if sdk and bug != "jti-optional-sdk":
            kept["jti"] = string_claim("jti", non_empty=(bug != "jti-empty-ok"))
        elif isinstance(c.get("jti"), str):
            kept["jti"] = c["jti"]
        # iss
        iss = string_claim("iss")
        if sdk or bug == "iss-documented-uses-sdk-rule":
            ok = sdk_iss_ok(iss, bug)
        elif bug == "iss-prefix":
            ok = any(iss.startswith(a) for a in ALLOWED_ISS)
        elif bug == "iss-trailing-slash":
            ok = iss.rstrip("/") in ALLOWED_ISS
        else:
            ok = iss in ALLOWED_ISS
        if not ok:
            raise Reject("issuer")
        kept["iss"] = iss
        # aud
        aud = present("aud")
        app_id = inp["appID"]
        if bug == "aud-array-contains" and isinstance(aud, list):
            if app_id not in aud:
                raise Reject("audience")
            aud = app_id
        elif bug == "aud-int-coerce" and is_num(aud):
            aud = aud.raw
        if not isinstance(aud, str):
            raise Reject("wrongClaimType", "aud")
        if bug == "aud-trimmed":
            same = canon(aud.strip()) == canon(app_id.strip())
        elif bug == "aud-nfc-documented":
            same = unicodedata.normalize("NFC", aud) == unicodedata.normalize("NFC", app_id)
        elif sdk and bug != "aud-exact-sdk":
            same = canon(aud) == canon(app_id)
        else:
            same = aud == app_id
        if not same:
            raise Reject("audience")
        kept["aud"] = aud
        # exp
        exp = number_claim("exp")
        exp_v = time_value(exp)
        with localcontext() as ctx:
            ctx.prec = 100000
            if bug == "exp-inclusive":
                fresh = dec_compare(exp_v, lambda a, b: a >= b, now)
            elif bug == "exp-leeway":
                fresh = dec_compare(exp_v + 60, lambda a, b: a > b, now)
            else:
                fresh = dec_compare(exp_v, lambda a, b: a > b, now)
            if not fresh:
                raise Reject("expired")
            kept["exp"] = exp
            # iat
            iat = number_claim("iat")
            iat_v = time_value(iat)
            if bug != "iat-unchecked":
                if bug == "iat-window-strict":
                    recent = dec_compare(iat_v, lambda a, b: a > b, now - 600)
                else:
                    recent = dec_compare(iat_v, lambda a, b: a >= b, now - 600)
                if not recent:
                    raise Reject("issuedTooLongAgo")
            if bug == "iat-future-refused" and dec_compare(iat_v, lambda a, b: a > b, now + 60):
                raise Reject("issuedTooLongAgo")
            kept["iat"] = iat
        # nonce
        if bug == "nonce-empty-as-missing" and not c.get("nonce"):
            raise Reject("missingClaim", "nonce")
        nonce = string_claim("nonce", non_empty=True)
        expected = inp["expectedNonce"]
        if bug == "nonce-trimmed":
            same = nonce.strip() == expected.strip()
        elif bug == "nonce-casefold":
            same = canon(nonce.casefold()) == canon(expected.casefold())
        elif bug == "nonce-nfc-documented":
            same = unicodedata.normalize("NFC", nonce) == unicodedata.normalize("NFC", expected)
        elif bug == "nonce-nfkc":
            same = unicodedata.normalize("NFKC", nonce) == unicodedata.normalize("NFKC", expected)
        elif sdk:
            same = canon(nonce) == canon(expected)
        else:
            same = nonce == expected
        if not same:
            raise Reject("nonceMismatch")
        kept["nonce"] = nonce
        # sub
        if bug == "sub-null-as-missing" and c.get("sub") is None:
            raise Reject("missingClaim", "sub")
        sub = string_claim("sub", non_empty=True)
        if bug == "sub-whitespace-empty" and sub.strip() == "":
            raise Reject("emptyClaim", "sub")
        kept["sub"] = sub
        # optional claims
        for name in OPTIONALS:
            if name not in c:
                continue
            v = c[name]
            ok_v = self.optional_value(name, v)
            if ok_v is None:
                if bug == "optional-wrong-type-rejects":
                    raise Reject("badJSON")
                if bug == "optional-no-type-check":
                    kept[name] = v
                continue
            if bug == "optional-falsy-dropped" and not (ok_v if name != "cnf" else ok_v["jkt"]):
                continue
            kept[name] = ok_v
        if bug == "unknown-claims-kept":
            for k, v in c.items():
                kept.setdefault(k, v)
        return kept

    def optional_value(self, name, v):
        """The value kept for an optional claim, or None when its type is wrong (the claim is dropped)."""
        bug = self.bug
        if name in STRING_OPTIONALS:
            return v if isinstance(v, str) else None
        if name == "user_friends":
            if not isinstance(v, list):
                return None
            if bug == "friends-first-element":
                return v if not v or isinstance(v[0], str) else None
            return v if all(isinstance(x, str) for x in v) else None
        if name == "user_age_range":
            if not isinstance(v, dict) or (not v and bug != "age-range-empty-kept"):
                return None
            return v if all(is_num(x) for x in v.values()) else None
        if name in ("user_hometown", "user_location"):
            if not isinstance(v, dict) or not v:
                return None
            if bug == "place-partial-drop":
                kept = {k: x for k, x in v.items() if isinstance(x, str)}
                return kept or None
            return v if all(isinstance(x, str) for x in v.values()) else None
        if name == "cnf":
            if not isinstance(v, dict):
                return None
            jkt = v.get("jkt")
            if not isinstance(jkt, str) or (jkt == "" and bug != "cnf-empty-jkt"):
                return None
            return {"jkt": jkt}
        return None


# ---------------------------------------------------------------- adapter

def send(obj):
    sys.stdout.write(dump(obj) + "\n")
    sys.stdout.flush()


def main(argv):
    profile, bug = D, None
    args = list(argv)
    if "--list" in args:
        for name, (prof, desc) in BUGS.items():
            print(json.dumps({"name": name, "profile": prof, "description": desc}))
        return 0
    while args:
        a = args.pop(0)
        if a == "--profile":
            profile = args.pop(0)
        elif a == "--bug":
            bug = args.pop(0)
        else:
            print("unknown argument: %s" % a, file=sys.stderr)
            return 2
    if profile not in (D, S):
        print("unknown profile: %s" % profile, file=sys.stderr)
        return 2
    if bug is not None:
        if bug not in BUGS:
            print("unknown bug: %s" % bug, file=sys.stderr)
            return 2
        profile = BUGS[bug][0]
    validator = Validator(profile, bug)
    for line in sys.stdin:
        if not line.strip():
            continue
        msg = json.loads(line, parse_float=Decimal)
        kind = msg.get("type")
        if kind == "start":
            send({"type": "started", "protocolVersion": 1,
                  "implementation": {"name": "blind2-signed-token" + ("-" + bug if bug else ""),
                                     "version": "1.0", "language": "python"},
                  "capabilities": ["signed-token"], "profile": profile})
        elif kind == "stop":
            return 0
        elif kind == "run":
            seq = msg["seq"]
            if msg.get("family") != "signed-token":
                send({"type": "skipped", "seq": seq, "reason": "only signed-token is implemented"})
                continue
            try:
                send({"type": "result", "seq": seq, "outcome": validator.validate(msg["input"])})
            except Exception as exc:  # noqa: BLE001 - report, never crash
                send({"type": "errored", "seq": seq, "message": "%s: %s" % (type(exc).__name__, exc)})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
