"""The `code-challenge` family: the PKCE S256 code challenge of a verifier (SPECIFICATION.md §1 item 4; RFC 7636 §4.2).

The rule: challenge = BASE64URL-ENCODE(SHA256(ASCII(code_verifier))), base64url without padding (RFC 7636 §4.2,
Appendix A), so the challenge of the 32-byte digest is always 43 characters of A-Z a-z 0-9 - _.

Expected outcome: `{"result": "challenge", "challenge": string}`, computed here with Python's hashlib (the
generator may use cryptographic libraries; implementations must not hand-roll SHA-256 either). Two vectors carry
the published pairs literally (SPECIFICATION.md §1's and RFC 7636 Appendix B's) and are checked against hashlib, so
the computation itself is anchored to the sources.

Every input is a valid verifier under both readings (ASCII, 43 to 128 unreserved characters), so no vector names
a profile. The vectors are chosen so that each encoding mistake shows: challenges with - and without _, with _ and
without -, with both and with neither (standard base64 would put + and / there, and every 32-byte digest needs one =
of padding in standard base64).

Also writes Tests/LoginConformanceTests/Mutants/code-challenge-oracle.json: the SHA-256 digest of every byte string
the Swift mutation model and its mutants hash (each verifier's ASCII bytes, and the bytes a mutant hashes by
mistake: UTF-16, a trailing newline, the base64url-decoded verifier). The Tests target has no cryptography and
hand-rolls none; it looks digests up there (as the signed-token mutants look signatures up).

Cases the specification leaves open, without a vector:
- The challenge of a verifier that is not valid (too short, non-ASCII): SPECIFICATION.md §1 validates the verifier when
  it is made, so no challenge of an invalid verifier is ever computed; what bytes "ASCII(verifier)" would be for a
  non-ASCII letter (the SDK reading's verifiers) is not stated.
- The plain method (challenge = verifier): the SDK sends S256 only (SPECIFICATION.md §2), so there is no plain vector.
"""

import base64
import binascii
import hashlib
import itertools
from collections.abc import Callable
from typing import Any, Optional

from .common import B1, vector
from .perturbation import Outside, PerturbedField
from .shape import Family, closed, fld, outcome, string

FAMILY = "code-challenge"
DESCRIPTION = (
    "The PKCE S256 code challenge of a code verifier (SPECIFICATION.md §1; RFC 7636 §4.2): base64url without "
    "padding of the SHA-256 of the verifier's ASCII bytes. Input: one valid verifier; outcome: the challenge. "
    "Includes SPECIFICATION.md §1's known pair and RFC 7636 Appendix B's, verifiers of 43 and 128 characters and of "
    "every unreserved character, and challenges where standard base64 would differ (+, / and = padding)."
)
# The SDK check (Scripts/sdk_check/check_sdk.py, docs/sdk-check.md): what its driver calls in the SDK for this family's
# ios-sdk vectors (`runs`), or why they are read, not run (`notRun`).
SDK_CHECK = {
    "runs": "CodeVerifier(string:)!.challenge (CommonCrypto stood in for by swift-crypto)",
}
# Why the family declares no fault pairs (docs/generated/fault-pairs.md; vectorgen/fault_pairs.py).
NO_FAULT_PAIRS = "it computes the challenge of every verifier and refuses none: nothing to order"
# Why the family declares no JSON grammar sites (docs/generated/grammar.md; vectorgen/grammar.py).
NO_GRAMMAR_SITES = "its input is one string: it parses no JSON text"
# Its row in README.md's family table (the generator writes the table): the protocol its implementations adopt
# and what its vectors check, in Markdown.
PROTOCOL = "CodeChallengeComputing"
SUMMARY = (
    "the PKCE S256 challenge: base64url without padding of SHA-256 of the verifier's ASCII bytes; SPECIFICATION.md "
    "§1's known pair and RFC 7636 Appendix B's, verifiers of 43 to 128 characters and of every unreserved "
    "character, challenges with `-` but no `_` and the reverse (§1)"
)

REASONS = {
    "challenge": "the only result: the computed challenge (this family has no rejection; every input is a valid "
                 "verifier)",
}

# The shape of a vector (Scripts/vectorgen/shape.py): Vectors/schema/code-challenge.schema.json and fields.json are
# generated from it.
SHAPE = Family(
    title="LoginConformance code-challenge vectors (SPECIFICATION.md §1 item 4; RFC 7636 §4.2)",
    reasons_description="This family has no rejection reason; its one result is described instead.",
    input=closed(
        # Hashed as given, one byte per character (rule challenge.verifier-as-given).
        fld("codeVerifier", string(pattern="^[A-Za-z0-9._~-]{43,128}$",
                                   description="a valid verifier in both readings: 43 to 128 unreserved ASCII "
                                               "characters")),
    ),
    outcomes=(
        outcome("challenge", fld("challenge", string(
            pattern="^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$",
            description="base64url without padding of the 32-byte SHA-256 digest: 43 characters, the last one "
                        "carrying 4 bits"))),
    ),
)

