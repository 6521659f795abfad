#!/usr/bin/env python3
"""Completeness blind rounds, the harness lane.

A round's signed-token validators were written from Vectors/SPECIFICATION.md and Vectors/HARNESS.md alone, without
sight of the vectors: one adapter, Tests/CompletenessRounds/round-<N>/signed-token/validator.py, whose base
(`--profile P`) is its writer's best reading of the specification and whose `--bug NAME` turns on one realistic bug
(`--list` names them, each with the profile it claims).
This runs the base and every bug through `login-conformance run --adapter` against a suite and records, per bug, the
vectors it fails that its base passes: its killers (a bug with none survived). The in-process lane (the Swift
families) is recorded by the slow test command (`CompletenessRoundSlowTests`) in the same format.

Commands:
  python3 Scripts/mutation/completeness_round.py first-run --round 1 [--vectors DIR]
      measure the round against DIR (default: the bundled Vectors/) and add the run to harness.first-run.json;
      a suite version already there is never measured again (a first run is what was measured before any fix)
  python3 Scripts/mutation/completeness_round.py latest --round 1 [--check]
      measure against this tree's Vectors/ and write harness.latest.json (--check: exit 1 when it differs)

Exit status: 0 done (or current); 1 --check found the latest record stale; 2 a usage, adapter or build problem.
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
ROUNDS = ROOT / "Tests" / "CompletenessRounds"
FAMILY = "signed-token"
LANE = "harness"
PYTHON = ROOT / ".venv" / "bin" / "python"


@dataclass(frozen=True)
class Subject:
    """The base (bug None) or one bug of the round's validator."""

    bug: str | None
    profile: str
    description: str


def round_folder(number: int) -> Path:
    return ROUNDS / f"round-{number}"


def adapter_command(number: int, subject: Subject) -> str:
    """`validator.py --bug NAME` (its handshake declares the bug's profile), or `validator.py --profile P` for the
    base in profile P."""
    validator = round_folder(number) / FAMILY / "validator.py"
    knob = ["--bug", subject.bug] if subject.bug else ["--profile", subject.profile]
    return shlex.join([str(PYTHON), str(validator), *knob])


def subjects(number: int) -> list[Subject]:
    """The base in each profile a bug claims, then every bug as `--list` gives it."""
    listing = subprocess.run(
        [str(PYTHON), str(round_folder(number) / FAMILY / "validator.py"), "--list"],
        capture_output=True, text=True, check=True,
    ).stdout
    bugs = [json.loads(line) for line in listing.splitlines() if line.strip()]
    profiles = sorted({bug["profile"] for bug in bugs})
    return [Subject(None, profile, "") for profile in profiles] + [
        Subject(bug["name"], bug["profile"], bug["description"]) for bug in bugs
    ]


