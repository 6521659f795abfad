"""The declarative vocabulary a family module describes its vectors' shape with: the truth the family's JSON Schema
(Vectors/schema/<family>.schema.json) and the field catalogue (Vectors/schema/fields.json) are generated from.

Each family module declares `SHAPE = Family(...)`: the title of its schema, the fields of its `input`, the variants of
its `expected` outcome (one `Shape` per `result`; the variant carrying a `reason` takes its enum from the module's
REASONS) and the cross-field constraints its schema carries, kept as small JSON Schema fragments with their comment
(`Constraint`). A field has a name, whether it is required, a `Value`: its JSON type(s), how the family's rules treat
it (its comparison kind, `Compare`), its description, an enum or const, the nested shape of an object or an array,
and the few JSON Schema keywords (minLength, pattern, ...) that do not need a word of their own.

`render_schema(family, shape, reasons)` writes the family's schema; `export_family(shape, reasons)` the field
catalogue entry; `problems(value, document)` checks a document against a declaration directly (the tests use it to
hold the declarations to the vectors). Standard library only.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Optional

from .common import READINGS, profiles_reading

JSONType = Literal["string", "integer", "number", "boolean", "object", "array", "null"]
JSON_TYPES: tuple[str, ...] = ("string", "integer", "number", "boolean", "object", "array", "null")

# ------------------------------------------------------------------------------------------------------------------
# Comparison kinds: how a family's rules treat a value (an input the rules read, or an outcome member the judge
# compares with the implementation's answer). A closed set: `Compare` refuses any other kind. Derived from
# SPECIFICATION.md and Vectors/README.md ("Strings are compared exactly, code point by code point", "Numbers compare
# by value", "Permission lists are sets").
# ------------------------------------------------------------------------------------------------------------------

COMPARISONS: dict[str, str] = {
    "exact": "a string read and compared code point for code point: no trimming, case folding, Unicode "
             "normalisation or decoding; a boolean is the same literal",
    "verbatim": "kept and returned (or verified) exactly as given: the implementation must not re-serialise, "
                "normalise or rebuild it; an answer carrying it is compared code point for code point",
    "canonical": "compared after the canonicalisation the field names (`canonicalisation`, one of CANONICALISATIONS), "
                 "never as the raw text",
    "number": "a JSON number compared by its exact decimal value: 1, 1.0 and 1E0 are equal; no rounding, wrapping or "
              "saturation",
    "numericdate": "seconds since the epoch (RFC 7519 NumericDate), a JSON number: compared by exact value and ordered "
                   "against the vector's now as the rule says (< or <=); fractions count",
    "enum": "one value of a closed vocabulary (the enum or const the field declares), compared exactly",
    "members": "an object of declared fields, each read and compared by its own kind; a closed object refuses other "
               "members, an open one ignores them",
    "object-whole": "an object read as a whole document: its members are data, not declared fields (a JSON payload, a "
                    "parameter map); compared as JSON values (strings exact, numbers by value)",
    "array": "an ordered list, compared element by element in order, each by the kind of its items",
    "key-material": "published keys (JWKs, PEM certificates): the rules look a key up and verify a signature with it; "
                    "never compared",
    "opaque": "passed to the implementation so that it can be called, read by no rule of the family and not compared",
}

# The canonicalisations a `canonical` field may name.
CANONICALISATIONS: dict[str, str] = {
    "set": "a list read as a set: order and repeats do not matter, each item compared by the item's kind (the files "
           "list sets sorted and unique)",
    "comma-list": "a comma-separated list of exact items in any order, each item as often as expected (no empty item)",
    "json-members": "the text of a JSON object, parsed: every member of the expected object is in the actual one with "
                    "an equal value; other members are allowed",
    "canonical-equivalence": "Unicode canonical equivalence (Swift ==): an NFC and an NFD spelling of a string are equal",
}



@dataclass(frozen=True)
class Compare:
    """A comparison kind, with the canonicalisation a `canonical` kind names."""
    kind: str
    canonicalisation: Optional[str] = None

    def __post_init__(self) -> None:
        if self.kind not in COMPARISONS:
            raise ValueError(f"unknown comparison kind {self.kind!r}: one of {sorted(COMPARISONS)}")
        if (self.kind == "canonical") != (self.canonicalisation is not None):
            raise ValueError("a canonical comparison names its canonicalisation, and no other kind does")
        if self.canonicalisation is not None and self.canonicalisation not in CANONICALISATIONS:
            raise ValueError(f"unknown canonicalisation {self.canonicalisation!r}")

    def export(self) -> dict[str, str]:
        out = {"compare": self.kind}
        if self.canonicalisation is not None:
            out["canonicalisation"] = self.canonicalisation
        return out


EXACT = Compare("exact")
VERBATIM = Compare("verbatim")
SET = Compare("canonical", "set")
COMMA_LIST = Compare("canonical", "comma-list")
JSON_MEMBERS = Compare("canonical", "json-members")
CANONICAL_EQUIVALENCE = Compare("canonical", "canonical-equivalence")
NUMBER = Compare("number")
NUMERICDATE = Compare("numericdate")
ENUM = Compare("enum")
MEMBERS = Compare("members")
OBJECT_WHOLE = Compare("object-whole")
ARRAY = Compare("array")
KEY_MATERIAL = Compare("key-material")
OPAQUE = Compare("opaque")

ABSENT: Any = object()  # "no const declared" (None is a const: JSON null)


@dataclass(frozen=True)
class Constraint:
    """A cross-field constraint the member-by-member declaration cannot say (which reason goes with which input, a
    member required only with another): a small JSON Schema fragment, rendered as one item of the object's allOf
    with its comment as $comment."""
    schema: Mapping[str, Any]
    comment: Optional[str] = None

    def render(self) -> dict[str, Any]:
        out: dict[str, Any] = {"$comment": self.comment} if self.comment else {}
        out.update(self.schema)
        return out


@dataclass(frozen=True)
class Value:
    """What a field (or an array's item, a map's member value, an alternative) holds."""
    type: tuple[str, ...]
    compare: Compare
    description: Optional[str] = None
    compare_under: Mapping[str, Compare] = field(default_factory=dict)  # profile -> its kind, where it differs
    enum: Optional[tuple[Any, ...]] = None
    const: Any = ABSENT
    shape: Optional["Shape"] = None                 # an object's members
    items: Optional["Value"] = None                 # an array's elements
    one_of: tuple["Value", ...] = ()                # alternatives: the value matches exactly one
    keywords: Mapping[str, Any] = field(default_factory=dict)  # other JSON Schema assertions (minLength, pattern, ...)
    ref: Optional[str] = None                       # a shared definition of common.schema.json (COMMON)
    define: Optional[str] = None                    # rendered once under $defs/<define> and referenced
    home: Optional[str] = None                      # the family whose schema holds `define` (another: a cross-file $ref)

    def __post_init__(self) -> None:
        if not self.type or any(t not in JSON_TYPES for t in self.type) or len(set(self.type)) != len(self.type):
            raise ValueError(f"bad JSON types {self.type!r}")
        if any(p not in READINGS for p in self.compare_under):
            raise ValueError(f"compare_under names an unknown profile: {sorted(self.compare_under)}")
        if self.description is not None and ("\n" in self.description or not self.description):
            raise ValueError("a description is one non-empty line")
        if self.shape is not None and "object" not in self.type:
            raise ValueError("only an object has a shape")
        if self.items is not None and "array" not in self.type:
            raise ValueError("only an array has items")
        if self.one_of and (self.shape or self.items or self.enum is not None or self.const is not ABSENT):
            raise ValueError("alternatives carry their own shape, items, enum and const")
        if len(self.type) > 1 and not self.one_of and self.shape is not None and self.shape.constraints:
            # A constraint is not specific to one JSON type (a `not` matches null too): declare the alternatives.
            raise ValueError("a union whose object carries constraints is declared with one_of")
        if self.home is not None and self.define is None:
            raise ValueError("only a defined value has a home")


@dataclass(frozen=True)
class Field:
    """A named member of an object."""
    name: str
    value: Value
    required: bool = True
    description: Optional[str] = None  # at the field: a defined value keeps its own description in $defs

    def __post_init__(self) -> None:
        if self.description is not None and self.value.description is not None and self.value.define is None:
            raise ValueError(f"{self.name}: a description at the field or in the value, not both")
        if self.description is not None and ("\n" in self.description or not self.description):
            raise ValueError(f"{self.name}: a description is one non-empty line")

    @property
    def text(self) -> Optional[str]:
        return self.description if self.description is not None else self.value.description


@dataclass(frozen=True)
class Shape:
    """An object's members: closed (no other member) unless `open`, or a map whose every other member's value is
    `values` (and whose names are `names`)."""
    fields: tuple[Field, ...] = ()
    open: bool = False
    values: Optional[Value] = None
    names: Optional[Value] = None
    constraints: tuple[Constraint, ...] = ()
    comment: Optional[str] = None

    def __post_init__(self) -> None:
        names = [f.name for f in self.fields]
        if len(set(names)) != len(names):
            raise ValueError(f"a member declared twice in {names}")
        if self.open and self.values is not None:
            raise ValueError("an open object has no declared member values")

    def get(self, name: str) -> Optional[Field]:
        return next((f for f in self.fields if f.name == name), None)


@dataclass(frozen=True)
class Family:
    """A family's declared shape: its schema's title, its input, its outcome variants (each a Shape whose `result`
    field is a const), and the constraints between a vector's input and its expected outcome."""
    title: str
    input: Shape
    outcomes: tuple[Shape, ...]
    input_description: Optional[str] = None
    reasons_description: Optional[str] = None
    vector_constraints: tuple[Constraint, ...] = ()

    def __post_init__(self) -> None:
        results = [result_of(outcome) for outcome in self.outcomes]
        if not results or len(set(results)) != len(results):
            raise ValueError(f"outcome variants need distinct results, got {results}")


