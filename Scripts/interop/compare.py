#!/usr/bin/env python3
"""Runs several real implementations through the harness and renders one compatibility report.

  python3 Scripts/interop/compare.py --output Implementations/report/   # every Implementations/<folder>/implementation.json
  python3 Scripts/interop/compare.py ... --check Implementations/report/report.json   # CI: compare verdicts with the committed report
  python3 Scripts/interop/compare.py --render-only --output Implementations/report/      # re-render from report.json (no runs)

For every implementation (each folder Implementations/<name>/ with an implementation.json, found by
Scripts/interop/implementations.py; nothing here names one), every profile it lists and each variant (the library alone; the
library with its `adapterChecks`, when it has any), it runs `login-conformance run --adapter CMD --report-json FILE`
(the binary is built once with `swift build --product login-conformance` when it is missing), then classifies each
vector as pass / fail / lenient / skipped. Lenient: the runner's `lenient` outcome, or a failure whose answer is one of
the vector's `alsoAccepted` outcomes (for a runner that does not judge `alsoAccepted` yet). Each failing vector gets a
classification from Implementations/classifications.json (weakness with severity, mapping-limit, suite-stricter).

A `source-checkout` implementation (implementation.json `checkout`: repository, tag, commit; e.g. nakama) is built
from a checkout of its repository given by path, never from the project: with `--checkout ID=PATH` its build step
runs (LC_SOURCE=PATH) and it runs live like any other; `--record` then rewrites the folder's `recorded` file (the
runner's results, trimmed, with the commit, the date, the suite version, the digest of the vector files it ran and the
command that reproduces them). Without a checkout (CI cannot reach GitHub) the report uses the recorded results,
marked "recorded from a source checkout at <commit> on <date>"; when the vector files' digest is no longer the
recorded one, the implementation is reported **stale** (no run, the reason and the command that re-records it), never
judged on results of other vectors. An implementation whose dependencies are source checkouts too
(`dependencyCheckouts`: laravel-socialite, better-auth) takes each as `--checkout ID:DEPENDENCY=PATH`, all of them or
none; each is checked to be at its pinned commit, and the recorded file and the report's provenance list every pinned
commit (a changed one makes the recorded results stale). A folder whose implementation.json has `notRun` is reported
as not run, with the reason.

  python3 Scripts/interop/compare.py --only nakama --checkout nakama=/tmp/nakama-src --record --output /tmp/nakama-report

Each run gets a verdict computed from its classified failures (judge_run: safe as configured, safe with the listed
adapter checks, unsafe with its worst weakness, or not judged while a failure is unclassified).

Outputs in --output: report.json (schema: Implementations/report.schema.json), report.md, index.html (self-contained,
no network; the template is Scripts/interop/report_page.html, tested in Chromium by Implementations/tests/test_report_page.py),
badges/<id>.json and badges/<id>-adapter-checks.json (shields.io endpoint badges).

Only the standard library is used, so any python3 runs it.
"""

import argparse
import copy
import datetime
import fnmatch
import hashlib
import html
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
from collections.abc import Collection, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import implementations as declared_implementations  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
FORMAT_VERSION = 1
VARIANT_LIBRARY = "library"
VARIANT_CHECKS = "library+adapter-checks"
STATUSES = ("pass", "lenient", "fail", "skipped")
SEVERITY_ORDER = ("critical", "high", "medium", "low")
# Severity is for Limited Login (docs/implementations.md): critical means a forged or replayed token can be accepted.
# A run with a weakness of one of these severities is unsafe; lesser weaknesses are listed, not disqualifying.
UNSAFE_SEVERITIES = ("critical", "high")
# Each run's verdict, best first, with the sentence the report's legend shows (report.json carries it, the page and
# report.md render it from there).
VERDICTS = {
    "safe": "Safe as configured: no critical or high weakness for Limited Login in this run (lesser ones are listed).",
    "safe-with-checks": "Safe with the listed adapter checks: the library leaves them to the caller, and with them no "
                        "critical or high weakness remains.",
    "unsafe": "Unsafe: a critical or high weakness remains (the worst is named).",
    "unjudged": "Not judged: a failing vector is not classified yet (Implementations/classifications.json).",
}
# How an implementation's runs were obtained (report.json `status`): run here; recorded from a source checkout (no
# checkout given); recorded, but against other vectors (stale: not judged); not run at all (the folder says why).
IMPLEMENTATION_STATUSES = ("run", "recorded", "stale", "not-run")
RECORDED_FORMAT = 1
# What a recorded result keeps of the runner's: what summarise_run reads.
RECORDED_RESULT_KEYS = ("id", "family", "severity", "outcome", "failureKind", "expected", "actual", "message", "summary",
                        "rerun")
# The order a reader meets failures in: weaknesses by severity, then the rest.
KINDS = ("weakness", "unclassified", "suite-stricter", "mapping-limit")


# ---------------------------------------------------------------------------------------------------------------
# Loading

def load_json(path: str | Path) -> Any:
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def load_vectors(vectors_dir: str | Path) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """id -> vector (with its family), for every family file the manifest lists."""
    vectors_dir = Path(vectors_dir)
    manifest = load_json(vectors_dir / "manifest.json")
    by_id: dict[str, dict[str, Any]] = {}
    for entry in manifest.get("families", []):
        name = entry["file"] if isinstance(entry, dict) else entry
        path = vectors_dir / (name if str(name).endswith(".json") else f"{name}.json")
        if not path.exists():
            continue
        document = load_json(path)
        for vector in document["vectors"]:
            by_id[vector["id"]] = dict(vector, family=document["family"])
    return manifest, by_id


# ---------------------------------------------------------------------------------------------------------------
# Classifying one runner result

def parse_json_text(text: Any) -> Any:
    if not isinstance(text, str):
        return None
    try:
        return json.loads(text)
    except ValueError:
        return None


PACKAGE_PATH = re.compile(r"--package-path '([^']*)' ")


def relative(command: str | None) -> str | None:
    """The runner writes the vector folder as an absolute path; the report says it from the repository's root. A runner
    built in another checkout of this project (a git worktree's) names its package path: dropped, the command reruns
    from the repository's root."""
    if not isinstance(command, str):
        return command
    command = PACKAGE_PATH.sub(lambda match: "" if (Path(match.group(1)) / "Scripts" / "interop" / "compare.py").exists()
                               else match.group(0), command)
    return command.replace(f"'{ROOT}/", "'")


