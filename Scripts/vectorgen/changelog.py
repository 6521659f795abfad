"""The suite changelog, written to Vectors/changelog.json: per suite version, the vector IDs it added, changed and
retired (Vectors/README.md). The loader checks it: versions increase, the last one is the manifest's suiteVersion,
every listed ID is a vector of the suite or a retired one, and a retired ID is never used again.

From 0.3.0 on, `changed` and `retired` list objects `{"id", "reason"}` (a retired vector may add `replacedBy`, the
IDs that take its place): a gate shows the reason beside every vector whose expectation changed since a baseline.

A release may name whole families it introduced (`added_families`): they expand here to every vector ID of those
families that no later release lists as added, so a release that adds hundreds of vectors stays one line of data
and the file stays byte-identical under `generate_vectors.py --check`. The first release introduces every vector no
later release adds, so its `added` stays empty. A release may also name ID prefixes (`added_prefixes`): every vector
ID with one of them that no later release lists is added by it, expanded the same way.
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
    *_token_split([_TC + "header-kid::empty"],
                  "a non-empty kid is required by the SDK only; RFC 7515 §4.1.4 allows any string and this family has "
                  "no key set to look it up in, so documented also accepts (DECISIONS.md D02)"),
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
    *_token_split([_TC + "malformed-header::trailing-comma", _TC + "malformed-claims::trailing-comma",
                   _ST + "json::payload-trailing-comma"],
                  "RFC 8259 §4 refuses a trailing comma; the SDK parses with Apple's JSONSerialization, which cannot "
                  "be run here and most likely accepts it (the SDK compiled on Linux does), so the vector holds under "
                  "documented only (DECISIONS.md D18)", profiles=("documented",)),
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
    *[{"id": _ST + "size::" + c,
       "reason": "alsoAccepted rejected(badJSON): RFC 8259 §9 lets a parser limit nesting depth and text size (ruby-jwt "
                 "stops at 100 levels, joserfc at a 512-byte header); accepting stays preferred (DECISIONS.md D18)"}
      for c in ("nested-payload", "nested-header")],
    *[{"id": _ST + "embedded-key::" + c,
       "reason": "alsoAccepted rejected(badJSON): the embedded key makes the header 600-1,300 bytes, which a parser's "
                 "size limit may refuse (RFC 8259 §9; joserfc: 512 bytes); ignoring it and accepting stays preferred "
                 "(DECISIONS.md D16, D18)"}
      for c in ("jwk-of-signer", "x5c-of-signer")],
    *[{"id": _ST + "base64url::" + c + ".documented",
       "reason": "alsoAccepted accepted: RFC 4648 §3.5 lets a decoder reject non-zero unused bits (MAY), so one that "
                 "ignores them and reads the same bytes is allowed; badBase64url stays preferred (DECISIONS.md D17)"}
      for c in ("signature-non-canonical-bits", "payload-non-canonical-bits")],
]
# Every other family (generated from the 0.2.0 files by comparing IDs and expectations; reasons cite DECISIONS.md).
OTHER_ADDED = [
    "nonce::not-whitespace::u+200b.documented",
    "nonce::not-whitespace::u+200b.ios-sdk",
    "nonce::not-whitespace::only-u+200b.documented",
    "nonce::not-whitespace::only-u+200b.ios-sdk",
    "login-configuration::nonce::zero-width-space-inside-u+200b.documented",
    "login-configuration::nonce::zero-width-space-inside-u+200b.ios-sdk",
    "login-configuration::code-verifier::unicode-alphanumeric-length-128-cyrillic.documented",
    "login-configuration::code-verifier::unicode-alphanumeric-length-128-cyrillic.ios-sdk",
    "login-configuration::check-order::nonce-space-before-syntax.ios-sdk",
    "login-configuration::check-order::nonce-empty-before-syntax.ios-sdk",
    "login-configuration::check-order::syntax-before-auth-type.ios-sdk",
    "login-configuration::check-order::syntax-empty-before-auth-type.ios-sdk",
    "login-configuration::check-order::nonce-before-auth-type.ios-sdk",
    "login-configuration::check-order::nonce-before-auth-type-limited.ios-sdk",
    "login-configuration::check-order::nonce-before-syntax-and-auth-type.ios-sdk",
    "login-configuration::check-order::verifier-before-nonce.ios-sdk",
    "login-result::expiry::expires-only.ios-sdk",
    "login-result::expiry::expires-at-only.ios-sdk",
    "login-result::expiry::expires-in-only.ios-sdk",
    "login-result::expiry::expires-in-one-second.ios-sdk",
    "login-result::expiry::expires-beats-expires-in.ios-sdk",
    "login-result::expiry::expires-at-beats-expires-in.ios-sdk",
    "login-result::expiry::expires-and-expires-at-equal.ios-sdk",
    "login-result::expiry::expires-with-expires-at-zero.ios-sdk",
    "login-result::expiry::expires-zero-falls-to-expires-in.ios-sdk",
    "login-result::expiry::expires-at-zero-falls-to-expires-in.ios-sdk",
    "login-result::expiry::both-zero-fall-to-expires-in.ios-sdk",
    "login-result::expiry::expires-negative-falls-to-expires-in.ios-sdk",
    "login-result::expiry::expires-at-negative-falls-to-expires-in.ios-sdk",
    "login-result::expiry::expires-in-zero-never.ios-sdk",
    "login-result::expiry::expires-in-negative-never.ios-sdk",
    "login-result::expiry::expires-negative-never.ios-sdk",
    "login-result::expiry::all-zero-never.ios-sdk",
    "login-result::expiry::none-never.ios-sdk",
    "login-result::expiry::expires-in-the-past.ios-sdk",
    "code-verifier::unicode-mark-number::u+0301.documented",
    "code-verifier::unicode-mark-number::u+0301.ios-sdk",
    "code-verifier::unicode-mark-number::u+0903.documented",
    "code-verifier::unicode-mark-number::u+0903.ios-sdk",
    "code-verifier::unicode-mark-number::u+2167.documented",
    "code-verifier::unicode-mark-number::u+2167.ios-sdk",
    "code-verifier::unicode-mark-number::u+00b2.documented",
    "code-verifier::unicode-mark-number::u+00b2.ios-sdk",
    "login-request::baseline::enabled-not-authorized.ios-sdk",
    "login-request::app-switch::disabled-enabled-not-authorized.ios-sdk",
    "login-request::auth-type::nil-enabled-not-authorized.ios-sdk",
    "login-request::pkce::rfc7636-enabled-not-authorized.ios-sdk",
    "login-request::default-audience::everyone-enabled-not-authorized.ios-sdk",
    "graph-error::lookup-order::any-code-and-subcode.ios-sdk",
    "graph-error::lookup-order::any-code-and-subcode-33.ios-sdk",
    "graph-error::lookup-order::any-code-any-subcode.ios-sdk",
    "graph-error::lookup-order::any-code-without-subcode.ios-sdk",
    "graph-error::permission::200.documented",
    "graph-error::permission::200.subcode.documented",
    "graph-error::permission::10.documented",
    "graph-error::permission::201.documented",
    "graph-error::permission::230.documented",
    "graph-error::permission::250.documented",
    "graph-error::permission::299.documented",
    "graph-error::client-action::190.documented",
    "graph-error::client-action::102.documented",
    "graph-error::client-action::1.documented",
    "graph-error::client-action::4.documented",
    "graph-error::client-action::17.documented"
]
OTHER_CHANGED = [
    {
        "id": "graph-error::default::190",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::default::190.460",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::default::190.463",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::default::190.467",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::default::190.458",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::default::102",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::default::102.459",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::default::1",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::default::2",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::default::4",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::default::9",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::default::17",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::default::341",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::default::17.2446079",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::default::4.1349193",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::default::0",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::default::3",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::default::5",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::default::11",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::default::100",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::default::101",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::default::103",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::default::189",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::default::191",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::default::199",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::default::300",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::default::340",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::default::342",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::default::368",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::default::100.33",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::is-transient::true-on-190",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::is-transient::true-on-102",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::is-transient::true-on-100",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::is-transient::true-on-4",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::is-transient::true-on-190.463",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::is-transient::false-on-190",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::is-transient::false-on-2",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::is-transient::false-on-100",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::is-transient::true-beats-server-recoverable",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::is-transient::true-beats-server-other",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::server-table::other-190",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::server-table::other-190.460",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::server-table::transient-100",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::server-table::login-100",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::server-table::recoverable-100",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::server-table::new-name-100",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::server-table::login-1",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::server-table::other-4",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::server-table::transient-102",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::server-table::several-categories",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::server-table::several-subcodes",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::server-table::empty-subcodes-is-every-subcode",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::lookup-order::code-and-subcode",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::lookup-order::code-and-any-subcode",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::lookup-order::code-without-subcode",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::message::message-only",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::message::all-three",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::message::message-and-reason",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::message::reason-and-msg",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::message::reason-only",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::message::msg-only",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::message::none",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::message::user-msg-is-not-the-message",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::message::user-msg-beside-msg",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::message::non-ascii-kept",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::current-token::190-current",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::current-token::190.460-current",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::current-token::190.463-current",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::current-token::102-current",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::current-token::190.493-current",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::current-token::102.493-current",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::current-token::190.493-other-request",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::current-token::102.493-other-request",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::current-token::1.493-current",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::current-token::100.493-current",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::current-token::4-current",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::current-token::189-current",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::current-token::191-current",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::current-token::190-transient-current",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::current-token::190-server-other-current",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    },
    {
        "id": "graph-error::current-token::190.493-server-transient-current",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction are no longer in expected (the SDK has neither; the judge ignores them); documented-only vectors compare them"
    }
]
OTHER_RETIRED = [
    {
        "id": "nonce::not-whitespace::u+200b",
        "reason": "DECISIONS.md D21: U+200B is not Unicode White_Space (documented: valid) but CoreFoundation's CharacterSet.whitespaces lists it (ios-sdk: refused)",
        "replacedBy": [
            "nonce::not-whitespace::u+200b.documented",
            "nonce::not-whitespace::u+200b.ios-sdk"
        ]
    },
    {
        "id": "nonce::not-whitespace::only-u+200b",
        "reason": "DECISIONS.md D21: U+200B is not Unicode White_Space (documented: valid) but CoreFoundation's CharacterSet.whitespaces lists it (ios-sdk: refused)",
        "replacedBy": [
            "nonce::not-whitespace::only-u+200b.documented",
            "nonce::not-whitespace::only-u+200b.ios-sdk"
        ]
    },
    {
        "id": "login-configuration::code-verifier::unicode-alphanumeric-length-128-u+20bb7.documented",
        "reason": "DECISIONS.md D24: its outcome depended on counting code points rather than UTF-16 units, which no vector may do",
        "replacedBy": [
            "login-configuration::code-verifier::unicode-alphanumeric-length-128-cyrillic.documented"
        ]
    },
    {
        "id": "login-configuration::code-verifier::unicode-alphanumeric-length-128-u+20bb7.ios-sdk",
        "reason": "DECISIONS.md D24: its outcome depended on counting code points rather than UTF-16 units, which no vector may do",
        "replacedBy": [
            "login-configuration::code-verifier::unicode-alphanumeric-length-128-cyrillic.ios-sdk"
        ]
    },
    {
        "id": "login-configuration::check-order::nonce-space-before-syntax",
        "reason": "DECISIONS.md D26: no public document orders the configuration checks; the SDK's order (verifier, nonce, permission syntax, auth type) holds under ios-sdk only",
        "replacedBy": [
            "login-configuration::check-order::nonce-space-before-syntax.ios-sdk"
        ]
    },
    {
        "id": "login-configuration::check-order::nonce-empty-before-syntax",
        "reason": "DECISIONS.md D26: no public document orders the configuration checks; the SDK's order (verifier, nonce, permission syntax, auth type) holds under ios-sdk only",
        "replacedBy": [
            "login-configuration::check-order::nonce-empty-before-syntax.ios-sdk"
        ]
    },
    {
        "id": "login-configuration::check-order::syntax-before-auth-type",
        "reason": "DECISIONS.md D26: no public document orders the configuration checks; the SDK's order (verifier, nonce, permission syntax, auth type) holds under ios-sdk only",
        "replacedBy": [
            "login-configuration::check-order::syntax-before-auth-type.ios-sdk"
        ]
    },
    {
        "id": "login-configuration::check-order::syntax-empty-before-auth-type",
        "reason": "DECISIONS.md D26: no public document orders the configuration checks; the SDK's order (verifier, nonce, permission syntax, auth type) holds under ios-sdk only",
        "replacedBy": [
            "login-configuration::check-order::syntax-empty-before-auth-type.ios-sdk"
        ]
    },
    {
        "id": "login-configuration::check-order::nonce-before-auth-type",
        "reason": "DECISIONS.md D26: no public document orders the configuration checks; the SDK's order (verifier, nonce, permission syntax, auth type) holds under ios-sdk only",
        "replacedBy": [
            "login-configuration::check-order::nonce-before-auth-type.ios-sdk"
        ]
    },
    {
        "id": "login-configuration::check-order::nonce-before-auth-type-limited",
        "reason": "DECISIONS.md D26: no public document orders the configuration checks; the SDK's order (verifier, nonce, permission syntax, auth type) holds under ios-sdk only",
        "replacedBy": [
            "login-configuration::check-order::nonce-before-auth-type-limited.ios-sdk"
        ]
    },
    {
        "id": "login-configuration::check-order::nonce-before-syntax-and-auth-type",
        "reason": "DECISIONS.md D26: no public document orders the configuration checks; the SDK's order (verifier, nonce, permission syntax, auth type) holds under ios-sdk only",
        "replacedBy": [
            "login-configuration::check-order::nonce-before-syntax-and-auth-type.ios-sdk"
        ]
    },
    {
        "id": "login-configuration::check-order::nonce-lf-and-syntax.documented",
        "reason": "DECISIONS.md D26: no public document orders the configuration checks; the SDK's order (verifier, nonce, permission syntax, auth type) holds under ios-sdk only"
    },
    {
        "id": "login-configuration::check-order::nonce-u+2028-and-auth-type.documented",
        "reason": "DECISIONS.md D26: no public document orders the configuration checks; the SDK's order (verifier, nonce, permission syntax, auth type) holds under ios-sdk only"
    },
    {
        "id": "login-result::merge::expires-in-fragment-wins",
        "reason": "DECISIONS.md D27: the SDK reads no expiry from the callback URL, so this vector no longer shows which side wins; the other merge vectors do"
    },
    {
        "id": "login-result::expiry::expires-only",
        "reason": "DECISIONS.md D27: no public document describes the callback's expiry parameters, and the SDK reads none from the URL's string values (the token never expires): ios-sdk only, expirationDate null",
        "replacedBy": [
            "login-result::expiry::expires-only.ios-sdk"
        ]
    },
    {
        "id": "login-result::expiry::expires-at-only",
        "reason": "DECISIONS.md D27: no public document describes the callback's expiry parameters, and the SDK reads none from the URL's string values (the token never expires): ios-sdk only, expirationDate null",
        "replacedBy": [
            "login-result::expiry::expires-at-only.ios-sdk"
        ]
    },
    {
        "id": "login-result::expiry::expires-in-only",
        "reason": "DECISIONS.md D27: no public document describes the callback's expiry parameters, and the SDK reads none from the URL's string values (the token never expires): ios-sdk only, expirationDate null",
        "replacedBy": [
            "login-result::expiry::expires-in-only.ios-sdk"
        ]
    },
    {
        "id": "login-result::expiry::expires-in-one-second",
        "reason": "DECISIONS.md D27: no public document describes the callback's expiry parameters, and the SDK reads none from the URL's string values (the token never expires): ios-sdk only, expirationDate null",
        "replacedBy": [
            "login-result::expiry::expires-in-one-second.ios-sdk"
        ]
    },
    {
        "id": "login-result::expiry::expires-beats-expires-in",
        "reason": "DECISIONS.md D27: no public document describes the callback's expiry parameters, and the SDK reads none from the URL's string values (the token never expires): ios-sdk only, expirationDate null",
        "replacedBy": [
            "login-result::expiry::expires-beats-expires-in.ios-sdk"
        ]
    },
    {
        "id": "login-result::expiry::expires-at-beats-expires-in",
        "reason": "DECISIONS.md D27: no public document describes the callback's expiry parameters, and the SDK reads none from the URL's string values (the token never expires): ios-sdk only, expirationDate null",
        "replacedBy": [
            "login-result::expiry::expires-at-beats-expires-in.ios-sdk"
        ]
    },
    {
        "id": "login-result::expiry::expires-and-expires-at-equal",
        "reason": "DECISIONS.md D27: no public document describes the callback's expiry parameters, and the SDK reads none from the URL's string values (the token never expires): ios-sdk only, expirationDate null",
        "replacedBy": [
            "login-result::expiry::expires-and-expires-at-equal.ios-sdk"
        ]
    },
    {
        "id": "login-result::expiry::expires-with-expires-at-zero",
        "reason": "DECISIONS.md D27: no public document describes the callback's expiry parameters, and the SDK reads none from the URL's string values (the token never expires): ios-sdk only, expirationDate null",
        "replacedBy": [
            "login-result::expiry::expires-with-expires-at-zero.ios-sdk"
        ]
    },
    {
        "id": "login-result::expiry::expires-zero-falls-to-expires-in",
        "reason": "DECISIONS.md D27: no public document describes the callback's expiry parameters, and the SDK reads none from the URL's string values (the token never expires): ios-sdk only, expirationDate null",
        "replacedBy": [
            "login-result::expiry::expires-zero-falls-to-expires-in.ios-sdk"
        ]
    },
    {
        "id": "login-result::expiry::expires-at-zero-falls-to-expires-in",
        "reason": "DECISIONS.md D27: no public document describes the callback's expiry parameters, and the SDK reads none from the URL's string values (the token never expires): ios-sdk only, expirationDate null",
        "replacedBy": [
            "login-result::expiry::expires-at-zero-falls-to-expires-in.ios-sdk"
        ]
    },
    {
        "id": "login-result::expiry::both-zero-fall-to-expires-in",
        "reason": "DECISIONS.md D27: no public document describes the callback's expiry parameters, and the SDK reads none from the URL's string values (the token never expires): ios-sdk only, expirationDate null",
        "replacedBy": [
            "login-result::expiry::both-zero-fall-to-expires-in.ios-sdk"
        ]
    },
    {
        "id": "login-result::expiry::expires-negative-falls-to-expires-in",
        "reason": "DECISIONS.md D27: no public document describes the callback's expiry parameters, and the SDK reads none from the URL's string values (the token never expires): ios-sdk only, expirationDate null",
        "replacedBy": [
            "login-result::expiry::expires-negative-falls-to-expires-in.ios-sdk"
        ]
    },
    {
        "id": "login-result::expiry::expires-at-negative-falls-to-expires-in",
        "reason": "DECISIONS.md D27: no public document describes the callback's expiry parameters, and the SDK reads none from the URL's string values (the token never expires): ios-sdk only, expirationDate null",
        "replacedBy": [
            "login-result::expiry::expires-at-negative-falls-to-expires-in.ios-sdk"
        ]
    },
    {
        "id": "login-result::expiry::expires-in-zero-never",
        "reason": "DECISIONS.md D27: no public document describes the callback's expiry parameters, and the SDK reads none from the URL's string values (the token never expires): ios-sdk only, expirationDate null",
        "replacedBy": [
            "login-result::expiry::expires-in-zero-never.ios-sdk"
        ]
    },
    {
        "id": "login-result::expiry::expires-in-negative-never",
        "reason": "DECISIONS.md D27: no public document describes the callback's expiry parameters, and the SDK reads none from the URL's string values (the token never expires): ios-sdk only, expirationDate null",
        "replacedBy": [
            "login-result::expiry::expires-in-negative-never.ios-sdk"
        ]
    },
    {
        "id": "login-result::expiry::expires-negative-never",
        "reason": "DECISIONS.md D27: no public document describes the callback's expiry parameters, and the SDK reads none from the URL's string values (the token never expires): ios-sdk only, expirationDate null",
        "replacedBy": [
            "login-result::expiry::expires-negative-never.ios-sdk"
        ]
    },
    {
        "id": "login-result::expiry::all-zero-never",
        "reason": "DECISIONS.md D27: no public document describes the callback's expiry parameters, and the SDK reads none from the URL's string values (the token never expires): ios-sdk only, expirationDate null",
        "replacedBy": [
            "login-result::expiry::all-zero-never.ios-sdk"
        ]
    },
    {
        "id": "login-result::expiry::none-never",
        "reason": "DECISIONS.md D27: no public document describes the callback's expiry parameters, and the SDK reads none from the URL's string values (the token never expires): ios-sdk only, expirationDate null",
        "replacedBy": [
            "login-result::expiry::none-never.ios-sdk"
        ]
    },
    {
        "id": "login-result::expiry::expires-in-the-past",
        "reason": "DECISIONS.md D27: no public document describes the callback's expiry parameters, and the SDK reads none from the URL's string values (the token never expires): ios-sdk only, expirationDate null",
        "replacedBy": [
            "login-result::expiry::expires-in-the-past.ios-sdk"
        ]
    },
    {
        "id": "login-request::baseline::enabled-not-authorized",
        "reason": "DECISIONS.md D25: with tracking enabled but not authorized the SDK uses the limited. host and no app switch; no public document covers it: ios-sdk only",
        "replacedBy": [
            "login-request::baseline::enabled-not-authorized.ios-sdk"
        ]
    },
    {
        "id": "login-request::app-switch::disabled-enabled-not-authorized",
        "reason": "DECISIONS.md D25: with tracking enabled but not authorized the SDK uses the limited. host and no app switch; no public document covers it: ios-sdk only",
        "replacedBy": [
            "login-request::app-switch::disabled-enabled-not-authorized.ios-sdk"
        ]
    },
    {
        "id": "login-request::auth-type::nil-enabled-not-authorized",
        "reason": "DECISIONS.md D25: with tracking enabled but not authorized the SDK uses the limited. host and no app switch; no public document covers it: ios-sdk only",
        "replacedBy": [
            "login-request::auth-type::nil-enabled-not-authorized.ios-sdk"
        ]
    },
    {
        "id": "login-request::pkce::rfc7636-enabled-not-authorized",
        "reason": "DECISIONS.md D25: with tracking enabled but not authorized the SDK uses the limited. host and no app switch; no public document covers it: ios-sdk only",
        "replacedBy": [
            "login-request::pkce::rfc7636-enabled-not-authorized.ios-sdk"
        ]
    },
    {
        "id": "login-request::default-audience::everyone-enabled-not-authorized",
        "reason": "DECISIONS.md D25: with tracking enabled but not authorized the SDK uses the limited. host and no app switch; no public document covers it: ios-sdk only",
        "replacedBy": [
            "login-request::default-audience::everyone-enabled-not-authorized.ios-sdk"
        ]
    },
    {
        "id": "graph-error::lookup-order::any-code-and-subcode",
        "reason": "DECISIONS.md D29: the SDK drops a server-table item whose code is not a number, so a wildcard code never registers (category other); the server's format is not documented: ios-sdk only",
        "replacedBy": [
            "graph-error::lookup-order::any-code-and-subcode.ios-sdk"
        ]
    },
    {
        "id": "graph-error::lookup-order::any-code-and-subcode-33",
        "reason": "DECISIONS.md D29: the SDK drops a server-table item whose code is not a number, so a wildcard code never registers (category other); the server's format is not documented: ios-sdk only",
        "replacedBy": [
            "graph-error::lookup-order::any-code-and-subcode-33.ios-sdk"
        ]
    },
    {
        "id": "graph-error::lookup-order::any-code-any-subcode",
        "reason": "DECISIONS.md D29: the SDK drops a server-table item whose code is not a number, so a wildcard code never registers (category other); the server's format is not documented: ios-sdk only",
        "replacedBy": [
            "graph-error::lookup-order::any-code-any-subcode.ios-sdk"
        ]
    },
    {
        "id": "graph-error::lookup-order::any-code-without-subcode",
        "reason": "DECISIONS.md D29: the SDK drops a server-table item whose code is not a number, so a wildcard code never registers (category other); the server's format is not documented: ios-sdk only",
        "replacedBy": [
            "graph-error::lookup-order::any-code-without-subcode.ios-sdk"
        ]
    },
    {
        "id": "graph-error::permission::200",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction exist only in the documented reading (Graph API error page, the Managing Permissions page's code 200): documented only",
        "replacedBy": [
            "graph-error::permission::200.documented"
        ]
    },
    {
        "id": "graph-error::permission::200.subcode",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction exist only in the documented reading (Graph API error page, the Managing Permissions page's code 200): documented only",
        "replacedBy": [
            "graph-error::permission::200.subcode.documented"
        ]
    },
    {
        "id": "graph-error::permission::10",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction exist only in the documented reading (Graph API error page, the Managing Permissions page's code 200): documented only",
        "replacedBy": [
            "graph-error::permission::10.documented"
        ]
    },
    {
        "id": "graph-error::permission::201",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction exist only in the documented reading (Graph API error page, the Managing Permissions page's code 200): documented only",
        "replacedBy": [
            "graph-error::permission::201.documented"
        ]
    },
    {
        "id": "graph-error::permission::230",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction exist only in the documented reading (Graph API error page, the Managing Permissions page's code 200): documented only",
        "replacedBy": [
            "graph-error::permission::230.documented"
        ]
    },
    {
        "id": "graph-error::permission::250",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction exist only in the documented reading (Graph API error page, the Managing Permissions page's code 200): documented only",
        "replacedBy": [
            "graph-error::permission::250.documented"
        ]
    },
    {
        "id": "graph-error::permission::299",
        "reason": "DECISIONS.md D30: isPermissionError and clientAction exist only in the documented reading (Graph API error page, the Managing Permissions page's code 200): documented only",
        "replacedBy": [
            "graph-error::permission::299.documented"
        ]
    },
    {
        "id": "graph-error::permission::200-server-other",
        "reason": "DECISIONS.md D30: it mixed the SDK-only server table with the documented-only permission fields"
    },
    {
        "id": "graph-error::permission::200-current-token",
        "reason": "DECISIONS.md D30, D31: isPermissionError exists only in the documented reading, and whether an error keeps the current token only in the SDK's: no profile has both"
    }
]

# Suite 0.4.0 (issue 14). Signed-token vectors (RSA signature encodings, keys, header and JSON, the claims matrix
# as signed tokens) in the SIGNED_TOKEN_* lists; every other family's in the OTHER_*_0_4_0 lists. `changed` and
# `retired` entries are {"id", "reason"[, "replacedBy"]} like 0.3.0's. IDs are written as generated: a vector
# that names an SDK-only rule gets its `.ios-sdk` ID from common.vector() (DECISIONS.md D31).
_ENCODING_CASES = (  # DECISIONS.md D32: each with test-key-1, and with test-key-2 under the suffix -key-2
    "digestinfo-sha1-oid", "digestinfo-sha512-oid", "digestinfo-missing-null", "digestinfo-extra-null",
    "digestinfo-outer-length-short", "digestinfo-hash-length-short", "digestinfo-long-form-length",
    "trailing-bytes-after-hash", "padding-too-short-garbage-parameters", "padding-byte-not-ff",
    "padding-random-non-zero", "separator-ff", "separator-01", "block-type-02", "first-byte-01",
    "signature-left-padding-dropped", "signature-extra-leading-zero", "signature-two-extra-leading-zeros",
    "signature-n-minus-1", "signature-n", "signature-plus-n",
)
_KEY_SUFFIXES = ("", "-key-2")
SIGNED_TOKEN_ADDED_0_4_0 = [
    _ST + f"signature-encoding::{case}{suffix}" for case in _ENCODING_CASES for suffix in _KEY_SUFFIXES
] + [  # DECISIONS.md D33: JWK members that rule a key out (or leave it usable)
    _ST + f"key-usability::{case}{suffix}.documented"
    for case in ("use-enc", "alg-rs384", "alg-none", "key-ops-encrypt", "key-ops-empty", "no-use-no-alg",
                 "key-ops-verify", "use-sig-key-ops-verify") for suffix in _KEY_SUFFIXES
] + [  # D34: a kid two JWKS keys share
    _ST + f"duplicate-kid::{case}{suffix}.documented"
    for case in ("signer-first", "signer-second") for suffix in ("", "-key-3")
] + [  # D35: the certificate map's entry is a bare public key or a certificate outside its dates
    _ST + f"certificate-form::public-key-pem{suffix}.{profile}" for suffix in _KEY_SUFFIXES
    for profile in ("ios-sdk", "documented")
] + [_ST + f"certificate-form::{case}{suffix}" for case in ("expired-certificate", "not-yet-valid-certificate")
     for suffix in _KEY_SUFFIXES
] + [  # D36-D38: typ as a media type, crit forms, JSON strings, nested duplicates
    _ST + f"typ::{case}.{profile}" for case in ("media-type", "media-type-lower-case")
    for profile in ("documented", "ios-sdk")
] + [_ST + f"crit::{case}.{profile}" for case in ("empty", "string", "object") for profile in ("documented", "ios-sdk")
] + [_ST + f"json::{case}.documented" for case in ("payload-raw-tab", "payload-raw-nul", "header-raw-line-feed",
                                                    "payload-raw-unit-separator")
] + [_ST + f"json::{case}" for case in ("payload-lone-high-surrogate", "payload-lone-low-surrogate",
                                        "header-reversed-surrogates")
] + [_ST + "duplicate-member::nested-header-member", _ST + "duplicate-member::nested-cnf-jkt-empty-last"
] + [  # second vectors for mutants one vector killed (docs/mutation-report.md)
    _ST + "alg::mixed-case-rs256", _ST + "kid::case-differs-first-letter", _ST + "embedded-key::x5c-attacker-kid",
    _ST + "claims::exp-equal-now-as-fraction", _ST + "claims::iat-ten-minutes-ago-as-fraction",
]

SIGNED_TOKEN_CHANGED_0_4_0 = []
SIGNED_TOKEN_RETIRED_0_4_0 = []
OTHER_ADDED_0_4_0 = [
    # login-result: the Limited Login callback (DECISIONS.md D40) and callback behaviours with no vector (D41).
    "login-result::id-token::valid-token-is-success.ios-sdk",
    "login-result::id-token::valid-token-with-access-token.ios-sdk",
    "login-result::id-token::profile-permissions-are-the-whole-grant.ios-sdk",
    "login-result::id-token::no-user-check-without-access-token.ios-sdk",
    "login-result::id-token::declined-is-requested-and-denied.ios-sdk",
    "login-result::id-token::empty-grant-is-cancelled.ios-sdk",
    "login-result::id-token::no-stored-nonce.ios-sdk",
    "login-result::id-token::no-stored-nonce-with-access-token.ios-sdk",
    "login-result::id-token::no-stored-nonce-before-state.ios-sdk",
    "login-result::id-token::invalid-token.ios-sdk",
    "login-result::id-token::invalid-token-with-access-token.ios-sdk",
    "login-result::id-token::invalid-token-before-state.ios-sdk",
    "login-result::id-token::empty-stored-nonce-is-stored.ios-sdk",
    "login-result::id-token::valid-token-wrong-state.ios-sdk",
    "login-result::id-token::valid-token-missing-state.ios-sdk",
    "login-result::id-token::empty-id-token-is-no-token.ios-sdk",
    "login-result::denied-scopes::invalid-denied-set-declines-nothing.ios-sdk",
    "login-result::denied-scopes::empty-item-invalidates-denied-set.ios-sdk",
    "login-result::challenge::empty-grant-with-wrong-challenge.ios-sdk",
    "login-result::challenge::invalid-grant-with-missing-state.ios-sdk",
    "login-result::error::cancel-by-error-declines-nothing.ios-sdk",
    "login-result::no-token::previous-token-denied-scopes-unread.ios-sdk",
    "login-result::error::empty-error-message-is-an-error.ios-sdk",
    "login-result::error::message-without-error.ios-sdk",
    # token-claims: issuer host forms (D42).
    "token-claims::issuer::other-port.documented",
    "token-claims::issuer::other-port.ios-sdk",
    "token-claims::issuer::userinfo-password.documented",
    "token-claims::issuer::userinfo-password.ios-sdk",
    "token-claims::issuer::upper-case-subdomain.documented",
    "token-claims::issuer::upper-case-subdomain.ios-sdk",
    "token-claims::issuer::trailing-dot-www",
    "token-claims::issuer::trailing-dot-apex",
    "token-claims::issuer::trailing-dot-port",
    "token-claims::issuer::upper-case-apex-suffix",
    # profile: fractional age-range bounds, empty picture / link (D43).
    "profile::age-range::fractional-bounds-kept.ios-sdk",
    "profile::age-range::fractional-same-whole-part.ios-sdk",
    "profile::age-range::fractional-negative-truncates-to-zero.ios-sdk",
    "profile::age-range::fractional-max-below-one.ios-sdk",
    "profile::string-claims::picture.empty.ios-sdk",
    "profile::string-claims::user_link.empty.ios-sdk",
    "profile::string-claims::picture-and-link-empty-name-kept.ios-sdk",
    # login-configuration: the default auth type; token-claims: an empty expected nonce (D44).
    "login-configuration::auth-type::default-enabled",
    "login-configuration::auth-type::default-limited",
    "login-configuration::auth-type::explicit-nil-is-not-default",
    "login-configuration::auth-type::default-with-empty-nonce",
    "token-claims::empty-claim::nonce-and-expected-nonce-empty.documented",
    "token-claims::empty-claim::nonce-and-expected-nonce-empty.ios-sdk",
    "token-claims::nonce::empty-expected-nonce",
    # graph-error: loosely typed is_transient, 613, category names in another case (D45); token-change: user
    # IDs as whole strings (D46).
    "graph-error::is-transient::number-one-on-190.ios-sdk",
    "graph-error::is-transient::number-zero-on-190.ios-sdk",
    "graph-error::is-transient::string-true-on-190.ios-sdk",
    "graph-error::is-transient::string-one-on-100.ios-sdk",
    "graph-error::default::613.ios-sdk",
    "graph-error::server-table::capitalised-transient-100.ios-sdk",
    "graph-error::server-table::upper-case-other-190.ios-sdk",
    "token-change::user-id::user-id-extends-other.ios-sdk",
    "token-change::user-id::user-id-prefix-of-other.ios-sdk",
    "token-change::user-id::nfc-and-nfd-user-ids.ios-sdk",
    # access-token and login-result: overlapping permission sets (D47).
    "access-token::granted::also-declined.ios-sdk",
    "access-token::granted::also-expired.ios-sdk",
    "login-result::declined::granted-and-denied-overlap.ios-sdk",
    # code-verifier: the SDK's check order (D49).
    "code-verifier::check-order::short-with-plus.ios-sdk",
    "code-verifier::check-order::short-with-space.ios-sdk",
    "code-verifier::check-order::long-with-percent.ios-sdk",
]
OTHER_CHANGED_0_4_0 = []
OTHER_RETIRED_0_4_0 = []

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
    {
        "version": "0.4.0",
        "summary": "Suite strength, round 2 (issue 14): signed tokens as strong as Wycheproof (RSA signature "
                   "encodings, key usability, header and JSON edge cases, every claims rule as a signed token), the "
                   "Limited Login callback in login-result, and behaviours that had no vector.",
        # D39: the token-claims matrix as signed tokens, every signed-token::claims-<group>::<case> the generator makes
        "added_prefixes": [_ST + "claims-"],
        "added": SIGNED_TOKEN_ADDED_0_4_0 + OTHER_ADDED_0_4_0,
        "changed": SIGNED_TOKEN_CHANGED_0_4_0 + OTHER_CHANGED_0_4_0,
        "retired": SIGNED_TOKEN_RETIRED_0_4_0 + OTHER_RETIRED_0_4_0,
    },
]


def _with_moved_vectors(release):
    """Release 0.3.0 with the vectors DECISIONS.md D31 moved to ios-sdk only (common.MOVED_VECTORS, filled while the
    family modules generate): a vector that shipped before is retired and replaced by its `.ios-sdk` ID; one this
    release added anyway is simply added under its new ID."""
    from .common import MOVED_VECTORS
    moved = dict(MOVED_VECTORS)
    if not moved:
        return release
    reason = ("DECISIONS.md D31: it rests on a rule only the SDK's code states, so it holds under ios-sdk only, as "
              "{new}")
    added = [moved.get(id, id) for id in release["added"]]
    fresh = set(release["added"])
    retired = [{**entry, "replacedBy": [moved.get(id, id) for id in entry["replacedBy"]]} if "replacedBy" in entry
               else entry for entry in release["retired"]]
    for old, new in MOVED_VECTORS:
        if old not in fresh:
            retired.append({"id": old, "reason": reason.format(new=new), "replacedBy": [new]})
            added.append(new)
    changed = [entry for entry in release["changed"] if entry["id"] not in moved]
    return {**release, "added": added, "changed": changed, "retired": retired}


def document(ids_by_family):
    """The changelog document; `ids_by_family` maps each family to its vector IDs in file order."""
    releases = []
    history = [_with_moved_vectors(release) if release["version"] == "0.3.0" else release for release in RELEASES]
    for position, release in enumerate(history):
        later = {id for other in history[position + 1:] for id in other["added"]}
        expanded = [id for family in release.get("added_families", []) for id in ids_by_family[family]
                    if id not in later]
        prefixes = tuple(release.get("added_prefixes", ()))
        expanded += [id for ids in ids_by_family.values() for id in ids
                     if prefixes and id.startswith(prefixes) and id not in later and id not in release["added"]]
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
