#!/usr/bin/env python3
"""Check the suite's ios-sdk profile against the Facebook iOS SDK's own Swift code.

    python3 Scripts/sdk_check/check_sdk.py --sdk PATH [--vectors DIR] [--families F ...] [--build-dir DIR] [--no-crypto]

PATH is a checkout of https://github.com/facebook/facebook-ios-sdk at any tag. The SDK's code is read from PATH
and compiled in a build directory outside the repository's tracked files (default: .build-sdk-check/, ignored by
git); none of it is ever written into the repository.

What happens (docs/sdk-check.md explains each step):
1. The SDK's Swift files listed in SDK_FILES are copied into a generated SwiftPM package, each through the named
   mechanical rewrites of REWRITES (every applied rewrite is printed with its file and line numbers; a rewrite only
   deletes an Objective-C attribute and keeps every line where it was).
2. Our stand-ins (Scripts/sdk_check/stand-ins/<module>/*.swift) supply the platform and Objective-C types those
   files name; our driver (Scripts/sdk_check/driver/*.swift) runs every vector that holds under ios-sdk through
   the SDK's code and writes the SDK's answer, mapped to the family's outcome shape.
3. This script compares each answer with the vector's `expected` and `alsoAccepted` (strings code point by code
   point, numbers by value, permission lists as sets), prints every disagreement and a summary per family, and
   reads Scripts/sdk_check/declared.json for the disagreements that are declared Linux-versus-Apple differences.

Exit status: 0 when every disagreement is declared; 1 when one is not; 2 when the tool cannot run (no SDK
files, build failure, bad declared.json).

Python standard library only.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CHECK_DIR = ROOT / "Scripts" / "sdk_check"
STAND_INS = CHECK_DIR / "stand-ins"
DRIVER = CHECK_DIR / "driver"
DECLARED = CHECK_DIR / "declared.json"
DEFAULT_VECTORS = ROOT / "Vectors"
DEFAULT_BUILD = ROOT / ".build-sdk-check"
PROFILE = "ios-sdk"

# The SDK's own Swift files, per module of the generated package (paths inside a facebook-ios-sdk checkout).
SDK_FILES: dict[str, list[str]] = {
    "FBSDKCoreKit": [
        "FBSDKCoreKit/FBSDKCoreKit/AuthenticationTokenClaims.swift",
        "FBSDKCoreKit/FBSDKCoreKit/Internal/Configuration/DependentAsType.swift",
        "FBSDKCoreKit/FBSDKCoreKit/Internal/Configuration/MissingDependenciesError.swift",
        "FBSDKCoreKit/FBSDKCoreKit/SettingsProtocol.swift",
        "FBSDKCoreKit/FBSDKCoreKit/Permission.swift",
    ],
    "FBSDKLoginKit": [
        "FBSDKLoginKit/FBSDKLoginKit/Internal/NonceValidator.swift",
        "FBSDKLoginKit/FBSDKLoginKit/Internal/FBPermission.swift",
        "FBSDKLoginKit/FBSDKLoginKit/Internal/AuthenticationTokenHeader.swift",
        "FBSDKLoginKit/FBSDKLoginKit/CodeVerifier.swift",
        "FBSDKLoginKit/FBSDKLoginKit/LoginConfiguration.swift",
        "FBSDKLoginKit/FBSDKLoginKit/LoginTracking.swift",
    ],
}
# Files that only some tags have; the driver is compiled with the flag when the file exists.
OPTIONAL_SDK_FILES: dict[str, tuple[str, str]] = {
    "FBSDKLoginKit/FBSDKLoginKit/AppSwitch.swift": ("FBSDKLoginKit", "SDK_HAS_APP_SWITCH"),
}
# Source probes: (file, regular expression, flag) — the driver reads a member only when the SDK has it.
SOURCE_PROBES: list[tuple[str, str, str]] = [
    ("FBSDKCoreKit/FBSDKCoreKit/AuthenticationTokenClaims.swift", r"\blet cnfJkt\b", "SDK_HAS_CNF_JKT"),
]

def family_sdk_checks(vectorgen: Path = ROOT / "Scripts" / "vectorgen") -> dict[str, dict[str, Any]]:
    """Each family's `SDK_CHECK` declaration, by family name: its module in Scripts/vectorgen/ says what the driver
    calls in the SDK (`runs`), or why its ios-sdk vectors are read, not run (`notRun`); a family whose stage is all
    the SDK reveals of a rejection lists `stageReasons`. Read from the modules' source (literals only), not imported,
    so that this check needs no vector generator dependency. A family module without the declaration is an error:
    a new family says how the SDK check treats it."""
    declared: dict[str, dict[str, Any]] = {}
    for path in sorted(vectorgen.glob("*.py")):
        values: dict[str, Any] = {}
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                    and node.targets[0].id in ("FAMILY", "SDK_CHECK"):
                values[node.targets[0].id] = ast.literal_eval(node.value)
        if "FAMILY" not in values:
            continue
        check = values.get("SDK_CHECK")
        if not isinstance(check, dict) or len({"runs", "notRun"} & check.keys()) != 1 \
                or not set(check) <= {"runs", "notRun", "stageReasons"}:
            raise ValueError(f"{path.name}: SDK_CHECK must be a dict with exactly one of 'runs' and 'notRun' "
                             "(and optionally 'stageReasons')")
        declared[values["FAMILY"]] = check
    return declared


_SDK_CHECKS = family_sdk_checks()
# The families the driver runs, and what it calls in the SDK.
RUN_FAMILIES: dict[str, str] = {family: c["runs"] for family, c in _SDK_CHECKS.items() if "runs" in c}
# Families whose ios-sdk vectors this check cannot run, and why (docs/sdk-check.md, "What is not compiled").
NOT_RUN: dict[str, str] = {family: c["notRun"] for family, c in _SDK_CHECKS.items() if "notRun" in c}
# A rejection the SDK answers only as nil: the stage that refused, and the reasons that stage can give.
STAGE_REASONS: dict[str, dict[str, set[str]]] = {
    family: {stage: set(reasons) for stage, reasons in c["stageReasons"].items()}
    for family, c in _SDK_CHECKS.items() if "stageReasons" in c
}

# Lists compared as sets (Vectors/README.md: permission lists are sets).
SET_KEYS = {"permissions", "grantedPermissions", "declinedPermissions"}

DECLARED_KINDS = {"linux-foundation", "linux-swift-runtime", "stand-in"}


@dataclass(frozen=True)
class Rewrite:
    """A mechanical edit: deletes what `pattern` matches, keeping every line where it was."""

    name: str
    pattern: str
    why: str

    def apply(self, text: str) -> tuple[str, list[int]]:
        lines: list[int] = []
        regex = re.compile(self.pattern, re.MULTILINE)
        for match in regex.finditer(text):
            lines.append(text.count("\n", 0, match.start()) + 1)
        return regex.sub("", text), lines


REWRITES: list[Rewrite] = [
    Rewrite("remove-objcMembers", r"@objcMembers\b[ \t]*",
            "@objcMembers needs the Objective-C runtime, which Swift on Linux does not have"),
    Rewrite("remove-objc-attribute", r"@objc(\([^)\n]*\))?(?=[\s])[ \t]*",
            "@objc / @objc(name) needs the Objective-C runtime, which Swift on Linux does not have"),
]


# ---------------------------------------------------------------------------------------------- comparison

def holds_under_profile(vector: dict[str, Any], profile: str = PROFILE) -> bool:
    profiles = vector.get("profiles")
    return profiles is None or profile in profiles


def values_equal(a: Any, b: Any, key: str | None = None) -> bool:
    """JSON values equal as the suite compares them: strings code point by code point (Python's str ==, no
    normalisation), numbers by value, booleans never equal to numbers, permission lists as sets, objects by
    member set."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return _number_equal(a, b)
    if isinstance(a, str) and isinstance(b, str):
        return len(a) == len(b) and all(x == y for x, y in zip(a, b))
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, list) and isinstance(b, list):
        if key in SET_KEYS:
            return _as_set(a) == _as_set(b)
        return len(a) == len(b) and all(values_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(values_equal(a[k], b[k], k) for k in a)
    return False


def _number_equal(a: int | float, b: int | float) -> bool:
    if isinstance(a, int) and isinstance(b, int):
        return a == b
    from fractions import Fraction
    try:
        return Fraction(a) == Fraction(b)
    except (ValueError, OverflowError):
        return False


def _as_set(items: list[Any]) -> set[str]:
    return {json.dumps(item, sort_keys=True) for item in items}


def _matches(answer: dict[str, Any], outcome: dict[str, Any], family: str) -> bool:
    stage = answer.get("stage")
    if stage is not None:
        reasons = STAGE_REASONS.get(family, {}).get(stage, set())
        return (outcome.get("result") == answer.get("result")
                and outcome.get("reason") in reasons)
    return values_equal(answer, outcome)


def judge(answer: dict[str, Any], vector: dict[str, Any], family: str) -> str:
    """'expected', 'alsoAccepted' or 'disagree'."""
    if _matches(answer, vector["expected"], family):
        return "expected"
    if any(_matches(answer, other, family) for other in vector.get("alsoAccepted", [])):
        return "alsoAccepted"
    return "disagree"


# ---------------------------------------------------------------------------------------------- vectors

def load_vectors(vectors_dir: Path) -> tuple[dict[str, Any], dict[str, list[dict[str, Any]]]]:
    manifest = json.loads((vectors_dir / "manifest.json").read_text(encoding="utf-8"))
    families: dict[str, list[dict[str, Any]]] = {}
    for entry in manifest["families"]:
        data = json.loads((vectors_dir / entry["file"]).read_text(encoding="utf-8"))
        families[entry["family"]] = data["vectors"]
    return manifest, families


def load_declared(path: Path, families: dict[str, list[dict[str, Any]]]) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """declared.json's entries by vector ID, and every problem with the file (empty when valid)."""
    problems: list[str] = []
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        return {}, [f"{path}: {error}"]
    ids = {v["id"]: (family, v) for family, vectors in families.items() for v in vectors}
    entries: dict[str, dict[str, Any]] = {}
    if data.get("formatVersion") != 1 or not isinstance(data.get("declared"), list):
        problems.append("formatVersion must be 1 and declared a list")
        return entries, problems
    extra = set(data) - {"$comment", "formatVersion", "declared"}
    if extra:
        problems.append(f"unknown top-level members {sorted(extra)}")
    for index, entry in enumerate(data.get("declared", [])):
        where = f"declared[{index}]"
        vid = entry.get("id")
        if not isinstance(vid, str):
            problems.append(f"{where}: no id")
            continue
        where = f"declared[{index}] {vid}"
        if vid in entries:
            problems.append(f"{where}: declared twice")
        if vid not in ids:
            problems.append(f"{where}: no vector has this ID")
        elif not holds_under_profile(ids[vid][1]):
            problems.append(f"{where}: the vector does not hold under {PROFILE}")
        if entry.get("kind") not in DECLARED_KINDS:
            problems.append(f"{where}: kind must be one of {sorted(DECLARED_KINDS)}")
        for member in ("evidence", "apple"):
            if not isinstance(entry.get(member), str) or not entry[member].strip():
                problems.append(f"{where}: '{member}' must be a non-empty string")
        sources = entry.get("sources")
        if not isinstance(sources, list) or not sources or not all(isinstance(s, str) and s for s in sources):
            problems.append(f"{where}: 'sources' must be a non-empty list of file#line references")
        unknown = set(entry) - {"id", "kind", "evidence", "apple", "sources", "sdkAnswer"}
        if unknown:
            problems.append(f"{where}: unknown members {sorted(unknown)}")
        entries[vid] = entry
    return entries, problems


# ---------------------------------------------------------------------------------------------- report

@dataclass
class FamilyTally:
    run: int = 0
    expected: int = 0
    also: int = 0
    stage_only: int = 0
    declared: list[str] = field(default_factory=list)
    undeclared: list[str] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)


