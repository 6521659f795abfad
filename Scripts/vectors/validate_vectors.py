#!/usr/bin/env python3
"""Validates Vectors/manifest.json, changelog.json and every family file against its JSON Schema (draft 2020-12).

  python3 Scripts/vectors/validate_vectors.py [--vectors DIR] [FAMILY ...]

Uses the pinned `jsonschema` (Scripts/requirements.txt; Scripts/bootstrap.sh installs it). Every problem is
printed as `file: $.json.path: message`; the exit status is 1 when any file fails, 0 otherwise.
"""

import argparse
import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

ROOT = Path(__file__).resolve().parents[2]


def json_path(path: Iterable[str | int]) -> str:
    out = "$"
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def load_json(path: Path, problems: list[str]) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        problems.append(f"{path}: $: cannot be read as JSON: {error}")
        return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vectors", type=Path, default=ROOT / "Vectors")
    parser.add_argument("families", nargs="*", help="only these families (default: all in the manifest)")
    args = parser.parse_args()
    schemas_dir = args.vectors / "schema"
    problems: list[str] = []

    registry = Registry()
    schemas = {}
    for schema_path in sorted(schemas_dir.glob("*.schema.json")):
        schema = load_json(schema_path, problems)
        if schema is None:
            continue
        Draft202012Validator.check_schema(schema)
        schemas[schema_path.name] = schema
        registry = registry.with_resource(schema_path.name, Resource.from_contents(schema))

    def validate(document_path: Path, schema_name: str) -> Any:
        document = load_json(document_path, problems)
        if document is None:
            return None
        if schema_name not in schemas:
            problems.append(f"{document_path}: $: no schema {schemas_dir / schema_name}")
            return None
        validator = Draft202012Validator(schemas[schema_name], registry=registry)
        for error in sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path)):
            problems.append(f"{document_path}: {json_path(error.absolute_path)}: {error.message[:300]}")
        return document

    manifest = validate(args.vectors / "manifest.json", "manifest.schema.json")
    for name in ("changelog", "rules"):
        if validate(args.vectors / f"{name}.json", f"{name}.schema.json") is not None:
            print(f"{name}.json: checked against {name}.schema.json")
    checked = 0
    if manifest is not None:
        for entry in manifest.get("families", []):
            if args.families and entry["family"] not in args.families:
                continue
            document = validate(args.vectors / entry["file"], f"{entry['family']}.schema.json")
            if document is not None:
                checked += 1
                count = len(document.get("vectors", []))
                print(f"{entry['file']}: {count} vectors checked against {entry['family']}.schema.json")
    if checked == 0 and not problems:
        problems.append(f"{args.vectors}: $: no family file was validated")
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"{checked} files, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