def status_of(result: dict[str, Any], vector: dict[str, Any] | None) -> str:
    """pass / lenient / fail / skipped for one result of the runner's JSON report."""
    outcome = result["outcome"]
    if outcome == "pass":
        return "pass"
    if outcome == "lenient":
        return "lenient"
    if outcome == "skip":
        return "skipped"
    if outcome == "fail" and vector is not None:
        actual = parse_json_text(result.get("actual"))
        if actual is not None and any(actual == other for other in vector.get("alsoAccepted", [])):
            return "lenient"
    return "fail"


def answered_verdict(result: dict[str, Any]) -> str:
    """What the implementation answered, in one word, for a failing result: accepted, rejected(reason), or the
    runner's error kind. An answer the outcome shape cannot hold (e.g. an accepted token whose aud is an array)
    is reported by the runner as an error naming the shape; it was an acceptance."""
    actual = parse_json_text(result.get("actual"))
    if isinstance(actual, dict) and "result" in actual:
        if actual["result"] == "rejected":
            claim = f":{actual['claim']}" if actual.get("claim") else ""
            return f"rejected({actual.get('reason')}{claim})"
        return str(actual["result"])
    message = result.get("message") or ""
    if "is not a" in message and "outcome" in message:
        # The runner names the member its outcome shape refused: an undeclared reason is a refusal, anything else
        # (a claim of another type) was an acceptance.
        reason = re.search(r'\$\.reason: ("(?:[^"\\]|\\.)*")', message)
        if reason:
            return f"rejected({json.loads(reason.group(1))}, a reason the family does not declare)"
        return "accepted (claims outside the outcome shape)"
    return result["outcome"]


def match_any(patterns: Iterable[str], value: str) -> bool:
    return any(fnmatch.fnmatchcase(value, pattern) for pattern in patterns)


def classify(classifications: dict[str, Any], implementation_id: str, variant: str, result: dict[str, Any],
             vector: dict[str, Any] | None, verdict: str) -> dict[str, Any]:
    """The first matching finding of classifications.json, else its default for the failure kind."""
    for finding in classifications.get("findings", []):
        for match in finding.get("matches", []):
            if not match_any(match.get("implementations", ["*"]), implementation_id):
                continue
            if not match_any(match.get("variants", ["*"]), variant):
                continue
            if not match_any(match.get("vectors", []), result["id"]):
                continue
            verdicts = match.get("verdicts")
            if verdicts and not match_any(verdicts, verdict):
                continue
            return {"kind": finding["kind"], "severity": finding.get("severity"), "finding": finding["id"]}
    kind = result.get("failureKind") or result["outcome"]
    default = classifications.get("defaults", {}).get(kind)
    if default and (kind != "error" or not verdict.startswith("accepted")):
        return {"kind": default["kind"], "severity": default.get("severity"), "finding": default["finding"]}
    return {"kind": "unclassified", "severity": None, "finding": None}


def empty_counts() -> dict[str, int]:
    return {status: 0 for status in STATUSES}


def summarise_run(raw: dict[str, Any], vectors: Mapping[str, dict[str, Any]], classifications: dict[str, Any],
                  implementation_id: str, variant: str) -> tuple[list[dict[str, Any]], dict[str, int],
                                                                 dict[str, dict[str, int]], dict[str, dict[str, int]]]:
    """One run's per-vector entries and counts (total, per family, per rule)."""
    entries: list[dict[str, Any]]
    families: dict[str, dict[str, int]]
    rules: dict[str, dict[str, int]]
    entries, counts, families, rules = [], empty_counts(), {}, {}
    for result in raw["results"]:
        vector = vectors.get(result["id"])
        status = status_of(result, vector)
        entry = {"id": result["id"], "family": result["family"], "severity": result["severity"], "status": status}
        if status in ("fail", "lenient"):
            verdict = answered_verdict(result)
            entry.update({"answered": verdict, "expected": result.get("expected"), "actual": result.get("actual"),
                          "message": None if result.get("actual") else result.get("message") or result.get("summary"),
                          "rerun": relative(result.get("rerun"))})
            entry = {key: value for key, value in entry.items() if value is not None}
            if status == "fail":
                entry["failureKind"] = result.get("failureKind") or result["outcome"]
                entry["classification"] = classify(classifications, implementation_id, variant, result, vector,
                                                   verdict)
        entries.append(entry)
        counts[status] += 1
        families.setdefault(result["family"], empty_counts())[status] += 1
        for rule in (vector or {}).get("rules", []):
            rules.setdefault(rule, empty_counts())[status] += 1
    return entries, counts, families, dict(sorted(rules.items()))


# ---------------------------------------------------------------------------------------------------------------
# Running

def ensure_binary(binary: str) -> Path:
    path = ROOT / binary
    if path.exists():
        return path
    print("== swift build --product login-conformance (once)", flush=True)
    subprocess.run(["swift", "build", "--product", "login-conformance"], cwd=ROOT, check=True)
    return path


def installed_version(implementation: dict[str, Any]) -> str | None:
    command = implementation.get("versionCommand")
    if not command:
        return implementation.get("version")
    try:
        output = subprocess.run(shlex.split(command), cwd=ROOT, capture_output=True, text=True, check=True)
        return output.stdout.strip() or None
    except (OSError, subprocess.CalledProcessError):
        return None


def run_one(binary: Path, vectors_dir: str, command: str, profile: str, batch: int,
            families: Iterable[str]) -> tuple[dict[str, Any], float]:
    with tempfile.TemporaryDirectory() as temporary:
        report = Path(temporary) / "results.json"
        arguments = [str(binary), "run", "--vectors", vectors_dir, "--profile", profile, "--adapter", command,
                     "--batch", str(batch), "--report-json", str(report)]
        for family in families:
            arguments += ["--family", family]
        started = time.monotonic()
        process = subprocess.run(arguments, cwd=ROOT, capture_output=True, text=True)
        elapsed = time.monotonic() - started
        if process.returncode not in (0, 1) or not report.exists():
            raise RuntimeError(f"login-conformance exited {process.returncode} for {command!r} ({profile}):\n"
                               f"{process.stdout[-2000:]}\n{process.stderr[-2000:]}")
        return load_json(report), elapsed


