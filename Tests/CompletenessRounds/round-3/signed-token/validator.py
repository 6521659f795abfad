#!/usr/bin/env python3
"""Signed-token (Limited Login ID token) validator behind the JSON Lines adapter protocol (HARNESS.md).

Implements only the `signed-token` family (SPECIFICATION.md §4 and the signed-token parts of §8), in either
profile:

    python validator.py --profile documented      # the base, documented reading
    python validator.py --profile ios-sdk         # the base, iOS SDK v18.1.0 reading
    python validator.py --bug NAME                # one deliberate bug (its profile is the bug's)
    python validator.py --list                    # every bug, one JSON object per line

The base is as correct as the specification lets me make it. Each bug is one realistic deviation from it, switched
on by its name (see BUGS.md).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import sys
import unicodedata
import urllib.parse
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

if hasattr(sys, "set_int_max_str_digits"):
    sys.set_int_max_str_digits(0)

DOCUMENTED = "documented"
IOS = "ios-sdk"

# ---------------------------------------------------------------------------------------------------------------
# The bugs: (name, profile, description naming the rule it breaks)
# ---------------------------------------------------------------------------------------------------------------

BUGS: list[tuple[str, str, str]] = [
    # --- compact serialisation -------------------------------------------------------------------------------
    ("split-maxsplit", DOCUMENTED,
     "splits with token.split('.', 2), so a token of four or more segments is read as three (the extra dots end in "
     "the signature segment, reported badBase64url instead of malformed) [token.jose.structure]"),
    ("strip-token", DOCUMENTED,
     "trims whitespace around the whole token before splitting, so leading/trailing whitespace is tolerated "
     "instead of badBase64url [token.jose.base64url.documented]"),
    ("empty-segments-dropped", IOS,
     "drops empty segments after splitting (filter(None, ...)), so 'h.p.s.' is three segments and 'h..s' two "
     "[token.jose.structure]"),
    ("token-size-limit", DOCUMENTED,
     "refuses tokens longer than 4096 characters as malformed (a home-made DoS guard) [token.jose.size]"),
    # --- base64url -----------------------------------------------------------------------------------------------
    ("b64-padding-tolerated", DOCUMENTED,
     "strips trailing '=' padding from each segment before the strict decode [token.jose.base64url.documented]"),
    ("b64-both-alphabets", DOCUMENTED,
     "maps '+' and '/' to '-' and '_' before decoding, accepting the standard base64 alphabet "
     "[token.jose.base64url.documented]"),
    ("b64-trailing-bits", DOCUMENTED,
     "does not check that the unused trailing bits of the last character are zero (non-canonical encodings "
     "accepted) [token.jose.base64url.documented]"),
    ("b64-strip-whitespace", DOCUMENTED,
     "removes whitespace inside segments (for line-wrapped tokens) before decoding "
     "[token.jose.base64url.documented]"),
    ("b64-4n1-truncated", IOS,
     "a segment of 4n+1 base64 characters is 'repaired' by dropping its last character instead of being "
     "badBase64url [token.jose.base64url.undecodable]"),
    ("b64-standard-alphabet-only", IOS,
     "the header and payload are decoded without translating '-' and '_' to '+' and '/', so those characters are "
     "skipped as unknown and such segments decode to other bytes [token.jose.base64url.alphabet]"),
    ("b64-strict-under-sdk", IOS,
     "decodes strictly (RFC 7515) in the ios-sdk reading: padding, whitespace, junk, '+' '/' and non-canonical "
     "bits are refused badBase64url [token.jose.base64url.ios-sdk]"),
    # --- JSON ---------------------------------------------------------------------------------------------------
    ("json-dup-first-wins", DOCUMENTED,
     "a duplicate member name keeps the first occurrence (JSONDecoder-like) instead of refusing it "
     "[token.jose.json.duplicate-members]"),
    ("json-nested-dup-first", IOS,
     "duplicate member names are refused only at the top level; inside a nested object the first one is kept "
     "[token.jose.json.duplicate-members]"),
    ("json-trailing-comma", DOCUMENTED,
     "the JSON parser tolerates a trailing comma in objects and arrays [token.json.trailing-comma.documented]"),
    ("json-comments", DOCUMENTED,
     "the JSON parser skips // and /* */ comments [token.json.number-and-comment-grammar.documented]"),
    ("json-lenient-numbers", DOCUMENTED,
     "the number grammar accepts leading zeros, a '+' sign, '.5' and '5.' "
     "[token.json.number-and-comment-grammar.documented]"),
    ("json-control-chars", DOCUMENTED,
     "raw control characters U+0000-U+001F are accepted inside strings (json.loads(strict=False)) "
     "[token.json.control-characters.documented]"),
    ("json-nan-infinity", DOCUMENTED,
     "NaN, Infinity and -Infinity are accepted as numbers (Python json's default), so exp: Infinity never "
     "expires [token.jose.json]"),
    ("json-replace-invalid-utf8", IOS,
     "decodes the segments with errors='replace', so bytes that are not UTF-8 become U+FFFD instead of badJSON "
     "[token.jose.json]"),
    ("json-double-encoded", IOS,
     "a header or payload that is a JSON string is parsed a second time and used if it holds an object, instead "
     "of badJSON [token.jose.json]"),
    ("json-depth-limit", IOS,
     "refuses JSON nested deeper than 8 levels as badJSON, even inside ignored members [token.jose.size]"),
    # --- header -------------------------------------------------------------------------------------------------
    ("alg-case-insensitive", DOCUMENTED,
     "compares alg case-insensitively, so 'rs256' or 'Rs256' passes [token.header.alg]"),
    ("alg-none", IOS,
     "alg 'none' is accepted and skips key lookup and signature verification [token.header.alg]"),
    ("verify-before-header-checks", DOCUMENTED,
     "looks up the key and verifies the signature before checking alg, typ and crit, so a token with a wrong alg "
     "is reported signatureInvalid instead of headerAlgorithm [§4 order of checks; token.header.alg]"),
    ("typ-case-insensitive", IOS,
     "compares typ case-insensitively as a media type (RFC 7515 §4.1.9 advice), so 'jwt' passes where the SDK "
     "requires exactly JWT [token.header.typ]"),
    ("typ-optional", IOS,
     "a header without typ is accepted (only a present typ is checked) [token.header.typ]"),
    ("kid-coerced-to-string", DOCUMENTED,
     "a non-string kid (a number, a boolean) is converted with str() and looked up instead of headerKeyID "
     "[token.header.kid]"),
    ("kid-empty-looked-up", IOS,
     "an empty kid is not refused but looked up, so it is reported unknownKeyID instead of headerKeyID "
     "[token.header.kid]"),
    ("kid-missing-single-cert", IOS,
     "a header without kid is verified with the certificate map's only certificate when there is exactly one "
     "[token.header.kid]"),
    ("crit-ignored", DOCUMENTED,
     "the crit header is ignored (as the SDK does), so an unknown critical extension is accepted "
     "[token.jose.crit.documented]"),
    ("crit-refused", IOS,
     "a crit header is refused headerCritical in the ios-sdk reading, which ignores it [token.jose.crit.ios-sdk]"),
    ("header-embedded-jwk", DOCUMENTED,
     "an RSA jwk embedded in the header is used to verify the signature instead of the published key "
     "[token.header.other-members]"),
    ("header-x5c-trusted", IOS,
     "a certificate chain in the header's x5c is trusted: its first certificate's key verifies the token "
     "[token.header.other-members]"),
    # --- key selection and key material -------------------------------------------------------------------------
    ("kid-fallback-first-key", DOCUMENTED,
     "a kid that names no JWKS key falls back to the first RSA key of the set [token.jose.key-by-kid]"),
    ("kid-try-all-certs", IOS,
     "when the kid names no certificate, or its certificate does not verify, every other certificate is tried "
     "[token.jose.key-by-kid]"),
    ("kid-case-insensitive", IOS,
     "looks the kid up in the certificate map case-insensitively [token.jose.key-by-kid]"),
    ("jwks-dict-last-wins", DOCUMENTED,
     "indexes the JWKS with a dict comprehension, so a kid two keys share names the last of them instead of none "
     "[token.jose.key-by-kid.duplicate.documented]"),
    ("jwk-usability-ignored", DOCUMENTED,
     "the JWK's use, key_ops and alg are not checked, so an encryption-only or RS512 key verifies "
     "[token.jose.key-usability.documented]"),
    ("jwk-key-ops-first", DOCUMENTED,
     "checks only key_ops[0] == 'verify', so ['sign', 'verify'] makes a usable key unusable "
     "[token.jose.key-usability.documented]"),
    ("jwks-eager-load", DOCUMENTED,
     "loads every JWK as an RSA key up front; an EC or oct entry (or one without kid) fails the whole set, so no "
     "kid names a key [token.jose.key-source.other-entries]"),
    ("key-source-cert-fallback", DOCUMENTED,
     "a kid missing from the JWKS is looked up in the certificate map [token.jose.key-source.documented]"),
    ("key-source-jwks-fallback", IOS,
     "a kid missing from the certificate map is looked up in the JWKS [token.jose.key-source.ios-sdk]"),
    ("certs-skip-non-string", IOS,
     "certificate-map entries that are not strings are skipped instead of failing the whole map "
     "[token.jose.key-source.string-map.ios-sdk]"),
    ("certs-accept-public-key-pem", IOS,
     "a bare public-key PEM in the certificate map is used as the key [token.jose.key-source.certificate-only.ios-sdk]"),
    ("certs-validity-checked", IOS,
     "refuses a certificate outside its notBefore/notAfter dates at now (unknownKeyID) "
     "[token.jose.key-source.certificate-dates]"),
    # --- signature ----------------------------------------------------------------------------------------------
    ("sig-hash-suffix-only", DOCUMENTED,
     "hand-rolled PKCS#1 check: only the 00 01 prefix and the last 32 bytes (the SHA-256 hash) are compared; "
     "DigestInfo and padding are not [token.jose.signature.encoding]"),
    ("sig-length-unchecked", DOCUMENTED,
     "the signature is read as an integer without checking it is exactly k bytes (leading zero bytes dropped or "
     "added pass) [token.jose.signature.encoding]"),
    ("sig-hash-from-digestinfo", DOCUMENTED,
     "trusts the hash the DigestInfo names (SHA-1, SHA-384, SHA-512 accepted besides SHA-256) "
     "[token.jose.signature]"),
    ("sig-s-not-reduced", IOS,
     "does not check s < n, so s + n verifies like s [token.jose.signature.encoding]"),
    ("sig-padding-bytes-unchecked", IOS,
     "the padding bytes between 00 01 and the 00 separator are not checked to be FF "
     "[token.jose.signature.encoding]"),
    ("sig-garbage-after-hash", IOS,
     "parses the encoding and compares the 32 bytes after the DigestInfo, ignoring bytes after the hash "
     "(Bleichenbacher 2006) [token.jose.signature.encoding]"),
    ("sig-pss-fallback", IOS,
     "when PKCS#1 v1.5 fails, an RSASSA-PSS SHA-256 signature is accepted [token.jose.signature]"),
    ("sig-input-reencoded", IOS,
     "the signing input is rebuilt by re-encoding the decoded header and payload instead of the received ASCII "
     "segments seg0.seg1 [token.jose.signature]"),
    # --- claim presence and types -------------------------------------------------------------------------------
    ("empty-claim-is-missing", DOCUMENTED,
     "tests claims by truthiness (if not claims.get(name)), so an empty sub or nonce, a null, false or 0 is "
     "reported missingClaim [token.claim.non-empty, token.claim.type]"),
    ("null-is-missing", IOS,
     "a required claim whose value is null is reported missingClaim instead of wrongClaimType [token.claim.type]"),
    ("numeric-string-dates", DOCUMENTED,
     "exp and iat given as numeric strings are converted with float() and accepted [token.claim.type]"),
    ("bool-is-number", IOS,
     "isinstance(v, (int, float)) lets true/false pass as exp/iat numbers (Python bool is an int) "
     "[token.claim.type]"),
    ("sub-number-accepted", IOS,
     "a numeric sub (user IDs are numbers) is accepted and kept as its str() [token.claim.type]"),
    ("jti-optional", IOS,
     "jti is treated as optional, as in the documented reading [token.claim.jti.ios-sdk]"),
    ("jti-empty-accepted", IOS,
     "an empty jti string is accepted [token.claim.jti.ios-sdk]"),
    ("sub-empty-accepted", IOS,
     "an empty sub is accepted [token.claim.non-empty]"),
    ("sub-blank-is-empty", DOCUMENTED,
     "sub.strip() == '' counts as empty, so a sub of spaces is refused emptyClaim [token.claim.non-empty]"),
    ("nonce-empty-unchecked", IOS,
     "no emptiness check on the nonce claim: an empty nonce is only compared (nonceMismatch, or accepted when "
     "the expected nonce is empty) [token.claim.non-empty]"),
    # --- times and numbers --------------------------------------------------------------------------------------
    ("exp-inclusive", DOCUMENTED,
     "a token is live while exp >= now, so exp == now is accepted [token.exp.strict]"),
    ("clock-skew-leeway", IOS,
     "applies 60 seconds of clock-skew leeway to exp and iat (PyJWT-style leeway=60) "
     "[token.exp.strict, token.iat.window]"),
    ("iat-window-exclusive", DOCUMENTED,
     "requires iat > now - 600, so iat == now - 600 is refused issuedTooLongAgo [token.iat.window]"),
    ("iat-abs-window", IOS,
     "requires |now - iat| <= 600, so an iat more than 600 s in the future is refused issuedTooLongAgo "
     "[token.iat.future.ios-sdk]"),
    ("numbers-as-double", DOCUMENTED,
     "exp and iat are converted to float, so integers beyond 2^53 are rounded in the comparison and in the kept "
     "claims [token.jose.numbers.exact.documented]"),
    ("exp-truncated-int", IOS,
     "compares int(exp) with int(now), dropping fractions of a second [token.jose.numbers]"),
    ("dates-int64-wrap", IOS,
     "exp and iat are stored in a signed 64-bit integer, so values beyond int64 wrap around [token.jose.numbers]"),
    # --- audience -----------------------------------------------------------------------------------------------
    ("aud-array-contains", DOCUMENTED,
     "an aud array is accepted when it contains the app ID (OIDC style) [token.aud.array]"),
    ("aud-array-first", IOS,
     "an aud array is read through its first element [token.aud.array]"),
    ("aud-trimmed", DOCUMENTED,
     "aud and the app ID are compared after strip() [token.aud]"),
    ("aud-nfc", DOCUMENTED,
     "aud and the app ID are NFC-normalised before comparing, so NFD and NFC spellings match "
     "[token.aud.code-points.documented]"),
    ("aud-code-points-under-sdk", IOS,
     "aud is compared code point by code point in the ios-sdk reading, refusing a canonically equivalent app ID "
     "[token.aud.canonical.ios-sdk]"),
    ("aud-nfkc", IOS,
     "aud and the app ID are NFKC-normalised (compatibility mapping: fullwidth digits match) [token.aud]"),
    ("aud-numeric-compare", IOS,
     "when both are digit strings, aud and the app ID are compared as integers ('0123' equals '123') "
     "[token.aud]"),
    # --- nonce --------------------------------------------------------------------------------------------------
    ("nonce-casefold", DOCUMENTED,
     "the nonce is compared case-insensitively [token.nonce]"),
    ("nonce-nfc", DOCUMENTED,
     "the nonce and the expected nonce are NFC-normalised before comparing [token.nonce.code-points.documented]"),
    ("nonce-code-points-under-sdk", IOS,
     "the nonce is compared code point by code point in the ios-sdk reading [token.nonce.canonical.ios-sdk]"),
    ("nonce-trimmed", IOS,
     "the nonce and the expected nonce are compared after strip() [token.nonce]"),
    # --- issuer -------------------------------------------------------------------------------------------------
    ("iss-trailing-slash", DOCUMENTED,
     "a trailing '/' is stripped from iss before the comparison [token.iss.documented]"),
    ("iss-case-insensitive", DOCUMENTED,
     "iss is compared case-insensitively with the two issuers [token.iss.documented]"),
    ("iss-host-rule-documented", DOCUMENTED,
     "the documented reading accepts any iss whose URL host is facebook.com or a subdomain (the SDK's rule) "
     "[token.iss.documented]"),
    ("iss-suffix-without-dot", IOS,
     "the host test is host.endswith('facebook.com'), so evilfacebook.com passes [token.iss.ios-sdk]"),
    ("iss-naive-host", IOS,
     "the host is taken as the text between '://' and the next '/', so userinfo, port, query and fragment stay "
     "in it [token.iss.ios-sdk]"),
    ("iss-host-lowercased", IOS,
     "the host comes from urllib's urlparse().hostname, which lower-cases it (the SDK compares case-sensitively) "
     "[token.iss.ios-sdk]"),
    ("iss-https-only", IOS,
     "the issuer must use https, though the SDK does not check the scheme [token.iss.ios-sdk]"),
    # --- optional and unknown claims ----------------------------------------------------------------------------
    ("optional-empty-dropped", DOCUMENTED,
     "optional claims are kept only when truthy, so '' and [] are dropped [token.optional.kept]"),
    ("optional-empty-object-kept", IOS,
     "all() over an empty object is true, so {} is kept as user_age_range, user_hometown or user_location "
     "[§4 optional claims table]"),
    ("cnf-kept-whole", DOCUMENTED,
     "cnf is kept with all its members instead of jkt only [§4 optional claims table]"),
    ("unknown-claims-kept", DOCUMENTED,
     "every payload member is passed through into the kept claims [token.unknown-claims]"),
    ("optional-no-type-check", IOS,
     "optional claims are kept whatever their type [token.optional.dropped.ios-sdk]"),
    ("age-range-filtered", IOS,
     "user_age_range members that are not numbers are removed instead of dropping the whole claim "
     "[§4 optional claims table]"),
    ("friends-first-item", IOS,
     "user_friends is type-checked on its first element only [§4 optional claims table]"),
    ("cnf-empty-jkt-kept", IOS,
     "cnf is kept when jkt is an empty string [§4 optional claims table]"),
]

BUG_PROFILES = {name: profile for name, profile, _ in BUGS}


@dataclass(frozen=True)
class Config:
    profile: str
    bug: str | None = None

    @property
    def ios(self) -> bool:
        return self.profile == IOS

    def on(self, name: str) -> bool:
        return self.bug == name


class Reject(Exception):
    def __init__(self, reason: str, claim: str | None = None):
        super().__init__(reason if claim is None else f"{reason}: {claim}")
        self.reason = reason
        self.claim = claim


# ---------------------------------------------------------------------------------------------------------------
# Strict JSON (RFC 8259) with knobs
# ---------------------------------------------------------------------------------------------------------------

class JSONSyntax(Exception):
    pass


@dataclass
class JSONOptions:
    dup: str = "reject"            # reject | first | last
    dup_nested: str | None = None  # policy for objects below the top level (None: same as dup)
    trailing_comma: bool = False
    comments: bool = False
    lenient_numbers: bool = False
    control_chars: bool = False
    nan: bool = False
    max_depth: int | None = None


_NUM = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
_NUM_LENIENT = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_STR_STRICT = re.compile(r'[^"\\\x00-\x1f]*')
_STR_LENIENT = re.compile(r'[^"\\]*')
_WS = re.compile(r"[ \t\n\r]*")
_WS_COMMENTS = re.compile(r"(?:[ \t\n\r]+|//[^\n]*(?:\n|\Z)|/\*.*?\*/)*", re.S)
_HEX4 = re.compile(r"[0-9A-Fa-f]{4}")
_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


class _Parser:
    def __init__(self, text: str, options: JSONOptions):
        self.s = text
        self.i = 0
        self.o = options
        self.ws = _WS_COMMENTS if options.comments else _WS
        self.num = _NUM_LENIENT if options.lenient_numbers else _NUM
        self.chunk = _STR_LENIENT if options.control_chars else _STR_STRICT

    def fail(self, what: str):
        raise JSONSyntax(f"{what} at offset {self.i}")

    def skip(self):
        self.i = self.ws.match(self.s, self.i).end()

    def peek(self) -> str:
        return self.s[self.i] if self.i < len(self.s) else ""

    def parse(self):
        value = self.value()
        self.skip()
        if self.i != len(self.s):
            self.fail("trailing data")
        return value

    def hex4(self, j: int) -> int:
        if not _HEX4.fullmatch(self.s, j, j + 4):
            self.i = j
            self.fail("bad \\u escape")
        return int(self.s[j:j + 4], 16)

    def string(self) -> str:
        s = self.s
        i = self.i + 1
        out = []
        while True:
            m = self.chunk.match(s, i)
            out.append(m.group())
            i = m.end()
            if i >= len(s):
                self.i = i
                self.fail("unterminated string")
            c = s[i]
            if c == '"':
                self.i = i + 1
                return "".join(out)
            if c == "\\":
                e = s[i + 1:i + 2]
                if e in _ESCAPES:
                    out.append(_ESCAPES[e])
                    i += 2
                elif e == "u":
                    cp = self.hex4(i + 2)
                    i += 6
                    if 0xD800 <= cp <= 0xDBFF:
                        if s[i:i + 2] == "\\u":
                            lo = self.hex4(i + 2)
                            if 0xDC00 <= lo <= 0xDFFF:
                                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00)
                                i += 6
                            else:
                                self.i = i
                                self.fail("lone surrogate")
                        else:
                            self.i = i
                            self.fail("lone surrogate")
                    elif 0xDC00 <= cp <= 0xDFFF:
                        self.i = i
                        self.fail("lone surrogate")
                    out.append(chr(cp))
                else:
                    self.i = i
                    self.fail("bad escape")
            else:
                self.i = i
                self.fail("control character in string")

    def key(self) -> str:
        self.skip()
        if self.peek() != '"':
            self.fail("expected a member name")
        k = self.string()
        self.skip()
        if self.peek() != ":":
            self.fail("expected ':'")
        self.i += 1
        return k

    def scalar(self):
        s, i = self.s, self.i
        c = self.peek()
        if c == '"':
            return self.string()
        for lit, val in (("true", True), ("false", False), ("null", None)):
            if s.startswith(lit, i):
                self.i = i + len(lit)
                return val
        if self.o.nan:
            for lit, val in (("NaN", float("nan")), ("Infinity", float("inf")), ("-Infinity", float("-inf"))):
                if s.startswith(lit, i):
                    self.i = i + len(lit)
                    return val
        m = self.num.match(s, i)
        if not m or m.end() == i:
            self.fail("unexpected character")
        text = m.group()
        self.i = m.end()
        if any(ch in text for ch in ".eE"):
            return Decimal(text)
        return int(text)

    def close(self, frame, depth: int):
        if frame[0] == "a":
            return frame[1]
        policy = self.o.dup if depth == 1 or self.o.dup_nested is None else self.o.dup_nested
        out: dict = {}
        for k, v in frame[1]:
            if k in out:
                if policy == "reject":
                    self.fail(f"duplicate member {k!r}")
                if policy == "first":
                    continue
            out[k] = v
        return out

    def value(self):
        stack: list = []
        o = self.o
        while True:
            self.skip()
            c = self.peek()
            if c in ("{", "["):
                self.i += 1
                if o.max_depth is not None and len(stack) + 1 > o.max_depth:
                    self.fail("nesting too deep")
                self.skip()
                if c == "{":
                    if self.peek() == "}":
                        self.i += 1
                        v = {}
                    else:
                        stack.append(["o", [], self.key()])
                        continue
                else:
                    if self.peek() == "]":
                        self.i += 1
                        v = []
                    else:
                        stack.append(["a", []])
                        continue
            else:
                v = self.scalar()
            # attach the completed value to its container(s)
            while True:
                if not stack:
                    return v
                frame = stack[-1]
                if frame[0] == "a":
                    frame[1].append(v)
                else:
                    frame[1].append((frame[2], v))
                closer = "}" if frame[0] == "o" else "]"
                self.skip()
                c = self.peek()
                if c == ",":
                    self.i += 1
                    if o.trailing_comma:
                        self.skip()
                        if self.peek() == closer:
                            self.i += 1
                            v = self.close(frame, len(stack))
                            stack.pop()
                            continue
                    if frame[0] == "o":
                        frame[2] = self.key()
                    break
                if c == closer:
                    self.i += 1
                    v = self.close(frame, len(stack))
                    stack.pop()
                    continue
                self.fail("expected ',' or a closing bracket")


def parse_json(text: str, options: JSONOptions | None = None):
    return _Parser(text, options or JSONOptions()).parse()


def dump_json(v) -> str:
    """Serialise a value, numbers exactly as parsed (int, Decimal)."""
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, Decimal):
        if v.is_finite():
            return str(v)
        return "0" if v.is_nan() else ("1.7976931348623157e308" if v > 0 else "-1.7976931348623157e308")
    if isinstance(v, float):
        if v != v:
            return "0"
        if v in (float("inf"), float("-inf")):
            return "1.7976931348623157e308" if v > 0 else "-1.7976931348623157e308"
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, (list, tuple)):
        return "[" + ",".join(dump_json(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ",".join(json.dumps(str(k)) + ":" + dump_json(x) for k, x in v.items()) + "}"
    raise TypeError(f"cannot serialise {type(v).__name__}")


def is_number(v) -> bool:
    return isinstance(v, (int, Decimal, float)) and not isinstance(v, bool)


def num(v):
    """An exact comparable value: Fraction for int/Decimal, float as is (for NaN/Infinity)."""
    if isinstance(v, float):
        return v
    return Fraction(v)


# ---------------------------------------------------------------------------------------------------------------
# base64url
# ---------------------------------------------------------------------------------------------------------------

class B64Error(Exception):
    pass


_B64URL = re.compile(r"[A-Za-z0-9_-]*")
_STD_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")


def b64url_encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64url_strict(seg: str, canonical: bool = True) -> bytes:
    if not _B64URL.fullmatch(seg) or len(seg) % 4 == 1:
        raise B64Error("not base64url")
    data = base64.urlsafe_b64decode(seg + "=" * (-len(seg) % 4))
    if canonical and b64url_encode(data) != seg:
        raise B64Error("non-canonical trailing bits")
    return data


def b64_lenient(seg: str, translate: bool = True, fix_4n1: bool = False) -> bytes:
    """The SDK's reading: - and _ as + and /, padding added, unknown characters ignored."""
    if translate:
        seg = seg.replace("-", "+").replace("_", "/")
    clean = "".join(ch for ch in seg if ch in _STD_ALPHABET)
    if len(clean) % 4 == 1:
        if not fix_4n1:
            raise B64Error("4n+1 characters")
        clean = clean[:-1]
    return base64.b64decode(clean + "=" * (-len(clean) % 4))


