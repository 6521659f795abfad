"""Vectors for nonce validation (SPECIFICATION.md §1, §8).

The rule, in its two readings:

  ios-sdk     (observed, NonceValidator): refused iff the nonce is empty, or contains a character of Foundation's
              CharacterSet.whitespaces = Unicode general category Zs plus TAB (U+0009) plus U+200B ZERO WIDTH SPACE
              (CoreFoundation's set, DECISIONS.md D21). Newlines are NOT in that
              set, so LF, CR, VT, FF, NEL, U+2028 and U+2029 are accepted. No length limit, no charset limit,
              no trimming.
  documented  (seeds: "the nonce must be a non-empty string without whitespace"): refused iff the nonce is empty,
              or contains a character with the Unicode White_Space property, newlines included.

Both readings: an empty nonce is refused with reason "empty"; any other refusal is "whitespace". Where the two
readings agree a vector names no profile; where they differ (the seven newline characters) there are two vectors
with different IDs, one per profile (SPECIFICATION.md §8).

Every expected outcome written in the tables below is re-checked at the end of vectors() against the two
predicates above (_documented_outcome / _ios_sdk_outcome), so a table entry in the wrong group cannot slip through.
"""

import base64
import hashlib
import unicodedata
from collections.abc import Mapping
from typing import Any

from .common import B1, B8, READINGS, SEED_LIMITED_LOGIN_FR, SEED_LIMITED_LOGIN_VI, is_documented, vector
from .fault_pairs import Fault, FaultPairs
from .perturbation import PerturbedField
from .shape import Constraint, Family, closed, fld, outcome, reason, string

FAMILY = "nonce"
DESCRIPTION = (
    "Nonce validation for the login configuration (SPECIFICATION.md §1, §8). Input: one nonce string; outcome: valid, "
    "or invalid with the reason. Empty is refused in both readings. The observed iOS SDK refuses a nonce containing "
    "a character of Foundation's CharacterSet.whitespaces (Unicode category Zs, TAB and U+200B ZERO WIDTH SPACE, "
    "DECISIONS.md D21) and accepts newlines; the "
    "documentation ('a non-empty string without whitespace') refuses every Unicode White_Space character, newlines "
    "included, so each newline character has one vector per profile. Nothing else limits a nonce: no length limit, "
    "no charset limit, no trimming, no normalisation, no decoding."
)
# The SDK check (Scripts/sdk_check/check_sdk.py, docs/sdk-check.md): what its driver calls in the SDK for this family's
# ios-sdk vectors (`runs`), or why they are read, not run (`notRun`).
SDK_CHECK = {
    "runs": "NonceValidator.isValid(nonce:)",
}
# Why the family declares no JSON grammar sites (docs/generated/grammar.md; vectorgen/grammar.py).
NO_GRAMMAR_SITES = "its input is one string: it parses no JSON text"
# Its row in README.md's family table (the generator writes the table): the protocol its implementations adopt
# and what its vectors check, in Markdown.
PROTOCOL = "NonceValidating"
SUMMARY = (
    "empty / whitespace per profile (`ios-sdk`: `CharacterSet.whitespaces`, Zs + TAB + U+200B; `documented`: "
    "Unicode White_Space, newlines included, U+200B not); no trimming, no length or charset limit (§1, §8)"
)

REASONS = {
    "empty": "the nonce is the empty string (zero characters)",
    "whitespace": (
        "the nonce contains a whitespace character: under the ios-sdk profile one of CharacterSet.whitespaces "
        "(Unicode Zs, TAB and U+200B); under the documented profile any Unicode White_Space character, newlines included"
    ),
}

# The shape of a vector (Scripts/vectorgen/shape.py): Vectors/schema/nonce.schema.json and fields.json are generated
# from it.
SHAPE = Family(
    title="LoginConformance nonce vectors (SPECIFICATION.md §1, §8)",
    input=closed(
        # Read code point by code point: nothing is trimmed, decoded or normalised (SPECIFICATION.md §1).
        fld("nonce", string(description="the nonce exactly as given: no trimming, decoding or normalisation")),
    ),
    outcomes=(
        outcome("valid"),
        outcome("invalid", reason(REASONS)),
    ),
    vector_constraints=(
        Constraint(
            comment="Reason empty if and only if the nonce is the empty string (a whitespace-only nonce is not empty).",
            schema={
                "if": {"properties": {"input": {"properties": {"nonce": {"maxLength": 0}}}}},
                "then": {"properties": {"expected": {"properties": {"reason": {"const": "empty"}},
                                                     "required": ["reason"]}}},
                "else": {"properties": {"expected": {"properties": {"reason": {"const": "whitespace"}}}}},
            }),
    ),
)

# --------------------------------------------------------------------------------------------------------------------
# Character tables.
# --------------------------------------------------------------------------------------------------------------------

TAB = ("\u0009", "CHARACTER TABULATION (TAB)")

