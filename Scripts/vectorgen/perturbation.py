"""The perturbation catalogue (SPECIFICATION.md "Perturbations"): the ways implementations transform a string they
should keep or compare exactly, as data, applied mechanically to every declared field.

A family declares `PERTURBATIONS = (PerturbedField(...), ...)`: for each input field whose rules read a string, a base
input and the family's rule for that field (`reading`: an input and a profile -> the expected outcome and the rules
it rests on). The generator applies every class of STRING_CLASSES to the field's value and makes one vector per
class (one per profile where the readings differ), unless a vector with the same input already says the same (the
table then names it, and a different expectation is an error: the two would contradict). A class that cannot
change the value (no letter to flip, nothing to decompose) needs the rule that says why it is irrelevant, in the
field's `irrelevant`; the generator refuses a cell that has neither a vector nor such a rule. A perturbed value
that is no input of the family (its inputs are valid verifiers, say) is `Outside` it, by the rule that excludes it;
where a reading's sources do not say what a perturbed value gives, it is `Undecided` there, with why (no vector
under that reading).

Every string field of the family's declared shape (SHAPE: exact or verbatim strings, at any depth; `string_paths`)
is perturbed by a field that `covers` it, or named in the family's `UNPERTURBED` with why: the generator refuses a
field with neither, so the table is complete by construction.

`table(...)` renders docs/perturbations.md: family × field × class -> vector IDs or the rule that makes the class
irrelevant, with the share of irrelevant cells per family. The differential fuzzer's string classes
(Scripts/fuzzing/perturbations.py) were the seed. Standard library only.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Optional

from .cells import index as index_inputs
from .cells import readings_of
from .cells import vectors as cell_vectors
from .common import PROFILES

GROUP = "perturbation"


def _middle(value: str, inserted: str) -> str:
    half = len(value) // 2
    return value[:half] + inserted + value[half:]


def _fullwidth(value: str) -> Optional[str]:
    """The first ASCII letter or digit as its fullwidth form (U+FF01..U+FF5E; NFKC folds it back)."""
    for i, ch in enumerate(value):
        if ch.isascii() and ch.isalnum():
            return value[:i] + chr(ord(ch) + 0xFEE0) + value[i + 1:]
    return None


@dataclass(frozen=True)
class StringClass:
    """One way to transform a string, with why implementations do it."""
    name: str
    what: str
    why: str
    apply: Callable[[str], Optional[str]]  # the value -> the perturbed value, or None when it cannot change it


STRING_CLASSES: tuple[StringClass, ...] = (
    StringClass("case-flipped", "every letter's case flipped", "case-insensitive comparison or case folding",
                lambda s: s.swapcase() if s.swapcase() != s else None),
    StringClass("leading-space", "a SPACE before it", "trimming before a comparison", lambda s: " " + s),
    StringClass("trailing-space", "a SPACE after it", "trimming before a comparison", lambda s: s + " "),
    StringClass("no-break-space-around", "U+00A0 NO-BREAK SPACE on both sides",
                "Unicode-aware trimming (Zs)", lambda s: "\u00a0" + s + "\u00a0"),
    StringClass("line-feed-appended", "a LINE FEED after it", "line-oriented reading that drops the newline",
                lambda s: s + "\n"),
    StringClass("zero-width-space-inside", "U+200B ZERO WIDTH SPACE in the middle",
                "stripping invisible characters (U+200B is Cf, not White_Space)", lambda s: _middle(s, "\u200b")),
    StringClass("zero-width-joiner-inside", "U+200D ZERO WIDTH JOINER in the middle",
                "stripping invisible characters (Cf)", lambda s: _middle(s, "\u200d")),
    StringClass("byte-order-mark-before", "U+FEFF before it", "dropping a byte order mark inside a string",
                lambda s: "\ufeff" + s),
    StringClass("fullwidth-character", "its first ASCII letter or digit in fullwidth form",
                "NFKC normalisation (Unicode Standard Annex 15) before a comparison", _fullwidth),
    StringClass("ligature", "fi written as U+FB01 LATIN SMALL LIGATURE FI",
                "NFKC normalisation (Unicode Standard Annex 15) before a comparison",
                lambda s: s.replace("fi", "\ufb01", 1) if "fi" in s else None),
    StringClass("decomposed", "in Unicode normalisation form D",
                "canonical equivalence (NFC/NFD) where the rule compares code points",
                lambda s: unicodedata.normalize("NFD", s) if unicodedata.normalize("NFD", s) != s else None),
    StringClass("nul-appended", "U+0000 after it", "C strings that end at NUL (RFC 8259 §7 allows \\u0000)",
                lambda s: s + "\u0000"),
    StringClass("nul-inside", "U+0000 in the middle", "C strings that end at NUL (RFC 8259 §7 allows \\u0000)",
                lambda s: _middle(s, "\u0000")),
    StringClass("empty", "the empty string", "an empty string read as absent, or as present",
                lambda s: "" if s else None),
)
CLASS_NAMES = tuple(c.name for c in STRING_CLASSES)


@dataclass(frozen=True)
class Outside:
    """A reading's answer for a perturbed value that is no input of the family: the rule that excludes it (a
    precondition of the family, tested by another family's vectors)."""
    rule: str


