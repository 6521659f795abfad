"""The perturbation catalogue (Scripts/vectorgen/perturbation.py): every class of it is applied to every declared field,
a cell has vectors, the rule that makes it irrelevant or the rule that puts it outside the family (never none), a
vector already in the family with the same input is named rather than repeated (and a contradicting one is an error),
every field of a catalogued kind (strings, numbers, NumericDates) of a family's shape is perturbed by a field of its
kind or left with why, and the committed vectors are what the declarations generate.

Run: .venv/bin/python -m unittest discover -s Scripts/tests
"""

import importlib
import json
import sys
import unittest
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Scripts"))
sys.path.insert(0, str(ROOT / "Scripts" / "vectors"))

import generate_vectors  # noqa: E402
from vectorgen import perturbation  # noqa: E402
from vectorgen import shape  # noqa: E402
from vectorgen.perturbation import CLASS_NAMES, Outside, PerturbedField, Undecided  # noqa: E402

ACCEPTED, REFUSED = {"result": "valid"}, {"result": "invalid", "reason": "whitespace"}


def exact_reading(i: Mapping[str, Any], profile: str) -> tuple[dict[str, str], list[str]]:
    """A toy rule: refused when the value is not exactly 'fi-Toy-\u00e9'; the documented reading ignores U+200B."""
    value = i["value"]
    if profile == "documented":
        value = value.replace("\u200b", "")
    return (ACCEPTED if value == "fi-Toy-\u00e9" else REFUSED), ["toy.exact"]


def toy(base: str = "fi-Toy-\u00e9", reading: Callable[[Mapping[str, Any], str], object] = exact_reading,
        **more: Any) -> PerturbedField:
    return PerturbedField("toy", "value", {"value": base}, reading, ("SPECIFICATION.md §1",), **more)


class CatalogueTests(unittest.TestCase):
    def test_every_class_is_a_cell_of_every_field(self) -> None:
        made, cells = perturbation.build((toy(),), [])
        self.assertEqual([c.cls.name for c in cells], list(CLASS_NAMES))
        self.assertTrue(all(c.vectors for c in cells))
        self.assertEqual(len(made), sum(len(c.vectors) for c in cells))

    def test_readings_that_differ_split_by_profile(self) -> None:
        made, _ = perturbation.build((toy(),), [])
        ids = {v["id"]: v for v in made}
        self.assertEqual(ids["toy::perturbation::value.zero-width-space-inside.documented"]["expected"], ACCEPTED)
        self.assertEqual(ids["toy::perturbation::value.zero-width-space-inside.ios-sdk"]["expected"], REFUSED)
        self.assertNotIn("profiles", ids["toy::perturbation::value.case-flipped"])

    def test_a_class_that_cannot_change_the_value_needs_a_rule(self) -> None:
        with self.assertRaises(ValueError):
            perturbation.build((toy(base="TOY"),), [])  # no fi, nothing to decompose
        _, cells = perturbation.build((toy(base="TOY", irrelevant={"ligature": "toy.exact",
                                                                    "decomposed": "toy.exact"}),), [])
        self.assertEqual({c.cls.name: c.irrelevant for c in cells if c.irrelevant},
                         {"ligature": "toy.exact", "decomposed": "toy.exact"})

    def test_a_class_declared_irrelevant_that_changes_the_value_is_refused(self) -> None:
        with self.assertRaises(ValueError):
            perturbation.build((toy(irrelevant={"case-flipped": "toy.exact"}),), [])

    def test_an_existing_vector_is_named_and_a_contradicting_one_refused(self) -> None:
        existing = {"id": "toy::empty::empty", "input": {"value": ""}, "expected": REFUSED}
        made, cells = perturbation.build((toy(),), [existing])
        self.assertEqual(next(c for c in cells if c.cls.name == "empty").vectors, ("toy::empty::empty",))
        self.assertNotIn("toy::perturbation::value.empty", {v["id"] for v in made})
        with self.assertRaises(ValueError):
            perturbation.build((toy(),), [{**existing, "expected": ACCEPTED}])

    def test_a_value_outside_the_family_is_a_cell_with_its_rule(self) -> None:
        def reading(i: Mapping[str, Any], profile: str) -> Outside | tuple[dict[str, str], list[str]]:
            return Outside("toy.domain") if " " in i["value"] else exact_reading(i, profile)
        made, cells = perturbation.build((toy(reading=reading),), [])
        outside = {c.cls.name: c.outside for c in cells if c.outside}
        self.assertEqual(outside, {"leading-space": "toy.domain", "trailing-space": "toy.domain"})
        self.assertFalse(any("space." in v["id"] and "zero-width" not in v["id"] for v in made))

    def test_outside_under_one_profile_keeps_the_other_profiles_vector(self) -> None:
        def reading(i: Mapping[str, Any], profile: str) -> Outside | tuple[dict[str, str], list[str]]:
            return Outside("toy.domain") if profile == "ios-sdk" else exact_reading(i, profile)
        made, cells = perturbation.build((toy(reading=reading),), [])
        self.assertTrue(all(c.outside == "toy.domain" and c.vectors for c in cells))
        self.assertTrue(all(v["profiles"] == ["documented"] and v["id"].endswith(".documented") for v in made))

    def test_undecided_under_one_reading_says_why_and_keeps_the_other(self) -> None:
        def reading(i: Mapping[str, Any], profile: str) -> Undecided | tuple[dict[str, str], list[str]]:
            return Undecided("the documents are silent") if profile == "documented" else exact_reading(i, profile)
        made, cells = perturbation.build((toy(reading=reading),), [])
        self.assertTrue(all(c.undecided == {"documented": "the documents are silent"} and c.vectors for c in cells))
        self.assertTrue(all(v["profiles"] == ["ios-sdk"] for v in made))
        with self.assertRaises(ValueError):  # undecided everywhere: a cell with nothing
            perturbation.build((toy(reading=lambda i, profile: Undecided("silent")),), [])

    def test_outside_by_two_rules_is_refused(self) -> None:
        def reading(i: Mapping[str, Any], profile: str) -> Outside:
            return Outside(f"toy.domain.{profile}")
        with self.assertRaises(ValueError):
            perturbation.build((toy(reading=reading),), [])