def decode_segment(seg: str, cfg: Config, json_part: bool = True) -> bytes:
    if cfg.ios:
        if cfg.on("b64-strict-under-sdk"):
            return b64url_strict(seg)
        # the bug's helper decodes the JSON parts; the signature goes through the crypto library's url-safe decoder
        return b64_lenient(seg, translate=not (json_part and cfg.on("b64-standard-alphabet-only")),
                           fix_4n1=cfg.on("b64-4n1-truncated"))
    if cfg.on("b64-padding-tolerated"):
        seg = seg.rstrip("=")
    if cfg.on("b64-both-alphabets"):
        seg = seg.replace("+", "-").replace("/", "_")
    if cfg.on("b64-strip-whitespace"):
        seg = re.sub(r"\s+", "", seg)
    return b64url_strict(seg, canonical=not cfg.on("b64-trailing-bits"))


def b64_tolerant(value) -> bytes:
    """Key material (JWK n and e): base64url, padding tolerated."""
    if not isinstance(value, str):
        raise B64Error("not a string")
    return b64url_strict(value.rstrip("="), canonical=False)


# ---------------------------------------------------------------------------------------------------------------
# Keys
# ---------------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class PublicKey:
    n: int | None   # None: not an RSA key
    e: int | None


NON_RSA = PublicKey(None, None)


