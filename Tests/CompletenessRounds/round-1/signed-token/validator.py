#!/usr/bin/env python3
"""Signed-token (Limited Login ID token) validator behind the JSON Lines adapter protocol (HARNESS.md).

    python validator.py                      the base validator, profile documented
    python validator.py --profile ios-sdk    the base validator, profile ios-sdk
    python validator.py --bug NAME           one bug turned on (the bug's profile)
    python validator.py --list               the bugs, one JSON object per line

Validation order (SPECIFICATION.md §4): three segments, base64url (all three segments), header and payload JSON
objects, header (alg, typ, kid, crit), the key the kid names, the RS256 signature, then the claims
(jti [ios-sdk], iss, aud, exp, iat, nonce, sub) and the optional claims.
"""
import base64
import hashlib
import json
import re
import sys
import threading
import unicodedata
from decimal import Decimal, InvalidOperation
from urllib.parse import urlparse

# --------------------------------------------------------------------------------------------------------------------
# The bugs: name -> (profile, description naming the rule broken)
# --------------------------------------------------------------------------------------------------------------------
BUGS = {
    # structure
    "split-maxsplit": ("documented", "splits the token with split('.', 2), so a token of four or more segments is read "
                       "as three and refused as badBase64url, not malformed (token.jose.structure)"),
    "strip-token": ("documented", "trims whitespace around the whole token before splitting, so a token with a "
                    "leading/trailing space or newline is accepted (token.jose.base64url.documented)"),
    "drop-empty-segments": ("ios-sdk", "drops empty segments after splitting, so 'h.p.s.' or 'h..p.s' count as three "
                            "segments (token.jose.structure)"),
    # base64url
    "b64-padding-ok": ("documented", "strips '=' padding before strict base64url decoding, so padded segments are "
                       "accepted (token.jose.base64url.documented)"),
    "b64-plus-slash-ok": ("documented", "translates '+' and '/' to '-' and '_' before decoding, accepting the standard "
                          "base64 alphabet (token.jose.base64url.documented)"),
    "b64-trailing-bits-ok": ("documented", "does not check that the unused trailing bits are zero (non-canonical "
                             "encodings accepted) (token.jose.base64url.documented)"),
    "b64-whitespace-ok": ("documented", "removes whitespace inside segments (line-wrapped base64) before decoding "
                          "(token.jose.base64url.documented)"),
    "b64-dash-underscore-dropped": ("ios-sdk", "the lenient SDK-style decoder of the header and payload forgets to map "
                                    "'-' and '_' to '+' and '/', so they are dropped as unknown characters and the "
                                    "segment decodes to other bytes (token.jose.base64url.alphabet)"),
    "b64-4n1-truncate": ("ios-sdk", "a segment of 4n+1 base64 characters has its last character dropped instead of "
                         "being refused (token.jose.base64url.undecodable)"),
    "b64-strict-sdk": ("ios-sdk", "decodes strictly under ios-sdk: padding, junk, '+'/'/' and non-canonical bits are "
                       "refused as badBase64url (token.jose.base64url.ios-sdk)"),
    "sig-b64-late": ("documented", "decodes the signature segment only when verifying and reports a decoding failure "
                     "as signatureInvalid, after header and key checks (token.jose.base64url.documented, §4 order)"),
    # JSON
    "json-trailing-comma": ("documented", "the JSON parser accepts a trailing comma in objects and arrays "
                            "(token.json.trailing-comma.documented)"),
    "json-dup-first": ("ios-sdk", "duplicate member names keep the first member (token.jose.json.duplicate-members)"),
    "json-control-chars": ("documented", "raw control characters inside JSON strings are accepted (json strict=False) "
                           "(token.json.control-characters.documented)"),
    "json-array-first": ("documented", "a header or payload that is a JSON array is read as its first element "
                         "(token.jose.json)"),
    "json-utf8-replace": ("documented", "decodes header and payload bytes with errors='replace', so invalid UTF-8 is "
                          "accepted (token.jose.json)"),
    "json-nan-infinity": ("documented", "the JSON parser accepts NaN, Infinity and -Infinity (Python json defaults) "
                          "(token.jose.json)"),
    "json-trailing-garbage": ("ios-sdk", "parses the first JSON value (raw_decode) and ignores what follows it "
                              "(token.jose.json)"),
    "json-lenient-numbers": ("documented", "numbers with leading zeros, a '+' sign or a bare leading/trailing dot are "
                             "accepted (token.jose.json)"),
    "json-comments": ("ios-sdk", "// and /* */ comments are skipped as whitespace in the JSON texts (token.jose.json)"),
    # header
    "alg-casefold": ("documented", "compares alg case-insensitively ('rs256' accepted) (token.header.alg)"),
    "alg-none": ("ios-sdk", "accepts alg 'none' and then skips the signature check (token.header.alg)"),
    "alg-from-header": ("documented", "accepts RS384 and RS512 and verifies with the hash the header names "
                        "(token.header.alg)"),
    "typ-optional": ("ios-sdk", "a header without typ is accepted (token.header.typ)"),
    "typ-media-type": ("ios-sdk", "compares typ as a media type: case-insensitive, 'application/' prefix removed "
                       "(token.header.typ)"),
    "kid-presence-only": ("ios-sdk", "checks only that kid is present: an empty or non-string kid is converted with "
                          "str() and looked up, giving unknownKeyID instead of headerKeyID (token.header.kid)"),
    "kid-missing-single-key": ("ios-sdk", "a header without kid is verified with the first certificate of the map "
                               "(token.header.kid, token.jose.key-by-kid)"),
    "crit-ignored": ("documented", "ignores the crit header (token.jose.crit.documented)"),
    "crit-refused-sdk": ("ios-sdk", "refuses any crit header with headerCritical under ios-sdk "
                         "(token.jose.crit.ios-sdk)"),
    "header-jwk-trusted": ("documented", "verifies with the RSA key embedded in the header's jwk member when present "
                           "(token.header.other-members)"),
    "header-x5c-trusted": ("ios-sdk", "verifies with the first certificate of the header's x5c member when present "
                           "(token.header.other-members)"),
    # keys
    "kid-fallback-first": ("documented", "a kid naming no JWKS key falls back to the first RSA key of the set "
                           "(token.jose.key-by-kid)"),
    "kid-try-all": ("ios-sdk", "a kid naming no certificate tries every certificate of the map "
                    "(token.jose.key-by-kid)"),
    "kid-casefold": ("documented", "compares kid with the JWKS kids case-insensitively (token.jose.key-by-kid)"),
    "kid-strip": ("ios-sdk", "trims whitespace around the header's kid before the certificate lookup "
                  "(token.jose.key-by-kid)"),
    "jwk-usability-ignored": ("documented", "ignores the JWK's use, key_ops and alg members "
                              "(token.jose.key-usability.documented)"),
    "jwk-key-ops-first": ("documented", "checks only the first element of key_ops for 'verify' "
                          "(token.jose.key-usability.documented)"),
    "jwks-dup-kid-last": ("documented", "indexes the JWKS in a dict by kid, so of two keys sharing a kid the last one "
                          "is used (token.jose.key-by-kid.duplicate.documented)"),
    "jwks-non-rsa-breaks": ("documented", "loads every JWKS entry as an RSA key up front; one EC or oct entry fails the "
                            "whole set (unknownKeyID) (token.jose.key-source.other-entries)"),
    "jwk-no-kid-wildcard": ("documented", "a JWKS key without kid matches any header kid when no key has that kid "
                            "(token.jose.key-by-kid)"),
    "certs-skip-nonstring": ("ios-sdk", "skips certificate-map entries that are not strings instead of failing the "
                             "whole map (token.jose.key-source.string-map.ios-sdk)"),
    "certs-public-key-pem": ("ios-sdk", "accepts a bare PUBLIC KEY PEM in the certificate map "
                             "(token.jose.key-source.certificate-only.ios-sdk)"),
    "certs-validity-checked": ("ios-sdk", "refuses the key of a certificate that is expired or not yet valid at now "
                               "(token.jose.key-source.certificate-dates)"),
    "key-source-cert-fallback": ("documented", "a kid missing from the JWKS is looked up in the certificate map "
                                 "(token.jose.key-source.documented)"),
    "key-source-jwks-fallback": ("ios-sdk", "a kid missing from the certificate map is looked up in the JWKS "
                                 "(token.jose.key-source.ios-sdk)"),
    # signature
    "sig-suffix-match": ("documented", "accepts a decrypted block that starts 00 01 and ends with the SHA-256 hash, "
                         "without checking padding bytes or DigestInfo (token.jose.signature.encoding)"),
    "sig-trailing-garbage": ("ios-sdk", "parses the block and compares the 32 bytes after the DigestInfo prefix, "
                             "ignoring bytes after the hash (token.jose.signature.encoding)"),
    "sig-short-ok": ("ios-sdk", "left-pads a signature shorter than the modulus (and strips leading zero bytes of a "
                     "longer one) instead of refusing it (token.jose.signature.encoding)"),
    "sig-no-range-check": ("documented", "does not check s < n, so s + n verifies like s "
                           "(token.jose.signature.encoding)"),
    "sig-any-digest": ("documented", "reads the hash algorithm from the DigestInfo and accepts SHA-1, SHA-384 and "
                       "SHA-512 signatures (token.jose.signature.encoding)"),
    "sig-pss-fallback": ("ios-sdk", "when PKCS#1 v1.5 fails, tries RSASSA-PSS with SHA-256 (token.jose.signature)"),
    "sig-reencoded-input": ("ios-sdk", "verifies over the decoded header and payload re-encoded as canonical "
                            "base64url, not over the received seg0.seg1 (token.jose.signature)"),
    # issuer
    "iss-trailing-slash": ("documented", "strips trailing '/' from iss before comparing ('https://www.facebook.com/' "
                           "accepted) (token.iss.documented)"),
    "iss-host-rule-documented": ("documented", "uses the SDK's facebook.com host rule under documented "
                                 "(token.iss.documented)"),
    "iss-urlparse-lower": ("ios-sdk", "takes the host with urllib's urlparse().hostname, which lower-cases it "
                           "(token.iss.ios-sdk: case-sensitive)"),
    "iss-suffix-no-dot": ("ios-sdk", "accepts a host ending with 'facebook.com' without the dot "
                          "('evilfacebook.com') (token.iss.ios-sdk)"),
    "iss-regex-userinfo": ("ios-sdk", "takes the host with the regex ^[a-z]+://([^/:@?#]+), so userinfo is read as "
                           "the host (token.iss.ios-sdk)"),
    "iss-https-only": ("ios-sdk", "requires the https scheme, refusing 'http://www.facebook.com/...' "
                       "(token.iss.ios-sdk: scheme not checked)"),
    "iss-bare-host": ("ios-sdk", "an iss without scheme:// is read as a bare host ('www.facebook.com' accepted) "
                      "(token.iss.ios-sdk)"),
    # audience
    "aud-array-contains": ("documented", "accepts an aud array that contains the app ID (token.aud.array)"),
    "aud-strip": ("documented", "trims whitespace from aud and the app ID before comparing (token.aud)"),
    "aud-nfc": ("documented", "NFC-normalises aud and the app ID before comparing "
                "(token.aud.code-points.documented)"),
    "aud-exact-sdk": ("ios-sdk", "compares aud code point by code point under ios-sdk "
                      "(token.aud.canonical.ios-sdk)"),
    "aud-nfkc": ("ios-sdk", "compares aud with the app ID after NFKC (compatibility mapping) (token.aud)"),
    "aud-number-coerced": ("documented", "an aud that is a JSON number is compared as its text "
                           "(token.claim.type)"),
    # times
    "exp-inclusive": ("documented", "accepts exp == now (exp >= now) (token.exp.strict)"),
    "now-truncated": ("documented", "truncates now to whole seconds (int(now)) before the time checks "
                      "(token.jose.numbers, token.exp.strict)"),
    "exp-float": ("documented", "compares exp, iat and now as floats (integers beyond 2^53 are rounded) "
                  "(token.jose.numbers.exact.documented)"),
    "exp-int64-wrap": ("ios-sdk", "reads integer exp and iat as int64, so values beyond 2^63 wrap negative "
                       "(token.jose.numbers)"),
    "numericdate-int-only": ("ios-sdk", "exp and iat must be integers: a fraction or exponent notation is "
                             "wrongClaimType (token.claim.type)"),
    "numeric-string-ok": ("documented", "exp and iat given as numeric strings are accepted (token.claim.type)"),
    "bool-is-number": ("ios-sdk", "JSON true/false count as the numbers 1/0 for exp and iat "
                       "(token.claim.type)"),
    "iat-boundary-exclusive": ("documented", "requires iat > now - 600, refusing iat == now - 600 "
                               "(token.iat.window)"),
    "iat-future-refused": ("ios-sdk", "refuses an iat later than now as issuedTooLongAgo (token.iat.future.ios-sdk)"),
    "iat-window-ms": ("ios-sdk", "the iat window is written in milliseconds (600000) but compared with seconds "
                      "(token.iat.window)"),
    "leeway-60": ("ios-sdk", "allows 60 seconds of clock-skew leeway on exp and iat (token.exp.strict, "
                  "token.iat.window)"),
    # required claims
    "exp-optional": ("documented", "a token without exp never expires and is accepted (token.claim.required)"),
    "null-as-missing": ("documented", "a required claim whose value is null is reported missingClaim, not "
                        "wrongClaimType (token.claim.type)"),
    "nonce-empty-as-missing": ("ios-sdk", "an empty nonce claim is reported missingClaim, not emptyClaim "
                               "(token.claim.non-empty)"),
    "sub-empty-ok": ("documented", "an empty sub is accepted (token.claim.non-empty)"),
    "jti-optional-sdk": ("ios-sdk", "a token without jti is accepted under ios-sdk (token.claim.jti.ios-sdk)"),
    "jti-empty-ok": ("ios-sdk", "an empty jti is accepted under ios-sdk (token.claim.jti.ios-sdk)"),
    # nonce
    "nonce-strip": ("documented", "trims whitespace from the nonce claim and the expected nonce before comparing "
                    "(token.nonce)"),
    "nonce-nfc": ("documented", "NFC-normalises the nonces before comparing (token.nonce.code-points.documented)"),
    "nonce-exact-sdk": ("ios-sdk", "compares the nonce code point by code point under ios-sdk "
                        "(token.nonce.canonical.ios-sdk)"),
    "nonce-skip-empty-expected": ("documented", "skips the nonce comparison when the expected nonce is the empty "
                                  "string (token.nonce)"),
    "nonce-casefold": ("ios-sdk", "compares the nonce case-insensitively (token.nonce)"),
    # optional claims
    "optional-typed-decode": ("ios-sdk", "decodes the claims into a typed record: an optional claim of the wrong "
                              "type fails the whole payload (badJSON) instead of being dropped "
                              "(token.optional.dropped.ios-sdk)"),
    "age-range-partial": ("ios-sdk", "keeps the numeric members of user_age_range and drops the others instead of "
                          "dropping the whole claim (token.optional.dropped.ios-sdk, §4 optional claims)"),
    "friends-filter": ("documented", "keeps the string elements of user_friends and drops the others instead of "
                       "dropping the claim (§4 optional claims, token.optional.kept)"),
    "place-empty-kept": ("documented", "keeps an empty object for user_hometown/user_location (§4 optional claims: "
                         "non-empty object)"),
    "optional-empty-string-dropped": ("documented", "drops optional string claims that are the empty string "
                                      "(token.optional.kept)"),
    "cnf-whole": ("ios-sdk", "keeps the whole cnf object, not only jkt (§4 optional claims: only jkt is kept)"),
    "unknown-claims-kept": ("documented", "keeps every claim of the payload, unknown ones included "
                            "(token.unknown-claims)"),
    # order
    "key-before-header": ("documented", "looks the kid up before checking alg and typ, so a header fault with an "
                          "unknown kid is reported unknownKeyID (§4 order: header, then key lookup)"),
    "per-segment-order": ("ios-sdk", "decodes, parses and checks the header before decoding the payload, so a header "
                          "fault hides a payload base64url fault (§4 order: base64url, JSON, header)"),
}

