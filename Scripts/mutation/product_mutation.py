#!/usr/bin/env python3
"""Mutation testing of the product code: do the tests notice when the code that judges, gates and reports
is wrong?

The vector mutants (Sources/LoginConformance/Families/*/Mutants/, docs/generated/mutation-report.md) measure the *vectors* with buggy
models of the behaviour. This measures the *toolkit's own code*: each mutant of the catalogue
(Scripts/mutation/product_mutants.json) is one realistic bug at one site of Sources/, and it is killed when a test fails.

Mutant schemata, so that the whole run needs one build: the tracked tree (git ls-files, untracked files that are not
ignored included) is copied to a scratch directory, every mutation site is rewritten there as
`(__lcMutant("id") ? (mutated) : (original))` (or, for a statement, `if __lcMutant("id") { mutated } else {
original }`), each target gets one internal file defining `__lcMutant(_:)`, which compares with the environment
variable LC_PRODUCT_MUTANT read once, and the copy is built once with `swift build --build-tests`. Each mutant is then
one `swift test --skip-build --filter <its tests>` with LC_PRODUCT_MUTANT=<id>. The repository's own sources are never
modified.

Commands (Python 3.11, standard library only):
  python3 Scripts/mutation/product_mutation.py            full run; writes docs/generated/product-mutation-report.md and .json
  python3 Scripts/mutation/product_mutation.py --sample 12   a deterministic quick sample, the eleven planted bugs included
  python3 Scripts/mutation/product_mutation.py --only ID,ID  these mutants (add --merge to fold them into the report)
  python3 Scripts/mutation/product_mutation.py --list     the catalogue, one line per mutant
  python3 Scripts/mutation/product_mutation.py --check    every site resolves exactly once (no build); exit 1 otherwise
  python3 Scripts/mutation/product_mutation.py --catalogue Scripts/mutation/blind_rounds/round-N.json
                                                 a blind round: bugs written without sight of Tests/ or
                                                 this catalogue; the first run's verdicts are kept in
                                                 round-N.first-run.json (never overwritten), later runs in
                                                 round-N.latest.json, and the report's "Blind rounds" section
                                                 lists every round

Exit status: 0 when every mutant run was killed or is declared equivalent; 1 when one survived (or --check found an
unresolved site); 2 when the baseline (no mutant active) is red, the copy does not build, or the catalogue is invalid.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ROOT / "Scripts" / "mutation" / "product_mutants.json"
REPORT_MD = ROOT / "docs" / "generated" / "product-mutation-report.md"
REPORT_JSON = ROOT / "docs" / "generated" / "product-mutation-report.json"
BLIND_ROUNDS = ROOT / "Scripts" / "mutation" / "blind_rounds"
DEFAULT_SCRATCH = ROOT / ".build-mutants"
ENV_VAR = "LC_PRODUCT_MUTANT"
HELPER_FILE = "__LCProductMutant.swift"
HELPER_SOURCE = """\
import Foundation

// Written by Scripts/mutation/product_mutation.py into the scratch copy only: which product mutant is active.
let __lcActiveProductMutant: String = ProcessInfo.processInfo.environment["LC_PRODUCT_MUTANT"] ?? ""

