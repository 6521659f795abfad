"""The JSON grammar catalogue (SPECIFICATION.md "Grammar"): the ways a JSON text can differ from the canonical one, each
with its RFC 8259 section, applied mechanically to every site where an implementation parses JSON text.

A case is `equivalent` (the same JSON value: an implementation must read it as the base), `invalid` (not JSON: the
sources say refuse) or `may-ignore` (RFC 8259 lets a parser ignore it or refuse it). It is made from the site's base
object, as text or bytes; where it needs content the base lacks (a number to write with a leading zero, a string to
hold a raw DEL), it carries it in one extra member, `x-note`, which every site ignores (RFC 7515 §4, RFC 7519 §4, the
state's other members).

A family declares `GRAMMAR_SITES = (GrammarSite(...), ...)` (or `NO_GRAMMAR_SITES`, why it parses no JSON text): each
site's base object, how an input is made from a variant's text or bytes (`make`, None where the site cannot hold
those bytes, with the rule that says why), and the site's reading of each kind (`reading`: the case and a profile ->
the expected outcome and its rules, or Undecided). The generator names an existing vector with the same input (a
contradicting one is an error), makes the others, and writes docs/generated/grammar.md: site × case -> vectors, the rule that
makes it irrelevant, or why a reading is undecided.

Also writes Tests/LoginConformanceTests/grammar-cases.json: every case applied to one object, with its kind and
the canonical text of its value, so that the runner's own strict parser (adapter answers, vector files) is held to the
same catalogue. Standard library only.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Optional, Union

from .cells import index as index_inputs
from .cells import readings_of
from .cells import vectors as cell_vectors
from .common import READINGS
from .perturbation import Undecided

GROUP = "grammar"
KINDS = ("equivalent", "may-ignore", "invalid")
CARRIER = "x-note"  # the extra member a case carries its content in

Text = Union[str, bytes]


def compact(obj: Mapping[str, Any]) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def _with(obj: Mapping[str, Any], raw_value: str) -> str:
    """The compact text of obj with the carrier member appended, its value written as `raw_value` (JSON or not)."""
    return compact(obj)[:-1] + f',"{CARRIER}":{raw_value}}}'


def _escape_all(name: str) -> str:
    return "".join(f"\\u{ord(ch):04x}" for ch in name)


def _escaped_names(obj: Mapping[str, Any]) -> str:
    return "{" + ",".join(f'"{_escape_all(k)}":{json.dumps(v, separators=(",", ":"), ensure_ascii=False)}'
                          for k, v in obj.items()) + "}"


def _first_letter_escaped(obj: Mapping[str, Any]) -> Optional[str]:
    """Every string value's first character as an upper-case-hex escape (\\u0052S256 for RS256)."""
    def value(v: Any) -> str:
        if isinstance(v, str) and v:
            return f'"\\u{ord(v[0]):04X}' + json.dumps(v, ensure_ascii=False)[2:]
        return json.dumps(v, separators=(",", ":"), ensure_ascii=False)
    if not any(isinstance(v, str) and v for v in obj.values()):
        return None
    return "{" + ",".join(f"{json.dumps(k, ensure_ascii=False)}:{value(v)}" for k, v in obj.items()) + "}"


def _first_separator(text: str, inserted: str) -> str:
    """`inserted` right after the opening brace (between two tokens)."""
    return text[0] + inserted + text[1:]


def _without_first_comma(obj: Mapping[str, Any]) -> Optional[str]:
    if len(obj) < 2:
        return None
    items = [f"{json.dumps(k, ensure_ascii=False)}:{json.dumps(v, separators=(',', ':'), ensure_ascii=False)}"
             for k, v in obj.items()]
    return "{" + items[0] + items[1] + ("," + ",".join(items[2:]) if items[2:] else "") + "}"


def _unquoted_names(obj: Mapping[str, Any]) -> str:
    return "{" + ",".join(f"{k}:{json.dumps(v, separators=(',', ':'), ensure_ascii=False)}"
                          for k, v in obj.items()) + "}"


@dataclass(frozen=True)
class GrammarCase:
    """One way a JSON text differs from the canonical one, with the section that says what it is."""
    name: str
    kind: str
    what: str
    source: str
    make: Callable[[Mapping[str, Any], str], Optional[Text]]  # (base object, site part) -> the variant, or None
    rule: Optional[str] = None  # the documented reading's rule for an invalid case, where a specific one exists

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"{self.name}: unknown kind {self.kind}")


R_EQUIVALENT = "token.json.equivalent-texts"
R_GRAMMAR = "token.json.grammar.documented"
R_BOM = "token.json.byte-order-mark.documented"
R_TRAILING_COMMA = "token.json.trailing-comma.documented"
R_NUMBER_COMMENT = "token.json.number-and-comment-grammar.documented"
R_CONTROL = "token.json.control-characters.documented"

