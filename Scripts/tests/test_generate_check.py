"""generate_vectors.py --check catches what a byte-for-byte reproducible product must not hide: CRLF line endings, a
file in Vectors/ the generator does not write, and a family dropped from the manifest (whose families the generator
writes). And a profile the manifest
adds is the generator's: its schemas' profile enums follow the list, and a family module that has no rule for the new
profile (a per-profile table without it, or a reading that asks is_documented) stops the generator naming it,
instead of reading it as another profile.

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
sys.path.insert(0, str(ROOT / "Scripts"))
sys.path.insert(0, str(ROOT / "Scripts" / "vectors"))

import generate_vectors  # noqa: E402


class GeneratorCheck(unittest.TestCase):
    def setUp(self) -> None:
        # The generator's inputs and outputs, in a scratch copy of the repository's layout.
        self.root = Path(tempfile.mkdtemp())
        generate_vectors.copy_layout(self.root)

    def tearDown(self) -> None:
        shutil.rmtree(self.root)

    def check(self) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, str(self.root / "Scripts" / "vectors" / "generate_vectors.py"), "--check"],
                              capture_output=True, text=True)

    def test_the_copy_matches(self) -> None:
        result = self.check()
        self.assertEqual(result.returncode, 0, result.stderr)

    def test_crlf_line_endings_differ(self) -> None:
        path = self.root / "Vectors" / "nonce.json"
        path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
        result = self.check()
        self.assertEqual(result.returncode, 1)
        self.assertIn("differs from the generator's output: nonce.json", result.stderr)

    def test_an_extra_file_in_vectors(self) -> None:
        shutil.copy(self.root / "Vectors" / "nonce.json", self.root / "Vectors" / "nonce-old.json")
        result = self.check()
        self.assertEqual(result.returncode, 1)
        self.assertIn("not written by the generator: Vectors/nonce-old.json", result.stderr)

    def test_a_family_dropped_from_the_manifest(self) -> None:
        path = self.root / "Vectors" / "manifest.json"
        manifest = json.loads(path.read_text(encoding="utf-8"))
        manifest["families"] = [entry for entry in manifest["families"] if entry["family"] != "profile"]
        path.write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
        result = self.check()
        self.assertEqual(result.returncode, 1)
        self.assertIn("differs from the generator's output: manifest.json", result.stderr)

    def test_a_profile_added_to_the_manifest(self) -> None:
        path = self.root / "Vectors" / "manifest.json"
        manifest = json.loads(path.read_text(encoding="utf-8"))
        manifest["profiles"].append({"profile": "strict", "description": "a third reading"})
        path.write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
        probe = ("import sys; sys.path.insert(0, sys.argv[1]); from vectorgen import common, harness; "
                 "import json; print(json.dumps(harness.schemas(['nonce'])['Vectors/schema/conformance-profile.schema.json']['enum']))")
        listed = subprocess.run([sys.executable, "-c", probe, str(self.root / "Scripts")], capture_output=True, text=True)
        self.assertEqual(json.loads(listed.stdout), ["documented", "ios-sdk", "strict"], listed.stderr)
        # The first family's first table without the new profile stops it (nonce's fault-pair orders), naming it.
        result = self.check()
        self.assertNotEqual(result.returncode, 0)
        last = result.stderr.strip().splitlines()[-1]
        self.assertTrue(last.startswith("ValueError: ") and "strict" in last, result.stderr[-2000:])

    def test_a_family_module_without_its_shape(self) -> None:
        # A family module that declares no SHAPE is refused by name, before anything reads the shape.
        path = self.root / "Scripts" / "vectorgen" / "code_challenge.py"
        text = path.read_text(encoding="utf-8")
        self.assertIn("\nSHAPE = ", text)
        path.write_text(text.replace("\nSHAPE = ", "\nNOT_THE_SHAPE = "), encoding="utf-8")
        result = self.check()
        self.assertEqual(result.returncode, 1, result.stderr[-2000:])
        self.assertIn("code_challenge: declares no SHAPE (Scripts/vectorgen/shape.py)", result.stderr)

    def test_only_the_readings_are_read(self) -> None:
        from vectorgen.common import PROFILES, is_documented
        self.assertEqual([is_documented(p) for p in PROFILES], [True, False])
        with self.assertRaisesRegex(ValueError, "profile 'strict' has no rule here"):
            is_documented("strict")
        with self.assertRaisesRegex(ValueError, "profile None has no rule here"):
            is_documented(None)


if __name__ == "__main__":
    unittest.main()