# Unicode general category Zs (Space_Separator), listed explicitly. Foundation's CharacterSet.whitespaces is exactly
# these plus TAB. Cross-checked against unicodedata in _check_tables() (U+180E MONGOLIAN VOWEL SEPARATOR left Zs in
# Unicode 6.3 and is deliberately absent).
ZS = [
    ("\u0020", "SPACE"),
    ("\u00a0", "NO-BREAK SPACE"),
    ("\u1680", "OGHAM SPACE MARK"),
    ("\u2000", "EN QUAD"),
    ("\u2001", "EM QUAD"),
    ("\u2002", "EN SPACE"),
    ("\u2003", "EM SPACE"),
    ("\u2004", "THREE-PER-EM SPACE"),
    ("\u2005", "FOUR-PER-EM SPACE"),
    ("\u2006", "SIX-PER-EM SPACE"),
    ("\u2007", "FIGURE SPACE"),
    ("\u2008", "PUNCTUATION SPACE"),
    ("\u2009", "THIN SPACE"),
    ("\u200a", "HAIR SPACE"),
    ("\u202f", "NARROW NO-BREAK SPACE"),
    ("\u205f", "MEDIUM MATHEMATICAL SPACE"),
    ("\u3000", "IDEOGRAPHIC SPACE"),
]

# Unicode White_Space characters that are NOT in CharacterSet.whitespaces: the line/paragraph separators. The
# documented reading refuses them, the SDK accepts them (SPECIFICATION.md §1, §8).
NEWLINES = [
    ("\u000a", "LINE FEED (LF)"),
    ("\u000b", "LINE TABULATION (VT)"),
    ("\u000c", "FORM FEED (FF)"),
    ("\u000d", "CARRIAGE RETURN (CR)"),
    ("\u0085", "NEXT LINE (NEL)"),
    ("\u2028", "LINE SEPARATOR"),
    ("\u2029", "PARAGRAPH SEPARATOR"),
]

# U+200B ZERO WIDTH SPACE: not Unicode White_Space (category Cf), but CoreFoundation's whitespace set, which
# CharacterSet.whitespaces is, lists U+2000...U+200B explicitly (CFUniChar.c; DECISIONS.md D21). The documented
# reading accepts it, the ios-sdk reading refuses it: one vector per profile.
ZWSP = "\u200b"
ZS_AND_TAB = frozenset(c for c, _ in ZS) | {TAB[0]}
IOS_SDK_WHITESPACE = ZS_AND_TAB | {ZWSP}
# The Unicode White_Space property (PropList.txt): 25 code points. Python has no direct accessor for it.
UNICODE_WHITE_SPACE = ZS_AND_TAB | frozenset(c for c, _ in NEWLINES)

ISSPACE_TRAP = "Python str.isspace and Java isWhitespace say yes, Unicode White_Space says no"

# Characters that are whitespace in NEITHER reading, each a known trap for a validator built on the wrong
# predicate (Python str.isspace, Java Character.isWhitespace / String.trim, "invisible" = "space", a stale
# Unicode table). Both readings accept them.
NOT_WHITESPACE = [
    ("\u200c", "ZERO WIDTH NON-JOINER", "category Cf, not White_Space"),
    ("\u200d", "ZERO WIDTH JOINER", "category Cf, not White_Space"),
    ("\u2060", "WORD JOINER", "category Cf, not White_Space"),
    ("\ufeff", "ZERO WIDTH NO-BREAK SPACE (BOM)",
     "category Cf, not White_Space (JavaScript trim and \\s treat it as whitespace)"),
    ("\u180e", "MONGOLIAN VOWEL SEPARATOR", "category Cf since Unicode 6.3 (was Zs before), not White_Space"),
    ("\u001c", "INFORMATION SEPARATOR FOUR (FS)", ISSPACE_TRAP),
    ("\u001d", "INFORMATION SEPARATOR THREE (GS)", ISSPACE_TRAP),
    ("\u001e", "INFORMATION SEPARATOR TWO (RS)", ISSPACE_TRAP),
    ("\u001f", "INFORMATION SEPARATOR ONE (US)", ISSPACE_TRAP),
    ("\u00ad", "SOFT HYPHEN", "category Cf, invisible but not White_Space"),
    ("\u034f", "COMBINING GRAPHEME JOINER", "category Mn, invisible but not White_Space"),
    ("\u061c", "ARABIC LETTER MARK", "category Cf, not White_Space"),
    ("\u200e", "LEFT-TO-RIGHT MARK", "category Cf, not White_Space"),
    ("\u200f", "RIGHT-TO-LEFT MARK", "category Cf, not White_Space"),
    ("\u202e", "RIGHT-TO-LEFT OVERRIDE", "category Cf, not White_Space"),
    ("\u2061", "FUNCTION APPLICATION", "category Cf, invisible but not White_Space"),
    ("\u115f", "HANGUL CHOSEONG FILLER", "category Lo, renders blank but is a letter"),
    ("\u3164", "HANGUL FILLER", "category Lo, renders blank but is a letter"),
    ("\uffa0", "HALFWIDTH HANGUL FILLER", "category Lo, renders blank but is a letter"),
    ("\u2800", "BRAILLE PATTERN BLANK", "category So, renders blank but is a symbol"),
    ("\u2420", "SYMBOL FOR SPACE", "category So, a picture of a space, not a space"),
    ("\u2423", "OPEN BOX", "category So, the visible-space glyph, not a space"),
    ("\U000e0020", "TAG SPACE", "category Cf outside the BMP, not White_Space despite its name"),
]

# Control characters that are not whitespace in either reading (no charset limit, §1). U+0000 is included on
# purpose: JSON allows it as \u0000; a consumer that passes strings through C APIs may truncate at it.
CONTROLS = [
    ("\u0001", "START OF HEADING"),
    ("\u0007", "BELL"),
    ("\u0008", "BACKSPACE"),
    ("\u001b", "ESCAPE"),
    ("\u007f", "DELETE"),
    ("\u0080", "PADDING CHARACTER (C1 control)"),
    ("\u009f", "APPLICATION PROGRAM COMMAND (C1 control)"),
    ("\u0000", "NULL"),
]