def variants_of(implementation: dict[str, Any]) -> Iterator[tuple[str, str]]:
    yield VARIANT_LIBRARY, implementation["command"]
    if implementation.get("adapterChecks"):
        yield VARIANT_CHECKS, f"{implementation['command']} {implementation['adapterChecksArgument']}"


def vectors_digest(vectors_dir: str | Path, families: list[str]) -> dict[str, Any]:
    """sha256 over the family files an implementation runs (family name, then the file's bytes, in family order): the
    recorded results of a source checkout are those vectors' results, and stale when the digest differs."""
    vectors_dir = ROOT / vectors_dir
    manifest = load_json(vectors_dir / "manifest.json")
    files: dict[str, Path] = {}
    for entry in manifest.get("families", []):
        family = entry["family"] if isinstance(entry, dict) else entry
        name = entry["file"] if isinstance(entry, dict) else entry
        files[family] = vectors_dir / (name if str(name).endswith(".json") else f"{name}.json")
    digest = hashlib.sha256()
    for family in sorted(families):
        digest.update(family.encode() + b"\0")
        digest.update(files[family].read_bytes() if family in files and files[family].exists() else b"(absent)")
        digest.update(b"\0")
    return {"algorithm": "sha256", "families": sorted(families), "value": digest.hexdigest()}


def trimmed(raw: dict[str, Any]) -> dict[str, Any]:
    """The runner's JSON report with only what summarise_run reads (a recorded file stays small and reviewable)."""
    results: list[dict[str, Any]] = []
    for result in raw["results"]:
        kept = {key: relative(result[key]) if key == "rerun" else result[key] for key in RECORDED_RESULT_KEYS
                if result.get(key) is not None}
        if result["outcome"] == "pass":
            kept = {key: kept[key] for key in ("id", "family", "severity", "outcome") if key in kept}
        results.append(kept)
    return {"suiteVersion": raw.get("suiteVersion"), "implementation": raw.get("implementation", {}),
            "results": results}


def summarised(implementation: dict[str, Any], variant: str, profile: str, command: str, raw: dict[str, Any],
               vectors: Mapping[str, dict[str, Any]], classifications: dict[str, Any]) -> dict[str, Any]:
    entries, counts, families, rules = summarise_run(raw, vectors, classifications, implementation["id"], variant)
    return {"variant": variant, "profile": profile, "command": command, "reported": raw.get("implementation", {}),
            "counts": counts, "families": families, "rules": rules, "results": entries}


def checkout_paths(arguments: argparse.Namespace) -> dict[str, Path]:
    """--checkout ID=PATH, each given: implementation id -> the checkout's absolute path."""
    paths: dict[str, Path] = {}
    for given in arguments.checkout or []:
        identifier, separator, path = given.partition("=")
        if not separator or not identifier or not path:
            raise SystemExit(f"--checkout {given!r}: expected ID=PATH")
        paths[identifier] = Path(path).expanduser().resolve()
    return paths


def git_commit(path: str | Path) -> str | None:
    try:
        return subprocess.run(["git", "-C", str(path), "rev-parse", "HEAD"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


def pinned_dependencies(implementation: dict[str, Any]) -> list[dict[str, Any]]:
    """The implementation's dependency checkouts as the report and the recorded file say them (id, package, version,
    repository, tag, commit: those each has)."""
    return [declared_implementations.pinned_dependency(dependency)
            for dependency in implementation.get("dependencyCheckouts", [])]


def build_checkout(implementation: dict[str, Any], paths: Mapping[str, Path]) -> dict[str, str]:
    """The folder's build step with LC_SOURCE = the checkout and LC_SOURCE_<DEPENDENCY> = each dependency's (it checks
    the commits and builds outside the checkouts). paths: --checkout key -> path, for every key of checkout_keys.
    Returns the commits found: --checkout key -> commit."""
    commits: dict[str, str] = {}
    for key, pinned in declared_implementations.checkout_keys(implementation):
        path = paths[key]
        commit = git_commit(path)
        if commit != pinned["commit"]:
            raise SystemExit(f"{key}: the checkout {path} is at {commit}, not the pinned commit {pinned['commit']} "
                             f"(git -C {path} checkout {declared_implementations.checkout_ref(pinned)})")
        assert commit is not None  # it is the pinned commit, which implementations.load_folder requires
        commits[key] = commit
    script = implementation.get("install", {}).get("script")
    if script:
        sources = {"LC_SOURCE": str(paths[implementation["id"]])} | {
            declared_implementations.source_variable(dependency["id"]): str(paths[f"{implementation['id']}:{dependency['id']}"])
            for dependency in implementation.get("dependencyCheckouts", [])}
        print(f"== {implementation['folder']}/{script} (" + ", ".join(f"{name}={value}" for name, value in sources.items())
              + ")", flush=True)
        environment = dict(os.environ, LC_ROOT=str(ROOT), LC_WORK=str(ROOT / ".build-implementations"),
                           LC_FOLDER=implementation["folder"], **sources)
        subprocess.run(["bash", f"{implementation['folder']}/{script}"], cwd=ROOT, env=environment, check=True)
    return commits


def record_command(implementation: dict[str, Any]) -> str:
    paths = [("PATH", implementation["checkout"])] + [
        (f"PATH_{dependency['id'].upper().replace('-', '_')}", dependency)
        for dependency in implementation.get("dependencyCheckouts", [])]
    flags = " ".join(f"--checkout {key}={name}" for (key, _), (name, _) in
                     zip(declared_implementations.checkout_keys(implementation), paths))
    described = "; ".join(f"{name}: a checkout of {pinned['repository']} at "
                          + (f"{pinned['tag']} ({pinned['commit']})" if pinned.get("tag") else pinned["commit"])
                          for name, pinned in paths)
    return (f"python3 Scripts/interop/compare.py --only {implementation['id']} {flags} --record "
            f"--output /tmp/{implementation['id']}-report   # {described}")


def shown_path(path: Path) -> str:
    """A path as the report says it: from the repository's root when inside it."""
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)


def write_recorded(implementation: dict[str, Any], runs_raw: list[tuple[str, str, str, dict[str, Any]]],
                   digest: dict[str, Any], commit: str, dependency_commits: Mapping[str, str] | None = None) -> None:
    """The folder's `recorded` file: the raw runs of a source checkout, with what reproduces them. dependency_commits:
    dependency id -> the commit its checkout was at (each must be the pinned one)."""
    document = {"formatVersion": RECORDED_FORMAT, "implementation": implementation["id"],
                "checkout": {key: implementation["checkout"][key] for key in ("repository", "tag", "commit")},
                **({"dependencyCheckouts": pinned_dependencies(implementation)}
                   if implementation.get("dependencyCheckouts") else {}),
                "recordedOn": datetime.date.today().isoformat(), "command": record_command(implementation),
                "suiteVersion": next((raw.get("suiteVersion") for _, _, _, raw in runs_raw), None),
                "vectorsDigest": digest,
                "runs": [{"variant": variant, "profile": profile, "command": command, "raw": trimmed(raw)}
                         for variant, profile, command, raw in runs_raw]}
    if commit != document["checkout"]["commit"]:
        raise SystemExit(f"{implementation['id']}: ran {commit}, implementation.json pins {document['checkout']['commit']}")
    for dependency in document.get("dependencyCheckouts", []):
        ran = (dependency_commits or {}).get(dependency["id"])
        if ran != dependency["commit"]:
            raise SystemExit(f"{implementation['id']}:{dependency['id']}: ran {ran}, implementation.json pins "
                             f"{dependency['commit']}")
    path = ROOT / implementation["folder"] / implementation["recorded"]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"== recorded {shown_path(path)}", flush=True)


