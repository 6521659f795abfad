"""The API digest's modules are the library products of Package.swift, not a list kept beside it: a library added
there is API at once, an executable never is, and a module in two libraries is digested once.

Run: .venv/bin/python -m unittest discover -s Scripts/tests
"""

import sys
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Scripts" / "release"))

import api_digest  # noqa: E402


class LibraryModulesTest(unittest.TestCase):
    def test_libraries_in_declaration_order_executables_left_out(self) -> None:
        package = {"products": [
            {"name": "Core", "type": {"library": ["automatic"]}, "targets": ["Core"]},
            {"name": "tool", "type": {"executable": None}, "targets": ["ToolCLI"]},
            {"name": "Both", "type": {"library": ["dynamic"]}, "targets": ["Extra", "Core"]},
        ]}
        self.assertEqual(api_digest.library_modules(package), ["Core", "Extra"])

    def test_no_library_no_module(self) -> None:
        self.assertEqual(api_digest.library_modules({"products": []}), [])


if __name__ == "__main__":
    unittest.main()
