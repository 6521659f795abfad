#!/usr/bin/env python3
"""Writes Vectors/<family>.json from the family modules in Scripts/vectorgen/, Vectors/rules.json from
Scripts/vectorgen/rules.py (each rule's record, its sources included), Vectors/SPECIFICATION.md from Scripts/vectorgen/specification.py (its prose,
the rules and their sources) and Vectors/changelog.json, with its page for people Vectors/CHANGELOG.md, from
Scripts/vectorgen/changelog.py, byte-identically every time. From the shape each family module declares (its SHAPE, in the vocabulary of Scripts/vectorgen/shape.py) it
also writes the family's JSON Schema, Vectors/schema/<family>.schema.json, and the field catalogue
Vectors/schema/fields.json; from the families it finds and the profiles Vectors/manifest.json lists, the family and
profile enums of Vectors/schema/harness/run.schema.json and started.schema.json and the profile enum
Vectors/schema/conformance-profile.schema.json (Scripts/vectorgen/harness.py).

  python3 Scripts/vectors/generate_vectors.py           write the files
  python3 Scripts/vectors/generate_vectors.py --check   exit 1 (naming the files) if a committed file differs

Standard library only, except the signed-token module (vectorgen/signed_token.py), which signs tokens with
`cryptography` through vectorgen/jose.py (Scripts/requirements.txt; run it with the .venv Python that
Scripts/bootstrap.sh makes) and also writes the signature oracle of the Swift mutation tests
(Tests/LoginConformanceTests/Mutants/signed-token-oracle.json, vectorgen/signed_token_oracle.py).
Output: UTF-8, two-space indent, every non-ASCII character escaped as \\uXXXX (so invisible characters such as
U+200B stay visible in review), a final newline. The schemas and fields.json, prose rather than test data, keep their
characters (§, →) and put a short array or object on one line (render_compact).

The families are the modules of Scripts/vectorgen/ that define FAMILY (vectorgen/families.py), in the order
Vectors/manifest.json lists them; the generator writes the manifest's families from them (a module the manifest does
not list comes last) and keeps the rest of it. A module's own RULES join rules.json, and its ADDED_IN names the
release of vectorgen/changelog.py that adds its vectors.
"""

import argparse
import importlib
import json
import re
import shutil
import sys
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "Vectors"
sys.path.insert(0, str(ROOT / "Scripts"))

from vectorgen import families, fault_pairs, grammar, harness, key_catalogue, perturbation, shape  # noqa: E402  (after the path is set)
from vectorgen.common import READINGS, held_under  # noqa: E402

FORMAT_VERSION = 1
MANIFEST_FILE = "manifest.json"
RULES_FILE = "rules.json"
CHANGELOG_FILE = "changelog.json"
CHANGELOG_PAGE = "CHANGELOG.md"
SPECIFICATION_FILE = "SPECIFICATION.md"
FIELDS_FILE = "Vectors/schema/fields.json"
FAULT_PAIRS_FILE = "docs/generated/fault-pairs.md"
PERTURBATIONS_FILE = "docs/generated/perturbations.md"
GRAMMAR_FILE = "docs/generated/grammar.md"
GRAMMAR_FIXTURE = "Tests/LoginConformanceTests/grammar-cases.json"
KEY_CATALOGUE_FILE = "docs/generated/key-catalogue.md"
# README.md's family table, between two marker lines: one row per family module (its PROTOCOL and SUMMARY, the number
# of its vectors), so that a family added is listed with no edit of README.md.
README_FILE = "README.md"
README_TABLE_BEGIN = ("<!-- The family table: written by Scripts/vectors/generate_vectors.py from each family module's "
                      "PROTOCOL and SUMMARY and its vectors; do not edit. -->")
README_TABLE_END = "<!-- End of the family table. -->"
AT_ROOT = (README_FILE,)
# The files outside Vectors/ the generator writes (besides the families' fixtures).
DOCS_WRITTEN = (FAULT_PAIRS_FILE, PERTURBATIONS_FILE, GRAMMAR_FILE, GRAMMAR_FIXTURE, KEY_CATALOGUE_FILE, README_FILE)
# The files outside Scripts/ and Vectors/ the generator reads: the oracles of the catalogue mutants' fixtures.
ORACLES = "Tests/LoginConformanceTests/Mutants"
SCHEMA_WIDTH = 120
# A family's tables, as build_family returns them: its fault pairs (the declaration and its cells, or why it has
# none), its perturbations, its grammar cells (or why it has none) and its key catalogue cells (None: no KEY_CASES).
FaultTable = tuple[fault_pairs.FaultPairs, list[fault_pairs.Cell]]
Tables = tuple[FaultTable | str, perturbation.Perturbed, list[grammar.GrammarCell] | str,
               list[key_catalogue.KeyCell] | None]


