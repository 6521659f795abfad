"""A generated catalogue cell's vectors (vectorgen/perturbation.py, vectorgen/grammar.py): one input and each
reading's expected outcome make a vector per profile, or one for both where the readings agree; a vector already in
the family with the same input is named instead, and one that expects otherwise is an error. Standard library only.
"""

from __future__ import annotations

import json
from typing import Any, Optional

from .common import READINGS, outcome_label, vector

Readings = dict[str, tuple[Any, list[str], Optional[list]]]  # profile -> (expected, rules, also accepted)


def index(existing: list[dict]) -> dict[tuple[str, str], dict]:
    """The family's vectors by (profile, input), for `vectors` to name an equal one."""
    by_input: dict[tuple[str, str], dict] = {}
    for v in existing:
        for profile in v.get("profiles", READINGS):
            by_input.setdefault((profile, json.dumps(v["input"], sort_keys=True)), v)
    return by_input


def readings_of(decided: dict[str, Any]) -> Readings:
    """Readings given as (expected, rules) or (expected, rules, also accepted), each made a triple."""
    return {p: (tuple(reading) + (None,))[:3] for p, reading in decided.items()}


def vectors(context: str, slug: str, what: str, severity: str, refs: list[str], made_input: dict,
            readings: Readings, by_input: dict[tuple[str, str], dict], made: list[dict]) -> tuple[str, ...]:
    """The IDs of the cell's vectors under the profiles of `readings`; new ones are appended to `made` and indexed."""
    key = json.dumps(made_input, sort_keys=True)
    named, missing = [], []
    for profile, (expected, _, also) in readings.items():
        other = by_input.get((profile, key))
        if other is None:
            missing.append(profile)
            continue
        if other["expected"] != expected or other.get("alsoAccepted") != also:
            raise ValueError(f"{context} ({profile}): the rule says {expected} (also {also}), {other['id']} says "
                             f"{other['expected']} (also {other.get('alsoAccepted')})")
        named.append(other["id"])
    if not missing:
        return tuple(dict.fromkeys(named))
    outcomes = {json.dumps(readings[p][::2], sort_keys=True) for p in readings}
    if len(outcomes) == 1 and len(missing) == len(READINGS):
        expected, _, also = readings[READINGS[0]]
        rules = list(dict.fromkeys(r for p in READINGS for r in readings[p][1]))
        made_vector = vector(slug, f"{what}: {outcome_label(expected, nested=False)}", severity, refs, made_input,
                             dict(expected), rules=rules, also_accepted=also)
        made.append(made_vector)
        # vector() may hold it under ios-sdk only (a rule only the SDK's code states, DECISIONS.md D31).
        for profile in made_vector.get("profiles", READINGS):
            by_input[(profile, key)] = made_vector
        return tuple(dict.fromkeys(named + [made_vector["id"]]))
    for profile in missing:
        expected, rules, also = readings[profile]
        made_vector = vector(f"{slug}.{profile}", f"{profile}: {what}: {outcome_label(expected, nested=False)}",
                             severity, refs, made_input, dict(expected), [profile], rules=rules, also_accepted=also)
        made.append(made_vector)
        by_input[(profile, key)] = made_vector
        named.append(made_vector["id"])
    return tuple(dict.fromkeys(named))