ISSUERS_DOCUMENTED = ("https://www.facebook.com", "https://limited.facebook.com")
STRING_CLAIMS = ("name", "given_name", "middle_name", "family_name", "email", "picture", "user_birthday",
                 "user_gender", "user_link")
REQUIRED = ("iss", "aud", "exp", "iat", "nonce", "sub")

SHA256_PREFIX = bytes.fromhex("3031300d060960864801650304020105000420")
DIGEST_PREFIXES = {
    "sha1": bytes.fromhex("3021300906052b0e03021a05000414"),
    "sha256": SHA256_PREFIX,
    "sha384": bytes.fromhex("3041300d060960864801650304020205000430"),
    "sha512": bytes.fromhex("3051300d060960864801650304020305000440"),
}
STD_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
B64URL_RE = re.compile(r"[A-Za-z0-9_-]*")
NUM_RE = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
LENIENT_NUM_RE = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
STR_CHUNK = re.compile(r'[^"\\\x00-\x1f]+')


class Reject(Exception):
    def __init__(self, reason, claim=None):
        super().__init__(reason)
        self.reason = reason
        self.claim = claim


# --------------------------------------------------------------------------------------------------------------------
# Strict JSON (RFC 8259) with knobs for the lenient bugs
# --------------------------------------------------------------------------------------------------------------------
class Num:
    """A JSON number: its literal text and its exact value."""
    __slots__ = ("text", "value")

    def __init__(self, text, value):
        self.text = text
        self.value = value

    def __repr__(self):
        return "Num(%s)" % self.text

    def __eq__(self, other):
        return isinstance(other, Num) and self.text == other.text

    def __hash__(self):
        return hash(self.text)

    def json(self):
        if NUM_RE.fullmatch(self.text):
            return self.text
        if self.value.is_nan():
            return "null"
        if self.value.is_infinite():
            return "1e999999" if self.value > 0 else "-1e999999"
        return str(self.value)


