"""The suite changelog, written to Vectors/changelog.json: per suite version, the vector IDs it added, changed and
retired (Vectors/README.md). The loader checks it: versions increase, the last one is the manifest's suiteVersion,
every listed ID is a vector of the suite or a retired one, and a retired ID is never used again.

From 0.3.0 on, `changed` and `retired` list objects `{"id", "reason"}` (a retired vector may add `replacedBy`, the
IDs that take its place): a gate shows the reason beside every vector whose expectation changed since a baseline.

A release may name whole families it introduced (`added_families`): they expand here to every vector ID of those
families that no later release lists as added, so a release that adds hundreds of vectors stays one line of data
and the file stays byte-identical under `generate_vectors.py --check`. The first release introduces every vector no
later release adds, so its `added` stays empty.
"""

# Suite 0.3.0's corrections, kept apart per area so that they can be written side by side. Each changed entry is
# {"id": ..., "reason": ...}; each retired entry adds an optional "replacedBy": [...].
TOKEN_ADDED = []      # token-claims, signed-token: vector IDs
TOKEN_CHANGED = []
TOKEN_RETIRED = []
OTHER_ADDED = []      # every other family
OTHER_CHANGED = []
OTHER_RETIRED = []

RELEASES = [
    {
        "version": "0.1.0",
        "summary": "First suite: nonce, login-configuration, login-result, token-claims and signed-token families in "
                   "the documented and ios-sdk profiles.",
        "added": [],
        "changed": [],
        "retired": [],
    },
    {
        "version": "0.2.0",
        "summary": "The rest of the documented behaviour: code-verifier, code-challenge, login-request, profile, "
                   "access-token, token-change and graph-error families (SPECIFICATION.md §1, §2, §5, §6, §7).",
        "added_families": ["code-verifier", "code-challenge", "login-request", "profile", "access-token",
                           "token-change", "graph-error"],
        "added": [],
        "changed": [],
        "retired": [],
    },
    {
        "version": "0.3.0",
        "summary": "Ground truth: every rule traced to public sources (Vectors/SPECIFICATION.md, Vectors/DECISIONS.md), "
                   "the ios-sdk profile checked against the SDK's own code at v18.1.0, and alsoAccepted outcomes "
                   "where a source allows several behaviours.",
        "added": TOKEN_ADDED + OTHER_ADDED,
        "changed": TOKEN_CHANGED + OTHER_CHANGED,
        "retired": TOKEN_RETIRED + OTHER_RETIRED,
    },
]


def document(ids_by_family):
    """The changelog document; `ids_by_family` maps each family to its vector IDs in file order."""
    releases = []
    for position, release in enumerate(RELEASES):
        later = {id for other in RELEASES[position + 1:] for id in other["added"]}
        expanded = [id for family in release.get("added_families", []) for id in ids_by_family[family]
                    if id not in later]
        releases.append({
            "version": release["version"],
            "summary": release["summary"],
            "added": expanded + release["added"],
            "changed": release["changed"],
            "retired": release["retired"],
        })
    return {"formatVersion": 1, "releases": releases}


def suite_version():
    """The version the manifest must carry: the last release's."""
    return RELEASES[-1]["version"]