def recorded_runs(implementation: dict[str, Any], digest: dict[str, Any], vectors: Mapping[str, dict[str, Any]],
                  classifications: dict[str, Any]) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
    """(status, provenance, runs) from the folder's recorded file: `recorded` with its runs when it was recorded against
    these vectors; `stale` with no run when the vectors' digest changed; `not-run` when nothing was recorded."""
    path = ROOT / implementation["folder"] / implementation["recorded"]
    checkout = {key: implementation["checkout"][key] for key in ("repository", "tag", "commit")}
    if not path.exists():
        return "not-run", {"checkout": checkout, "reason": f"no checkout given and nothing recorded "
                                                           f"({shown_path(path)}); record it: "
                                                           + record_command(implementation)}, []
    document = load_json(path)
    provenance = {"checkout": document["checkout"], "recordedOn": document["recordedOn"],
                  "command": document["command"], "suiteVersion": document.get("suiteVersion"),
                  "vectorsDigest": document["vectorsDigest"]["value"], "file": shown_path(path)}
    if document.get("dependencyCheckouts"):
        provenance["dependencyCheckouts"] = document["dependencyCheckouts"]
    if document["checkout"]["commit"] != checkout["commit"]:
        provenance["reason"] = (f"recorded at {document['checkout']['commit']}, implementation.json pins "
                                f"{checkout['commit']}: re-record it: {record_command(implementation)}")
        return "stale", provenance, []
    recorded_dependencies = {dependency["id"]: dependency["commit"] for dependency in document.get("dependencyCheckouts", [])}
    pinned_now = {dependency["id"]: dependency["commit"] for dependency in pinned_dependencies(implementation)}
    if recorded_dependencies != pinned_now:
        changed = sorted(key for key in set(recorded_dependencies) | set(pinned_now)
                         if recorded_dependencies.get(key) != pinned_now.get(key))
        provenance["reason"] = (f"recorded with dependency checkouts other than implementation.json pins "
                                f"({', '.join(f'{key}: recorded {recorded_dependencies.get(key)}, pinned {pinned_now.get(key)}' for key in changed)}): "
                                f"re-record it: {record_command(implementation)}")
        return "stale", provenance, []
    if document["vectorsDigest"] != digest:
        provenance["reason"] = (f"recorded against vectors whose digest was {document['vectorsDigest']['value'][:12]} "
                                f"(suite {document.get('suiteVersion')}); they are now {digest['value'][:12]}: "
                                f"re-record it: {record_command(implementation)}")
        return "stale", provenance, []
    runs = [summarised(implementation, run["variant"], run["profile"], run["command"], run["raw"], vectors,
                       classifications) for run in document["runs"]]
    return "recorded", provenance, runs


def implementation_entry(implementation: dict[str, Any], version: str | None, runs: list[dict[str, Any]], status: str,
                         provenance: dict[str, Any] | None = None) -> dict[str, Any]:
    entry = {"id": implementation["id"], "name": implementation["name"], "language": implementation["language"],
             "source": implementation["source"], "package": implementation["package"],
             "version": version, "pinnedVersion": implementation.get("version"),
             "folder": implementation.get("folder"), "configuration": implementation.get("configuration", ""),
             "integration": implementation.get("integration", []),
             "families": implementation.get("families", []),
             "adapterChecks": implementation.get("adapterChecks", []), "status": status, "runs": runs}
    if provenance:
        entry["provenance"] = provenance
    return entry