def result_of(outcome: Shape) -> str:
    result = outcome.get("result")
    if result is None or result.value.const is ABSENT or not result.required:
        raise ValueError("an outcome variant has a required `result` const")
    return result.value.const


# ------------------------------------------------------------------------------------------------------------------
# Constructors: what the family modules write.
# ------------------------------------------------------------------------------------------------------------------

def _types_of(values: tuple[Any, ...]) -> tuple[str, ...]:
    """The JSON types of enum or const values, each once (a float is a number, even 1.0)."""
    return tuple(dict.fromkeys("number" if isinstance(v, float) else json_type(v) for v in values))


def string(compare: Compare = EXACT, *, description: Optional[str] = None,
           compare_under: Optional[Mapping[str, Compare]] = None, **keywords: Any) -> Value:
    return Value(("string",), compare, description, compare_under=compare_under or {}, keywords=keywords)


def number(compare: Compare = NUMBER, *, description: Optional[str] = None, **keywords: Any) -> Value:
    return Value(("number",), compare, description, keywords=keywords)


def integer(compare: Compare = NUMBER, *, description: Optional[str] = None, **keywords: Any) -> Value:
    return Value(("integer",), compare, description, keywords=keywords)


def boolean(compare: Compare = EXACT, *, description: Optional[str] = None) -> Value:
    return Value(("boolean",), compare, description)