CASES: tuple[GrammarCase, ...] = (
    # The same JSON value, written otherwise.
    GrammarCase("whitespace-between-tokens", "equivalent", "space, TAB, LF and CR between every two tokens",
                "RFC 8259 §2", lambda o, part: json.dumps(o, separators=(" ,\t", "\r\n: "), ensure_ascii=False)),
    GrammarCase("members-reordered", "equivalent", "the members in reverse order", "RFC 8259 §4",
                lambda o, part: compact(dict(reversed(list(o.items()))))),
    GrammarCase("escaped-member-names", "equivalent", "every member name written as \\u escapes",
                "RFC 8259 §7", lambda o, part: _escaped_names(o)),
    GrammarCase("escaped-first-characters", "equivalent",
                "every string value's first character written as an upper-case-hex \\u escape", "RFC 8259 §7",
                lambda o, part: _first_letter_escaped(o)),
    GrammarCase("escaped-solidus", "equivalent", f"an {CARRIER} member holding \\/ (an escaped /)", "RFC 8259 §7",
                lambda o, part: _with(o, '"a\\/b"')),
    GrammarCase("escaped-surrogate-pair", "equivalent",
                f"an {CARRIER} member holding U+1F600 as the escaped surrogate pair \\ud83d\\ude00", "RFC 8259 §7",
                lambda o, part: _with(o, '"\\ud83d\\ude00"')),
    GrammarCase("raw-non-bmp-character", "equivalent", f"an {CARRIER} member holding U+1F600 unescaped (4 UTF-8 bytes)",
                "RFC 8259 §8.1", lambda o, part: _with(o, '"\U0001F600"')),
    GrammarCase("raw-del", "equivalent",
                f"an {CARRIER} member holding U+007F DELETE unescaped (only U+0000-U+001F must be escaped)",
                "RFC 8259 §7", lambda o, part: _with(o, '"a\u007fb"')),
    GrammarCase("raw-c1-control", "equivalent", f"an {CARRIER} member holding U+0085 NEXT LINE (a C1 control) "
                "unescaped", "RFC 8259 §7", lambda o, part: _with(o, '"a\u0085b"')),
    GrammarCase("escaped-nul", "equivalent", f"an {CARRIER} member holding \\u0000 (escaped)", "RFC 8259 §7",
                lambda o, part: _with(o, '"a\\u0000b"')),
    GrammarCase("empty-member-name", "equivalent", "an extra member whose name is the empty string", "RFC 8259 §4",
                lambda o, part: compact(o)[:-1] + ',"":"x"}'),
    # A byte order mark: RFC 8259 §8.1 lets a parser ignore it or refuse it.
    GrammarCase("byte-order-mark", "may-ignore", "U+FEFF (the UTF-8 byte order mark) before the text",
                "RFC 8259 §8.1", lambda o, part: "\ufeff" + compact(o)),
    # Not JSON.
    GrammarCase("trailing-comma", "invalid", "a comma after the last member", "RFC 8259 §4",
                lambda o, part: compact(o)[:-1] + ",}", R_TRAILING_COMMA),
    GrammarCase("line-comment", "invalid", "a // comment before the closing brace", "RFC 8259 §2",
                lambda o, part: compact(o)[:-1] + f"//{list(o)[-1]} above\n}}", R_NUMBER_COMMENT),
    GrammarCase("block-comment", "invalid", "a /* */ comment after the opening brace", "RFC 8259 §2",
                lambda o, part: f"{{/* {part} */" + compact(o)[1:], R_NUMBER_COMMENT),
    GrammarCase("single-quotes", "invalid", "every quotation mark written as an apostrophe", "RFC 8259 §7",
                lambda o, part: compact(o).replace('"', "'")),
    GrammarCase("unquoted-member-names", "invalid", "member names without quotation marks", "RFC 8259 §4",
                lambda o, part: _unquoted_names(o)),
    GrammarCase("missing-comma", "invalid", "no comma between the first two members", "RFC 8259 §4",
                lambda o, part: _without_first_comma(o)),
    GrammarCase("second-value", "invalid", "the object twice, one after the other", "RFC 8259 §2",
                lambda o, part: compact(o) + compact(o)),
    GrammarCase("trailing-garbage", "invalid", "an x after the closing brace", "RFC 8259 §2",
                lambda o, part: compact(o) + "x"),
    GrammarCase("literal-in-capitals", "invalid", f"an {CARRIER} member holding True", "RFC 8259 §3",
                lambda o, part: _with(o, "True")),
    GrammarCase("nan", "invalid", f"an {CARRIER} member holding NaN", "RFC 8259 §6", lambda o, part: _with(o, "NaN")),
    GrammarCase("infinity", "invalid", f"an {CARRIER} member holding Infinity", "RFC 8259 §6",
                lambda o, part: _with(o, "Infinity")),
    GrammarCase("hexadecimal-number", "invalid", f"an {CARRIER} member holding 0x10", "RFC 8259 §6",
                lambda o, part: _with(o, "0x10")),
    GrammarCase("leading-zero", "invalid", f"an {CARRIER} member holding 017", "RFC 8259 §6",
                lambda o, part: _with(o, "017"), R_NUMBER_COMMENT),
    GrammarCase("plus-sign", "invalid", f"an {CARRIER} member holding +1", "RFC 8259 §6",
                lambda o, part: _with(o, "+1"), R_NUMBER_COMMENT),
    GrammarCase("invalid-escape", "invalid", f"an {CARRIER} member holding \\x41 (no such escape)", "RFC 8259 §7",
                lambda o, part: _with(o, '"\\x41"')),
    GrammarCase("escaped-apostrophe", "invalid", f"an {CARRIER} member holding \\' (no such escape)", "RFC 8259 §7",
                lambda o, part: _with(o, "\"a\\'b\"")),
    GrammarCase("raw-control-character", "invalid", f"an {CARRIER} member holding U+001F unescaped", "RFC 8259 §7",
                lambda o, part: _with(o, '"a\u001fb"'), R_CONTROL),
    GrammarCase("no-break-space-between-tokens", "invalid", "U+00A0 NO-BREAK SPACE after the opening brace",
                "RFC 8259 §2", lambda o, part: _first_separator(compact(o), "\u00a0")),
    GrammarCase("vertical-tab-between-tokens", "invalid", "U+000B LINE TABULATION after the opening brace",
                "RFC 8259 §2", lambda o, part: _first_separator(compact(o), "\u000b")),
    GrammarCase("form-feed-between-tokens", "invalid", "U+000C FORM FEED after the opening brace", "RFC 8259 §2",
                lambda o, part: _first_separator(compact(o), "\u000c")),
    GrammarCase("line-separator-between-tokens", "invalid", "U+2028 LINE SEPARATOR after the opening brace",
                "RFC 8259 §2", lambda o, part: _first_separator(compact(o), "\u2028")),
    GrammarCase("utf-16", "invalid", "the text encoded as UTF-16LE, not UTF-8", "RFC 8259 §8.1",
                lambda o, part: compact(o).encode("utf-16-le")),
    GrammarCase("invalid-utf-8", "invalid", f"an {CARRIER} member holding the byte 0xFF (not UTF-8)", "RFC 8259 §8.1",
                lambda o, part: _with(o, '"a\udcffb"').encode("utf-8", "surrogateescape")),
)
CASE_NAMES = tuple(c.name for c in CASES)
# Cases DECISIONS.md D18 decides under ios-sdk as well: the SDK's parser (JSONSerialization) refuses garbage after the
# value, single quotes, NaN and bytes that are not UTF-8 (run on Linux; Apple's parser refuses them too). Every other
# case that is not JSON depends on Apple's JSONSerialization, which cannot be run here.
SDK_REFUSES = ("single-quotes", "second-value", "trailing-garbage", "nan", "invalid-utf-8")
SDK_UNDECIDED = "Apple's JSONSerialization, which the SDK parses with, cannot be run here (DECISIONS.md D18)"