def collect(arguments: argparse.Namespace, config: dict[str, Any], vectors: Mapping[str, dict[str, Any]],
            classifications: dict[str, Any]) -> tuple[list[dict[str, Any]], str | None]:
    chosen = set(arguments.only.split(",")) if arguments.only else None
    checkouts = checkout_paths(arguments)
    runnable_checkouts = [i for i in config["implementations"] if i["source"] == "source-checkout" and "notRun" not in i]
    unknown = sorted(set(checkouts) - {key for i in runnable_checkouts
                                       for key, _ in declared_implementations.checkout_keys(i)})
    if unknown:
        raise SystemExit(f"--checkout names no source-checkout implementation or dependency: {', '.join(unknown)}")
    for implementation in runnable_checkouts:
        keys = [key for key, _ in declared_implementations.checkout_keys(implementation)]
        given = [key for key in keys if key in checkouts]
        if given and len(given) != len(keys):
            raise SystemExit(f"{implementation['id']}: --checkout gives {', '.join(given)} but not "
                             f"{', '.join(key for key in keys if key not in checkouts)} (each checkout it runs from, "
                             "or none: then its recorded results are reported)")
    binary: Path | None = None
    implementations: list[dict[str, Any]]
    suite_version: str | None
    implementations, suite_version = [], None
    for implementation in config["implementations"]:
        if chosen and implementation["id"] not in chosen:
            continue
        if "notRun" in implementation:
            implementations.append(implementation_entry(implementation, implementation.get("version"), [], "not-run",
                                                        dict(implementation["notRun"])))
            print(f"   {implementation['id']:18} not run: {implementation['notRun']['reason'][:100]}", flush=True)
            continue
        provenance: dict[str, Any] | None
        version, provenance, status = installed_version(implementation), None, "run"
        if implementation["source"] == "source-checkout":
            digest = vectors_digest(arguments.vectors, implementation.get("families", []))
            checkout = checkouts.get(implementation["id"])
            if checkout is None:
                status, provenance, runs = recorded_runs(implementation, digest, vectors, classifications)
                version = f"{implementation['version']} ({implementation['checkout']['commit'][:12]})"
                print(f"   {implementation['id']:18} {status}: {provenance.get('reason') or provenance['file']}",
                      flush=True)
                implementations.append(implementation_entry(implementation, version, runs, status, provenance))
                continue
            commits = build_checkout(implementation, checkouts)
            commit = commits[implementation["id"]]
            version = f"{implementation['version']} ({commit[:12]})"
            provenance = {"checkout": {key: implementation["checkout"][key] for key in ("repository", "tag")}
                          | {"commit": commit}, "ranOn": datetime.date.today().isoformat()}
            if implementation.get("dependencyCheckouts"):
                provenance["dependencyCheckouts"] = [
                    dependency | {"commit": commits[f"{implementation['id']}:{dependency['id']}"]}
                    for dependency in pinned_dependencies(implementation)]
        binary = binary or ensure_binary(arguments.binary)
        runs_raw: list[tuple[str, str, str, dict[str, Any]]]
        runs, runs_raw = [], []
        for profile in implementation.get("profiles", ["documented"]):
            for variant, command in variants_of(implementation):
                raw, elapsed = run_one(binary, arguments.vectors, command, profile, arguments.batch,
                                       implementation.get("families", []))
                suite_version = raw.get("suiteVersion", suite_version)
                run = summarised(implementation, variant, profile, command, raw, vectors, classifications)
                print(f"   {implementation['id']:18} {variant:24} {profile:10} "
                      + " ".join(f"{status} {run['counts'][status]}" for status in STATUSES) + f"  ({elapsed:.1f} s)",
                      flush=True)
                runs.append(run)
                runs_raw.append((variant, profile, command, raw))
        if implementation["source"] == "source-checkout" and arguments.record:
            assert provenance is not None  # a source checkout run live (a recorded one went on above)
            write_recorded(implementation, runs_raw, digest, provenance["checkout"]["commit"],
                           {dependency["id"]: dependency["commit"]
                            for dependency in provenance.get("dependencyCheckouts", [])})
        implementations.append(implementation_entry(implementation, version, runs, status, provenance))
    if suite_version is None:
        suite_version = load_json(ROOT / arguments.vectors / "manifest.json").get("suiteVersion")
    return implementations, suite_version


