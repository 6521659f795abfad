#!/usr/bin/env python3
"""The real implementations, discovered: every folder Implementations/<name>/ holding an implementation.json.

Nothing else in the project names an implementation: Scripts/interop/compare.py runs what `discover()` finds, and
Scripts/interop/install_implementations.sh installs what the folders' `install` entries declare (through the commands below).

An implementation.json describes one library and how it is run (docs/implementations.md, "One folder per
implementation"): id, name, language, source (pip / debian / swiftpm), package, version, command, families, profiles,
configuration, integration, adapterChecks, its options audit, and `install`:
  - "pip": true       the exact pin `package==version` goes into .build-implementations/venv (with the shared
                      dependency pins of Implementations/shared/python/requirements.txt)
  - "apt": [...]      Debian packages apt-get installs (all folders' at once)
  - "script": "x.sh"  a build step in the folder, run by bash with LC_ROOT (the repository), LC_WORK
                      (.build-implementations) and LC_FOLDER (the folder) set, after the pip and apt steps
A `source-checkout` implementation (an integration no registry CI reaches has: nakama) is built from a checkout of its
repository at a pinned commit, given by path (Scripts/interop/compare.py --checkout ID=PATH): it also has `checkout`
({repository, tag, commit}) and `recorded`, the folder's file of results recorded from that checkout (what the report
shows when no checkout is given, as in CI). Dependencies no reachable registry has come from source checkouts too:
`dependencyCheckouts`, a list of {id, package, repository, commit, and a tag or a version or both} (laravel-socialite's
firebase/php-jwt and league/oauth1-client; better-auth's jose, better-call, … and its build tools esbuild and
golang.org/x/sys), each given as --checkout ID:DEPENDENCY=PATH and handed to the build step as LC_SOURCE_<DEPENDENCY>
(`source_variable`). An entry may say more for its build step (better-auth's `packageJson`, `sources`) and why it is
there (`why`); only the pinned fields (`DEPENDENCY_CHECKOUT_PINNED`) are recorded and shown. An integration that
cannot be run at all is a folder whose implementation.json has `notRun` ({reason, looked}) in place of command,
configuration and install: the report lists it as not run, with the reason.
A folder may run one library in more than one configuration: each entry of `configurations` is another
implementation (its own id) that takes every field it does not set from the folder's.

The order is derived: by language, then folder name, then the folder's configurations in their order.

  python3 Scripts/interop/implementations.py list               # id and folder, one a line
  python3 Scripts/interop/implementations.py apt                # Debian packages, one a line, deduplicated
  python3 Scripts/interop/implementations.py pip                # exact pip requirements, one a line
  python3 Scripts/interop/implementations.py scripts            # folder/script paths, one a line (not the source checkouts')
  python3 Scripts/interop/implementations.py checkout-scripts   # the source checkouts' build steps (compare.py --checkout runs them)

Only the standard library is used.
"""

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "Implementations"
REQUIRED = ("id", "name", "language", "source", "package", "command", "families", "profiles", "configuration",
            "install")
NOT_RUN_REQUIRED = ("id", "name", "language", "source", "package", "notRun")
SOURCES = ("pip", "debian", "swiftpm", "source-checkout")
CHECKOUT_REQUIRED = ("repository", "tag", "commit")
DEPENDENCY_CHECKOUT_REQUIRED = ("id", "package", "repository", "commit")
# What pins a dependency checkout (recorded with the results and shown in the report, when present): the commit, with
# the tag it is checked out at and the package version it holds (a tagless commit, e.g. a Go pseudo-version, has none).
DEPENDENCY_CHECKOUT_PINNED = ("id", "package", "version", "repository", "tag", "commit")


def folders(base: str | Path = FOLDER) -> list[Path]:
    """The implementation folders, sorted by name."""
    return sorted(path.parent for path in Path(base).glob("*/implementation.json"))


def load_folder(folder: Path) -> list[dict[str, Any]]:
    """The implementation entries of one folder: the folder's own, then one per `configurations` entry."""
    with open(folder / "implementation.json", encoding="utf-8") as handle:
        declared = json.load(handle)
    missing = [key for key in (NOT_RUN_REQUIRED if "notRun" in declared else REQUIRED) if key not in declared]
    if missing:
        raise ValueError(f"{folder}/implementation.json lacks {', '.join(missing)}")
    if declared["source"] not in SOURCES:
        raise ValueError(f"{folder}/implementation.json: source {declared['source']!r} is not one of {SOURCES}")
    if declared["source"] == "source-checkout" and "notRun" not in declared:
        checkout = declared.get("checkout", {})
        lacking = [key for key in CHECKOUT_REQUIRED if not checkout.get(key)] + \
            ([] if declared.get("recorded") else ["recorded"])
        if lacking:
            raise ValueError(f"{folder}/implementation.json: a source-checkout implementation lacks "
                             f"{', '.join(lacking)} (checkout.repository, checkout.tag, checkout.commit, recorded)")
        dependencies = declared.get("dependencyCheckouts", [])
        for position, dependency in enumerate(dependencies):
            lacking = [key for key in DEPENDENCY_CHECKOUT_REQUIRED if not dependency.get(key)]
            if not dependency.get("tag") and not dependency.get("version"):
                lacking.append("tag or version")
            if lacking:
                raise ValueError(f"{folder}/implementation.json: dependencyCheckouts[{position}] lacks "
                                 f"{', '.join(lacking)} (each: {', '.join(DEPENDENCY_CHECKOUT_REQUIRED)}, "
                                 "and a tag or a version)")
        names = [dependency["id"] for dependency in dependencies]
        if len(set(names)) != len(names) or declared["id"] in names:
            raise ValueError(f"{folder}/implementation.json: dependencyCheckouts ids must be distinct: {names}")
    base = {key: value for key, value in declared.items() if key != "configurations"}
    base["folder"] = folder.relative_to(ROOT).as_posix() if folder.is_relative_to(ROOT) else str(folder)
    entries = [base]
    for configuration in declared.get("configurations", []):
        entries.append(dict(base, **configuration))
    return entries


