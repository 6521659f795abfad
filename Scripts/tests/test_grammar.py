"""The JSON grammar catalogue (Scripts/vectorgen/grammar.py): each case is what its kind says, checked with Python's
json module made strict (no NaN or Infinity, UTF-8 only, no byte order mark); every site of every family applies
every case; and the committed vectors are what the declarations generate.

Run: .venv/bin/python -m unittest discover -s Scripts/tests
"""

import importlib
import json
import sys
import unittest
from pathlib import Path
from typing import Any, NoReturn

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Scripts"))
sys.path.insert(0, str(ROOT / "Scripts" / "vectors"))

import generate_vectors  # noqa: E402
from vectorgen import grammar  # noqa: E402


def strict(data: str | bytes) -> Any:
    """Python's json module without its extensions: the value, or ValueError."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    text = data.decode("utf-8")  # strict: bytes that are not UTF-8 raise
    if text.startswith("\ufeff"):
        raise ValueError("a byte order mark")

    def constant(name: str) -> NoReturn:
        raise ValueError(f"not JSON: {name}")
    return json.loads(text, parse_constant=constant)


BASE = {"alg": "RS256", "typ": "JWT", "iss": "https://www.facebook.com", "n": 1}


class Cases(unittest.TestCase):
    def test_each_case_is_what_its_kind_says(self) -> None:
        for case in grammar.CASES:
            with self.subTest(case=case.name):
                made = grammar.variant(case, BASE, "header")
                if case.kind == "equivalent":
                    value = strict(made)
                    base = {**BASE, **{k: v for k, v in value.items() if k not in BASE}}
                    self.assertEqual(value, base)
                    self.assertLessEqual(len(value) - len(BASE), 1, "one carrier member at most")
                    self.assertNotEqual(made, grammar.compact(BASE), "the base's own text")
                else:
                    with self.assertRaises(ValueError):
                        strict(made)

    def test_names_and_kinds(self) -> None:
        names = [c.name for c in grammar.CASES]
        self.assertEqual(len(names), len(set(names)))
        self.assertEqual({c.kind for c in grammar.CASES}, set(grammar.KINDS))
        self.assertTrue(all(grammar.documented_rule(c) for c in grammar.CASES))


class Families(unittest.TestCase):
    def test_every_family_declares_its_sites_or_why_it_has_none(self) -> None:
        for name in generate_vectors.family_modules():
            module = importlib.import_module(f"vectorgen.{name}")
            with self.subTest(family=module.FAMILY):
                sites = getattr(module, "GRAMMAR_SITES", None)
                why = getattr(module, "NO_GRAMMAR_SITES", None)
                self.assertTrue((sites is None) != (why is None), "GRAMMAR_SITES or NO_GRAMMAR_SITES, one of them")

    def test_the_committed_vectors_hold_every_cell(self) -> None:
        for name in generate_vectors.family_modules():
            module = importlib.import_module(f"vectorgen.{name}")
            sites = getattr(module, "GRAMMAR_SITES", None)
            if sites is None:
                continue
            committed = {v["id"]: v for v in
                         json.loads((ROOT / "Vectors" / f"{module.FAMILY}.json").read_text())["vectors"]}
            own = [v for v in committed.values() if "::grammar::" not in v["id"]]
            made, cells = grammar.build(sites, own)
            for vector in made:
                self.assertEqual(committed.get(vector["id"]), vector)
            self.assertEqual(len(cells), len(sites) * len(grammar.CASES))
            for cell in cells:
                self.assertTrue(cell.vectors or cell.irrelevant or cell.undecided,
                                f"{name}: {cell.site.name} × {cell.case.name}")

    def test_the_fixture_is_the_catalogue(self) -> None:
        fixture = json.loads((ROOT / generate_vectors.GRAMMAR_FIXTURE).read_text())
        self.assertEqual(fixture, json.loads(generate_vectors.render(grammar.fixture())))
        self.assertEqual([c["name"] for c in fixture["cases"]], list(grammar.CASE_NAMES))


if __name__ == "__main__":
    unittest.main()
