"""The suite changelog, written to Vectors/changelog.json: per suite version, the vector IDs it added, changed and
retired (Vectors/README.md). The loader checks it: versions increase, the last one is the manifest's suiteVersion,
every listed ID is a vector of the suite or a retired one, and a retired ID is never used again.

`changed` and `retired` list objects `{"id", "reason"}` (a retired vector may add `replacedBy`, the IDs that take its
place): a gate shows the reason beside every vector whose expectation changed since a baseline.

A released version never changes: releases 0.1.0 to 0.5.0 are kept as they were published, in
released_changelog.json beside this file (0.1.0 to 0.4.0 were computed from the vectors of their day, which later
releases retire or rename; 0.5.0 was data here until 0.6.0 froze it). Each release from 0.6.0 on is data here, every
ID spelled out; generate_vectors.py appends them. Two kinds of addition are derived instead of spelled out: a
release's `addedGroups` (every vector of those groups) and a new family's vectors, which the release its module names
in `ADDED_IN` adds (document()). The first release lists no IDs: a vector no release lists is taken for one of
its (SuiteChangelog.introducedVersion), so a vector a later release forgets to list would be counted by a gate as a
regression rather than new. document() refuses it: only the IDs frozen in first_release_ids.json may go unlisted.
"""

import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Optional

RELEASED = Path(__file__).with_name("released_changelog.json")
FIRST_RELEASE_IDS = Path(__file__).with_name("first_release_ids.json")

