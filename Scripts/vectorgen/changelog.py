"""The suite changelog, written to Vectors/changelog.json: per suite version, the vector IDs it added, changed and
retired (Vectors/README.md). The loader checks it: versions increase, the last one is the manifest's suiteVersion,
every listed ID is a vector of the suite or a retired one, and a retired ID is never used again.

`changed` and `retired` list objects `{"id", "reason"}` (a retired vector may add `replacedBy`, the IDs that take its
place): a gate shows the reason beside every vector whose expectation changed since a baseline.

A released version never changes: releases 0.1.0 to 0.5.0 are kept as they were published, in
released_changelog.json beside this file (0.1.0 to 0.4.0 were computed from the vectors of their day, which later
releases retire or rename; 0.5.0 was data here until 0.6.0 froze it). Each release from 0.6.0 on is data here, every
ID spelled out; generate_vectors.py appends them.
"""

import json
from pathlib import Path

RELEASED = Path(__file__).with_name("released_changelog.json")

# Suite 0.6.0. An added ID carries no reason of its own in the changelog's format: the summary says why.
RELEASES = [
    {
        "version": "0.6.0",
        "summary": "typ as an array holding JWT (signed-token, token-claims): SPECIFICATION.md §4 asks for typ exactly "
                   "the string JWT, and the typ vectors had a number and null but no array, the value a header check "
                   "by membership in a list of allowed values lets through; refused with headerType as every other "
                   "typ that is not the string JWT (under documented, accepting it is lenient, DECISIONS.md D01).",
        "added": ["signed-token::typ::array.documented", "signed-token::typ::array.ios-sdk",
                  "token-claims::header-typ::array.documented", "token-claims::header-typ::array.ios-sdk"],
        "changed": [],
        "retired": [],
    },
]


def document(ids_by_family):
    """The changelog document: the published releases as they were, then this file's. `ids_by_family` (each
    family's vector IDs in file order) is checked against the new releases: every ID they add or change exists."""
    current = {id for ids in ids_by_family.values() for id in ids}
    for release in RELEASES:
        listed = list(release["added"]) + [entry["id"] for entry in release["changed"]]
        missing = [id for id in listed if id not in current]
        if missing:
            raise SystemExit(f"changelog {release['version']}: no such vector: {', '.join(missing)}")
        stale = [entry["id"] for entry in release["retired"] if entry["id"] in current]
        if stale:
            raise SystemExit(f"changelog {release['version']}: retired but still generated: {', '.join(stale)}")
    released = json.loads(RELEASED.read_text(encoding="utf-8"))["releases"]
    ordered = [{key: release[key] for key in ("version", "summary", "added", "changed", "retired")}
               for release in RELEASES]
    return {"formatVersion": 1, "releases": released + ordered}


def family_of(vector_id):
    return vector_id.split("::", 1)[0]


def by_family(ids):
    counts = {}
    for vector_id in ids:
        counts[family_of(vector_id)] = counts.get(family_of(vector_id), 0) + 1
    return ", ".join(f"{family} {count}" for family, count in counts.items())


def folded(title, lines):
    """A Markdown list, folded away under a <details> title when it is long."""
    if len(lines) <= 8:
        return [title, ""] + lines + [""]
    return [f"<details><summary>{title}</summary>", ""] + lines + ["", "</details>", ""]


def grouped_by_reason(entries):
    """Changed or retired entries that share a reason, listed once under it: (reason, [entries])."""
    groups = {}
    for entry in entries:
        groups.setdefault(entry["reason"], []).append(entry)
    return list(groups.items())


def entry_line(entry):
    replaced = entry.get("replacedBy")
    return f"- `{entry['id']}`" + (" → " + ", ".join(f"`{new}`" for new in replaced) if replaced else "")


def render_markdown(history):
    """Vectors/CHANGELOG.md: the changelog for people, newest release first, from the changelog document."""
    lines = ["# What changed in the vector suite", "",
             "Generated from [`changelog.json`](changelog.json) by `Scripts/generate_vectors.py` (do not edit; the "
             "data is in `Scripts/vectorgen/changelog.py` and `released_changelog.json` beside it). A gate shows the "
             "reason beside every vector whose expectation changed since its baseline's suite version "
             "(`login-conformance run --baseline`); this page is the same history for reading.", ""]
    for release in reversed(history["releases"]):
        added, changed, retired = release["added"], release["changed"], release["retired"]
        lines += [f"## {release['version']}", "", release["summary"], ""]
        counts = [f"added {len(added)}" + (f" ({by_family(added)})" if added else ""),
                  f"changed {len(changed)}" + (f" ({by_family(e['id'] for e in changed)})" if changed else ""),
                  f"retired {len(retired)}" + (f" ({by_family(e['id'] for e in retired)})" if retired else "")]
        lines += ["Vectors " + "; ".join(counts) + ".", ""]
        if added:
            lines += folded(f"Added ({len(added)})", [f"- `{vector_id}`" for vector_id in added])
        for title, entries in (("Changed", changed), ("Retired", retired)):
            for reason, group in grouped_by_reason(entries):
                lines += folded(f"{title} ({len(group)}): {reason}", [entry_line(entry) for entry in group])
    return "\n".join(lines).rstrip("\n") + "\n"


def suite_version():
    """The version the manifest must carry: the last release's."""
    return RELEASES[-1]["version"]
