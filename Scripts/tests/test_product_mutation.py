"""Scripts/mutation/product_mutation.py: how a mutant's site is found and rewritten, and that the committed catalogue resolves.

Run: python3 -m unittest discover -s Scripts/tests
"""

import importlib.util
import json
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path
from typing import TYPE_CHECKING, Any

ROOT = Path(__file__).resolve().parents[2]
if TYPE_CHECKING:  # the module loaded below, for the type checker (Scripts/mutation/ is on its path)
    import product_mutation as pm
else:
    SPEC = importlib.util.spec_from_file_location("product_mutation", ROOT / "Scripts" / "mutation" / "product_mutation.py")
    pm = importlib.util.module_from_spec(SPEC)
    sys.modules[SPEC.name] = pm
    SPEC.loader.exec_module(pm)

AREAS = {area: {"quick": "Quick", "broad": "Broad"} for area in pm.AREAS}


def mutant(id: str = "gate-01", file: str = "Gate.swift", **site: Any) -> pm.Mutant:
    return pm.Mutant(id, file, "comparison", "gate", "a bug", "Quick", "Broad",
                     [pm.Site(site.pop("original", "a > b"), site.pop("mutated", "a >= b"), **site)])


class Locate(unittest.TestCase):
    def test_unique_text_is_found(self) -> None:
        text = "let x = a > b\n"
        start, end = pm.locate(text, pm.Site("a > b", "a >= b"))
        self.assertEqual(text[start:end], "a > b")

    def test_missing_text_says_so(self) -> None:
        with self.assertRaisesRegex(pm.CatalogueError, "not in the file"):
            pm.locate("let x = 1", pm.Site("a > b", "a >= b"))

    def test_ambiguous_text_asks_for_an_occurrence_or_context(self) -> None:
        with self.assertRaisesRegex(pm.CatalogueError, "occurs 2 times"):
            pm.locate("a > b; a > b", pm.Site("a > b", "a >= b"))

    def test_occurrence_picks_the_nth(self) -> None:
        text = "f(a > b); g(a > b)"
        start, _ = pm.locate(text, pm.Site("a > b", "a >= b", occurrence=2))
        self.assertEqual(start, text.rindex("a > b"))

    def test_occurrence_out_of_range_is_refused(self) -> None:
        with self.assertRaisesRegex(pm.CatalogueError, "occurrence 3 asked"):
            pm.locate("a > b; a > b", pm.Site("a > b", "a >= b", occurrence=3))

    def test_context_anchors_the_original_inside_it(self) -> None:
        text = "case .x: true\ncase .y: true\n"
        start, end = pm.locate(text, pm.Site("true", "false", context="case .y: true"))
        self.assertEqual(start, text.index("case .y: true") + len("case .y: "))
        self.assertEqual(text[start:end], "true")

    def test_context_without_the_original_is_refused(self) -> None:
        with self.assertRaisesRegex(pm.CatalogueError, "does not contain"):
            pm.locate("case .y: true", pm.Site("false", "true", context="case .y: true"))


class Rewrite(unittest.TestCase):
    def resolved(self, text: str, *mutants: pm.Mutant) -> list[pm.Resolved]:
        items: list[pm.Resolved] = []
        for m in mutants:
            for site in m.sites:
                start, end = pm.locate(text, site)
                items.append(pm.Resolved(m, site, Path("Sources/X/Gate.swift"), start, end, 1))
        return items

    def test_expression_becomes_a_ternary_on_the_active_mutant(self) -> None:
        text = "return introduced > version\n"
        m = mutant(original="introduced > version", mutated="introduced >= version")
        self.assertEqual(pm.rewrite(text, self.resolved(text, m)),
                         'return (__lcMutant("gate-01") ? (introduced >= version) : (introduced > version))\n')

    def test_statement_becomes_an_if_else(self) -> None:
        text = "    errors += 1\n"
        m = mutant(original="errors += 1", mutated="", form="stmt")
        self.assertEqual(pm.rewrite(text, self.resolved(text, m)),
                         '    if __lcMutant("gate-01") {  } else { errors += 1 }\n')

    def test_several_sites_in_one_file_keep_their_offsets(self) -> None:
        text = "f(a, b)\ng(c)\n"
        first = mutant("gate-01", original="a, b", mutated="b, a")
        second = mutant("gate-02", original="g(c)", mutated="g(d)")
        self.assertEqual(pm.rewrite(text, self.resolved(text, first, second)),
                         'f((__lcMutant("gate-01") ? (b, a) : (a, b)))\n(__lcMutant("gate-02") ? (g(d)) : (g(c)))\n')


