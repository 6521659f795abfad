"""The perturbation catalogue (SPECIFICATION.md "Perturbations"): the ways implementations transform a value they
should keep or compare exactly — a string, a number, a NumericDate, a set, an array, an object read whole — as data,
applied mechanically to every declared field.

A family declares `PERTURBATIONS = (PerturbedField(...), ...)`: for each input field whose rules read a value of a
kind of KINDS (a string by default), a base input and the family's rule for that field (`reading`: an input and a
profile -> the expected outcome and the rules it rests on). The generator applies every class of the field's kind to
its value and makes one vector per class (one per profile where the readings differ), unless a vector with the same
input already says the same (the table then names it, and a different expectation is an error: the two would
contradict). A class that cannot
change the value (no letter to flip, nothing to decompose) needs the rule that says why it is irrelevant, in the
field's `irrelevant`; the generator refuses a cell that has neither a vector nor such a rule. A perturbed value
that is no input of the family (its inputs are valid verifiers, say) is `Outside` it, by the rule that excludes it;
where a reading's sources do not say what a perturbed value gives, it is `Undecided` there, with why (no vector
under that reading).

Every field of a kind of KINDS in the family's declared shape (SHAPE, at any depth: exact or verbatim strings,
numbers compared by value, NumericDates, sets, arrays, objects read whole; `perturbable_paths`) is perturbed by a
field of its kind that `covers` it, or named in the family's `UNPERTURBED` with why: the generator refuses a field
with neither, so the table is complete by construction.

`table(...)` renders docs/generated/perturbations.md: family × field × class -> vector IDs or the rule that makes the class
irrelevant, with the share of irrelevant cells per family. The differential fuzzer's string classes
(Scripts/interop/fuzzing/perturbations.py) were the seed. Standard library only.
"""

from __future__ import annotations

import dataclasses
import json
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Optional

from .cells import index as index_inputs
from .cells import readings_of
from .cells import vectors as cell_vectors
from .common import READINGS

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
class PerturbationClass:
    """One way to transform a value, with why implementations do it."""
    name: str
    what: str
    why: str
    apply: Callable[[Any], Any]  # the value -> the perturbed value, or None when it cannot change it


STRING_CLASSES: tuple[PerturbationClass, ...] = (
    PerturbationClass("case-flipped", "every letter's case flipped", "case-insensitive comparison or case folding",
                      lambda s: s.swapcase() if s.swapcase() != s else None),
    PerturbationClass("leading-space", "a SPACE before it", "trimming before a comparison", lambda s: " " + s),
    PerturbationClass("trailing-space", "a SPACE after it", "trimming before a comparison", lambda s: s + " "),
    PerturbationClass("no-break-space-around", "U+00A0 NO-BREAK SPACE on both sides",
                      "Unicode-aware trimming (Zs)", lambda s: "\u00a0" + s + "\u00a0"),
    PerturbationClass("line-feed-appended", "a LINE FEED after it", "line-oriented reading that drops the newline",
                      lambda s: s + "\n"),
    PerturbationClass("zero-width-space-inside", "U+200B ZERO WIDTH SPACE in the middle",
                      "stripping invisible characters (U+200B is Cf, not White_Space)", lambda s: _middle(s, "\u200b")),
    PerturbationClass("zero-width-joiner-inside", "U+200D ZERO WIDTH JOINER in the middle",
                      "stripping invisible characters (Cf)", lambda s: _middle(s, "\u200d")),
    PerturbationClass("byte-order-mark-before", "U+FEFF before it", "dropping a byte order mark inside a string",
                      lambda s: "\ufeff" + s),
    PerturbationClass("fullwidth-character", "its first ASCII letter or digit in fullwidth form",
                      "NFKC normalisation (Unicode Standard Annex 15) before a comparison", _fullwidth),
    PerturbationClass("ligature", "fi written as U+FB01 LATIN SMALL LIGATURE FI",
                      "NFKC normalisation (Unicode Standard Annex 15) before a comparison",
                      lambda s: s.replace("fi", "\ufb01", 1) if "fi" in s else None),
    PerturbationClass("decomposed", "in Unicode normalisation form D",
                      "canonical equivalence (NFC/NFD) where the rule compares code points",
                      lambda s: unicodedata.normalize("NFD", s) if unicodedata.normalize("NFD", s) != s else None),
    PerturbationClass("nul-appended", "U+0000 after it", "C strings that end at NUL (RFC 8259 §7 allows \\u0000)",
                      lambda s: s + "\u0000"),
    PerturbationClass("nul-inside", "U+0000 in the middle", "C strings that end at NUL (RFC 8259 §7 allows \\u0000)",
                      lambda s: _middle(s, "\u0000")),
    PerturbationClass("empty", "the empty string", "an empty string read as absent, or as present",
                      lambda s: "" if s else None),
)
CLASS_NAMES = tuple(c.name for c in STRING_CLASSES)