# Characters whose NFKC/NFKD form contains U+0020 although they are not whitespace themselves. The rule applies to
# the nonce's own characters (README: compared code point by code point, no normalisation), so they are accepted;
# a validator that normalises first would wrongly refuse them.
DECOMPOSE_TO_SPACE = [
    ("\u00a8", "DIAERESIS"),
    ("\u00b4", "ACUTE ACCENT"),
    ("\u203e", "OVERLINE"),
    ("\u309b", "KATAKANA-HIRAGANA VOICED SOUND MARK"),
    ("\ufdfa", "ARABIC LIGATURE SALLALLAHOU ALAYHE WASALLAM"),
    ("\uffe3", "FULLWIDTH MACRON"),
]


def _u(ch: str) -> str:
    """The code point label used in IDs and descriptions: U+00A0 / u+00a0."""
    return f"U+{ord(ch):04X}"


def _id_u(ch: str) -> str:
    return _u(ch).lower()


def _check_tables() -> None:
    """Cross-checks the explicit tables against Python's Unicode database (unicodedata, Unicode 14+)."""
    zs_from_unicodedata = {chr(c) for c in range(0x110000) if unicodedata.category(chr(c)) == "Zs"}
    assert zs_from_unicodedata == {c for c, _ in ZS}, "the ZS table differs from unicodedata's category Zs"
    assert len(UNICODE_WHITE_SPACE) == 25
    # str.isspace is White_Space plus U+001C..U+001F (bidi class B/S): the classic wrong predicate.
    isspace = {chr(c) for c in range(0x110000) if chr(c).isspace()}
    assert isspace - {"\u001c", "\u001d", "\u001e", "\u001f"} == UNICODE_WHITE_SPACE
    for ch, _, _ in NOT_WHITESPACE:
        assert ch not in UNICODE_WHITE_SPACE and unicodedata.category(ch) != "Zs"
    for ch, _ in CONTROLS:
        assert ch not in UNICODE_WHITE_SPACE and unicodedata.category(ch) == "Cc"
    for ch, _ in DECOMPOSE_TO_SPACE:
        assert ch not in UNICODE_WHITE_SPACE and " " in unicodedata.normalize("NFKC", ch)


# --------------------------------------------------------------------------------------------------------------------
# The two readings as predicates (used only to re-check the tables' expectations).
# --------------------------------------------------------------------------------------------------------------------


def _outcome(nonce: str, whitespace_set: frozenset[str]) -> dict[str, str]:
    if nonce == "":
        return INVALID_EMPTY
    if any(ch in whitespace_set for ch in nonce):
        return INVALID_WHITESPACE
    return VALID


def _documented_outcome(nonce: str) -> dict[str, str]:
    return _outcome(nonce, UNICODE_WHITE_SPACE)


def _ios_sdk_outcome(nonce: str) -> dict[str, str]:
    return _outcome(nonce, IOS_SDK_WHITESPACE)


# --------------------------------------------------------------------------------------------------------------------
# Builders.
# --------------------------------------------------------------------------------------------------------------------

VALID = {"result": "valid"}
INVALID_EMPTY = {"result": "invalid", "reason": "empty"}
INVALID_WHITESPACE = {"result": "invalid", "reason": "whitespace"}

# refs: B1 for all; the seeds' sentence ("a non-empty string without whitespace") for every vector the documented
# reading decides; B8 where the two readings are told apart (the profile pairs).
REFS_BOTH = [B1, SEED_LIMITED_LOGIN_VI, SEED_LIMITED_LOGIN_FR]
REFS_DOCUMENTED = [B1, B8, SEED_LIMITED_LOGIN_VI, SEED_LIMITED_LOGIN_FR]
REFS_IOS_SDK = [B1, B8]


# Rule IDs (Vectors/rules.json).
R_EMPTY = "nonce.empty"
R_ZS = "nonce.whitespace.zs"
R_TAB = "nonce.whitespace.tab"
R_NEWLINE_DOC = "nonce.whitespace.newline.documented"
R_NEWLINE_SDK = "nonce.whitespace.newline.ios-sdk"
R_NO_TRIMMING = "nonce.no-trimming"
R_NOT_WHITESPACE = "nonce.not-whitespace"
R_NO_CHARSET_LIMIT = "nonce.no-charset-limit"
R_NO_LENGTH_LIMIT = "nonce.no-length-limit"
R_NO_NORMALISATION = "nonce.no-normalisation"
R_NO_DECODING = "nonce.no-decoding"
R_ZWSP_DOC = "nonce.zero-width-space.documented"
R_ZWSP_SDK = "nonce.zero-width-space.ios-sdk"


def whitespace_rules(nonce: str, documented: bool = False) -> list[str]:
    """The whitespace rules a refused nonce exercises: Zs and TAB anywhere, no trimming when whitespace is at an end
    (under `documented`, newlines count as whitespace for the ends). Used by login_configuration.py too."""
    ends = UNICODE_WHITE_SPACE if documented else IOS_SDK_WHITESPACE
    rules = []
    if nonce and (nonce[0] in ends or nonce[-1] in ends):
        rules.append(R_NO_TRIMMING)
    if any(ch in ZS_AND_TAB and ch != TAB[0] for ch in nonce):
        rules.append(R_ZS)
    if TAB[0] in nonce:
        rules.append(R_TAB)
    return rules