def copy_layout(destination: Path) -> None:
    """Copies what the generator reads and writes into `destination`, in the repository's layout: Scripts/, Vectors/,
    the oracles and the files of DOCS_WRITTEN. For the tests and checks that run it on a scratch copy."""
    ignore = shutil.ignore_patterns("__pycache__", ".mypy_cache")
    for folder in ("Scripts", "Vectors"):
        shutil.copytree(ROOT / folder, destination / folder, ignore=ignore)
    (destination / ORACLES).mkdir(parents=True)
    for oracle in (ROOT / ORACLES).glob("*-oracle.json"):
        shutil.copy(oracle, destination / ORACLES / oracle.name)
    for page in DOCS_WRITTEN:
        (destination / page).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / page, destination / page)


def family_modules() -> list[str]:
    """The modules of Scripts/vectorgen/ that assign FAMILY a string, in the order of manifest.json's families; one
    the manifest does not list comes after them (vectorgen/families.py)."""
    return families.module_names()


def render(document: Any) -> str:
    return json.dumps(document, indent=2, ensure_ascii=True) + "\n"


def render_compact(document: Any, width: int = SCHEMA_WIDTH) -> str:
    """Two-space indent as render(), but an array or object whose one-line form fits in `width` columns stays on one
    line, and characters are kept: the style of the hand-written schemas."""
    def one_line(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))

    def fmt(value: Any, indent: int, used: int) -> str:
        text = one_line(value)
        if not isinstance(value, (dict, list)) or not value or used + len(text) <= width:
            return text
        pad = " " * (indent + 2)
        if isinstance(value, dict):
            lines: list[str] = []
            for key, member in value.items():
                head = f"{pad}{json.dumps(key, ensure_ascii=False)}: "
                lines.append(head + fmt(member, indent + 2, len(head) + 1))
        else:
            lines = [pad + fmt(member, indent + 2, len(pad) + 1) for member in value]
        brackets = "{}" if isinstance(value, dict) else "[]"
        return brackets[0] + "\n" + ",\n".join(lines) + "\n" + " " * indent + brackets[1]

    return fmt(document, 0, 0) + "\n"