def cli() -> Path:
    """The built login-conformance executable (built here when missing or stale)."""
    subprocess.run(["swift", "build", "--product", "login-conformance"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout.strip()
    return Path(path) / "login-conformance"


def failures(tool: Path, number: int, subject: Subject, vectors: Path | None) -> tuple[str, int, list[str]]:
    """The suite version, the vectors checked and the IDs of those the subject fails or errors on."""
    with tempfile.TemporaryDirectory(prefix="completeness-round-") as scratch:
        report = Path(scratch) / "results.json"
        command = [str(tool), "run", "--adapter", adapter_command(number, subject), "--family", FAMILY,
                   "--profile", subject.profile, "--report-json", str(report)]
        if vectors is not None:
            command += ["--vectors", str(vectors)]
        finished = subprocess.run(command, capture_output=True, text=True)
        if not report.exists():
            raise SystemExit(f"{subject.bug or 'base'}: login-conformance wrote no results "
                             f"(exit {finished.returncode}):\n{finished.stdout}{finished.stderr}")
        results: dict[str, Any] = json.loads(report.read_text())
    ids = [result["id"] for result in results["results"] if result["outcome"] in ("fail", "error")]
    return results["suiteVersion"], len(results["results"]), ids


def measure(number: int, vectors: Path | None, commit: str | None) -> dict[str, Any]:
    """One run of the base and every bug: the record's `runs` entry."""
    tool = cli()
    everyone = subjects(number)
    with ThreadPoolExecutor(max_workers=2) as pool:
        outcomes = list(pool.map(lambda subject: failures(tool, number, subject, vectors), everyone))
    versions = {version for version, _, _ in outcomes}
    if len(versions) != 1:
        raise SystemExit(f"the runs read different suites: {sorted(versions)}")
    bases = {subject.profile: outcome for subject, outcome in zip(everyone, outcomes) if subject.bug is None}
    run: dict[str, Any] = {
        "suiteVersion": versions.pop(),
        "bases": [{"family": FAMILY, "profile": profile, "checked": checked, "fails": fails}
                  for profile, (_, checked, fails) in sorted(bases.items())],
        "bugs": [],
    }
    if commit is not None:
        run["commit"] = commit
    for subject, (_, checked, fails) in zip(everyone, outcomes):
        if subject.bug is None:
            continue
        base_fails = set(bases[subject.profile][2])
        run["bugs"].append({
            "name": f"{FAMILY}.{subject.bug}", "family": FAMILY, "profile": subject.profile,
            "description": subject.description, "checked": checked,
            "killers": [vector for vector in fails if vector not in base_fails],
        })
    return run


def record_text(record: dict[str, Any]) -> str:
    return json.dumps(record, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def head_commit() -> str:
    return subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout.strip()


def first_run(number: int, vectors: Path | None) -> int:
    path = round_folder(number) / f"{LANE}.first-run.json"
    record: dict[str, Any] = (json.loads(path.read_text()) if path.exists()
                              else {"round": number, "lane": LANE, "runs": []})
    run = measure(number, vectors, head_commit())
    if any(existing["suiteVersion"] == run["suiteVersion"] for existing in record["runs"]):
        print(f"round {number}'s first run on suite {run['suiteVersion']} is already recorded in {path}: "
              "a first run is never rewritten", file=sys.stderr)
        return 2
    record["runs"].append(run)
    path.write_text(record_text(record))
    summarize(run)
    return 0


def latest(number: int, check: bool) -> int:
    path = round_folder(number) / f"{LANE}.latest.json"
    text = record_text({"round": number, "lane": LANE, "runs": [measure(number, None, None)]})
    if check:
        if not path.exists() or path.read_text() != text:
            print(f"{path} is stale: python3 Scripts/mutation/completeness_round.py latest --round {number}", file=sys.stderr)
            return 1
        return 0
    path.write_text(text)
    summarize(json.loads(text)["runs"][0])
    return 0


def summarize(run: dict[str, Any]) -> None:
    bugs = run["bugs"]
    survivors = [bug["name"] for bug in bugs if not bug["killers"]]
    print(f"suite {run['suiteVersion']}: {len(bugs) - len(survivors)} of {len(bugs)} bugs killed")
    for base in run["bases"]:
        print(f"  base ({base['profile']}) fails {len(base['fails'])} of {base['checked']}")
    for name in survivors:
        print(f"  survived: {name}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    first = commands.add_parser("first-run", help="measure a suite once, before any fix, and record it")
    first.add_argument("--round", type=int, required=True)
    first.add_argument("--vectors", type=Path, help="a Vectors/ folder (default: this tree's)")
    last = commands.add_parser("latest", help="measure this tree's vectors and write (or --check) the record")
    last.add_argument("--round", type=int, required=True)
    last.add_argument("--check", action="store_true")
    arguments = parser.parse_args(argv)
    if not (round_folder(arguments.round) / FAMILY / "validator.py").exists():
        parser.error(f"round {arguments.round} has no {FAMILY}/validator.py under {round_folder(arguments.round)}")
    if arguments.command == "first-run":
        return first_run(arguments.round, arguments.vectors)
    return latest(arguments.round, arguments.check)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