/// Whether the product mutant `id` is the active one (LC_PRODUCT_MUTANT).
@usableFromInline func __lcMutant(_ id: String) -> Bool { id == __lcActiveProductMutant }
"""

AREAS = ["engine", "judging", "gate", "baseline", "reports", "loader", "changelog", "harness", "lint", "cli",
         "testing-layer"]
OPERATORS = ["comparison", "boundary", "dropped-condition", "negation", "swapped-arguments", "constant-return",
             "removed-call", "wrong-member", "logical-operator", "wrong-value"]
REQUIRED = ["id", "file", "operator", "area", "description"]


class CatalogueError(Exception):
    """A catalogue entry that cannot be applied: says which mutant and why."""


@dataclass
class Site:
    """One textual substitution of a mutant."""
    original: str
    mutated: str
    form: str = "expr"          # expr: a ternary around an expression; stmt: if/else around statements
    occurrence: int | None = None  # 1-based, when `original` (or `context`) occurs more than once
    context: str | None = None     # a longer text, unique in the file, that contains `original`


@dataclass
class Mutant:
    id: str
    file: str
    operator: str
    area: str
    description: str
    tests: str          # the filter run first
    broad: str          # the area's broad filter, run when the first one does not kill
    sites: list[Site]
    equivalent: str | None = None
    guards: str | None = None
    guard_filter: str | None = None   # the named test that guards the bug, run alone against the mutant
    raw: dict[str, Any] = field(default_factory=dict)


@dataclass
class Resolved:
    """A site located in the unmutated tree."""
    mutant: Mutant
    site: Site
    path: Path      # relative to the repository root
    start: int
    end: int
    line: int


def load_catalogue(path: Path = CATALOGUE) -> list[Mutant]:
    data = json.loads(path.read_text(encoding="utf-8"))
    # A blind round has no areas of its own: its bugs are judged by the product catalogue's tests per area.
    areas = data["areas"] if "areas" in data else json.loads(CATALOGUE.read_text(encoding="utf-8"))["areas"]
    for area in AREAS:
        if not areas.get(area, {}).get("quick") or not areas[area].get("broad"):
            raise CatalogueError(f"{path.name}: areas.{area} needs a quick and a broad test filter")
    mutants: list[Mutant] = []
    seen: set[str] = set()
    for index, entry in enumerate(data["mutants"]):
        where = f"{path.name}: mutants[{index}]"
        missing = [key for key in REQUIRED if not entry.get(key)]
        if missing:
            raise CatalogueError(f"{where} ({entry.get('id', '?')}): missing {', '.join(missing)}")
        if entry["id"] in seen:
            raise CatalogueError(f"{where}: duplicate id {entry['id']}")
        seen.add(entry["id"])
        if not re.fullmatch(r"[a-z0-9][a-z0-9.-]*", entry["id"]):
            raise CatalogueError(f"{where}: id {entry['id']!r} must be lower-case letters, digits, '.' and '-'")
        if entry["area"] not in AREAS:
            raise CatalogueError(f"{where} ({entry['id']}): area {entry['area']!r} is not one of {', '.join(AREAS)}")
        if entry["operator"] not in OPERATORS:
            raise CatalogueError(f"{where} ({entry['id']}): operator {entry['operator']!r} is not one of "
                                 f"{', '.join(OPERATORS)}")
        if "/" in entry["file"]:
            raise CatalogueError(f"{where} ({entry['id']}): give the file by its basename, not {entry['file']!r}")
        raw_sites = entry.get("sites") or [{key: entry[key] for key in
                                            ("original", "mutated", "form", "occurrence", "context") if key in entry}]
        sites = []
        for raw in raw_sites:
            if "original" not in raw or "mutated" not in raw:
                raise CatalogueError(f"{where} ({entry['id']}): a site needs original and mutated")
            if raw.get("form", "expr") not in ("expr", "stmt"):
                raise CatalogueError(f"{where} ({entry['id']}): form must be expr or stmt")
            sites.append(Site(raw["original"], raw["mutated"], raw.get("form", "expr"), raw.get("occurrence"),
                              raw.get("context")))
        mutants.append(Mutant(entry["id"], entry["file"], entry["operator"], entry["area"], entry["description"],
                              entry.get("tests") or areas[entry["area"]]["quick"], areas[entry["area"]]["broad"], sites,
                              entry.get("equivalent"), entry.get("guards"), entry.get("guardFilter"), entry))
    return mutants


def find_source(root: Path, basename: str) -> Path:
    """The one file under Sources/ named `basename` (the lead moves files between modules: never a fixed path)."""
    matches = sorted(p for p in (root / "Sources").rglob(basename) if p.is_file())
    if not matches:
        raise CatalogueError(f"no file named {basename} under Sources/")
    if len(matches) > 1:
        raise CatalogueError(f"{basename} is ambiguous under Sources/: "
                             + ", ".join(str(m.relative_to(root)) for m in matches))
    return matches[0].relative_to(root)


def occurrences(text: str, needle: str) -> list[int]:
    found, start = [], 0
    while (position := text.find(needle, start)) != -1:
        found.append(position)
        start = position + 1
    return found


def locate(text: str, site: Site) -> tuple[int, int]:
    """Where `site.original` is in `text`: exactly once (or at `occurrence`), optionally inside a unique `context`."""
    anchor = site.context if site.context is not None else site.original
    positions = occurrences(text, anchor)
    what = "context" if site.context is not None else "original"
    if not positions:
        raise CatalogueError(f"the {what} text is not in the file: {anchor!r}")
    if site.occurrence is not None:
        if not 1 <= site.occurrence <= len(positions):
            raise CatalogueError(f"occurrence {site.occurrence} asked, the {what} text occurs {len(positions)} "
                                 f"time(s): {anchor!r}")
        position = positions[site.occurrence - 1]
    elif len(positions) > 1:
        raise CatalogueError(f"the {what} text occurs {len(positions)} times (give an occurrence or a context): "
                             f"{anchor!r}")
    else:
        position = positions[0]
    if site.context is not None:
        inner = site.context.find(site.original)
        if inner == -1:
            raise CatalogueError(f"the context does not contain the original {site.original!r}")
        position += inner
    return position, position + len(site.original)


def resolve(mutants: list[Mutant], root: Path) -> tuple[list[Resolved], list[str]]:
    """Every site located in the unmutated tree, and a message for each that is not."""
    resolved, problems = [], []
    texts: dict[Path, str] = {}
    for mutant in mutants:
        try:
            path = find_source(root, mutant.file)
            text = texts.setdefault(path, (root / path).read_text(encoding="utf-8"))
            for site in mutant.sites:
                start, end = locate(text, site)
                resolved.append(Resolved(mutant, site, path, start, end, text.count("\n", 0, start) + 1))
        except CatalogueError as error:
            problems.append(f"{mutant.id} ({mutant.file}): {error}")
    # Overlapping sites cannot both be rewritten (a schema would nest inside a replaced text).
    by_file: dict[Path, list[Resolved]] = {}
    for item in resolved:
        by_file.setdefault(item.path, []).append(item)
    for path, items in by_file.items():
        items.sort(key=lambda item: item.start)
        for before, after in zip(items, items[1:]):
            if after.start < before.end:
                problems.append(f"{after.mutant.id} ({path.name}:{after.line}): its site overlaps {before.mutant.id}'s "
                                f"({path.name}:{before.line}); anchor one of them elsewhere")
    return resolved, problems


def schema(mutant_id: str, site: Site) -> str:
    """The text that replaces `site.original` in the copy."""
    if site.form == "stmt":
        return f'if __lcMutant("{mutant_id}") {{ {site.mutated} }} else {{ {site.original} }}'
    return f'(__lcMutant("{mutant_id}") ? ({site.mutated}) : ({site.original}))'


def rewrite(text: str, sites: list[Resolved]) -> str:
    """`text` with every site replaced by its schema (applied from the end so offsets stay valid)."""
    for item in sorted(sites, key=lambda item: item.start, reverse=True):
        text = text[:item.start] + schema(item.mutant.id, item.site) + text[item.end:]
    return text


def tracked_files(root: Path) -> list[str]:
    out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"], cwd=root,
                         capture_output=True, check=True).stdout.decode()
    return sorted({name for name in out.split("\0") if name and (root / name).is_file()})


def write_if_changed(path: Path, data: bytes) -> bool:
    if path.is_file() and path.read_bytes() == data:
        return False  # unchanged: keep the mtime, so the copy's build stays incremental
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def prepare_copy(root: Path, tree: Path, resolved: list[Resolved]) -> int:
    """Syncs the tree into `tree` with every site rewritten and the helper in each target; returns files written."""
    files = tracked_files(root)
    mutated: dict[str, list[Resolved]] = {}
    for item in resolved:
        mutated.setdefault(str(item.path), []).append(item)
    wanted: set[str] = set()
    written = 0
    for name in files:
        data = (root / name).read_bytes()
        if name in mutated:
            data = rewrite(data.decode("utf-8"), mutated[name]).encode("utf-8")
        written += write_if_changed(tree / name, data)
        wanted.add(name)
    for target in sorted({Path(name).parts[1] for name in files
                          if name.startswith("Sources/") and name.endswith(".swift") and len(Path(name).parts) > 2}):
        helper = f"Sources/{target}/{HELPER_FILE}"
        written += write_if_changed(tree / helper, HELPER_SOURCE.encode())
        wanted.add(helper)
    # Files deleted from the tree since the last sync.
    for path in sorted(tree.rglob("*")):
        relative = path.relative_to(tree)
        if relative.parts[0].startswith(".build") or not path.is_file():
            continue
        if str(relative) not in wanted:
            path.unlink()
            written += 1
    return written


def select(mutants: list[Mutant], sample: int | None, only: list[str] | None) -> list[Mutant]:
    if only:
        known = {m.id: m for m in mutants}
        unknown = [name for name in only if name not in known]
        if unknown:
            raise CatalogueError(f"--only names unknown mutants: {', '.join(unknown)}")
        return [known[name] for name in only]
    if sample is None:
        return mutants
    # Deterministic: the eleven planted bugs, then the others ordered by a hash of their id.
    planted = [m for m in mutants if m.id.startswith("planted-")]
    rest = sorted((m for m in mutants if not m.id.startswith("planted-")),
                  key=lambda m: hashlib.sha256(m.id.encode()).hexdigest())
    return planted + rest[:max(0, sample - len(planted))]


FAILED_TEST = re.compile(r'✘ Test (?!run with )"?(.+?)"? (?:failed|recorded an issue)')
FAILED_XCTEST = re.compile(r"Test Case '(.+?)' failed")
CRASH = re.compile(r"Fatal error|unexpected signal|Exited with signal|signal code|Segmentation fault|Illegal instruction")


# The no-mutant run of every selected filter, alone on the machine (a whole blind round's union takes about 10
# minutes on 2 cores).
BASELINE_TIMEOUT = 3600


def run_tests(tree: Path, filters: str, mutant: str | None, timeout: float) -> dict[str, Any]:
    env = dict(os.environ)
    env.pop(ENV_VAR, None)
    # The slow command's tests (Tests/LoginConformanceTestSupport/SlowCommand.swift) kill mutants too: an area's filter
    # that names a *SlowTests type runs it.
    env["LOGIN_CONFORMANCE_SLOW_TESTS"] = "1"
    if mutant:
        env[ENV_VAR] = mutant
    started = time.monotonic()
    # --ignore-lock: with --jobs, mutants run at once in one tree, and SwiftPM would otherwise serialise them on its
    # lock, counting the wait in a mutant's timeout.
    command = ["swift", "test", "--skip-build", "--ignore-lock", "--filter", filters]
    # A session of its own, so that a timeout ends swift test and the test process it started, nothing else.
    proc = subprocess.Popen(command, cwd=tree, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            errors="replace", start_new_session=True)
    # With a mutant active, the first failing test kills it: the run stops there instead of running the rest of the
    # filter (the verdict is the same; the report names the failures seen so far). The baseline runs to its end.
    lines: list[str] = []
    ended, failed = threading.Event(), threading.Event()

    def read() -> None:
        assert proc.stdout is not None  # started with stdout=PIPE
        for line in proc.stdout:
            lines.append(line)
            if mutant and (FAILED_TEST.search(line) or FAILED_XCTEST.search(line)):
                failed.set()
        ended.set()
        failed.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    failed.wait(timeout)
    timed_out = not failed.is_set()
    stopped = failed.is_set() and not ended.is_set()
    if timed_out or stopped:
        os.killpg(proc.pid, 9)
    proc.wait()
    reader.join(10)
    output = "".join(lines)
    code = None if timed_out else (1 if stopped else proc.returncode)
    seconds = time.monotonic() - started
    failing = []
    for pattern in (FAILED_TEST, FAILED_XCTEST):
        for match in pattern.finditer(output):
            name = match.group(1)
            if name not in failing:
                failing.append(name)
    matched = not re.search(r"Test run with 0 tests|No matching test cases were run", output)
    return {"code": code, "timedOut": timed_out, "seconds": round(seconds, 1), "failing": failing[:3],
            "crash": bool(CRASH.search(output)), "matched": matched, "tail": output[-3000:]}


def verdict(mutant: Mutant, outcome: dict[str, Any]) -> str:
    if outcome["timedOut"]:
        return "killed (timeout)"
    if outcome["code"] == 0:
        return "equivalent" if mutant.equivalent else "survived"
    if outcome["crash"] and not outcome["failing"]:
        return "killed (crash)"
    return "killed"


def build(tree: Path, log: Path) -> float:
    started = time.monotonic()
    with log.open("w") as out:
        proc = subprocess.run(["swift", "build", "--build-tests"], cwd=tree, stdout=out, stderr=subprocess.STDOUT)
    if proc.returncode != 0:
        text = log.read_text(errors="replace")
        errors = [line for line in text.splitlines() if "error:" in line][:20]
        print("the mutated copy does not build (a schema that does not type-check?):", file=sys.stderr)
        print("\n".join(errors) or text[-3000:], file=sys.stderr)
        print(f"full log: {log}", file=sys.stderr)
        sys.exit(2)
    return time.monotonic() - started


# ---------------------------------------------------------------------------------------------------------------
# The Python tests of Scripts/tests, shown failing on the bug each guards against

PYTHON_CHECKS: list[dict[str, Any]] = [
    {"bug": "every family schema emptied to {} (Vectors/schema/<family>.schema.json), each family its own subtest",
     "test": "test_validate_vectors.BrokenCopies.test_every_family_checks_its_input", "break": "empty-schemas"},
    {"bug": "generate_vectors.py --check compares text, not bytes (CRLF line endings read as a match)",
     "test": "test_generate_check.GeneratorCheck.test_crlf_line_endings_differ",
     "break": ("Scripts/vectors/generate_vectors.py", 'target(name).read_bytes() != text.encode("utf-8")',
               'target(name).read_text(encoding="utf-8") != text')},
    {"bug": "generate_vectors.py --check ignores a JSON file in Vectors/ the generator does not write",
     "test": "test_generate_check.GeneratorCheck.test_an_extra_file_in_vectors",
     "break": ("Scripts/vectors/generate_vectors.py", "if path.name not in written]", "if False]")},
    {"bug": "generate_vectors.py --check ignores a family dropped from the manifest (it does not write the manifest's "
            "families)",
     "test": "test_generate_check.GeneratorCheck.test_a_family_dropped_from_the_manifest",
     "break": ("Scripts/vectors/generate_vectors.py",
               "files[MANIFEST_FILE] = (render_manifest(build_manifest(module_names)), None)", "pass")},
]


def python_checks(python: str) -> list[dict[str, Any]]:
    """Runs each guarding test on an intact copy (it must pass) and on a copy with the bug (it must fail)."""
    import tempfile
    python = str(Path(python).resolve()) if os.sep in python else python  # the copies run it from other folders
    records = []
    for check in PYTHON_CHECKS:
        results = {}
        for broken in (False, True):
            root = Path(tempfile.mkdtemp(prefix="lc-python-check-"))
            try:
                # What the generator reads and writes, as its own copy_layout lists it (the tests copy it again).
                subprocess.run([python, "-c", "import sys; from pathlib import Path; import generate_vectors; "
                                "generate_vectors.copy_layout(Path(sys.argv[1]))", str(root)],
                               cwd=ROOT / "Scripts" / "vectors", check=True)
                if broken and check["break"] == "empty-schemas":
                    manifest = json.loads((root / "Vectors" / "manifest.json").read_text(encoding="utf-8"))
                    for entry in manifest["families"]:
                        (root / "Vectors" / "schema" / f"{entry['family']}.schema.json").write_text("{}\n")
                elif broken:
                    file, original, mutated = check["break"]
                    text = (root / file).read_text(encoding="utf-8")
                    if text.count(original) != 1:
                        raise CatalogueError(f"python check: {original!r} is not once in {file}")
                    (root / file).write_text(text.replace(original, mutated), encoding="utf-8")
                proc = subprocess.run([python, "-m", "unittest", check["test"]], cwd=root / "Scripts" / "tests",
                                      capture_output=True, text=True)
                output = proc.stdout + proc.stderr
                failed = re.findall(r"^FAIL: \S+ \(.*?\)(?: \((.*?)\))?", output, re.MULTILINE)
                results[broken] = (proc.returncode, failed, output)
            finally:
                shutil.rmtree(root)
        intact_code, _, intact_output = results[False]
        code, failed, _ = results[True]
        subtests = [f for f in failed if f]
        result = ("passes intact; " if intact_code == 0 else "FAILS INTACT; ") + (
            f"fails on the bug ({len(failed)} failure{'s' if len(failed) != 1 else ''}"
            + (f": {', '.join(subtests)}" if subtests else "") + ")" if code != 0 else "PASSES ON THE BUG")
        edit = ("every family's schema file replaced by {}" if check["break"] == "empty-schemas"
                else f"{check['break'][0]}: `{check['break'][1]}` → `{check['break'][2]}`")
        records.append({"bug": check["bug"], "test": check["test"], "edit": edit,
                        "command": f"python -m unittest {check['test']} (in a copy of Scripts/, Vectors/)",
                        "result": result, "guards": intact_code == 0 and code != 0})
        print(f"{check['test']}: {result}", flush=True)
        if intact_code != 0:
            print(intact_output[-2000:], file=sys.stderr)
    return records


# ---------------------------------------------------------------------------------------------------------------
# Report


def report_entry(mutant: Mutant, sites: list[Resolved], outcome: dict[str, Any] | None) -> dict[str, Any]:
    site = sites[0] if sites else None
    entry = {
        "id": mutant.id, "area": mutant.area, "operator": mutant.operator, "description": mutant.description,
        "file": mutant.file, "site": f"{site.path}:{site.line}" if site else None, "tests": mutant.tests,
        "original": mutant.sites[0].original, "mutated": mutant.sites[0].mutated,
        "equivalent": mutant.equivalent, "guards": mutant.guards,
    }
    if outcome is not None:
        entry.update({"verdict": verdict(mutant, outcome), "killedBy": outcome["failing"],
                      "seconds": outcome["seconds"], "filter": outcome.get("filter")})
        if "guard" in outcome:
            entry["guardRun"] = outcome["guard"]
    return entry


def record_blind_round(catalogue: Path, last: dict[str, Any], count: int, partial: bool = False) -> None:
    """Keeps a blind round's verdicts beside its catalogue: the first run's in `<round>.first-run.json`, written once
    and never again (the first-run kill rate is the measurement), every later run's in `<round>.latest.json`; then
    rewrites the report's Markdown, whose "Blind rounds" section reads them. A later run of some mutants only
    (`--only`, typically the survivors once their tests exist) updates their verdicts in the latest record, which
    keeps the others' and says which were rerun when."""
    first = catalogue.with_name(catalogue.stem + ".first-run.json")
    if partial and not first.exists():
        print("a blind round's first run is the whole round: run it without --only first", file=sys.stderr)
        return
    target = catalogue.with_name(catalogue.stem + ".latest.json") if first.exists() else first
    mutants = [{key: e.get(key) for key in ("id", "area", "operator", "site", "description", "verdict", "killedBy")}
               for e in last["mutants"]]
    reruns = []
    if partial:
        earlier = json.loads((target if target.exists() else first).read_text())
        rerun = {m["id"]: m for m in mutants}
        mutants = [rerun.get(m["id"], m) for m in earlier["mutants"]]
        reruns = earlier.get("reruns", []) + [{"date": last["date"], "commit": last.get("commit"), "ids": sorted(rerun)}]
    record = {"round": catalogue.stem, "catalogue": catalogue.name, "date": last["date"], "seconds": last["seconds"],
              "commit": last.get("commit"), "mutants": mutants}
    if reruns:
        record["reruns"] = reruns
    target.write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n")
    print(f"== wrote {target.relative_to(ROOT)}" + ("" if target == first else f" ({first.name} is kept as it was)"))
    if REPORT_JSON.is_file():
        REPORT_MD.write_text(render_markdown(json.loads(REPORT_JSON.read_text())))
        print(f"== rewrote {REPORT_MD.relative_to(ROOT)} (its Blind rounds section)")


