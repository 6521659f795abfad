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
def _token_split(ids, reason, profiles=("documented", "ios-sdk")):
    """Retired token vectors, each replaced by its profile vectors (`<id>.<profile>`)."""
    return [{"id": id, "reason": reason, "replacedBy": [f"{id}.{p}" for p in profiles]} for id in ids]


_TC, _ST = "token-claims::", "signed-token::"
TOKEN_RETIRED = [  # token-claims, signed-token
    *_token_split([_TC + "header-typ::" + c for c in ("missing", "empty", "lower-case", "jws", "at+jwt", "number",
                                                      "null")]
                  + [_ST + "typ::" + c for c in ("missing", "lower-case", "trailing-space", "at+jwt", "jose",
                                                 "number")],
                  "typ exactly JWT is an SDK rule (AuthenticationTokenHeader.swift); the documents make typ optional, "
                  "so documented prefers the refusal and also accepts the token (DECISIONS.md D01)"),
    *_token_split([_TC + "header-kid::missing", _ST + "kid::missing-one-key-published"],
                  "kid is required by the SDK only; RFC 7515 §4.1.4 makes it optional and OpenID Connect Core §10.1 "
                  "needs it only with several keys, so documented also accepts (DECISIONS.md D02)"),
    *_token_split([_TC + "missing-claim::jti", _TC + "empty-claim::jti", _ST + "claims::empty-jti"]
                  + [_TC + "wrong-type::jti." + c for c in ("null", "number", "bool", "array", "object")],
                  "jti is required by the SDK only (RFC 7519 §4.1.7 optional, not an OpenID Connect ID Token "
                  "requirement): an ios-sdk vector only (DECISIONS.md D07)", profiles=("ios-sdk",)),
    *_token_split([_TC + "empty-claim::nonce"],
                  "the non-empty nonce check is the SDK's; the documents only compare the nonce, so documented also "
                  "accepts nonceMismatch (DECISIONS.md D09)"),
    *_token_split([_TC + "audience::nfd-versus-nfc"],
                  "the SDK compares aud with Swift String == (canonical equivalence) and accepts; RFC 7519 §2 and "
                  "§7.3 compare code points, so documented refuses (DECISIONS.md D10)"),
    *_token_split([_TC + "nonce::nfd-versus-nfc"],
                  "the SDK compares the nonce with Swift String == (canonical equivalence) and accepts; RFC 7519 §7.3 "
                  "compares code points, so documented refuses (DECISIONS.md D11)"),
    *_token_split([_TC + "iat::" + c for c in ("ten-minutes-one-second-ago", "over-ten-minutes-fraction",
                                               "one-day-ago", "zero")]
                  + [_ST + "claims::iat-ten-minutes-one-second-ago", _ST + "numbers::iat-far-past-huge"],
                  "the 600-second iat window is the SDK's; OpenID Connect Core §3.1.3.7 leaves the range to the "
                  "client, so documented also accepts (DECISIONS.md D05)"),
    *_token_split([_ST + "key-source::other-entries-ignored"],
                  "the SDK casts the certificate map to [String: String], so a non-string entry fails every kid: "
                  "ios-sdk refuses (unknownKeyID), documented (JWKS) accepts (DECISIONS.md D13)"),
    *_token_split([_ST + "numbers::exp-above-2-pow-53"],
                  "the SDK reads exp with `as? Double`, which fails for 2^53 + 1 on Linux; Apple's JSONSerialization "
                  "cannot be run here, so the vector holds under documented only (DECISIONS.md D14)",
                  profiles=("documented",)),
]
TOKEN_ADDED = [id for entry in TOKEN_RETIRED for id in entry["replacedBy"]] + [
    _ST + "duplicate-member::nested-cnf-jkt",                  # D03: a duplicate member inside an object claim
    _ST + "key-source::non-certificate-string-entry-ignored",  # D13: the accepting case both readings share
]
TOKEN_CHANGED = [
    {"id": _TC + "empty-claim::sub",
     "reason": "refs only: sub is required and non-empty by OpenID Connect Core §2 as well as by the SDK (DECISIONS.md "
               "D08)"},
    {"id": _TC + "unknown-claims::oidc-extras",
     "reason": "at_hash removed from the input: a registered OpenID Connect claim a validator may check is not an "
               "unknown claim (DECISIONS.md D04)"},
    {"id": _ST + "valid::unknown-claims",
     "reason": "at_hash replaced by the unregistered x-unregistered: a registered OpenID Connect claim a validator "
               "may check is not an unknown claim (DECISIONS.md D04)"},
    *[{"id": _ST + "duplicate-member::" + c,
       "reason": "alsoAccepted: the outcome of keeping the last duplicate member, which RFC 7515 §4 allows; badJSON "
                 "stays preferred and first-wins still fails (DECISIONS.md D03)"}
      for c in ("alg-none-then-rs256", "alg-rs256-then-none", "kid-twice", "kid-other-first", "nonce-expected-first",
                "nonce-expected-last", "aud-twice", "exp-twice")],
]
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
