"""Scripts/interop/compare.py's logic: statuses (lenient from alsoAccepted), answered verdicts, classification, the CI
comparison with the committed report, and the page's embedding. Standard library only."""

import importlib.util
import json
import unittest
from pathlib import Path
from typing import Any

SPEC = importlib.util.spec_from_file_location("compare", Path(__file__).resolve().parents[1] / "interop" / "compare.py")
assert SPEC is not None and SPEC.loader is not None
compare = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(compare)

REJECTED = {"result": "rejected", "reason": "headerType"}
ACCEPTED = {"result": "accepted", "claims": {"exp": 1767229200}}


def result(outcome: str, actual: Any = None, kind: str | None = None, message: str | None = None,
           vector_id: str = "signed-token::typ::missing") -> dict[str, Any]:
    out: dict[str, Any] = {"id": vector_id, "family": "signed-token", "severity": "high", "outcome": outcome}
    if actual is not None:
        out["actual"] = json.dumps(actual)
        out["expected"] = json.dumps(REJECTED)
    if kind:
        out["failureKind"] = kind
    if message:
        out["message"] = message
    return out


class Statuses(unittest.TestCase):
    def test_runner_outcomes(self) -> None:
        self.assertEqual(compare.status_of(result("pass"), None), "pass")
        self.assertEqual(compare.status_of(result("lenient"), None), "lenient")
        self.assertEqual(compare.status_of(result("skip"), None), "skipped")
        for outcome in ("error", "crash", "hang"):
            self.assertEqual(compare.status_of(result(outcome), None), "fail")

    def test_a_failure_answering_an_also_accepted_outcome_is_lenient(self) -> None:
        vector = {"expected": REJECTED, "alsoAccepted": [{"result": "accepted", "claims": {"exp": 1767229200.0}}]}
        self.assertEqual(compare.status_of(result("fail", ACCEPTED, "wrong-verdict"), vector), "lenient")
        self.assertEqual(compare.status_of(result("fail", ACCEPTED, "wrong-verdict"), {"expected": REJECTED}), "fail")
        other = {"result": "rejected", "reason": "badJSON"}
        self.assertEqual(compare.status_of(result("fail", other, "wrong-reason"), vector), "fail")


class Verdicts(unittest.TestCase):
    def test_answered(self) -> None:
        self.assertEqual(compare.answered_verdict(result("fail", ACCEPTED)), "accepted")
        self.assertEqual(compare.answered_verdict(result("fail", REJECTED)), "rejected(headerType)")
        claim = {"result": "rejected", "reason": "missingClaim", "claim": "sub"}
        self.assertEqual(compare.answered_verdict(result("fail", claim)), "rejected(missingClaim:sub)")

    def test_an_answer_outside_the_shape_was_an_acceptance(self) -> None:
        message = "the answer is not a signed-token outcome: $.claims.aud: expected a string"
        self.assertTrue(compare.answered_verdict(result("error", message=message)).startswith("accepted"))
        self.assertEqual(compare.answered_verdict(result("error", message="the adapter reported an error: X")), "error")

    def test_an_undeclared_reason_is_a_refusal_not_an_acceptance(self) -> None:
        message = ('the answer is not a token-claims outcome: $.reason: "headerCritical" is not one of: malformed, '
                   'headerAlgorithm')
        self.assertEqual(compare.answered_verdict(result("error", message=message)),
                         "rejected(headerCritical, a reason the family does not declare)")


CLASSIFICATIONS: dict[str, Any] = {
    "defaults": {"wrong-reason": {"id": "mapping-limit", "kind": "mapping-limit", "finding": "mapping-limit"},
                 "error": {"id": "mapping-limit-error", "kind": "mapping-limit", "finding": "mapping-limit-error"}},
    "findings": [
        {"id": "typ-only-library", "kind": "weakness", "severity": "low",
         "matches": [{"implementations": ["lib"], "variants": ["library"], "vectors": ["signed-token::typ::*"],
                      "verdicts": ["accepted*"]}]},
        {"id": "anything-else-typ", "kind": "suite-stricter",
         "matches": [{"vectors": ["signed-token::typ::*"]}]},
    ],
}


class Classification(unittest.TestCase):
    def classify(self, implementation: str, variant: str, entry: dict[str, Any]) -> dict[str, Any]:
        return compare.classify(CLASSIFICATIONS, implementation, variant, entry, None, compare.answered_verdict(entry))

    def test_first_matching_finding_wins(self) -> None:
        entry = result("fail", ACCEPTED, "wrong-verdict")
        self.assertEqual(self.classify("lib", "library", entry)["finding"], "typ-only-library")
        self.assertEqual(self.classify("lib", "library+adapter-checks", entry)["finding"], "anything-else-typ")
        self.assertEqual(self.classify("other", "library", entry)["finding"], "anything-else-typ")

    def test_verdict_filter(self) -> None:
        entry = result("fail", {"result": "rejected", "reason": "badJSON"}, "wrong-reason")
        self.assertEqual(self.classify("lib", "library", entry)["finding"], "anything-else-typ")

    def test_defaults_and_unclassified(self) -> None:
        entry = result("fail", {"result": "rejected", "reason": "badJSON"}, "wrong-reason",
                       vector_id="signed-token::kid::empty")
        self.assertEqual(self.classify("lib", "library", entry)["kind"], "mapping-limit")
        refused = result("error", kind="error", message="the adapter reported an error: X",
                         vector_id="signed-token::kid::empty")
        self.assertEqual(self.classify("lib", "library", refused)["finding"], "mapping-limit-error")
        accepted = result("error", kind="error", message="the answer is not a signed-token outcome: $.claims",
                          vector_id="signed-token::kid::empty")
        self.assertEqual(self.classify("lib", "library", accepted)["kind"], "unclassified")
        wrong = result("fail", ACCEPTED, "wrong-verdict", vector_id="signed-token::kid::empty")
        self.assertEqual(self.classify("lib", "library", wrong)["kind"], "unclassified")