def before_reading(i: Mapping[str, Any], profile: str) -> tuple[dict[str, str], list[str]]:
    """A toy NumericDate rule: valid when the value is later than 100, strictly."""
    return (ACCEPTED if i["value"] > 100 else REFUSED), ["toy.later"]


class KindTests(unittest.TestCase):
    def test_a_numericdate_field_gets_every_class_of_its_kind_and_its_rule_decides(self) -> None:
        field = PerturbedField("toy", "when", {"value": 100.5}, before_reading, ("SPECIFICATION.md §1",),
                               kind="numericdate", covers="value", get=lambda i: i["value"],
                               put=lambda i, v: {**i, "value": v})
        made, cells = perturbation.build((field,), [])
        self.assertEqual([c.cls.name for c in cells], [c.name for c in perturbation.NUMERICDATE_CLASSES])
        outcome = {v["input"]["value"]: v["expected"] for v in made}
        self.assertEqual(outcome[100.0], REFUSED)       # half a second earlier: at the bound, refused
        self.assertEqual(outcome[101.0], ACCEPTED)      # half a second later
        self.assertEqual(outcome[0], REFUSED)           # zero
        self.assertEqual(outcome[100500.0], ACCEPTED)   # milliseconds
        self.assertIn("toy::perturbation::when.half-second-earlier", [v["id"] for v in made])

    def test_lists_and_objects_get_their_kinds_classes(self) -> None:
        def holds_b(i: Mapping[str, Any], profile: str) -> tuple[dict[str, str], list[str]]:
            return (ACCEPTED if "b" in next(iter(i.values())) else REFUSED), ["toy.member"]
        made, cells = perturbation.build((PerturbedField("toy", "list", {"list": ["a", "b"]}, holds_b,
                                                         ("SPECIFICATION.md §1",), kind="set"),), [])
        self.assertEqual({c.cls.name for c in cells}, {"no-items", "first-item-only", "first-item-dropped"})
        self.assertEqual({json.dumps(v["input"]["list"]): v["expected"] for v in made},
                         {"[]": REFUSED, '["a"]': REFUSED, '["b"]': ACCEPTED})
        made, cells = perturbation.build((PerturbedField("toy", "map", {"map": {"b": 1}}, holds_b,
                                                         ("SPECIFICATION.md §1",), kind="object"),), [])
        self.assertEqual({v["id"]: v["expected"] for v in made},
                         {"toy::perturbation::map.member-added": ACCEPTED,
                          "toy::perturbation::map.no-members": REFUSED})
        made, cells = perturbation.build((PerturbedField("toy", "steps", {"steps": ["a", "b"]}, holds_b,
                                                         ("SPECIFICATION.md §1",), kind="array"),), [])
        self.assertIn(["b", "a"], [v["input"]["steps"] for v in made])       # reversed
        self.assertIn(["a", "b", "a"], [v["input"]["steps"] for v in made])  # the first item repeated

    def test_a_class_of_another_kind_is_refused_as_irrelevant(self) -> None:
        with self.assertRaises(ValueError):
            toy(irrelevant={"milliseconds": "toy.exact"})
        with self.assertRaises(ValueError):
            toy(kind="boolean")

    def test_perturbable_paths_name_each_field_with_its_kind(self) -> None:
        fields = CoverageTests.FIELDS + [{"name": "at", "type": ["number"], "compare": "numericdate"},
                                         {"name": "star", "type": ["string"], "compare": "number", "const": "*"}]
        self.assertEqual(perturbation.perturbable_paths(fields),
                         {"plain": "string", "kept": "string", "list[]": "string", "inner.id": "string",
                          "map{}": "string", "count": "number", "list": "set", "map": "object", "at": "numericdate"})

    def test_a_field_of_another_kind_than_its_path_is_refused(self) -> None:
        paths = {"count": "number", "plain": "string"}
        left = {"plain": "why"}
        perturbation.check_coverage("toy", (toy(covers="count", kind="number"),), paths, left)
        with self.assertRaises(ValueError):
            perturbation.check_coverage("toy", (toy(covers="count"),), paths, left)
        with self.assertRaises(ValueError):  # a number neither perturbed nor left
            perturbation.check_coverage("toy", (), paths, left)


