"""The `code-verifier` family: is a PKCE code verifier valid? (SPECIFICATION.md §1 item 4, §8; RFC 7636 §4.1).

The rule (SPECIFICATION.md §1 item 4): a code verifier is 43 to 128 characters, each one of `A-Z a-z 0-9 - . _ ~`.
Its two readings:

  documented  RFC 7636 §4.1: `code-verifier = 43*128unreserved`, unreserved = ASCII ALPHA / DIGIT / - . _ ~.
  ios-sdk     the SDK tests Foundation's Unicode alphanumerics instead of ASCII ones, so non-ASCII letters and
              digits of any script are accepted too (SPECIFICATION.md §1: "so it also accepts non-ASCII letters and
              digits").

Expected outcomes: `{"result": "valid"}`, or `{"result": "invalid", "reason": "length" | "characters"}`. "Length"
counts characters; every vector here has one reading of "character" (see below), so the count is never in question.
The login-configuration family's `configuration.code-verifier.*` vectors apply the same rule inside a
configuration (reason invalidCodeVerifier); the readings here are the same ones.

Every expected outcome written in the tables is recomputed by `_evaluate` (a transcription of the rule, one branch
per reading); `vectors()` refuses to run when a table entry disagrees with it, or when an input breaks both the
length and the character rule (the specification states no order between the two, so no vector depends on one).

Cases the specification leaves open, without a vector:
- Both rules broken at once (a 42-character verifier with a `+`; the empty string is only a length problem): no
  order is stated, so the reason would be a guess.
- What a "character" is where counts differ: combining marks (a base letter plus U+0301 is one grapheme, two code
  points), CR LF (one grapheme), Hangul jamo sequences, characters outside the BMP (one code point, two UTF-16
  units) and ZWJ emoji sequences. None of them stands in a verifier whose length is near 43 or 128; the one
  supplementary-plane letter here sits in a 60-character verifier. The login-configuration family has one such
  boundary vector (U+20BB7 at 128, counted as code points); this family adds none.
- (Settled in 0.3.0, DECISIONS.md D23: the SDK reading is CharacterSet.alphanumerics, categories L*, M* and N*,
  so combining marks and Nl / No numbers are accepted under ios-sdk; see the `unicode-mark-number` vectors.)
- Unassigned code points and characters newer than a platform's Unicode tables: the answer depends on the
  Unicode version, not on the rule.
- Lone surrogates: not representable in every implementation's strings (JSON text may carry them).
"""

import unicodedata
from collections.abc import Callable
from typing import Any, Optional

from .common import B1, B8, READINGS, is_documented, vector
from .fault_pairs import Fault, FaultPairs, Precedes
from .perturbation import PerturbedField
from .shape import Constraint, Family, closed, fld, outcome, reason, string

FAMILY = "code-verifier"
DESCRIPTION = (
    "PKCE code verifier validity (SPECIFICATION.md §1, §8; RFC 7636 §4.1). Input: one verifier string; outcome: "
    "valid, or invalid with the reason (length: not 43 to 128 characters; characters: a character outside "
    "A-Z a-z 0-9 - . _ ~). Both readings agree on ASCII: every allowed class, every other printable ASCII "
    "character, whitespace and controls, percent-encoding and standard base64 characters, the length boundaries "
    "42/43/128/129. They split on non-ASCII letters and digits: RFC 7636 (documented) refuses them, the iOS SDK's "
    "Unicode alphanumerics accept them, so each such input has one vector per profile. Non-ASCII characters that "
    "are neither letters nor digits are refused in both readings."
)
# The SDK check (Scripts/sdk_check/check_sdk.py, docs/sdk-check.md): what its driver calls in the SDK for this family's
# ios-sdk vectors (`runs`), or why they are read, not run (`notRun`).
SDK_CHECK = {
    "runs": "CodeVerifier(string:)",
}
# Why the family declares no JSON grammar sites (docs/generated/grammar.md; vectorgen/grammar.py).
NO_GRAMMAR_SITES = "its input is one string: it parses no JSON text"
# Its row in README.md's family table (the generator writes the table): the protocol its implementations adopt
# and what its vectors check, in Markdown.
PROTOCOL = "CodeVerifierValidating"
SUMMARY = (
    "PKCE code verifier: 43…128 characters of `A-Z a-z 0-9 - . _ ~` (boundaries 42/43/128/129, every allowed class, "
    "every other printable ASCII character, whitespace and controls, percent-encoding and base64 `+ / =` not "
    "decoded); non-ASCII letters, marks and numbers refused (documented, RFC 7636) or accepted (ios-sdk, "
    "`CharacterSet.alphanumerics`: categories L*, M*, N*, D23) (§1, §8)"
)

