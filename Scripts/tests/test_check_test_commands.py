"""check_test_commands.py on small logs in Swift Testing's console format: every test in exactly one command."""
from __future__ import annotations

import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "release"))

import check_test_commands  # noqa: E402

FAST = '''\
◇ Test run started.
◇ Test "a fast test" started.
✔ Test "a fast test" passed after 0.010 seconds.
✔ Test "a parameterized test" with 3 test cases passed after 0.020 seconds.
✘ Test "a parameterized test" recorded an issue with 1 argument value → 2 at File.swift:1:1: Issue recorded
➜ Test "a slow test" skipped: "slow: LOGIN_CONFORMANCE_SLOW_TESTS=1 swift test --skip-build --filter SlowTests"
✔ Test functionName(argument:) passed after 0.001 seconds.
✔ Test run with 4 tests in 2 suites passed after 0.030 seconds.
'''
SLOW = '''\
◇ Test run started.
✔ Test "a slow test" passed after 9.000 seconds.
✔ Test run with 1 test in 1 suite passed after 9.000 seconds.
'''


class CheckTestCommands(unittest.TestCase):
    def problems(self, fast: str, slow: str) -> list[str]:
        with tempfile.TemporaryDirectory() as directory:
            paths = []
            for name, text in (("fast.log", fast), ("slow.log", slow)):
                path = Path(directory) / name
                path.write_text(text, encoding="utf-8")
                paths.append(path)
            return check_test_commands.problems(*(check_test_commands.TestLog.read(path) for path in paths))

    def test_each_test_in_one_command_passes(self) -> None:
        self.assertEqual(self.problems(FAST, SLOW), [])

    def test_a_skipped_test_the_slow_command_does_not_run_is_in_neither(self) -> None:
        slow = SLOW.replace('"a slow test"', '"another slow test"')
        self.assertEqual([p for p in self.problems(FAST, slow) if "neither" in p],
                         [p for p in self.problems(FAST, slow) if p.startswith('Test "a slow test" runs in neither')])
        self.assertEqual(len(self.problems(FAST, slow)), 1)

    def test_a_test_in_both_commands_is_reported(self) -> None:
        slow = SLOW.replace('✔ Test run with', '✔ Test functionName(argument:) passed after 0.001 seconds.\n✔ Test run with')
        self.assertEqual(self.problems(FAST, slow), [
            "Test functionName(argument:) runs in both commands: give it the .slow trait or move it out of its "
            "SlowTests type"])

    def test_more_than_2000_cases_is_reported(self) -> None:
        fast = FAST.replace("with 3 test cases", "with 2001 test cases")
        self.assertEqual(len(self.problems(fast, SLOW)), 1)
        self.assertIn("2,001 cases", self.problems(fast, SLOW)[0])

    def test_a_failure_or_an_unfinished_run_is_reported(self) -> None:
        fast = FAST.replace('✔ Test "a fast test" passed', '✘ Test "a fast test" failed')
        self.assertTrue(any('Test "a fast test" failed' in p for p in self.problems(fast, SLOW)))
        unfinished = SLOW.splitlines(keepends=True)[:-1]
        self.assertTrue(any("no closing" in p for p in self.problems(FAST, "".join(unfinished))))

    def test_a_quote_inside_a_name_is_not_an_event(self) -> None:
        fast = FAST.replace("◇ Test run started.", '◇ Test "a skipped answer is a skip" started.')
        self.assertEqual(self.problems(fast, SLOW), [])


if __name__ == "__main__":
    unittest.main()