# Suite 0.7.0. An added ID carries no reason of its own in the changelog's format: the summary says why.
RELEASES: list[dict[str, Any]] = [
    {
        "version": "0.7.0",
        "summary": "Completeness blind round 1 (Tests/CompletenessRounds/round-1/): implementations written from the "
                   "specification alone, without sight of the vectors, found rules with no vector in one profile or "
                   "for one form of input. Added, each from its rule: graph-error's default table and message under "
                   "documented (isPermissionError and clientAction instead of the token); token-claims NumericDates "
                   "beyond int64 and 1E19, a fractional now; signed-token "
                   "whitespace around the whole token, numbers with a leading zero, plus sign or bare decimal point "
                   "and comments (documented: token.json.number-and-comment-grammar.documented), a published key "
                   "without kid, key_ops [sign, verify]; profile strings in mixed case and with surrounding "
                   "whitespace kept exactly; login-result's profile from an empty picture, a month-first birthday and "
                   "a mixed-case email; login-request's app-switch conditions each left out alone. Round 2 "
                   "(Tests/CompletenessRounds/round-2/), measured on this suite before release: token-claims nonces in "
                   "compatibility forms NFKC would fold (fullwidth n, superscript 6) and a sub of one space or a tab "
                   "(non-empty, never trimmed), with their signed twins; login-result's error_code '0190' kept as "
                   "written; and the documented reading of the profile family (49 vectors, one twin of each profile "
                   "vector of a rule of both readings, stating only the members its claims make: an expected profile "
                   "may now leave out members, which are then not compared). Before round 3, the same for the login-request family (51 "
                   "vectors, one twin of each vector whose configuration the documented reading creates, outside the "
                   "shim: the path, the parameters of rules of both readings and app switch where the documented rule "
                   "settles it; an expected request may leave out host, appSwitchAllowed and the SDK's parameters). Round 3 "
                   "(Tests/CompletenessRounds/round-3/), measured on this suite before release: the login result's "
                   "profile made from every profile-family input that makes one under ios-sdk (77 vectors, "
                   "login-result::profile-claims::*), and the documented reading of token-change (17 vectors: which steps "
                   "post and the user-ID key, named in the new userInfoKeys; current left out). The differential fuzzer's "
                   "first recorded run (Implementations/fuzz/): a header with an unregistered member (RFC 7515 §4: "
                   "ignored) and a sub starting with U+0000 (a non-empty string, RFC 8259 §7). Fault pairs (DECISIONS.md D59, "
                   "docs/generated/fault-pairs.md): every two faults of each refusing family at once (code-verifier, "
                   "login-configuration, token-claims, signed-token, login-result), expecting the earlier check where a "
                   "source orders them (the SDK's order for a verifier, a configuration and a callback; for a token, what a check needs comes first and, documented, "
                   "the header's alg before the signature) and either reason where none does. Perturbations "
                   "(docs/generated/perturbations.md): a catalogue of string transformations (case, surrounding whitespace, "
                   "invisible characters, NFKC and NFD forms, NUL, empty) applied to every string field of every "
                   "family's declared shape (or listed with why not): in the token families the claims nonce and aud, the "
                   "expected nonce, the header's alg, typ and kid and, in signed-token, the signing JWK's kid and kty; "
                   "each vector expecting the field's rule; and, by the same catalogue (DECISIONS.md D64), every number "
                   "compared by value (a Graph error's code and subcode, a server table's) and every NumericDate (exp, "
                   "iat and now in the token families, an access token's dates, a change sequence's, a callback's now) "
                   "from its rule's boundary: half a second or a second either side, milliseconds, zero, negated, "
                   "2^31 added (numbers: 2^32); every set, array and object read whole (permissions, a callback's "
                   "parameters, a verdict's and a profile's claims, a change sequence's steps, a server table's "
                   "categories, items and subcodes): no item, the first only, without the first, reversed, repeated, "
                   "a member no rule reads, no member. The JSON grammar (docs/generated/grammar.md, DECISIONS.md D61): a "
                   "catalogue of RFC 8259 cases (the same value written otherwise, a byte order mark, texts that are not "
                   "JSON) applied to every site where a family parses JSON text: the token's header and claims, "
                   "signed-token's decoded segments and the login callback's state. Found by the SDK check "
                   "(DECISIONS.md D62): the SDK reads exp `as? Double`, so exp = 2^64 + 1 has a vector per profile, the "
                   "ios-sdk one expecting 2^64; a header or claims string starting with U+FEFF is undecided under ios-sdk "
                   "where it decides the outcome. The key catalogue (docs/generated/key-catalogue.md, DECISIONS.md D63): forms of "
                   "the signing key's JWK (RFC 7517, RFC 7518 §6.3) and of its certificate-map entry (the SDK's PEM "
                   "reading), and keys with a 3071-bit modulus and the public exponent 3.",
        # Groups whose every vector this release adds, in file order: generated from declarations, not listed.
        "addedGroups": ["fault-pair", "perturbation", "grammar", "key-catalogue"],
        "added": ["login-result::id-token::valid-token-profile-claims.ios-sdk", "token-claims::numbers::exp-2-pow-63",
                  "token-claims::numbers::exp-above-uint64.documented",
                  "token-claims::numbers::exp-above-uint64.ios-sdk", "token-claims::numbers::exp-fraction",
                  "token-claims::numbers::exp-below-int64", "token-claims::numbers::exp-negative-fraction",
                  "token-claims::numbers::exp-1e19", "token-claims::exp::half-second-before-fractional-now",
                  "token-claims::exp::quarter-second-after-fractional-now",
                  "signed-token::base64url::token-leading-spaces.documented",
                  "signed-token::base64url::token-leading-spaces.ios-sdk",
                  "signed-token::base64url::token-trailing-line-breaks.documented",
                  "signed-token::base64url::token-trailing-line-breaks.ios-sdk",
                  "signed-token::json::payload-leading-zero.documented",
                  "signed-token::json::payload-plus-sign.documented",
                  "signed-token::json::payload-trailing-decimal-point.documented",
                  "signed-token::json::payload-leading-decimal-point.documented",
                  "signed-token::json::payload-block-comment.documented",
                  "signed-token::json::header-line-comment.documented", "signed-token::numbers::exp-1e19",
                  "signed-token::key-source::kid-less-key-only.documented",
                  "signed-token::key-source::kid-less-key-only.ios-sdk",
                  "signed-token::key-source::kid-less-key-beside.documented",
                  "signed-token::key-source::kid-less-key-beside.ios-sdk",
                  "signed-token::key-usability::key-ops-sign-verify.documented",
                  "signed-token::key-usability::key-ops-sign-verify-key-2.documented",
                  "signed-token::claims-exp::half-second-before-fractional-now",
                  "signed-token::claims-exp::quarter-second-after-fractional-now",
                  "login-request::app-switch::gatekeeper-not-stated-app-installed.ios-sdk",
                  "login-request::app-switch::app-not-stated-gatekeeper-on.ios-sdk",
                  "profile::string-claims::letter-case-kept.ios-sdk",
                  "profile::string-claims::surrounding-whitespace-kept.ios-sdk",
                  "graph-error::default::190.documented", "graph-error::default::190.460.documented",
                  "graph-error::default::190.463.documented", "graph-error::default::190.467.documented",
                  "graph-error::default::190.458.documented", "graph-error::default::102.documented",
                  "graph-error::default::102.459.documented", "graph-error::default::1.documented",
                  "graph-error::default::2.documented", "graph-error::default::4.documented",
                  "graph-error::default::17.documented", "graph-error::default::341.documented",
                  "graph-error::default::17.2446079.documented", "graph-error::default::4.1349193.documented",
                  "graph-error::message::message-only.documented", "graph-error::message::all-three.documented",
                  "graph-error::message::message-and-reason.documented",
                  "graph-error::message::reason-and-msg.documented", "graph-error::message::reason-only.documented",
                  "graph-error::message::msg-only.documented",
                  "graph-error::message::user-msg-is-not-the-message.documented",
                  "graph-error::message::user-msg-beside-msg.documented",
                  "graph-error::message::non-ascii-kept.documented",
                  "login-result::error::error-code-leading-zero.ios-sdk",
                  "token-claims::empty-claim::sub-single-space",
                  "token-claims::empty-claim::sub-tab",
                  "token-claims::nonce::fullwidth-letter",
                  "token-claims::nonce::superscript-digit",
                  "signed-token::claims-empty-claim::sub-single-space",
                  "signed-token::claims-empty-claim::sub-tab",
                  "signed-token::claims-nonce::fullwidth-letter",
                  "signed-token::claims-nonce::superscript-digit",
                  "profile::whole::required-claims-only.documented",
                  "profile::whole::every-optional-claim.documented",
                  "profile::sub::single-space.documented",
                  "profile::sub::non-numeric.documented",
                  "profile::string-claims::name.kept.documented",
                  "profile::string-claims::given_name.kept.documented",
                  "profile::string-claims::middle_name.kept.documented",
                  "profile::string-claims::family_name.kept.documented",
                  "profile::string-claims::picture.kept.documented",
                  "profile::string-claims::email.kept.documented",
                  "profile::string-claims::user_gender.kept.documented",
                  "profile::string-claims::user_link.kept.documented",
                  "profile::string-claims::name-parts-distinct.documented",
                  "profile::string-claims::letter-case-kept.documented",
                  "profile::string-claims::surrounding-whitespace-kept.documented",
                  "profile::string-claims::empty-strings-kept.documented",
                  "profile::friends::kept-in-order.documented",
                  "profile::friends::empty-array.documented",
                  "profile::birthday::month-first.documented",
                  "profile::birthday::january-second.documented",
                  "profile::birthday::end-of-year.documented",
                  "profile::birthday::leap-day.documented",
                  "profile::birthday::early-year.documented",
                  "profile::birthday::month-13.documented",
                  "profile::birthday::month-00.documented",
                  "profile::birthday::day-32.documented",
                  "profile::birthday::day-00.documented",
                  "profile::birthday::april-31.documented",
                  "profile::birthday::february-30.documented",
                  "profile::birthday::leap-day-2001.documented",
                  "profile::birthday::leap-day-1900.documented",
                  "profile::birthday::day-first.documented",
                  "profile::birthday::iso.documented",
                  "profile::birthday::empty.documented",
                  "profile::age-range::min-only.documented",
                  "profile::age-range::min-and-max.documented",
                  "profile::age-range::max-only.documented",
                  "profile::age-range::min-zero.documented",
                  "profile::age-range::min-negative.documented",
                  "profile::age-range::max-negative.documented",
                  "profile::age-range::min-equals-max.documented",
                  "profile::age-range::min-above-max.documented",
                  "profile::age-range::no-bounds.documented",
                  "profile::places::hometown-kept.documented",
                  "profile::places::location-kept.documented",
                  "profile::places::both-kept-apart.documented",
                  "profile::places::extra-string-member.documented",
                  "profile::places::hometown-without-name.documented",
                  "profile::places::location-without-id.documented",
                  "login-request::baseline::enabled-authorized.documented",
                  "login-request::baseline::limited-authorized.documented",
                  "login-request::baseline::limited-not-authorized.documented",
                  "login-request::app-switch::disabled-enabled-authorized.documented",
                  "login-request::app-switch::disabled-limited-authorized.documented",
                  "login-request::app-switch::disabled-limited-not-authorized.documented",
                  "login-request::app-switch::limited-gatekeeper-on-app-installed.documented",
                  "login-request::app-switch::limited-gatekeeper-on-not-authorized.documented",
                  "login-request::endpoint::v20.0-enabled.documented",
                  "login-request::endpoint::v20.0-limited.documented",
                  "login-request::endpoint::v18.0-enabled.documented",
                  "login-request::endpoint::v22.0-limited.documented",
                  "login-request::endpoint::v2.12-enabled.documented",
                  "login-request::client-id::987654321098765-enabled.documented",
                  "login-request::client-id::987654321098765-limited.documented",
                  "login-request::client-id::0012345678-enabled.documented",
                  "login-request::fixed-parameters::minimal-limited.documented",
                  "login-request::fixed-parameters::minimal-enabled.documented",
                  "login-request::scope::empty-enabled.documented",
                  "login-request::scope::empty-limited.documented",
                  "login-request::scope::email-enabled.documented",
                  "login-request::scope::email-public-profile-limited.documented",
                  "login-request::scope::openid-requested-enabled.documented",
                  "login-request::scope::only-openid-enabled.documented",
                  "login-request::scope::many-enabled.documented",
                  "login-request::scope::limited-list-all.documented",
                  "login-request::nonce::seed-123-enabled.documented",
                  "login-request::nonce::seed-123-limited.documented",
                  "login-request::nonce::commas-enabled.documented",
                  "login-request::nonce::commas-limited.documented",
                  "login-request::nonce::unicode-enabled.documented",
                  "login-request::nonce::unicode-limited.documented",
                  "login-request::nonce::percent-text-enabled.documented",
                  "login-request::nonce::query-characters-limited.documented",
                  "login-request::nonce::long-1024-enabled.documented",
                  "login-request::nonce::lower-uuid-limited.documented",
                  "login-request::auth-type::nil-enabled.documented",
                  "login-request::auth-type::nil-limited.documented",
                  "login-request::auth-type::reauthorize-enabled.documented",
                  "login-request::auth-type::reauthorize-limited.documented",
                  "login-request::pkce::rfc7636-enabled.documented",
                  "login-request::pkce::verifier-128-enabled.documented",
                  "login-request::redirect-uri::suffix-empty-1234567890-enabled.documented",
                  "login-request::redirect-uri::suffix-pro-1234567890-enabled.documented",
                  "login-request::redirect-uri::suffix-pro-1234567890-limited.documented",
                  "login-request::redirect-uri::suffix-lite2-987654321098765-enabled.documented",
                  "login-request::redirect-uri::suffix-empty-1234567890-limited.documented",
                  "login-request::state::short-enabled.documented",
                  "login-request::state::hex-32-enabled.documented",
                  "login-request::state::unreserved-punctuation-limited.documented",
                  "login-request::state::upper-and-digits-limited.documented",
                  "login-result::profile-claims::whole-required-claims-only.ios-sdk",
                  "login-result::profile-claims::whole-every-optional-claim.ios-sdk",
                  "login-result::profile-claims::whole-unknown-claims-ignored.ios-sdk",
                  "login-result::profile-claims::string-claims-name.kept.ios-sdk",
                  "login-result::profile-claims::string-claims-given_name.kept.ios-sdk",
                  "login-result::profile-claims::string-claims-middle_name.kept.ios-sdk",
                  "login-result::profile-claims::string-claims-family_name.kept.ios-sdk",
                  "login-result::profile-claims::string-claims-picture.kept.ios-sdk",
                  "login-result::profile-claims::string-claims-email.kept.ios-sdk",
                  "login-result::profile-claims::string-claims-user_gender.kept.ios-sdk",
                  "login-result::profile-claims::string-claims-user_link.kept.ios-sdk",
                  "login-result::profile-claims::string-claims-name.wrong-type.ios-sdk",
                  "login-result::profile-claims::string-claims-given_name.wrong-type.ios-sdk",
                  "login-result::profile-claims::string-claims-middle_name.wrong-type.ios-sdk",
                  "login-result::profile-claims::string-claims-family_name.wrong-type.ios-sdk",
                  "login-result::profile-claims::string-claims-picture.wrong-type.ios-sdk",
                  "login-result::profile-claims::string-claims-email.wrong-type.ios-sdk",
                  "login-result::profile-claims::string-claims-user_gender.wrong-type.ios-sdk",
                  "login-result::profile-claims::string-claims-user_link.wrong-type.ios-sdk",
                  "login-result::profile-claims::string-claims-name-parts-distinct.ios-sdk",
                  "login-result::profile-claims::string-claims-letter-case-kept.ios-sdk",
                  "login-result::profile-claims::string-claims-surrounding-whitespace-kept.ios-sdk",
                  "login-result::profile-claims::string-claims-empty-strings-kept.ios-sdk",
                  "login-result::profile-claims::friends-kept-in-order.ios-sdk",
                  "login-result::profile-claims::friends-empty-array.ios-sdk",
                  "login-result::profile-claims::friends-string.ios-sdk",
                  "login-result::profile-claims::friends-number-element.ios-sdk",
                  "login-result::profile-claims::friends-null-element.ios-sdk",
                  "login-result::profile-claims::friends-object.ios-sdk",
                  "login-result::profile-claims::birthday-month-first.ios-sdk",
                  "login-result::profile-claims::birthday-january-second.ios-sdk",
                  "login-result::profile-claims::birthday-end-of-year.ios-sdk",
                  "login-result::profile-claims::birthday-leap-day.ios-sdk",
                  "login-result::profile-claims::birthday-early-year.ios-sdk",
                  "login-result::profile-claims::birthday-month-13.ios-sdk",
                  "login-result::profile-claims::birthday-month-00.ios-sdk",
                  "login-result::profile-claims::birthday-day-32.ios-sdk",
                  "login-result::profile-claims::birthday-day-00.ios-sdk",
                  "login-result::profile-claims::birthday-april-31.ios-sdk",
                  "login-result::profile-claims::birthday-february-30.ios-sdk",
                  "login-result::profile-claims::birthday-leap-day-2001.ios-sdk",
                  "login-result::profile-claims::birthday-leap-day-1900.ios-sdk",
                  "login-result::profile-claims::birthday-day-first.ios-sdk",
                  "login-result::profile-claims::birthday-iso.ios-sdk",
                  "login-result::profile-claims::birthday-empty.ios-sdk",
                  "login-result::profile-claims::birthday-number.ios-sdk",
                  "login-result::profile-claims::age-range-min-only.ios-sdk",
                  "login-result::profile-claims::age-range-min-and-max.ios-sdk",
                  "login-result::profile-claims::age-range-max-only.ios-sdk",
                  "login-result::profile-claims::age-range-min-zero.ios-sdk",
                  "login-result::profile-claims::age-range-min-negative.ios-sdk",
                  "login-result::profile-claims::age-range-max-negative.ios-sdk",
                  "login-result::profile-claims::age-range-min-equals-max.ios-sdk",
                  "login-result::profile-claims::age-range-min-above-max.ios-sdk",
                  "login-result::profile-claims::age-range-no-bounds.ios-sdk",
                  "login-result::profile-claims::age-range-empty-object.ios-sdk",
                  "login-result::profile-claims::age-range-string-bound.ios-sdk",
                  "login-result::profile-claims::age-range-null-bound.ios-sdk",
                  "login-result::profile-claims::age-range-number.ios-sdk",
                  "login-result::profile-claims::age-range-array.ios-sdk",
                  "login-result::profile-claims::places-hometown-kept.ios-sdk",
                  "login-result::profile-claims::places-location-kept.ios-sdk",
                  "login-result::profile-claims::places-both-kept-apart.ios-sdk",
                  "login-result::profile-claims::places-extra-string-member.ios-sdk",
                  "login-result::profile-claims::places-hometown-without-name.ios-sdk",
                  "login-result::profile-claims::places-location-without-id.ios-sdk",
                  "login-result::profile-claims::places-hometown-number-id.ios-sdk",
                  "login-result::profile-claims::places-location-null-name.ios-sdk",
                  "login-result::profile-claims::places-hometown-empty-object.ios-sdk",
                  "login-result::profile-claims::places-location-string.ios-sdk",
                  "login-result::profile-claims::age-range-fractional-bounds-kept.ios-sdk",
                  "login-result::profile-claims::age-range-fractional-same-whole-part.ios-sdk",
                  "login-result::profile-claims::age-range-fractional-negative-truncates-to-zero.ios-sdk",
                  "login-result::profile-claims::age-range-fractional-max-below-one.ios-sdk",
                  "login-result::profile-claims::string-claims-picture.empty.ios-sdk",
                  "login-result::profile-claims::string-claims-user_link.empty.ios-sdk",
                  "login-result::profile-claims::string-claims-picture-and-link-empty-name-kept.ios-sdk",
                  "token-change::set::first-login.documented",
                  "token-change::set::logout.documented",
                  "token-change::set::refresh-same-user.documented",
                  "token-change::set::switch-user.documented",
                  "token-change::set::same-token-again.documented",
                  "token-change::set::nil-over-nil.documented",
                  "token-change::set::same-expired-token-again.documented",
                  "token-change::set::login-then-same-token-again.documented",
                  "token-change::set::logout-twice.documented",
                  "token-change::set::switch-user-and-back.documented",
                  "token-change::user-id::leading-zero-user-id.documented",
                  "token-change::sequence::login-refresh-refresh-logout.documented",
                  "token-change::sequence::logout-then-other-user.documented",
                  "token-change::sequence::repeats-around-changes.documented",
                  "token-change::user-id::user-id-extends-other.documented",
                  "token-change::user-id::user-id-prefix-of-other.documented",
                  "token-change::user-id::nfc-and-nfd-user-ids.documented",
                  "signed-token::valid::unregistered-header-member",
                  "token-claims::empty-claim::sub-leading-nul",
                  "signed-token::claims-empty-claim::sub-leading-nul",
                  "signed-token::numbers::exp-above-uint64.documented",
                  "signed-token::numbers::exp-above-uint64.ios-sdk"],
        "changed": [],
        "retired": [
            {"id": "signed-token::numbers::exp-above-uint64",
             "reason": "it expected exp 2^64 + 1 exactly in both profiles; the SDK reads exp `as? Double`, so its "
                       "claims carry 2^64, the nearest double (the SDK check, run here): each profile now has its own "
                       "vector, the ios-sdk one expecting 2^64 and also accepting the exact value (DECISIONS.md D62)",
             "replacedBy": ["signed-token::numbers::exp-above-uint64.documented",
                            "signed-token::numbers::exp-above-uint64.ios-sdk"]},
        ],
    },
]