REASONS = {
    "length": "the verifier is not 43 to 128 characters long",
    "characters": "the verifier holds a character outside A-Z a-z 0-9 - . _ ~ (under the ios-sdk profile, non-ASCII "
                  "letters and decimal digits are allowed too)",
}

# The shape of a vector (Scripts/vectorgen/shape.py): Vectors/schema/code-verifier.schema.json and fields.json are
# generated from it.
SHAPE = Family(
    title="LoginConformance code-verifier vectors (SPECIFICATION.md §1 item 4, §8; RFC 7636 §4.1)",
    input=closed(
        fld("codeVerifier", string(description="the verifier exactly as given: no trimming, no decoding")),
    ),
    outcomes=(
        outcome("valid"),
        outcome("invalid", reason(REASONS)),
    ),
    vector_constraints=(
        Constraint(
            comment="A verifier of 43 to 128 ASCII characters is never refused for its length; one outside that range "
                    "never for its characters (no vector breaks both rules).",
            schema={
                "if": {"properties": {"input": {"properties": {"codeVerifier": {"minLength": 43, "maxLength": 128}}}}},
                "then": {"properties": {"expected": {
                    "not": {"properties": {"reason": {"const": "length"}}, "required": ["reason"]}}}},
                "else": {"properties": {"expected": {
                    "not": {"properties": {"reason": {"const": "characters"}}, "required": ["reason"]}}}},
            }),
    ),
)

F = FAMILY
DOC, SDK = "documented", "ios-sdk"
REFS = [B1, "RFC 7636 §4.1"]

# SPECIFICATION.md §1's known verifier (48 characters) and RFC 7636 Appendix B's (the base64url of its 32 octets).
KNOWN_VERIFIER = "OB6imf0pt3YLueBtNlljrdJZXdFk8gKJ97UQEpz1ojlEUL4p"
RFC7636_OCTETS = [116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105,
                  214, 191, 240, 91, 88, 5, 88, 83, 132, 141, 121]
RFC7636_VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"

UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LOWER = "abcdefghijklmnopqrstuvwxyz"
DIGITS = "0123456789"
UNRESERVED_PUNCTUATION = "-._~"
UNRESERVED = UPPER + LOWER + DIGITS + UNRESERVED_PUNCTUATION

# Rule IDs (Vectors/rules.json).
R_LENGTH = "verifier.length"
R_CHARSET = "verifier.charset"
R_CONTROLS = "verifier.whitespace-and-controls"
R_NO_DECODING = "verifier.no-decoding"
R_NON_ASCII_SYMBOL = "verifier.non-ascii-symbol"
R_UNICODE_DOC = "verifier.unicode.documented"
R_UNICODE_SDK = "verifier.unicode.ios-sdk"


# --- the rule, transcribed (used only to cross-check the tables) ---------------------------------------------------

def _allowed(ch: str, profile: str) -> bool:
    """RFC 7636 unreserved; the SDK's Unicode alphanumerics add non-ASCII letters and decimal digits. The tables use
    no character of categories M, Nl or No, where "letters and digits" and CharacterSet.alphanumerics may differ."""
    if ch in UNRESERVED:
        return True
    # ios-sdk: CharacterSet.alphanumerics = general categories L*, M* and N* (DECISIONS.md D23).
    return not is_documented(profile) and unicodedata.category(ch)[0] in "LMN"