def build_family(module_name: str) -> tuple[str, dict[str, Any], Tables, dict[str, Any]]:
    module = importlib.import_module(f"vectorgen.{module_name}")
    vectors = module.vectors()
    declared = getattr(module, "FAULT_PAIRS", None)
    if declared is not None:
        paired, fault_cells = fault_pairs.build(declared)
        vectors += paired
        fault_table: FaultTable | str = (declared, fault_cells)
    elif isinstance(getattr(module, "NO_FAULT_PAIRS", None), str):
        fault_table = module.NO_FAULT_PAIRS
    else:
        raise SystemExit(f"{module_name}: declares neither FAULT_PAIRS nor NO_FAULT_PAIRS (why it has no faults to "
                         "pair; Scripts/vectorgen/fault_pairs.py)")
    fields = getattr(module, "PERTURBATIONS", None)
    if fields is None:
        raise SystemExit(f"{module_name}: declares no PERTURBATIONS (its fields, perturbed; "
                         "Scripts/vectorgen/perturbation.py)")
    unperturbed = getattr(module, "UNPERTURBED", {})
    if not hasattr(module, "SHAPE"):
        raise SystemExit(f"{module_name}: declares no SHAPE (Scripts/vectorgen/shape.py)")
    for member in ("PROTOCOL", "SUMMARY"):
        value = getattr(module, member, None)
        if not isinstance(value, str) or not value or "\n" in value or "|" in value:
            raise SystemExit(f"{module_name}: declares no {member} (one line without '|': README.md's family table)")
    exported = shape.export_family(module.SHAPE, module.REASONS)["input"]
    try:
        perturbation.check_coverage(module.FAMILY, fields, perturbation.perturbable_paths(exported), unperturbed,
                                    perturbation.input_paths(exported))
    except ValueError as error:
        raise SystemExit(f"{module_name}: {error}")
    perturbed, cells = perturbation.build(fields, vectors)
    vectors += perturbed
    perturbation_table = perturbation.Perturbed(cells, unperturbed)
    key_cells: list[key_catalogue.KeyCell] | None = None
    if hasattr(module, "KEY_CASES"):  # the family that reads published keys (vectorgen/key_catalogue.py)
        keyed, key_cells = key_catalogue.build(module.KEY_CASES, module.key_case_input, module.key_case_outcome,
                                               module.KEY_REFS, vectors)
        vectors += keyed
    sites = getattr(module, "GRAMMAR_SITES", None)
    if sites is not None:
        parsed, grammar_table = grammar.build(sites, vectors)
        vectors += parsed
    elif isinstance(getattr(module, "NO_GRAMMAR_SITES", None), str):
        grammar_table = module.NO_GRAMMAR_SITES
    else:
        raise SystemExit(f"{module_name}: declares neither GRAMMAR_SITES nor NO_GRAMMAR_SITES (where it parses JSON "
                         "text, or why it parses none; Scripts/vectorgen/grammar.py)")
    ids = Counter(v["id"] for v in vectors)
    duplicated = sorted(i for i, n in ids.items() if n > 1)
    if duplicated:
        raise SystemExit(f"{module_name}: duplicate vector IDs: {', '.join(duplicated)}")
    known_rules = rule_ids()
    for v in vectors:
        if not v["id"].startswith(module.FAMILY + "::"):
            raise SystemExit(f"{module_name}: {v['id']} does not start with {module.FAMILY}::")
        reason = v["expected"].get("reason")
        if reason is not None and reason not in module.REASONS:
            raise SystemExit(f"{module_name}: {v['id']} uses undeclared reason {reason!r}")
        unknown = [r for r in v["rules"] if r not in known_rules]
        if unknown:
            raise SystemExit(f"{module_name}: {v['id']} names rules missing from vectorgen/rules.py and its RULES: "
                             f"{unknown}")
    unknown = sorted(({c.irrelevant or c.outside for c in perturbation_table.cells if c.irrelevant or c.outside}
                      | ({c.irrelevant for c in grammar_table if c.irrelevant}
                         if not isinstance(grammar_table, str) else set())) - known_rules)
    if unknown:
        raise SystemExit(f"{module_name}: perturbation or grammar cells irrelevant (or outside) by rules missing "
                         f"from vectorgen/rules.py and its RULES: {unknown}")
    check_inputs(module_name, vectors)
    fixtures = module.fixtures(vectors) if hasattr(module, "fixtures") else {}
    fixtures[schema_path(module.FAMILY)] = shape.render_schema(module.FAMILY, module.SHAPE, module.REASONS)
    return module.FAMILY, fixtures, (fault_table, perturbation_table, grammar_table, key_cells), {
        "family": module.FAMILY,
        "formatVersion": FORMAT_VERSION,
        "description": module.DESCRIPTION,
        "reasons": module.REASONS,
        "vectors": [held_under(v) for v in vectors],
    }


def schema_path(family: str) -> str:
    return f"Vectors/schema/{family}.schema.json"


def build_manifest(module_names: list[str]) -> dict[str, Any]:
    """Vectors/manifest.json with its families written from the family modules, in their order (a new module's family
    last); the rest of it (the suite version, the profiles and their descriptions) is kept as it is."""
    manifest = json.loads((VECTORS / MANIFEST_FILE).read_text(encoding="utf-8"))
    written = [importlib.import_module(f"vectorgen.{name}").FAMILY for name in module_names]
    return {**manifest, "families": [{"family": family, "file": f"{family}.json"} for family in written]}


def render_manifest(manifest: Mapping[str, Any]) -> str:
    """The manifest's style: two-space indent, each entry of a list on one line."""
    def entry(value: Any) -> str:
        if isinstance(value, dict):
            return "{ " + ", ".join(f"{entry(k)}: {entry(v)}" for k, v in value.items()) + " }"
        return json.dumps(value, ensure_ascii=False)

    members = []
    for key, value in manifest.items():
        if isinstance(value, list):
            members.append(f"  {json.dumps(key)}: [\n" + ",\n".join(f"    {entry(item)}" for item in value) + "\n  ]")
        else:
            members.append(f"  {json.dumps(key)}: {entry(value)}")
    return "{\n" + ",\n".join(members) + "\n}\n"


