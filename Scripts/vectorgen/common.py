"""Shared building blocks for the vector family modules.

Each family module (nonce.py, login_configuration.py, ...) exposes:
  FAMILY: the family name (also the first part of every vector ID and the file name under Vectors/)
  DESCRIPTION: one paragraph
  PROTOCOL, SUMMARY: its row in README.md's family table (the generator writes it): the Swift protocol its
         implementations adopt, and what its vectors check, one line of Markdown
  REASONS: {reason: meaning} -- the family's closed list of rejection reasons
  SHAPE: the shape of its vectors (shape.Family): input fields, outcome variants, cross-field constraints; the
         family's JSON Schema and its entry in Vectors/schema/fields.json are generated from it
  SDK_CHECK: how Scripts/sdk_check/check_sdk.py treats the family's ios-sdk vectors, as literals: {"runs": what its driver calls
         in the SDK} or {"notRun": why they are read, not run}; "stageReasons" where the SDK reveals only the stage
         that refused
  FAULT_PAIRS: a family that refuses: its faults and the orders its sources fix (fault_pairs.FaultPairs); the
         generator adds the fault-pair vectors after vectors() and writes docs/generated/fault-pairs.md; or NO_FAULT_PAIRS: why
         the family has none
  vectors(): a list of dicts made with vector() below, in a stable, reviewable order

The generator finds a family module by its FAMILY (the module is named after the family, '-' as '_') and orders the
families as Vectors/manifest.json lists them.

Every vector names the rules of Vectors/SPECIFICATION.md it exercises (`rules`, IDs from rules.py / Vectors/rules.json).
"""

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Optional

from .rules import MOVED_TO_IOS_SDK, RULE_ID_PATTERN
from .sources import FB_ADVANCED, FB_LIMITED, FB_PERMISSIONS

ID_PATTERN = re.compile(r"^[a-z][a-z0-9-]*(::[a-z0-9][a-z0-9._+-]*){2,}$")
RULE_PATTERN = re.compile(RULE_ID_PATTERN)
SEVERITIES = ("critical", "high", "medium", "low")
# The profiles (SPECIFICATION.md §8), as Vectors/manifest.json lists them: the one list every script reads. A vector
# that names no profile holds under each.
MANIFEST = Path(__file__).resolve().parents[2] / "Vectors" / "manifest.json"
_PROFILE_ENTRIES: list[dict[str, str]] = json.loads(MANIFEST.read_text(encoding="utf-8"))["profiles"]
PROFILES: tuple[str, ...] = tuple(entry["profile"] for entry in _PROFILE_ENTRIES)

# The readings the family modules' rules are written in: where the two disagree a module asks is_documented(), and
# everything a module makes (vectors, rules, fault-pair orders, per-profile comparisons) names readings, never another
# profile. Each reading is a profile of the manifest too.
READINGS: tuple[str, ...] = ("documented", "ios-sdk")

# The profiles the manifest lists beyond the readings, each with the reading it adopts at every point where the
# readings disagree (its entry's "reads"): the generator writes each vector and rule of that reading under the
# adopting profile too (docs: Adding a profile). A listed profile that is neither a reading nor reads one is refused by
# profiles_reading(), naming it; it is never read as one of the readings by default.
ADOPTED_READINGS: dict[str, str] = {entry["profile"]: entry["reads"] for entry in _PROFILE_ENTRIES if "reads" in entry}


def reading_of(profile: str) -> str:
    """The reading `profile` (a profile of the manifest) takes; a profile without one is an error that names it."""
    if profile in READINGS:
        return profile
    reading = ADOPTED_READINGS.get(profile)
    if reading in READINGS:
        return reading
    if reading is not None:
        raise ValueError(f"profile {profile!r} reads {reading!r} (Vectors/manifest.json), which is not a reading: the "
                         f"family modules read {', '.join(READINGS)}")
    raise ValueError(f"profile {profile!r} has no reading: the family modules read {', '.join(READINGS)}; give it one "
                     "with \"reads\" in its entry of Vectors/manifest.json, or write each site's rule for it "
                     "(docs: Adding a profile)")


def profiles_reading(readings: Sequence[str]) -> list[str]:
    """The manifest's profiles that take one of `readings`, each reading's own profile first, then in the manifest's
    order: what a vector or rule of those readings holds under."""
    missing = [r for r in READINGS if r not in PROFILES]
    if missing:
        raise ValueError(f"the manifest does not list the readings {missing}: each reading is a profile")
    stray = [p for p in ADOPTED_READINGS if p in READINGS]
    if stray:
        raise ValueError(f"Vectors/manifest.json gives {stray} a reading (\"reads\"), but each is a reading itself")
    taking = {p: reading_of(p) for p in PROFILES}
    return list(dict.fromkeys([*readings, *(p for p in PROFILES if taking[p] in readings)]))


def held_under(record: dict[str, Any]) -> dict[str, Any]:
    """A vector or rule record made in readings (its `profiles` names readings) as the suite's files have it: its
    `profiles` lists each profile of the manifest that takes one of those readings."""
    if "profiles" not in record:
        return record
    profiles = profiles_reading(record["profiles"])
    return record if profiles == record["profiles"] else {**record, "profiles": profiles}


def is_documented(profile: Optional[str]) -> bool:
    """Whether the reading `profile` reads the documents only (documented) or also the SDK's code (ios-sdk); any other
    name is an error that names it."""
    if profile not in ("documented", "ios-sdk"):  # a reading added to READINGS too, until this site has its rule
        raise ValueError(f"profile {profile!r} has no rule here: the family modules read {', '.join(READINGS)} "
                         f"(the manifest lists {', '.join(PROFILES)}); write this site's rule for it")
    return profile == "documented"


