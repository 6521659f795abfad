"""generate_vectors.py --check catches what a byte-for-byte reproducible product must not hide: CRLF line endings, a
file in Vectors/ the generator does not write, and a family dropped from the manifest.

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

import generate_vectors  # noqa: E402


class GeneratorCheck(unittest.TestCase):
    def setUp(self):
        # The generator's inputs and outputs, in a scratch copy of the repository's layout.
        self.root = Path(tempfile.mkdtemp())
        shutil.copytree(ROOT / "Scripts", self.root / "Scripts", ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copytree(ROOT / "Vectors", self.root / "Vectors")
        mutants = Path("Tests/LoginConformanceTests/Mutants")
        (self.root / mutants).mkdir(parents=True)
        for oracle in (ROOT / mutants).glob("*-oracle.json"):
            shutil.copy(oracle, self.root / mutants / oracle.name)
        for page in generate_vectors.DOCS_WRITTEN:
            (self.root / page).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(ROOT / page, self.root / page)

    def tearDown(self):
        shutil.rmtree(self.root)

    def check(self):
        return subprocess.run([sys.executable, str(self.root / "Scripts" / "generate_vectors.py"), "--check"],
                              capture_output=True, text=True)

    def test_the_copy_matches(self):
        result = self.check()
        self.assertEqual(result.returncode, 0, result.stderr)

    def test_crlf_line_endings_differ(self):
        path = self.root / "Vectors" / "nonce.json"
        path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
        result = self.check()
        self.assertEqual(result.returncode, 1)
        self.assertIn("differs from the generator's output: nonce.json", result.stderr)

    def test_an_extra_file_in_vectors(self):
        shutil.copy(self.root / "Vectors" / "nonce.json", self.root / "Vectors" / "nonce-old.json")
        result = self.check()
        self.assertEqual(result.returncode, 1)
        self.assertIn("not written by the generator: Vectors/nonce-old.json", result.stderr)

    def test_a_family_dropped_from_the_manifest(self):
        path = self.root / "Vectors" / "manifest.json"
        manifest = json.loads(path.read_text(encoding="utf-8"))
        manifest["families"] = [entry for entry in manifest["families"] if entry["family"] != "profile"]
        path.write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
        result = self.check()
        self.assertEqual(result.returncode, 1)
        self.assertIn("manifest.json lists", result.stderr)


if __name__ == "__main__":
    unittest.main()