def _evaluate(verifier: str, profile: str) -> dict[str, str]:
    length_ok = 43 <= len(verifier) <= 128
    characters_ok = all(_allowed(ch, profile) for ch in verifier)
    if not length_ok and not characters_ok:
        raise ValueError(f"{verifier!r} breaks both rules under {profile}, whose order the specification does not state")
    if not length_ok:
        return invalid("length")
    if not characters_ok:
        return invalid("characters")
    return VALID


VALID = {"result": "valid"}


def invalid(reason: str) -> dict[str, str]:
    return {"result": "invalid", "reason": reason}


def filler(length: int, alphabet: str = UPPER + LOWER + DIGITS) -> str:
    """A deterministic valid verifier of `length` characters cycling through `alphabet`."""
    return (alphabet * (length // len(alphabet) + 1))[:length]


def with_char(ch: str, length: int = 60, position: Optional[int] = None) -> str:
    """A `length`-character verifier: `filler(length - 1)` with `ch` inserted at `position` (the middle by default).
    `ch` is one code point; at 60 characters every reading of the length agrees it is inside 43..128."""
    base = filler(length - 1)
    position = length // 2 if position is None else position
    return base[:position] + ch + base[position:]


def cp(ch: str) -> str:
    return f"u+{ord(ch):04x}"


class _Out:
    """Collects vectors, checking each expected outcome against _evaluate in every profile it claims."""

    def __init__(self) -> None:
        self.items: list[dict[str, Any]] = []

    def add(self, group: str, case: str, description: str, severity: str, refs: list[str], verifier: str,
            expected: dict[str, str], profiles: Optional[list[str]] = None, *, rules: list[str]) -> None:
        for profile in profiles or READINGS:
            got = _evaluate(verifier, profile)
            if got != expected:
                raise ValueError(f"{group}::{case} ({profile}): table says {expected}, the rule says {got}")
        self.items.append(vector(f"{F}::{group}::{case}", description, severity, refs, {"codeVerifier": verifier},
                                 expected, profiles, rules=rules))

    def pair(self, group: str, case: str, description_doc: str, description_sdk: str, severity: str, verifier: str,
             *, rules_doc: list[str], rules_sdk: list[str]) -> None:
        """The same input under both readings (SPECIFICATION.md §8): two vectors, each naming its profile."""
        refs = REFS + [B8]
        self.add(group, case + ".documented", description_doc, severity, refs, verifier, _evaluate(verifier, DOC),
                 [DOC], rules=rules_doc)
        self.add(group, case + ".ios-sdk", description_sdk, severity, refs, verifier, _evaluate(verifier, SDK),
                 [SDK], rules=rules_sdk)


# --- the tables ------------------------------------------------------------------------------------------------

def _known(out: _Out) -> None:
    g = "known"
    out.add(g, "behaviour-md", "The known 48-character verifier of SPECIFICATION.md §1 is valid", "high", REFS,
            KNOWN_VERIFIER, VALID, rules=[R_LENGTH, R_CHARSET])
    out.add(g, "rfc7636-appendix-b", "RFC 7636 Appendix B's verifier (base64url of 32 octets, 43 characters with - "
            "and _) is valid", "high", REFS + ["RFC 7636"], RFC7636_VERIFIER, VALID, rules=[R_LENGTH, R_CHARSET])


LENGTHS_VALID = [(43, "the minimum"), (44, "one over the minimum"), (96, "the length of the SDK's default"),
                 (127, "one under the maximum"), (128, "the maximum")]
LENGTHS_INVALID = [(0, "the empty string"), (1, "one character"), (42, "one under the minimum"),
                   (129, "one over the maximum"), (256, "twice the maximum"), (1000, "far over the maximum")]


def _length(out: _Out) -> None:
    g = "length"
    for n, why in LENGTHS_VALID:
        out.add(g, f"{n}", f"A verifier of {n} ASCII letters and digits ({why}) is inside 43 to 128, so valid",
                "high", REFS, filler(n), VALID, rules=[R_LENGTH])
    for n, why in LENGTHS_INVALID:
        out.add(g, f"{n}", f"A verifier of {n} ASCII letters and digits ({why}) is outside 43 to 128: invalid "
                "(length)", "high", REFS, filler(n), invalid("length"), rules=[R_LENGTH])
    # The same boundaries with the unreserved punctuation, so a length check that only runs on one branch shows.
    for n in (42, 43, 128, 129):
        expected = VALID if 43 <= n <= 128 else invalid("length")
        verdict = "valid" if expected == VALID else "invalid (length)"
        out.add(g, f"{n}-punctuation", f"A verifier of {n} characters of only - . _ ~ is {verdict}: the length "
                "rule is the same whatever the characters", "high", REFS, filler(n, UNRESERVED_PUNCTUATION),
                expected, rules=[R_LENGTH, R_CHARSET])


CHARSET_VALID = [
    ("upper-only", filler(43, UPPER), "43 upper-case letters A-Z"),
    ("lower-only", filler(43, LOWER), "43 lower-case letters a-z"),
    ("digits-only", filler(43, DIGITS), "43 digits 0-9"),
    ("hyphen-only", "-" * 43, "43 hyphens -"),
    ("period-only", "." * 43, "43 periods ."),
    ("underscore-only", "_" * 43, "43 low lines _"),
    ("tilde-only", "~" * 43, "43 tildes ~"),
    ("unreserved-punctuation", filler(44, UNRESERVED_PUNCTUATION), "44 characters cycling through - . _ ~"),
    ("all-66", UNRESERVED, "each of the 66 unreserved characters once"),
    ("all-66-reversed", UNRESERVED[::-1], "the 66 unreserved characters in reverse order"),
    ("punctuation-at-ends", "~" + filler(41) + "-", "a ~ first and a - last"),
    ("period-first", "." + filler(42), "a period first (no rule about the first character)"),
    ("base64url-96", "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk_" + filler(52),
     "96 base64url characters, the shape of the SDK's default"),
]


def _charset(out: _Out) -> None:
    g = "charset"
    for slug, value, why in CHARSET_VALID:
        out.add(g, slug, f"A verifier of {why} uses only A-Z a-z 0-9 - . _ ~, so it is valid", "high", REFS, value,
                VALID, rules=[R_CHARSET])


# Printable ASCII outside the unreserved set (SPACE is in the whitespace group): each in a 60-character verifier.
ASCII_EXCLUDED = [ch for ch in map(chr, range(0x21, 0x7F)) if ch not in UNRESERVED]
ASCII_NAMES = {"!": "exclamation mark", '"': "quotation mark", "#": "number sign", "$": "dollar sign",
               "%": "percent sign", "&": "ampersand", "'": "apostrophe", "(": "left parenthesis",
               ")": "right parenthesis", "*": "asterisk", "+": "plus sign", ",": "comma", "/": "solidus",
               ":": "colon", ";": "semicolon", "<": "less-than sign", "=": "equals sign", ">": "greater-than sign",
               "?": "question mark", "@": "commercial at", "[": "left square bracket", "\\": "reverse solidus",
               "]": "right square bracket", "^": "circumflex accent", "`": "grave accent",
               "{": "left curly bracket", "|": "vertical line", "}": "right curly bracket"}


def _ascii_excluded(out: _Out) -> None:
    g = "ascii-excluded"
    assert len(ASCII_EXCLUDED) == 28 and set(ASCII_EXCLUDED) == set(ASCII_NAMES)
    for ch in ASCII_EXCLUDED:
        article = "an" if ASCII_NAMES[ch][0] in "aeiou" else "a"
        out.add(g, cp(ch), f"A 60-character verifier with {article} {ASCII_NAMES[ch]} ({ch}, {cp(ch).upper()}) in "
                "the middle is invalid (characters): it is not unreserved", "high", REFS, with_char(ch), invalid("characters"),
                rules=[R_CHARSET])
    # At either end too, where a check of the inner characters only or a strip() would miss it.
    for ch, where, position in (("+", "first", 0), ("=", "last", 59), ("/", "last", 59)):
        out.add(g, f"{cp(ch)}-{where}", f"A 60-character verifier whose {where} character is a "
                f"{ASCII_NAMES[ch]} ({ch}) is invalid (characters)", "high", REFS, with_char(ch, 60, position),
                invalid("characters"), rules=[R_CHARSET])


WHITESPACE_CONTROLS = [
    ("space-inside", with_char(" "), "a SPACE in the middle"),
    ("space-leading", " " + filler(43), "43 valid characters after a leading SPACE (not trimmed)"),
    ("space-trailing", filler(43) + " ", "43 valid characters before a trailing SPACE (not trimmed)"),
    ("tab-inside", with_char("\t"), "a TAB in the middle"),
    ("tab-trailing", filler(43) + "\t", "43 valid characters before a trailing TAB (not trimmed)"),
    ("lf-inside", with_char("\n"), "a LINE FEED in the middle"),
    ("lf-trailing", filler(43) + "\n", "43 valid characters and a trailing LINE FEED (a regular expression's $ "
                                       "matches before it)"),
    ("lf-leading", "\n" + filler(43), "a leading LINE FEED before 43 valid characters"),
    ("cr-inside", with_char("\r"), "a CARRIAGE RETURN in the middle"),
    ("crlf-trailing", filler(58) + "\r\n", "58 valid characters and a trailing CR LF"),
    ("vt-inside", with_char("\u000b"), "a LINE TABULATION in the middle"),
    ("ff-inside", with_char("\u000c"), "a FORM FEED in the middle"),
    ("nul-inside", filler(50) + "\u0000" + filler(10), "50 valid characters, a NUL, then 10 more (a C string would "
                                                       "end at the NUL)"),
    ("nul-trailing", filler(43) + "\u0000", "43 valid characters and a trailing NUL"),
    ("u+0001", with_char("\u0001"), "START OF HEADING U+0001"),
    ("u+001b", with_char("\u001b"), "ESCAPE U+001B"),
    ("u+001f", with_char("\u001f"), "UNIT SEPARATOR U+001F"),
    ("u+007f", with_char("\u007f"), "DELETE U+007F"),
]


def _whitespace_controls(out: _Out) -> None:
    g = "whitespace-and-controls"
    for slug, value, why in WHITESPACE_CONTROLS:
        out.add(g, slug, f"A verifier with {why} is invalid (characters): whitespace and controls are not "
                "unreserved, wherever they stand", "high", REFS, value, invalid("characters"), rules=[R_CONTROLS])


def _encodings(out: _Out) -> None:
    g = "no-decoding"
    cases = [
        ("percent-tilde", filler(42) + "%7E", "42 valid characters and %7E (a percent-encoded ~, which decodes to "
                                              "43 valid characters)"),
        ("percent-letter", "%41" + filler(42), "%41 (a percent-encoded A) and 42 valid characters"),
        ("percent-space", filler(30) + "%20" + filler(30), "%20 (a percent-encoded SPACE) in the middle"),
        ("standard-base64", "dBjftJeZ4CVP+mB92K27uhbUJU1p1r/wW1gFWFOEjXk=", "RFC 7636 Appendix B's octets in "
                                                                            "standard base64, with + / and = padding"),
        ("base64url-padded", RFC7636_VERIFIER + "=", "RFC 7636 Appendix B's verifier with an = pad kept"),
        ("standard-base64-unpadded", "dBjftJeZ4CVP+mB92K27uhbUJU1p1r/wW1gFWFOEjXk", "RFC 7636 Appendix B's octets "
                                                                                    "in standard base64 without "
                                                                                    "padding (+ and /)"),
    ]
    for slug, value, why in cases:
        out.add(g, slug, f"A verifier of {why} is invalid (characters): the characters are checked as given, "
                "never decoded or translated", "high", REFS, value, invalid("characters"), rules=[R_NO_DECODING])


# Non-ASCII characters that are neither letters nor digits: refused under both readings.
NON_ASCII_SYMBOLS = [
    ("\u2010", "HYPHEN U+2010 (looks like -)"),
    ("\u2013", "EN DASH U+2013 (looks like -)"),
    ("\u2212", "MINUS SIGN U+2212 (looks like -)"),
    ("\u00b7", "MIDDLE DOT U+00B7"),
    ("\u2024", "ONE DOT LEADER U+2024 (looks like .)"),
    ("\uff0e", "FULLWIDTH FULL STOP U+FF0E"),
    ("\uff3f", "FULLWIDTH LOW LINE U+FF3F (looks like _)"),
    ("\uff5e", "FULLWIDTH TILDE U+FF5E (looks like ~)"),
    ("\u02dc", "SMALL TILDE U+02DC (a modifier symbol, not a letter)"),
    ("\u00a0", "NO-BREAK SPACE U+00A0"),
    ("\u3000", "IDEOGRAPHIC SPACE U+3000"),
    ("\u0085", "NEXT LINE U+0085 (a C1 control)"),
    ("\u2028", "LINE SEPARATOR U+2028"),
    ("\u200b", "ZERO WIDTH SPACE U+200B (a format character)"),
    ("\ufeff", "ZERO WIDTH NO-BREAK SPACE U+FEFF (a byte-order mark)"),
    ("\u00ad", "SOFT HYPHEN U+00AD"),
    ("\u00a9", "COPYRIGHT SIGN U+00A9"),
    ("\u20ac", "EURO SIGN U+20AC"),
    ("\U0001f600", "GRINNING FACE U+1F600 (an emoji outside the BMP)"),
    ("\ue000", "the private-use character U+E000"),
]


def _non_ascii_symbols(out: _Out) -> None:
    g = "non-ascii-symbol"
    for ch, why in NON_ASCII_SYMBOLS:
        assert unicodedata.category(ch)[0] not in "LMN"
        out.add(g, cp(ch), f"A 60-character verifier with {why} is invalid (characters) in both readings: neither "
                "unreserved nor a letter or digit", "medium", REFS, with_char(ch), invalid("characters"),
                rules=[R_NON_ASCII_SYMBOL])


# Non-ASCII letters and decimal digits, one code point each (no combining marks, no number forms, see the docstring).
UNICODE_LETTERS_DIGITS = [
    ("\u00e9", "LATIN SMALL LETTER E WITH ACUTE U+00E9 (Ll, precomposed)"),
    ("\u00c9", "LATIN CAPITAL LETTER E WITH ACUTE U+00C9 (Lu)"),
    ("\u01c5", "LATIN CAPITAL LETTER D WITH SMALL LETTER Z WITH CARON U+01C5 (Lt, titlecase)"),
    ("\u02b0", "MODIFIER LETTER SMALL H U+02B0 (Lm)"),
    ("\u3005", "IDEOGRAPHIC ITERATION MARK U+3005 (Lm)"),
    ("\u0436", "CYRILLIC SMALL LETTER ZHE U+0436"),
    ("\u0430", "CYRILLIC SMALL LETTER A U+0430 (looks like a)"),
    ("\u03bb", "GREEK SMALL LETTER LAMDA U+03BB"),
    ("\u05d0", "HEBREW LETTER ALEF U+05D0 (Lo, right-to-left)"),
    ("\u0e01", "THAI CHARACTER KO KAI U+0E01 (Lo)"),
    ("\u6f22", "the CJK ideograph U+6F22 (Lo)"),
    ("\U00020bb7", "the CJK ideograph U+20BB7 (Lo, outside the BMP)"),
    ("\u212a", "KELVIN SIGN U+212A (Lu; its compatibility form is the ASCII K)"),
    ("\ufb01", "LATIN SMALL LIGATURE FI U+FB01 (Ll; its compatibility form is fi)"),
    ("\u0131", "LATIN SMALL LETTER DOTLESS I U+0131 (upper-cases to the ASCII I)"),
    ("\uff21", "FULLWIDTH LATIN CAPITAL LETTER A U+FF21"),
    ("\u0663", "ARABIC-INDIC DIGIT THREE U+0663 (Nd)"),
    ("\u0967", "DEVANAGARI DIGIT ONE U+0967 (Nd)"),
    ("\uff10", "FULLWIDTH DIGIT ZERO U+FF10 (Nd)"),
    ("\U0001d7ce", "MATHEMATICAL BOLD DIGIT ZERO U+1D7CE (Nd, outside the BMP)"),
]


def _unicode_letters_digits(out: _Out) -> None:
    g = "unicode-alphanumeric"
    for ch, why in UNICODE_LETTERS_DIGITS:
        category = unicodedata.category(ch)
        assert category[0] == "L" or category == "Nd", (ch, category)
        out.pair(g, cp(ch),
                 f"Documented reading (RFC 7636, ASCII only): a 60-character verifier with {why} is invalid "
                 "(characters)",
                 f"SDK reading (Unicode alphanumerics): a 60-character verifier with {why} is valid",
                 "medium", with_char(ch), rules_doc=[R_UNICODE_DOC], rules_sdk=[R_UNICODE_SDK])
    ch = "\u00e9"
    for where, position in (("first", 0), ("last", 59)):
        out.pair(g, f"{cp(ch)}-{where}",
                 f"Documented reading: a 60-character verifier whose {where} character is U+00E9 is invalid "
                 "(characters)",
                 f"SDK reading: a 60-character verifier whose {where} character is U+00E9 is valid",
                 "medium", with_char(ch, 60, position), rules_doc=[R_UNICODE_DOC], rules_sdk=[R_UNICODE_SDK])
    # Only non-ASCII letters: 43 CJK ideographs are 43 characters (and 43 UTF-16 units) but 129 UTF-8 bytes.
    value = "\u6f22\u5b57" * 21 + "\u6f22"
    assert len(value) == 43 and len(value.encode("utf-8")) == 129
    out.pair(g, "cjk-43", "Documented reading: 43 CJK ideographs are invalid (characters)",
             "SDK reading: 43 CJK ideographs are 43 characters, the minimum, however many UTF-8 bytes (129), so "
             "valid", "medium", value, rules_doc=[R_UNICODE_DOC], rules_sdk=[R_UNICODE_SDK, R_LENGTH])
    value = filler(128, "\u0430\u0431\u0432\u0433\u0434\u0435\u0436\u0437")
    assert len(value) == 128 and len(value.encode("utf-8")) == 256
    out.pair(g, "cyrillic-128", "Documented reading: 128 Cyrillic letters are invalid (characters)",
             "SDK reading: 128 Cyrillic letters are 128 characters, the maximum (256 UTF-8 bytes), so valid",
             "medium", value, rules_doc=[R_UNICODE_DOC], rules_sdk=[R_UNICODE_SDK, R_LENGTH])


UNICODE_MARKS_NUMBERS = [
    ("\u0301", "COMBINING ACUTE ACCENT U+0301 (Mn) after an ASCII letter"),
    ("\u0903", "DEVANAGARI SIGN VISARGA U+0903 (Mc) after an ASCII letter"),
    ("\u2167", "ROMAN NUMERAL EIGHT U+2167 (Nl)"),
    ("\u00b2", "SUPERSCRIPT TWO U+00B2 (No)"),
]


def _unicode_marks_numbers(out: _Out) -> None:
    """DECISIONS.md D23: CharacterSet.alphanumerics is L*, M* and N*, not only letters and decimal digits. The
    verifiers are 60 code points long (59 graphemes with a combining mark), far from 43 and 128."""
    g = "unicode-mark-number"
    for ch, why in UNICODE_MARKS_NUMBERS:
        assert unicodedata.category(ch)[0] in "MN" and unicodedata.category(ch) != "Nd"
        out.pair(g, cp(ch),
                 f"Documented reading (RFC 7636, ASCII only): a 60-character verifier with {why} is invalid "
                 "(characters)",
                 f"SDK reading (CharacterSet.alphanumerics is L*, M* and N*): a 60-character verifier with {why} "
                 "is valid", "medium", with_char(ch), rules_doc=[R_UNICODE_DOC], rules_sdk=[R_UNICODE_SDK])


def _check_order(out: _Out) -> None:
    """DECISIONS.md D49: a verifier that breaks both rules. The SDK tests the length first
    (CodeVerifier.swift init?(string:)), so under ios-sdk the reason is length; RFC 7636 states no order, so there is
    no documented vector (_evaluate refuses such inputs for the other tables)."""
    refs = REFS + [B8, "sdk:FBSDKLoginKit/FBSDKLoginKit/CodeVerifier.swift#L48-L53", "DECISIONS.md D49"]
    cases = [
        ("short-with-plus", filler(40) + "+", "41 characters, one of them +"),
        ("short-with-space", " " + filler(20), "21 characters, the first a SPACE"),
        ("long-with-percent", filler(128) + "%2", "130 characters ending in %2"),
    ]
    for case, verifier, what in cases:
        out.items.append(vector(
            f"{F}::check-order::{case}.ios-sdk",
            f"SDK reading: the verifier has {what}, so it breaks the length rule and the character rule; the SDK "
            "checks the length first, so the reason is length",
            "medium", refs, {"codeVerifier": verifier}, invalid("length"), ["ios-sdk"],
            rules=["verifier.check-order.ios-sdk", R_LENGTH]))


def _set(position: int, ch: str) -> Callable[[str], str]:
    return lambda v: v[:position] + ch + v[position + 1:]


# Fault pairs (vectorgen/fault_pairs.py, DECISIONS.md D59): a 60-character verifier made too short or too long, and
# given a character outside the set. The SDK checks the length first (D49); RFC 7636 states no order.
FAULT_PAIRS = FaultPairs(
    family=FAMILY,
    base=filler(60),
    render=lambda v: {"codeVerifier": v},
    faults=(
        Fault("short", "42 characters", invalid("length"), lambda v: v[:42], (R_LENGTH,)),
        Fault("long", "129 characters", invalid("length"), lambda v: v + filler(69), (R_LENGTH,)),
        Fault("plus", "a + at position 5", invalid("characters"), _set(5, "+"), (R_CHARSET,)),
        Fault("space", "a SPACE at position 10", invalid("characters"), _set(10, " "), (R_CONTROLS,)),
    ),
    orders={
        "documented": (),
        "ios-sdk": (Precedes(("short", "long"), ("plus", "space"), "verifier.check-order.ios-sdk"),),
    },
    unordered_rule="verifier.check-order.unordered.documented",
    refs=tuple(REFS + [B8, "DECISIONS.md D49", "DECISIONS.md D59"]),
    check=lambda i, profile: _evaluate(i["codeVerifier"], profile),
    check_pairs=False,  # _evaluate refuses an input that breaks both rules
    notes={"documented": "RFC 7636 states no order between its two rules"},
)


def _perturbed_reading(i: dict[str, Any], profile: str) -> tuple[dict[str, str], list[str]]:
    """The verifier rules for a perturbed verifier (vectorgen/perturbation.py): the outcome of _evaluate, and the rule
    each refused or allowed character rests on."""
    verifier = i["codeVerifier"]
    outcome = _evaluate(verifier, profile)
    if outcome == invalid("length"):
        return outcome, [R_LENGTH]
    rules = []
    for ch in verifier:
        if ch in UNRESERVED:
            continue
        if ch.isascii():
            rules.append(R_CONTROLS if not ch.isprintable() or ch == " " else R_CHARSET)
        elif unicodedata.category(ch)[0] in "LMN":
            rules.append(R_UNICODE_DOC if is_documented(profile) else R_UNICODE_SDK)
        else:
            rules.append(R_NON_ASCII_SYMBOL)
    return outcome, list(dict.fromkeys(rules)) or [R_CHARSET]


# Perturbations (vectorgen/perturbation.py): a valid 60-character verifier starting with fi (a pair NFKC folds).
PERTURBATIONS = (
    PerturbedField(FAMILY, "codeVerifier", {"codeVerifier": "fi" + filler(58)}, _perturbed_reading, tuple(REFS),
                   irrelevant={"decomposed": R_CHARSET}),
)


def vectors() -> list[dict[str, Any]]:
    out = _Out()
    _known(out)
    _length(out)
    _charset(out)
    _ascii_excluded(out)
    _whitespace_controls(out)
    _encodings(out)
    _non_ascii_symbols(out)
    _unicode_letters_digits(out)
    _unicode_marks_numbers(out)
    _check_order(out)
    descriptions = [v["description"] for v in out.items]
    if len(set(descriptions)) != len(descriptions):
        raise ValueError("descriptions must be unique within the family")
    return out.items