# The specification's sections (Vectors/SPECIFICATION.md), spelled once so that refs stay uniform.
B1 = "SPECIFICATION.md §1"
B2 = "SPECIFICATION.md §2"
B3 = "SPECIFICATION.md §3"
B4 = "SPECIFICATION.md §4"
B5 = "SPECIFICATION.md §5"
B6 = "SPECIFICATION.md §6"
B7 = "SPECIFICATION.md §7"
B8 = "SPECIFICATION.md §8"

# The time of every vector that has one (an input's `now`, a token's exp and iat are set from it): 2026-01-01T00:00:00Z,
# fixed, never the clock.
NOW = 1767225600
# The public Facebook pages (keys of sources.DOCUMENTS). The names say which page; the project first worked from
# translations of them (Vietnamese and French for Limited Login, Chinese and Japanese for permissions, Japanese for
# the advanced page), and several translations of one page are one document.
SEED_LIMITED_LOGIN_VI = SEED_LIMITED_LOGIN_FR = FB_LIMITED
SEED_PERMISSIONS_ZH = SEED_PERMISSIONS_JA = FB_PERMISSIONS
SEED_LOGIN_REVIEW_JA = FB_ADVANCED


def vector(id: str, description: str, severity: str, refs: Sequence[str], input: Any, expected: dict[str, Any],
           profiles: Optional[Sequence[str]] = None, *, rules: Sequence[str],
           also_accepted: Optional[Sequence[Mapping[str, Any]]] = None) -> dict[str, Any]:
    """One vector, with its members in the canonical order. Checks what can be checked locally (that each rule is in
    the catalogue is checked by generate_vectors.py).

    `expected` is the preferred outcome. `also_accepted` lists the other outcomes the vector's sources allow (for
    example a check a source makes optional: the strict outcome is `expected`, the lenient one is also accepted);
    an implementation giving one of them passes and is reported as lenient."""
    if not ID_PATTERN.match(id):
        raise ValueError(f"bad vector id {id!r}")
    if severity not in SEVERITIES:
        raise ValueError(f"{id}: bad severity {severity!r}")
    if not refs:
        raise ValueError(f"{id}: refs must not be empty")
    rules = [MOVED_TO_IOS_SDK.get(rule, rule) for rule in rules]
    if any(rule in MOVED_TO_IOS_SDK.values() for rule in rules):
        # DECISIONS.md D31: a vector resting on a rule only the SDK's code states holds under ios-sdk only.
        if profiles is not None and "ios-sdk" not in profiles:
            raise ValueError(f"{id}: a documented vector names a rule only the SDK's code states")
        if profiles is None:
            id, profiles = id + ".ios-sdk", ["ios-sdk"]
            refs = list(refs) + ["DECISIONS.md D31"]
    rules = list(rules)
    if not rules or len(set(rules)) != len(rules) or not all(RULE_PATTERN.match(r) for r in rules):
        raise ValueError(f"{id}: rules must be a non-empty list of unique rule IDs, got {rules!r}")
    if "\n" in description or not description:
        raise ValueError(f"{id}: description must be one non-empty line")
    result: dict[str, Any] = {"id": id, "description": description, "severity": severity}
    if profiles is not None:
        profiles = list(profiles)
        if not profiles or any(p not in READINGS for p in profiles) or len(set(profiles)) != len(profiles):
            raise ValueError(f"{id}: bad profiles {profiles!r}")
        if len(profiles) == len(READINGS):
            raise ValueError(f"{id}: a vector holding in every profile names none")
        if not id.endswith("." + profiles[0]):
            raise ValueError(f"{id}: a vector of one profile ends with .{profiles[0]}")
        result["profiles"] = profiles
    elif id.endswith(tuple("." + p for p in (*READINGS, *PROFILES))):
        raise ValueError(f"{id}: only a vector of one profile ends with a profile name")
    result["refs"] = list(dict.fromkeys(refs))  # two translations of one page are one ref
    result["rules"] = rules
    result["input"] = input
    result["expected"] = expected
    if also_accepted is not None:
        also_accepted = list(also_accepted)
        if not also_accepted or expected in also_accepted or any(
                a == b for i, a in enumerate(also_accepted) for b in also_accepted[i + 1:]):
            raise ValueError(f"{id}: also_accepted must be non-empty, without expected and without repeats")
        result["alsoAccepted"] = also_accepted
    return result


def permission_set(permissions: Iterable[str]) -> list[str]:
    """A permission set as the files list it: sorted, unique."""
    return sorted(set(permissions))


def outcome_label(outcome: Mapping[str, Any], nested: bool = True) -> str:
    """An outcome in a few words for a description or a table: its result, then its other members' values
    ("rejected (missingClaim, sub)", "failed (com.facebook.sdk.core 301)", "cancelled ([user_friends])"); without
    `nested`, only its plain values (a created configuration is "created", not its members)."""
    def shown(value: Any) -> str:
        if isinstance(value, dict):
            return " ".join(shown(v) for v in value.values())
        if isinstance(value, list):
            return "[" + ", ".join(shown(v) for v in value) + "]"
        if isinstance(value, str):  # one printable line: invisible and control characters as \uXXXX
            return "".join(ch if ch.isprintable() else f"\\u{ord(ch):04x}" for ch in value)
        return json.dumps(value)
    details = [shown(v) for k, v in outcome.items()
               if k != "result" and (nested or not isinstance(v, (dict, list)))]
    return outcome["result"] + (f" ({', '.join(details)})" if details else "")
