"""completeness_round.py with a stand-in validator and a stand-in login-conformance: what counts as a kill, and the
first run written once."""
from __future__ import annotations

import json
import sys
import tempfile
import unittest
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "mutation"))

import completeness_round  # noqa: E402

# --list: two bugs in two profiles.
VALIDATOR = '''\
import json, sys
if sys.argv[1:] == ["--list"]:
    print(json.dumps({"name": "lenient-typ", "profile": "documented", "description": "accepts typ jwt (TOKEN-3)"}))
    print(json.dumps({"name": "skips-nonce", "profile": "ios-sdk", "description": "never compares the nonce (TOKEN-9)"}))
'''

# The stand-in runner writes results by the adapter command's bug and the --profile: the base fails v1 in both
# profiles; lenient-typ also fails v2; skips-nonce fails only what its base fails (a survivor).
RUNNER = '''\
import json, sys
arguments = sys.argv[1:]
adapter = arguments[arguments.index("--adapter") + 1]
profile = arguments[arguments.index("--profile") + 1]
report = arguments[arguments.index("--report-json") + 1]
failing = {"v1"} | ({"v2"} if "lenient-typ" in adapter else set())
results = [{"id": id, "outcome": "fail" if id in failing else "pass"} for id in ("v1", "v2", "v3")]
json.dump({"suiteVersion": "9.9.9", "profile": profile, "results": results}, open(report, "w"))
sys.exit(1)
'''


class CompletenessRound(unittest.TestCase):
    def setUp(self) -> None:
        self.directory = tempfile.TemporaryDirectory()
        root = Path(self.directory.name)
        validator = root / "rounds" / "round-1" / "signed-token" / "validator.py"
        validator.parent.mkdir(parents=True)
        validator.write_text(VALIDATOR)
        runner = root / "login-conformance"
        runner.write_text(f"#!{sys.executable}\n" + RUNNER)
        runner.chmod(0o755)
        for patch in (mock.patch.object(completeness_round, "ROUNDS", root / "rounds"),
                      mock.patch.object(completeness_round, "PYTHON", Path(sys.executable)),
                      mock.patch.object(completeness_round, "cli", lambda: runner),
                      mock.patch.object(completeness_round, "head_commit", lambda: "abc1234")):
            patch.start()
            self.addCleanup(patch.stop)
        self.folder = root / "rounds" / "round-1"

    def tearDown(self) -> None:
        self.directory.cleanup()

    def test_a_bug_is_killed_only_by_vectors_its_base_passes(self) -> None:
        run = completeness_round.measure(1, None, None)
        self.assertEqual(run["suiteVersion"], "9.9.9")
        self.assertEqual([(base["profile"], base["fails"]) for base in run["bases"]],
                         [("documented", ["v1"]), ("ios-sdk", ["v1"])])
        self.assertEqual({bug["name"]: bug["killers"] for bug in run["bugs"]},
                         {"signed-token.lenient-typ": ["v2"], "signed-token.skips-nonce": []})
        self.assertEqual(run["bugs"][0]["description"], "accepts typ jwt (TOKEN-3)")

    def test_a_first_run_is_written_once(self) -> None:
        with mock.patch("sys.stdout"):
            self.assertEqual(completeness_round.first_run(1, None), 0)
        record = json.loads((self.folder / "harness.first-run.json").read_text())
        self.assertEqual([run["commit"] for run in record["runs"]], ["abc1234"])
        with mock.patch("sys.stderr"):
            self.assertEqual(completeness_round.first_run(1, None), 2)
        self.assertEqual(json.loads((self.folder / "harness.first-run.json").read_text()), record)

    def test_latest_check_fails_when_stale(self) -> None:
        with mock.patch("sys.stderr"):
            self.assertEqual(completeness_round.latest(1, check=True), 1)
        with mock.patch("sys.stdout"):
            self.assertEqual(completeness_round.latest(1, check=False), 0)
        self.assertEqual(completeness_round.latest(1, check=True), 0)
        self.assertNotIn("commit", json.loads((self.folder / "harness.latest.json").read_text())["runs"][0])


if __name__ == "__main__":
    unittest.main()