NULL = Value(("null",), EXACT)


def nullable(value: Value, *, description: Optional[str] = None) -> Value:
    """`value` or JSON null. A plain value takes "null" into its types (its keywords are specific to its own type,
    so null passes them); a defined, shared, enum or constrained one becomes the alternatives [value, null]."""
    if value.ref or value.define or value.enum is not None or value.const is not ABSENT or value.one_of or (
            value.shape is not None and value.shape.constraints):
        return one_of(value, NULL, description=description, compare=value.compare)
    return dataclasses.replace(value, type=value.type + ("null",),
                               description=description if description is not None else value.description)


def enum(values: Any, *, description: Optional[str] = None, compare: Compare = ENUM) -> Value:
    values = tuple(values)
    return Value(_types_of(values), compare, description, enum=values)


def const(value: Any, *, description: Optional[str] = None, compare: Compare = ENUM) -> Value:
    return Value(_types_of((value,)), compare, description, const=value)


def array(items: Value, compare: Compare = ARRAY, *, description: Optional[str] = None, **keywords: Any) -> Value:
    return Value(("array",), compare, description, items=items, keywords=keywords)


def obj(*fields: Field, compare: Compare = MEMBERS, description: Optional[str] = None, open: bool = False,
        constraints: tuple[Constraint, ...] = (), comment: Optional[str] = None, **keywords: Any) -> Value:
    return Value(("object",), compare, description,
                 shape=Shape(tuple(fields), open=open, constraints=constraints, comment=comment), keywords=keywords)