def compare(answers: list[dict[str, Any]], families: dict[str, list[dict[str, Any]]],
            declared: dict[str, dict[str, Any]],
            out: Callable[[str], object] = print) -> tuple[dict[str, FamilyTally], list[str]]:
    """Prints every disagreement; returns the tallies and the declarations that no longer disagree."""
    by_id = {v["id"]: (family, v) for family, vectors in families.items() for v in vectors}
    tallies: dict[str, FamilyTally] = {}
    stale: list[str] = []
    for record in answers:
        family, vector = by_id[record["id"]]
        tally = tallies.setdefault(family, FamilyTally())
        if "skipped" in record:
            tally.skipped.append((record["id"], record["skipped"]))
            continue
        tally.run += 1
        answer = record["answer"]
        verdict = judge(answer, vector, family)
        if verdict == "expected":
            tally.expected += 1
        elif verdict == "alsoAccepted":
            tally.also += 1
        if verdict != "disagree" and "stage" in answer:
            tally.stage_only += 1
        if verdict != "disagree":
            if record["id"] in declared:
                stale.append(record["id"])
            continue
        entry = declared.get(record["id"])
        label = f"DECLARED ({entry['kind']})" if entry else "UNDECLARED"
        (tally.declared if entry else tally.undeclared).append(record["id"])
        out(f"  {label}: {record['id']}")
        out(f"      expected:     {json.dumps(vector['expected'], ensure_ascii=True)}")
        for other in vector.get("alsoAccepted", []):
            out(f"      alsoAccepted: {json.dumps(other, ensure_ascii=True)}")
        out(f"      SDK answered: {json.dumps(answer, ensure_ascii=True)}")
        if entry:
            out(f"      why: {entry['evidence']}")
    return tallies, stale