def document(ids_by_family: Mapping[str, Sequence[str]],
             added_in: Optional[Mapping[str, str]] = None) -> dict[str, Any]:
    """The changelog document: the published releases as they were, then this file's. `ids_by_family` (each
    family's vector IDs in file order) is checked against the new releases: every ID they add or change exists.
    `added_in` names, for a family new since 0.7.0, the release that adds it (its module's `ADDED_IN`): every vector
    of the family is listed as added there, after what the release lists itself, so a family added is one module."""
    added_in = added_in or {}
    current = {id for ids in ids_by_family.values() for id in ids}
    versions = [release["version"] for release in RELEASES]
    unknown = {family: version for family, version in added_in.items() if version not in versions}
    if unknown:
        raise SystemExit(f"changelog: ADDED_IN names no release of vectorgen/changelog.py ({', '.join(versions)}): "
                         f"{unknown}")
    releases = [_with_family(_with_groups(release, ids_by_family), ids_by_family, added_in) for release in RELEASES]
    for release in releases:
        listed = list(release["added"]) + [entry["id"] for entry in release["changed"]]
        missing = [id for id in listed if id not in current]
        if missing:
            raise SystemExit(f"changelog {release['version']}: no such vector: {', '.join(missing)}")
        stale = [entry["id"] for entry in release["retired"] if entry["id"] in current]
        if stale:
            raise SystemExit(f"changelog {release['version']}: retired but still generated: {', '.join(stale)}")
    released = json.loads(RELEASED.read_text(encoding="utf-8"))["releases"]
    # An ID no release lists is taken for one of the first release's (SuiteChangelog.introducedVersion), and a gate
    # would count it, failing, as a regression instead of new: only the first release's own may be unlisted.
    added = {id for release in released + releases for id in release["added"]}
    first = set(json.loads(FIRST_RELEASE_IDS.read_text(encoding="utf-8"))["ids"])
    unlisted = sorted(id for id in current if id not in added and id not in first)
    if unlisted:
        raise SystemExit(f"changelog: {len(unlisted)} vectors no release lists as added (list them in the newest "
                         f"release of vectorgen/changelog.py, its addedGroups, or their module's ADDED_IN): "
                         f"{', '.join(unlisted[:10])}{' …' if len(unlisted) > 10 else ''}")
    ordered = [{key: release[key] for key in ("version", "summary", "added", "changed", "retired")}
               for release in releases]
    return {"formatVersion": 1, "releases": released + ordered}