def _both(id: str, description: str, severity: str, nonce: str, expected: Mapping[str, str],
          rules: list[str]) -> dict[str, Any]:
    """A vector that holds under both readings (no profiles)."""
    return vector(id, description, severity, REFS_BOTH, {"nonce": nonce}, dict(expected), rules=rules)


def _pair(id: str, what: str, nonce: str, severity: str = "high") -> list[dict[str, Any]]:
    """Two vectors for a nonce whose only whitespace is a newline-class character: refused as documented, accepted
    by the SDK. `what` names the character(s) and where they are."""
    return [
        vector(f"{id}.documented",
               f"documented: {what}; it is Unicode White_Space and the docs refuse any whitespace, so the nonce is "
               f"invalid (whitespace)",
               severity, REFS_DOCUMENTED, {"nonce": nonce}, dict(INVALID_WHITESPACE), profiles=["documented"],
               rules=[R_NEWLINE_DOC] + whitespace_rules(nonce, documented=True)),
        vector(f"{id}.ios-sdk",
               f"ios-sdk: {what}; newlines are not in CharacterSet.whitespaces (Zs + TAB), so the SDK accepts the "
               f"nonce unchanged",
               severity, REFS_IOS_SDK, {"nonce": nonce}, dict(VALID), profiles=["ios-sdk"], rules=[R_NEWLINE_SDK]),
    ]


# Fault pairs (vectorgen/fault_pairs.py, DECISIONS.md D59): the nonce has two refusals, and an empty nonce holds no
# character, so no nonce breaks both: the table says so.
FAULT_PAIRS = FaultPairs(
    family=FAMILY,
    base="abcdef",
    render=lambda nonce: {"nonce": nonce},
    faults=(
        Fault("empty", "the empty nonce", INVALID_EMPTY, lambda nonce: "", (R_EMPTY,)),
        Fault("space", "a SPACE inside", INVALID_WHITESPACE, lambda nonce: nonce[:3] + " " + nonce[3:], (R_ZS,)),
    ),
    orders={"documented": (), "ios-sdk": ()},
    unordered_rule=None,
    refs=tuple(REFS_BOTH),
    check=lambda i, profile: (_documented_outcome if is_documented(profile) else _ios_sdk_outcome)(i["nonce"]),
)


def _perturbed_reading(i: dict[str, Any], profile: str) -> tuple[dict[str, str], list[str]]:
    """The nonce rule for a perturbed nonce (vectorgen/perturbation.py): the outcome of the profile's predicate, and
    the rules that decide it."""
    nonce, documented = i["nonce"], is_documented(profile)
    outcome = _documented_outcome(nonce) if documented else _ios_sdk_outcome(nonce)
    newline = any(ch in nonce for ch, _ in NEWLINES)
    if outcome == INVALID_EMPTY:
        return outcome, [R_EMPTY]
    if outcome == INVALID_WHITESPACE:
        extra = ([R_NEWLINE_DOC] if documented and newline else []) + (
            [R_ZWSP_SDK] if not documented and ZWSP in nonce else [])
        return outcome, extra + whitespace_rules(nonce, documented=documented)
    rules = [R_NO_CHARSET_LIMIT]
    if newline:
        rules.append(R_NEWLINE_SDK)
    if ZWSP in nonce:
        rules.append(R_ZWSP_DOC)
    if any(ch in nonce for ch, _, _ in NOT_WHITESPACE) or any(ch in nonce for ch, _ in CONTROLS):
        rules.append(R_NOT_WHITESPACE)
    if unicodedata.normalize("NFKC", nonce) != nonce:
        rules.append(R_NO_NORMALISATION)
    return outcome, rules


# Perturbations (vectorgen/perturbation.py): a nonce with a letter pair NFKC folds (fi), a letter NFD decomposes (é)
# and ASCII letters, so that every class of the catalogue changes it.
PERTURBATIONS = (
    PerturbedField(FAMILY, "nonce", {"nonce": "fi-Nonce-é-42"}, _perturbed_reading, tuple(REFS_BOTH)),
)


