#!/usr/bin/env python3
"""The public API digest: every public declaration of the libraries an adopter links, one line each, sorted.

    python3 Scripts/release/api_digest.py           # rewrite api/<Module>.txt from the current sources
    python3 Scripts/release/api_digest.py --check   # exit 1 with a diff when the sources' API differs from api/

The digest is read from the compiler's symbol graphs (`swift package dump-symbol-graph`), so it is what the compiler
sees, not what a regular expression guesses. A pull request that changes the public API changes a file in api/,
and the reviewer sees the change as a diff; CI (.ci/run) refuses sources whose API differs from the committed
digest. docs/api-policy.md says what is public and what 1.0 will promise.
Stdlib only.
"""

import argparse
import difflib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def library_modules(package: dict[str, Any]) -> list[str]:
    """The modules of the package's library products, in the order Package.swift declares them (`package` is
    `swift package dump-package`'s JSON): what an adopter or a harness user links. The CLI, the tools and the
    benchmarks are no library anyone links, so their declarations are not API; a library added to Package.swift is
    API at once, with no list here to forget."""
    modules: list[str] = []
    for product in package["products"]:
        if "library" in product["type"]:
            modules += [target for target in product["targets"] if target not in modules]
    return modules


def package_description() -> dict[str, Any]:
    """`swift package dump-package` of the root package."""
    dumped = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, capture_output=True, text=True, check=True)
    package: dict[str, Any] = json.loads(dumped.stdout)
    return package


def symbol_graph_directory(modules: list[str]) -> Path:
    """Builds the symbol graphs (public and open symbols only, no synthesized members) and returns their folder.

    `dump-symbol-graph` also tries the test modules, which fail when the tests are not built (a fresh clone): only
    the graphs of `modules` matter, so the command's status is not, as long as each of them is freshly written."""
    bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
    directory = Path(bin_path).parent / "symbolgraph"
    for module in modules:
        for stale in directory.glob(f"{module}*.symbols.json"):
            stale.unlink()
    result = subprocess.run(
        ["swift", "package", "dump-symbol-graph", "--minimum-access-level", "public", "--skip-synthesized-members"],
        cwd=ROOT, capture_output=True, text=True)
    missing = [module for module in modules if not (directory / f"{module}.symbols.json").exists()]
    if missing:
        sys.stderr.write(result.stdout[-4000:] + result.stderr[-4000:])
        raise SystemExit(f"api_digest: no symbol graph for {', '.join(missing)} in {directory}")
    return directory


def declaration(symbol: dict[str, Any]) -> str:
    text = "".join(fragment["spelling"] for fragment in symbol.get("declarationFragments", []))
    return " ".join(text.split())


def deprecation(symbol: dict[str, Any]) -> str:
    for entry in symbol.get("availability", []):
        if entry.get("isUnconditionallyDeprecated") or "deprecated" in entry:
            return "  [deprecated" + (f": {entry['message']}" if entry.get("message") else "") + "]"
    return ""


def digest(directory: Path, module: str) -> list[str]:
    """The lines of `module`: its own symbol graph and its extensions of other modules' types."""
    lines: set[str] = set()
    files = [directory / f"{module}.symbols.json"] + sorted(directory.glob(f"{module}@*.symbols.json"))
    for path in files:
        if not path.exists():
            continue
        graph = json.loads(path.read_text(encoding="utf-8"))
        extended = "" if "@" not in path.stem else f" (extends {path.stem.split('@', 1)[1].removesuffix('.symbols')})"
        public = {symbol["identifier"]["precise"]: ".".join(symbol["pathComponents"]) for symbol in graph["symbols"]
                  if symbol.get("accessLevel") in ("public", "open")}
        for relation in graph.get("relationships", []):
            # A conformance is API too: dropping Sendable or Codable breaks adopters as surely as a method does.
            if relation["kind"] == "conformsTo" and relation["source"] in public:
                target = relation.get("targetFallback") or relation["target"].rsplit("::", 1)[-1]
                lines.add(f"{public[relation['source']]} | conformsTo | {target}{extended}")
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            where = ".".join(symbol["pathComponents"])
            kind = symbol["kind"]["identifier"].removeprefix("swift.")
            lines.add(f"{where} | {kind} | {declaration(symbol)}{deprecation(symbol)}{extended}")
    return sorted(lines)


def render(module: str, lines: list[str]) -> str:
    header = [f"# Public API of {module}: one line per declaration (path | kind | declaration).",
              "# Generated by Scripts/release/api_digest.py; checked in CI. See docs/api-policy.md.", ""]
    return "\n".join(header + lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with api/ instead of writing it")
    parser.add_argument("--symbol-graphs", type=Path, help="use these symbol graphs instead of building them")
    args = parser.parse_args(argv)
    modules = library_modules(package_description())
    directory = args.symbol_graphs or symbol_graph_directory(modules)
    out = ROOT / "api"
    changed = False
    # A digest of a module that is no library any more is stale: checked, it is a difference; written, it goes.
    for stale in sorted(set(path.stem for path in out.glob("*.txt")) - set(modules)):
        if args.check:
            changed = True
            print(f"api/{stale}.txt: {stale} is no library product of Package.swift any more")
        else:
            (out / f"{stale}.txt").unlink()
            print(f"removed api/{stale}.txt: {stale} is no library product of Package.swift any more")
    for module in modules:
        lines = digest(directory, module)
        if not lines:
            raise SystemExit(f"api_digest: no public symbol found for {module} in {directory}")
        text = render(module, lines)
        path = out / f"{module}.txt"
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        if args.check:
            if old != text:
                changed = True
                sys.stdout.writelines(difflib.unified_diff(
                    old.splitlines(keepends=True), text.splitlines(keepends=True),
                    fromfile=f"api/{module}.txt (committed)", tofile=f"api/{module}.txt (sources)"))
            else:
                print(f"api/{module}.txt: {len(lines)} public declarations, unchanged")
        else:
            out.mkdir(exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote api/{module}.txt: {len(lines)} public declarations")
    if changed:
        print("\nThe public API differs from api/. If the change is intended, run python3 Scripts/release/api_digest.py and "
              "commit api/ with it (docs/api-policy.md says what may change in which release).")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