def mapping(values: Value, *, names: Optional[Value] = None, compare: Compare = OBJECT_WHOLE,
            description: Optional[str] = None, **keywords: Any) -> Value:
    """An object used as a map: any member name (or those `names` allows), each value `values`."""
    return Value(("object",), compare, description, shape=Shape(values=values, names=names), keywords=keywords)


def document(*, compare: Compare = OBJECT_WHOLE, description: Optional[str] = None, **keywords: Any) -> Value:
    """Any JSON object, its members undeclared."""
    return Value(("object",), compare, description, shape=Shape(open=True), keywords=keywords)


def one_of(*values: Value, description: Optional[str] = None, compare: Optional[Compare] = None) -> Value:
    types = tuple(dict.fromkeys(t for v in values for t in v.type))
    return Value(types, compare or values[0].compare, description, one_of=tuple(values))


def defined(name: str, value: Value, *, home: Optional[str] = None) -> Value:
    """`value`, rendered once under $defs/<name> (in `home`'s schema when another family's) and referenced."""
    return dataclasses.replace(value, define=name, home=home)


def fld(name: str, value: Value, *, optional: bool = False, description: Optional[str] = None) -> Field:
    return Field(name, value, required=not optional, description=description)


def result(name: str) -> Field:
    return fld("result", const(name))


def reason(reasons: Mapping[str, str]) -> Field:
    """The `reason` of a refusing variant: one of the module's REASONS, never retyped."""
    return fld("reason", enum(reasons))


def outcome(name: str, *fields: Field, constraints: tuple[Constraint, ...] = (), comment: Optional[str] = None) -> Shape:
    """One variant of `expected`: {"result": name, ...fields}."""
    return Shape((result(name),) + fields, constraints=constraints, comment=comment)


def closed(*fields: Field, constraints: tuple[Constraint, ...] = ()) -> Shape:
    return Shape(tuple(fields), constraints=constraints)


# The shared definitions of Vectors/schema/common.schema.json (hand-written: it also holds the vector envelope, the
# ID, refs and rules grammar, which are not a family's fields). What each is, for fields.json and problems();
# Scripts/tests/test_shape.py checks these against common.schema.json.
COMMON: dict[str, Value] = {
    "epochSeconds": Value(("number",), NUMERICDATE),
    "permissionList": Value(("array",), SET, "A set of permissions, listed sorted and unique.",
                            items=Value(("string",), EXACT), keywords={"uniqueItems": True}),
    "stringMap": Value(("object",), OBJECT_WHOLE, shape=Shape(values=Value(("string",), EXACT))),
}
COMMON_SCHEMA = "common.schema.json"


def common(name: str, *, description: Optional[str] = None, items: Optional[Value] = None,
           **keywords: Any) -> Value:
    """A shared definition of common.schema.json, plus local assertions (a pattern on a permission list's items)."""
    base = COMMON[name]
    return dataclasses.replace(base, ref=name, description=description, items=items or base.items, keywords=keywords)


