"""The perturbation catalogue (Scripts/vectorgen/perturbation.py): every class of it is applied to every declared field,
a cell has vectors or the rule that makes it irrelevant (never neither), a vector already in the family with the same
input is named rather than repeated (and a contradicting one is an error), and the committed vectors are what the
declarations generate.

Run: .venv/bin/python -m unittest discover -s Scripts/tests
"""

import importlib
import json
import sys
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Scripts"))

import generate_vectors  # noqa: E402
from vectorgen import perturbation  # noqa: E402
from vectorgen.perturbation import CLASS_NAMES, PerturbedField  # noqa: E402

ACCEPTED, REFUSED = {"result": "valid"}, {"result": "invalid", "reason": "whitespace"}


def exact_reading(i, profile):
    """A toy rule: refused when the value is not exactly 'fi-Toy-\u00e9'; the documented reading ignores U+200B."""
    value = i["value"]
    if profile == "documented":
        value = value.replace("\u200b", "")
    return (ACCEPTED if value == "fi-Toy-\u00e9" else REFUSED), ["toy.exact"]


def toy(base="fi-Toy-\u00e9", **more):
    return PerturbedField("toy", "value", {"value": base}, exact_reading, ("SPECIFICATION.md §1",), **more)


class CatalogueTests(unittest.TestCase):
    def test_every_class_is_a_cell_of_every_field(self):
        made, cells = perturbation.build((toy(),), [])
        self.assertEqual([c.cls.name for c in cells], list(CLASS_NAMES))
        self.assertTrue(all(c.vectors for c in cells))
        self.assertEqual(len(made), sum(len(c.vectors) for c in cells))

    def test_readings_that_differ_split_by_profile(self):
        made, _ = perturbation.build((toy(),), [])
        ids = {v["id"]: v for v in made}
        self.assertEqual(ids["toy::perturbation::value.zero-width-space-inside.documented"]["expected"], ACCEPTED)
        self.assertEqual(ids["toy::perturbation::value.zero-width-space-inside.ios-sdk"]["expected"], REFUSED)
        self.assertNotIn("profiles", ids["toy::perturbation::value.case-flipped"])

    def test_a_class_that_cannot_change_the_value_needs_a_rule(self):
        with self.assertRaises(ValueError):
            perturbation.build((toy(base="TOY"),), [])  # no fi, nothing to decompose
        _, cells = perturbation.build((toy(base="TOY", irrelevant={"ligature": "toy.exact",
                                                                    "decomposed": "toy.exact"}),), [])
        self.assertEqual({c.cls.name: c.irrelevant for c in cells if c.irrelevant},
                         {"ligature": "toy.exact", "decomposed": "toy.exact"})

    def test_a_class_declared_irrelevant_that_changes_the_value_is_refused(self):
        with self.assertRaises(ValueError):
            perturbation.build((toy(irrelevant={"case-flipped": "toy.exact"}),), [])

    def test_an_existing_vector_is_named_and_a_contradicting_one_refused(self):
        existing = {"id": "toy::empty::empty", "input": {"value": ""}, "expected": REFUSED}
        made, cells = perturbation.build((toy(),), [existing])
        self.assertEqual(next(c for c in cells if c.cls.name == "empty").vectors, ("toy::empty::empty",))
        self.assertNotIn("toy::perturbation::value.empty", {v["id"] for v in made})
        with self.assertRaises(ValueError):
            perturbation.build((toy(),), [{**existing, "expected": ACCEPTED}])


class FamilyTests(unittest.TestCase):
    def test_the_committed_vectors_hold_every_declared_cell(self):
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
                self.assertTrue(cell.vectors or cell.irrelevant, f"{name}: {cell.field.name} × {cell.cls.name}")
                self.assertTrue(all(v in committed for v in cell.vectors))


if __name__ == "__main__":
    unittest.main()