_ZERO = PerturbationClass("zero", "0", "a zero read as absent, or as never (a falsy test)",
                          lambda n: 0 if n != 0 else None)
_NEGATED = PerturbationClass("negated", "its negation", "an absolute value, or an unsigned reading",
                             lambda n: -n if n != 0 else None)

# Numbers compared by their exact value (an error code, a subcode): the schema types them integers, so the classes
# keep them integers (a fraction is no input of the family; fractions are NumericDates' classes).
NUMBER_CLASSES: tuple[PerturbationClass, ...] = (
    _ZERO,
    _NEGATED,
    PerturbationClass("plus-one", "1 added", "a comparison with a neighbour (an off-by-one range)", lambda n: n + 1),
    PerturbationClass("plus-2-32", "2^32 added", "a 32-bit integer that wraps",
                      lambda n: n + 2 ** 32),
)

# NumericDates (RFC 7519 §2: seconds since the epoch, fractions allowed), ordered against a time by a rule: a family
# gives a base at its rule's boundary, so that a half second either side decides.
NUMERICDATE_CLASSES: tuple[PerturbationClass, ...] = (
    PerturbationClass("half-second-earlier", "0.5 subtracted", "fractions of seconds truncated or rounded",
                      lambda t: t - 0.5),
    PerturbationClass("half-second-later", "0.5 added", "fractions of seconds truncated or rounded",
                      lambda t: t + 0.5),
    PerturbationClass("one-second-earlier", "1 subtracted", "a strict comparison made inclusive, or the reverse",
                      lambda t: t - 1),
    PerturbationClass("one-second-later", "1 added", "a strict comparison made inclusive, or the reverse",
                      lambda t: t + 1),
    PerturbationClass("milliseconds", "1000 times over (milliseconds)",
                      "a time in milliseconds where seconds are meant (JavaScript's Date.now())",
                      lambda t: t * 1000 if t != 0 else None),
    _ZERO,
    _NEGATED,
    PerturbationClass("plus-2-31", "2^31 added", "a 32-bit signed time that wraps negative after 2038",
                      lambda t: t + 2 ** 31),
    # No 2^64 class: the runner holds an input's numbers as binary64 and writes them back in their shortest form, so
    # a date past 2^53 would reach an adapter as another integer; a claim past int64 is the numbers groups' (D14, D62).
)


# Sets (a list its rule reads as a set: order and repetition are no part of its value): the ways a reader loses items.
SET_CLASSES: tuple[PerturbationClass, ...] = (
    PerturbationClass("no-items", "no item at all", "an empty list read as absent, or as holding everything",
                      lambda items: [] if items else None),
    PerturbationClass("first-item-only", "its first item only", "a list read by its first item",
                      lambda items: items[:1] if len(items) > 1 else None),
    PerturbationClass("first-item-dropped", "without its first item", "an off-by-one that skips the first item",
                      lambda items: items[1:] if len(items) > 1 else None),
)

# Ordered arrays (each item read in turn: where the order decides, the first match wins): the schema holds at least
# one item, so every class keeps one.
ARRAY_CLASSES: tuple[PerturbationClass, ...] = (
    SET_CLASSES[1],
    SET_CLASSES[2],
    PerturbationClass("reversed", "its items in reverse order", "an order read where it decides, or ignored",
                      lambda items: items[::-1] if len(items) > 1 and items[::-1] != items else None),
    PerturbationClass("first-item-repeated", "its first item again at the end",
                      "a repeated item read twice, or the last one winning",
                      lambda items: items + items[:1] if items else None),
)

# Objects read whole (a document: its members are data, each read by name where a rule reads it).
OBJECT_CLASSES: tuple[PerturbationClass, ...] = (
    PerturbationClass("member-added", "a member no rule reads added (\"x_unread\": \"x\")",
                      "a closed reading of an open document",
                      lambda members: {**members, "x_unread": "x"}),
    PerturbationClass("no-members", "no member at all", "an empty object read as absent, or as valid",
                      lambda members: {} if members else None),
    # No class reorders members: an object's members reach an implementation without an order (the runner holds
    # them by name, RFC 8259 §4: an object is unordered).
)


@dataclass(frozen=True)
class Kind:
    """A kind of field: the comparison it is read by (Vectors/schema/fields.json) and its classes."""
    name: str
    what: str
    classes: tuple[PerturbationClass, ...]
    keep: Callable[[dict], bool]  # an exported field (or alternative) of this kind