@dataclass(frozen=True)
class Undecided:
    """A reading's answer where its sources do not say what the perturbed value gives: no vector under it, and why."""
    why: str


@dataclass(frozen=True)
class PerturbedField:
    """A string field and the family's rule for it. By default the field is the input member `name`; a field inside
    a structure (a claim of a JSON text) gives `get` and `put` on a draft, and `render` makes the input from it."""
    family: str
    name: str                                                 # the field's name (in IDs, lower-case, '-' for camelCase)
    base: Mapping[str, Any]                                   # an input (or a draft); its field is perturbed
    reading: Callable[[dict, str], Any]                       # (input, profile) -> (expected, rules[, also
                                                              # accepted]), Outside or Undecided
    refs: tuple[str, ...]
    irrelevant: Mapping[str, str] = field(default_factory=dict)  # class -> the rule that makes it irrelevant
    severity: str = "medium"
    get: Optional[Callable[[Any], str]] = None                # draft -> the field's value
    put: Optional[Callable[[Any, str], Any]] = None           # (draft, value) -> the draft with the value
    render: Optional[Callable[[Any], dict]] = None            # draft -> the input
    covers: Optional[str] = None                              # the SHAPE path it perturbs (string_paths); `name`

    def value(self) -> str:
        return self.get(self.base) if self.get else self.base[self.name]

    def made(self, value: str) -> dict:
        draft = self.put(self.base, value) if self.put else {**self.base, self.name: value}
        return self.render(draft) if self.render else draft

    def __post_init__(self) -> None:
        unknown = sorted(set(self.irrelevant) - set(CLASS_NAMES))
        if unknown:
            raise ValueError(f"{self.family}.{self.name}: unknown classes {unknown}")

    @property
    def path(self) -> str:
        return self.covers or self.name


@dataclass(frozen=True)
class Cell:
    """One field × class: its vectors (new or already in the family), or the rule that makes it irrelevant."""
    field: PerturbedField
    cls: StringClass
    vectors: tuple[str, ...] = ()
    irrelevant: Optional[str] = None
    outside: Optional[str] = None
    undecided: Mapping[str, str] = field(default_factory=dict)  # profile -> why its sources do not decide


@dataclass(frozen=True)
class Perturbed:
    """A family's table: its cells, and the string fields of its shape left unperturbed, with why."""
    cells: list[Cell]
    unperturbed: Mapping[str, str]


_STRING_COMPARISONS = ("exact", "verbatim")


