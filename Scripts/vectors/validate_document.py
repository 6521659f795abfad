#!/usr/bin/env python3
"""Validates one JSON document against one of the schemas in Vectors/schema/ (e.g. a results report or a baseline).

  python3 Scripts/vectors/validate_document.py results.schema.json reports/results.json

Prints `file: $.json.path: message` per problem; exit status 1 when there is any, 0 otherwise.
"""

import json
import sys
from pathlib import Path

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from validate_vectors import json_path

SCHEMAS = Path(__file__).resolve().parents[2] / "Vectors" / "schema"


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    schema_name, document_path = sys.argv[1], Path(sys.argv[2])
    registry = Registry()
    for path in SCHEMAS.glob("*.schema.json"):
        registry = registry.with_resource(path.name, Resource.from_contents(json.loads(path.read_text("utf-8"))))
    schema = json.loads((SCHEMAS / schema_name).read_text("utf-8"))
    document = json.loads(document_path.read_text("utf-8"))
    errors = sorted(Draft202012Validator(schema, registry=registry).iter_errors(document), key=lambda e: list(e.absolute_path))
    for error in errors:
        print(f"{document_path}: {json_path(error.absolute_path)}: {error.message[:300]}", file=sys.stderr)
    print(f"{document_path}: {len(errors)} problems against {schema_name}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