class Catalogue(unittest.TestCase):
    def setUp(self) -> None:
        self.root = Path(tempfile.mkdtemp())
        (self.root / "Sources" / "Core").mkdir(parents=True)
        (self.root / "Sources" / "Core" / "Gate.swift").write_text("let x = a > b\nlet y = a > b\n")

    def tearDown(self) -> None:
        shutil.rmtree(self.root)

    def write(self, *entries: dict[str, Any], areas: dict[str, dict[str, str]] = AREAS) -> Path:
        path = self.root / "catalogue.json"
        path.write_text(json.dumps({"areas": areas, "mutants": list(entries)}))
        return path

    def entry(self, **changes: Any) -> dict[str, Any]:
        entry: dict[str, Any] = {"id": "gate-01", "file": "Gate.swift", "area": "gate", "operator": "boundary",
                 "description": "a bug", "original": "a > b", "mutated": "a >= b", "occurrence": 1}
        entry.update(changes)
        return entry

    def test_the_file_is_found_by_basename_wherever_it_moved(self) -> None:
        mutants = pm.load_catalogue(self.write(self.entry()))
        resolved, problems = pm.resolve(mutants, self.root)
        self.assertEqual(problems, [])
        self.assertEqual(str(resolved[0].path), "Sources/Core/Gate.swift")
        self.assertEqual(resolved[0].line, 1)
        (self.root / "Sources" / "Tools").mkdir()
        shutil.move(self.root / "Sources" / "Core" / "Gate.swift", self.root / "Sources" / "Tools" / "Gate.swift")
        resolved, problems = pm.resolve(mutants, self.root)
        self.assertEqual((problems, str(resolved[0].path)), ([], "Sources/Tools/Gate.swift"))

    def test_an_unresolved_site_names_the_mutant_and_why(self) -> None:
        mutants = pm.load_catalogue(self.write(self.entry(occurrence=None)))
        _, problems = pm.resolve(mutants, self.root)
        self.assertEqual(len(problems), 1)
        self.assertTrue(problems[0].startswith("gate-01 (Gate.swift): "), problems[0])
        self.assertIn("occurs 2 times", problems[0])

    def test_a_missing_file_names_the_mutant(self) -> None:
        mutants = pm.load_catalogue(self.write(self.entry(file="Nowhere.swift")))
        _, problems = pm.resolve(mutants, self.root)
        self.assertEqual(problems, ["gate-01 (Nowhere.swift): no file named Nowhere.swift under Sources/"])

    def test_overlapping_sites_are_refused(self) -> None:
        mutants = pm.load_catalogue(self.write(
            self.entry(), self.entry(id="gate-02", original="x = a > b", mutated="x = true", occurrence=None,
                                     context="let x = a > b")))
        _, problems = pm.resolve(mutants, self.root)
        self.assertEqual(len(problems), 1)
        self.assertIn("overlaps", problems[0])

    def test_entries_are_validated(self) -> None:
        for changes, message in [({"area": "nowhere"}, "area"), ({"operator": "typo"}, "operator"),
                                 ({"file": "Sources/Core/Gate.swift"}, "basename"), ({"description": ""}, "missing")]:
            with self.subTest(changes=changes), self.assertRaisesRegex(pm.CatalogueError, message):
                pm.load_catalogue(self.write(self.entry(**changes)))
        with self.assertRaisesRegex(pm.CatalogueError, "duplicate id"):
            pm.load_catalogue(self.write(self.entry(), self.entry()))
        with self.assertRaisesRegex(pm.CatalogueError, "quick and a broad"):
            pm.load_catalogue(self.write(self.entry(), areas={}))

    def test_a_mutant_without_tests_runs_its_areas_quick_filter_first(self) -> None:
        mutant = pm.load_catalogue(self.write(self.entry()))[0]
        self.assertEqual((mutant.tests, mutant.broad), ("Quick", "Broad"))
        mutant = pm.load_catalogue(self.write(self.entry(tests="GateTests/regression")))[0]
        self.assertEqual(mutant.tests, "GateTests/regression")

    def test_the_sample_holds_the_eleven_and_is_deterministic(self) -> None:
        entries = [self.entry(id=f"planted-{n:02}", occurrence=1) for n in range(1, 12)]
        entries += [self.entry(id=f"gate-{n:02}", occurrence=1) for n in range(1, 30)]
        mutants = pm.load_catalogue(self.write(*entries))
        sample = pm.select(mutants, 15, None)
        self.assertEqual([m.id for m in sample[:11]], [f"planted-{n:02}" for n in range(1, 12)])
        self.assertEqual(len(sample), 15)
        self.assertEqual([m.id for m in sample], [m.id for m in pm.select(mutants, 15, None)])