def _cycle(n: int, alphabet: str = "abcdefghijklmnopqrstuvwxyz0123456789-_") -> str:
    """A deterministic ASCII string of exactly n characters, none of them whitespace."""
    return (alphabet * (n // len(alphabet) + 1))[:n]


# --------------------------------------------------------------------------------------------------------------------
# The vectors, grouped by rule.
# --------------------------------------------------------------------------------------------------------------------


def _empty() -> list[dict[str, Any]]:
    # §1: refused if empty. The only way to be empty is zero characters; anything else is non-empty.
    return [
        _both("nonce::empty::empty-string",
              "the empty string is refused with reason empty in both readings (also an input of the SDK's own "
              "NonceTests)",
              "high", "", INVALID_EMPTY, [R_EMPTY]),
    ]


def _whitespace_characters() -> list[dict[str, Any]]:
    # §1: every Zs character and TAB is in CharacterSet.whitespaces and in Unicode White_Space: refused in both.
    out = []
    for ch, name in [TAB] + ZS:
        kind = "" if ch == TAB[0] else " (category Zs)"
        out.append(_both(f"nonce::whitespace::{_id_u(ch)}",
                         f"{_u(ch)} {name}{kind} between letters is in CharacterSet.whitespaces and is Unicode "
                         f"White_Space, so the nonce is refused (whitespace) in both readings",
                         "high", f"abc{ch}def", INVALID_WHITESPACE, whitespace_rules(f"abc{ch}def")))
    return out


def _newline_characters() -> list[dict[str, Any]]:
    # §1, §8: the seven White_Space characters outside Zs + TAB: one vector per profile.
    out = []
    for ch, name in NEWLINES:
        out += _pair(f"nonce::newline::{_id_u(ch)}", f"{_u(ch)} {name} between letters", f"abc{ch}def")
    return out


def _position() -> list[dict[str, Any]]:
    # §1: no trimming, and position does not matter: whitespace anywhere refuses; a whitespace-only nonce is
    # non-empty, so its reason is whitespace, not empty (a validator that trims first reports the wrong reason).
    uuid = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
    cases = [
        ("leading-space", " abc", "a leading SPACE is not trimmed"),
        ("trailing-space", "abc ", "a trailing SPACE is not trimmed"),
        ("leading-tab", "\tabc", "a leading TAB is not trimmed"),
        ("trailing-tab", "abc\t", "a trailing TAB is not trimmed"),
        ("leading-u+00a0", "\u00a0abc", "a leading NO-BREAK SPACE is not trimmed"),
        ("trailing-u+3000", "abc\u3000", "a trailing IDEOGRAPHIC SPACE is not trimmed"),
        ("trailing-u+202f", "abc\u202f", "a trailing NARROW NO-BREAK SPACE (Java's isWhitespace misses it)"),
        ("space-first-and-last", " abc ", "SPACE on both ends is not trimmed"),
        ("only-two-spaces", "  ", "two SPACEs and nothing else (non-empty, so the reason is whitespace, not empty)"),
        ("only-tab", "\t", "a lone TAB (non-empty, so the reason is whitespace, not empty)"),
        ("only-u+00a0", "\u00a0", "a lone NO-BREAK SPACE (non-empty, so the reason is whitespace, not empty)"),
        ("only-u+3000", "\u3000", "a lone IDEOGRAPHIC SPACE (non-empty, so the reason is whitespace, not empty)"),
        ("only-mixed", " \t\u00a0\u2003\u3000",
         "only Zs and TAB characters (non-empty, so the reason is whitespace, not empty)"),
        ("double-space-inside", "abc  def", "two consecutive SPACEs inside"),
        ("several-spaces", "a b c d", "several separate SPACEs"),
        ("tab-inside", "a\tb", "a TAB between two letters"),
        ("mixed-inside", "a\u00a0b\u2003c\td", "NO-BREAK SPACE, EM SPACE and TAB inside"),
        ("space-after-uuid", uuid + " ", "a UUID with a trailing SPACE (a copy-paste slip)"),
        ("space-inside-uuid", uuid[:8] + " " + uuid[9:], "a UUID with one hyphen replaced by SPACE"),
        ("space-then-combining-mark", "abc \u0301def",
         "SPACE followed by COMBINING ACUTE ACCENT (one grapheme, but U+0020 is still one of the nonce's code points)"),
        ("space-before-emoji", "abc \U0001f511", "SPACE just before an emoji (a surrogate pair in UTF-16)"),
        ("space-and-newline", "abc \ndef",
         "SPACE next to LF (the SPACE alone decides, so one vector without profiles)"),
        ("crlf-and-tab", "abc\r\n\tdef", "CR LF then TAB (the TAB alone decides, so one vector without profiles)"),
    ]
    return [_both(f"nonce::position::{case}",
                  f"{what}; it contains a Zs or TAB character, so it is refused (whitespace) in both readings",
                  "high", nonce, INVALID_WHITESPACE, whitespace_rules(nonce))
            for case, nonce, what in cases]


def _newline_position() -> list[dict[str, Any]]:
    # §1, §8: the newline disagreement holds wherever the newline is and however many there are.
    cases = [
        ("leading-lf", "\nabc", "a leading LF"),
        ("trailing-lf", "abc\n", "a trailing LF (a nonce read from a file line)"),
        ("trailing-crlf", "abc\r\n", "a trailing CR LF"),
        ("crlf-inside", "abc\r\ndef", "CR LF between letters (one grapheme in Swift)"),
        ("only-lf", "\n", "a lone LF (non-empty)"),
        ("only-crlf", "\r\n", "a lone CR LF (non-empty)"),
        ("only-newlines", "\n\r\u000b\u000c\u0085\u2028\u2029", "only the seven newline characters (non-empty)"),
        ("trailing-u+2028", "abc\u2028", "a trailing LINE SEPARATOR"),
        ("leading-u+0085", "\u0085abc", "a leading NEXT LINE"),
        ("multiline", "line1\nline2\nline3", "three lines joined by LF"),
    ]
    out = []
    for case, nonce, what in cases:
        out += _pair(f"nonce::newline-position::{case}", what, nonce)
    return out


def _not_whitespace() -> list[dict[str, Any]]:
    # §1: only whitespace is refused. These characters are whitespace in neither reading, so both accept them;
    # the '-only' cases also show that a nonce of one invisible character is non-empty.
    out = []
    for ch, name, why in NOT_WHITESPACE:
        out.append(_both(f"nonce::not-whitespace::{_id_u(ch)}",
                         f"{_u(ch)} {name} between letters is accepted in both readings: {why}",
                         "medium", f"abc{ch}def", VALID, [R_NOT_WHITESPACE]))
    only = [
        ("\ufeff", "JavaScript trim() strips it, so a trim-then-check-empty validator reports empty"),
        ("\u180e", "a validator on a pre-6.3 Unicode table (where it was Zs) refuses it"),
        ("\u001f", "Python str.isspace, Java isWhitespace and Java String.trim() treat it as whitespace"),
        ("\u3164", "it renders blank, but it is a letter"),
    ]
    for ch, trap in only:
        name = next(n for c, n, _ in NOT_WHITESPACE if c == ch)
        out.append(_both(f"nonce::not-whitespace::only-{_id_u(ch)}",
                         f"a nonce of just {_u(ch)} {name} is non-empty and has no whitespace, so it is valid in "
                         f"both readings ({trap})",
                         "medium", ch, VALID, [R_NOT_WHITESPACE, R_EMPTY]))
    return out


def _zero_width_space() -> list[dict[str, Any]]:
    # DECISIONS.md D21: U+200B is not Unicode White_Space (documented: accepted) but is in CoreFoundation's
    # whitespace set (ios-sdk: refused).
    refs_doc = ["DECISIONS.md D21", B1, SEED_LIMITED_LOGIN_VI, SEED_LIMITED_LOGIN_FR]
    refs_sdk = [B1, "DECISIONS.md D21", "sdk:FBSDKLoginKit/FBSDKLoginKit/Internal/NonceValidator.swift#L12-L16"]
    cases = [("u+200b", "abc\u200bdef", "U+200B ZERO WIDTH SPACE between letters"),
             ("only-u+200b", "\u200b", "a nonce of just U+200B ZERO WIDTH SPACE")]
    out = []
    for case, nonce, what in cases:
        out.append(vector(f"nonce::not-whitespace::{case}.documented",
                          f"{what} is valid in the documented reading: U+200B is category Cf, not Unicode "
                          f"White_Space", "medium", refs_doc, {"nonce": nonce}, dict(VALID), ["documented"],
                          rules=[R_ZWSP_DOC]))
        out.append(vector(f"nonce::not-whitespace::{case}.ios-sdk",
                          f"{what} is refused (whitespace) in the SDK reading: CoreFoundation's "
                          f"CharacterSet.whitespaces lists U+2000...U+200B", "medium", refs_sdk, {"nonce": nonce},
                          dict(INVALID_WHITESPACE), ["ios-sdk"], rules=[R_ZWSP_SDK]))
    return out


def _controls() -> list[dict[str, Any]]:
    # §1: no charset limit; control characters other than TAB and the newline set are not whitespace.
    out = []
    for ch, name in CONTROLS:
        out.append(_both(f"nonce::control::{_id_u(ch)}",
                         f"control character {_u(ch)} {name} between letters is not whitespace in either reading, "
                         f"so the nonce is valid",
                         "medium", f"abc{ch}def", VALID, [R_NOT_WHITESPACE]))
    # U+0000 (JSON \u0000): consumers passing strings through C APIs may truncate here; these two catch that.
    out.append(_both("nonce::control::u+0000-only",
                     "a nonce of just U+0000 NULL is one character, not empty, and not whitespace, so it is valid "
                     "(a C-string consumer would see an empty string)",
                     "medium", "\u0000", VALID, [R_NOT_WHITESPACE, R_EMPTY]))
    out.append(_both("nonce::control::u+0000-then-space",
                     "U+0000 NULL followed by a SPACE: the SPACE is still part of the nonce, so it is refused "
                     "(whitespace); truncating at NULL would hide it",
                     "high", "abc\u0000 def", INVALID_WHITESPACE, [R_ZS]))
    return out


def _decomposition() -> list[dict[str, Any]]:
    # README: strings are compared code point by code point, no normalisation. These characters' NFKC forms contain
    # U+0020, but they are not whitespace themselves: both readings accept them.
    return [_both(f"nonce::no-normalisation::{_id_u(ch)}",
                  f"{_u(ch)} {name} contains SPACE only after NFKC normalisation; the nonce is not normalised, so "
                  f"it is valid in both readings",
                  "medium", f"abc{ch}def", VALID, [R_NO_NORMALISATION])
            for ch, name in DECOMPOSE_TO_SPACE]


def _no_decoding() -> list[dict[str, Any]]:
    # §1: the rule applies to the nonce's characters as given: no URL, HTML, JSON or backslash decoding.
    cases = [
        ("backslash-t", "abc\\tdef", "a backslash followed by t (two characters, not TAB)"),
        ("backslash-n", "abc\\ndef", "a backslash followed by n (two characters, not LF)"),
        ("backslash-u0020", "abc\\u0020def", "the six characters \\u0020 (an escape, not a SPACE)"),
        ("percent-20", "abc%20def", "%20 (URL-encoded SPACE, not decoded)"),
        ("percent-0a", "abc%0Adef", "%0A (URL-encoded LF, not decoded)"),
        ("plus", "abc+def", "+ (form-encoded SPACE, not decoded)"),
        ("html-nbsp", "abc&nbsp;def", "&nbsp; (an HTML entity, not decoded)"),
        ("html-numeric", "abc&#32;def", "&#32; (an HTML numeric reference, not decoded)"),
    ]
    return [_both(f"nonce::no-decoding::{case}",
                  f"{what}: no whitespace character in the nonce itself, so it is valid in both readings",
                  "medium", nonce, VALID, [R_NO_DECODING])
            for case, nonce, what in cases]


def _charset() -> list[dict[str, Any]]:
    # §1: no charset limit. The documented reading forbids only whitespace ("a non-empty string without
    # whitespace"), so all of these are valid in both readings.
    cases = [
        ("latin-accents", "caf\u00e9-\u00f1and\u00fa-stra\u00dfe", "Latin letters with accents and sharp s"),
        ("decomposed-accent", "cafe\u0301", "e followed by COMBINING ACUTE ACCENT (NFD form)"),
        ("greek", "\u03b1\u03b2\u03b3\u03b4", "Greek letters"),
        ("cyrillic", "\u043f\u0440\u0438\u0432\u0435\u0442", "Cyrillic letters"),
        ("cjk", "\u6f22\u5b57\u30ce\u30f3\u30b9", "CJK ideographs and katakana"),
        ("hangul", "\ub17c\uc2a4", "Hangul syllables"),
        ("arabic-rtl", "\u0646\u0648\u0646\u0633", "Arabic (right-to-left) letters"),
        ("hebrew-rtl", "\u05e0\u05d5\u05e0\u05e1", "Hebrew (right-to-left) letters"),
        ("mixed-direction", "abc\u05d0\u05d1\u05d2123", "Latin, Hebrew and digits mixed (bidi)"),
        ("devanagari", "\u0928\u0949\u0928\u094d\u0938", "Devanagari with combining vowel signs and virama"),
        ("thai", "\u0e19\u0e2d\u0e19\u0e0b\u0e4c", "Thai letters with a combining mark"),
        ("vietnamese", "m\u00e3-nonce-t\u00f9y-ch\u1ec9nh", "Vietnamese letters joined by hyphens"),
        ("stacked-combining", "a\u0300\u0301\u0302\u0303\u0304\u0305\u0306\u0307",
         "eight combining marks on one letter"),
        ("fullwidth-latin", "\uff4e\uff4f\uff4e\uff43\uff45", "fullwidth Latin letters (not normalised)"),
        ("math-bold", "\U0001d427\U0001d428\U0001d427\U0001d41c\U0001d41e",
         "mathematical bold letters outside the BMP"),
        ("emoji", "\U0001f511\U0001f510", "emoji outside the BMP (surrogate pairs in UTF-16)"),
        ("emoji-zwj-sequence", "\U0001f469\u200d\U0001f4bb", "a ZWJ emoji sequence (woman technologist)"),
        ("emoji-family", "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466",
         "a four-person ZWJ family emoji"),
        ("flag", "\U0001f1fb\U0001f1f3", "a regional-indicator flag"),
        ("skin-tone", "\U0001f44d\U0001f3fd", "an emoji with a skin-tone modifier"),
        ("keycap", "1\ufe0f\u20e3", "a keycap sequence with VARIATION SELECTOR-16"),
        ("symbols", "\u00a9\u00ae\u2122\u20ac\u00a3\u00a5\u00a7\u00b6", "currency and other symbols"),
        ("ascii-punctuation", "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", "every ASCII punctuation character"),
        ("double-quotes", "\"nonce\"", "a value wrapped in double quotes"),
        ("single-quotes", "'nonce'", "a value wrapped in single quotes"),
        ("curly-quotes", "\u201cnonce\u201d", "a value wrapped in curly quotes"),
        ("backslash", "a\\b\\c", "backslashes"),
        ("json-text", "{\"nonce\":1}", "JSON text"),
        ("query-text", "a=b&c=d", "query-string text with = and &"),
        ("html-text", "<script>alert(1)</script>", "HTML markup"),
        ("sql-text", "';DROP--", "SQL-injection-shaped text"),
        ("private-use", "abc\ue000def", "a private-use character U+E000"),
        ("replacement-character", "abc\ufffddef", "U+FFFD REPLACEMENT CHARACTER"),
    ]
    out = [_both(f"nonce::charset::{case}",
                 f"{what}: no whitespace, and no charset limit applies, so the nonce is valid in both readings",
                 "medium", nonce, VALID, [R_NO_CHARSET_LIMIT])
           for case, nonce, what in cases]
    # Noncharacters are valid Unicode scalar values (representable in JSON and in Swift strings); no rule refuses
    # them. Low: nobody relies on them.
    for ch in ["\uffff", "\U0010ffff"]:
        out.append(_both(f"nonce::charset::noncharacter-{_id_u(ch)}",
                         f"the noncharacter {_u(ch)} between letters is a valid scalar value and not whitespace, so "
                         f"the nonce is valid in both readings",
                         "low", f"abc{ch}def", VALID, [R_NO_CHARSET_LIMIT]))
    return out


def _shapes() -> list[dict[str, Any]]:
    # §1: ordinary nonce shapes, including the SDK's default (a UUID string) and the seeds' example ("123").
    uuid = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
    # The code-challenge of SPECIFICATION.md §1's known PKCE pair: 43 base64url characters with '-' and '_'.
    base64url = "4oJe_Hdk_xC_YCWjumgE5RjIkW-YVmFm_nYnIckxR0c"
    base64std = base64.b64encode(b"\xfb\xef\xbe\xff\xff\xffLoginConformance").decode("ascii")
    assert "+" in base64std and "/" in base64std and base64std.endswith("=")
    cases = [
        # (case, nonce, severity, what)
        ("seeds-example-123", "123", "high",
         "the Limited Login page's example nonce \"123\" (also an input of the SDK's NonceTests)"),
        ("uuid-upper", uuid, "high", "an upper-case 36-character UUID string, the shape of the SDK's default nonce"),
        ("uuid-lower", uuid.lower(), "high", "a lower-case UUID string"),
        ("uuid-no-hyphens", uuid.replace("-", ""), "high", "a UUID without hyphens (32 hex digits)"),
        ("base64url-43", base64url, "high", "43 base64url characters with - and _ (a PKCE code challenge)"),
        ("base64-padded", base64std, "high", "standard base64 with +, / and = padding"),
        ("hex-64", hashlib.sha256(b"LoginConformance nonce vector").hexdigest(), "high", "64 lower-case hex digits"),
        ("single-letter", "a", "high", "a single letter (the shortest non-empty nonce)"),
        ("single-digit-zero", "0", "medium", "the single digit 0 (non-empty, not falsy as a string)"),
        ("single-hyphen", "-", "medium", "a single hyphen"),
        ("dot", ".", "medium", "a single dot"),
        ("word-null", "null", "medium", "the word null (a string, not a missing value)"),
    ]
    return [_both(f"nonce::shape::{case}",
                  f"{what}: non-empty without whitespace, so valid in both readings",
                  severity, nonce, VALID,
                  [R_EMPTY] + ([R_NO_CHARSET_LIMIT] if not nonce.isalnum() else []))
            for case, nonce, severity, what in cases]


def _length() -> list[dict[str, Any]]:
    # §1: no length limit. Whitespace far from the start is still found (a validator scanning a prefix misses it).
    long_10k = _cycle(10_000)
    long_100k = _cycle(100_000)
    out = [
        _both("nonce::length::ascii-10000", "10,000 ASCII characters without whitespace: no length limit, so valid "
              "in both readings", "medium", long_10k, VALID, [R_NO_LENGTH_LIMIT]),
        _both("nonce::length::ascii-100000", "100,000 ASCII characters without whitespace: no length limit, so valid "
              "in both readings", "medium", long_100k, VALID, [R_NO_LENGTH_LIMIT]),
        _both("nonce::length::emoji-1000", "1,000 emoji (2,000 UTF-16 units, 4,000 UTF-8 bytes): no length limit, "
              "so valid in both readings", "medium", "\U0001f511" * 1000, VALID, [R_NO_LENGTH_LIMIT]),
        _both("nonce::length::ascii-100000-trailing-space", "100,000 ASCII characters then one SPACE at the very "
              "end: whitespace anywhere refuses, in both readings", "high", long_100k + " ", INVALID_WHITESPACE,
              whitespace_rules(long_100k + " ")),
        _both("nonce::length::ascii-100000-u+3000-in-middle", "100,000 ASCII characters with an IDEOGRAPHIC SPACE "
              "at position 50,000: refused (whitespace) in both readings", "high",
              long_100k[:50_000] + "\u3000" + long_100k[50_000:], INVALID_WHITESPACE, [R_ZS]),
    ]
    out += _pair("nonce::length::ascii-10000-trailing-lf", "10,000 ASCII characters then one LF at the very end",
                 long_10k + "\n")
    return out


def _sdk_tests() -> list[dict[str, Any]]:
    # The inputs of the public SDK's own unit tests (FBSDKLoginKitTests NonceTests.swift and
    # LoginConfigurationTests.swift), not otherwise covered above ("" is nonce::empty::empty-string and "123" is
    # nonce::shape::seeds-example-123). Expectations still come from SPECIFICATION.md §1.
    cases = [
        ("foo-bar", "foo bar", INVALID_WHITESPACE, "\"foo bar\" contains a SPACE, so it is refused (whitespace)"),
        ("single-space", " ", INVALID_WHITESPACE,
         "a single SPACE is non-empty and whitespace, so it is refused with reason whitespace (not empty)"),
        ("foo", "foo", VALID, "\"foo\" is non-empty without whitespace, so it is valid"),
        ("asdf-repeated", "asdf" * 7, VALID,
         "\"asdf\" repeated seven times is non-empty without whitespace, so it is valid"),
        ("12345", "12345", VALID, "\"12345\" is non-empty without whitespace, so it is valid"),
    ]
    return [_both(f"nonce::sdk-tests::{case}",
                  f"mirrors an input of the SDK's own unit tests: {what} in both readings",
                  "high", nonce, expected, whitespace_rules(nonce) if expected == INVALID_WHITESPACE else [R_EMPTY])
            for case, nonce, expected, what in cases]


def vectors() -> list[dict[str, Any]]:
    _check_tables()
    out = (_empty() + _whitespace_characters() + _newline_characters() + _position() + _newline_position()
           + _sdk_tests() + _shapes() + _not_whitespace() + _zero_width_space() + _controls() + _decomposition() + _no_decoding()
           + _charset() + _length())
    _check_vectors(out)
    return out


def _check_vectors(out: list[dict[str, Any]]) -> None:
    """Re-checks every expectation against the two predicates, and the family's own lint rules."""
    descriptions = set()
    inputs_by_profile: dict[tuple[str, str], str] = {}
    for v in out:
        nonce = v["input"]["nonce"]
        assert not any(0xD800 <= ord(c) <= 0xDFFF for c in nonce), f"{v['id']}: lone surrogate"
        profiles = v.get("profiles", READINGS)
        for profile in profiles:
            model = _documented_outcome if is_documented(profile) else _ios_sdk_outcome
            assert model(nonce) == v["expected"], f"{v['id']}: expected differs from the {profile} reading"
            key = (profile, nonce)
            assert key not in inputs_by_profile, f"{v['id']}: same input as {inputs_by_profile[key]}"
            inputs_by_profile[key] = v["id"]
        if "profiles" not in v:
            assert _documented_outcome(nonce) == _ios_sdk_outcome(nonce), f"{v['id']}: readings differ, needs a pair"
        assert v["description"] not in descriptions, f"{v['id']}: duplicate description"
        descriptions.add(v["description"])