EPOCH_SECONDS = common("epochSeconds")
PERMISSIONS = common("permissionList")


# ------------------------------------------------------------------------------------------------------------------
# Rendering the schema.
# ------------------------------------------------------------------------------------------------------------------

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
VECTOR_MEMBERS = ("id", "description", "severity", "profiles", "refs", "rules", "input", "expected", "alsoAccepted")
VECTOR_REQUIRED = ("id", "description", "severity", "refs", "rules", "input", "expected")


class _Renderer:
    def __init__(self, family: str) -> None:
        self.family = family
        self.defs: dict[str, dict[str, Any]] = {}
        self.defined: dict[str, Value] = {}

    def ref(self, value: Value) -> dict[str, Any]:
        """The schema of a value at the place it is used."""
        if value.ref is not None:
            out: dict[str, Any] = {"$ref": f"{COMMON_SCHEMA}#/$defs/{value.ref}"}
            if value.description is not None:
                out["description"] = value.description
            if value.items is not COMMON[value.ref].items:
                assert value.items is not None  # common() keeps the definition's items unless given others
                out["items"] = self.ref(value.items)
            out.update(value.keywords)
            return out
        if value.define is None:
            return self.body(value)
        if value.home not in (None, self.family):
            return {"$ref": f"{value.home}.schema.json#/$defs/{value.define}"}
        known = self.defined.get(value.define)
        if known is None:
            self.defined[value.define] = value
            self.defs[value.define] = {}  # reserve its place (first use) before rendering its body
            self.defs[value.define] = self.body(value)
        elif known != value:
            raise ValueError(f"{self.family}: two different values are defined as {value.define!r}")
        return {"$ref": f"#/$defs/{value.define}"}

    def field(self, f: Field) -> dict[str, Any]:
        out = self.ref(f.value)
        if f.description is None:
            return out
        if "$ref" in out:
            return {"$ref": out.pop("$ref"), "description": f.description, **out}
        return {"description": f.description, **out}

    def body(self, value: Value) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if value.description is not None:
            out["description"] = value.description
        if value.one_of:
            out["oneOf"] = [self.ref(v) for v in value.one_of]
            out.update(value.keywords)
            return out
        if value.const is not ABSENT:
            out["const"] = value.const
        elif value.enum is not None:
            out["enum"] = list(value.enum)
        else:
            out["type"] = value.type[0] if len(value.type) == 1 else list(value.type)
        if value.shape is not None:
            out.update(self.shape(value.shape))
        if value.items is not None:
            out["items"] = self.ref(value.items)
        out.update(value.keywords)
        return out

    def shape(self, shape: Shape) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if shape.comment is not None:
            out["$comment"] = shape.comment
        required = [f.name for f in shape.fields if f.required]
        if required:
            out["required"] = required
        if shape.names is not None:
            out["propertyNames"] = self.ref(shape.names)
        if shape.values is not None:
            out["additionalProperties"] = self.ref(shape.values)
        elif not shape.open:
            out["additionalProperties"] = False
        if shape.fields:
            out["properties"] = {f.name: self.field(f) for f in shape.fields}
        if shape.constraints:
            out["allOf"] = [c.render() for c in shape.constraints]
        return out

    def object(self, shape: Shape, description: Optional[str] = None) -> dict[str, Any]:
        out: dict[str, Any] = {"description": description} if description else {}
        return {**out, "type": "object", **self.shape(shape)}