F = FAMILY
REFS = [B1, "RFC 7636 §4.2"]
ORACLE_PATH = "Tests/LoginConformanceTests/Mutants/code-challenge-oracle.json"

# The published pairs, literally (checked against hashlib below).
KNOWN_PAIR = ("OB6imf0pt3YLueBtNlljrdJZXdFk8gKJ97UQEpz1ojlEUL4p", "4oJe_Hdk_xC_YCWjumgE5RjIkW-YVmFm_nYnIckxR0c")
RFC7636_OCTETS = [116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105,
                  214, 191, 240, 91, 88, 5, 88, 83, 132, 141, 121]
RFC7636_PAIR = ("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk", "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
RFC7636_DIGEST = [19, 211, 30, 150, 26, 26, 216, 236, 47, 22, 177, 12, 76, 152, 46, 8, 118, 168, 120, 173, 109, 241,
                  68, 86, 110, 225, 137, 74, 203, 112, 249, 195]

UNRESERVED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
ALNUM = UNRESERVED[:62]

R_S256 = "challenge.s256"
R_ALPHABET = "challenge.base64url-alphabet"
R_PADDING = "challenge.no-padding"
R_AS_GIVEN = "challenge.verifier-as-given"


def s256(verifier: str) -> str:
    """RFC 7636 §4.2: BASE64URL-ENCODE(SHA256(ASCII(code_verifier))), no padding."""
    digest = hashlib.sha256(verifier.encode("ascii")).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


def _check_sources() -> None:
    assert base64.urlsafe_b64encode(bytes(RFC7636_OCTETS)).decode().rstrip("=") == RFC7636_PAIR[0]
    assert list(hashlib.sha256(RFC7636_PAIR[0].encode("ascii")).digest()) == RFC7636_DIGEST
    for verifier, challenge in (KNOWN_PAIR, RFC7636_PAIR):
        assert s256(verifier) == challenge, verifier


def filler(length: int, alphabet: str = ALNUM) -> str:
    return (alphabet * (length // len(alphabet) + 1))[:length]


def first_verifier(prefix: str, predicate: Callable[[str], bool]) -> str:
    """The first 43-character verifier `prefix` + a zero-padded counter whose challenge satisfies `predicate`:
    deterministic, so the file regenerates byte for byte."""
    for n in itertools.count():
        verifier = f"{prefix}{n:0{43 - len(prefix)}d}"
        if predicate(s256(verifier)):
            return verifier
    raise AssertionError("unreachable")


def _is_valid_verifier(verifier: str) -> bool:
    return 43 <= len(verifier) <= 128 and all(ch in UNRESERVED for ch in verifier)


class _Out:
    def __init__(self) -> None:
        self.items: list[dict[str, Any]] = []

    def add(self, group: str, case: str, description: str, severity: str, refs: list[str], verifier: str,
            rules: list[str], challenge: Optional[str] = None) -> None:
        assert _is_valid_verifier(verifier), verifier
        computed = s256(verifier)
        if challenge is not None and challenge != computed:
            raise ValueError(f"{group}::{case}: the published challenge {challenge} is not hashlib's {computed}")
        assert len(computed) == 43
        self.items.append(vector(f"{F}::{group}::{case}", description, severity, refs, {"codeVerifier": verifier},
                                 {"result": "challenge", "challenge": computed}, rules=rules))


def vectors() -> list[dict[str, Any]]:
    _check_sources()
    out = _Out()
    g = "known"
    out.add(g, "behaviour-md", "SPECIFICATION.md §1's known pair: OB6imf0p…ojlEUL4p gives 4oJe_Hdk…IckxR0c with _ and "
            "-, no padding", "high", REFS, KNOWN_PAIR[0], [R_S256, R_ALPHABET, R_PADDING], challenge=KNOWN_PAIR[1])
    out.add(g, "rfc7636-appendix-b", "RFC 7636 Appendix B's pair: dBjftJeZ…FWFOEjXk gives E9Melhoa…Sstw-cM (the "
            "verifier is itself base64url: it is hashed as text, not decoded)", "high", REFS + ["RFC 7636"],
            RFC7636_PAIR[0], [R_S256, R_AS_GIVEN, R_ALPHABET, R_PADDING], challenge=RFC7636_PAIR[1])

    g = "length"
    for n, why in ((43, "the minimum"), (44, "one over the minimum"), (96, "the SDK default's length"),
                   (128, "the maximum")):
        out.add(g, f"{n}", f"A verifier of {n} letters and digits ({why}): the challenge is the 43-character "
                "base64url SHA-256 of its ASCII bytes", "high", REFS, filler(n), [R_S256, R_PADDING])

    g = "characters"
    cases = [
        ("unreserved-punctuation", filler(44, "-._~"), "44 characters of only - . _ ~"),
        ("tilde-only", "~" * 43, "43 tildes"),
        ("period-only", "." * 43, "43 periods"),
        ("digits-only", filler(43, "0123456789"), "43 digits"),
        ("all-66", UNRESERVED, "all 66 unreserved characters"),
        ("punctuation-at-ends", "~" + filler(41) + ".", "a ~ first and a . last"),
    ]
    for slug, verifier, why in cases:
        out.add(g, slug, f"A verifier of {why}: every unreserved character is one ASCII byte of the hashed input",
                "high", REFS, verifier, [R_S256, R_AS_GIVEN])
    upper = RFC7636_PAIR[0].upper()
    out.add(g, "rfc7636-upper-case", "RFC 7636 Appendix B's verifier in upper case is another verifier with another "
            "challenge: the verifier is hashed as given, not case-folded", "medium", REFS, upper, [R_S256, R_AS_GIVEN])

    g = "alphabet"
    picks = [
        ("hyphen-no-underscore", "pkce-hyphen-",
         lambda c: "-" in c and "_" not in c, "has - but no _ (standard base64: + but no /)"),
        ("underscore-no-hyphen", "pkce-underscore-",
         lambda c: "_" in c and "-" not in c, "has _ but no - (standard base64: / but no +)"),
        ("hyphen-and-underscore", "pkce-both-",
         lambda c: "-" in c and "_" in c, "has both - and _"),
        ("letters-and-digits-only", "pkce-neither-",
         lambda c: "-" not in c and "_" not in c, "has neither - nor _, yet standard base64 would still pad it "
                                                  "with ="),
        ("hyphen-first", "pkce-first-",
         lambda c: c.startswith("-"), "starts with -"),
        ("underscore-first", "pkce-first-underscore-",
         lambda c: c.startswith("_"), "starts with _ (no challenge ends with - or _: its last character carries "
                                      "4 bits and 2 zero bits)"),
    ]
    for slug, prefix, predicate, why in picks:
        verifier = first_verifier(prefix, predicate)
        out.add(g, slug, f"Verifier {verifier}: its challenge {why}", "high", REFS, verifier,
                [R_S256, R_ALPHABET, R_PADDING])
    return out.items


# --- perturbations (vectorgen/perturbation.py) -----------------------------------------------------------------

def _perturbed_reading(i: dict[str, Any], profile: str) -> tuple[dict[str, str], list[str]] | Outside:
    """A perturbed verifier that is still valid has its own challenge (hashed as given: nothing folded or trimmed);
    one that is not is no input of this family, by the rule it breaks: the length, an ASCII character outside the
    unreserved set, or a non-ASCII character (ASCII(verifier) is undefined: no challenge is computed)."""
    verifier = i["codeVerifier"]
    if _is_valid_verifier(verifier):
        return {"result": "challenge", "challenge": s256(verifier)}, [R_S256, R_AS_GIVEN]
    if not 43 <= len(verifier) <= 128:
        return Outside("verifier.length")
    if any(not ch.isascii() for ch in verifier):
        return Outside(R_S256)
    return Outside("verifier.whitespace-and-controls")


# A valid 60-character verifier starting with fi (a pair NFKC folds); NFD cannot change unreserved ASCII.
PERTURBATIONS = (
    PerturbedField(F, "codeVerifier", {"codeVerifier": "fi" + filler(58)}, _perturbed_reading, tuple(REFS),
                   irrelevant={"decomposed": "verifier.charset"}),
)


# --- the digest oracle for the Swift mutation model ------------------------------------------------------------

def _base64url_decoded(verifier: str) -> Optional[bytes]:
    """The bytes a mutant that base64url-decodes the verifier gets, or None when it is not base64url."""
    if any(ch not in ALNUM + "-_" for ch in verifier) or len(verifier) % 4 == 1:
        return None
    try:
        return base64.urlsafe_b64decode(verifier + "=" * (-len(verifier) % 4))
    except (binascii.Error, ValueError):
        return None


def oracle(vectors_: list[dict[str, Any]]) -> dict[str, Any]:
    inputs: set[bytes] = set()
    for v in vectors_:
        verifier = v["input"]["codeVerifier"]
        inputs.add(verifier.encode("ascii"))
        inputs.add(verifier.encode("utf-16-le"))
        inputs.add(verifier.encode("ascii") + b"\n")
        # The mutant kinds: a C string's terminating NUL hashed too, the verifier case-folded, and only its
        # first 43 characters (a prefix the length of the shortest verifier).
        inputs.add(verifier.encode("ascii") + b"\0")
        inputs.add(verifier.lower().encode("ascii"))
        inputs.add(verifier[:43].encode("ascii"))
        decoded = _base64url_decoded(verifier)
        if decoded is not None:
            inputs.add(decoded)
    return {
        "description": "Generated by Scripts/vectors/generate_vectors.py (vectorgen/code_challenge.py) with hashlib: the "
                       "SHA-256 digest (hex) of every byte string (hex) the code-challenge mutation model and its "
                       "mutants hash: each vector's verifier as ASCII, as UTF-16LE, with a trailing LF or NUL, "
                       "lower-cased, cut to 43 characters, and base64url-decoded when it decodes. The Tests target has no cryptography and hand-rolls none.",
        "sha256": {data.hex(): hashlib.sha256(data).hexdigest() for data in sorted(inputs)},
    }


def fixtures(vectors_: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {ORACLE_PATH: oracle(vectors_)}
