"""The field declarations (Scripts/vectorgen/shape.py, each family module's SHAPE) are the truth the family schemas
and Vectors/schema/fields.json are generated from: every family declares one, the declarations and the vectors agree
member for member and type for type, the committed schemas are what the declarations render, the comparison kinds
come from the closed set, and an edit to a declaration changes the generated schema (and --check says so).

Run: .venv/bin/python -m unittest discover -s Scripts/tests
"""

import dataclasses
import importlib
import json
import shutil
import subprocess
import sys
import tempfile
import unittest
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Scripts"))
sys.path.insert(0, str(ROOT / "Scripts" / "vectors"))

import generate_vectors  # noqa: E402
from vectorgen import shape  # noqa: E402

SCHEMAS = ROOT / "Vectors" / "schema"
MODULES = generate_vectors.family_modules()
MANIFEST = [entry["family"] for entry in
            json.loads((ROOT / "Vectors" / "manifest.json").read_text(encoding="utf-8"))["families"]]


def module(name: str) -> ModuleType:
    return importlib.import_module(f"vectorgen.{name}")


def vectors(family: str) -> list[dict[str, Any]]:
    return json.loads((ROOT / "Vectors" / f"{family}.json").read_text(encoding="utf-8"))["vectors"]


def outcomes(vector: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [vector["expected"], *vector.get("alsoAccepted", [])]


def declared_paths(value: shape.Value, path: str, family: str) -> set[str]:
    """Every member path a declaration names (`a.b`, `a[].b`; an alternative's members under the same path), not
    looking inside another family's definition (login-result's profile: the profile family's vectors cover it)."""
    if value.ref is not None:
        value = shape.COMMON[value.ref]
    if value.home not in (None, family):
        return set()
    out: set[str] = set()
    for alternative in value.one_of:
        out |= declared_paths(alternative, path, family)
    if value.shape is not None:
        for f in value.shape.fields:
            out.add(f"{path}.{f.name}")
            out |= declared_paths(f.value, f"{path}.{f.name}", family)
    if value.items is not None:
        out |= declared_paths(value.items, f"{path}[]", family)
    return out


def seen_paths(document: Any, path: str) -> set[str]:
    out: set[str] = set()
    if isinstance(document, dict):
        for name, member in document.items():
            out.add(f"{path}.{name}")
            out |= seen_paths(member, f"{path}.{name}")
    elif isinstance(document, list):
        for item in document:
            out |= seen_paths(item, f"{path}[]")
    return out


def all_values(value: shape.Value) -> Iterator[shape.Value]:
    yield value
    for alternative in value.one_of:
        yield from all_values(alternative)
    for inner in (value.items, value.shape.values if value.shape else None,
                  value.shape.names if value.shape else None):
        if inner is not None:
            yield from all_values(inner)
    for f in (value.shape.fields if value.shape else ()):
        yield from all_values(f.value)


def family_values(declaration: shape.Family) -> Iterator[shape.Value]:
    for root in (declaration.input, *declaration.outcomes):
        yield from all_values(shape.Value(("object",), shape.MEMBERS, shape=root))


class Declarations(unittest.TestCase):
    def test_the_families_are_the_manifests_in_its_order_and_each_declares_a_shape(self) -> None:
        self.assertEqual([module(name).FAMILY for name in MODULES], MANIFEST)
        for name in MODULES:
            with self.subTest(module=name):
                self.assertIsInstance(module(name).SHAPE, shape.Family)
                self.assertEqual(name, module(name).FAMILY.replace("-", "_"))

    def test_every_vector_has_the_declared_shape(self) -> None:
        """No undeclared member, every required one present, every value of a declared JSON type, every enum and
        const respected, in the input and in every outcome (expected and alsoAccepted), at every depth."""
        for name in MODULES:
            m = module(name)
            variants = {shape.result_of(o): o for o in m.SHAPE.outcomes}
            for v in vectors(m.FAMILY):
                with self.subTest(vector=v["id"]):
                    self.assertEqual(shape.shape_problems(m.SHAPE.input, v["input"], "$.input"), [])
                    for outcome in outcomes(v):
                        self.assertIn(outcome.get("result"), variants)
                        self.assertEqual(shape.shape_problems(variants[outcome["result"]], outcome, "$.expected"), [])

    def test_every_declared_field_and_variant_appears_in_some_vector(self) -> None:
        for name in MODULES:
            m = module(name)
            with self.subTest(family=m.FAMILY):
                documents = vectors(m.FAMILY)
                seen_input = set().union(*(seen_paths(v["input"], "input") for v in documents))
                declared_input = declared_paths(shape.Value(("object",), shape.MEMBERS, shape=m.SHAPE.input), "input",
                                                m.FAMILY)
                self.assertEqual(declared_input - seen_input, set())
                for variant in m.SHAPE.outcomes:
                    result = shape.result_of(variant)
                    answers = [o for v in documents for o in outcomes(v) if o["result"] == result]
                    self.assertTrue(answers, f"no vector expects result {result}")
                    seen = set().union(*(seen_paths(o, "expected") for o in answers))
                    declared = declared_paths(shape.Value(("object",), shape.MEMBERS, shape=variant), "expected",
                                              m.FAMILY)
                    self.assertEqual(declared - seen, set(), result)

    def test_the_comparison_kinds_are_the_closed_set(self) -> None:
        for name in MODULES:
            for value in family_values(module(name).SHAPE):
                for compare in (value.compare, *value.compare_under.values()):
                    self.assertIn(compare.kind, shape.COMPARISONS)
                    if compare.kind == "canonical":
                        self.assertIn(compare.canonicalisation, shape.CANONICALISATIONS)
        fields = json.loads((SCHEMAS / "fields.json").read_text(encoding="utf-8"))
        self.assertEqual(fields["comparisons"], shape.COMPARISONS)
        kinds: set[str] = set()

        def walk(node: Any) -> None:
            if isinstance(node, dict):
                if "compare" in node and isinstance(node["compare"], str):
                    kinds.add(node["compare"])
                for member in node.values():
                    walk(member)
            elif isinstance(node, list):
                for member in node:
                    walk(member)
        walk(fields["families"])
        self.assertLessEqual(kinds, set(shape.COMPARISONS))
        self.assertIn("exact", kinds)
        with self.assertRaises(ValueError):
            shape.Compare("roughly")
        with self.assertRaises(ValueError):
            shape.Compare("canonical")  # a canonical comparison names its canonicalisation

    def test_the_reason_enum_is_the_modules_reasons(self) -> None:
        for name in MODULES:
            m = module(name)
            schema = json.loads((SCHEMAS / f"{m.FAMILY}.schema.json").read_text(encoding="utf-8"))
            with self.subTest(family=m.FAMILY):
                self.assertEqual(schema["properties"]["reasons"]["propertyNames"]["enum"], list(m.REASONS))
                self.assertEqual(schema["properties"]["reasons"]["required"], list(m.REASONS))
                for variant in m.SHAPE.outcomes:
                    declared = variant.get("reason")
                    if declared is not None:
                        self.assertEqual(list(declared.value.enum), list(m.REASONS))

    def test_the_shared_definitions_are_common_schema_jsons(self) -> None:
        common = json.loads((SCHEMAS / "common.schema.json").read_text(encoding="utf-8"))["$defs"]
        self.assertEqual(common["epochSeconds"], {"type": "number"})
        self.assertEqual(common["permissionList"]["type"], "array")
        self.assertEqual(common["permissionList"]["items"], {"type": "string"})
        self.assertTrue(common["permissionList"]["uniqueItems"])
        self.assertEqual(common["stringMap"], {"type": "object", "additionalProperties": {"type": "string"}})
        self.assertEqual(set(shape.COMMON) - set(common), set())

    def test_the_committed_schemas_are_the_rendered_declarations(self) -> None:
        for name in MODULES:
            m = module(name)
            with self.subTest(family=m.FAMILY):
                rendered = generate_vectors.render_compact(shape.render_schema(m.FAMILY, m.SHAPE, m.REASONS))
                self.assertEqual((SCHEMAS / f"{m.FAMILY}.schema.json").read_text(encoding="utf-8"), rendered)
        fields = generate_vectors.render_compact(generate_vectors.build_fields(MODULES))
        self.assertEqual((SCHEMAS / "fields.json").read_text(encoding="utf-8"), fields)


class TheChecker(unittest.TestCase):
    """shape.problems is what holds the declarations to the vectors: it must see a wrong type, an undeclared
    member and a missing one."""

    def test_it_reports_what_differs(self) -> None:
        declaration = shape.obj(shape.fld("a", shape.string()), shape.fld("b", shape.nullable(shape.integer()),
                                                                           optional=True))
        self.assertEqual(shape.problems(declaration, {"a": "x", "b": None}), [])
        self.assertEqual(shape.problems(declaration, {"a": "x", "b": 2.0}), [])  # 2.0 is an integer in JSON
        self.assertEqual(len(shape.problems(declaration, {"a": 1})), 1)
        self.assertEqual(len(shape.problems(declaration, {"a": "x", "c": 1})), 1)
        self.assertEqual(len(shape.problems(declaration, {"b": 1})), 1)
        self.assertEqual(len(shape.problems(declaration, {"a": "x", "b": 1.5})), 1)


class EditingADeclaration(unittest.TestCase):
    def test_an_edit_changes_the_rendered_schema(self) -> None:
        m = module("nonce")
        edited = dataclasses.replace(m.SHAPE, input=shape.closed(
            shape.fld("nonce", shape.string(minLength=1))))
        before = shape.render_schema(m.FAMILY, m.SHAPE, m.REASONS)
        after = shape.render_schema(m.FAMILY, edited, m.REASONS)
        self.assertNotEqual(before, after)
        self.assertEqual(after["$defs"]["input"]["properties"]["nonce"], {"type": "string", "minLength": 1})

    def test_check_reports_a_schema_made_stale_by_an_edit(self) -> None:
        root = Path(tempfile.mkdtemp())
        try:
            generate_vectors.copy_layout(root)
            source = root / "Scripts" / "vectorgen" / "code_verifier.py"
            text = source.read_text(encoding="utf-8")
            declaration = 'fld("codeVerifier", string(description='
            self.assertIn(declaration, text)
            source.write_text(text.replace(declaration, 'fld("codeVerifier", string(maxLength=4096, description='),
                              encoding="utf-8")
            check = subprocess.run([sys.executable, str(root / "Scripts" / "vectors" / "generate_vectors.py"), "--check"],
                                   capture_output=True, text=True)
            self.assertEqual(check.returncode, 1, check.stdout + check.stderr)
            self.assertIn("differs from the generator's output: Vectors/schema/code-verifier.schema.json", check.stderr)
            self.assertIn("differs from the generator's output: Vectors/schema/fields.json", check.stderr)
            self.assertNotIn("differs from the generator's output: code-verifier.json", check.stderr)
        finally:
            shutil.rmtree(root)


if __name__ == "__main__":
    unittest.main()
