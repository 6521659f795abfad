"""The schemas that list what grows: the harness messages that name families or profiles
(Vectors/schema/harness/run.schema.json and started.schema.json), generated so that their family enums are the
families the generator writes, in the manifest's order, and their profile enum the manifest's profiles; and the
profile every vector file's `profiles` names (Vectors/schema/conformance-profile.schema.json, which
common.schema.json refers to). The other harness schemas (start, result, skipped, errored, stop) name no family or
profile and stay hand-written.
"""

from collections.abc import Iterable
from typing import Any

from .common import PROFILES

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
SEQ = {"type": "integer", "minimum": 1}


def schemas(families: Iterable[str]) -> dict[str, dict[str, Any]]:
    """{repository path: schema} for the harness messages that name families; `families` in manifest order."""
    families = list(families)
    run = {
        "$schema": SCHEMA_DIALECT,
        "$id": "harness/run.schema.json",
        "title": "runner → adapter: one vector's input",
        "description": "input is the vector's input exactly as in the family file (see that family's schema).",
        "type": "object",
        "required": ["type", "seq", "family", "id", "input"],
        "additionalProperties": False,
        "properties": {
            "type": {"const": "run"},
            "seq": SEQ,
            "family": {"enum": families},
            "id": {"type": "string"},
            "input": {"type": "object"},
        },
    }
    started = {
        "$schema": SCHEMA_DIALECT,
        "$id": "harness/started.schema.json",
        "title": "adapter → runner: the handshake answer",
        "type": "object",
        "required": ["type", "protocolVersion", "implementation", "capabilities", "profile"],
        "additionalProperties": False,
        "properties": {
            "type": {"const": "started"},
            "protocolVersion": {"const": 1},
            "implementation": {
                "type": "object",
                "required": ["name"],
                "additionalProperties": False,
                "properties": {
                    "name": {"type": "string", "minLength": 1},
                    "version": {"type": "string"},
                    "language": {"type": "string"},
                },
            },
            "capabilities": {"type": "array", "uniqueItems": True, "items": {"enum": families}},
            "profile": {"enum": list(PROFILES)},
        },
    }
    profile = {
        "$schema": SCHEMA_DIALECT,
        "$id": "conformance-profile.schema.json",
        "title": "A profile: one reading of the sources (SPECIFICATION.md §8)",
        "description": "One of the profiles Vectors/manifest.json lists (generated from that list).",
        "enum": list(PROFILES),
    }
    return {"Vectors/schema/harness/run.schema.json": run, "Vectors/schema/harness/started.schema.json": started,
            "Vectors/schema/conformance-profile.schema.json": profile}
