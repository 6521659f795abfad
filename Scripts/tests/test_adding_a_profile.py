"""Adding a profile that takes one of the readings (LoginConformance.docc, "Adding a profile"): in a scratch copy of
Scripts/ and Vectors/, the manifest lists a third profile, `server`. The generator refuses it, naming it, until it has
a reading; once its entry says it takes the documented reading (`"reads": "documented"`), the generator, with no
other edit, writes every vector and rule of that reading under `server` too (nothing else changes), lists it in
the profile schemas and says so in SPECIFICATION.md; then --check and the schema validation pass.

Run: .venv/bin/python -m unittest discover -s Scripts/tests  (about a minute: the generator runs three times)
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

PROFILE = "server"
ENTRY = ('    { "profile": "server", "description": "A server that accepts Limited Login tokens, reading the documents '
         'only." }')
# The same entry with its reading.
READS = ENTRY[:-2] + ', "reads": "documented" }'


def run(script: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True, timeout=600)


def edit_line(path: Path, marker: str, new: str) -> None:
    """Replaces the one line of `path` containing `marker` with `new` (fails unless exactly one contains it)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    found = [i for i, line in enumerate(lines) if marker in line]
    if len(found) != 1:
        raise AssertionError(f"{path}: one line containing {marker!r} expected, found {len(found)}")
    lines[found[0]] = new
    path.write_text("\n".join(lines), encoding="utf-8")


class AddingAProfile(unittest.TestCase):
    scratch: Path
    refused: subprocess.CompletedProcess[str]
    generated: subprocess.CompletedProcess[str]

    @classmethod
    def setUpClass(cls) -> None:
        cls.scratch = Path(tempfile.mkdtemp(prefix="adding-a-profile-"))
        generate_vectors.copy_layout(cls.scratch)
        generator = cls.scratch / "Scripts" / "vectors" / "generate_vectors.py"
        # 1. The manifest's entry, after the last profile.
        manifest = cls.scratch / "Vectors" / "manifest.json"
        last = next(line for line in manifest.read_text(encoding="utf-8").split("\n") if '"profile": "ios-sdk"' in line)
        edit_line(manifest, '"profile": "ios-sdk"', last + ",\n" + ENTRY)
        cls.refused = run(generator)
        # 2. Its reading, in the same entry.
        edit_line(manifest, '"profile": "server"', READS)
        cls.generated = run(generator)

    @classmethod
    def tearDownClass(cls) -> None:
        shutil.rmtree(cls.scratch, ignore_errors=True)

    def load(self, name: str, root: Path | None = None) -> Any:
        return json.loads(((root or self.scratch) / "Vectors" / name).read_text(encoding="utf-8"))

    def test_a_profile_without_a_reading_is_refused_naming_it(self) -> None:
        self.assertNotEqual(self.refused.returncode, 0)
        self.assertIn(f"profile '{PROFILE}' has no reading", self.refused.stderr)
        self.assertIn('"reads"', self.refused.stderr)

    def test_the_generator_writes_it_and_then_finds_nothing_to_change(self) -> None:
        self.assertEqual(self.generated.returncode, 0, self.generated.stderr)
        for arguments in (("generate_vectors.py", "--check"), ("validate_vectors.py",)):
            step = run(self.scratch / "Scripts" / "vectors" / arguments[0], *arguments[1:])
            self.assertEqual(step.returncode, 0, step.stdout[-2000:] + step.stderr[-2000:])

    def test_each_vector_of_the_documented_reading_holds_under_it_and_nothing_else_changes(self) -> None:
        self.assertEqual(self.generated.returncode, 0, self.generated.stderr)
        adopted = 0
        for entry in self.load("manifest.json", ROOT)["families"]:
            committed, made = self.load(entry["file"], ROOT)["vectors"], self.load(entry["file"])["vectors"]
            self.assertEqual([v["id"] for v in made], [v["id"] for v in committed], entry["file"])
            for before, after in zip(committed, made):
                if "documented" in before.get("profiles", []):
                    adopted += 1
                    self.assertEqual(after, {**before, "profiles": before["profiles"] + [PROFILE]})
                else:
                    self.assertEqual(after, before)
        self.assertGreater(adopted, 100)

    def test_each_rule_of_the_documented_reading_holds_under_it(self) -> None:
        self.assertEqual(self.generated.returncode, 0, self.generated.stderr)
        committed, made = self.load("rules.json", ROOT)["rules"], self.load("rules.json")["rules"]
        self.assertEqual(len(made), len(committed))
        for before, after in zip(committed, made):
            expected = ({**before, "profiles": before["profiles"] + [PROFILE]}
                        if "documented" in before.get("profiles", []) else before)
            self.assertEqual(after, expected)

    def test_the_schemas_and_the_specification_list_it(self) -> None:
        self.assertEqual(self.generated.returncode, 0, self.generated.stderr)
        self.assertEqual(self.load("schema/conformance-profile.schema.json")["enum"], ["documented", "ios-sdk", PROFILE])
        started = self.load("schema/harness/started.schema.json")
        self.assertIn(f'"{PROFILE}"', json.dumps(started))
        specification = (self.scratch / "Vectors" / "SPECIFICATION.md").read_text(encoding="utf-8")
        self.assertIn(f"- `{PROFILE}`: the `documented` reading at every point", specification)


if __name__ == "__main__":
    unittest.main()