class JSONError(Exception):
    pass


class Parser:
    def __init__(self, text, trailing_comma=False, control_chars=False, constants=False, lenient_numbers=False,
                 comments=False, duplicates="refuse", trailing_garbage=False):
        self.s = text
        self.i = 0
        self.trailing_comma = trailing_comma
        self.control_chars = control_chars
        self.constants = constants
        self.lenient_numbers = lenient_numbers
        self.comments = comments
        self.duplicates = duplicates
        self.trailing_garbage = trailing_garbage

    def parse(self):
        self.ws()
        v = self.value()
        self.ws()
        if self.i != len(self.s) and not self.trailing_garbage:
            raise JSONError("trailing data at %d" % self.i)
        return v

    def ws(self):
        s = self.s
        n = len(s)
        while self.i < n:
            c = s[self.i]
            if c in " \t\n\r":
                self.i += 1
            elif self.comments and s.startswith("//", self.i):
                j = s.find("\n", self.i)
                self.i = n if j < 0 else j + 1
            elif self.comments and s.startswith("/*", self.i):
                j = s.find("*/", self.i + 2)
                if j < 0:
                    raise JSONError("unterminated comment")
                self.i = j + 2
            else:
                break

    def peek(self):
        if self.i >= len(self.s):
            raise JSONError("unexpected end")
        return self.s[self.i]

    def value(self):
        c = self.peek()
        s = self.s
        if c == "{":
            return self.obj()
        if c == "[":
            return self.arr()
        if c == '"':
            return self.string()
        for lit, val in (("true", True), ("false", False), ("null", None)):
            if s.startswith(lit, self.i):
                self.i += len(lit)
                return val
        if self.constants:
            for lit, val in (("NaN", "NaN"), ("Infinity", "Infinity"), ("-Infinity", "-Infinity")):
                if s.startswith(lit, self.i):
                    self.i += len(lit)
                    return Num(lit, Decimal(val))
        m = (LENIENT_NUM_RE if self.lenient_numbers else NUM_RE).match(s, self.i)
        if not m or m.end() == self.i:
            raise JSONError("unexpected character %r at %d" % (c, self.i))
        self.i = m.end()
        try:
            return Num(m.group(0), Decimal(m.group(0)))
        except InvalidOperation:
            raise JSONError("bad number")

    def obj(self):
        self.i += 1
        d = {}
        self.ws()
        if self.peek() == "}":
            self.i += 1
            return d
        while True:
            self.ws()
            if self.peek() != '"':
                raise JSONError("member name expected at %d" % self.i)
            k = self.string()
            self.ws()
            if self.peek() != ":":
                raise JSONError("':' expected at %d" % self.i)
            self.i += 1
            self.ws()
            v = self.value()
            if k in d:
                if self.duplicates == "refuse":
                    raise JSONError("duplicate member %r" % k)
                if self.duplicates == "last":
                    d[k] = v
            else:
                d[k] = v
            self.ws()
            c = self.peek()
            self.i += 1
            if c == "}":
                return d
            if c != ",":
                raise JSONError("',' or '}' expected at %d" % (self.i - 1))
            if self.trailing_comma:
                self.ws()
                if self.peek() == "}":
                    self.i += 1
                    return d

    def arr(self):
        self.i += 1
        a = []
        self.ws()
        if self.peek() == "]":
            self.i += 1
            return a
        while True:
            self.ws()
            a.append(self.value())
            self.ws()
            c = self.peek()
            self.i += 1
            if c == "]":
                return a
            if c != ",":
                raise JSONError("',' or ']' expected")
            if self.trailing_comma:
                self.ws()
                if self.peek() == "]":
                    self.i += 1
                    return a

    def string(self):
        s = self.s
        self.i += 1
        out = []
        while True:
            m = STR_CHUNK.match(s, self.i)
            if m:
                out.append(m.group(0))
                self.i = m.end()
            c = self.peek()
            if c == '"':
                self.i += 1
                return "".join(out)
            if c == "\\":
                e = s[self.i + 1:self.i + 2]
                simple = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
                if e in simple:
                    out.append(simple[e])
                    self.i += 2
                elif e == "u":
                    cp = self.hex4(self.i + 2)
                    self.i += 6
                    if 0xD800 <= cp <= 0xDBFF:
                        if s.startswith("\\u", self.i):
                            lo = self.hex4(self.i + 2)
                            if 0xDC00 <= lo <= 0xDFFF:
                                self.i += 6
                                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00)
                            else:
                                raise JSONError("lone surrogate")
                        else:
                            raise JSONError("lone surrogate")
                    elif 0xDC00 <= cp <= 0xDFFF:
                        raise JSONError("lone surrogate")
                    out.append(chr(cp))
                else:
                    raise JSONError("bad escape")
            else:  # a raw control character
                if not self.control_chars:
                    raise JSONError("raw control character in string")
                out.append(c)
                self.i += 1

    def hex4(self, j):
        h = self.s[j:j + 4]
        if len(h) != 4 or not all(ch in "0123456789abcdefABCDEF" for ch in h):
            raise JSONError("bad \\u escape")
        return int(h, 16)