def _paths(fields: list[dict], keep: Callable[[dict], bool]) -> list[str]:
    """The paths of an exported input shape (shape.export_family) whose value (or one of its alternatives) `keep`
    keeps, in order: `a.b` a member, `a[]` an array's items, `a{}` a map's values, `a{name}` its member names."""
    out: list[str] = []

    def visit(value: dict, path: str) -> None:
        for alternative in value.get("oneOf") or [value]:
            if keep(alternative) and path not in out:
                out.append(path)
            for member in alternative.get("fields", ()):
                visit(member, f"{path}.{member['name']}")
            for key, suffix in (("items", "[]"), ("values", "{}"), ("names", "{name}")):
                if key in alternative:
                    visit(alternative[key], path + suffix)

    for member in fields:
        visit(member, member["name"])
    return out


def string_paths(fields: list[dict]) -> list[str]:
    """The string fields whose rules keep or compare them exactly (_paths' notation). Enumerations and constants are
    out: a perturbed value is outside the closed vocabulary the schema holds."""
    return _paths(fields, lambda value: (
        "string" in value.get("type", ()) and "enum" not in value and "const" not in value
        and (value.get("compare") in _STRING_COMPARISONS or value.get("canonicalisation") == "canonical-equivalence")))


def input_paths(fields: list[dict]) -> list[str]:
    """Every path of a family's exported input shape (_paths' notation)."""
    return _paths(fields, lambda value: True)


def check_coverage(family: str, fields: tuple[PerturbedField, ...], paths: list[str],
                   unperturbed: Mapping[str, str], declared: Optional[list[str]] = None) -> None:
    """Every string path of the shape perturbed or left with why; a field covers a declared path (`declared`: every
    input path; a string inside a document read whole, such as a claim, covers the document), UNPERTURBED names
    string paths only."""
    covered = {f.path for f in fields}
    unknown = sorted((covered - set(declared if declared is not None else paths)) | (set(unperturbed) - set(paths)))
    if unknown:
        raise ValueError(f"{family}: perturbations name fields its shape does not declare (as strings, for "
                         f"UNPERTURBED): {unknown} (its string fields: {paths})")
    both = sorted(covered & set(unperturbed))
    if both:
        raise ValueError(f"{family}: {both} are both perturbed and in UNPERTURBED")
    missing = [p for p in paths if p not in covered and p not in unperturbed]
    if missing:
        raise ValueError(f"{family}: string fields neither perturbed nor in UNPERTURBED (with why): {missing}")
    empty = sorted(p for p, why in unperturbed.items() if not why.strip())
    if empty:
        raise ValueError(f"{family}: UNPERTURBED without a reason: {empty}")


def build(fields: tuple[PerturbedField, ...], existing: list[dict]) -> tuple[list[dict], list[Cell]]:
    """The new vectors and every cell; `existing` is the family's other vectors (an equal one is named, not made)."""
    by_input = index_inputs(existing)
    made: list[dict] = []
    cells: list[Cell] = []
    for f in fields:
        value = f.value()
        for cls in STRING_CLASSES:
            perturbed = cls.apply(value)
            if perturbed is None or perturbed == value:
                rule = f.irrelevant.get(cls.name)
                if rule is None:
                    raise ValueError(f"{f.family}.{f.name}: class {cls.name} cannot change {value!r}; name the rule "
                                     "that makes it irrelevant (irrelevant=) or choose a base it changes")
                cells.append(Cell(f, cls, irrelevant=rule))
                continue
            if cls.name in f.irrelevant:
                raise ValueError(f"{f.family}.{f.name}: class {cls.name} is declared irrelevant but changes the value")
            made_input = f.made(perturbed)
            readings = {p: f.reading(made_input, p) for p in PROFILES}
            # Outside under a profile: no vector of it (another family's perturbations test the rule); a reading
            # under which the value is an input still has its vectors.
            outside = list(dict.fromkeys(r.rule for r in readings.values() if isinstance(r, Outside)))
            undecided = {p: r.why for p, r in readings.items() if isinstance(r, Undecided)}
            inside = {p: r for p, r in readings.items() if not isinstance(r, (Outside, Undecided))}
            if len(outside) > 1:
                raise ValueError(f"{f.family}.{f.name} {cls.name}: outside the family by several rules: {outside}")
            if not inside and not outside:
                raise ValueError(f"{f.family}.{f.name} {cls.name}: undecided under every reading; choose a base "
                                 "whose perturbations some source decides")
            cells.append(Cell(f, cls, vectors=_vectors(f, cls, made_input, inside, by_input, made) if inside else (),
                              outside=outside[0] if outside else None, undecided=undecided))
    return made, cells