def summary_lines(tallies: dict[str, FamilyTally], families: dict[str, list[dict[str, Any]]]) -> list[str]:
    lines = ["| family | ios-sdk vectors | run | agree (expected) | agree (alsoAccepted) | "
             "declared | UNDECLARED | skipped |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for family, vectors in families.items():
        total = sum(1 for v in vectors if holds_under_profile(v))
        t = tallies.get(family)
        if t is None:
            reason = NOT_RUN.get(family, "not run")
            lines.append(f"| {family} | {total} | 0 | - | - | - | - | {total} (not compiled) |")
            continue
        lines.append(f"| {family} | {total} | {t.run} | {t.expected} | {t.also} | {len(t.declared)} | "
                     f"{len(t.undeclared)} | {len(t.skipped)} |")
    return lines


# ---------------------------------------------------------------------------------------------- build

def sdk_description(sdk: Path) -> str:
    try:
        commit = subprocess.run(["git", "-C", str(sdk), "rev-parse", "HEAD"], capture_output=True, text=True,
                                check=True).stdout.strip()
        tag = subprocess.run(["git", "-C", str(sdk), "describe", "--tags", "--always"], capture_output=True,
                             text=True, check=True).stdout.strip()
        return f"{tag} ({commit})"
    except (OSError, subprocess.CalledProcessError):
        return "(not a git checkout: tag unknown)"


def write_if_changed(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def package_manifest(defines: list[str], crypto: bool) -> str:
    settings = ", ".join(f'.define("{d}")' for d in defines)
    crypto_dep = '.package(url: "https://github.com/apple/swift-crypto.git", "3.0.0" ..< "5.0.0"),' if crypto else ""
    crypto_product = '.product(name: "Crypto", package: "swift-crypto"),' if crypto else ""
    return f"""// swift-tools-version:5.9
// Generated by Scripts/sdk_check/check_sdk.py: a throw-away package holding the SDK's own files (rewritten as printed),
// our stand-ins and our driver. Never committed.
import PackageDescription

let package = Package(
  name: "SDKCheck",
  dependencies: [{crypto_dep}],
  targets: [
    .target(name: "CommonCrypto", dependencies: [{crypto_product}], path: "Sources/CommonCrypto"),
    .target(name: "FBSDKCoreKit_Basics", path: "Sources/FBSDKCoreKit_Basics"),
    .target(name: "FBSDKCoreKit", dependencies: ["FBSDKCoreKit_Basics"], path: "Sources/FBSDKCoreKit"),
    .target(name: "FBSDKLoginKit", dependencies: ["FBSDKCoreKit", "CommonCrypto"], path: "Sources/FBSDKLoginKit"),
    .executableTarget(
      name: "sdk-check-driver",
      dependencies: ["FBSDKCoreKit", "FBSDKLoginKit", "CommonCrypto"],
      path: "Sources/sdk-check-driver",
      swiftSettings: [{settings}]
    ),
  ],
  swiftLanguageVersions: [.v5]
)
"""


def prepare(sdk: Path, build: Path, crypto: bool, out: Callable[[str], object] = print) -> list[str]:
    """Writes the generated package; returns the driver's compile-time flags."""
    missing = [p for files in SDK_FILES.values() for p in files if not (sdk / p).is_file()]
    if missing:
        raise SystemExit2("the SDK checkout lacks " + ", ".join(missing))
    wanted: dict[Path, str] = {}
    defines: list[str] = []
    files = [(module, p) for module, paths in SDK_FILES.items() for p in paths]
    for path, (module, flag) in OPTIONAL_SDK_FILES.items():
        if (sdk / path).is_file():
            files.append((module, path))
            defines.append(flag)
            out(f"probe: {path} exists -> {flag}")
        else:
            out(f"probe: {path} absent at this tag -> no {flag}")
    for path, pattern, flag in SOURCE_PROBES:
        if re.search(pattern, (sdk / path).read_text(encoding="utf-8")):
            defines.append(flag)
            out(f"probe: {path} matches /{pattern}/ -> {flag}")
        else:
            out(f"probe: {path} does not match /{pattern}/ -> no {flag}")

    out("SDK files compiled (unchanged but for the rewrites printed):")
    for module, path in files:
        text = (sdk / path).read_text(encoding="utf-8")
        out(f"  {module}: {path} (sha256 {hashlib.sha256(text.encode()).hexdigest()[:12]})")
        for rewrite in REWRITES:
            text, lines = rewrite.apply(text)
            if lines:
                out(f"    rewrite {rewrite.name}: {len(lines)}x, lines {','.join(map(str, lines))}")
        wanted[build / "Sources" / module / ("SDK_" + Path(path).name)] = text
    out("rewrites: " + "; ".join(f"{r.name} = delete /{r.pattern}/ ({r.why})" for r in REWRITES))
    out("stand-ins (ours):")
    for stand_in in sorted(STAND_INS.glob("*/*.swift")):
        out(f"  {stand_in.parent.name}: {stand_in.relative_to(ROOT)}")
        wanted[build / "Sources" / stand_in.parent.name / ("StandIn_" + stand_in.name)] = stand_in.read_text(
            encoding="utf-8")
    for source in sorted(DRIVER.glob("*.swift")):
        wanted[build / "Sources" / "sdk-check-driver" / source.name] = source.read_text(encoding="utf-8")
    wanted[build / "Package.swift"] = package_manifest(defines, crypto)

    sources = build / "Sources"
    if sources.exists():
        for existing in sources.rglob("*.swift"):
            if existing not in wanted:
                existing.unlink()
    for target, text in wanted.items():
        write_if_changed(target, text)
    return defines


class SystemExit2(Exception):
    pass


def swift_build(build: Path, out: Callable[[str], object] = print) -> Path:
    command = ["swift", "build", "--package-path", str(build), "--product", "sdk-check-driver",
               "-Xswiftc", "-enable-testing"]
    shown = [str(Path(c).relative_to(ROOT)) if c.startswith(str(ROOT)) else c for c in command]
    out("build: " + " ".join(shown))
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stdout[-6000:] + result.stderr[-6000:])
        raise SystemExit2("swift build failed")
    return build / ".build" / "debug" / "sdk-check-driver"


def crypto_available(build: Path, out: Callable[[str], object] = print) -> bool:
    """True when swift-crypto resolves (offline mirror or network)."""
    probe = build / "crypto-probe"
    write_if_changed(probe / "Package.swift", package_manifest([], True).replace('"SDKCheck"', '"CryptoProbe"')
                     .split("  targets:")[0] + "  targets: []\n)\n")
    result = subprocess.run(["swift", "package", "--package-path", str(probe), "resolve"], capture_output=True,
                            text=True)
    if result.returncode != 0:
        out("swift-crypto does not resolve here: the code challenge is skipped (no SHA-256 stand-in)")
        return False
    return True


# ---------------------------------------------------------------------------------------------- main

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sdk", required=True, type=Path, help="a facebook-ios-sdk checkout (any tag)")
    parser.add_argument("--vectors", type=Path, default=DEFAULT_VECTORS, help="vector directory (default Vectors/)")
    parser.add_argument("--families", nargs="*", default=None, help="only these families")
    parser.add_argument("--build-dir", type=Path, default=DEFAULT_BUILD,
                        help="where the generated package is built (default .build-sdk-check/, git-ignored)")
    parser.add_argument("--no-crypto", action="store_true", help="do not use swift-crypto (skips code-challenge)")
    parser.add_argument("--declared", type=Path, default=DECLARED, help="declared differences (JSON)")
    parser.add_argument("--answers-out", type=Path, default=None, help="keep the driver's answers here")
    args = parser.parse_args(argv)

    sdk = args.sdk.resolve()
    vectors_dir = args.vectors.resolve()
    manifest, families = load_vectors(vectors_dir)
    declared, problems = load_declared(args.declared, families)
    if problems:
        for problem in problems:
            print(f"declared.json: {problem}", file=sys.stderr)
        return 2
    print(f"SDK: {sdk} at {sdk_description(sdk)}")
    shown_dir = vectors_dir.relative_to(ROOT) if vectors_dir.is_relative_to(ROOT) else vectors_dir
    print(f"vectors: {shown_dir} (suite {manifest.get('suiteVersion')}), profile {PROFILE}")
    build = args.build_dir.resolve()
    try:
        crypto = not args.no_crypto and crypto_available(build)
        prepare(sdk, build, crypto)
        driver = swift_build(build)
    except SystemExit2 as error:
        print(f"error: {error}", file=sys.stderr)
        return 2

    answers_path = args.answers_out.resolve() if args.answers_out else build / "answers.json"
    command = [str(driver), str(vectors_dir), str(answers_path)] + (args.families or [])
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        print("error: the driver failed", file=sys.stderr)
        return 2
    document = json.loads(answers_path.read_text(encoding="utf-8"))
    ran = set(document["families"])
    if not document["sha256"]:
        print("code-challenge: skipped: no SHA-256 stand-in (swift-crypto unavailable)")

    print()
    print("Disagreements:")
    tallies, stale = compare(document["answers"], families, declared)
    if not any(t.declared or t.undeclared for t in tallies.values()):
        print("  none")
    shown = {f: v for f, v in families.items() if args.families is None or f in args.families}
    print()
    print("Summary per family (ios-sdk vectors):")
    for line in summary_lines(tallies, shown):
        print(line)
    skipped = [(f, vid, why) for f, t in tallies.items() for vid, why in t.skipped]
    if skipped:
        print()
        print("Skipped (could not map the input):")
        for family, vid, why in skipped:
            print(f"  {vid}: {why}")
    stage_only = sum(t.stage_only for t in tallies.values())
    if stage_only:
        print()
        print(f"Note: {stage_only} token-claims rejections agree on the result and the refusing stage only "
              "(the SDK answers nil, so the reason itself is not observable).")
    not_run = [f for f in shown if f not in ran]
    if not_run:
        print()
        print("Not run (read, not compiled):")
        for family in not_run:
            print(f"  {family}: {NOT_RUN.get(family, 'no runner in the driver')}")
    if stale:
        print()
        print("Declared but no longer disagreeing (remove from declared.json): " + ", ".join(stale))
    undeclared = sum(len(t.undeclared) for t in tallies.values())
    declared_count = sum(len(t.declared) for t in tallies.values())
    print()
    print(f"Result: {declared_count} declared, {undeclared} undeclared disagreement(s).")
    return 1 if undeclared else 0


if __name__ == "__main__":
    sys.exit(main())
