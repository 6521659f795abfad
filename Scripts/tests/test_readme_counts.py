"""The counts README.md states by hand are the vectors' own: the number of rules, and how many vectors the newest
release adds. A vector change that forgets the README fails here. (Its family table, with each family's number of
vectors, is the generator's: `generate_vectors.py --check` compares it.)

Run: .venv/bin/python -m unittest discover -s Scripts/tests
"""

import json
import re
import unittest
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "Vectors"


def load(name: str) -> Any:
    return json.loads((VECTORS / name).read_text(encoding="utf-8"))


class ReadmeCounts(unittest.TestCase):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")

    def test_the_rule_count_is_the_catalogues(self) -> None:
        stated = re.findall(r"\((\d+) rules, e\.g\.", self.readme)
        self.assertEqual(stated, [str(len(load("rules.json")["rules"]))])

    def test_the_newest_release_adds_the_vectors_the_changelog_lists(self) -> None:
        newest = load("changelog.json")["releases"][-1]
        stated = re.search(r"Suite %s adds ([\d,]+) vectors" % re.escape(newest["version"]), self.readme)
        self.assertIsNotNone(stated, f"README.md does not say how many vectors suite {newest['version']} adds")
        assert stated is not None
        self.assertEqual(int(stated.group(1).replace(",", "")), len(newest["added"]))


if __name__ == "__main__":
    unittest.main()