def render_schema(family: str, shape: Family, reasons: Mapping[str, str]) -> dict[str, Any]:
    """The family's JSON Schema (draft 2020-12) from its declaration, its REASONS and common.schema.json."""
    for outcome_shape in shape.outcomes:
        declared = outcome_shape.get("reason")
        if declared is not None and tuple(declared.value.enum or ()) != tuple(reasons):
            raise ValueError(f"{family}: the reason enum is not the module's REASONS")
    if not re.fullmatch(r"[a-z][a-z0-9-]*", family):
        raise ValueError(f"bad family name {family!r}")  # it goes into the ID pattern unescaped
    r = _Renderer(family)
    common_ref = f"{COMMON_SCHEMA}#/$defs/"
    reasons_schema: dict[str, Any] = {"$ref": common_ref + "reasons"}
    if shape.reasons_description is not None:
        reasons_schema["description"] = shape.reasons_description
    reasons_schema["required"] = list(reasons)
    reasons_schema["propertyNames"] = {"enum": list(reasons)}
    vector: dict[str, Any] = {
        "type": "object",
        "additionalProperties": False,
        "required": list(VECTOR_REQUIRED),
        "properties": {
            "id": {"allOf": [{"$ref": common_ref + "id"}, {"pattern": f"^{family}::"}]},
            "description": {"$ref": common_ref + "description"},
            "severity": {"$ref": common_ref + "severity"},
            "profiles": {"$ref": common_ref + "profiles"},
            "refs": {"$ref": common_ref + "refs"},
            "rules": {"$ref": common_ref + "rules"},
            "input": {"$ref": "#/$defs/input"},
            "expected": {"$ref": "#/$defs/expected"},
            "alsoAccepted": {"$ref": common_ref + "alsoAccepted", "items": {"$ref": "#/$defs/expected"}},
        },
    }
    if shape.vector_constraints:
        vector["allOf"] = [c.render() for c in shape.vector_constraints]
    r.defs["vector"] = vector
    r.defs["input"] = r.object(shape.input, shape.input_description)
    if len(shape.outcomes) == 1:
        r.defs["expected"] = r.object(shape.outcomes[0])
    else:
        # Discriminated by `result`: an answer is checked against the variant its result names, so a problem is
        # reported at the member that has it (a oneOf would only say "no variant matched").
        results = [result_of(o) for o in shape.outcomes]
        r.defs["expected"] = {
            "type": "object",
            "required": ["result"],
            "properties": {"result": {"enum": results}},
            "allOf": [{"if": {"properties": {"result": {"const": name}}}, "then": {"$ref": f"#/$defs/{name}"}}
                      for name in results],
        }
        for name, o in zip(results, shape.outcomes):
            r.defs[name] = r.object(o)
    return {
        "$schema": SCHEMA_DIALECT,
        "$id": f"{family}.schema.json",
        "title": shape.title,
        "type": "object",
        "additionalProperties": False,
        "required": ["family", "formatVersion", "description", "reasons", "vectors"],
        "properties": {
            "family": {"const": family},
            "formatVersion": {"const": 1},
            "description": {"$ref": common_ref + "description"},
            "reasons": reasons_schema,
            "vectors": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/vector"}},
        },
        "$defs": r.defs,
    }


# ------------------------------------------------------------------------------------------------------------------
# The field catalogue (Vectors/schema/fields.json): the same declarations as plain data.
# ------------------------------------------------------------------------------------------------------------------

def export_value(value: Value) -> dict[str, Any]:
    base = COMMON[value.ref] if value.ref is not None else value
    out: dict[str, Any] = {"type": list(base.type), **value.compare.export()}
    if value.compare_under:
        out["compareUnder"] = {p: c.export() for reading, c in value.compare_under.items()
                               for p in profiles_reading([reading])}
    description = value.description if value.description is not None else base.description
    if description is not None:
        out["description"] = description
    if value.const is not ABSENT:
        out["const"] = value.const
    if value.enum is not None:
        out["enum"] = list(value.enum)
    shape = value.shape if value.shape is not None else base.shape
    if shape is not None:
        if shape.fields:
            out["fields"] = [export_field(f) for f in shape.fields]
        if shape.open:
            out["open"] = True
        if shape.values is not None:
            out["values"] = export_value(shape.values)
        if shape.names is not None:
            out["names"] = export_value(shape.names)
        if shape.comment is not None:
            out["comment"] = shape.comment
        if shape.constraints:
            out["constraints"] = [c.render() for c in shape.constraints]
    items = value.items if value.items is not None else base.items
    if items is not None:
        out["items"] = export_value(items)
    if value.one_of:
        out["oneOf"] = [export_value(v) for v in value.one_of]
    keywords = {**base.keywords, **value.keywords} if value.ref is not None else dict(value.keywords)
    if keywords:
        out["keywords"] = keywords
    return out