class CoverageTests(unittest.TestCase):
    FIELDS: list[dict[str, Any]] = [
        {"name": "plain", "type": ["string"], "compare": "exact"},
        {"name": "kept", "type": ["string", "null"], "compare": "verbatim"},
        {"name": "choice", "type": ["string"], "compare": "enum", "enum": ["a", "b"]},
        {"name": "count", "type": ["integer"], "compare": "number"},
        {"name": "list", "type": ["array"], "compare": "canonical", "canonicalisation": "set",
         "items": {"type": ["string"], "compare": "exact"}},
        {"name": "inner", "type": ["object"], "compare": "members",
         "fields": [{"name": "id", "type": ["string"], "compare": "exact"}]},
        {"name": "map", "type": ["object"], "compare": "object-whole", "values": {"type": ["string"], "compare": "exact"}},
    ]

    def test_string_paths_are_every_exact_or_verbatim_string_at_any_depth(self) -> None:
        self.assertEqual(perturbation.string_paths(self.FIELDS), ["plain", "kept", "list[]", "inner.id", "map{}"])

    def test_every_path_is_perturbed_or_left_with_why(self) -> None:
        paths = perturbation.string_paths(self.FIELDS)
        fields = (toy(covers="plain"),)
        left = {"kept": "why", "list[]": "why", "inner.id": "why", "map{}": "why"}
        perturbation.check_coverage("toy", fields, paths, left)
        perturbation.check_coverage("toy", (toy(covers="map"),) + fields, paths, left,
                                    perturbation.input_paths(self.FIELDS))  # inside a document: it covers the document
        with self.assertRaises(ValueError):
            perturbation.check_coverage("toy", (toy(covers="map"),) + fields, paths, left)
        for broken in ({k: v for k, v in left.items() if k != "map{}"},   # a path neither perturbed nor left
                       {**left, "plain": "why"},                          # both
                       {**left, "nowhere": "why"},                        # not a string path of the shape
                       {**left, "kept": " "}):                            # no reason
            with self.assertRaises(ValueError):
                perturbation.check_coverage("toy", fields, paths, broken)


class FamilyTests(unittest.TestCase):
    def test_the_committed_vectors_hold_every_declared_cell(self) -> None:
        for name in generate_vectors.family_modules():
            module = importlib.import_module(f"vectorgen.{name}")
            fields = getattr(module, "PERTURBATIONS", None)
            if fields is None:
                continue
            committed = {v["id"]: v for v in
                         json.loads((ROOT / "Vectors" / f"{module.FAMILY}.json").read_text())["vectors"]}
            own = [v for v in committed.values() if "::perturbation::" not in v["id"]]
            made, cells = perturbation.build(fields, own)
            for vector in made:
                self.assertEqual(committed.get(vector["id"]), vector)
            for cell in cells:
                self.assertTrue(cell.vectors or cell.irrelevant or cell.outside,
                                f"{name}: {cell.field.name} × {cell.cls.name}")
                self.assertTrue(all(v in committed for v in cell.vectors))

    def test_every_family_perturbs_or_leaves_each_field_of_a_catalogued_kind(self) -> None:
        for name in generate_vectors.family_modules():
            module = importlib.import_module(f"vectorgen.{name}")
            fields = getattr(module, "PERTURBATIONS", None)
            with self.subTest(family=module.FAMILY):
                self.assertIsNotNone(fields, "declares no PERTURBATIONS")
                assert fields is not None
                exported = shape.export_family(module.SHAPE, module.REASONS)["input"]
                perturbation.check_coverage(module.FAMILY, fields, perturbation.perturbable_paths(exported),
                                            getattr(module, "UNPERTURBED", {}), perturbation.input_paths(exported))


if __name__ == "__main__":
    unittest.main()