def git_head() -> str | None:
    """The commit measured (the scratch copy is the working tree at it, with whatever is uncommitted)."""
    result = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    return result.stdout.strip() or None


def blind_round_lines() -> list[str]:
    """The report's "Blind rounds" section, from Scripts/mutation/blind_rounds/: per round, the first run's kill rate (the
    measurement, recorded before any fix) and the latest run's."""
    rounds = sorted(BLIND_ROUNDS.glob("round-*.first-run.json"), key=lambda p: int(re.sub(r"\D", "", p.stem) or 0))
    if not rounds:
        return []

    def rate(record: dict[str, Any]) -> tuple[int, int, list[str]]:
        run = [m for m in record["mutants"] if m.get("verdict")]
        killed = [m for m in run if m["verdict"].startswith("killed")]
        return len(killed), len(run), [m["id"] for m in run if not m["verdict"].startswith("killed")]

    lines = ["## Blind rounds", "",
             "Bugs written by someone who saw `Sources/` and the specification but not `Tests/`, this catalogue, its "
             "report or the history (`Scripts/mutation/blind_rounds/round-N.json`, committed before the round ran). The first "
             "run's kill rate is the measurement; it is recorded before any test is written for a survivor and never "
             "rewritten. Each survivor then gets the test that kills it, and the survivors are run again: the latest run. "
             "Run a round: `python3 Scripts/mutation/product_mutation.py --catalogue Scripts/mutation/blind_rounds/round-N.json`.", "",
             "| round | bugs | first run: killed | first-run kill rate | first run on | latest run: killed | survivors of the first run |",
             "| --- | ---: | ---: | ---: | --- | ---: | --- |"]
    for path in rounds:
        first = json.loads(path.read_text())
        killed, run, survivors = rate(first)
        latest_path = path.with_name(path.name.replace(".first-run.", ".latest."))
        latest = "—"
        if latest_path.is_file():
            record = json.loads(latest_path.read_text())
            latest_killed, latest_run, _ = rate(record)
            latest = f"{latest_killed} of {latest_run} ({record['date']})"
        lines.append(f"| {first['round']} | {run} | {killed} | **{100 * killed / max(1, run):.1f}%** | "
                     f"{first['date']} at {first.get('commit') or '?'} | {latest} | "
                     f"{', '.join(f'`{s}`' for s in survivors) or 'none'} |")
    documents = [(json.loads(path.read_text()), path) for path in rounds]
    notes = [f"- {first['round']}: {first['note']}" for first, _ in documents if first.get("note")]
    return lines + ([""] + notes if notes else []) + [""]


def cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def code(text: str, limit: int = 70) -> str:
    text = " ".join(str(text).split())
    if len(text) > limit:
        text = text[:limit - 1] + "…"
    return "`" + text.replace("`", "'").replace("|", "\\|") + "`"


def render_markdown(document: dict[str, Any]) -> str:
    entries = document["mutants"]
    for e in entries:  # the run's own summary line is not a test
        for holder in (e, e.get("guardRun") or {}):
            for key in ("killedBy", "failing"):
                if holder.get(key):
                    holder[key] = [name for name in holder[key] if not name.startswith("run with ")]
    run = [e for e in entries if "verdict" in e]
    killed = [e for e in run if e["verdict"].startswith("killed")]
    equivalent = [e for e in run if e["verdict"] == "equivalent"]
    survived = [e for e in run if e["verdict"] == "survived"]
    score_base = len(run) - len(equivalent)
    lines = [
        "# Product mutation report",
        "",
        "Generated by `python3 Scripts/mutation/product_mutation.py` from the catalogue `Scripts/mutation/product_mutants.json`; do not edit.",
        "Each mutant is one realistic bug at one site of the toolkit's own code (`Sources/`: the engine, judging, the",
        "gate, baselines, reports, the loader, the changelog, the harness, lint, the CLI and the Swift Testing layer),",
        "applied as a mutant schema in a scratch copy, and it is **killed** when one of its tests fails. The vector",
        "mutants (buggy *implementations*, measuring the vectors) are in [mutation-report.md](mutation-report.md).",
        "",
        f"**{len(killed)} of {len(run)} mutants killed ({100 * len(killed) / max(1, len(run)):.1f}%; "
        f"{100 * len(killed) / max(1, score_base):.1f}% of the {score_base} that are not equivalent)**; "
        f"{len(equivalent)} equivalent (explained below), {len(survived)} survived.",
        "",
        f"Full run: {document.get('fullRunSeconds', '?')} s wall time on {document.get('machine', '?')}"
        f"{', --jobs ' + str(document['jobs']) if document.get('jobs') else ''} "
        f"(build of the mutated copy {document.get('buildSeconds', '?')} s"
        f"{' incremental, ' + str(document['coldBuildSeconds']) + ' s cold' if document.get('coldBuildSeconds') else ''}, "
        f"baseline {document.get('baselineSeconds', '?')} s "
        f"{'first, alone' if document.get('baselineFirst') else 'beside the mutants'}, "
        f"then per mutant `swift test --skip-build --filter` with its area's kill tests, and the area's broad filter "
        f"when those do not kill it). "
        f"CI sample (`--sample {document.get('sampleSize', '?')}`): {document.get('sampleSeconds', '?')} s. "
        f"Measured {document.get('date', '?')}.",
        "",
    ]
    if document.get("history"):
        lines[-1:-1] = ["", document["history"]]

    def table(title: str, key: str, order: list[str]) -> None:
        lines.extend([f"## By {title}", "", f"| {title} | mutants | killed | equivalent | survived |",
                      "| --- | ---: | ---: | ---: | ---: |"])
        for name in order + sorted({e[key] for e in run} - set(order)):
            group = [e for e in run if e[key] == name]
            if not group:
                continue
            lines.append(f"| {name} | {len(group)} | {sum(e['verdict'].startswith('killed') for e in group)} | "
                         f"{sum(e['verdict'] == 'equivalent' for e in group)} | "
                         f"{sum(e['verdict'] == 'survived' for e in group)} |")
        lines.append("")

    table("area", "area", AREAS)
    table("operator", "operator", OPERATORS)
    lines.extend(blind_round_lines())

    planted = [e for e in entries if e["id"].startswith("planted-")]
    lines.extend(["## The eleven planted bugs", "",
                  "Planted one at a time in product code, all eleven survived the whole `swift test` before this work.",
                  "", "| mutant | site | the bug | verdict | killed by |", "| --- | --- | --- | --- | --- |"])
    for e in planted:
        lines.append(f"| `{e['id']}` | {e['site']} | {cell(e['description'])} | {e.get('verdict', 'not run')} | "
                     f"{cell('; '.join(e.get('killedBy') or []))} |")
    lines.append("")

    guarded = [e for e in entries if e.get("guards")]
    python_checks = document.get("pythonChecks") or []
    lines.extend(["## Tests that can fail", "",
                  "Each test the issue names, shown failing on the bug it guards against: for the Swift tests, a product",
                  "mutant above that the test kills; for the Python tests, the script or schema broken in a scratch copy",
                  "(`python3 Scripts/mutation/product_mutation.py --python-checks [PYTHON]` reruns them).", "",
                  "| test | the bug | how it is broken | result |", "| --- | --- | --- | --- |"])
    for e in guarded:
        run = e.get("guardRun")
        result = ("not run alone" if not run else
                  f"`swift test --filter '{run['filter']}'` with the mutant: "
                  + (f"fails ({'; '.join(run['failing'][:2])})" if run["killed"] else "PASSES"))
        lines.append(f"| {cell(e['guards'])} | {cell(e['description'])} | mutant `{e['id']}` | {cell(result)} |")
    for check in python_checks:
        lines.append(f"| `{check['test']}` | {cell(check['bug'])} | {cell(check.get('edit', ''))} | {cell(check['result'])} |")
    lines.append("")

    if equivalent or survived:
        lines.extend(["## Survivors", ""])
        for e in equivalent:
            lines.append(f"- `{e['id']}` ({e['site']}) is **equivalent**: {e['equivalent']}")
        for e in survived:
            lines.append(f"- `{e['id']}` ({e['site']}) **survived**: {e['description']}")
        lines.append("")

    lines.extend(["## Every mutant", "",
                  "| mutant | area | operator | site | original → mutated | the bug | verdict | killed by / why not |",
                  "| --- | --- | --- | --- | --- | --- | --- | --- |"])
    for e in entries:
        why = e.get("equivalent") if e.get("verdict") == "equivalent" else "; ".join(e.get("killedBy") or [])
        lines.append(f"| `{e['id']}` | {e['area']} | {e['operator']} | {e['site']} | {code(e['original'], 45)} → "
                     f"{code(e['mutated'], 45)} | {cell(e['description'])} | {e.get('verdict', 'not run')} | "
                     f"{cell(why or '')} |")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sample", type=int, metavar="N", help="a deterministic sample of N mutants, the eleven included")
    parser.add_argument("--only", metavar="IDS", help="comma-separated mutant ids")
    parser.add_argument("--list", action="store_true", help="list the catalogue")
    parser.add_argument("--check", action="store_true", help="check that every site resolves; no build")
    parser.add_argument("--merge", action="store_true",
                        help="with --only or --sample: fold the verdicts (and the sample's time) into the report")
    parser.add_argument("--scratch", type=Path, default=DEFAULT_SCRATCH, help=f"scratch directory (default {DEFAULT_SCRATCH})")
    parser.add_argument("--timeout", type=float, default=300, help="seconds per mutant's test run (default 300)")
    parser.add_argument("--jobs", type=int, default=1, help="mutants run at the same time (default 1)")
    parser.add_argument("--no-baseline", action="store_true", help="skip the run with no mutant active (not for CI)")
    parser.add_argument("--catalogue", type=Path, default=CATALOGUE)
    parser.add_argument("--render", action="store_true", help="rewrite the Markdown report from the JSON one (no run)")
    parser.add_argument("--python-checks", metavar="PYTHON", nargs="?", const=".venv/bin/python",
                        help="show each guarding Python test failing on its bug (with this interpreter, which needs "
                             "Scripts/requirements.txt; default .venv/bin/python) and record it in the report")
    args = parser.parse_args(argv)

    try:
        mutants = load_catalogue(args.catalogue)
    except (CatalogueError, KeyError, json.JSONDecodeError) as error:
        print(f"catalogue: {error}", file=sys.stderr)
        return 2
    resolved, problems = resolve(mutants, ROOT)
    # The Python checks' bugs too: a site that moved would only be found by a --python-checks run.
    problems += [f"python check {check['test']}: {check['break'][1]!r} is not once in {check['break'][0]}"
                 for check in PYTHON_CHECKS if check["break"] != "empty-schemas"
                 and (ROOT / check["break"][0]).read_text(encoding="utf-8").count(check["break"][1]) != 1]
    sites_of: dict[str, list[Resolved]] = {}
    for item in resolved:
        sites_of.setdefault(item.mutant.id, []).append(item)

    if args.list:
        for m in mutants:
            site = sites_of.get(m.id, [None])[0]
            where = f"{site.path}:{site.line}" if site else "UNRESOLVED"
            print(f"{m.id:28} {m.area:13} {m.operator:18} {where:60} {m.description}")
        print(f"{len(mutants)} mutants", file=sys.stderr)
        return 0
    if problems:
        for problem in problems:
            print(f"unresolved: {problem}", file=sys.stderr)
        if args.check:
            return 1
        print("fix the catalogue first (--check lists every unresolved site)", file=sys.stderr)
        return 2
    if args.check:
        print(f"{len(mutants)} mutants, {len(resolved)} sites and {len(PYTHON_CHECKS)} Python checks: every site "
              "resolves exactly once")
        return 0

    if args.render:
        document = json.loads(REPORT_JSON.read_text())
        REPORT_MD.write_text(render_markdown(document))
        REPORT_JSON.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n")
        return 0
    if args.python_checks:
        records = python_checks(args.python_checks)
        document = json.loads(REPORT_JSON.read_text()) if REPORT_JSON.is_file() else {"mutants": []}
        document["pythonChecks"] = records
        REPORT_JSON.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n")
        REPORT_MD.write_text(render_markdown(document))
        return 0 if all(r["guards"] for r in records) else 1

    try:
        chosen = select(mutants, args.sample, args.only.split(",") if args.only else None)
    except CatalogueError as error:
        print(error, file=sys.stderr)
        return 2
    blind = args.catalogue.resolve().parent == BLIND_ROUNDS
    if not blind and args.catalogue.resolve() != CATALOGUE:
        print("--catalogue: the product catalogue or a blind round in Scripts/mutation/blind_rounds/", file=sys.stderr)
        return 2
    full = args.sample is None and not args.only and not blind
    started = time.monotonic()
    tree = args.scratch.resolve() / "tree"
    tree.mkdir(parents=True, exist_ok=True)
    # Every mutant is always in the copy: the schemata cost nothing when inactive, and the build stays incremental
    # whichever subset runs.
    measured = git_head()  # the commit the copy is made from (its uncommitted changes copied with it)
    written = prepare_copy(ROOT, tree, resolved)
    print(f"== copy: {tree} ({written} files written)", flush=True)
    build_seconds = build(tree, args.scratch.resolve() / "build.log")
    print(f"== built in {build_seconds:.0f} s", flush=True)

    # The baseline (no mutant active: every selected test must pass) runs first, alone: a red baseline means no
    # verdict would hold, so nothing else runs. (Run beside the mutants, it shared the cores with them and a whole
    # blind round's union of filters outran its 900 s: a red baseline from a timeout, after an hour of mutants.)
    baseline_seconds = None
    if not args.no_baseline:
        filters = "|".join(sorted({f"(?:{f})" for m in chosen for f in (m.tests, m.broad)}))
        outcome = run_tests(tree, filters, None, max(args.timeout, BASELINE_TIMEOUT))
        baseline_seconds = outcome["seconds"]
        if outcome["code"] != 0:
            why = f"it did not finish within {max(args.timeout, BASELINE_TIMEOUT):.0f} s" if outcome["timedOut"] \
                else f"failing: {'; '.join(outcome['failing']) or 'see below'}"
            print(f"the baseline is red ({why}): with no mutant active the selected tests must pass, so no verdict "
                  "would hold; fix them first", file=sys.stderr)
            print(outcome["tail"], file=sys.stderr)
            return 2
        print(f"== baseline green in {baseline_seconds:.0f} s (no mutant active)", flush=True)

    def one(mutant: Mutant) -> dict[str, Any]:
        outcome = run_tests(tree, mutant.tests, mutant.id, args.timeout)
        outcome["filter"] = mutant.tests
        if outcome["matched"] and outcome["code"] == 0 and mutant.broad != mutant.tests:
            first = outcome["seconds"]
            outcome = run_tests(tree, mutant.broad, mutant.id, args.timeout)
            outcome["filter"] = mutant.broad
            outcome["seconds"] = round(outcome["seconds"] + first, 1)
        if mutant.guard_filter:
            alone = run_tests(tree, mutant.guard_filter, mutant.id, args.timeout)
            outcome["guard"] = {"filter": mutant.guard_filter, "killed": alone["code"] != 0, "failing": alone["failing"]}
        return outcome

    results: dict[str, dict[str, Any]] = {}
    # Mutants are independent (each its own test process, the active one named in its environment).
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = {pool.submit(one, mutant): mutant for mutant in chosen}
        for number, future in enumerate(as_completed(futures), 1):
            mutant, outcome = futures[future], future.result()
            if not outcome["matched"]:
                print(f"{mutant.id}: its filter {outcome['filter']!r} selects no test", file=sys.stderr)
                pool.shutdown(cancel_futures=True)
                return 2
            results[mutant.id] = outcome
            print(f"[{number}/{len(chosen)}] {mutant.id:28} {verdict(mutant, outcome):18} {outcome['seconds']:6.1f} s  "
                  f"{'; '.join(outcome['failing'][:1])}", flush=True)
    total = round(time.monotonic() - started)

    entries = {m.id: report_entry(m, sites_of[m.id], results.get(m.id)) for m in mutants}
    survivors = [i for i, o in results.items() if verdict(next(m for m in chosen if m.id == i), o) == "survived"]
    last = {"date": time.strftime("%Y-%m-%d"), "commit": measured, "seconds": total, "buildSeconds": round(build_seconds),
            "baselineSeconds": baseline_seconds, "mutants": [entries[m.id] for m in chosen]}
    (args.scratch.resolve() / "last-run.json").write_text(json.dumps(last, indent=2, ensure_ascii=False) + "\n")

    if blind and args.sample is None:
        record_blind_round(args.catalogue.resolve(), last, len(chosen), partial=bool(args.only))
    if (full or args.merge) and not blind:
        previous = json.loads(REPORT_JSON.read_text()) if REPORT_JSON.is_file() else {}
        old = {e["id"]: e for e in previous.get("mutants", [])}
        document = {key: value for key, value in previous.items() if key != "mutants"}
        merged = []
        for m in mutants:
            entry = entries[m.id]
            if m.id not in results and m.id in old and "verdict" in old[m.id]:
                for key in ("verdict", "killedBy", "seconds", "filter", "guardRun"):
                    if key in old[m.id]:
                        entry[key] = old[m.id][key]
            merged.append(entry)
        document["mutants"] = merged
        document["machine"] = document.get("machine") or f"{os.cpu_count()} cores, shared"
        if full:
            document.update({"date": last["date"], "fullRunSeconds": total, "buildSeconds": round(build_seconds),
                             "baselineSeconds": baseline_seconds, "baselineFirst": True, "jobs": args.jobs})
        if args.sample is not None:
            document.update({"sampleSize": len(chosen), "sampleSeconds": total})
        REPORT_JSON.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n")
        REPORT_MD.write_text(render_markdown(document))
        print(f"== wrote {REPORT_MD.relative_to(ROOT)} and {REPORT_JSON.name}")

    killed = sum(1 for m in chosen if verdict(m, results[m.id]).startswith("killed"))
    print(f"== {killed} of {len(chosen)} killed, {len(survivors)} survived"
          + (f": {', '.join(survivors)}" if survivors else "") + f"; {total} s in all")
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main())
