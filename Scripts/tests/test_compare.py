"""Scripts/compare.py's logic: statuses (lenient from alsoAccepted), answered verdicts, classification, the CI
comparison with the committed report, and the page's embedding. Standard library only."""

import importlib.util
import json
import unittest
from pathlib import Path

SPEC = importlib.util.spec_from_file_location("compare", Path(__file__).resolve().parent.parent / "compare.py")
compare = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(compare)

REJECTED = {"result": "rejected", "reason": "headerType"}
ACCEPTED = {"result": "accepted", "claims": {"exp": 1767229200}}


def result(outcome, actual=None, kind=None, message=None, vector_id="signed-token::typ::missing"):
    out = {"id": vector_id, "family": "signed-token", "severity": "high", "outcome": outcome}
    if actual is not None:
        out["actual"] = json.dumps(actual)
        out["expected"] = json.dumps(REJECTED)
    if kind:
        out["failureKind"] = kind
    if message:
        out["message"] = message
    return out


class Statuses(unittest.TestCase):
    def test_runner_outcomes(self):
        self.assertEqual(compare.status_of(result("pass"), None), "pass")
        self.assertEqual(compare.status_of(result("lenient"), None), "lenient")
        self.assertEqual(compare.status_of(result("skip"), None), "skipped")
        for outcome in ("error", "crash", "hang"):
            self.assertEqual(compare.status_of(result(outcome), None), "fail")

    def test_a_failure_answering_an_also_accepted_outcome_is_lenient(self):
        vector = {"expected": REJECTED, "alsoAccepted": [{"result": "accepted", "claims": {"exp": 1767229200.0}}]}
        self.assertEqual(compare.status_of(result("fail", ACCEPTED, "wrong-verdict"), vector), "lenient")
        self.assertEqual(compare.status_of(result("fail", ACCEPTED, "wrong-verdict"), {"expected": REJECTED}), "fail")
        other = {"result": "rejected", "reason": "badJSON"}
        self.assertEqual(compare.status_of(result("fail", other, "wrong-reason"), vector), "fail")


class Verdicts(unittest.TestCase):
    def test_answered(self):
        self.assertEqual(compare.answered_verdict(result("fail", ACCEPTED)), "accepted")
        self.assertEqual(compare.answered_verdict(result("fail", REJECTED)), "rejected(headerType)")
        claim = {"result": "rejected", "reason": "missingClaim", "claim": "sub"}
        self.assertEqual(compare.answered_verdict(result("fail", claim)), "rejected(missingClaim:sub)")

    def test_an_answer_outside_the_shape_was_an_acceptance(self):
        message = "the answer is not a signed-token outcome: $.claims.aud: expected a string"
        self.assertTrue(compare.answered_verdict(result("error", message=message)).startswith("accepted"))
        self.assertEqual(compare.answered_verdict(result("error", message="the adapter reported an error: X")), "error")


CLASSIFICATIONS = {
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
    def classify(self, implementation, variant, entry):
        return compare.classify(CLASSIFICATIONS, implementation, variant, entry, None, compare.answered_verdict(entry))

    def test_first_matching_finding_wins(self):
        entry = result("fail", ACCEPTED, "wrong-verdict")
        self.assertEqual(self.classify("lib", "library", entry)["finding"], "typ-only-library")
        self.assertEqual(self.classify("lib", "library+adapter-checks", entry)["finding"], "anything-else-typ")
        self.assertEqual(self.classify("other", "library", entry)["finding"], "anything-else-typ")

    def test_verdict_filter(self):
        entry = result("fail", {"result": "rejected", "reason": "badJSON"}, "wrong-reason")
        self.assertEqual(self.classify("lib", "library", entry)["finding"], "anything-else-typ")

    def test_defaults_and_unclassified(self):
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


def report(source, version, statuses):
    results = [{"id": vector_id, "family": "signed-token", "severity": "high", "status": status,
                "answered": "accepted"} for vector_id, status in statuses.items()]
    run = {"variant": "library", "profile": "documented", "results": results}
    return {"implementations": [{"id": "x", "source": source, "version": version, "runs": [run]}]}


class CheckAgainstCommitted(unittest.TestCase):
    def test_same_verdicts(self):
        self.assertEqual(compare.check_against(report("pip", "1", {"a": "pass"}), report("pip", "1", {"a": "pass"})),
                         ([], []))

    def test_a_pip_implementation_that_changes_fails(self):
        problems, notes = compare.check_against(report("pip", "1", {"a": "pass"}), report("pip", "1", {"a": "fail"}))
        self.assertEqual(len(problems), 1)
        self.assertIn("a: committed pass, now fail: accepted", problems[0])
        self.assertEqual(notes, [])

    def test_a_debian_version_change_is_reported_not_failed(self):
        problems, notes = compare.check_against(report("debian", "1", {"a": "pass"}),
                                                report("debian", "2", {"a": "fail"}))
        self.assertEqual(problems, [])
        self.assertIn("installed 2, committed report has 1", notes[0])

    def test_a_debian_change_at_the_same_version_fails(self):
        problems, _ = compare.check_against(report("debian", "1", {"a": "pass"}), report("debian", "1", {"a": "fail"}))
        self.assertEqual(len(problems), 1)

    def test_an_implementation_missing_from_the_committed_report_fails(self):
        committed = {"implementations": []}
        problems, _ = compare.check_against(committed, report("pip", "1", {"a": "pass"}))
        self.assertEqual(len(problems), 1)


class Rendering(unittest.TestCase):
    def test_script_safe(self):
        self.assertNotIn("</", compare.script_safe({"x": "</script><script>alert(1)</script>"}))
        self.assertEqual(json.loads(compare.script_safe({"x": "</b>"})), {"x": "</b>"})

    def test_badge(self):
        run = {"counts": {"pass": 9, "lenient": 1, "fail": 0, "skipped": 5}}
        self.assertEqual(compare.badge(run, "L"), {"schemaVersion": 1, "label": "L", "message": "10/10 passed",
                                                   "color": "brightgreen"})
        run = {"counts": {"pass": 5, "lenient": 0, "fail": 5, "skipped": 0}}
        self.assertEqual(compare.badge(run, "L")["color"], "red")

    def test_certificates_are_summarised_in_the_page(self):
        vector = {"input": {"token": "t", "keys": {"jwks": {"keys": []}, "certificates": {"k": "-----BEGIN"}}}}
        shown = compare.shown_input(vector)
        self.assertEqual(shown["keys"]["certificates"], {"k": "(PEM certificate, see the vector file)"})
        self.assertEqual(vector["input"]["keys"]["certificates"], {"k": "-----BEGIN"})


class CommittedReport(unittest.TestCase):
    """The committed Implementations/report/report.json against Implementations/report.schema.json."""

    def test_it_validates(self):
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