def build_fields(module_names: list[str]) -> dict[str, Any]:
    """Vectors/schema/fields.json: every family's declared fields, for the Swift side and the perturbation catalogue."""
    declared: dict[str, dict[str, Any]] = {}
    for name in module_names:
        module = importlib.import_module(f"vectorgen.{name}")
        declared[module.FAMILY] = {"module": f"Scripts/vectorgen/{name}.py",
                                   **shape.export_family(module.SHAPE, module.REASONS)}
    return {
        "formatVersion": FORMAT_VERSION,
        "description": "Generated by Scripts/vectors/generate_vectors.py from the shape each family module declares "
                       "(Scripts/vectorgen/<module>.py, SHAPE, in the vocabulary of Scripts/vectorgen/shape.py); the "
                       "family schemas are generated from the same declarations. Do not edit by hand.",
        "comparisons": shape.COMPARISONS,
        "canonicalisations": shape.CANONICALISATIONS,
        "families": declared,
    }


def build_readme(module_names: list[str], counts: Mapping[str, int]) -> str:
    """README.md with its family table (between README_TABLE_BEGIN and README_TABLE_END) written from the family
    modules' PROTOCOL and SUMMARY and their vectors' counts, in manifest order; the rest of the file as it is."""
    lines = (ROOT / README_FILE).read_text(encoding="utf-8").split("\n")
    if lines.count(README_TABLE_BEGIN) != 1 or lines.count(README_TABLE_END) != 1 or (
            lines.index(README_TABLE_BEGIN) > lines.index(README_TABLE_END)):
        raise SystemExit(f"{README_FILE}: the family table's marker lines are not there once each, in order")
    rows = ["| family | protocol | what it checks | vectors |", "| --- | --- | --- | --- |"]
    for name in module_names:
        module = importlib.import_module(f"vectorgen.{name}")
        rows.append(f"| `{module.FAMILY}` | `{module.PROTOCOL}` | {module.SUMMARY} | {counts[module.FAMILY]} |")
    first, last = lines.index(README_TABLE_BEGIN), lines.index(README_TABLE_END)
    return "\n".join(lines[:first + 1] + rows + lines[last:])


def rule_ids() -> set[str]:
    from vectorgen import rules
    return rules.ids()


def check_inputs(module_name: str, vectors: list[dict[str, Any]]) -> None:
    """No two vectors of one profile share an input: with different expectations they contradict each other, with
    the same one the second checks nothing new (the Swift lint reports both too)."""
    seen: dict[tuple[str, str], dict[str, Any]] = {}
    for v in vectors:
        key = json.dumps(v["input"], sort_keys=True)
        for profile in v.get("profiles", READINGS):
            other = seen.setdefault((profile, key), v)
            if other is not v:
                what = "contradicts" if other["expected"] != v["expected"] else "repeats"
                raise SystemExit(f"{module_name}: {v['id']} {what} {other['id']}: same input under {profile}")


def build_rules() -> dict[str, Any]:
    from vectorgen import rules
    every = rules.all_rules()
    ids = [rule["id"] for rule in every]
    duplicated = sorted(i for i, n in Counter(ids).items() if n > 1)
    if duplicated:
        raise SystemExit(f"rules.py: duplicate rule IDs: {', '.join(duplicated)}")
    pattern = re.compile(rules.RULE_ID_PATTERN)
    for rule in every:
        if not pattern.match(rule["id"]) or rule["needs"] not in rules.NEEDS:
            raise SystemExit(f"rules.py: bad rule {rule}")
    reused = sorted(set(ids) & {retired["id"] for retired in rules.RETIRED})
    if reused:
        raise SystemExit(f"rules.py: retired rule IDs reused: {', '.join(reused)}")
    return rules.catalogue()


def build_changelog(ids_by_family: Mapping[str, list[str]]) -> dict[str, Any]:
    from vectorgen import changelog
    manifest = json.loads((VECTORS / "manifest.json").read_text(encoding="utf-8"))
    if manifest["suiteVersion"] != changelog.suite_version():
        raise SystemExit(f"manifest.json: suiteVersion {manifest['suiteVersion']} but the last release in "
                         f"vectorgen/changelog.py is {changelog.suite_version()}")
    added_in = {module.FAMILY: module.ADDED_IN for module in
                (importlib.import_module(f"vectorgen.{name}") for name in families.declaring("ADDED_IN"))}
    return changelog.document(ids_by_family, added_in)


