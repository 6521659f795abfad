"""The schemas are not vacuous: a deliberately broken copy of each family file fails validation with its JSON path.

Run: .venv/bin/python -m unittest discover -s Scripts/tests
"""

import json
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VALIDATOR = ROOT / "Scripts" / "validate_vectors.py"
FAMILIES = {"nonce": "nonce.json", "login-configuration": "login-configuration.json",
            "login-result": "login-result.json", "token-claims": "token-claims.json"}


def validate(directory):
    return subprocess.run([sys.executable, str(VALIDATOR), "--vectors", str(directory)],
                          capture_output=True, text=True)


class BrokenCopies(unittest.TestCase):
    def setUp(self):
        self.fresh_copy()

    def tearDown(self):
        shutil.rmtree(self.directory.parent)

    def fresh_copy(self):
        if getattr(self, "directory", None) is not None:
            shutil.rmtree(self.directory.parent)
        self.directory = Path(tempfile.mkdtemp()) / "Vectors"
        shutil.copytree(ROOT / "Vectors", self.directory)

    def edit(self, file, change):
        path = self.directory / file
        document = json.loads(path.read_text(encoding="utf-8"))
        change(document)
        path.write_text(json.dumps(document), encoding="utf-8")

    def assert_refused(self, file, json_path):
        result = validate(self.directory)
        self.assertEqual(result.returncode, 1, result.stdout)
        self.assertIn(f"{self.directory / file}: {json_path}", result.stderr)

    def test_committed_vectors_are_valid(self):
        result = validate(self.directory)
        self.assertEqual(result.returncode, 0, result.stderr)

    def test_unknown_member_in_each_family(self):
        for family, file in FAMILIES.items():
            with self.subTest(family=family):
                self.fresh_copy()
                self.edit(file, lambda d: d["vectors"][0].update({"expectd": {}}))
                self.assert_refused(file, "$.vectors[0]")

    def test_expected_outside_the_closed_list_in_each_family(self):
        for family, file in FAMILIES.items():
            with self.subTest(family=family):
                self.fresh_copy()
                self.edit(file, lambda d: d["vectors"][0]["expected"].update({"result": "maybe"}))
                self.assert_refused(file, "$.vectors[0].expected")

    def test_missing_input_member(self):
        self.edit("token-claims.json", lambda d: d["vectors"][2]["input"].pop("now"))
        self.assert_refused("token-claims.json", "$.vectors[2].input")

    def test_bad_id_and_severity(self):
        self.edit("nonce.json", lambda d: d["vectors"][1].update({"id": "Nonce::Bad"}))
        self.edit("login-result.json", lambda d: d["vectors"][1].update({"severity": "urgent"}))
        result = validate(self.directory)
        self.assertIn(f"{self.directory / 'nonce.json'}: $.vectors[1].id", result.stderr)
        self.assertIn(f"{self.directory / 'login-result.json'}: $.vectors[1].severity", result.stderr)


if __name__ == "__main__":
    unittest.main()


class ReportSchemas(unittest.TestCase):
    """The baseline schema accepts what `baseline update` writes and refuses what the gate would misread."""

    def validate(self, schema, document):
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
            json.dump(document, handle)
        result = subprocess.run([sys.executable, str(ROOT / "Scripts" / "validate_document.py"), schema, handle.name],
                                capture_output=True, text=True)
        Path(handle.name).unlink()
        return result

    def baseline(self, **failures):
        return {"formatVersion": 1, "suiteVersion": "0.1.0", "profile": "ios-sdk", "implementation": "x",
                "knownFailures": failures}

    def test_a_baseline_with_notes_is_valid(self):
        result = self.validate("baseline.schema.json", self.baseline(**{
            "nonce::position::leading-space": {"kind": "wrong-verdict", "reason": "trims", "issue": "https://x/1"}}))
        self.assertEqual(result.returncode, 0, result.stderr)

    def test_an_unknown_kind_or_a_bad_id_is_refused(self):
        result = self.validate("baseline.schema.json", self.baseline(**{"nonce::a::b": {"kind": "fails"}}))
        self.assertEqual(result.returncode, 1)
        self.assertIn("$.knownFailures.nonce::a::b.kind", result.stderr)
        result = self.validate("baseline.schema.json", self.baseline(**{"Not An ID": {"kind": "error"}}))
        self.assertEqual(result.returncode, 1)