class BlindRounds(unittest.TestCase):
    """A blind round's first run is recorded once and never rewritten; later runs go beside it; the report lists
    each round's first-run kill rate."""

    def setUp(self) -> None:
        self.directory = Path(tempfile.mkdtemp())
        self.saved = (pm.BLIND_ROUNDS, pm.REPORT_JSON, pm.REPORT_MD, pm.ROOT)
        pm.ROOT = self.directory
        pm.BLIND_ROUNDS = self.directory / "rounds"
        pm.BLIND_ROUNDS.mkdir()
        pm.REPORT_JSON = self.directory / "report.json"
        pm.REPORT_MD = self.directory / "report.md"
        pm.REPORT_JSON.write_text(json.dumps({"mutants": []}))
        self.catalogue = pm.BLIND_ROUNDS / "round-1.json"

    def tearDown(self) -> None:
        pm.BLIND_ROUNDS, pm.REPORT_JSON, pm.REPORT_MD, pm.ROOT = self.saved
        shutil.rmtree(self.directory)

    @staticmethod
    def run_of(*verdicts: str) -> dict[str, Any]:
        return {"date": "2026-11-26", "seconds": 1, "mutants": [
            {"id": f"blind1-{n:02}", "area": "gate", "operator": "comparison", "site": "x.swift:1",
             "description": "a bug", "verdict": verdict, "killedBy": []} for n, verdict in enumerate(verdicts, 1)]}

    def test_the_first_run_is_kept_and_later_runs_go_beside_it(self) -> None:
        pm.record_blind_round(self.catalogue, self.run_of("killed", "survived", "survived", "killed"), 4)
        first = pm.BLIND_ROUNDS / "round-1.first-run.json"
        kept = first.read_text()
        pm.record_blind_round(self.catalogue, self.run_of("killed", "killed", "killed", "killed"), 4)
        self.assertEqual(first.read_text(), kept)
        self.assertTrue((pm.BLIND_ROUNDS / "round-1.latest.json").is_file())
        report = pm.REPORT_MD.read_text()
        row = next(line for line in report.splitlines() if line.startswith("| round-1 |"))
        self.assertIn("| 4 | 2 | **50.0%** |", row)
        self.assertIn("4 of 4 (2026-11-26)", row)
        self.assertIn("`blind1-02`, `blind1-03`", row)

    def test_a_partial_rerun_updates_only_its_mutants_in_the_latest_record(self) -> None:
        pm.record_blind_round(self.catalogue, self.run_of("killed", "survived", "survived"), 3)
        rerun = self.run_of("killed", "killed")  # blind1-01 and blind1-02 rerun; blind1-03 kept as it was
        pm.record_blind_round(self.catalogue, {**rerun, "mutants": rerun["mutants"][1:]}, 1, partial=True)
        latest = json.loads((pm.BLIND_ROUNDS / "round-1.latest.json").read_text())
        self.assertEqual([m["verdict"] for m in latest["mutants"]], ["killed", "killed", "survived"])
        self.assertEqual(latest["reruns"][0]["ids"], ["blind1-02"])
        first = json.loads((pm.BLIND_ROUNDS / "round-1.first-run.json").read_text())
        self.assertEqual([m["verdict"] for m in first["mutants"]], ["killed", "survived", "survived"])

    def test_a_partial_run_never_stands_for_the_first_run(self) -> None:
        pm.record_blind_round(self.catalogue, self.run_of("killed"), 1, partial=True)
        self.assertFalse((pm.BLIND_ROUNDS / "round-1.first-run.json").exists())

    def test_no_round_no_section(self) -> None:
        self.assertEqual(pm.blind_round_lines(), [])

    def test_rounds_are_listed_in_number_order(self) -> None:
        for number in (10, 2):
            pm.record_blind_round(pm.BLIND_ROUNDS / f"round-{number}.json", self.run_of("killed"), 1)
        rows = [line.split(" | ")[0] for line in pm.blind_round_lines() if line.startswith("| round-")]
        self.assertEqual(rows, ["| round-2", "| round-10"])


class CommittedCatalogue(unittest.TestCase):
    def test_every_site_resolves(self) -> None:
        result = subprocess.run([sys.executable, str(ROOT / "Scripts" / "mutation" / "product_mutation.py"), "--check"],
                                capture_output=True, text=True)
        self.assertEqual(result.returncode, 0, result.stderr)

    def test_the_committed_report_is_its_json_rendered(self) -> None:
        # docs/generated/: the Markdown report is written from the JSON one, never by hand.
        self.assertEqual(pm.REPORT_MD.read_text(), pm.render_markdown(json.loads(pm.REPORT_JSON.read_text())),
                         "run python3 Scripts/mutation/product_mutation.py --render")

    def test_the_eleven_planted_bugs_are_there_and_at_least_150_mutants(self) -> None:
        mutants = pm.load_catalogue()
        ids = {m.id for m in mutants}
        self.assertTrue({f"planted-{n:02}" for n in range(1, 12)} <= ids)
        self.assertGreaterEqual(len(mutants), 150)
        self.assertEqual({m.area for m in mutants}, set(pm.AREAS))


if __name__ == "__main__":
    unittest.main()