def dump(v):
    """Serialise a parsed value as JSON (numbers written as given)."""
    if isinstance(v, dict):
        return "{" + ",".join(json.dumps(k) + ":" + dump(x) for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ",".join(dump(x) for x in v) + "]"
    if isinstance(v, Num):
        return v.json()
    if isinstance(v, Decimal):
        return Num(str(v), v).json()
    return json.dumps(v)


# --------------------------------------------------------------------------------------------------------------------
# Base64url
# --------------------------------------------------------------------------------------------------------------------
def b64url_encode(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64url_loose(s):
    """For key material (JWK n and e): base64url with or without padding."""
    s = s.strip().rstrip("=")
    if not B64URL_RE.fullmatch(s) or len(s) % 4 == 1:
        raise ValueError("bad base64url")
    return base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))


# --------------------------------------------------------------------------------------------------------------------
# The validator
# --------------------------------------------------------------------------------------------------------------------
class Validator:
    def __init__(self, profile, bug=None):
        self.profile = profile
        self.bug = bug

    def b(self, name):
        return self.bug == name

    @property
    def sdk(self):
        return self.profile == "ios-sdk"

    # ---- entry point ------------------------------------------------------------------------------------------------
    def validate(self, inp):
        try:
            claims = self._validate(inp)
        except Reject as r:
            out = {"result": "rejected", "reason": r.reason}
            if r.claim is not None:
                out["claim"] = r.claim
            return out
        return {"result": "accepted", "claims": claims}

    def _validate(self, inp):
        token = inp["token"]
        self.now = inp["now"] if isinstance(inp["now"], Decimal) else Decimal(inp["now"])
        self.keys = inp.get("keys") or {}
        self.expected_nonce = inp["expectedNonce"]
        self.app_id = inp["appID"]

        # 1. structure
        if self.b("strip-token"):
            token = token.strip()
        parts = token.split(".", 2) if self.b("split-maxsplit") else token.split(".")
        if self.b("drop-empty-segments"):
            parts = [p for p in parts if p]
        if len(parts) != 3:
            raise Reject("malformed")
        seg_h, seg_p, seg_s = parts

        if self.b("per-segment-order"):
            header = self.parse_json(self.decode_segment(seg_h, "header"))
            self.check_header(header)
            payload = self.parse_json(self.decode_segment(seg_p, "payload"))
            sig = self.decode_segment(seg_s, "signature")
            header_bytes = payload_bytes = None
        else:
            # 2. base64url, all three segments
            header_bytes = self.decode_segment(seg_h, "header")
            payload_bytes = self.decode_segment(seg_p, "payload")
            sig = None if self.b("sig-b64-late") else self.decode_segment(seg_s, "signature")
            # 3. JSON objects
            header = self.parse_json(header_bytes)
            payload = self.parse_json(payload_bytes)
            # 4. header (5. key lookup first with the bug)
            if self.b("key-before-header"):
                kid = header.get("kid")
                if isinstance(kid, str) and kid and not self.lookup_keys(kid, header):
                    raise Reject("unknownKeyID")
            self.check_header(header)

        # 5. key lookup
        candidates = self.lookup_keys(self.kid, header)
        if not candidates:
            raise Reject("unknownKeyID")

        # 6. signature
        if sig is None and self.b("sig-b64-late"):
            try:
                sig = self.decode_segment(seg_s, "signature")
            except Reject:
                raise Reject("signatureInvalid")
        if self.b("sig-reencoded-input") and header_bytes is not None:
            signing_input = (b64url_encode(header_bytes) + "." + b64url_encode(payload_bytes)).encode("ascii")
        else:
            signing_input = (seg_h + "." + seg_p).encode("utf-8")
        if not self.skip_signature:
            if not any(self.verify(n, e, signing_input, sig) for (n, e) in candidates):
                raise Reject("signatureInvalid")

        # 7. claims
        return self.check_claims(payload)

    # ---- base64url --------------------------------------------------------------------------------------------------
    def decode_segment(self, seg, which):
        if self.sdk and not self.b("b64-strict-sdk"):
            return self.b64_lenient(seg, which)
        return self.b64_strict(seg)

    def b64_strict(self, seg):
        s = seg
        if self.b("b64-whitespace-ok"):
            s = re.sub(r"\s", "", s)
        if self.b("b64-padding-ok"):
            s = s.rstrip("=")
        if self.b("b64-plus-slash-ok"):
            s = s.replace("+", "-").replace("/", "_")
        if not B64URL_RE.fullmatch(s) or len(s) % 4 == 1:
            raise Reject("badBase64url")
        data = base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))
        if not self.b("b64-trailing-bits-ok") and b64url_encode(data) != s:
            raise Reject("badBase64url")
        return data

    def b64_lenient(self, seg, which):
        # The SDK: '-' -> '+', '_' -> '/', pad to a multiple of 4, decode ignoring unknown characters.
        s = seg
        if not (self.b("b64-dash-underscore-dropped") and which != "signature"):
            s = s.replace("-", "+").replace("_", "/")
        s = "".join(c for c in s if c in STD_ALPHABET)
        if len(s) % 4 == 1:
            if self.b("b64-4n1-truncate"):
                s = s[:-1]
            else:
                raise Reject("badBase64url")
        try:
            return base64.b64decode(s + "=" * (-len(s) % 4))
        except Exception:
            raise Reject("badBase64url")

    # ---- JSON -------------------------------------------------------------------------------------------------------
    def parse_json(self, data):
        try:
            text = data.decode("utf-8", errors="replace" if self.b("json-utf8-replace") else "strict")
        except UnicodeDecodeError:
            raise Reject("badJSON")
        p = Parser(text,
                   trailing_comma=self.b("json-trailing-comma"),
                   control_chars=self.b("json-control-chars"),
                   constants=self.b("json-nan-infinity"),
                   lenient_numbers=self.b("json-lenient-numbers"),
                   comments=self.b("json-comments"),
                   duplicates="first" if self.b("json-dup-first") else "refuse",
                   trailing_garbage=self.b("json-trailing-garbage"))
        try:
            v = p.parse()
        except (JSONError, RecursionError):
            raise Reject("badJSON")
        if self.b("json-array-first") and isinstance(v, list) and v:
            v = v[0]
        if not isinstance(v, dict):
            raise Reject("badJSON")
        return v

    # ---- header -----------------------------------------------------------------------------------------------------
    def check_header(self, h):
        self.skip_signature = False
        self.hash_name = "sha256"
        alg = h.get("alg")
        if self.b("alg-casefold"):
            ok = isinstance(alg, str) and alg.upper() == "RS256"
        elif self.b("alg-none"):
            ok = isinstance(alg, str) and alg in ("RS256", "none")
            self.skip_signature = alg == "none"
        elif self.b("alg-from-header"):
            ok = isinstance(alg, str) and alg in ("RS256", "RS384", "RS512")
            if ok:
                self.hash_name = "sha" + alg[2:]
        else:
            ok = isinstance(alg, str) and alg == "RS256"
        if not ok:
            raise Reject("headerAlgorithm")

        typ = h.get("typ")
        if self.b("typ-optional") and "typ" not in h:
            ok = True
        elif self.b("typ-media-type"):
            ok = isinstance(typ, str) and re.sub(r"(?i)^application/", "", typ).upper() == "JWT"
        else:
            ok = isinstance(typ, str) and typ == "JWT"
        if not ok:
            raise Reject("headerType")

        kid = h.get("kid")
        if self.b("kid-presence-only"):
            if "kid" not in h:
                raise Reject("headerKeyID")
            kid = kid if isinstance(kid, str) else str(kid)
        elif self.b("kid-missing-single-key") and "kid" not in h:
            kid = None
        elif not (isinstance(kid, str) and kid != ""):
            raise Reject("headerKeyID")
        self.kid = kid

        if "crit" in h:
            if (not self.sdk and not self.b("crit-ignored")) or (self.sdk and self.b("crit-refused-sdk")):
                raise Reject("headerCritical")

    # ---- keys -------------------------------------------------------------------------------------------------------
    def lookup_keys(self, kid, header):
        if self.b("header-jwk-trusted") and isinstance(header.get("jwk"), dict):
            k = self.jwk_numbers(header["jwk"])
            if k:
                return [k]
        if self.b("header-x5c-trusted") and isinstance(header.get("x5c"), list) and header["x5c"]:
            try:
                from cryptography import x509
                cert = x509.load_der_x509_certificate(base64.b64decode(header["x5c"][0]))
                k = self.rsa_numbers(cert.public_key())
                if k:
                    return [k]
            except Exception:
                pass
        if self.sdk:
            keys = self.lookup_certificates(kid)
            if not keys and self.b("key-source-jwks-fallback"):
                keys = self.lookup_jwks(kid)
        else:
            keys = self.lookup_jwks(kid)
            if not keys and self.b("key-source-cert-fallback"):
                keys = self.lookup_certificates(kid)
        return keys

    def lookup_jwks(self, kid):
        jwks = self.keys.get("jwks")
        entries = jwks.get("keys") if isinstance(jwks, dict) else None
        if not isinstance(entries, list):
            return []
        entries = [e for e in entries if isinstance(e, dict)]
        if self.b("jwks-non-rsa-breaks"):
            if any(self.jwk_numbers(e) is None for e in entries):
                return []
        rsa = [e for e in entries if e.get("kty") == "RSA"]

        if self.b("jwks-dup-kid-last"):
            table = {e.get("kid"): e for e in rsa}
            matches = [table[kid]] if isinstance(kid, str) and kid in table else []
        elif self.b("kid-casefold"):
            matches = [e for e in rsa if isinstance(e.get("kid"), str) and isinstance(kid, str)
                       and e["kid"].lower() == kid.lower()]
        else:
            matches = [e for e in rsa if isinstance(e.get("kid"), str) and e.get("kid") == kid]
        if not matches and self.b("jwk-no-kid-wildcard"):
            matches = [e for e in rsa if "kid" not in e]
        if not matches and self.b("kid-fallback-first") and rsa:
            matches = [rsa[0]]
        if len(matches) != 1:
            return []
        key = matches[0]
        if not self.b("jwk-usability-ignored"):
            if "use" in key and key["use"] != "sig":
                return []
            if "key_ops" in key:
                ops = key["key_ops"]
                if self.b("jwk-key-ops-first"):
                    if not (isinstance(ops, list) and ops and ops[0] == "verify"):
                        return []
                elif not (isinstance(ops, list) and "verify" in ops):
                    return []
            if "alg" in key and key["alg"] != "RS256":
                return []
        k = self.jwk_numbers(key)
        return [k] if k else []

    @staticmethod
    def jwk_numbers(jwk):
        if jwk.get("kty") != "RSA" or not isinstance(jwk.get("n"), str) or not isinstance(jwk.get("e"), str):
            return None
        try:
            n = int.from_bytes(b64url_loose(jwk["n"]), "big")
            e = int.from_bytes(b64url_loose(jwk["e"]), "big")
        except ValueError:
            return None
        if n < 3 or e < 1:
            return None
        return (n, e)

    @staticmethod
    def rsa_numbers(pub):
        from cryptography.hazmat.primitives.asymmetric import rsa
        if isinstance(pub, rsa.RSAPublicKey):
            nums = pub.public_numbers()
            return (nums.n, nums.e)
        return None

    def lookup_certificates(self, kid):
        certs = self.keys.get("certificates")
        if not isinstance(certs, dict):
            return []
        if any(not isinstance(v, str) for v in certs.values()):
            if not self.b("certs-skip-nonstring"):
                return []
            certs = {k: v for k, v in certs.items() if isinstance(v, str)}
        if kid is None:  # kid-missing-single-key
            pems = list(certs.values())[:1]
        else:
            lookup = kid.strip() if self.b("kid-strip") else kid
            pems = [certs[lookup]] if lookup in certs else []
            if not pems and self.b("kid-try-all"):
                pems = list(certs.values())
        keys = [k for k in (self.key_from_pem(p) for p in pems) if k]
        return keys

    def key_from_pem(self, pem):
        from cryptography import x509
        from cryptography.hazmat.primitives import serialization
        try:
            if pem.startswith("-----BEGIN CERTIFICATE-----"):
                cert = x509.load_pem_x509_certificate(pem.encode("utf-8"))
                if self.b("certs-validity-checked"):
                    nb = Decimal(int(cert.not_valid_before_utc.timestamp()))
                    na = Decimal(int(cert.not_valid_after_utc.timestamp()))
                    if not (nb <= self.now <= na):
                        return None
                return self.rsa_numbers(cert.public_key())
            if self.b("certs-public-key-pem") and pem.startswith("-----BEGIN PUBLIC KEY-----"):
                return self.rsa_numbers(serialization.load_pem_public_key(pem.encode("utf-8")))
        except Exception:
            return None
        return None

    # ---- signature (RSASSA-PKCS1-v1_5, RFC 8017 §8.2.2) -------------------------------------------------------------
    def verify(self, n, e, signing_input, sig):
        k = (n.bit_length() + 7) // 8
        if self.b("sig-short-ok"):
            sig = sig.lstrip(b"\x00") if len(sig) > k else sig
            sig = sig.rjust(k, b"\x00")
        if len(sig) != k:
            return False
        s = int.from_bytes(sig, "big")
        if s >= n and not self.b("sig-no-range-check"):
            return False
        em = pow(s, e, n).to_bytes(k, "big")
        h = hashlib.new(self.hash_name, signing_input).digest()
        t = DIGEST_PREFIXES[self.hash_name] + h
        if k < len(t) + 11:
            return False
        expected = b"\x00\x01" + b"\xff" * (k - len(t) - 3) + b"\x00" + t
        if em == expected:
            return True
        if self.b("sig-suffix-match"):
            return em.startswith(b"\x00\x01") and em.endswith(h)
        if self.b("sig-trailing-garbage") or self.b("sig-any-digest"):
            m = re.match(rb"\x00\x01\xff+\x00", em, re.S)
            if not m:
                return False
            rest = em[m.end():]
            if self.b("sig-trailing-garbage"):
                return rest.startswith(SHA256_PREFIX) and rest[len(SHA256_PREFIX):len(SHA256_PREFIX) + 32] == h
            for name, prefix in DIGEST_PREFIXES.items():
                if rest == prefix + hashlib.new(name, signing_input).digest():
                    return True
            return False
        if self.b("sig-pss-fallback"):
            from cryptography.hazmat.primitives import hashes
            from cryptography.hazmat.primitives.asymmetric import padding, rsa
            try:
                rsa.RSAPublicNumbers(e, n).public_key().verify(
                    sig, signing_input, padding.PSS(mgf=padding.MGF1(hashes.SHA256()),
                                                    salt_length=padding.PSS.AUTO), hashes.SHA256())
                return True
            except Exception:
                return False
        return False

    # ---- claims -----------------------------------------------------------------------------------------------------
    def present(self, c, name):
        if name not in c or (self.b("null-as-missing") and c[name] is None):
            raise Reject("missingClaim", name)
        return c[name]

    def string_claim(self, c, name):
        v = self.present(c, name)
        if not isinstance(v, str):
            raise Reject("wrongClaimType", name)
        return v

    def number_claim(self, c, name):
        v = self.present(c, name)
        if isinstance(v, Num):
            if self.b("numericdate-int-only") and not re.fullmatch(r"-?[0-9]+", v.text):
                raise Reject("wrongClaimType", name)
            value = v.value
            if self.b("exp-int64-wrap") and re.fullmatch(r"-?[0-9]+", v.text):
                value = Decimal(((int(v.text) + 2 ** 63) % 2 ** 64) - 2 ** 63)
            return v, value
        if self.b("bool-is-number") and isinstance(v, bool):
            return Num("1" if v else "0", Decimal(int(v))), Decimal(int(v))
        if self.b("numeric-string-ok") and isinstance(v, str) and NUM_RE.fullmatch(v):
            return Num(v, Decimal(v)), Decimal(v)
        raise Reject("wrongClaimType", name)

    def same(self, a, b, kind):
        """aud / nonce comparison by profile and bug."""
        if kind == "aud":
            if self.b("aud-strip"):
                a, b = a.strip(), b.strip()
            if self.b("aud-nfc"):
                a, b = unicodedata.normalize("NFC", a), unicodedata.normalize("NFC", b)
            if self.b("aud-nfkc"):
                return unicodedata.normalize("NFKC", a) == unicodedata.normalize("NFKC", b)
            exact = self.b("aud-exact-sdk")
        else:
            if self.b("nonce-strip"):
                a, b = a.strip(), b.strip()
            if self.b("nonce-nfc"):
                a, b = unicodedata.normalize("NFC", a), unicodedata.normalize("NFC", b)
            if self.b("nonce-casefold"):
                a, b = a.casefold(), b.casefold()
            exact = self.b("nonce-exact-sdk")
        if self.sdk and not exact:  # Swift String == : canonical equivalence
            return unicodedata.normalize("NFD", a) == unicodedata.normalize("NFD", b)
        return a == b

    def sdk_host(self, iss):
        if self.b("iss-urlparse-lower"):
            try:
                return urlparse(iss).hostname
            except ValueError:
                return None
        if self.b("iss-regex-userinfo"):
            m = re.match(r"^[a-z]+://([^/:@?#]+)", iss)
            return m.group(1) if m else None
        m = re.match(r"^[A-Za-z][A-Za-z0-9+.\-]*://", iss)
        if not m:
            if self.b("iss-bare-host"):
                return re.split(r"[/?#:]", iss, 1)[0] or None
            return None
        authority = re.split(r"[/?#]", iss[m.end():], 1)[0]
        if "@" in authority:
            authority = authority.rsplit("@", 1)[1]
        host = authority.split(":", 1)[0]
        return host or None

    def sdk_issuer_ok(self, iss):
        if self.b("iss-https-only") and not iss.startswith("https://"):
            return False
        host = self.sdk_host(iss)
        if not host:
            return False
        if self.b("iss-suffix-no-dot"):
            return host.endswith("facebook.com")
        return host == "facebook.com" or host.endswith(".facebook.com")

    def check_claims(self, c):
        kept = {}
        now = self.now
        if self.b("now-truncated"):
            now = Decimal(int(now))

        # jti: required by the SDK only
        if self.sdk:
            if "jti" in c or not self.b("jti-optional-sdk"):
                jti = self.string_claim(c, "jti")
                if jti == "" and not self.b("jti-empty-ok"):
                    raise Reject("emptyClaim", "jti")
                kept["jti"] = jti
        elif isinstance(c.get("jti"), str):
            kept["jti"] = c["jti"]

        # iss
        iss = self.string_claim(c, "iss")
        if self.sdk or self.b("iss-host-rule-documented"):
            ok = self.sdk_issuer_ok(iss)
        elif self.b("iss-trailing-slash"):
            ok = iss.rstrip("/") in ISSUERS_DOCUMENTED
        else:
            ok = iss in ISSUERS_DOCUMENTED
        if not ok:
            raise Reject("issuer")
        kept["iss"] = iss

        # aud
        aud = self.present(c, "aud")
        if self.b("aud-array-contains") and isinstance(aud, list):
            if not any(isinstance(a, str) and a == self.app_id for a in aud):
                raise Reject("audience")
            aud = self.app_id
        if self.b("aud-number-coerced") and isinstance(aud, Num):
            aud = aud.text
        if not isinstance(aud, str):
            raise Reject("wrongClaimType", "aud")
        if not self.same(aud, self.app_id, "aud"):
            raise Reject("audience")
        kept["aud"] = aud

        def gt(a, b):
            try:
                return a > b
            except InvalidOperation:
                return False

        leeway = Decimal(60) if self.b("leeway-60") else Decimal(0)
        # exp
        if self.b("exp-optional") and "exp" not in c:
            pass
        else:
            exp_num, exp = self.number_claim(c, "exp")
            if self.b("exp-float"):
                ok = float(exp) > float(now)
            elif self.b("exp-inclusive"):
                ok = gt(exp, now) or exp == now
            else:
                ok = gt(exp + leeway, now) if leeway else gt(exp, now)
            if not ok:
                raise Reject("expired")
            kept["exp"] = exp_num

        # iat
        iat_num, iat = self.number_claim(c, "iat")
        window = Decimal(600000) if self.b("iat-window-ms") else Decimal(600)
        if self.b("exp-float"):
            ok = float(iat) >= float(now) - 600
        elif self.b("iat-boundary-exclusive"):
            ok = gt(iat, now - window)
        else:
            ok = not gt(now - window - leeway if leeway else now - window, iat)
            try:
                ok = ok and not iat.is_nan()
            except AttributeError:
                pass
        if ok and self.b("iat-future-refused") and gt(iat, now):
            ok = False
        if not ok:
            raise Reject("issuedTooLongAgo")
        kept["iat"] = iat_num

        # nonce
        nonce = self.string_claim(c, "nonce")
        if nonce == "":
            raise Reject("missingClaim", "nonce") if self.b("nonce-empty-as-missing") else Reject("emptyClaim", "nonce")
        if not (self.b("nonce-skip-empty-expected") and self.expected_nonce == ""):
            if not self.same(nonce, self.expected_nonce, "nonce"):
                raise Reject("nonceMismatch")
        kept["nonce"] = nonce

        # sub
        sub = self.string_claim(c, "sub")
        if sub == "" and not self.b("sub-empty-ok"):
            raise Reject("emptyClaim", "sub")
        kept["sub"] = sub

        # optional claims: kept when of the right type, dropped otherwise
        wrong = []
        for name in STRING_CLAIMS:
            if name in c:
                v = c[name]
                if isinstance(v, str):
                    if not (self.b("optional-empty-string-dropped") and v == ""):
                        kept[name] = v
                else:
                    wrong.append(name)
        if "user_friends" in c:
            v = c["user_friends"]
            if isinstance(v, list) and all(isinstance(x, str) for x in v):
                kept["user_friends"] = v
            elif self.b("friends-filter") and isinstance(v, list):
                kept["user_friends"] = [x for x in v if isinstance(x, str)]
            else:
                wrong.append("user_friends")
        if "user_age_range" in c:
            v = c["user_age_range"]
            if isinstance(v, dict) and v and all(isinstance(x, Num) for x in v.values()):
                kept["user_age_range"] = v
            elif self.b("age-range-partial") and isinstance(v, dict) and any(isinstance(x, Num) for x in v.values()):
                kept["user_age_range"] = {k: x for k, x in v.items() if isinstance(x, Num)}
            else:
                wrong.append("user_age_range")
        for name in ("user_hometown", "user_location"):
            if name in c:
                v = c[name]
                if isinstance(v, dict) and (v or self.b("place-empty-kept")) and all(
                        isinstance(x, str) for x in v.values()):
                    kept[name] = v
                else:
                    wrong.append(name)
        if "cnf" in c:
            v = c["cnf"]
            if isinstance(v, dict) and isinstance(v.get("jkt"), str) and v["jkt"] != "":
                kept["cnf"] = dict(v) if self.b("cnf-whole") else {"jkt": v["jkt"]}
            else:
                wrong.append("cnf")
        if wrong and self.b("optional-typed-decode"):
            raise Reject("badJSON")
        if self.b("unknown-claims-kept"):
            for k, v in c.items():
                kept.setdefault(k, v)
        return kept