def export_field(f: Field) -> dict[str, Any]:
    out: dict[str, Any] = {"name": f.name, "required": f.required}
    out.update(export_value(f.value))
    if f.description is not None:
        out["description"] = f.description
    return out


def export_family(shape: Family, reasons: Mapping[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = {"input": [export_field(f) for f in shape.input.fields]}
    if shape.input.constraints:
        out["inputConstraints"] = [c.render() for c in shape.input.constraints]
    out["outcomes"] = []
    for o in shape.outcomes:
        variant: dict[str, Any] = {"result": result_of(o),
                                   "fields": [export_field(f) for f in o.fields if f.name != "result"]}
        if o.comment is not None:
            variant["comment"] = o.comment
        if o.constraints:
            variant["constraints"] = [c.render() for c in o.constraints]
        out["outcomes"].append(variant)
    if shape.vector_constraints:
        out["vectorConstraints"] = [c.render() for c in shape.vector_constraints]
    out["reasons"] = list(reasons)
    return out


# ------------------------------------------------------------------------------------------------------------------
# Checking a document against a declaration directly (types, required and undeclared members, enums, items,
# alternatives; not the keywords or the constraints, which the rendered schema checks).
# ------------------------------------------------------------------------------------------------------------------

def json_type(document: Any) -> str:
    if document is None:
        return "null"
    if isinstance(document, bool):
        return "boolean"
    if isinstance(document, int):
        return "integer"
    if isinstance(document, float):
        return "integer" if document.is_integer() else "number"
    if isinstance(document, str):
        return "string"
    if isinstance(document, list):
        return "array"
    if isinstance(document, dict):
        return "object"
    raise TypeError(f"not a JSON value: {document!r}")


def _has_type(document: Any, types: tuple[str, ...]) -> bool:
    t = json_type(document)
    return t in types or (t == "integer" and "number" in types)


def problems(value: Value, document: Any, path: str = "$") -> list[str]:
    """Where `document` does not have the declared shape, one line each (empty: it has)."""
    if value.ref is not None:
        value = dataclasses.replace(COMMON[value.ref], items=value.items or COMMON[value.ref].items)
    if value.one_of:
        fitting = [v for v in value.one_of if not problems(v, document, path)]
        return [] if len(fitting) == 1 else [f"{path}: matches {len(fitting)} of the {len(value.one_of)} alternatives"]
    if not _has_type(document, value.type):
        return [f"{path}: {json_type(document)}, declared {'|'.join(value.type)}"]
    if value.const is not ABSENT and document != value.const:
        return [f"{path}: {document!r}, declared const {value.const!r}"]
    if value.enum is not None and document not in value.enum:
        return [f"{path}: {document!r}, not in the declared enum"]
    out: list[str] = []
    if isinstance(document, dict) and value.shape is not None:
        out += shape_problems(value.shape, document, path)
    if isinstance(document, list) and value.items is not None:
        for i, item in enumerate(document):
            out += problems(value.items, item, f"{path}[{i}]")
    return out


def shape_problems(shape: Shape, document: Mapping[str, Any], path: str = "$") -> list[str]:
    out: list[str] = []
    for f in shape.fields:
        if f.name in document:
            out += problems(f.value, document[f.name], f"{path}.{f.name}")
        elif f.required:
            out.append(f"{path}: required member {f.name} missing")
    declared = {f.name for f in shape.fields}
    for name, member in document.items():
        if name in declared:
            continue
        if shape.names is not None:
            out += problems(shape.names, name, f"{path}.{name} (its name)")
        if shape.values is not None:
            out += problems(shape.values, member, f"{path}.{name}")
        elif not shape.open:
            out.append(f"{path}: undeclared member {name}")
    return out