_STRING_COMPARISONS = ("exact", "verbatim")

KINDS: dict[str, Kind] = {kind.name: kind for kind in (
    Kind("string", "a string kept or compared exactly", STRING_CLASSES, lambda value: (
        "string" in value.get("type", ()) and "enum" not in value and "const" not in value
        and (value.get("compare") in _STRING_COMPARISONS
             or value.get("canonicalisation") == "canonical-equivalence"))),
    Kind("number", "a number compared by its exact value", NUMBER_CLASSES, lambda value: (
        value.get("compare") == "number" and "const" not in value
        and bool({"integer", "number"} & set(value.get("type", ()))))),
    Kind("numericdate", "a NumericDate ordered against a time", NUMERICDATE_CLASSES,
         lambda value: value.get("compare") == "numericdate"),
    Kind("set", "a list read as a set", SET_CLASSES, lambda value: value.get("canonicalisation") == "set"),
    Kind("array", "an array read item by item, in order", ARRAY_CLASSES, lambda value: value.get("compare") == "array"),
    Kind("object", "an object read whole", OBJECT_CLASSES, lambda value: value.get("compare") == "object-whole"),
)}
for _kind in KINDS.values():
    if len({c.name for c in _kind.classes}) != len(_kind.classes):
        raise ValueError(f"kind {_kind.name}: two classes with one name")


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
    get: Optional[Callable[[Any], Any]] = None                # draft -> the field's value
    put: Optional[Callable[[Any, Any], Any]] = None           # (draft, value) -> the draft with the value
    render: Optional[Callable[[Any], dict]] = None            # draft -> the input
    covers: Optional[str] = None                              # the SHAPE path it perturbs (perturbable_paths);
                                                              # `name` by default
    kind: str = "string"                                      # a key of KINDS

    def value(self) -> Any:
        return self.get(self.base) if self.get else self.base[self.name]

    def made(self, value: Any) -> dict:
        draft = self.put(self.base, value) if self.put else {**self.base, self.name: value}
        return self.render(draft) if self.render else draft

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"{self.family}.{self.name}: unknown kind {self.kind!r} (one of {sorted(KINDS)})")
        unknown = sorted(set(self.irrelevant) - {c.name for c in self.classes})
        if unknown:
            raise ValueError(f"{self.family}.{self.name}: unknown classes {unknown} of kind {self.kind}")

    @property
    def classes(self) -> tuple[PerturbationClass, ...]:
        return KINDS[self.kind].classes

    @property
    def path(self) -> str:
        return self.covers or self.name


@dataclass(frozen=True)
class Cell:
    """One field × class: its vectors (new or already in the family), or the rule that makes it irrelevant."""
    field: PerturbedField
    cls: PerturbationClass
    vectors: tuple[str, ...] = ()
    irrelevant: Optional[str] = None
    outside: Optional[str] = None
    undecided: Mapping[str, str] = dataclasses.field(default_factory=dict)  # profile -> why its sources do not decide


@dataclass(frozen=True)
class Perturbed:
    """A family's table: its cells, and the fields of its shape left unperturbed, with why."""
    cells: list[Cell]
    unperturbed: Mapping[str, str]


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
    return _paths(fields, KINDS["string"].keep)


def perturbable_paths(fields: list[dict]) -> dict[str, str]:
    """Every field of a catalogued kind (_paths' notation) -> its kind; a path of several kinds (alternatives) is
    listed under the first."""
    out: dict[str, str] = {}
    for kind in KINDS.values():
        for path in _paths(fields, kind.keep):
            out.setdefault(path, kind.name)
    return out




def input_paths(fields: list[dict]) -> list[str]:
    """Every path of a family's exported input shape (_paths' notation)."""
    return _paths(fields, lambda value: True)


