"""A rule's record is one place (Scripts/vectorgen/rules.py): statement, profiles, needs, sources and, for a rule only
the SDK's code states, why (sdk_only, DECISIONS.md D31). The sources check refuses what rules.json must not hold, and
the D31 move renames such a rule to <id>.ios-sdk, retires its old ID and keeps its sources.

Run: .venv/bin/python -m unittest discover -s Scripts/tests
"""

import sys
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Scripts"))

from vectorgen import rules, sources  # noqa: E402
from vectorgen.sources import FB_LIMITED, decision, doc, sdk  # noqa: E402


class SourcesCheckTest(unittest.TestCase):
    def problems(self, **record: object) -> list[str]:
        return sources.check([{"id": "toy.rule", **record}])

    def test_a_well_formed_record(self) -> None:
        self.assertEqual(self.problems(sources=[doc(FB_LIMITED, "New API Elements"), sdk("A.swift", "3-9"),
                                                decision("D21")]), [])

    def test_what_is_refused(self) -> None:
        self.assertEqual(self.problems(sources=[]), ["rule toy.rule has no sources"])
        self.assertIn("unknown document 'No Such Page'",
                      self.problems(sources=[{"document": "No Such Page", "section": "1"}])[0])
        with self.assertRaises(KeyError):  # the constructor refuses it at once
            doc("No Such Page", "1")
        self.assertIn("bad line range '9-3'", self.problems(sources=[sdk("A.swift", "9-3")])[0])
        self.assertIn("bad decision 'D7'", self.problems(sources=[decision("D7")])[0])
        self.assertIn("exactly one kind", self.problems(sources=[{"sdk": "A.swift", "lines": "1-2", "decision": "D01"}])[0])
        self.assertIn("cites a document", self.problems(sources=[doc(FB_LIMITED, "x")], sdkOnly="why")[0])


class MovedToIOSSDKTest(unittest.TestCase):
    def test_a_rule_only_the_sdk_states(self) -> None:
        record = rules.rule("toy.sdk-rule", rules.S1, "any", "A statement.", sources=[sdk("A.swift", "1-2")],
                            sdk_only="no page says so")
        moved = rules._moved_to_ios_sdk(record)
        self.assertEqual(moved["id"], "toy.sdk-rule.ios-sdk")
        self.assertEqual(moved["profiles"], [rules.SDK])
        self.assertEqual(moved["unpaired"], "No public document states it (DECISIONS.md D31): no page says so.")
        self.assertEqual(moved["sources"], [sdk("A.swift", "1-2")])
        self.assertNotIn("sdkOnly", moved)

    def test_a_family_modules_rule_is_written_as_it_holds(self) -> None:
        record = rules.rule("toy.sdk-rule", rules.S1, "any", "A statement.", sources=[sdk("A.swift", "1-2")],
                            sdk_only="no page says so")
        with self.assertRaises(ValueError) as refused:
            rules.checked_family_rules("toy", [record])
        self.assertIn("vectorgen/toy.py: rule toy.sdk-rule has sdk_only", str(refused.exception))
        plain = rules.rule("toy.rule", rules.S1, "any", "A statement.", sources=[decision("D01")])
        self.assertEqual(rules.checked_family_rules("toy", [plain]), [plain])

    def test_the_catalogue_writes_sources_last_and_no_sdk_only(self) -> None:
        catalogue = rules.catalogue()
        for rule in catalogue["rules"]:
            self.assertEqual(list(rule)[-1], "sources", rule["id"])
            self.assertNotIn("sdkOnly", rule)
        moved = {entry["id"] for entry in catalogue["retired"] if "D31" in entry["reason"]}
        self.assertTrue(moved)
        self.assertTrue(all(old + ".ios-sdk" in rules.ids() for old in moved))


if __name__ == "__main__":
    unittest.main()