def documented_rule(case: GrammarCase) -> str:
    """The rule a reading that follows RFC 8259 applies to the case."""
    if case.kind == "equivalent":
        return R_EQUIVALENT
    if case.kind == "may-ignore":
        return R_BOM
    return case.rule or R_GRAMMAR


@dataclass(frozen=True)
class GrammarSite:
    """Where a family parses a JSON text: its base object and how a variant becomes an input."""
    family: str
    name: str                                               # in IDs: header, claims, payload, state
    part: str                                               # what the text is, in words (a comment's word too)
    base: Mapping[str, Any]
    make: Callable[[Text], Optional[dict]]                  # the variant's text or bytes -> an input (None: cannot)
    reading: Callable[[GrammarCase, str, dict], Any]        # (case, profile, input) -> (expected, rules[, also]) or
                                                            # Undecided
    refs: tuple[str, ...]
    cannot_hold: Optional[str] = None                       # the rule that says why `make` refuses some variants
    severity: str = "medium"


@dataclass(frozen=True)
class GrammarCell:
    site: GrammarSite
    case: GrammarCase
    vectors: tuple[str, ...] = ()
    irrelevant: Optional[str] = None
    undecided: Mapping[str, str] = field(default_factory=dict)


def variant(case: GrammarCase, base: Mapping[str, Any], part: str) -> Text:
    made = case.make(base, part)
    if made is None:
        raise ValueError(f"grammar case {case.name} cannot be made from {compact(base)}: give the base what it needs")
    return made