def key_from_jwk(jwk: dict) -> PublicKey:
    n = int.from_bytes(b64_tolerant(jwk["n"]), "big")
    e = int.from_bytes(b64_tolerant(jwk["e"]), "big")
    if n <= 0 or e <= 0:
        raise ValueError("bad RSA key")
    return PublicKey(n, e)


def key_from_crypto(public_key) -> PublicKey:
    from cryptography.hazmat.primitives.asymmetric import rsa
    if isinstance(public_key, rsa.RSAPublicKey):
        numbers = public_key.public_numbers()
        return PublicKey(numbers.n, numbers.e)
    return NON_RSA


def load_certificate(pem: str, cfg: Config, now):
    """The key of a PEM certificate, or None when the entry is not a certificate."""
    from cryptography import x509
    from cryptography.hazmat.primitives import serialization
    if cfg.on("certs-accept-public-key-pem") and "PUBLIC KEY-----" in pem:
        try:
            return key_from_crypto(serialization.load_pem_public_key(pem.encode("utf-8")))
        except Exception:
            return None
    if not pem.lstrip().startswith("-----BEGIN CERTIFICATE-----"):
        return None
    try:
        cert = x509.load_pem_x509_certificate(pem.encode("utf-8"))
    except Exception:
        return None
    if cfg.on("certs-validity-checked"):
        t = float(now)
        if not (cert.not_valid_before_utc.timestamp() <= t <= cert.not_valid_after_utc.timestamp()):
            return None
    try:
        return key_from_crypto(cert.public_key())
    except Exception:
        return NON_RSA