def _vectors(f: PerturbedField, cls: StringClass, made_input: dict, inside: dict, by_input,
             made: list[dict]) -> tuple[str, ...]:
    """The vectors of a cell under the profiles whose reading takes the value as an input (`inside`)."""
    name = re.sub(r'(?<=[a-z0-9])(?=[A-Z])', '-', f.name).lower().replace('_', '-')
    return cell_vectors(f"{f.family}.{f.name} {cls.name}", f"{f.family}::{GROUP}::{name}.{cls.name}",
                        f"the {f.name} {json.dumps(f.value())} with {cls.what} ({cls.why})", f.severity,
                        list(f.refs), made_input, readings_of(inside), by_input, made)


def table(declared: list[tuple[str, Perturbed]]) -> str:
    """docs/perturbations.md."""
    lines = [
        "# Perturbations",
        "",
        "Generated by `Scripts/generate_vectors.py` from each family's `PERTURBATIONS` and `UNPERTURBED`",
        "(Scripts/vectorgen/perturbation.py); `--check` reports it when stale. Every class of the catalogue is applied",
        "to every declared field: each cell names its vectors (made from the field's rule, or already in the family",
        "with the same input and outcome), the rule that makes the class irrelevant, or the rule that puts the",
        "perturbed value outside the family's inputs; a reading whose sources do not decide a cell says why. No cell",
        "is empty. Every string field of a family's shape (Vectors/schema/fields.json: exact or verbatim strings) is",
        "perturbed or listed under its family with why.",
        "",
        "| class | what it does | the mistake it catches |",
        "| --- | --- | --- |",
        *[f"| `{c.name}` | {c.what} | {c.why} |" for c in STRING_CLASSES],
        "",
    ]
    for family, perturbed in declared:
        cells = perturbed.cells
        irrelevant = sum(1 for c in cells if c.irrelevant)
        outside = sum(1 for c in cells if c.outside and not c.vectors)
        share = f"{100 * irrelevant / len(cells):.0f}%" if cells else "0%"
        lines += [f"## {family}", "",
                  f"{len(cells)} cells, {irrelevant} irrelevant ({share}), {outside} outside the family's inputs.", ""]
        fields = list(dict.fromkeys(c.field.name for c in cells))
        for name in fields:
            path = next(c.field.path for c in cells if c.field.name == name)
            heading = f"### `{name}`" + (f" (in `{path}`)" if path != name else "")
            lines += [heading, "", "| class | vectors, or the rule that makes it irrelevant |", "| --- | --- |"]
            for cell in (c for c in cells if c.field.name == name):
                if cell.vectors:
                    shown = ", ".join(f"`{v}`" for v in cell.vectors) + (
                        f"; under the other profile outside the family's inputs: `{cell.outside}`"
                        if cell.outside else "")
                elif cell.irrelevant:
                    shown = f"irrelevant: `{cell.irrelevant}`"
                else:
                    shown = f"outside the family's inputs: `{cell.outside}`"
                shown += "".join(f"; undecided under {p}: {why}" for p, why in cell.undecided.items())
                lines.append(f"| {cell.cls.name} | {shown} |")
            lines.append("")
        if perturbed.unperturbed:
            lines += ["String fields not perturbed:", "", "| field | why |", "| --- | --- |"]
            lines += [f"| `{path}` | {why} |" for path, why in perturbed.unperturbed.items()]
            lines.append("")
    return "\n".join(lines)
