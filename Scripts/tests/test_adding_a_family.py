"""Adding a family is one Python module (LoginConformance.docc, "Adding a family", step 3): in a scratch copy of
Scripts/ and Vectors/, the module of the test family `greeting` (Tests/LoginConformanceTests/AddingAFamily/greeting.py:
its shape, reasons, vectors, its own rule in `RULES`, the release that adds it in `ADDED_IN`, its README row's
`PROTOCOL` and `SUMMARY`) is dropped into Scripts/vectorgen/, and the generator, with no other edit, writes the family's
file and schema, lists it in the manifest, the field catalogue, the harness schemas' family lists and README.md's family
table, puts its rule in rules.json and SPECIFICATION.md and its vectors in the changelog; then --check and the schema
validation pass.

Run: .venv/bin/python -m unittest discover -s Scripts/tests  (about a minute: the generator runs twice)
"""

import json
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Scripts"))
sys.path.insert(0, str(ROOT / "Scripts" / "vectors"))

import generate_vectors  # noqa: E402  (after the path is set)
from vectorgen import changelog  # noqa: E402

# The module, as a contributor would write it (the Swift slow test adds the same family with its Swift folder).
GREETING = ROOT / "Tests" / "LoginConformanceTests" / "AddingAFamily" / "greeting.py"
IDS = ["greeting::hello::ascii", "greeting::hello::nfd", "greeting::hello::nfc", "greeting::hello::inner-space",
       "greeting::hello::outer-space", "greeting::hello::space-only", "greeting::hello::case", "greeting::hello::astral",
       "greeting::hello::zero-width-joiner", "greeting::refused::empty"]


def run(script: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True, timeout=600)


class AddingAFamily(unittest.TestCase):
    scratch: Path
    generated: subprocess.CompletedProcess[str]

    @classmethod
    def setUpClass(cls) -> None:
        cls.scratch = Path(tempfile.mkdtemp(prefix="adding-a-family-"))
        generate_vectors.copy_layout(cls.scratch)
        shutil.copy(GREETING, cls.scratch / "Scripts" / "vectorgen" / "greeting.py")
        cls.generated = run(cls.scratch / "Scripts" / "vectors" / "generate_vectors.py")

    @classmethod
    def tearDownClass(cls) -> None:
        shutil.rmtree(cls.scratch, ignore_errors=True)

    def load(self, name: str) -> Any:
        return json.loads((self.scratch / "Vectors" / name).read_text(encoding="utf-8"))

    def test_the_generator_writes_the_family_and_then_finds_nothing_to_change(self) -> None:
        self.assertEqual(self.generated.returncode, 0, self.generated.stderr)
        family = self.load("greeting.json")
        self.assertEqual([v["id"] for v in family["vectors"]], IDS)
        self.assertTrue((self.scratch / "Vectors" / "schema" / "greeting.schema.json").exists())
        check = run(self.scratch / "Scripts" / "vectors" / "generate_vectors.py", "--check")
        self.assertEqual(check.returncode, 0, check.stderr)

    def test_the_manifest_field_catalogue_and_harness_schemas_list_it_last(self) -> None:
        self.assertEqual(self.generated.returncode, 0, self.generated.stderr)
        families = [entry["family"] for entry in self.load("manifest.json")["families"]]
        committed = json.loads((ROOT / "Vectors" / "manifest.json").read_text(encoding="utf-8"))
        self.assertEqual(families, [entry["family"] for entry in committed["families"]] + ["greeting"])
        self.assertIn("greeting", self.load("schema/fields.json")["families"])
        run_schema = (self.scratch / "Vectors" / "schema" / "harness" / "run.schema.json").read_text(encoding="utf-8")
        self.assertIn('"greeting"', run_schema)

    def test_the_readme_family_table_lists_it_last(self) -> None:
        self.assertEqual(self.generated.returncode, 0, self.generated.stderr)
        readme = (self.scratch / "README.md").read_text(encoding="utf-8")
        row = ("| `greeting` | `Greeting` | a name greeted code point for code point; the empty name refused (a test "
               "family) | 10 |")
        self.assertIn("| `graph-error` |", readme)
        self.assertIn(row + "\n<!-- End of the family table. -->", readme)

    def test_its_rules_are_in_the_catalogue_and_the_specification(self) -> None:
        self.assertEqual(self.generated.returncode, 0, self.generated.stderr)
        rules = {rule["id"]: rule for rule in self.load("rules.json")["rules"]}
        specification = (self.scratch / "Vectors" / "SPECIFICATION.md").read_text(encoding="utf-8")
        for rule_id in ("greeting.exact", "greeting.empty-refused"):
            self.assertEqual(rules[rule_id]["sources"][0], {"decision": "D21"})
            self.assertIn(rule_id, specification)

    def test_the_release_it_names_adds_its_vectors(self) -> None:
        self.assertEqual(self.generated.returncode, 0, self.generated.stderr)
        newest = self.load("changelog.json")["releases"][-1]
        self.assertEqual(newest["version"], changelog.suite_version())
        self.assertEqual(newest["added"][-len(IDS):], IDS)

    def test_its_vectors_validate_against_the_schemas_written(self) -> None:
        self.assertEqual(self.generated.returncode, 0, self.generated.stderr)
        validated = run(self.scratch / "Scripts" / "vectors" / "validate_vectors.py")
        self.assertEqual(validated.returncode, 0, validated.stdout + validated.stderr)
        self.assertIn("greeting.json", validated.stdout)


if __name__ == "__main__":
    unittest.main()