def certificate_map(keys: dict, cfg: Config) -> dict:
    certs = keys.get("certificates") if isinstance(keys, dict) else None
    if not isinstance(certs, dict):
        return {}
    if any(not isinstance(v, str) for v in certs.values()):
        if not cfg.on("certs-skip-non-string"):
            return {}  # the SDK's `as? [String: String]` fails for the whole map (D13)
        certs = {k: v for k, v in certs.items() if isinstance(v, str)}
    return certs


def jwks_entries(keys: dict) -> list:
    jwks = keys.get("jwks") if isinstance(keys, dict) else None
    entries = jwks.get("keys") if isinstance(jwks, dict) else None
    return entries if isinstance(entries, list) else []


def jwk_usable(jwk: dict, cfg: Config) -> bool:
    if cfg.on("jwk-usability-ignored"):
        return True
    if "use" in jwk and jwk["use"] != "sig":
        return False
    if "key_ops" in jwk:
        ops = jwk["key_ops"]
        if not isinstance(ops, list):
            return False
        if cfg.on("jwk-key-ops-first"):
            if not ops or ops[0] != "verify":
                return False
        elif "verify" not in ops:
            return False
    if "alg" in jwk and jwk["alg"] != "RS256":
        return False
    return True


def lookup_jwks(kid: str, keys: dict, cfg: Config, now, fallback: bool = True) -> PublicKey:
    entries = jwks_entries(keys)
    if cfg.on("jwks-eager-load"):
        try:
            table = {jwk["kid"]: (jwk, key_from_jwk(jwk)) for jwk in entries}
        except Exception:
            raise Reject("unknownKeyID")
        if kid not in table:
            raise Reject("unknownKeyID")
        jwk, key = table[kid]
        if not jwk_usable(jwk, cfg):
            raise Reject("unknownKeyID")
        return key
    rsa_keys = [k for k in entries if isinstance(k, dict) and k.get("kty") == "RSA"]
    matches = [k for k in rsa_keys if isinstance(k.get("kid"), str) and k["kid"] == kid]
    if cfg.on("jwks-dict-last-wins"):
        matches = list({k["kid"]: k for k in matches}.values())
    if not matches:
        if cfg.on("kid-fallback-first-key") and rsa_keys:
            matches = [rsa_keys[0]]
        elif cfg.on("key-source-cert-fallback") and fallback:
            return lookup_certs(kid, keys, cfg, now, fallback=False)
        else:
            raise Reject("unknownKeyID")
    if len(matches) > 1:
        raise Reject("unknownKeyID")  # a kid two keys share names no one key (D34)
    jwk = matches[0]
    if not jwk_usable(jwk, cfg):
        raise Reject("unknownKeyID")
    try:
        return key_from_jwk(jwk)
    except Exception:
        raise Reject("unknownKeyID")