def build(sites: tuple[GrammarSite, ...], existing: list[dict]) -> tuple[list[dict], list[GrammarCell]]:
    """The new vectors and every cell of the family's sites; an existing vector with the same input is named."""
    by_input = index_inputs(existing)
    made: list[dict] = []
    cells: list[GrammarCell] = []
    for site in sites:
        for case in CASES:
            made_input = site.make(variant(case, site.base, site.part))
            if made_input is None:
                if site.cannot_hold is None:
                    raise ValueError(f"{site.family} {site.name}: cannot hold {case.name}; name the rule (cannot_hold)")
                cells.append(GrammarCell(site, case, irrelevant=site.cannot_hold))
                continue
            readings = {p: site.reading(case, p, made_input) for p in READINGS}
            undecided = {p: r.why for p, r in readings.items() if isinstance(r, Undecided)}
            decided = {p: r for p, r in readings.items() if not isinstance(r, Undecided)}
            slug = f"{site.family}::{GROUP}::{site.name}.{case.name}"
            ids = cell_vectors(f"{site.family} {site.name} {case.name}", slug,
                               f"the {site.part} with {case.what} ({case.source}, {case.kind})", site.severity,
                               list(dict.fromkeys((*site.refs, case.source))), made_input, readings_of(decided),
                               by_input, made) if decided else ()
            cells.append(GrammarCell(site, case, vectors=ids, undecided=undecided))
    return made, cells


def table(declared: list[tuple[str, list[GrammarCell]]], none: Mapping[str, str]) -> str:
    """docs/generated/grammar.md."""
    lines = [
        "# JSON grammar",
        "",
        "Generated by `Scripts/vectors/generate_vectors.py` from each family's `GRAMMAR_SITES` (Scripts/vectorgen/grammar.py);",
        "`--check` reports it when stale. Every case of the catalogue is applied to every site where a family parses",
        "JSON text: each cell names its vectors (or an existing vector with the same input), the rule that says the",
        "site cannot hold the variant, or why a reading does not decide it. A case that needs content the base lacks",
        f"carries it in one extra member, `{CARRIER}`, which every site ignores. The same cases hold the runner's own",
        "parser (adapter answers, vector files): Tests/LoginConformanceTests/grammar-cases.json.",
        "",
        "| case | kind | what it is | source |",
        "| --- | --- | --- | --- |",
        *[f"| `{c.name}` | {c.kind} | {c.what} | {c.source} |" for c in CASES],
        "",
    ]
    for family, cells in declared:
        sites = list(dict.fromkeys(c.site.name for c in cells))
        made = sum(1 for c in cells if c.vectors)
        lines += [f"## {family}", "", f"{len(cells)} cells, {made} with vectors.", ""]
        for name in sites:
            lines += [f"### `{name}`", "", "| case | vectors, or why none |", "| --- | --- |"]
            for cell in (c for c in cells if c.site.name == name):
                shown = ", ".join(f"`{v}`" for v in cell.vectors) if cell.vectors else (
                    f"cannot hold it: `{cell.irrelevant}`" if cell.irrelevant else "no vector")
                shown += "".join(f"; undecided under {p}: {why}" for p, why in cell.undecided.items())
                lines.append(f"| {cell.case.name} | {shown} |")
            lines.append("")
    if none:
        lines += ["## Families that parse no JSON text", "", "| family | why |", "| --- | --- |"]
        lines += [f"| {family} | {why} |" for family, why in none.items()]
        lines.append("")
    return "\n".join(lines)


def fixture() -> dict[str, Any]:
    """Tests/LoginConformanceTests/grammar-cases.json: each case applied to one object, for the runner's parser."""
    base = {"type": "result", "seq": 1, "outcome": {"result": "valid"}, "note": "https://example.com/a"}
    cases = []
    for case in CASES:
        made = variant(case, base, "answer")
        data = made.encode("utf-8") if isinstance(made, str) else made
        entry = {"name": case.name, "kind": case.kind, "source": case.source,
                 "base64": base64.b64encode(data).decode("ascii")}
        if case.kind == "equivalent":
            entry["canonical"] = json.dumps(json.loads(data.decode("utf-8")), separators=(",", ":"),
                                            ensure_ascii=False, sort_keys=True)
        cases.append(entry)
    return {
        "description": "Generated by Scripts/vectors/generate_vectors.py (vectorgen/grammar.py): every case of the JSON "
                       "grammar catalogue (docs/generated/grammar.md) applied to one object, as bytes (base64). An equivalent case "
                       "parses to the value of `canonical`; an invalid or may-ignore case is refused by a strict "
                       "parser (the runner's refuses a byte order mark).",
        "cases": cases,
    }

