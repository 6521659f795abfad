"""The schemas are not vacuous: a deliberately broken copy of each family file fails validation with its JSON path.

Run: .venv/bin/python -m unittest discover -s Scripts/tests
"""

import json
import shutil
import subprocess
import sys
import tempfile
import unittest
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
VALIDATOR = ROOT / "Scripts" / "vectors" / "validate_vectors.py"
# Every family of the manifest: a schema emptied to {} must make a test fail, whichever family it is.
FAMILIES = {entry["family"]: entry["file"]
            for entry in json.loads((ROOT / "Vectors" / "manifest.json").read_text(encoding="utf-8"))["families"]}


def validate(directory: Path, *families: str) -> subprocess.CompletedProcess[str]:
    """The validator on `directory`, on `families` only when given (the manifest, changelog and rules always)."""
    return subprocess.run([sys.executable, str(VALIDATOR), "--vectors", str(directory), *families],
                          capture_output=True, text=True)


class BrokenCopies(unittest.TestCase):
    directory: Path

    def setUp(self) -> None:
        self.fresh_copy()

    def tearDown(self) -> None:
        shutil.rmtree(self.directory.parent)

    def fresh_copy(self) -> None:
        if getattr(self, "directory", None) is not None:
            shutil.rmtree(self.directory.parent)
        self.directory = Path(tempfile.mkdtemp()) / "Vectors"
        shutil.copytree(ROOT / "Vectors", self.directory)

    def edit(self, file: str, change: Callable[[Any], object]) -> None:
        path = self.directory / file
        document = json.loads(path.read_text(encoding="utf-8"))
        change(document)
        path.write_text(json.dumps(document), encoding="utf-8")

    def assert_refused(self, file: str, json_path: str, family: str | None = None) -> None:
        result = validate(self.directory, *([family] if family else []))
        # A refusal, not a crash: exit 1 with the problem listed and the closing count, never a traceback.
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertNotIn("Traceback", result.stderr)
        self.assertRegex(result.stdout, r"\d+ files, [1-9]\d* problems")
        self.assertIn(f"{self.directory / file}: {json_path}", result.stderr)

    def test_committed_vectors_are_valid(self) -> None:
        result = validate(self.directory)
        self.assertEqual(result.returncode, 0, result.stderr)

    def test_unknown_member_in_each_family(self) -> None:
        for family, file in FAMILIES.items():
            with self.subTest(family=family):
                self.fresh_copy()
                self.edit(file, lambda d: d["vectors"][0].update({"expectd": {}}))
                self.assert_refused(file, "$.vectors[0]", family)

    def test_expected_outside_the_closed_list_in_each_family(self) -> None:
        for family, file in FAMILIES.items():
            with self.subTest(family=family):
                self.fresh_copy()
                self.edit(file, lambda d: d["vectors"][0]["expected"].update({"result": "maybe"}))
                self.assert_refused(file, "$.vectors[0].expected", family)

    def test_every_family_checks_its_input(self) -> None:
        for family, file in FAMILIES.items():
            with self.subTest(family=family):
                self.fresh_copy()
                self.edit(file, lambda d: d["vectors"][0]["input"].update({"inputTypo": 1}))
                self.assert_refused(file, "$.vectors[0].input", family)

    def test_also_accepted_has_the_shape_of_expected(self) -> None:
        for family, file in FAMILIES.items():
            with self.subTest(family=family):
                self.fresh_copy()
                self.edit(file, lambda d: d["vectors"][0].update({"alsoAccepted": [{"result": "maybe"}]}))
                self.assert_refused(file, "$.vectors[0].alsoAccepted[0]", family)
                self.fresh_copy()
                self.edit(file, lambda d: d["vectors"][0].update({"alsoAccepted": []}))
                self.assert_refused(file, "$.vectors[0].alsoAccepted", family)

    def test_refs_outside_the_repository_are_refused(self) -> None:
        self.edit("nonce.json", lambda d: d["vectors"][0].update({"refs": ["behaviour.md §1"]}))
        self.assert_refused("nonce.json", "$.vectors[0].refs[0]")

    def test_rules_changelog_and_manifest_are_checked(self) -> None:
        self.edit("rules.json", lambda d: d["rules"][0].pop("sources"))
        self.edit("changelog.json", lambda d: d["releases"][-1]["retired"].append({"id": "nonce::a::b"}))
        self.edit("manifest.json", lambda d: d.update({"suiteVersion": "three"}))
        result = validate(self.directory)
        self.assertEqual(result.returncode, 1)
        self.assertIn(f"{self.directory / 'rules.json'}: $.rules[0]", result.stderr)
        last = len(json.loads((self.directory / "changelog.json").read_text())["releases"]) - 1
        self.assertIn(f"{self.directory / 'changelog.json'}: $.releases[{last}].retired", result.stderr)
        self.assertIn(f"{self.directory / 'manifest.json'}: $.suiteVersion", result.stderr)

    def test_missing_input_member(self) -> None:
        self.edit("token-claims.json", lambda d: d["vectors"][2]["input"].pop("now"))
        self.assert_refused("token-claims.json", "$.vectors[2].input")

    def test_bad_id_and_severity(self) -> None:
        self.edit("nonce.json", lambda d: d["vectors"][1].update({"id": "Nonce::Bad"}))
        self.edit("login-result.json", lambda d: d["vectors"][1].update({"severity": "urgent"}))
        result = validate(self.directory)
        self.assertIn(f"{self.directory / 'nonce.json'}: $.vectors[1].id", result.stderr)
        self.assertIn(f"{self.directory / 'login-result.json'}: $.vectors[1].severity", result.stderr)


