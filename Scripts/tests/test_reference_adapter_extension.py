"""The Python reference adapter (Examples/PythonAdapter/reference_adapter.py) grows without an edit: a family from a
module in its `families/` folder, a profile that takes one of its readings with `--reads` (LoginConformance.docc,
"Adding a family" and "Adding a profile").

Run: .venv/bin/python -m unittest discover -s Scripts/tests
"""

import importlib.util
import json
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
ADAPTER = ROOT / "Examples" / "PythonAdapter" / "reference_adapter.py"
GREETING = ROOT / "Tests" / "LoginConformanceTests" / "AddingAFamily" / "greeting_adapter.py"


def load_adapter() -> ModuleType:
    spec = importlib.util.spec_from_file_location("reference_adapter_under_test", ADAPTER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def session(*arguments: str, lines: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ADAPTER), *arguments], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=60)


START = json.dumps({"type": "start", "protocolVersion": 1})
# U+200B: accepted under the documented reading, refused under ios-sdk (DECISIONS.md D21).
ZERO_WIDTH = json.dumps({"type": "run", "seq": 1, "family": "nonce", "id": "nonce::x", "input": {"nonce": "a\u200bb"}})


class FamilyModules(unittest.TestCase):
    adapter: ModuleType

    @classmethod
    def setUpClass(cls) -> None:
        cls.adapter = load_adapter()

    def folder_with(self, name: str, text: str) -> Path:
        folder = Path(tempfile.mkdtemp(prefix="adapter-families-"))
        (folder / name).write_text(text, encoding="utf-8")
        return folder

    def test_a_module_adds_its_family(self) -> None:
        functions = self.adapter.family_modules(self.folder_with("greeting.py", GREETING.read_text(encoding="utf-8")))
        self.assertEqual(list(functions), ["greeting"])
        self.assertEqual(functions["greeting"]({"name": "Ada"}, "documented"), {"result": "greeting", "text": "Hello, Ada!"})
        self.assertEqual(functions["greeting"]({"name": ""}, "documented"), {"result": "refused", "reason": "emptyName"})

    def test_a_module_without_its_name_and_answer_stops_the_adapter_naming_it(self) -> None:
        folder = self.folder_with("broken.py", "FAMILY = 'greeting'\n")
        with self.assertRaises(SystemExit) as stopped:
            self.adapter.family_modules(folder)
        self.assertIn("broken.py", str(stopped.exception))
        self.assertIn("answer(inp, profile)", str(stopped.exception))

    def test_a_module_for_a_family_it_has_stops_the_adapter(self) -> None:
        folder = self.folder_with("nonce.py", "FAMILY = 'nonce'\ndef answer(inp, profile):\n    return {}\n")
        with self.assertRaises(SystemExit) as stopped:
            self.adapter.family_modules(folder)
        self.assertIn("the family 'nonce' is implemented already", str(stopped.exception))

    def test_no_folder_adds_nothing(self) -> None:
        self.assertEqual(self.adapter.family_modules(ROOT / "no-such-folder"), {})


class ProfileAndReading(unittest.TestCase):
    def test_a_profile_that_takes_a_reading_is_claimed_and_the_reading_implemented(self) -> None:
        for reading, outcome in (("documented", {"result": "valid"}),
                                 ("ios-sdk", {"result": "invalid", "reason": "whitespace"})):
            done = session("--profile", "server", "--reads", reading, lines=[START, ZERO_WIDTH])
            self.assertEqual(done.returncode, 0, done.stderr)
            started, result = (json.loads(line) for line in done.stdout.splitlines())
            self.assertEqual(started["profile"], "server")
            self.assertEqual(result["outcome"], outcome)

    def test_a_profile_that_is_not_a_reading_needs_reads(self) -> None:
        done = session("--profile", "server", lines=[START])
        self.assertEqual(done.returncode, 2)
        self.assertEqual(done.stdout, "")
        self.assertIn("profile 'server' is not a reading of this adapter", done.stderr)

    def test_a_reading_is_its_own_profile(self) -> None:
        done = session("--profile", "ios-sdk", lines=[START, ZERO_WIDTH])
        started, result = (json.loads(line) for line in done.stdout.splitlines())
        self.assertEqual(started["profile"], "ios-sdk")
        self.assertEqual(result["outcome"], {"result": "invalid", "reason": "whitespace"})


if __name__ == "__main__":
    unittest.main()