def _with_groups(release: dict[str, Any], ids_by_family: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    """The release with the vectors of its `addedGroups` (`<family>::<group>::…`) appended to what it adds."""
    groups = release.get("addedGroups", ())
    grouped = [id for ids in ids_by_family.values() for id in ids if id.split("::")[1] in groups]
    if groups and not grouped:
        raise SystemExit(f"changelog {release['version']}: no vector in the groups {list(groups)}")
    return {**release, "added": list(release["added"]) + [id for id in grouped if id not in release["added"]]}


def _with_family(release: dict[str, Any], ids_by_family: Mapping[str, Sequence[str]],
                 added_in: Mapping[str, str]) -> dict[str, Any]:
    """The release with every vector of the families it adds (`added_in`) appended to what it adds."""
    new = [id for family, version in added_in.items() if version == release["version"]
           for id in ids_by_family.get(family, ()) if id not in release["added"]]
    return {**release, "added": list(release["added"]) + new}


def family_of(vector_id: str) -> str:
    return vector_id.split("::", 1)[0]


def by_family(ids: Iterable[str]) -> str:
    counts: dict[str, int] = {}
    for vector_id in ids:
        counts[family_of(vector_id)] = counts.get(family_of(vector_id), 0) + 1
    return ", ".join(f"{family} {count}" for family, count in counts.items())


def folded(title: str, lines: list[str]) -> list[str]:
    """A Markdown list, folded away under a <details> title when it is long."""
    if len(lines) <= 8:
        return [title, ""] + lines + [""]
    return [f"<details><summary>{title}</summary>", ""] + lines + ["", "</details>", ""]


def grouped_by_reason(entries: Iterable[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """Changed or retired entries that share a reason, listed once under it: (reason, [entries])."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for entry in entries:
        groups.setdefault(entry["reason"], []).append(entry)
    return list(groups.items())


def entry_line(entry: Mapping[str, Any]) -> str:
    replaced = entry.get("replacedBy")
    return f"- `{entry['id']}`" + (" → " + ", ".join(f"`{new}`" for new in replaced) if replaced else "")


def render_markdown(history: Mapping[str, Any]) -> str:
    """Vectors/CHANGELOG.md: the changelog for people, newest release first, from the changelog document."""
    lines = ["# What changed in the vector suite", "",
             "Generated from [`changelog.json`](changelog.json) by `Scripts/vectors/generate_vectors.py` (do not edit; the "
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


def suite_version() -> str:
    """The version the manifest must carry: the last release's."""
    return RELEASES[-1]["version"]