def discover(base: str | Path = FOLDER) -> list[dict[str, Any]]:
    """Every implementation entry, in the derived order (language, folder name, configuration order)."""
    entries = []
    for folder in folders(base):
        for position, entry in enumerate(load_folder(folder)):
            entries.append(((entry["language"], folder.name, position), entry))
    ids = [entry["id"] for _, entry in entries]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise ValueError(f"implementation ids declared twice: {', '.join(duplicates)}")
    return [entry for _, entry in sorted(entries, key=lambda item: item[0])]


def by_folder(base: str | Path = FOLDER) -> dict[str, dict[str, Any]]:
    """folder path -> its first entry (the one holding `install`)."""
    out: dict[str, dict[str, Any]] = {}
    for entry in discover(base):
        out.setdefault(entry["folder"], entry)
    return out


def runnable(entry: dict[str, Any]) -> bool:
    """Whether an entry is run (a `notRun` entry is only listed in the report)."""
    return "notRun" not in entry


def checkout_keys(entry: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """A source-checkout entry's checkouts, each with the key --checkout names it by: (the entry's id, its `checkout`),
    then ("ID:DEPENDENCY", dependency checkout) for each of its `dependencyCheckouts`, in their order."""
    if entry.get("source") != "source-checkout" or "checkout" not in entry:
        return []
    return [(entry["id"], entry["checkout"])] + [(f"{entry['id']}:{dependency['id']}", dependency)
                                                 for dependency in entry.get("dependencyCheckouts", [])]


def pinned_dependency(dependency: dict[str, Any]) -> dict[str, Any]:
    """A dependency checkout's pinned fields (DEPENDENCY_CHECKOUT_PINNED, those it has): what the recorded file and the
    report say of it; not how its build step uses it (packageJson, sources) nor why it is there."""
    return {key: dependency[key] for key in DEPENDENCY_CHECKOUT_PINNED if dependency.get(key)}


def dependency_label(dependency: dict[str, Any]) -> str:
    """A dependency checkout as the report names it: its package and tag (else its version: a tagless commit)."""
    return f"{dependency['package']} {dependency.get('tag') or dependency['version']}"


def checkout_ref(pinned: dict[str, Any]) -> str:
    """What to `git checkout` for a pinned checkout: its tag, or its commit when it has no tag."""
    return pinned.get("tag") or pinned["commit"]


def source_variable(dependency_id: str) -> str:
    """The environment variable a build step reads a dependency checkout's path from: LC_SOURCE_<ID> (upper-cased,
    anything but letters and digits as `_`)."""
    return "LC_SOURCE_" + "".join(character if character.isalnum() else "_" for character in dependency_id.upper())


def apt_packages(base: str | Path = FOLDER) -> list[str]:
    seen: list[str] = []
    for entry in by_folder(base).values():
        for package in entry.get("install", {}).get("apt", []):
            if package not in seen:
                seen.append(package)
    return seen


def pip_requirements(base: str | Path = FOLDER) -> list[str]:
    return [f"{entry['package']}=={entry['version']}" for entry in by_folder(base).values()
            if entry.get("install", {}).get("pip")]


def install_scripts(base: str | Path = FOLDER, checkout: bool | None = None) -> list[str]:
    """The folders' build steps; only the source-checkout ones (`checkout=True`, built by compare.py --checkout with
    the checkout given) or only the others (`checkout=False`, built by the installer); all when `None`."""
    return [f"{folder}/{entry['install']['script']}" for folder, entry in by_folder(base).items()
            if entry.get("install", {}).get("script")
            and (checkout is None or (entry.get("source") == "source-checkout") == checkout)]


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "list"
    if command == "list":
        lines = [f"{entry['id']}\t{entry['folder']}" for entry in discover()]
    elif command == "apt":
        lines = apt_packages()
    elif command == "pip":
        lines = pip_requirements()
    elif command == "scripts":
        lines = install_scripts(checkout=False)
    elif command == "checkout-scripts":
        lines = install_scripts(checkout=True)
    else:
        print(__doc__, file=sys.stderr)
        return 2
    for line in lines:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