def lookup_certs(kid: str, keys: dict, cfg: Config, now, fallback: bool = True) -> PublicKey:
    certs = certificate_map(keys, cfg)
    if cfg.on("kid-case-insensitive"):
        folded = {k.lower(): v for k, v in certs.items()}
        pem = folded.get(kid.lower())
    else:
        pem = certs.get(kid)
    if pem is None:
        if cfg.on("key-source-jwks-fallback") and fallback:
            return lookup_jwks(kid, keys, cfg, now, fallback=False)
        raise Reject("unknownKeyID")
    key = load_certificate(pem, cfg, now)
    if key is None:
        raise Reject("unknownKeyID")
    return key


def lookup_key(kid: str, keys: dict, cfg: Config, now) -> PublicKey:
    if cfg.ios:
        return lookup_certs(kid, keys, cfg, now)
    return lookup_jwks(kid, keys, cfg, now)


def all_certificate_keys(keys: dict, cfg: Config, now) -> list:
    out = []
    for pem in certificate_map(keys, cfg).values():
        key = load_certificate(pem, cfg, now)
        if key is not None:
            out.append(key)
    return out


# ---------------------------------------------------------------------------------------------------------------
# RSASSA-PKCS1-v1_5 with SHA-256 (RFC 8017 §8.2.2, §9.2)
# ---------------------------------------------------------------------------------------------------------------

DIGEST_INFO = {
    "sha256": bytes.fromhex("3031300d060960864801650304020105000420"),
    "sha1": bytes.fromhex("3021300906052b0e03021a05000414"),
    "sha384": bytes.fromhex("3041300d060960864801650304020205000430"),
    "sha512": bytes.fromhex("3051300d060960864801650304020305000440"),
}


def emsa_pkcs1(k: int, digest_info: bytes) -> bytes | None:
    if k < len(digest_info) + 11:
        return None
    return b"\x00\x01" + b"\xff" * (k - len(digest_info) - 3) + b"\x00" + digest_info