def report(source: str, version: str, statuses: dict[str, str]) -> dict[str, Any]:
    results = [{"id": vector_id, "family": "signed-token", "severity": "high", "status": status,
                "answered": "accepted"} for vector_id, status in statuses.items()]
    run = {"variant": "library", "profile": "documented", "results": results}
    return {"implementations": [{"id": "x", "source": source, "version": version, "runs": [run]}]}


class CheckAgainstCommitted(unittest.TestCase):
    def test_same_verdicts(self) -> None:
        self.assertEqual(compare.check_against(report("pip", "1", {"a": "pass"}), report("pip", "1", {"a": "pass"})),
                         ([], []))

    def test_a_pip_implementation_that_changes_fails(self) -> None:
        problems, notes = compare.check_against(report("pip", "1", {"a": "pass"}), report("pip", "1", {"a": "fail"}))
        self.assertEqual(len(problems), 1)
        self.assertIn("a: committed pass, now fail: accepted", problems[0])
        self.assertEqual(notes, [])

    def test_a_debian_version_change_is_reported_not_failed(self) -> None:
        problems, notes = compare.check_against(report("debian", "1", {"a": "pass"}),
                                                report("debian", "2", {"a": "fail"}))
        self.assertEqual(problems, [])
        self.assertIn("installed 2, committed report has 1", notes[0])

    def test_a_debian_change_at_the_same_version_fails(self) -> None:
        problems, _ = compare.check_against(report("debian", "1", {"a": "pass"}), report("debian", "1", {"a": "fail"}))
        self.assertEqual(len(problems), 1)

    def test_a_vector_declared_unstable_is_noted_not_failed(self) -> None:
        unstable = {"unstable": [{"id": "x-order", "why": "a hash set's order",
                                  "matches": [{"implementations": ["x"], "variants": ["library"], "vectors": ["a"]}]}]}
        problems, notes = compare.check_against(report("pip", "1", {"a": "pass", "b": "pass"}),
                                                report("pip", "1", {"a": "fail", "b": "pass"}), unstable)
        self.assertEqual(problems, [])
        self.assertIn("declared unstable, changed: a", notes[0])
        # Only the declared vector: another change still fails.
        problems, _ = compare.check_against(report("pip", "1", {"a": "pass", "b": "pass"}),
                                            report("pip", "1", {"a": "fail", "b": "fail"}), unstable)
        self.assertEqual(len(problems), 1)
        self.assertNotIn("  a:", problems[0])

    def test_an_implementation_missing_from_the_committed_report_fails(self) -> None:
        committed: dict[str, Any] = {"implementations": []}
        problems, _ = compare.check_against(committed, report("pip", "1", {"a": "pass"}))
        self.assertEqual(len(problems), 1)


class Rendering(unittest.TestCase):
    def test_script_safe(self) -> None:
        self.assertNotIn("</", compare.script_safe({"x": "</script><script>alert(1)</script>"}))
        self.assertEqual(json.loads(compare.script_safe({"x": "</b>"})), {"x": "</b>"})

    def test_badge(self) -> None:
        run = {"counts": {"pass": 9, "lenient": 1, "fail": 0, "skipped": 5}}
        self.assertEqual(compare.badge(run, "L"), {"schemaVersion": 1, "label": "L", "message": "10/10 passed",
                                                   "color": "brightgreen"})
        run = {"counts": {"pass": 5, "lenient": 0, "fail": 5, "skipped": 0}}
        self.assertEqual(compare.badge(run, "L")["color"], "red")

    def test_certificates_are_summarised_in_the_page(self) -> None:
        vector: dict[str, Any] = {"input": {"token": "t", "keys": {"jwks": {"keys": []},
                                                                   "certificates": {"k": "-----BEGIN"}}}}
        shown = compare.shown_input(vector)
        self.assertEqual(shown["keys"]["certificates"], {"k": "(PEM certificate, see the vector file)"})
        self.assertEqual(vector["input"]["keys"]["certificates"], {"k": "-----BEGIN"})


def failing(vector_id: str, kind: str, severity: str | None = None, finding: str | None = None) -> dict[str, Any]:
    return {"id": vector_id, "family": "signed-token", "severity": "high", "status": "fail",
            "classification": {"kind": kind, "severity": severity, "finding": finding}}