def build_all(module_names: list[str], all_modules: list[str]) -> dict[str, tuple[str, int | None]]:
    files: dict[str, tuple[str, int | None]] = {}
    ids_by_family: dict[str, list[str]] = {}
    declared: list[FaultTable] = []
    not_declared: dict[str, str] = {}
    perturbed: list[tuple[str, perturbation.Perturbed]] = []
    parsed: list[tuple[str, list[grammar.GrammarCell]]] = []
    not_parsed: dict[str, str] = {}
    key_cells: list[key_catalogue.KeyCell] = []
    for module_name in module_names:
        family, fixtures, (fault_table, perturbation_table, grammar_table, keyed), document = build_family(module_name)
        key_cells += keyed or []
        perturbed.append((family, perturbation_table))
        if isinstance(grammar_table, str):
            not_parsed[family] = grammar_table
        else:
            parsed.append((family, grammar_table))
        if isinstance(fault_table, str):
            not_declared[family] = fault_table
        else:
            declared.append(fault_table)
        files[f"{family}.json"] = (render(document), len(document["vectors"]))
        ids_by_family[family] = [v["id"] for v in document["vectors"]]
        for path, fixture in fixtures.items():
            files[path] = (render_compact(fixture) if path.startswith("Vectors/schema/") else render(fixture), None)
    if module_names == all_modules:
        files[FIELDS_FILE] = (render_compact(build_fields(module_names)), None)
        files[FAULT_PAIRS_FILE] = (fault_pairs.table(declared, not_declared), None)
        files[PERTURBATIONS_FILE] = (perturbation.table(perturbed), None)
        files[GRAMMAR_FILE] = (grammar.table(parsed, not_parsed), None)
        files[GRAMMAR_FIXTURE] = (render(grammar.fixture()), None)
        files[KEY_CATALOGUE_FILE] = (key_catalogue.table(key_cells), None)
        families = [importlib.import_module(f"vectorgen.{name}").FAMILY for name in module_names]
        for path, schema in harness.schemas(families).items():
            files[path] = (render_compact(schema), None)
        files[MANIFEST_FILE] = (render_manifest(build_manifest(module_names)), None)
        files[README_FILE] = (build_readme(module_names, {f: len(ids) for f, ids in ids_by_family.items()}), None)
        catalogue = build_rules()
        files[RULES_FILE] = (render(catalogue), len(catalogue["rules"]))
        history = build_changelog(ids_by_family)
        files[CHANGELOG_FILE] = (render(history), len(history["releases"]))
        from vectorgen import changelog
        files[CHANGELOG_PAGE] = (changelog.render_markdown(history), len(history["releases"]))
        from vectorgen import specification
        files[SPECIFICATION_FILE] = (specification.render(), len(catalogue["rules"]))
    return files


def suite_shape_problems(files: Mapping[str, tuple[str, int | None]]) -> list[str]:
    """What --check must also catch: a JSON file in Vectors/ the generator does not write (a stray or renamed family
    file). The manifest's families are written like any other file, so a manifest that does not list every family
    module, in order, is a file that differs."""
    written = {name for name in files if "/" not in name}
    return [f"not written by the generator: Vectors/{path.name}" for path in sorted(VECTORS.glob("*.json"))
            if path.name not in written]


def target(name: str) -> Path:
    """Family files and rules.json live in Vectors/; a fixture a module writes is named by its repository path."""
    return ROOT / name if "/" in name or name in AT_ROOT else VECTORS / name


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed files instead of writing")
    parser.add_argument("--only", metavar="MODULE", help="only this family module (e.g. nonce), while writing one")
    args = parser.parse_args()
    all_modules = family_modules()
    if args.only and args.only not in all_modules:
        parser.error(f"--only {args.only}: not a family module of Scripts/vectorgen/ ({', '.join(all_modules)})")
    files = build_all([args.only] if args.only else all_modules, all_modules)
    if args.check:
        # Bytes, not text: read_text would turn CRLF line endings back into LF and call them a match.
        stale = [name for name, (text, _) in files.items()
                 if not target(name).exists() or target(name).read_bytes() != text.encode("utf-8")]
        problems = [f"differs from the generator's output: {name}" for name in stale]
        if not args.only:
            problems += suite_shape_problems(files)
        if problems:
            print("\n".join(problems), file=sys.stderr)
            print("run: python3 Scripts/vectors/generate_vectors.py", file=sys.stderr)
            return 1
        print(f"vectors match the generator ({len(files)} files)")
        return 0
    for name, (text, count) in files.items():
        target(name).write_text(text, encoding="utf-8")
        unit = {RULES_FILE: "rules", CHANGELOG_FILE: "releases", CHANGELOG_PAGE: "releases",
                SPECIFICATION_FILE: "rules"}.get(name, "vectors")
        what = ("a schema" if name.startswith("Vectors/schema/") else "its families" if name == MANIFEST_FILE
                else "its family table" if name == README_FILE else "a fixture") if count is None else f"{count} {unit}"
        print(f"wrote {target(name).relative_to(ROOT)} ({what})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