def rsa_verify(key: PublicKey, sig: bytes, msg: bytes, cfg: Config) -> bool:
    if key.n is None:
        return False
    n, e = key.n, key.e
    k = (n.bit_length() + 7) // 8
    if not cfg.on("sig-length-unchecked") and len(sig) != k:
        return False
    s = int.from_bytes(sig, "big")
    if s >= n and not cfg.on("sig-s-not-reduced"):
        return False
    if s >= 256 ** k:
        return False
    em = pow(s, e, n).to_bytes(k, "big")
    h = hashlib.sha256(msg).digest()
    prefix = DIGEST_INFO["sha256"]
    if cfg.on("sig-hash-suffix-only"):
        return em[:2] == b"\x00\x01" and em[-32:] == h
    if cfg.on("sig-padding-bytes-unchecked"):
        if em[:2] != b"\x00\x01":
            return False
        j = em.find(b"\x00", 2)
        return j >= 10 and em[j + 1:] == prefix + h
    if cfg.on("sig-garbage-after-hash"):
        if em[:2] != b"\x00\x01":
            return False
        j = 2
        while j < k and em[j] == 0xFF:
            j += 1
        if j < 10 or j >= k or em[j] != 0:
            return False
        rest = em[j + 1:]
        return rest.startswith(prefix) and rest[len(prefix):len(prefix) + 32] == h
    if cfg.on("sig-hash-from-digestinfo"):
        for name, info in DIGEST_INFO.items():
            expected = emsa_pkcs1(k, info + hashlib.new(name, msg).digest())
            if expected is not None and hmac.compare_digest(em, expected):
                return True
        return False
    expected = emsa_pkcs1(k, prefix + h)
    ok = expected is not None and hmac.compare_digest(em, expected)
    if not ok and cfg.on("sig-pss-fallback"):
        ok = pss_verify(key, sig, msg)
    return ok


def pss_verify(key: PublicKey, sig: bytes, msg: bytes) -> bool:
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import padding, rsa
    try:
        public = rsa.RSAPublicNumbers(key.e, key.n).public_key()
        public.verify(sig, msg, padding.PSS(mgf=padding.MGF1(hashes.SHA256()), salt_length=padding.PSS.AUTO),
                      hashes.SHA256())
        return True
    except Exception:
        return False


# ---------------------------------------------------------------------------------------------------------------
# Issuer
# ---------------------------------------------------------------------------------------------------------------

DOCUMENTED_ISSUERS = ("https://www.facebook.com", "https://limited.facebook.com")
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")
_REG_NAME = re.compile(r"[A-Za-z0-9._~%!$&'()*+,;=-]+")


def url_host(iss: str) -> str | None:
    """The host as SPECIFICATION.md §4 describes the SDK's URL(string:).host."""
    m = _SCHEME.match(iss)
    if not m:
        return None
    authority = re.split(r"[/?#]", iss[m.end():], maxsplit=1)[0]
    if "@" in authority:
        authority = authority.rsplit("@", 1)[1]
    host = authority.split(":", 1)[0]
    if not host or not _REG_NAME.fullmatch(host):
        return None
    return host


def issuer_ok(iss: str, cfg: Config) -> bool:
    if not cfg.ios:
        if cfg.on("iss-trailing-slash"):
            return iss.rstrip("/") in DOCUMENTED_ISSUERS
        if cfg.on("iss-case-insensitive"):
            return iss.lower() in DOCUMENTED_ISSUERS
        if cfg.on("iss-host-rule-documented"):
            host = url_host(iss)
            return host is not None and (host == "facebook.com" or host.endswith(".facebook.com"))
        return iss in DOCUMENTED_ISSUERS
    if cfg.on("iss-naive-host"):
        host = iss.split("://", 1)[1].split("/", 1)[0] if "://" in iss else None
    elif cfg.on("iss-host-lowercased"):
        try:
            host = urllib.parse.urlparse(iss).hostname
        except ValueError:
            host = None
    else:
        host = url_host(iss)
    if not host:
        return False
    if cfg.on("iss-https-only") and not iss.startswith("https://"):
        return False
    if cfg.on("iss-suffix-without-dot"):
        return host.endswith("facebook.com")
    return host == "facebook.com" or host.endswith(".facebook.com")


# ---------------------------------------------------------------------------------------------------------------
# Claims
# ---------------------------------------------------------------------------------------------------------------

OPTIONAL_STRINGS = ("name", "given_name", "middle_name", "family_name", "email", "picture",
                    "user_birthday", "user_gender", "user_link")
KNOWN_CLAIMS = {"jti", "iss", "aud", "exp", "iat", "nonce", "sub", "user_friends", "user_age_range",
                "user_hometown", "user_location", "cnf", *OPTIONAL_STRINGS}


def canonical_equal(a: str, b: str) -> bool:
    """Swift String ==: canonical equivalence."""
    return unicodedata.normalize("NFD", a) == unicodedata.normalize("NFD", b)


def wrap_int64(v):
    if isinstance(v, int) and not isinstance(v, bool):
        return ((v + 2 ** 63) % 2 ** 64) - 2 ** 63
    return v