def judged_report(library_results: list[dict[str, Any]],
                  checked_results: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    runs = [{"variant": compare.VARIANT_LIBRARY, "profile": "documented", "results": library_results}]
    if checked_results is not None:
        runs.append({"variant": compare.VARIANT_CHECKS, "profile": "documented", "results": checked_results})
    report: dict[str, Any] = {"implementations": [{"id": "x", "adapterChecks": ["nonce", "alg"], "runs": runs}],
              "findings": [{"id": "no-nonce", "title": "No nonce check"}, {"id": "crit", "title": "crit ignored"}]}
    return [run["judgement"] for run in compare.judge(report)["implementations"][0]["runs"]]


class RunVerdicts(unittest.TestCase):
    """Each run's verdict from its classified failures (compare.judge)."""

    passing: dict[str, Any] = {"id": "v", "family": "signed-token", "severity": "low", "status": "pass"}

    def test_no_failure_is_safe_as_configured(self) -> None:
        (library,) = judged_report([self.passing])
        self.assertEqual((library["verdict"], library["worst"]), ("safe", None))

    def test_lesser_weaknesses_and_mapping_limits_keep_a_run_safe(self) -> None:
        (library,) = judged_report([failing("a", "weakness", "medium", "crit"), failing("b", "mapping-limit"),
                                    failing("c", "suite-stricter")])
        self.assertEqual(library["verdict"], "safe")
        self.assertEqual(library["worst"], {"finding": "crit", "severity": "medium", "title": "crit ignored", "vectors": 1})
        self.assertEqual(library["classified"], {"weakness": {"critical": 0, "high": 0, "medium": 1, "low": 0},
                                                 "unclassified": 0, "suite-stricter": 1, "mapping-limit": 1})

    def test_a_critical_weakness_the_checks_remove_is_safe_with_the_checks(self) -> None:
        library, checked = judged_report([failing("a", "weakness", "critical", "no-nonce"),
                                          failing("b", "weakness", "medium", "crit")],
                                         [failing("b", "weakness", "medium", "crit")])
        self.assertEqual(library["verdict"], "safe-with-checks")
        self.assertEqual(library["checks"], ["nonce", "alg"])
        self.assertEqual(library["worst"]["finding"], "no-nonce")
        self.assertEqual(checked["verdict"], "safe-with-checks")
        self.assertEqual(checked["worst"]["finding"], "crit")

    def test_a_high_weakness_left_with_the_checks_is_unsafe_both_ways(self) -> None:
        library, checked = judged_report([failing("a", "weakness", "critical", "no-nonce")],
                                         [failing("a", "weakness", "high", "no-nonce")])
        self.assertEqual((library["verdict"], checked["verdict"]), ("unsafe", "unsafe"))
        self.assertNotIn("checks", library)

    def test_without_a_checks_run_a_critical_weakness_is_unsafe(self) -> None:
        (library,) = judged_report([failing("a", "weakness", "critical", "no-nonce")])
        self.assertEqual(library["verdict"], "unsafe")

    def test_an_unclassified_failure_is_not_judged(self) -> None:
        library, checked = judged_report([failing("a", "unclassified")], [self.passing])
        self.assertEqual(library["verdict"], "unjudged")
        library, _ = judged_report([failing("a", "weakness", "critical", "no-nonce")], [failing("a", "unclassified")])
        self.assertEqual(library["verdict"], "unsafe")

    def test_the_worst_is_the_most_severe_then_the_most_vectors(self) -> None:
        (library,) = judged_report([failing("a", "weakness", "medium", "crit"), failing("b", "weakness", "medium", "crit"),
                                    failing("c", "weakness", "high", "no-nonce")])
        self.assertEqual((library["worst"]["finding"], library["worst"]["severity"]), ("no-nonce", "high"))
        (library,) = judged_report([failing("a", "weakness", "low", "crit"), failing("b", "weakness", "low", "no-nonce"),
                                    failing("c", "weakness", "low", "no-nonce")])
        self.assertEqual(library["worst"]["vectors"], 2)


class CommittedReport(unittest.TestCase):
    """The committed Implementations/report/report.json against Implementations/report.schema.json."""

    def test_it_validates(self) -> None:
        try:
            import jsonschema
        except ImportError:
            self.skipTest("jsonschema is not installed (Scripts/requirements.txt)")
        root = Path(__file__).resolve().parent.parent.parent
        schema = json.loads((root / "Implementations" / "report.schema.json").read_text(encoding="utf-8"))
        report = json.loads((root / "Implementations" / "report" / "report.json").read_text(encoding="utf-8"))
        jsonschema.Draft202012Validator(schema).validate(report)
        self.assertEqual(report["unclassified"], [])
        kinds = {finding["kind"] for finding in report["findings"]}
        self.assertIn("social-auth-core-ignores-nonce", {finding["id"] for finding in report["findings"]})
        self.assertTrue(kinds <= {"weakness", "mapping-limit", "suite-stricter"})


if __name__ == "__main__":
    unittest.main()