def check_coverage(family: str, fields: tuple[PerturbedField, ...], paths: Mapping[str, str] | Iterable[str],
                   unperturbed: Mapping[str, str], declared: Optional[list[str]] = None) -> None:
    """Every perturbable path of the shape (`paths`: path -> kind) perturbed by a field of its kind or left with why;
    a field covers a declared path (`declared`: every input path; a value inside a document read whole, such as a
    claim, covers the document, whatever its kind), UNPERTURBED names perturbable paths only."""
    if not isinstance(paths, Mapping):
        paths = {path: "string" for path in paths}
    covered = {f.path for f in fields}
    unknown = sorted((covered - set(declared if declared is not None else paths)) | (set(unperturbed) - set(paths)))
    if unknown:
        raise ValueError(f"{family}: perturbations name fields its shape does not declare (as perturbable fields, for "
                         f"UNPERTURBED): {unknown} (its perturbable fields: {dict(paths)})")
    # A value of any kind inside a document (a claim in the claims' JSON text, a member of an object read whole) may
    # name the document as the path it perturbs.
    mismatched = sorted(f"{f.path} ({f.kind}, declared {paths[f.path]})" for f in fields
                        if f.path in paths and f.kind != paths[f.path] and paths[f.path] not in ("string", "object"))
    if mismatched:
        raise ValueError(f"{family}: perturbations of another kind than their field's: {mismatched}")
    both = sorted(covered & set(unperturbed))
    if both:
        raise ValueError(f"{family}: {both} are both perturbed and in UNPERTURBED")
    # A string path (a JSON text) is covered by a value of any kind inside it; any other by a field of its kind (the
    # object's own classes apply to an object whose members are perturbed too).
    of_kind = {(f.path, f.kind) for f in fields}
    missing = [f"{p} ({kind})" for p, kind in paths.items()
               if p not in unperturbed and not (p in covered if kind == "string" else (p, kind) in of_kind)]
    if missing:
        raise ValueError(f"{family}: fields neither perturbed nor in UNPERTURBED (with why): {missing}")
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
        for cls in f.classes:
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
            readings = {p: f.reading(made_input, p) for p in READINGS}
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


def _vectors(f: PerturbedField, cls: PerturbationClass, made_input: dict, inside: dict[str, Any],
             by_input: dict[tuple[str, str], dict], made: list[dict]) -> tuple[str, ...]:
    """The vectors of a cell under the profiles whose reading takes the value as an input (`inside`)."""
    name = re.sub(r'(?<=[a-z0-9])(?=[A-Z])', '-', f.name).lower().replace('_', '-')
    return cell_vectors(f"{f.family}.{f.name} {cls.name}", f"{f.family}::{GROUP}::{name}.{cls.name}",
                        f"the {f.name} {json.dumps(f.value())} with {cls.what} ({cls.why})", f.severity,
                        list(f.refs), made_input, readings_of(inside), by_input, made)


def table(declared: list[tuple[str, Perturbed]]) -> str:
    """docs/generated/perturbations.md."""
    lines = [
        "# Perturbations",
        "",
        "Generated by `Scripts/vectors/generate_vectors.py` from each family's `PERTURBATIONS` and `UNPERTURBED`",
        "(Scripts/vectorgen/perturbation.py); `--check` reports it when stale. Every class of the catalogue is applied",
        "to every declared field: each cell names its vectors (made from the field's rule, or already in the family",
        "with the same input and outcome), the rule that makes the class irrelevant, or the rule that puts the",
        "perturbed value outside the family's inputs; a reading whose sources do not decide a cell says why. No cell",
        "is empty. Every field of a catalogued kind in a family's shape (Vectors/schema/fields.json: exact or verbatim",
        "strings, numbers compared by value, NumericDates, sets, arrays, objects read whole) is perturbed or listed",
        "under its family with why.",
        "",
    ]
    for catalogued in KINDS.values():
        lines += [f"## Kind `{catalogued.name}`: {catalogued.what}", "",
                  "| class | what it does | the mistake it catches |", "| --- | --- | --- |",
                  *[f"| `{c.name}` | {c.what} | {c.why} |" for c in catalogued.classes], ""]
    lines += ["# Families", ""]
    for family, perturbed in declared:
        cells = perturbed.cells
        irrelevant = sum(1 for c in cells if c.irrelevant)
        outside = sum(1 for c in cells if c.outside and not c.vectors)
        share = f"{100 * irrelevant / len(cells):.0f}%" if cells else "0%"
        lines += [f"## {family}", "",
                  f"{len(cells)} cells, {irrelevant} irrelevant ({share}), {outside} outside the family's inputs.", ""]
        fields = list(dict.fromkeys((c.field.name, c.field.kind) for c in cells))
        for name, kind in fields:
            path = next(c.field.path for c in cells if (c.field.name, c.field.kind) == (name, kind))
            heading = f"### `{name}`, {kind}" + (f" (in `{path}`)" if path != name else "")
            lines += [heading, "", "| class | vectors, or the rule that makes it irrelevant |", "| --- | --- |"]
            for cell in (c for c in cells if (c.field.name, c.field.kind) == (name, kind)):
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
            lines += ["Fields not perturbed:", "", "| field | why |", "| --- | --- |"]
            lines += [f"| `{path}` | {why} |" for path, why in perturbed.unperturbed.items()]
            lines.append("")
    return "\n".join(lines)
