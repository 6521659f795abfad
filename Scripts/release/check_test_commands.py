#!/usr/bin/env python3
"""Both test commands together run every test exactly once, and no parameterized test is too large.

The README has two test commands: `swift test` (fast) and the slow command
(`LOGIN_CONFORMANCE_SLOW_TESTS=1 swift test --skip-build --filter SlowTests`, Tests/LoginConformanceTestSupport/SlowCommand.swift).
Given the output of each, this fails when

  - a test or suite `swift test` skipped did not pass in the slow command (it runs in neither: a `.slow` test outside
    a type named `...SlowTests`, or a test disabled for another reason);
  - a test ran in both (a `...SlowTests` type without the `.slow` trait costs `swift test` its time twice);
  - a parameterized test has more than MAXIMUM_CASES cases (Swift Testing slows down beyond that; BENCHMARKS.md);
  - either log has no closing line, or a failed test.

    python3 Scripts/release/check_test_commands.py --fast reports/swift-test.log --slow reports/swift-test-slow.log
"""
from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

MAXIMUM_CASES = 2_000

# Swift Testing's console lines (Swift 6.3): a symbol, "Test" or "Suite", the display name (quoted) or the function
# name, then what happened.
EVENT = re.compile(r'^\S+ (?P<kind>Test|Suite) (?P<name>"(?:[^"\\]|\\.)*"|[^\s"]\S*) '
                   r'(?:with (?P<cases>\d+) test cases? )?(?P<event>passed|failed|skipped|recorded)(?P<rest>.*)$')
CLOSING = re.compile(r'Test run with \d+ tests? ')


@dataclass
class TestLog:
    """What one command's output says about each test and suite."""
    path: str
    passed: set[str] = field(default_factory=set)
    failed: set[str] = field(default_factory=set)
    skipped: dict[str, str] = field(default_factory=dict)
    cases: dict[str, int] = field(default_factory=dict)
    closed: bool = False

    @classmethod
    def read(cls, path: Path) -> "TestLog":
        log = cls(str(path))
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            if CLOSING.search(line):
                log.closed = True
                continue
            match = EVENT.match(line)
            if not match or match["event"] == "recorded":
                continue
            name = f'{match["kind"]} {match["name"]}'
            if match["event"] == "passed":
                log.passed.add(name)
            elif match["event"] == "failed":
                log.failed.add(name)
            else:
                log.skipped[name] = match["rest"].lstrip(": ")
            if match["cases"]:
                log.cases[name] = int(match["cases"])
        return log


def problems(fast: TestLog, slow: TestLog) -> list[str]:
    found: list[str] = []
    for log in (fast, slow):
        if not log.closed:
            found.append(f"{log.path}: no closing 'Test run with …' line: the command did not finish")
        found += [f"{log.path}: {name} failed" for name in sorted(log.failed)]
        found += [f"{log.path}: {name} has {count:,} cases, more than {MAXIMUM_CASES:,}"
                  for name, count in sorted(log.cases.items()) if count > MAXIMUM_CASES]
    for name, reason in sorted(fast.skipped.items()):
        if name not in slow.passed:
            found.append(f"{name} runs in neither command: swift test skipped it ({reason}) and the slow command "
                         f"did not pass it (a slow test belongs to a type whose name ends in SlowTests)")
    for name in sorted(tests_of(fast.passed) & tests_of(slow.passed | slow.failed)):
        found.append(f"{name} runs in both commands: give it the .slow trait or move it out of its SlowTests type")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fast", type=Path, required=True, help="the output of swift test")
    parser.add_argument("--slow", type=Path, required=True, help="the output of the slow command")
    arguments = parser.parse_args(argv)
    fast, slow = TestLog.read(arguments.fast), TestLog.read(arguments.slow)
    found = problems(fast, slow)
    for problem in found:
        print(f"error: {problem}", file=sys.stderr)
    if found:
        return 1
    largest = max([*fast.cases.values(), *slow.cases.values()], default=0)
    print(f"test commands: swift test passed {len(tests_of(fast.passed))} tests and skipped {len(fast.skipped)} "
          f"(suites and tests), each passed by the slow command ({len(tests_of(slow.passed))} tests); none ran in both; "
          f"largest parameterized test {largest:,} cases (at most {MAXIMUM_CASES:,})")
    return 0


def tests_of(names: set[str]) -> set[str]:
    return {name for name in names if name.startswith("Test ")}


if __name__ == "__main__":
    sys.exit(main())