class ReportSchemas(unittest.TestCase):
    """The baseline schema accepts what `baseline update` writes and refuses what the gate would misread."""

    def validate(self, schema: str, document: Any) -> subprocess.CompletedProcess[str]:
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
            json.dump(document, handle)
        result = subprocess.run([sys.executable, str(ROOT / "Scripts" / "vectors" / "validate_document.py"), schema, handle.name],
                                capture_output=True, text=True)
        Path(handle.name).unlink()
        return result

    def baseline(self, **failures: dict[str, str]) -> dict[str, Any]:
        return {"formatVersion": 1, "suiteVersion": "0.1.0", "profile": "ios-sdk", "implementation": "x",
                "knownFailures": failures}

    def test_a_baseline_with_notes_is_valid(self) -> None:
        result = self.validate("baseline.schema.json", self.baseline(**{
            "nonce::position::leading-space": {"kind": "wrong-verdict", "reason": "trims", "issue": "https://x/1"}}))
        self.assertEqual(result.returncode, 0, result.stderr)

    def test_an_unknown_kind_or_a_bad_id_is_refused(self) -> None:
        result = self.validate("baseline.schema.json", self.baseline(**{"nonce::a::b": {"kind": "fails"}}))
        self.assertEqual(result.returncode, 1)
        self.assertIn("$.knownFailures.nonce::a::b.kind", result.stderr)
        result = self.validate("baseline.schema.json", self.baseline(**{"Not An ID": {"kind": "error"}}))
        self.assertEqual(result.returncode, 1)

    def results(self, **result: Any) -> dict[str, Any]:
        entry = {"id": "nonce::empty::empty-string", "family": "nonce", "severity": "high", "outcome": "pass",
                 "classification": "pass", "blocks": False, "durationSeconds": 0.0, **result}
        return {"formatVersion": 1, "suiteVersion": "0.3.0", "profile": "documented", "implementation": {"name": "x"},
                "policy": {"allowNewlyPassing": False, "blockOnNewVectors": False, "blockOnChangedVectors": False},
                "verdict": "passed", "incidents": [], "counts": {"pass": 1}, "families": [], "stale": [],
                "results": [entry]}

    def test_the_results_schema_takes_lenient_and_changed_vectors_and_refuses_unknown_kinds(self) -> None:
        self.assertEqual(self.validate("results.schema.json", self.results(outcome="lenient", summary="s",
                                                                        expected="{}", actual="{}")).returncode, 0)
        self.assertEqual(self.validate("results.schema.json", self.results(
            outcome="fail", classification="changed-vector", changedIn="0.3.0", changeReason="why")).returncode, 0)
        refused = self.validate("results.schema.json", self.results(outcome="sort-of"))
        self.assertEqual(refused.returncode, 1)
        self.assertIn("$.results[0].outcome", refused.stderr)
        refused = self.validate("results.schema.json", self.results(classification="fine"))
        self.assertEqual(refused.returncode, 1)
        self.assertIn("$.results[0].classification", refused.stderr)

    def test_the_results_schema_takes_the_run_verdicts_and_incidents(self) -> None:
        interrupted = self.results(outcome="skip", classification="skipped", message="not run: interrupted by SIGTERM")
        interrupted.update(verdict="interrupted", incidents=[
            {"kind": "interrupted", "message": "interrupted by SIGTERM", "signal": "SIGTERM", "notRun": 1}])
        self.assertEqual(self.validate("results.schema.json", interrupted).returncode, 0)
        faulted = self.results()
        faulted.update(verdict="faulted", incidents=[{"kind": "adapterExited", "message": "exited", "notRun": 0}])
        self.assertEqual(self.validate("results.schema.json", faulted).returncode, 0)
        for incident, path in (({"kind": "crashed", "message": "m", "notRun": 0}, "$.incidents[0].kind"),
                               ({"kind": "interrupted", "message": "m"}, "$.incidents[0]")):
            broken = self.results()
            broken["incidents"] = [incident]
            refused = self.validate("results.schema.json", broken)
            self.assertEqual(refused.returncode, 1)
            self.assertIn(path, refused.stderr)
        missing = self.results()
        del missing["incidents"]
        self.assertEqual(self.validate("results.schema.json", missing).returncode, 1)


if __name__ == "__main__":
    unittest.main()