def check_claims(c: dict, expected_nonce: str, app_id: str, now, cfg: Config) -> dict:
    now_v = num(now)

    def fetch(name):
        if cfg.on("empty-claim-is-missing"):
            v = c.get(name)
            if not v:
                raise Reject("missingClaim", name)
            return v
        if cfg.on("null-is-missing"):
            if c.get(name) is None:
                raise Reject("missingClaim", name)
            return c[name]
        if name not in c:
            raise Reject("missingClaim", name)
        return c[name]

    def date(name):
        v = fetch(name)
        if cfg.on("numeric-string-dates") and isinstance(v, str):
            try:
                v = float(v)
            except ValueError:
                raise Reject("wrongClaimType", name)
        if cfg.on("bool-is-number"):
            if not isinstance(v, (int, float, Decimal)):
                raise Reject("wrongClaimType", name)
        elif not is_number(v):
            raise Reject("wrongClaimType", name)
        if cfg.on("numbers-as-double"):
            v = float(v)
        if cfg.on("dates-int64-wrap"):
            v = wrap_int64(v)
        return v

    kept: dict = {}

    # jti: required by the SDK only (D07)
    if cfg.ios and not cfg.on("jti-optional"):
        jti = fetch("jti")
        if not isinstance(jti, str):
            raise Reject("wrongClaimType", "jti")
        if jti == "" and not cfg.on("jti-empty-accepted"):
            raise Reject("emptyClaim", "jti")
        kept["jti"] = jti
    elif isinstance(c.get("jti"), str):
        kept["jti"] = c["jti"]

    # iss
    iss = fetch("iss")
    if not isinstance(iss, str):
        raise Reject("wrongClaimType", "iss")
    if not issuer_ok(iss, cfg):
        raise Reject("issuer")
    kept["iss"] = iss

    # aud
    aud = fetch("aud")
    if isinstance(aud, list) and cfg.on("aud-array-contains"):
        if app_id not in aud:
            raise Reject("audience")
        aud = app_id
    elif isinstance(aud, list) and cfg.on("aud-array-first"):
        if not aud:
            raise Reject("missingClaim", "aud")
        aud = aud[0]
    if not isinstance(aud, str):
        raise Reject("wrongClaimType", "aud")
    if cfg.ios:
        if cfg.on("aud-code-points-under-sdk"):
            same = aud == app_id
        elif cfg.on("aud-nfkc"):
            same = unicodedata.normalize("NFKC", aud) == unicodedata.normalize("NFKC", app_id)
        elif cfg.on("aud-numeric-compare") and aud.isdigit() and app_id.isdigit():
            same = int(aud) == int(app_id)
        else:
            same = canonical_equal(aud, app_id)
    else:
        if cfg.on("aud-trimmed"):
            same = aud.strip() == app_id.strip()
        elif cfg.on("aud-nfc"):
            same = unicodedata.normalize("NFC", aud) == unicodedata.normalize("NFC", app_id)
        else:
            same = aud == app_id
    if not same:
        raise Reject("audience")
    kept["aud"] = aud

    # exp: strictly later than now
    exp = date("exp")
    if cfg.on("numbers-as-double"):
        live = exp > float(now)
    elif cfg.on("exp-truncated-int"):
        live = int(exp) > int(now)
    elif cfg.on("exp-inclusive"):
        live = num(exp) >= now_v
    elif cfg.on("clock-skew-leeway"):
        live = num(exp) + 60 > now_v
    else:
        live = num(exp) > now_v
    if not live:
        raise Reject("expired")
    kept["exp"] = exp

    # iat: no earlier than now - 600; no upper bound
    iat = date("iat")
    if cfg.on("numbers-as-double"):
        fresh = iat >= float(now) - 600
    elif cfg.on("iat-window-exclusive"):
        fresh = num(iat) > now_v - 600
    elif cfg.on("clock-skew-leeway"):
        fresh = num(iat) >= now_v - 660
    elif cfg.on("iat-abs-window"):
        fresh = abs(now_v - num(iat)) <= 600
    else:
        fresh = num(iat) >= now_v - 600
    if not fresh:
        raise Reject("issuedTooLongAgo")
    kept["iat"] = iat

    # nonce
    nonce = fetch("nonce")
    if not isinstance(nonce, str):
        raise Reject("wrongClaimType", "nonce")
    if nonce == "" and not cfg.on("nonce-empty-unchecked"):
        raise Reject("emptyClaim", "nonce")
    if cfg.ios:
        if cfg.on("nonce-code-points-under-sdk"):
            same = nonce == expected_nonce
        elif cfg.on("nonce-trimmed"):
            same = canonical_equal(nonce.strip(), expected_nonce.strip())
        else:
            same = canonical_equal(nonce, expected_nonce)
    else:
        if cfg.on("nonce-casefold"):
            same = nonce.casefold() == expected_nonce.casefold()
        elif cfg.on("nonce-nfc"):
            same = unicodedata.normalize("NFC", nonce) == unicodedata.normalize("NFC", expected_nonce)
        else:
            same = nonce == expected_nonce
    if not same:
        raise Reject("nonceMismatch")
    kept["nonce"] = nonce

    # sub
    sub = fetch("sub")
    if cfg.on("sub-number-accepted") and is_number(sub):
        sub = str(sub)
    if not isinstance(sub, str):
        raise Reject("wrongClaimType", "sub")
    if cfg.on("sub-blank-is-empty"):
        if sub.strip() == "":
            raise Reject("emptyClaim", "sub")
    elif sub == "" and not cfg.on("sub-empty-accepted"):
        raise Reject("emptyClaim", "sub")
    kept["sub"] = sub

    keep_optional(c, kept, cfg)
    if cfg.on("unknown-claims-kept"):
        for k, v in c.items():
            kept.setdefault(k, v)
    return kept


def keep_optional(c: dict, kept: dict, cfg: Config) -> None:
    any_type = cfg.on("optional-no-type-check")
    drop_empty = cfg.on("optional-empty-dropped")
    keep_empty_objects = cfg.on("optional-empty-object-kept")

    for name in OPTIONAL_STRINGS:
        if name in c:
            v = c[name]
            if any_type or (isinstance(v, str) and not (drop_empty and v == "")):
                kept[name] = v

    if "user_friends" in c:
        v = c["user_friends"]
        if any_type:
            kept["user_friends"] = v
        elif isinstance(v, list):
            if cfg.on("friends-first-item"):
                ok = not v or isinstance(v[0], str)
            else:
                ok = all(isinstance(x, str) for x in v)
            if ok and not (drop_empty and not v):
                kept["user_friends"] = v

    if "user_age_range" in c:
        v = c["user_age_range"]
        if any_type:
            kept["user_age_range"] = v
        elif isinstance(v, dict):
            if cfg.on("age-range-filtered"):
                filtered = {k: x for k, x in v.items() if is_number(x)}
                if filtered:
                    kept["user_age_range"] = filtered
            elif (v or keep_empty_objects) and all(is_number(x) for x in v.values()):
                kept["user_age_range"] = v

    for name in ("user_hometown", "user_location"):
        if name in c:
            v = c[name]
            if any_type:
                kept[name] = v
            elif isinstance(v, dict) and (v or keep_empty_objects) and all(isinstance(x, str) for x in v.values()):
                kept[name] = v

    if "cnf" in c:
        v = c["cnf"]
        if any_type:
            kept["cnf"] = v
        elif isinstance(v, dict) and isinstance(v.get("jkt"), str) and (v["jkt"] or cfg.on("cnf-empty-jkt-kept")):
            kept["cnf"] = dict(v) if cfg.on("cnf-kept-whole") else {"jkt": v["jkt"]}


# ---------------------------------------------------------------------------------------------------------------
# The validation
# ---------------------------------------------------------------------------------------------------------------

def json_options(cfg: Config) -> JSONOptions:
    o = JSONOptions()
    if cfg.on("json-dup-first-wins"):
        o.dup = "first"
    if cfg.on("json-nested-dup-first"):
        o.dup_nested = "first"
    o.trailing_comma = cfg.on("json-trailing-comma")
    o.comments = cfg.on("json-comments")
    o.lenient_numbers = cfg.on("json-lenient-numbers")
    o.control_chars = cfg.on("json-control-chars")
    o.nan = cfg.on("json-nan-infinity")
    if cfg.on("json-depth-limit"):
        o.max_depth = 8
    return o


def decode_object(data: bytes, cfg: Config) -> dict:
    try:
        text = data.decode("utf-8", errors="replace" if cfg.on("json-replace-invalid-utf8") else "strict")
        value = parse_json(text, json_options(cfg))
        if cfg.on("json-double-encoded") and isinstance(value, str):
            value = parse_json(value, json_options(cfg))
    except (UnicodeDecodeError, JSONSyntax):
        raise Reject("badJSON")
    if not isinstance(value, dict):
        raise Reject("badJSON")
    return value


def check_alg(header: dict, cfg: Config) -> bool:
    """Checks alg; whether the signature is to be skipped (the alg-none bug)."""
    alg = header.get("alg")
    if not isinstance(alg, str):
        raise Reject("headerAlgorithm")
    if cfg.on("alg-none") and alg == "none":
        return True
    if cfg.on("alg-case-insensitive"):
        ok = alg.upper() == "RS256"
    else:
        ok = alg == "RS256"
    if not ok:
        raise Reject("headerAlgorithm")
    return False