# --------------------------------------------------------------------------------------------------------------------
# The adapter (HARNESS.md)
# --------------------------------------------------------------------------------------------------------------------
def emit(obj):
    sys.stdout.write(json.dumps(obj, ensure_ascii=True, separators=(",", ":"), default=str)
                     if not isinstance(obj, str) else obj)
    sys.stdout.write("\n")
    sys.stdout.flush()


def serve(profile, bug):
    import decimal
    decimal.getcontext().prec = 100000
    validator = Validator(profile, bug)
    name = "signed-token-py" + ("+" + bug if bug else "")
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        msg = json.loads(line, parse_float=Decimal)
        t = msg.get("type")
        if t == "start":
            emit({"type": "started", "protocolVersion": 1,
                  "implementation": {"name": name, "version": "1.0.0", "language": "python"},
                  "capabilities": ["signed-token"], "profile": profile})
        elif t == "stop":
            return
        elif t == "run":
            seq = msg["seq"]
            if msg.get("family") != "signed-token":
                emit({"type": "skipped", "seq": seq, "reason": "only signed-token is implemented"})
                continue
            try:
                outcome = validator.validate(msg["input"])
            except Exception as exc:  # the implementation failed
                print("error: %r" % (exc,), file=sys.stderr)
                emit({"type": "errored", "seq": seq, "message": "%s: %s" % (type(exc).__name__, exc)})
                continue
            if outcome["result"] == "accepted":
                text = '{"type":"result","seq":%d,"outcome":{"result":"accepted","claims":%s}}' % (
                    seq, dump(outcome["claims"]))
                emit(text)
            else:
                emit({"type": "result", "seq": seq, "outcome": outcome})


def main(argv):
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument("--bug")
    ap.add_argument("--profile", choices=["documented", "ios-sdk"], default=None)
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args(argv)
    if args.list:
        for name, (profile, desc) in BUGS.items():
            print(json.dumps({"name": name, "profile": profile, "description": desc}))
        return 0
    if args.bug is not None and args.bug not in BUGS:
        print("unknown bug %r" % args.bug, file=sys.stderr)
        return 2
    profile = BUGS[args.bug][0] if args.bug else (args.profile or "documented")
    if args.bug and args.profile and args.profile != profile:
        print("bug %s belongs to profile %s" % (args.bug, profile), file=sys.stderr)
        return 2
    sys.setrecursionlimit(200000)
    threading.stack_size(512 * 1024 * 1024)
    result = []
    th = threading.Thread(target=lambda: result.append(serve(profile, args.bug)))
    th.start()
    th.join()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