def findings_summary(classifications: dict[str, Any], implementations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each finding with the vectors it covers, per implementation and variant."""
    out: list[dict[str, Any]] = []
    for finding in classifications.get("findings", []) + list(classifications.get("defaults", {}).values()):
        hits: dict[str, dict[str, list[str]]] = {}
        for implementation in implementations:
            for run in implementation["runs"]:
                ids = [entry["id"] for entry in run["results"]
                       if entry.get("classification", {}).get("finding") == finding["id"]]
                if ids:
                    hits.setdefault(implementation["id"], {})[f"{run['variant']} · {run['profile']}"] = ids
        if hits:
            out.append({key: finding[key] for key in ("id", "kind", "severity", "title", "advice", "sources")
                        if key in finding} | {"vectors": hits})
    return out


def classified_counts(run: dict[str, Any]) -> dict[str, Any]:
    """A run's failures by classification: weaknesses per severity, and the other kinds."""
    counts: dict[str, Any] = ({"weakness": {severity: 0 for severity in SEVERITY_ORDER}}
                             | {kind: 0 for kind in KINDS[1:]})
    for entry in run["results"]:
        classification = entry.get("classification")
        if entry["status"] != "fail" or classification is None:
            continue
        if classification["kind"] == "weakness":
            counts["weakness"][classification["severity"]] += 1
        else:
            counts[classification["kind"]] += 1
    return counts


def worst_weakness(run: dict[str, Any], titles: Mapping[str, str]) -> dict[str, Any] | None:
    """The run's most severe weakness finding (ties: the one with more vectors, then by ID), or None."""
    hits: dict[tuple[str, str], list[str]] = {}
    for entry in run["results"]:
        classification = entry.get("classification") or {}
        if entry["status"] == "fail" and classification.get("kind") == "weakness":
            hits.setdefault((classification["finding"], classification["severity"]), []).append(entry["id"])
    if not hits:
        return None
    (finding, severity), ids = min(hits.items(), key=lambda item: (SEVERITY_ORDER.index(item[0][1]), -len(item[1]),
                                                                   item[0][0]))
    return {"finding": finding, "severity": severity, "title": titles.get(finding, finding), "vectors": len(ids)}


def judge_run(run: dict[str, Any], checked_run: dict[str, Any] | None, adapter_checks: Iterable[str],
              titles: Mapping[str, str]) -> dict[str, Any]:
    """A run's verdict (one of VERDICTS) from its classified failures. A library run with an unsafe weakness is still
    safe with the listed checks when the same implementation and profile's run with its adapter checks has none."""
    counts = classified_counts(run)
    unsafe = any(counts["weakness"][severity] for severity in UNSAFE_SEVERITIES)
    checked = classified_counts(checked_run) if checked_run else None
    checked_safe = checked is not None and not checked["unclassified"] and not any(
        checked["weakness"][severity] for severity in UNSAFE_SEVERITIES)
    if counts["unclassified"]:
        verdict = "unjudged"
    elif not unsafe:
        verdict = "safe" if run["variant"] == VARIANT_LIBRARY else "safe-with-checks"
    elif run["variant"] == VARIANT_LIBRARY and checked_safe:
        verdict = "safe-with-checks"
    else:
        verdict = "unsafe"
    judged: dict[str, Any] = {"verdict": verdict, "worst": worst_weakness(run, titles), "classified": counts}
    if verdict == "safe-with-checks":
        judged["checks"] = list(adapter_checks)
    return judged


def judge(report: dict[str, Any]) -> dict[str, Any]:
    """Adds each run's `judgement` and the verdicts' legend to a report (also to a loaded one: --render-only)."""
    titles = {finding["id"]: finding.get("title", finding["id"]) for finding in report["findings"]}
    for implementation in report["implementations"]:
        checked_runs = {run["profile"]: run for run in implementation["runs"] if run["variant"] == VARIANT_CHECKS}
        for run in implementation["runs"]:
            checked_run = checked_runs.get(run["profile"]) if run["variant"] == VARIANT_LIBRARY else None
            run["judgement"] = judge_run(run, checked_run, implementation["adapterChecks"], titles)
    report["verdicts"] = dict(VERDICTS)
    report["unsafeSeverities"] = list(UNSAFE_SEVERITIES)
    return report


def build_report(implementations: list[dict[str, Any]], suite_version: str | None, classifications: dict[str, Any],
                 config: dict[str, Any]) -> dict[str, Any]:
    report = {"formatVersion": FORMAT_VERSION, "suiteVersion": suite_version,
              "generatedBy": "Scripts/interop/compare.py", "adapterCheckCatalogue": config.get("adapterCheckCatalogue", {}),
              "implementations": implementations,
              "findings": findings_summary(classifications, implementations)}
    report["unclassified"] = [
        {"implementation": implementation["id"], "variant": run["variant"], "profile": run["profile"],
         "id": entry["id"], "answered": entry.get("answered")}
        for implementation in implementations for run in implementation["runs"] for entry in run["results"]
        if entry.get("classification", {}).get("kind") == "unclassified"]
    return judge(report)


# ---------------------------------------------------------------------------------------------------------------
# Rendering

def badge(run: dict[str, Any], label: str) -> dict[str, Any]:
    counts = run["counts"]
    checked = counts["pass"] + counts["lenient"] + counts["fail"]
    passed = counts["pass"] + counts["lenient"]
    ratio = passed / checked if checked else 0
    color = "brightgreen" if ratio == 1 else "green" if ratio >= 0.95 else "yellow" if ratio >= 0.8 \
        else "orange" if ratio >= 0.6 else "red"
    return {"schemaVersion": 1, "label": label, "message": f"{passed}/{checked} passed", "color": color}


def write_badges(report: dict[str, Any], output: Path) -> None:
    folder = output / "badges"
    folder.mkdir(parents=True, exist_ok=True)
    for implementation in report["implementations"]:
        for run in implementation["runs"]:
            if run["profile"] != "documented":
                continue
            suffix = "" if run["variant"] == VARIANT_LIBRARY else "-adapter-checks"
            label = "Limited Login conformance" + ("" if not suffix else " (+ adapter checks)")
            (folder / f"{implementation['id']}{suffix}.json").write_text(
                json.dumps(badge(run, label), indent=2) + "\n", encoding="utf-8")


def families_of(report: dict[str, Any]) -> list[str]:
    return sorted({family for implementation in report["implementations"] for run in implementation["runs"]
                   for family in run["families"]})


def cell_text(counts: Mapping[str, int]) -> str:
    parts = [f"{counts['pass']} pass"]
    if counts["lenient"]:
        parts.append(f"{counts['lenient']} lenient")
    parts.append(f"{counts['fail']} fail")
    if counts["skipped"]:
        parts.append(f"{counts['skipped']} skipped")
    return ", ".join(parts)


def provenance_text(implementation: dict[str, Any]) -> str:
    """How a source checkout's runs were obtained, in one phrase (empty for a registry implementation run here)."""
    provenance = implementation.get("provenance") or {}
    checkout = provenance.get("checkout")
    status = implementation.get("status", "run")
    if not checkout:
        return ""
    at = f"{checkout.get('tag')} ({checkout['commit'][:12]})"
    if provenance.get("dependencyCheckouts"):
        at += " with " + ", ".join(f"{declared_implementations.dependency_label(dependency)} ({dependency['commit'][:12]})"
                                   for dependency in provenance["dependencyCheckouts"])
    if status == "recorded":
        return f"recorded from a source checkout at {at} on {provenance['recordedOn']}"
    if status == "run":
        return f"run from a source checkout at {at} on {provenance.get('ranOn')}"
    return f"{status}: {provenance.get('reason')}"


def not_run(report: dict[str, Any]) -> list[dict[str, Any]]:
    """The implementations with no run in this report (not run, or recorded against other vectors: stale)."""
    return [implementation for implementation in report["implementations"]
            if implementation.get("status") in ("not-run", "stale")]


def render_markdown(report: dict[str, Any]) -> str:
    lines = ["# Real implementations, side by side", "",
             f"Generated by `Scripts/interop/compare.py` (suite {report['suiteVersion']}). Each implementation runs twice: "
             "the **library alone**, configured as strictly as its documentation allows, and the library **with the "
             "adapter checks** its documentation leaves to the caller (listed per implementation). Advice for users: "
             "[docs/implementations.md](../../docs/implementations.md). The HTML page (`index.html` beside this file) "
             "opens each failing vector.", "", "## Verdicts", ""]
    lines += [f"- **{verdict}**: {meaning}" for verdict, meaning in report["verdicts"].items()]
    lines += ["", "| implementation | version | run | verdict | worst weakness | weaknesses (critical/high/medium/low) "
                  "| mapping limits | lenient |", "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for implementation in report["implementations"]:
        for run in implementation["runs"]:
            judgement = run["judgement"]
            worst = judgement["worst"]
            shown_worst = f"{worst['severity']}: {worst['title']} ({worst['vectors']} vectors)" if worst else "none"
            if judgement.get("checks"):
                shown_worst += " — checks: " + ", ".join(f"`{check}`" for check in judgement["checks"])
            weaknesses = "/".join(str(judgement["classified"]["weakness"][s]) for s in SEVERITY_ORDER)
            recorded = f" — {provenance_text(implementation)}" if implementation.get("status") == "recorded" else ""
            lines.append(f"| {implementation['name']} ({implementation['language']}){recorded} | {implementation['version']} "
                         f"| {run['variant']} · {run['profile']} | **{judgement['verdict']}** | {shown_worst} "
                         f"| {weaknesses} | {judgement['classified']['mapping-limit']} | {run['counts']['lenient']} |")
    if not_run(report):
        lines += ["", "Not run in this report (no verdict):", ""]
        for implementation in not_run(report):
            reason = implementation.get("provenance", {}).get("reason")
            lines.append(f"- **{implementation['name']}** ({implementation['language']}) {implementation['version'] or ''}: "
                         f"**{implementation['status']}** — {reason}")
    lines += ["", "## Matrix", ""]
    families = families_of(report)
    lines.append("| implementation | version | run | " + " | ".join(families) + " |")
    lines.append("| --- | --- | --- | " + " | ".join("---" for _ in families) + " |")
    for implementation in report["implementations"]:
        for run in implementation["runs"]:
            cells = [cell_text(run["families"][family]) if family in run["families"] else "—" for family in families]
            lines.append(f"| {implementation['name']} ({implementation['language']}) | {implementation['version']} "
                         f"| {run['variant']} · {run['profile']} | " + " | ".join(cells) + " |")
    lines += ["", "## Findings", ""]
    for finding in report["findings"]:
        severity = f", {finding['severity']}" if finding.get("severity") else ""
        lines.append(f"### {finding.get('title', finding['id'])} ({finding['kind']}{severity})")
        lines.append("")
        if finding.get("advice"):
            lines += [finding["advice"], ""]
        for implementation_id, runs in finding["vectors"].items():
            for run_name, ids in runs.items():
                lines.append(f"- **{implementation_id}** ({run_name}): " + ", ".join(f"`{i}`" for i in ids))
        lines.append("")
    lines += ["## Implementations", ""]
    for implementation in report["implementations"]:
        if implementation.get("status") in ("not-run", "stale"):
            continue
        pinned = "" if implementation["version"] == implementation["pinnedVersion"] else \
            f" (committed: {implementation['pinnedVersion']})"
        if implementation.get("provenance", {}).get("checkout"):
            pinned = f" ({provenance_text(implementation)}; {implementation['provenance']['checkout']['repository']})"
        lines.append(f"- **{implementation['name']}** {implementation['version']}{pinned} — "
                     f"{implementation['source']} `{implementation['package']}`, adapter in "
                     f"`{implementation['folder']}`. Configuration: {implementation['configuration']}. Adapter checks: "
                     + (", ".join(f"`{check}`" for check in implementation["adapterChecks"]) or "none") + ".")
    if report["unclassified"]:
        lines += ["", "## Unclassified failures", ""]
        lines += [f"- {item['implementation']} ({item['variant']}): `{item['id']}` answered {item['answered']}"
                  for item in report["unclassified"]]
    return "\n".join(lines) + "\n"


PAGE_TEMPLATE = Path(__file__).resolve().parent / "report_page.html"
# What the page needs besides the report, from this file's declarations (the page names no kind, severity or verdict).
KIND_NAMES = {"weakness": "weaknesses", "unclassified": "unclassified failures", "suite-stricter": "suite stricter than its sources",
              "mapping-limit": "mapping limits", "lenient": "lenient outcomes"}
VERDICT_NAMES = {"safe": "safe", "safe-with-checks": "safe with checks", "unsafe": "unsafe", "unjudged": "not judged"}


def script_safe(document: Any) -> str:
    """JSON inside a <script> element: no `</` can close it early."""
    return json.dumps(document, ensure_ascii=True, separators=(",", ":")).replace("</", "<\\/")


def shown_input(vector: dict[str, Any]) -> Any:
    """A vector's input for the page: the documented profile reads the JWKS, so the certificate map is summarised."""
    value = copy.deepcopy(vector["input"])
    keys = value.get("keys") if isinstance(value, dict) else None
    if isinstance(keys, dict) and isinstance(keys.get("certificates"), dict):
        keys["certificates"] = {kid: "(PEM certificate, see the vector file)" for kid in keys["certificates"]}
    return value


def render_html(report: dict[str, Any], vectors: Mapping[str, dict[str, Any]]) -> str:
    shown = {entry["id"] for implementation in report["implementations"] for run in implementation["runs"]
             for entry in run["results"] if entry["status"] in ("fail", "lenient")}
    inputs = {vector_id: shown_input(vectors[vector_id]) for vector_id in sorted(shown) if vector_id in vectors}
    order = {"severities": SEVERITY_ORDER, "kinds": KINDS, "kindNames": KIND_NAMES, "verdictNames": VERDICT_NAMES}
    return (PAGE_TEMPLATE.read_text(encoding="utf-8").replace("__SUITE__", html.escape(str(report["suiteVersion"])))
            .replace("__INPUTS__", script_safe(inputs)).replace("__ORDER__", script_safe(order))
            .replace("__REPORT__", script_safe(report)))


def write_outputs(report: dict[str, Any], vectors: Mapping[str, dict[str, Any]], output: Path) -> None:
    output.mkdir(parents=True, exist_ok=True)
    (output / "report.json").write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    (output / "report.md").write_text(render_markdown(report), encoding="utf-8")
    (output / "index.html").write_text(render_html(report, vectors), encoding="utf-8")
    write_badges(report, output)


# ---------------------------------------------------------------------------------------------------------------
# CI: compare with the committed report

def verdicts(report: dict[str, Any]) -> dict[tuple[str, str, str], dict[str, str]]:
    """(implementation, variant, profile) -> {vector id: status or answered verdict}."""
    out: dict[tuple[str, str, str], dict[str, str]] = {}
    for implementation in report["implementations"]:
        for run in implementation["runs"]:
            out[(implementation["id"], run["variant"], run["profile"])] = {
                entry["id"]: entry["status"] if entry["status"] in ("pass", "skipped")
                else f"{entry['status']}: {entry.get('answered')}" for entry in run["results"]}
    return out


def unstable_vectors(classifications: dict[str, Any], implementation_id: str, variant: str,
                     vector_ids: Collection[str]) -> set[str]:
    """The vectors whose answer classifications.json declares to vary from run to run for this implementation and
    variant (`unstable`: a library that, say, reports the first of two missing claims in a hash set's order)."""
    return {vector_id for entry in classifications.get("unstable", []) for match in entry.get("matches", [])
            if match_any(match.get("implementations", ["*"]), implementation_id)
            and match_any(match.get("variants", ["*"]), variant)
            for vector_id in vector_ids if match_any(match.get("vectors", []), vector_id)}


def check_against(committed: dict[str, Any], current: dict[str, Any],
                  classifications: dict[str, Any] | None = None) -> tuple[list[str], list[str]]:
    """(blocking problems, notes): a pip implementation whose verdicts changed blocks; a Debian one whose installed
    version differs from the committed report's is a note; with the same version a change blocks too. A vector
    declared unstable for the implementation (classifications.json `unstable`) is a note when it changed."""
    problems: list[str]
    notes: list[str]
    problems, notes = [], []
    for implementation in not_run(current):
        notes.append(f"{implementation['id']}: {implementation['status']}, no verdict: "
                     f"{implementation.get('provenance', {}).get('reason')}")
    old, new = verdicts(committed), verdicts(current)
    sources = {i["id"]: i for i in current["implementations"]}
    committed_versions = {i["id"]: i["version"] for i in committed["implementations"]}
    for key, now in new.items():
        implementation = sources[key[0]]
        before = old.get(key)
        if before is None:
            problems.append(f"{key}: not in the committed report (regenerate it with Scripts/interop/compare.py)")
            continue
        changed = sorted(vector_id for vector_id in set(before) | set(now) if before.get(vector_id) != now.get(vector_id))
        unstable = unstable_vectors(classifications or {}, key[0], key[1], changed)
        if unstable:
            notes.append(f"{key[0]} {key[1]} {key[2]}: declared unstable, changed: " + ", ".join(sorted(unstable)))
            changed = [vector_id for vector_id in changed if vector_id not in unstable]
        if not changed:
            continue
        lines = [f"  {vector_id}: committed {before.get(vector_id, '(absent)')}, now {now.get(vector_id, '(absent)')}"
                 for vector_id in changed]
        version_then = committed_versions.get(key[0])
        if implementation["source"] != "pip" and version_then != implementation["version"]:
            notes.append(f"{key[0]} {key[1]} {key[2]}: installed {implementation['version']}, committed report has "
                         f"{version_then}; {len(changed)} verdicts differ (reported, not failed):\n" + "\n".join(lines))
        else:
            problems.append(f"{key[0]} {key[1]} {key[2]} ({implementation['version']}): {len(changed)} verdicts "
                            "differ from the committed report:\n" + "\n".join(lines))
    return problems, notes


# ---------------------------------------------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--implementations", default="Implementations",
                        help="the folder whose <name>/implementation.json are the implementations (default Implementations)")
    parser.add_argument("--adapter-checks", default="Implementations/adapter-checks.json",
                        help="the adapter checks' catalogue")
    parser.add_argument("--classifications", default="Implementations/classifications.json")
    parser.add_argument("--output", default="Implementations/report")
    parser.add_argument("--vectors", default="Vectors", help="vector folder, relative to the repository (default Vectors)")
    parser.add_argument("--binary", default=".build/debug/login-conformance")
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--only", help="comma-separated implementation IDs")
    parser.add_argument("--source", choices=declared_implementations.SOURCES,
                        help="only the implementations from this source")
    parser.add_argument("--checkout", action="append", metavar="ID=PATH",
                        help="a source checkout (at the pinned commit) of a source-checkout implementation, or "
                             "ID:DEPENDENCY=PATH of one of its dependencyCheckouts: build it "
                             "and run it live instead of reporting its recorded results (repeatable)")
    parser.add_argument("--record", action="store_true",
                        help="with --checkout: rewrite the implementation's recorded results from this run")
    parser.add_argument("--check", help="a committed report.json to compare verdicts with (CI)")
    parser.add_argument("--render-only", action="store_true", help="re-render --output/report.json, run nothing")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a failing vector is unclassified")
    arguments = parser.parse_args(argv)
    if arguments.record and not arguments.checkout:
        parser.error("--record needs --checkout ID=PATH (recorded results come from a source checkout)")
    os.chdir(ROOT)
    output = Path(arguments.output)
    _, vectors = load_vectors(arguments.vectors)
    if arguments.render_only:
        report = judge(load_json(output / "report.json"))
    else:
        config = dict(load_json(arguments.adapter_checks),
                      implementations=declared_implementations.discover(ROOT / arguments.implementations))
        if arguments.source:
            config = dict(config, implementations=[i for i in config["implementations"]
                                                   if i["source"] == arguments.source])
        classifications = load_json(arguments.classifications) if Path(arguments.classifications).exists() else {}
        implementations, suite_version = collect(arguments, config, vectors, classifications)
        report = build_report(implementations, suite_version, classifications, config)
    write_outputs(report, vectors, output)
    print(f"== wrote {output}/report.json, report.md, index.html, badges/")
    status = 0
    if report["unclassified"]:
        print(f"{len(report['unclassified'])} failing vectors are not classified (Implementations/classifications.json)")
        for item in report["unclassified"][:40]:
            print(f"  {item['implementation']} {item['variant']}: {item['id']} answered {item['answered']}")
        status = 1 if arguments.strict else 0
    if arguments.check:
        declared = load_json(arguments.classifications) if Path(arguments.classifications).exists() else {}
        problems, notes = check_against(load_json(arguments.check), report, declared)
        for note in notes:
            print(f"NOTE {note}")
        for problem in problems:
            print(f"DIFFERS {problem}")
        if problems:
            status = 1
        else:
            print("verdicts match the committed report" + (" (the notes above: Debian version differences, unstable vectors)" if notes else ""))
    return status


if __name__ == "__main__":
    sys.exit(main())