def check_typ(header: dict, cfg: Config) -> None:
    if "typ" not in header and cfg.on("typ-optional"):
        return
    typ = header.get("typ")
    if not isinstance(typ, str):
        raise Reject("headerType")
    ok = typ.lower() == "jwt" if cfg.on("typ-case-insensitive") else typ == "JWT"
    if not ok:
        raise Reject("headerType")


def check_kid(header: dict, keys: dict, cfg: Config) -> str:
    if "kid" not in header and cfg.on("kid-missing-single-cert"):
        certs = certificate_map(keys, cfg)
        if len(certs) == 1:
            return next(iter(certs))
    kid = header.get("kid")
    if cfg.on("kid-coerced-to-string") and kid is not None and not isinstance(kid, str):
        kid = str(kid)
    if not isinstance(kid, str):
        raise Reject("headerKeyID")
    if kid == "" and not cfg.on("kid-empty-looked-up"):
        raise Reject("headerKeyID")
    return kid


def check_crit(header: dict, cfg: Config) -> None:
    if "crit" not in header:
        return
    if cfg.ios:
        if cfg.on("crit-refused"):
            raise Reject("headerCritical")
        return  # the SDK ignores every member but alg, typ and kid
    if cfg.on("crit-ignored"):
        return
    raise Reject("headerCritical")  # this validator understands no extension


def embedded_key(header: dict, cfg: Config) -> PublicKey | None:
    if cfg.on("header-embedded-jwk"):
        jwk = header.get("jwk")
        if isinstance(jwk, dict) and jwk.get("kty") == "RSA":
            try:
                return key_from_jwk(jwk)
            except Exception:
                return None
    if cfg.on("header-x5c-trusted"):
        chain = header.get("x5c")
        if isinstance(chain, list) and chain and isinstance(chain[0], str):
            try:
                from cryptography import x509
                cert = x509.load_der_x509_certificate(base64.b64decode(chain[0]))
                return key_from_crypto(cert.public_key())
            except Exception:
                return None
    return None


def validate(inp: dict, cfg: Config) -> dict:
    try:
        claims = _validate(inp, cfg)
    except Reject as r:
        out = {"result": "rejected", "reason": r.reason}
        if r.claim is not None:
            out["claim"] = r.claim
        return out
    return {"result": "accepted", "claims": claims}


def _validate(inp: dict, cfg: Config) -> dict:
    token = inp["token"]
    keys = inp.get("keys") or {}
    now = inp["now"]

    # 1. structure: exactly three dot-separated segments
    if cfg.on("token-size-limit") and len(token) > 4096:
        raise Reject("malformed")
    if cfg.on("strip-token"):
        token = token.strip()
    if cfg.on("split-maxsplit"):
        parts = token.split(".", 2)
    elif cfg.on("empty-segments-dropped"):
        parts = [p for p in token.split(".") if p]
    else:
        parts = token.split(".")
    if len(parts) != 3:
        raise Reject("malformed")

    # 2. base64url
    try:
        header_bytes = decode_segment(parts[0], cfg)
        payload_bytes = decode_segment(parts[1], cfg)
        signature = decode_segment(parts[2], cfg, json_part=False)
    except (B64Error, ValueError):
        raise Reject("badBase64url")

    # 3. JSON objects
    header = decode_object(header_bytes, cfg)
    payload = decode_object(payload_bytes, cfg)

    if cfg.on("sig-input-reencoded"):
        signing_input = (b64url_encode(header_bytes) + "." + b64url_encode(payload_bytes)).encode("ascii")
    else:
        signing_input = (parts[0] + "." + parts[1]).encode("utf-8", "surrogatepass")

    def verify(kid: str) -> None:
        key = embedded_key(header, cfg)
        if key is None:
            if cfg.on("kid-try-all-certs"):
                try:
                    key = lookup_key(kid, keys, cfg, now)
                except Reject:
                    if any(rsa_verify(k, signature, signing_input, cfg) for k in all_certificate_keys(keys, cfg, now)):
                        return
                    raise
                if rsa_verify(key, signature, signing_input, cfg):
                    return
                if any(rsa_verify(k, signature, signing_input, cfg) for k in all_certificate_keys(keys, cfg, now)):
                    return
                raise Reject("signatureInvalid")
            key = lookup_key(kid, keys, cfg, now)
        if not rsa_verify(key, signature, signing_input, cfg):
            raise Reject("signatureInvalid")

    # 4-6. header, key by kid, signature
    if cfg.on("verify-before-header-checks"):
        kid = check_kid(header, keys, cfg)
        verify(kid)
        check_alg(header, cfg)
        check_typ(header, cfg)
        check_crit(header, cfg)
    else:
        skip_signature = check_alg(header, cfg)
        check_typ(header, cfg)
        kid = check_kid(header, keys, cfg)
        check_crit(header, cfg)
        if not skip_signature:
            verify(kid)

    # 7. claims
    return check_claims(payload, inp["expectedNonce"], inp["appID"], now, cfg)


# ---------------------------------------------------------------------------------------------------------------
# The adapter (HARNESS.md, protocol version 1)
# ---------------------------------------------------------------------------------------------------------------

def write(message: dict) -> None:
    sys.stdout.write(dump_json(message) + "\n")
    sys.stdout.flush()


def serve(cfg: Config) -> int:
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line, parse_float=Decimal)
        kind = message.get("type")
        if kind == "start":
            write({
                "type": "started",
                "protocolVersion": 1,
                "implementation": {"name": "blind3-signed-token" + (f"+{cfg.bug}" if cfg.bug else ""),
                                   "version": "1.0.0", "language": "python"},
                "capabilities": ["signed-token"],
                "profile": cfg.profile,
            })
        elif kind == "run":
            seq = message["seq"]
            if message.get("family") != "signed-token":
                write({"type": "skipped", "seq": seq, "reason": "only the signed-token family is implemented"})
                continue
            try:
                outcome = validate(message["input"], cfg)
            except Exception as error:  # the implementation failed on this input
                print(f"error on {message.get('id')}: {error!r}", file=sys.stderr)
                write({"type": "errored", "seq": seq, "message": f"{type(error).__name__}: {error}"})
                continue
            write({"type": "result", "seq": seq, "outcome": outcome})
        elif kind == "stop":
            return 0
    return 0


def main(argv: list[str]) -> int:
    import argparse
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--profile", choices=[DOCUMENTED, IOS])
    parser.add_argument("--bug", choices=[name for name, _, _ in BUGS])
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args(argv)
    if args.list:
        for name, profile, description in BUGS:
            print(json.dumps({"name": name, "profile": profile, "description": description}))
        return 0
    if args.bug:
        profile = BUG_PROFILES[args.bug]
        if args.profile and args.profile != profile:
            parser.error(f"bug {args.bug} belongs to the {profile} profile")
    else:
        profile = args.profile or DOCUMENTED
    return serve(Config(profile, args.bug))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
