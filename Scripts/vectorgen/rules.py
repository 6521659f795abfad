"""The rule catalogue: one stable ID per rule of Vectors/SPECIFICATION.md, written to Vectors/rules.json.

Every vector names the rule(s) it exercises in its `rules` member; the Swift lint (`VectorLint`) checks that every
name is in this catalogue and that each rule has the vectors it `needs`:

  accept  at least one vector whose expected result accepts (valid, created, success, accepted)
  reject  at least one vector whose expected result refuses (invalid, refused, cancelled, failed, rejected, noProfile)
  both    one of each
  any     at least one vector of any kind: the rule says how a value is computed (a login request's parameters, a
          Graph error's category, a change notification), and its vectors expect that value, not a verdict

A rule that holds under one reading only (SPECIFICATION.md §8) names its profile; only vectors of that profile count for
it. `unpaired` explains why the rule's vectors have no counterpart in the other profile (the lint otherwise requires
a profile-specific vector to come with the other profile's vector for the same input).

Each rule's record is one `rule` call: ID, section, needs, statement, profiles, unpaired, its sources (the
constructors and documents of sources.py) and, for a rule only the SDK's code states, `sdk_only`: why no public
document states it (DECISIONS.md D31; such a rule holds under ios-sdk only, renamed <id>.ios-sdk, and its old ID is
retired).

Rule IDs are stable like vector IDs: never renamed, never reused. A rule that no longer holds moves to RETIRED.
"""

import importlib
from collections.abc import Iterable
from typing import Any, Optional

from .sources import SDK as SDK_TAG
from .sources import check as check_sources
from .sources import (
    ACCESS_TOKEN, AGE_RANGE, APPLE_ALPHANUMERICS, APPLE_DATE_FORMATTER, APPLE_JSON, APPLE_TRAILING_COMMA,
    APPLE_WHITESPACES, AUTH_TYPE, BASE64, CLAIMS, CODE_VERIFIER, CONFIGURATION, CONNECTION, CORE_KIT, DOCUMENTS,
    ENDPOINTS, ERROR_CONFIGURATION, EXPIRER, FB_ADVANCED, FB_AUTH_VS_DATA, FB_GRAPH_ERRORS, FB_IOS_ERRORS,
    FB_LIMITED, FB_MANUAL_FLOW, FB_PERMISSIONS, FB_TOKEN, FB_VALIDATING, FEATURE_MANAGER, GRAPH_REQUEST,
    INTERNAL_UTILITY, LOCATION, LOGIN_KIT, LOGIN_MANAGER, LOGIN_RECOVERY_ATTEMPTER, LOGIN_UTILITY, NATIVE_APP,
    NONCE_VALIDATOR, OIDC, PERMISSION, RECOVERY_ATTEMPTER, RECOVERY_PROCESSOR, SERVER_CONFIGURATION, SETTINGS,
    TOKEN_FACTORY, TOKEN_HEADER, UAX15, UCD, URL_COMPLETER, decision, doc, sdk, unverifiable,
)

RULE_ID_PATTERN = r"^[a-z][a-z0-9-]*(\.[a-z0-9][a-z0-9+-]*)+$"
# How long after iat a token is still accepted, in seconds: the SDK's window (rule token.iat.window, DECISIONS.md
# D05). Written once, here: the rule's statement, SPECIFICATION.md and the token-claims and signed-token vectors
# read it.
IAT_WINDOW = 600
NEEDS = ("accept", "reject", "both", "any")

S1, S3, S4, S8 = "SPECIFICATION.md §1", "SPECIFICATION.md §3", "SPECIFICATION.md §4", "SPECIFICATION.md §8"
S2, S5, S6, S7 = "SPECIFICATION.md §2", "SPECIFICATION.md §5", "SPECIFICATION.md §6", "SPECIFICATION.md §7"
DOC, SDK = "documented", "ios-sdk"


def rule(id: str, section: str, needs: str, statement: str, profiles: Optional[Iterable[str]] = None,
         unpaired: Optional[str] = None, *, sources: list[dict[str, str]], sdk_only: Optional[str] = None
         ) -> dict[str, Any]:
    """One rule's record. A family module declares the rules only its vectors cite the same way, in its own
    `RULES` (``family_rules``)."""
    record: dict[str, Any] = {"id": id, "section": section, "needs": needs, "statement": statement}
    if profiles is not None:
        record["profiles"] = list(profiles)
    if unpaired is not None:
        record["unpaired"] = unpaired
    record["sources"] = [dict(source) for source in sources]
    if sdk_only is not None:
        record["sdkOnly"] = sdk_only
    return record


RULES = [
    # --- nonce (§1, §8) ----------------------------------------------------------------------------------------
    rule("nonce.empty", S1, "both",
         "The empty nonce is refused with reason empty; a nonce of one or more characters is not empty.",
         sources=[
             doc(FB_LIMITED, "New API Elements (a configuration fails to be created: the nonce must be a non-empty "
                             "string without whitespace)"),
             sdk(NONCE_VALIDATOR, "12-13"),
         ]),
    rule("nonce.whitespace.zs", S1, "reject",
         "A nonce containing a Unicode Zs character (U+0020, U+00A0, U+1680, U+2000-U+200A, U+202F, U+205F, "
         "U+3000) anywhere is refused (whitespace) in both readings.",
         sources=[
             doc(FB_LIMITED, "New API Elements (nonce without whitespace)"),
             doc(UCD, "General_Category Zs"),
             sdk(NONCE_VALIDATOR, "15-15"),
             unverifiable(APPLE_WHITESPACES),
             decision("D21"),
         ]),
    rule("nonce.whitespace.tab", S1, "reject",
         "A nonce containing TAB (U+0009) anywhere is refused (whitespace) in both readings.",
         sources=[
             doc(FB_LIMITED, "New API Elements (nonce without whitespace)"),
             doc(UCD, "PropList White_Space"),
             sdk(NONCE_VALIDATOR, "15-15"),
         ]),
    rule("nonce.whitespace.newline.documented", S8, "reject",
         "Documented reading: a nonce containing LF, VT, FF, CR, NEL, U+2028 or U+2029 is refused (whitespace).",
         profiles=[DOC],
         sources=[
             doc(FB_LIMITED, "New API Elements (nonce without whitespace)"),
             doc(UCD, "PropList White_Space"),
         ]),
    rule("nonce.whitespace.newline.ios-sdk", S8, "accept",
         "SDK reading: newlines are not in CharacterSet.whitespaces (Zs plus TAB), so a nonce whose only "
         "whitespace is newlines is accepted.",
         profiles=[SDK],
         sources=[
             sdk(NONCE_VALIDATOR, "15-15"),
             unverifiable(APPLE_WHITESPACES),
         ]),
    rule("nonce.no-trimming", S1, "reject",
         "Whitespace at either end is refused, never trimmed; a nonce of whitespace only is refused as whitespace, "
         "not as empty.",
         sources=[
             doc(FB_LIMITED, "New API Elements (nonce without whitespace)"),
             sdk(NONCE_VALIDATOR, "12-16"),
         ]),
    rule("nonce.not-whitespace", S1, "accept",
         "Characters that are whitespace in neither reading (format characters such as U+200C, U+2060 and U+FEFF, "
         "controls other than TAB and the newlines, blank-looking letters and symbols) are accepted.",
         sources=[
             doc(UCD, "PropList White_Space"),
             sdk(NONCE_VALIDATOR, "15-15"),
             decision("D21"),
         ]),
    rule("nonce.zero-width-space.documented", S8, "accept",
         "Documented reading: U+200B ZERO WIDTH SPACE is not Unicode White_Space (category Cf), so a nonce "
         "holding it is accepted (DECISIONS.md D21).",
         profiles=[DOC],
         sources=[
             doc(FB_LIMITED, "New API Elements (nonce without whitespace)"),
             doc(UCD, "PropList White_Space (U+200B is General_Category Cf, not White_Space)"),
             decision("D21"),
         ]),
    rule("nonce.zero-width-space.ios-sdk", S8, "reject",
         "SDK reading: CharacterSet.whitespaces is CoreFoundation's whitespace set, which lists U+2000...U+200B, "
         "so a nonce holding U+200B is refused (whitespace) (DECISIONS.md D21).",
         profiles=[SDK],
         sources=[
             sdk(NONCE_VALIDATOR, "15-15"),
             unverifiable(APPLE_WHITESPACES),
             decision("D21"),
         ]),
    rule("nonce.no-charset-limit", S1, "accept",
         "No charset limit: letters of any script, digits, punctuation, symbols, emoji and private-use characters "
         "are accepted.",
         sources=[
             doc(FB_LIMITED, "New API Elements (the only conditions on a nonce: non-empty, no whitespace)"),
             sdk(NONCE_VALIDATOR, "12-16"),
         ]),
    rule("nonce.no-length-limit", S1, "accept",
         "No length limit: nonces of 10,000 and 100,000 characters are accepted.",
         sources=[
             doc(FB_LIMITED, "New API Elements (no length condition on the nonce)"),
             sdk(NONCE_VALIDATOR, "12-16"),
         ]),
    rule("nonce.no-normalisation", S1, "accept",
         "The nonce's own code points are checked, not a normalised form: characters whose NFKC form contains "
         "a SPACE are accepted.",
         sources=[
             doc(UAX15, "Compatibility decomposition (NFKC is a separate form, not applied by the rule)"),
             sdk(NONCE_VALIDATOR, "15-15"),
         ]),
    rule("nonce.no-decoding", S1, "accept",
         "The rule applies to the characters given: backslash escapes, percent-encoding and HTML entities are "
         "not decoded.",
         sources=[
             doc(OIDC, "3.1.2.1 (the nonce is passed through unmodified)"),
             sdk(NONCE_VALIDATOR, "12-16"),
         ]),

    # --- login configuration (§1, §8) ----------------------------------------------------------------------------
    rule("configuration.nonce", S1, "both",
         "The configuration checks its nonce with the nonce rule: an invalid nonce refuses it (invalidNonce), a "
         "valid one is kept exactly.",
         sources=[
             doc(FB_LIMITED, "New API Elements (nonce: the nonce the configuration was created with)"),
             sdk(CONFIGURATION, "325-329"),
             sdk(CONFIGURATION, "349-349"),
         ]),
    rule("configuration.auth-type.default", S1, "accept",
         "A configuration made without an auth type (the input leaves authType out) has the initializer's default "
         "auth type rerequest; an explicit nil (authType null) stays nil (DECISIONS.md D44).",
         sources=[
             doc(FB_ADVANCED, "Setting Auth Type"),
             sdk(CONFIGURATION, "49-62"),
             sdk(CONFIGURATION, "80-90"),
             sdk(CONFIGURATION, "436-465"),
             decision("D44"),
         ]),
    rule("configuration.nonce.default", S1, "accept",
         "A null nonce (none supplied) makes a fresh valid default nonce, and the configuration is created.",
         sources=[
             doc(FB_LIMITED, "New API Elements (a unique nonce is used if none is provided)"),
             sdk(CONFIGURATION, "362-372"),
         ]),
    rule("configuration.permission.syntax", S1, "both",
         "Each permission must be non-empty and made only of a-z and _ (upper case, digits, -, ., whitespace and "
         "non-ASCII are refused, the SDK's own user_actions.books too): otherwise invalidPermissionSyntax.",
         sdk_only="no public page states a character rule for permission names; the pages only list valid names",
         sources=[
             sdk(PERMISSION, "35-41"),
             sdk(CONFIGURATION, "331-337"),
         ]),
    rule("configuration.permission.syntax.limited.ios-sdk", S1, "reject",
         "SDK reading, limited tracking: with no allow-list a syntactically invalid permission is refused for "
         "its syntax.",
         profiles=[SDK],
         unpaired="Under the documented reading such a permission is also outside the Limited Login list, and "
                  "no public source orders the syntax and scope checks, so no documented vector exists.",
         sources=[
             sdk(CONFIGURATION, "331-337"),
         ]),
    rule("configuration.permission.all-or-nothing", S1, "reject",
         "One invalid permission refuses the whole configuration, wherever it stands in the list.",
         sdk_only="Limited Login states it for a permission outside the scope, not for a syntactically invalid one",
         sources=[
             sdk(PERMISSION, "47-56"),
             sdk(CONFIGURATION, "331-337"),
         ]),
    rule("configuration.permission.set", S1, "accept",
         "The permissions become a set: duplicates collapse silently, order does not matter, an empty list is "
         "fine.",
         sources=[
             doc(FB_LIMITED, "New API Elements (requestedPermissions is a Set; defaults to an empty set)"),
             sdk(CONFIGURATION, "332-332"),
         ]),
    rule("configuration.scope.limited-list.documented", S1, "both",
         "Documented reading: with limited tracking every permission must be on the Limited Login list (exact "
         "membership); otherwise permissionOutsideTrackingScope.",
         profiles=[DOC],
         sources=[
             doc(FB_LIMITED, "Permissions"),
             doc(FB_LIMITED, "New API Elements (permissions outside the tracking scope, e.g. user_likes with .limited, "
                             "fail the configuration)"),
         ]),
    rule("configuration.scope.no-list.ios-sdk", S8, "accept",
         "SDK reading: no allow-list; with limited tracking any syntactically valid permission is accepted.",
         profiles=[SDK],
         sources=[
             sdk(CONFIGURATION, "315-354"),
         ]),
    rule("configuration.scope.enabled", S1, "accept",
         "With enabled tracking any syntactically valid permission is allowed (login review is a release "
         "requirement, not a configuration check).",
         sources=[
             doc(FB_ADVANCED, "Login Review"),
             sdk(CONFIGURATION, "315-354"),
         ]),
    rule("configuration.auth-type", S1, "both",
         "The auth type must be nil, rerequest or reauthorize exactly (no case folding, no trimming, nil stays "
         "nil); anything else is invalidAuthType.",
         sources=[
             doc(FB_ADVANCED, "Setting Auth Type"),
             sdk(CONFIGURATION, "339-344"),
             sdk(AUTH_TYPE, "13-14"),
         ]),
    rule("configuration.check-order.ios-sdk", S8, "reject",
         "SDK reading: the code verifier is checked when it is made, then the configuration checks the nonce, "
         "the permission syntax and the auth type, in that order; the first failure decides the reason "
         "(DECISIONS.md D26).",
         profiles=[SDK],
         unpaired="No public document orders the checks (DECISIONS.md D26): the check-order vectors have no "
                  "documented twin; the fault-pair vectors have one, which accepts either reason (DECISIONS.md D59).",
         sources=[
             sdk(CODE_VERIFIER, "47-58"),
             sdk(CONFIGURATION, "325-344"),
             decision("D26"),
         ]),
    rule("configuration.check-order.unordered.documented", S8, "reject",
         "Documented reading: a configuration that breaks two checks is refused; no public document orders the "
         "checks, so either reason is accepted (DECISIONS.md D26, D59).",
         profiles=[DOC],
         sources=[
             doc(FB_LIMITED, "New API Elements (the configuration's rules, stated without an order)"),
             decision("D26"),
             decision("D59"),
         ]),
    rule("configuration.messenger-page-id", S1, "accept",
         "The Messenger page ID is not validated: any value, the empty string included, is kept exactly.",
         sdk_only="no public page says the Messenger page ID is not validated",
         sources=[
             sdk(CONFIGURATION, "350-350"),
         ]),
    rule("configuration.code-verifier.length", S1, "both",
         "A supplied code verifier must be 43 to 128 characters long; otherwise invalidCodeVerifier.",
         sources=[
             doc("RFC 7636", "4.1"),
             sdk(CODE_VERIFIER, "39-39"),
             sdk(CODE_VERIFIER, "49-49"),
             decision("D24"),
         ]),
    rule("configuration.code-verifier.charset", S1, "both",
         "A supplied code verifier may hold only A-Z a-z 0-9 - . _ ~ (in the SDK reading also non-ASCII letters "
         "and digits); any other character is invalidCodeVerifier.",
         sources=[
             doc("RFC 7636", "4.1"),
             sdk(CODE_VERIFIER, "51-55"),
             unverifiable(APPLE_ALPHANUMERICS),
             decision("D23"),
         ]),
    rule("configuration.code-verifier.unicode.documented", S1, "reject",
         "Documented reading (RFC 7636): a code verifier with non-ASCII letters or digits is refused.",
         profiles=[DOC],
         sources=[
             doc("RFC 7636", "4.1"),
         ]),
    rule("configuration.code-verifier.unicode.ios-sdk", S1, "accept",
         "SDK reading: CharacterSet.alphanumerics (categories L*, M*, N*) counts, so a code verifier holding "
         "non-ASCII letters, marks or numbers is accepted; its length is Swift's String.count, never UTF-8 bytes "
         "(DECISIONS.md D23, D24).",
         profiles=[SDK],
         sources=[
             sdk(CODE_VERIFIER, "49-55"),
             unverifiable(APPLE_ALPHANUMERICS),
             decision("D23"),
         ]),
    rule("configuration.code-verifier.default", S1, "accept",
         "A null code verifier (none supplied) makes a fresh valid one, and the configuration is created.",
         sources=[
             doc("RFC 7636", "4.1"),
             sdk(CODE_VERIFIER, "63-73"),
             sdk(CONFIGURATION, "112-120"),
         ]),

    # --- login result (§3) -----------------------------------------------------------------------------------------
    rule("result.parameters.fragment-wins", S3, "both",
         "Query and fragment parameters are merged; a key in both takes the fragment's value.",
         sources=[
             doc("RFC 6749", "4.2.2"),
             sdk(INTERNAL_UTILITY, "106-119"),
         ]),
    rule("result.callback-read.ios-sdk", S3, "any",
         "SDK reading: the callback's parameters are read (and error and error_message ignored) only when it "
         "carries a non-empty access_token, or exactly one of a non-empty id_token and code, or exactly one of a "
         "non-empty id_token and nonce; an empty access_token, code or nonce is none. An id_token with both a code "
         "and a nonce and no access token is core error 301 unless error or error_message comes first. A non-empty "
         "code or exchange nonce goes to a Graph API exchange the login-result family does not model: no vector "
         "carries one (DECISIONS.md D56).",
         profiles=[SDK],
         unpaired="No public document describes the callback's code, exchange nonce or their precedence over an "
                  "error (DECISIONS.md D56).",
         sources=[
             sdk(URL_COMPLETER, "26-64"),
             sdk(URL_COMPLETER, "73-98"),
             decision("D56"),
         ]),
    rule("result.cancel.no-token", S3, "reject",
         "Without an access token the login is cancelled, unless the callback carries an error_message (then it "
         "is core error 8, rule result.error.with-message) (DECISIONS.md D28).",
         sources=[
             doc(FB_ADVANCED, "Custom Login Button (result.isCancelled)"),
             sdk(LOGIN_MANAGER, "446-448"),
             sdk(LOGIN_MANAGER, "476-478"),
             decision("D28"),
         ]),
    rule("result.cancel.empty-grant", S3, "reject",
         "An empty recently granted set cancels the login, even when an access token came back.",
         sdk_only="a callback with a token but an empty grant being a cancellation is stated only by LoginManager",
         sources=[
             sdk(LOGIN_MANAGER, "879-884"),
         ]),
    rule("result.scopes.syntax", S3, "both",
         "granted_scopes is split on ',' with no trimming and every item is checked with the permission syntax, "
         "all or nothing: an invalid grant set cancels the login.",
         sdk_only="Manually Build a Login Flow calls granted_scopes comma-separated, nothing about trimming or the syntax check",
         sources=[
             sdk(URL_COMPLETER, "142-154"),
             sdk(PERMISSION, "47-56"),
         ]),
    rule("result.error.without-message", S3, "reject",
         "An error without error_message is a cancellation, not an error.",
         sources=[
             doc("RFC 6749", "4.2.2.1"),
             sdk(URL_COMPLETER, "49-51"),
             sdk(URL_COMPLETER, "390-393"),
             decision("D28"),
         ]),
    rule("result.error.with-message", S3, "reject",
         "An error with error_message is core error 8 (com.facebook.sdk.core), the callback's error_code kept as "
         "a string.",
         sdk_only="core error 8 and the error_message handling are the SDK's",
         sources=[
             sdk(URL_COMPLETER, "390-418"),
             decision("D28"),
         ]),
    rule("result.challenge", S3, "both",
         "A non-cancelled response must carry a state JSON object whose challenge equals the expected challenge "
         "exactly; missing or wrong is login error 308.",
         sources=[
             doc("RFC 6749", "10.12"),
             sdk(LOGIN_MANAGER, "452-456"),
             sdk(LOGIN_MANAGER, "509-517"),
             sdk(URL_COMPLETER, "377-388"),
             decision("D22"),
         ]),
    rule("result.state.json", S3, "accept",
         "The callback's state (a percent-decoded parameter: text) is read as one JSON object (RFC 8259): a state "
         "written otherwise (whitespace, member order, escapes) or carrying other members is the same object, and "
         "its challenge is compared (DECISIONS.md D61).",
         sources=[
             doc("RFC 8259", "4"),
             doc("RFC 8259", "7"),
             sdk(URL_COMPLETER, "377-388"),
             decision("D22"),
             decision("D61"),
         ]),
    rule("result.error-codes.ios-sdk", S3, "reject",
         "SDK reading: a failed login result names the SDK's error: domain com.facebook.sdk.login with the "
         "LoginErrorCode raw value (reserved = 300, ..., badChallengeString = 308), or com.facebook.sdk.core.",
         profiles=[SDK],
         unpaired="No public document states the SDK's error domains and codes (DECISIONS.md D31): a failed result "
                  "is compared member by member, its code included, so it holds under ios-sdk only.",
         sources=[
             {"sdk": "FBSDKLoginKit/FBSDKLoginKit/LoginError.swift", "lines": "85-125"},
             {"sdk": "FBSDKLoginKit/FBSDKLoginKit/LoginManager.swift", "lines": "508-516"},
             {"decision": "D31"},
         ]),
    rule("result.challenge.after-cancellation", S3, "reject",
         "The challenge is checked only on a non-cancelled response: a token-less callback with a bad state is a "
         "cancellation, not error 308.",
         sdk_only="the order of the state check and cancellation is the SDK's",
         sources=[
             sdk(LOGIN_MANAGER, "446-456"),
         ]),
    rule("result.check-order.ios-sdk", S3, "reject",
         "SDK reading: a callback that breaks two rules gets the outcome of the first step that decides: an "
         "id_token that fails (309, 301), an error with error_message and no token (8), no token (cancelled), the "
         "state challenge (308), the grant set (cancelled, declining denied_scopes), the user (304) (DECISIONS.md "
         "D59).",
         profiles=[SDK],
         unpaired="No public document states the SDK's error codes or the order of its steps (DECISIONS.md D31, "
                  "D59).",
         sources=[
             sdk(URL_COMPLETER, "26-64"),
             sdk(URL_COMPLETER, "111-130"),
             sdk(LOGIN_MANAGER, "446-484"),
             sdk(LOGIN_MANAGER, "879-884"),
             decision("D59"),
         ]),
    rule("result.granted", S3, "accept",
         "Granted = granted_scopes ∩ requested when a previous token with permissions exists and something was "
         "requested; otherwise all of granted_scopes.",
         sdk_only="granted = granted_scopes intersected with the request is the SDK's",
         sources=[
             sdk(LOGIN_MANAGER, "917-930"),
         ]),
    rule("result.declined", S3, "accept",
         "Declined = requested ∩ denied_scopes, not requested minus granted.",
         sources=[
             doc(FB_PERMISSIONS, "Declined Permissions"),
             sdk(LOGIN_MANAGER, "932-935"),
         ]),
    rule("result.declined.on-cancel", S3, "reject",
         "On a cancellation, declined is denied_scopes if a token already existed, else empty (and empty when the "
         "callback carried no token, rule result.declined.unread-without-token.ios-sdk).",
         sdk_only="the declined set of a cancellation is the SDK's",
         sources=[
             sdk(LOGIN_MANAGER, "855-871"),
         ]),
    rule("result.user-mismatch", S3, "both",
         "A re-login whose Graph user differs from the previous token's user (exact string comparison) is login "
         "error 304.",
         sdk_only="error 304 is named, never described, in public references",
         sources=[
             sdk(LOGIN_MANAGER, "731-765"),
         ]),
    rule("result.id-token.success.ios-sdk", S3, "both",
         "SDK reading: a callback with a non-empty id_token (and no code or exchange nonce) is not cancelled for "
         "want of an access token: when it validates against the stored nonce the login continues with the state "
         "check (308) and the grant set (an empty recently granted set still cancels), and a success carries the "
         "authentication token (the id_token and the stored nonce), the profile made current from its claims "
         "(permissions: the whole granted_scopes) and an access token only when access_token came back; the 304 "
         "user check runs only with a new access token (DECISIONS.md D40).",
         profiles=[SDK],
         unpaired="No public document describes the callback's id_token handling (DECISIONS.md D40): the Limited "
                  "Login page describes AuthenticationToken.current and Profile.current, not what the callback "
                  "parameters become.",
         sources=[
             sdk(URL_COMPLETER, "45-48"),
             sdk(URL_COMPLETER, "93-94"),
             sdk(URL_COMPLETER, "111-121"),
             sdk(URL_COMPLETER, "307-345"),
             sdk(LOGIN_MANAGER, "446-478"),
             sdk(LOGIN_MANAGER, "486-499"),
             sdk(LOGIN_MANAGER, "879-912"),
             decision("D40"),
         ]),
    rule("result.id-token.no-stored-nonce.ios-sdk", S3, "reject",
         "SDK reading: a non-empty id_token when no nonce is stored with the configuration is error 301 "
         "(LoginErrorCode.unknown) in the domain com.facebook.sdk.core (the core error factory makes it), before "
         "the state is checked; an empty stored nonce is a stored nonce; an empty id_token is no token "
         "(DECISIONS.md D40).",
         profiles=[SDK],
         unpaired="No public document states the SDK's error domains and codes (DECISIONS.md D31, D40).",
         sources=[
             sdk(URL_COMPLETER, "26-48"),
             sdk(URL_COMPLETER, "82-92"),
             sdk(LOGIN_MANAGER, "1048-1053"),
             sdk(LOGIN_KIT + "LoginError.swift", "85-93"),
             sdk(CORE_KIT + "Internal/_ErrorFactory.swift", "20-42"),
             decision("D40"),
         ]),
    rule("result.id-token.invalid.ios-sdk", S3, "reject",
         "SDK reading: an id_token that fails validation against the stored nonce is error 309 "
         "(LoginErrorCode.invalidIDToken) in the domain com.facebook.sdk.core, before the state is checked and "
         "whatever access token came with it (DECISIONS.md D40).",
         profiles=[SDK],
         unpaired="No public document states the SDK's error domains and codes (DECISIONS.md D31, D40).",
         sources=[
             sdk(URL_COMPLETER, "111-130"),
             sdk(LOGIN_MANAGER, "446-456"),
             sdk(LOGIN_KIT + "LoginError.swift", "85-118"),
             sdk(CORE_KIT + "Internal/_ErrorFactory.swift", "20-42"),
             decision("D40"),
         ]),
    rule("result.denied-scopes.syntax.ios-sdk", S3, "accept",
         "SDK reading: denied_scopes is validated like granted_scopes, all or nothing, but an invalid denied set "
         "does not cancel: it declines nothing (DECISIONS.md D41).",
         profiles=[SDK],
         unpaired="No public document states a syntax for denied_scopes (DECISIONS.md D41).",
         sources=[
             sdk(URL_COMPLETER, "143-157"),
             sdk(PERMISSION, "47-56"),
             sdk(LOGIN_MANAGER, "932-935"),
             decision("D41"),
         ]),
    rule("result.declined.unread-without-token.ios-sdk", S3, "reject",
         "SDK reading: the scopes are read only from a callback carrying an access token, an id_token, a code or an "
         "exchange nonce; a cancellation by a token-less or error callback declines nothing, even with a previous "
         "token and denied_scopes (DECISIONS.md D41).",
         profiles=[SDK],
         unpaired="Which callbacks the SDK reads scopes from only its code states (DECISIONS.md D41).",
         sources=[
             sdk(URL_COMPLETER, "45-51"),
             sdk(LOGIN_MANAGER, "855-862"),
             decision("D41"),
         ]),
    rule("result.error.message-alone.ios-sdk", S3, "reject",
         "SDK reading: an error_message without error is core error 8 as well; an empty error_message is present "
         "(DECISIONS.md D41).",
         profiles=[SDK],
         unpaired="No public document describes an error_message without error (DECISIONS.md D41).",
         sources=[
             sdk(URL_COMPLETER, "49-51"),
             sdk(URL_COMPLETER, "390-393"),
             decision("D41"),
         ]),
    rule("result.expiry.url-strings.ios-sdk", S8, "accept",
         "SDK reading: the callback URL's expires, expires_at and expires_in are strings, which the SDK's "
         "`as? TimeInterval` never reads, so a token from the callback never expires (expirationDate null) "
         "(DECISIONS.md D27).",
         profiles=[SDK],
         unpaired="No public document describes the callback's expiry parameters (DECISIONS.md D27), so there "
                  "is no documented expiry vector.",
         sources=[
             sdk(URL_COMPLETER, "348-375"),
             sdk(INTERNAL_UTILITY, "106-119"),
             decision("D27"),
         ]),

    # --- token claims (§4, §8) -------------------------------------------------------------------------------------
    rule("token.json.object", S4, "both",
         "The header and the claims must each be one JSON object (strict RFC 8259 JSON; whitespace around it is "
         "allowed); otherwise malformed. A trailing comma is a rule of the documented reading only "
         "(token.json.trailing-comma.documented).",
         sources=[
             doc(FB_VALIDATING, "Check That the JWT is Well Formed"),
             doc("RFC 7519", "7.2"),
             doc("RFC 8259", "2"),
             sdk(CLAIMS, "127-131"),
             sdk(TOKEN_HEADER, "21-22"),
             unverifiable(APPLE_JSON),
             decision("D18"),
         ]),
    rule("token.json.trailing-comma.documented", S4, "reject",
         "Documented reading: a header, claims or payload JSON text with a trailing comma (`{\"a\":1,}`) is not "
         "RFC 8259 JSON and is refused: malformed (token-claims), badJSON (signed-token).",
         profiles=[DOC],
         unpaired="The SDK's reading depends on Apple's JSONSerialization, which cannot be run here (DECISIONS.md "
                  "D18): the SDK compiled on Linux accepts a trailing comma and the evidence says Apple's parser "
                  "most likely does too, so there is no ios-sdk vector.",
         sources=[
             doc("RFC 8259", "4"),
             decision("D18"),
             unverifiable(APPLE_TRAILING_COMMA),
         ]),
    rule("token.json.control-characters.documented", S4, "reject",
         "Documented reading: a header or payload string holding a raw control character (U+0000-U+001F, not "
         "escaped) is not RFC 8259 JSON and is refused (badJSON; DECISIONS.md D38).",
         profiles=[DOC],
         unpaired="The SDK's reading depends on Apple's JSONSerialization, which cannot be run here (DECISIONS.md "
                  "D18, D38), so there is no ios-sdk vector.",
         sources=[
             doc("RFC 8259", "7"),
             decision("D18"),
             decision("D38"),
             unverifiable("The SDK parses the header and the claims with Apple's JSONSerialization (AuthenticationTokenClaims"
                          ".swift lines 127-128, AuthenticationTokenHeader.swift lines 21-22); whether it refuses a raw "
                          "control character inside a string cannot be run here."),
         ]),
    rule("token.json.number-and-comment-grammar.documented", S4, "reject",
         "Documented reading: a header or payload with a number RFC 8259 §6 does not allow (a leading zero, a plus "
         "sign, a decimal point without a digit on either side) or a comment (// or /* */, which RFC 8259 has no "
         "grammar for) is not JSON and is refused (badJSON).",
         profiles=[DOC],
         unpaired="The SDK's reading depends on Apple's JSONSerialization, which cannot be run here (DECISIONS.md "
                  "D18), so there is no ios-sdk vector.",
         sources=[
             doc("RFC 8259", "6"),
             doc("RFC 8259", "2"),
             decision("D18"),
             unverifiable("The SDK parses the header and the claims with Apple's JSONSerialization without json5Allowed "
                          "(AuthenticationTokenClaims.swift lines 127-128, AuthenticationTokenHeader.swift lines 21-22); "
                          "whether it refuses a leading zero, a plus sign or a comment cannot be run here."),
         ]),
    rule("token.json.equivalent-texts", S4, "accept",
         "A header or claims text (a token's decoded header or payload) that is the same JSON value as another is "
         "read the same: insignificant whitespace (space, TAB, LF, CR) between tokens, members in another order, "
         "escapes for the same characters (\\u escapes in names and values, \\/ for /, an escaped surrogate pair), "
         "a raw DEL or C1 control or a raw character outside the BMP, an escaped U+0000 and an empty member name "
         "(RFC 8259 §2, §4, §7; DECISIONS.md D61).",
         sources=[
             doc("RFC 8259", "2"),
             doc("RFC 8259", "4"),
             doc("RFC 8259", "7"),
             doc("RFC 7519", "7.2"),
             sdk(CLAIMS, "127-131"),
             sdk(TOKEN_HEADER, "21-22"),
             decision("D61"),
         ]),
    rule("token.json.grammar.documented", S4, "reject",
         "Documented reading: a header or payload text that is not RFC 8259 JSON in another way than the rules "
         "above name (unquoted names, a missing comma, a literal in capitals, NaN, Infinity or a hexadecimal number, "
         "an escape RFC 8259 has not, whitespace other than its four characters between tokens, a text that is not "
         "UTF-8) is refused: malformed (token-claims), badJSON (signed-token) (DECISIONS.md D61).",
         profiles=[DOC],
         unpaired="The SDK's reading depends on Apple's JSONSerialization, which cannot be run here (DECISIONS.md "
                  "D18, D61), so there is no ios-sdk vector.",
         sources=[
             doc(FB_VALIDATING, "Check That the JWT is Well Formed"),
             doc("RFC 8259", "2"),
             doc("RFC 8259", "3"),
             doc("RFC 8259", "6"),
             doc("RFC 8259", "7"),
             doc("RFC 8259", "8.1"),
             doc("RFC 7515", "5.2"),
             decision("D61"),
             unverifiable(APPLE_JSON),
         ]),
    rule("token.json.byte-order-mark.documented", S4, "reject",
         "Documented reading: a header or payload text starting with U+FEFF (a byte order mark) is refused "
         "(preferred), or read without it (also accepted): RFC 8259 §8.1 forbids sending it and lets a parser "
         "ignore it (DECISIONS.md D61).",
         profiles=[DOC],
         unpaired="Whether Apple's JSONSerialization ignores a byte order mark cannot be run here (DECISIONS.md D18, "
                  "D61), so there is no ios-sdk vector.",
         sources=[
             doc("RFC 8259", "8.1"),
             decision("D61"),
             unverifiable(APPLE_JSON),
         ]),
    rule("token.header.alg", S4, "both",
         "The header's alg must be exactly the string RS256 (none, other algorithms and other cases refused): "
         "otherwise headerAlgorithm.",
         sources=[
             doc(FB_VALIDATING, "Check the Signature (RS256)"),
             doc("RFC 7515", "4.1.1"),
             doc("RFC 8725", "3.1"),
             sdk(TOKEN_HEADER, "23-26"),
             decision("D01"),
         ]),
    rule("token.header.typ", S4, "both",
         "The header's typ must be exactly the string JWT: otherwise headerType. The SDK requires it; the documents "
         "make typ optional, so under documented the refusal is preferred and accepting is lenient (DECISIONS.md "
         "D01).",
         sources=[
             doc("RFC 7515", "4.1.9"),
             doc("RFC 7519", "5.1"),
             sdk(TOKEN_HEADER, "24-27"),
             decision("D01"),
         ]),
    rule("token.header.kid", S4, "both",
         "The header's kid must be a non-empty string: otherwise headerKeyID. Under documented a missing kid with "
         "one published key, or a missing or empty kid where no key set is given, may also be accepted (lenient; "
         "DECISIONS.md D02).",
         sources=[
             doc("RFC 7515", "4.1.4"),
             sdk(TOKEN_HEADER, "25-28"),
             decision("D02"),
         ]),
    rule("token.check-order.unordered", S4, "reject",
         "A token that breaks two checks neither of which needs the other's result is refused; where no source "
         "orders the two, either reason is accepted: RFC 7515 §5.2 and RFC 7519 §7.2 make the order of such steps "
         "insignificant, and the SDK answers every refusal as nil, its header and claims both read before it "
         "decides (DECISIONS.md D59).",
         sources=[
             doc("RFC 7515", "5.2"),
             doc("RFC 7519", "7.2"),
             sdk(TOKEN_FACTORY, "79-88"),
             sdk(TOKEN_HEADER, "20-31"),
             sdk(CLAIMS, "136-162"),
             decision("D59"),
         ]),
    rule("token.check-order.dependencies", S4, "reject",
         "A check that needs another's result comes after it, in both readings: the token is split into its three "
         "segments first; a segment is decoded before its JSON is read and its JSON before its members; the key "
         "the header's kid names is found before the signature is verified (RFC 7515 §5.2) (DECISIONS.md D59).",
         sources=[
             doc("RFC 7515", "5.2"),
             sdk(TOKEN_FACTORY, "66-90"),
             decision("D59"),
         ]),
    rule("token.check-order.algorithm.documented", S8, "reject",
         "Documented reading: the signature is verified with the algorithm the header names, so a token whose alg "
         "is not RS256 is refused for its alg before its signature is checked (DECISIONS.md D59).",
         profiles=[DOC],
         sources=[
             doc(FB_VALIDATING, "Check the Signature (use the signing algorithm specified in the header)"),
             doc("RFC 8725", "3.1"),
             decision("D59"),
         ]),
    rule("token.header.other-members", S4, "accept",
         "Other header members (x5t, jku, an embedded jwk) are ignored.",
         sources=[
             doc("RFC 8725", "3.10"),
             sdk(TOKEN_HEADER, "19-34"),
         ]),
    rule("token.claim.required", S4, "reject",
         "iss, aud, exp, iat, nonce and sub must be present: otherwise missingClaim naming the claim (jti: "
         "token.claim.jti.ios-sdk).",
         sources=[
             doc(FB_VALIDATING, "Check the Standard Claims"),
             doc(OIDC, "2"),
             sdk(CLAIMS, "136-162"),
             decision("D07"),
             decision("D08"),
         ]),
    rule("token.claim.type", S4, "both",
         "iss, aud, sub and nonce must be JSON strings, exp and iat JSON numbers (fractions and exponent "
         "notation included; null, booleans and numeric strings are wrong): otherwise wrongClaimType.",
         sources=[
             doc(FB_VALIDATING, "Check the Standard Claims (exp: Unix timestamp; iss, aud: string)"),
             doc("RFC 7519", "2"),
             doc(OIDC, "2"),
             sdk(CLAIMS, "136-162"),
         ]),
    rule("token.claim.non-empty", S4, "both",
         "sub and nonce must be non-empty (a single space is non-empty): otherwise emptyClaim; under documented an "
         "empty nonce may also be refused as nonceMismatch (DECISIONS.md D08, D09).",
         sources=[
             doc(OIDC, "2 (sub: an identifier for the end-user)"),
             sdk(CLAIMS, "154-159"),
             decision("D08"),
             decision("D09"),
         ]),
    rule("token.claim.jti.ios-sdk", S4, "reject",
         "SDK reading: jti must be present, a string and non-empty: otherwise missingClaim, wrongClaimType or "
         "emptyClaim naming jti.",
         profiles=[SDK],
         unpaired="DECISIONS.md D07: the documents do not require jti, and the accepted outcome always carries jti, "
                  "so no documented vector can state the outcome.",
         sources=[
             doc("RFC 7519", "4.1.7"),
             sdk(CLAIMS, "136-137"),
             decision("D07"),
         ]),
    rule("token.iss.documented", S8, "both",
         "Documented reading: iss is exactly https://www.facebook.com or https://limited.facebook.com.",
         profiles=[DOC],
         sources=[
             doc(FB_VALIDATING, "Check the Standard Claims (token issuer)"),
             doc(FB_TOKEN, "OIDC Endpoints"),
             doc(OIDC, "3.1.3.7"),
             decision("D15"),
         ]),
    rule("token.iss.ios-sdk", S4, "both",
         "SDK reading: iss is accepted when its URL host is facebook.com or ends with .facebook.com "
         "(case-sensitive; scheme and path not checked).",
         profiles=[SDK],
         sources=[
             sdk(CLAIMS, "39-42"),
             sdk(CLAIMS, "139-142"),
             decision("D15"),
         ]),
    rule("token.aud", S4, "both",
         "aud must be a string equal to the app ID (no trimming, case folding or compatibility mapping): otherwise "
         "audience.",
         sources=[
             doc(FB_VALIDATING, "Check the Standard Claims (audience: your app ID)"),
             doc("RFC 7519", "4.1.3"),
             sdk(CLAIMS, "144-146"),
             decision("D10"),
         ]),
    rule("token.aud.code-points.documented", S4, "reject",
         "Documented reading (RFC 7519 §2, §7.3): aud compares with the app ID code point by code point, so a "
         "canonically equivalent but different sequence (NFD versus NFC) is audience.",
         profiles=[DOC],
         sources=[
             doc("RFC 7519", "7.3"),
             doc(UAX15, "Canonical equivalence (a comparison that does not normalise tells NFC and NFD apart)"),
             decision("D10"),
         ]),
    rule("token.aud.canonical.ios-sdk", S4, "accept",
         "SDK reading: aud compares with the app ID by Swift String ==, so canonically equivalent strings (NFD "
         "versus NFC) match.",
         profiles=[SDK],
         sources=[
             sdk(CLAIMS, "145-146"),
             decision("D10"),
         ]),
    rule("token.aud.array", S4, "reject",
         "An aud array is refused (wrongClaimType), even one holding the app ID.",
         sources=[
             doc(FB_VALIDATING, "Check the Standard Claims (aud: string)"),
             doc("RFC 7519", "4.1.3"),
             sdk(CLAIMS, "145-145"),
             decision("D10"),
         ]),
    rule("token.exp.strict", S4, "both",
         "exp must be later than now, strictly: exp == now is expired.",
         sources=[
             doc(FB_VALIDATING, "Check the Standard Claims (the expiration is later than the current time)"),
             doc("RFC 7519", "4.1.4"),
             sdk(CLAIMS, "148-149"),
         ]),
    rule("token.iat.window", S4, "both",
         f"iat must be at least now - {IAT_WINDOW}: iat == now - {IAT_WINDOW} is accepted, anything earlier is "
         "issuedTooLongAgo (the "
         "SDK's window; under documented the refusal is preferred and accepting is lenient, DECISIONS.md D05).",
         sources=[
             doc("RFC 7519", "4.1.6"),
             doc(OIDC, "3.1.3.7"),
             sdk(CLAIMS, "133-134"),
             sdk(CLAIMS, "151-152"),
             decision("D05"),
         ]),
    rule("token.iat.future.ios-sdk", S8, "accept",
         "SDK reading: iat has no upper bound, so a future iat is accepted.",
         profiles=[SDK],
         unpaired="SPECIFICATION.md §8: no public document states anything about a future iat, so there is no "
                  "documented vector.",
         sources=[
             sdk(CLAIMS, "151-152"),
             decision("D06"),
         ]),
    rule("token.nonce", S4, "both",
         "nonce must equal the expected nonce (no case folding, trimming or compatibility mapping): otherwise "
         "nonceMismatch.",
         sources=[
             doc(FB_LIMITED, "Custom Nonces"),
             doc(FB_VALIDATING, "Check the Standard Claims (nonce)"),
             doc(OIDC, "3.1.3.7"),
             sdk(CLAIMS, "154-156"),
             decision("D11"),
         ]),
    rule("token.nonce.code-points.documented", S4, "reject",
         "Documented reading (RFC 7519 §7.3): the nonce compares code point by code point, so a canonically "
         "equivalent but different sequence (NFD versus NFC) is nonceMismatch.",
         profiles=[DOC],
         sources=[
             doc("RFC 7519", "7.3"),
             doc(OIDC, "3.1.3.7"),
             decision("D11"),
         ]),
    rule("token.nonce.canonical.ios-sdk", S4, "accept",
         "SDK reading: the nonce compares by Swift String ==, so canonically equivalent strings (NFD versus NFC) "
         "match.",
         profiles=[SDK],
         sources=[
             sdk(CLAIMS, "154-156"),
             decision("D11"),
         ]),
    rule("token.optional.kept", S4, "accept",
         "An optional claim of the right type is kept with its value (an empty string and [] included).",
         sources=[
             doc(FB_LIMITED, "Implementing Limited Login"),
             doc(OIDC, "5.1"),
             sdk(CLAIMS, "164-211"),
             decision("D19"),
         ]),
    rule("token.optional.dropped", S4, "accept",
         "An optional claim of the wrong type is dropped and the token is still accepted.",
         sdk_only="OpenID Connect Core gives the claims' types, not that a wrong-typed optional claim is dropped and the token kept",
         sources=[
             sdk(CLAIMS, "164-211"),
             decision("D19"),
         ]),
    rule("token.unknown-claims", S4, "accept",
         "Claims outside the required and optional lists are ignored and not kept (the vectors use unregistered "
         "names, or registered ones whose values are consistent: DECISIONS.md D04).",
         sources=[
             doc("RFC 7519", "4"),
             sdk(CLAIMS, "189-211"),
             decision("D04"),
         ]),

    # --- signed tokens (§4, §8): the compact token, base64url, JSON, keys and the signature ----------------------
    rule("token.jose.structure", S4, "both",
         "A token is exactly three dot-separated segments; two, four, five, one or none is malformed.",
         sources=[
             doc(FB_VALIDATING, "Check That the JWT is Well Formed (three Base64Url-encoded parts separated by "
                                "periods)"),
             doc("RFC 7515", "7.1"),
             sdk(TOKEN_FACTORY, "66-73"),
         ]),
    rule("token.jose.base64url.documented", S8, "reject",
         "Documented reading (RFC 7515 §2): segments are strict base64url; padding, whitespace, other characters, "
         "+ and / and non-canonical trailing bits are badBase64url.",
         profiles=[DOC],
         sources=[
             doc("RFC 7515", "2"),
             doc("RFC 4648", "3.5"),
             doc("RFC 4648", "5"),
             decision("D17"),
         ]),
    rule("token.jose.base64url.ios-sdk", S8, "accept",
         "SDK reading: segments are decoded leniently (- and _ read as + and /, padding added, unknown characters "
         "ignored), so padding, whitespace, junk, + and / and non-canonical trailing bits are tolerated.",
         profiles=[SDK],
         sources=[
             sdk(BASE64, "43-49"),
             sdk(BASE64, "55-69"),
             unverifiable("The SDK decodes with Apple's NSData initWithBase64EncodedString:options: and "
                          "NSDataBase64DecodingIgnoreUnknownCharacters after padding to a multiple of 4; how Apple's "
                          "decoder treats non-zero trailing bits cannot be run here (its documentation says unknown "
                          "characters are ignored, nothing about trailing bits)."),
             decision("D17"),
         ]),
    rule("token.jose.base64url.alphabet", S4, "accept",
         "Segments are base64url (RFC 4648 §5): - and _ are its 62nd and 63rd characters, so a valid token whose "
         "header and payload segments hold them is accepted in both readings; a decoder of the + / alphabet "
         "refuses it or reads other bytes (DECISIONS.md D57).",
         sources=[
             doc(FB_VALIDATING, "Check That the JWT is Well Formed (three Base64Url-encoded parts)"),
             doc("RFC 7515", "2"),
             doc("RFC 4648", "5"),
             sdk(BASE64, "43-49"),
             decision("D57"),
         ]),
    rule("token.jose.base64url.undecodable", S4, "reject",
         "A segment of 4n+1 base64 characters encodes no whole bytes in either reading: badBase64url.",
         sources=[
             doc("RFC 4648", "4"),
             sdk(BASE64, "55-69"),
             decision("D17"),
         ]),
    rule("token.jose.json", S4, "reject",
         "The decoded header and payload must each be one JSON object in UTF-8 (strict RFC 8259): otherwise "
         "badJSON. A trailing comma is a rule of the documented reading only (token.json.trailing-comma.documented).",
         sources=[
             doc(FB_VALIDATING, "Check That the JWT is Well Formed (the payload is a valid JSON object)"),
             doc("RFC 7515", "5.2"),
             doc("RFC 8259", "8.1"),
             sdk(CLAIMS, "127-131"),
             sdk(TOKEN_HEADER, "21-22"),
             unverifiable(APPLE_JSON),
             decision("D18"),
         ]),
    rule("token.jose.json.duplicate-members", S4, "reject",
         "A header or payload (or an object inside it) with a duplicate member name is refused as badJSON "
         "(preferred) or read keeping the last member (RFC 7515 §4, also accepted); keeping the first is wrong "
         "(DECISIONS.md D03).",
         sources=[
             doc("RFC 7515", "5.2"),
             doc("RFC 8259", "4"),
             unverifiable("The SDK has no duplicate-member check of its own (AuthenticationTokenClaims.swift lines "
                          "127-128, AuthenticationTokenHeader.swift lines 21-22 hand the text to Apple's "
                          "JSONSerialization); what Apple's parser does with a repeated name cannot be run here."),
             decision("D03"),
         ]),
    rule("token.jose.crit.documented", S8, "reject",
         "Documented reading (a JOSE validator, RFC 7515 §4.1.11): a crit header naming an extension the "
         "validator does not understand is refused (headerCritical).",
         profiles=[DOC],
         sources=[
             doc("RFC 7515", "4.1.11"),
             decision("D12"),
         ]),
    rule("token.jose.crit.ios-sdk", S4, "accept",
         "SDK reading: header members other than alg, typ and kid are ignored, crit included.",
         profiles=[SDK],
         sources=[
             sdk(TOKEN_HEADER, "19-34"),
             decision("D12"),
         ]),
    rule("token.jose.key-by-kid", S4, "both",
         "The verifying key is the published key whose kid equals the header's kid exactly; a kid that names no "
         "published key is unknownKeyID, with no fall-back to another, the first or the only key.",
         sources=[
             doc(FB_VALIDATING, "Check the Signature"),
             doc("RFC 7515", "4.1.4"),
             doc("RFC 7517", "4.5"),
             doc(OIDC, "10.1.1"),
             sdk(TOKEN_FACTORY, "90-90"),
             sdk(TOKEN_FACTORY, "176-182"),
         ]),
    rule("token.jose.key-source.documented", S8, "both",
         "Documented reading: the keys are the JWKS's; a kid found only in the certificate map names no key.",
         profiles=[DOC],
         sources=[
             doc(FB_VALIDATING, "Check the Signature (retrieve the public key from the JWKS)"),
             doc(FB_TOKEN, "OIDC Endpoints (JWKS Endpoint)"),
             doc("RFC 7517", "5"),
             decision("D16"),
         ]),
    rule("token.jose.key-source.ios-sdk", S8, "both",
         "SDK reading: the keys are the certificate map's (kid -> PEM X.509 certificate); a kid found only in the "
         "JWKS names no key.",
         profiles=[SDK],
         sources=[
             sdk(TOKEN_FACTORY, "21-32"),
             sdk(TOKEN_FACTORY, "162-200"),
             decision("D16"),
         ]),
    rule("token.jose.key-source.other-entries", S4, "accept",
         "Key-set entries that are not RSA keys (EC and oct JWKs, string map entries that are not certificates) "
         "are ignored.",
         sources=[
             doc("RFC 7517", "5"),
             sdk(TOKEN_FACTORY, "176-182"),
             decision("D13"),
         ]),
    rule("token.jose.key-source.string-map.ios-sdk", S4, "reject",
         "SDK reading: the certificate map is read as a map of strings; one entry that is not a string fails the "
         "whole map, so no kid names a key (unknownKeyID; DECISIONS.md D13).",
         profiles=[SDK],
         sources=[
             sdk(TOKEN_FACTORY, "176-182"),
             decision("D13"),
         ]),
    rule("token.jose.key-usability.documented", S8, "both",
         "Documented reading: a JWK is usable to verify an RS256 token only if its use (when present) is sig, its "
         "key_ops (when present) include verify and its alg (when present) is RS256; otherwise the kid names no "
         "usable key (unknownKeyID; DECISIONS.md D33). Without these optional members the key is usable.",
         profiles=[DOC],
         unpaired="the ios-sdk reading reads the certificate map, which has no JWK members (SPECIFICATION.md §8)",
         sources=[
             doc(FB_VALIDATING, "Check the Signature (retrieve the public key from the JWKS)"),
             doc("RFC 7517", "4.2"),
             doc("RFC 7517", "4.3"),
             doc("RFC 7517", "4.4"),
             doc("RFC 8725", "3.1"),
             doc(OIDC, "10.1"),
             decision("D33"),
         ]),
    rule("token.jose.key-by-kid.duplicate.documented", S8, "reject",
         "Documented reading: a kid that two JWKS keys share names no one key: refused (unknownKeyID, preferred), "
         "or each key it names is tried (lenient); never one picked by position (DECISIONS.md D34).",
         profiles=[DOC],
         unpaired="the ios-sdk reading reads the certificate map, a JSON object, where a kid is a member name "
                  "(a repeated name is D03's duplicate member, not a key set's)",
         sources=[
             doc("RFC 7517", "4.5"),
             doc("RFC 7517", "5"),
             decision("D34"),
         ]),
    rule("token.jose.key-source.certificate-only.ios-sdk", S4, "reject",
         "SDK reading: a certificate-map entry that is not a PEM certificate (a bare public key PEM) gives no key, "
         "so the kid names no usable key (unknownKeyID; DECISIONS.md D35).",
         profiles=[SDK],
         sources=[
             sdk(TOKEN_FACTORY, "176-194"),
             decision("D35"),
         ]),
    rule("token.jose.key-source.certificate-dates", S8, "accept",
         "A certificate's validity dates do not decide a key: the SDK never evaluates the certificate's trust, so "
         "the key of an expired or not-yet-valid certificate verifies under ios-sdk, and the documented reading "
         "reads the JWKS, which has no dates (DECISIONS.md D35).",
         sources=[
             doc(FB_VALIDATING, "Check the Signature (retrieve the public key from the JWKS)"),
             sdk(TOKEN_FACTORY, "136-160"),
             unverifiable("The SDK creates a SecTrust with SecPolicyCreateBasicX509 and copies its key (SecTrustCopyKey, "
                          "SecTrustCopyPublicKey before iOS 14) without calling SecTrustEvaluate; what Apple's Security "
                          "framework does inside SecTrustCopyKey cannot be run here."),
             decision("D35"),
         ]),
    rule("token.jose.jwk-forms.documented", S8, "both",
         "Documented reading: the signing key's JWK is read by its members (RFC 7517 §4, RFC 7518 §6.3): members it "
         "does not define change nothing; a JWK that names another kty or lacks n or e (or holds n as a number) gives "
         "no key (unknownKeyID); one that breaks a form RFC 7517 §5 lets a set's reader ignore (no kty, an empty alg "
         "or use, n or e not in the fewest octets, padded or in the + / alphabet, a key_ops value twice) is ignored "
         "preferably (unknownKeyID), or used (also "
         "accepted) (DECISIONS.md D63).",
         profiles=[DOC],
         unpaired="the ios-sdk reading reads the certificate map, which has no JWK members (SPECIFICATION.md §8)",
         sources=[
             doc(FB_VALIDATING, "Check the Signature (retrieve the public key from the JWKS)"),
             doc("RFC 7517", "4"),
             doc("RFC 7517", "5"),
             doc("RFC 7518", "6.3.1"),
             doc("RFC 7518", "2"),
             doc("RFC 8017", "8.2.2"),
             decision("D63"),
         ]),
    rule("token.jose.certificate-pem.ios-sdk", S8, "both",
         "SDK reading: a certificate-map entry is read by removing the BEGIN and END CERTIFICATE lines and every LF, "
         "then base64-decoding what is left strictly: base64 on one line or in lines of another length, without "
         "the final LF or without the two lines at all gives the certificate, as does one whose own signature is "
         "broken (never checked, D35); CR LF line endings or indented lines leave characters base64 does not have, "
         "so no certificate and no key (unknownKeyID) (DECISIONS.md D63).",
         profiles=[SDK],
         unpaired="the documented reading reads the JWKS, not the certificate map (SPECIFICATION.md §8)",
         sources=[
             sdk(TOKEN_FACTORY, "162-194"),
             sdk(TOKEN_FACTORY, "136-160"),
             doc("RFC 7468", "2"),
             unverifiable("The SDK decodes the entry with Data(base64Encoded:) and makes the certificate with "
                          "SecCertificateCreateWithData, Apple's Security framework, which cannot be run here; the SDK check "
                          "stands it in with swift-certificates (docs/sdk-check.md)."),
             decision("D35"),
             decision("D63"),
         ]),
    rule("token.jose.signature", S4, "both",
         "The signature must be RSASSA-PKCS1-v1_5 with SHA-256 over the ASCII bytes seg0.seg1 by the key kid names; "
         "a tampered header, payload or signature, another key or another padding or hash is signatureInvalid.",
         sources=[
             doc(FB_VALIDATING, "Check the Signature"),
             doc("RFC 7515", "5.2"),
             doc("RFC 7518", "3.3"),
             sdk(TOKEN_FACTORY, "100-134"),
         ]),
    rule("token.jose.signature.encoding", S4, "reject",
         "The signature is exactly k bytes (the modulus length) with 0 <= s < n, and s^e mod n is exactly the "
         "EMSA-PKCS1-v1_5 encoding 00 01 FF..FF 00 DigestInfo(SHA-256, NULL) H of the signing input's SHA-256 "
         "(RFC 8017 §8.2.2, §9.2): another hash's OID, a DigestInfo with other lengths, long-form lengths or extra "
         "parameters, bytes after the hash, padding bytes other than 0xFF, a missing separator, another block type, "
         "a signature of another length or s >= n is signatureInvalid (a DigestInfo without the NULL may also be "
         "accepted: DECISIONS.md D32).",
         sources=[
             doc(FB_VALIDATING, "Check the Signature"),
             doc("RFC 7518", "3.3"),
             doc("RFC 8017", "8.2.2"),
             doc("RFC 8017", "9.2"),
             doc("RFC 4055", "2.1"),
             sdk(TOKEN_FACTORY, "100-134"),
             decision("D32"),
         ]),
    rule("token.jose.numbers", S4, "both",
         "NumericDates compare by value: huge integers (beyond 2^53, int64 and uint64), fractions and exponent "
         "notation are numbers, never wrapped or saturated.",
         sources=[
             doc("RFC 7519", "2"),
             doc("RFC 8259", "6"),
             sdk(CLAIMS, "148-152"),
             unverifiable("The SDK reads exp and iat with `as? Double` from Apple's JSONSerialization result; whether "
                          "an integer beyond 2^53 bridges to Double on Apple platforms cannot be run here (on Linux "
                          "the cast fails for such integers)."),
             decision("D14"),
         ]),
    rule("token.jose.numbers.exact.documented", S4, "accept",
         "Documented reading: an integer NumericDate no double holds exactly (2^53 + 1) is still a number compared "
         "by value.",
         profiles=[DOC],
         unpaired="DECISIONS.md D14: the SDK reads exp with `as? Double`, which fails for such an integer on Linux; "
                  "what Apple's JSONSerialization hands it cannot be run here, so there is no ios-sdk vector.",
         sources=[
             doc("RFC 7519", "2"),
             doc("RFC 8259", "6"),
             decision("D14"),
         ]),
    rule("token.jose.numbers.double.ios-sdk", S4, "accept",
         "SDK reading: exp and iat are read `as? Double`, so an integer beyond 2^53 that a double holds only "
         "approximately (2^64 + 1) is compared, and carried in the claims, as the nearest double (2^64); keeping the "
         "exact value is also accepted (DECISIONS.md D14, D62).",
         profiles=[SDK],
         sources=[
             doc("RFC 7519", "2"),
             doc("RFC 8259", "6"),
             sdk(CLAIMS, "148-152"),
             decision("D14"),
             decision("D62"),
         ]),
    rule("token.json.string-byte-order-mark.documented", S4, "reject",
         "Documented reading: a header or claims string starting with U+FEFF is that string, U+FEFF included (RFC "
         "8259 §7: a string is its code points), so it is compared with its U+FEFF (DECISIONS.md D62).",
         profiles=[DOC],
         unpaired="The SDK reads the texts with JSONSerialization: swift-corelibs-foundation's drops a U+FEFF that "
                  "starts a string (the SDK check, run here), Apple's cannot be run here, so there is no ios-sdk "
                  "vector (DECISIONS.md D62).",
         sources=[
             doc("RFC 8259", "7"),
             decision("D62"),
             unverifiable(APPLE_JSON),
         ]),
    rule("token.jose.size", S4, "accept",
         "No size limit: a large token and moderately deep JSON nesting in ignored members are accepted.",
         sources=[
             doc("RFC 7519", "7.2"),
             sdk(TOKEN_FACTORY, "52-98"),
             decision("D18"),
         ]),

    # --- code verifier (§1, §8) ------------------------------------------------------------------------------
    rule("verifier.length", S1, "both",
         "A code verifier must be 43 to 128 characters long (RFC 7636 §4.1): 0 to 42 and 129 or more are refused "
         "with reason length; 43 and 128 are accepted.",
         sources=[
             doc("RFC 7636", "4.1"),
             sdk(CODE_VERIFIER, "39-39"),
             sdk(CODE_VERIFIER, "49-49"),
             decision("D24"),
         ]),
    rule("verifier.charset", S1, "both",
         "The unreserved ASCII characters A-Z a-z 0-9 - . _ ~ are allowed, each class on its own included (a "
         "verifier of only digits, or only ~, is valid); every other printable ASCII character is refused with "
         "reason characters.",
         sources=[
             doc("RFC 7636", "4.1"),
             sdk(CODE_VERIFIER, "51-55"),
         ]),
    rule("verifier.check-order.ios-sdk", S1, "reject",
         "SDK reading: a verifier that breaks both the length rule and the character rule is refused with reason "
         "length, the check the SDK makes first (DECISIONS.md D49).",
         profiles=[SDK],
         unpaired="RFC 7636 states no order between its length and character rules (DECISIONS.md D49): the "
                  "check-order vectors have no documented twin; the fault-pair vectors have one, which accepts "
                  "either reason (DECISIONS.md D59).",
         sources=[
             sdk(CODE_VERIFIER, "48-53"),
             decision("D49"),
         ]),
    rule("verifier.check-order.unordered.documented", S8, "reject",
         "Documented reading: a verifier that breaks both the length rule and the character rule is refused; RFC "
         "7636 states no order between them, so either reason is accepted (DECISIONS.md D49, D59).",
         profiles=[DOC],
         sources=[
             doc("RFC 7636", "4.1"),
             decision("D49"),
             decision("D59"),
         ]),
    rule("verifier.whitespace-and-controls", S1, "reject",
         "Space, TAB, newlines, NUL and the other control characters are refused (characters) wherever they "
         "stand: nothing is trimmed, and nothing after a NUL is ignored.",
         sources=[
             doc("RFC 7636", "4.1"),
             sdk(CODE_VERIFIER, "51-55"),
         ]),
    rule("verifier.no-decoding", S1, "reject",
         "The characters are checked as given: percent-encoding is not decoded and the standard base64 "
         "characters + / = are not translated, so they are refused (characters).",
         sources=[
             doc("RFC 7636", "4.1"),
             sdk(CODE_VERIFIER, "47-58"),
         ]),
    rule("verifier.non-ascii-symbol", S1, "reject",
         "Non-ASCII characters that are neither letters nor digits (look-alike dashes, dots, low lines and "
         "tildes, spaces, format and control characters, symbols, emoji, private use) are refused (characters) "
         "in both readings.",
         sources=[
             doc("RFC 7636", "4.1"),
             sdk(CODE_VERIFIER, "51-55"),
             unverifiable(APPLE_ALPHANUMERICS),
             decision("D23"),
         ]),
    rule("verifier.unicode.documented", S1, "reject",
         "Documented reading (RFC 7636 §4.1, ASCII only): a verifier holding a non-ASCII letter, mark or number "
         "is refused (characters), a letter whose compatibility form is ASCII (KELVIN SIGN) included.",
         profiles=[DOC],
         sources=[
             doc("RFC 7636", "4.1"),
         ]),
    rule("verifier.unicode.ios-sdk", S1, "accept",
         "SDK reading (CharacterSet.alphanumerics = general categories L*, M* and N*): non-ASCII letters, "
         "combining marks and numbers (Nd, Nl, No) of any script are accepted; the length is Swift's String.count "
         "(grapheme clusters), never UTF-8 bytes, and no vector's outcome depends on how it counts "
         "(DECISIONS.md D23, D24).",
         profiles=[SDK],
         sources=[
             sdk(CODE_VERIFIER, "49-55"),
             unverifiable(APPLE_ALPHANUMERICS),
             decision("D23"),
         ]),

    # --- code challenge (§1) ---------------------------------------------------------------------------------
    rule("challenge.s256", S1, "any",
         "The challenge is BASE64URL(SHA-256(ASCII(verifier))) (RFC 7636 §4.2): the known pairs of SPECIFICATION.md "
         "§1 and RFC 7636 Appendix B hold, and a plain challenge (the verifier itself) or a hex digest is wrong.",
         sources=[
             doc("RFC 7636", "4.2"),
             doc("RFC 7636", "Appendix B"),
             sdk(CODE_VERIFIER, "27-36"),
         ]),
    rule("challenge.base64url-alphabet", S1, "any",
         "The digest is encoded with the URL-safe alphabet: - and _ where standard base64 has + and /.",
         sources=[
             doc("RFC 7636", "Appendix A"),
             doc("RFC 4648", "5"),
             sdk(CODE_VERIFIER, "80-86"),
         ]),
    rule("challenge.no-padding", S1, "any",
         "The encoding has no = padding: the challenge of the 32-byte digest is exactly 43 characters.",
         sources=[
             doc("RFC 7636", "Appendix A"),
             sdk(CODE_VERIFIER, "80-86"),
         ]),
    rule("challenge.verifier-as-given", S1, "any",
         "The verifier's own characters are hashed, one byte each: nothing appended (no newline), the verifier "
         "is not base64url-decoded, not re-encoded as UTF-16 and not case-folded.",
         sources=[
             doc("RFC 7636", "4.2"),
             sdk(CODE_VERIFIER, "28-30"),
         ]),

    # --- login request (§2) ----------------------------------------------------------------------------------
    rule("request.endpoint.host", S2, "any",
         "The request goes to m.facebook.com with enabled tracking (tracking authorized) and to "
         "limited.facebook.com with limited tracking.",
         sdk_only="public pages use www.facebook.com; the m. and limited. hosts are the SDK's choice",
         sources=[
             sdk(LOGIN_MANAGER, "810-823"),
             sdk(ENDPOINTS, "18-18"),
             decision("D25"),
         ]),
    rule("request.endpoint.path", S2, "any",
         "The path is /{graph version}/dialog/oauth with the given Graph API version.",
         sources=[
             doc(FB_MANUAL_FLOW, "Invoking the Login Dialog and Setting the Redirect URL (the dialog endpoint is "
                                 "/v{graph-api-version}/dialog/oauth)"),
             sdk(ENDPOINTS, "16-16"),
             sdk(INTERNAL_UTILITY, "181-197"),
         ]),
    rule("request.client-id", S2, "any",
         "client_id is the app ID exactly (a string: leading zeros kept).",
         sources=[
             doc("RFC 6749", "4.1.1"),
             sdk(LOGIN_MANAGER, "570-570"),
         ]),
    rule("request.fixed-parameters", S2, "any",
         "display is touch, sdk is ios and return_scopes is true in every request.",
         sdk_only="display=touch, sdk=ios and return_scopes=true are the SDK's; current pages do not document sdk or return_scopes",
         sources=[
             sdk(LOGIN_MANAGER, "571-573"),
             sdk(ENDPOINTS, "28-29"),
         ]),
    rule("request.scope", S2, "any",
         "scope is the requested permissions plus openid, comma-joined in any order, each exactly once: openid is "
         "not repeated when it was requested, and no permissions at all give scope openid.",
         sources=[
             doc(FB_PERMISSIONS, "Request at Login"),
             sdk(LOGIN_MANAGER, "586-590"),
             sdk(ENDPOINTS, "31-31"),
         ]),
    rule("request.nonce", S2, "any",
         "nonce is the configuration's nonce, exactly (commas and non-ASCII included), in both tracking modes.",
         sources=[
             doc(FB_LIMITED, "Custom Nonces"),
             doc(OIDC, "3.1.2.1"),
             sdk(LOGIN_MANAGER, "630-630"),
         ]),
    rule("request.auth-type", S2, "any",
         "auth_type is the auth type's raw value (rerequest, reauthorize) and is absent when the auth type is "
         "nil: neither empty nor defaulted.",
         sources=[
             doc(FB_ADVANCED, "Setting Auth Type"),
             sdk(LOGIN_MANAGER, "576-576"),
             sdk(LOGIN_MANAGER, "584-584"),
         ]),
    rule("request.response-type", S2, "any",
         "response_type is id_token,graph_domain,user_token_nonce with limited tracking and "
         "id_token,token_or_nonce,signed_request,graph_domain,user_token_nonce with enabled tracking.",
         sdk_only="the SDK's composite response_type values are not documented",
         sources=[
             sdk(LOGIN_MANAGER, "616-628"),
             sdk(ENDPOINTS, "22-23"),
         ]),
    rule("request.tp.limited", S2, "any",
         "tp is ios_14_do_not_track with limited tracking, whether or not tracking is authorized.",
         sdk_only="the tp parameter is not documented",
         sources=[
             sdk(LOGIN_MANAGER, "616-619"),
             sdk(ENDPOINTS, "27-27"),
         ]),
    rule("request.tp.enabled-authorized", S2, "any",
         "With enabled tracking and tracking authorized, tp is absent.",
         sdk_only="the tp parameter is not documented",
         sources=[
             sdk(LOGIN_MANAGER, "622-627"),
             sdk(LOGIN_MANAGER, "653-658"),
         ]),
    rule("request.tracking-shim.ios-sdk", S8, "any",
         "SDK reading: enabled tracking without tracking authorization (the shim) sends the enabled response_type "
         "and PKCE plus tp=ios_14_do_not_track, to the limited.facebook.com host, and app switch is not allowed "
         "(DECISIONS.md D25).",
         profiles=[SDK],
         unpaired="No public document describes the request made when tracking is enabled but not authorized "
                  "(DECISIONS.md D25), so the shim has no documented vector.",
         sources=[
             sdk(LOGIN_MANAGER, "622-627"),
             sdk(LOGIN_MANAGER, "660-669"),
             sdk(LOGIN_MANAGER, "810-818"),
             sdk(NATIVE_APP, "55-58"),
             decision("D25"),
         ]),
    rule("request.pkce.enabled", S2, "any",
         "With enabled tracking, code_challenge is the configuration's S256 challenge (not the verifier) and "
         "code_challenge_method is S256.",
         sources=[
             doc("RFC 7636", "4.3"),
             sdk(LOGIN_MANAGER, "653-658"),
             sdk(ENDPOINTS, "30-30"),
         ]),
    rule("request.pkce.limited", S2, "any",
         "With limited tracking, code_challenge and code_challenge_method are never sent.",
         sdk_only="no page says PKCE is left out with limited tracking",
         sources=[
             sdk(LOGIN_MANAGER, "616-620"),
         ]),
    rule("request.redirect-uri", S2, "any",
         "redirect_uri is fb{app ID}{URL scheme suffix}://authorize/; a null or empty suffix adds nothing.",
         sources=[
             doc("RFC 6749", "3.1.2"),
             sdk(LOGIN_MANAGER, "596-602"),
             sdk(INTERNAL_UTILITY, "87-104"),
         ]),
    rule("request.state", S2, "any",
         "state is the text of a JSON object whose challenge member is the state challenge (other members "
         "allowed).",
         sources=[
             doc("RFC 6749", "4.1.1"),
             doc("RFC 6749", "10.12"),
             sdk(LOGIN_MANAGER, "604-614"),
         ]),
    rule("request.default-audience", S2, "any",
         "default_audience is the given audience: friends, only_me or everyone.",
         sdk_only="default_audience is not on the current public pages",
         sources=[
             sdk(LOGIN_MANAGER, "581-581"),
             sdk(LOGIN_UTILITY, "13-24"),
         ]),
    rule("request.app-switch", S2, "any",
         "App switch (login inside the Facebook app) is allowed only when the configuration enables it; the "
         "documented reading never allows it with limited tracking.",
         sources=[
             doc(FB_LIMITED, "Limitations"),
             sdk(NATIVE_APP, "34-72"),
             decision("D25"),
             decision("D51"),
         ]),
    rule("request.app-switch.conditions.ios-sdk", S2, "any",
         "SDK reading: app switch also needs the server's fast-app-switch gatekeeper of the tracking mode "
         "(FBLoginFAS with enabled tracking, LimitedLoginFAS with limited; off by default; input "
         "fastAppSwitchEnabled), tracking authorized (not domain handling on with advertiser tracking off) and "
         "the Facebook app installed (input facebookAppInstalled); a member left out is false (DECISIONS.md D51).",
         profiles=[SDK],
         unpaired="No public document describes the gatekeepers or the installed-app check (DECISIONS.md D51).",
         sources=[
             sdk(NATIVE_APP, "34-72"),
             sdk(FEATURE_MANAGER, "89-91"),
             sdk(FEATURE_MANAGER, "126-128"),
             sdk(FEATURE_MANAGER, "181-183"),
             sdk(LOGIN_MANAGER, "270-281"),
             decision("D51"),
         ]),
    rule("request.scope.outside-limited-list.ios-sdk", S8, "any",
         "SDK reading: with limited tracking, a permission outside the Limited Login list is sent as is in scope "
         "(no allow-list, no filtering).",
         profiles=[SDK],
         unpaired="The documented reading refuses such a configuration when it is made (SPECIFICATION.md §1, §8), so "
                  "no documented login request exists for it.",
         sources=[
             sdk(CONFIGURATION, "331-337"),
             sdk(LOGIN_MANAGER, "586-590"),
         ]),
    rule("request.nonce.newline.ios-sdk", S8, "any",
         "SDK reading: a nonce holding a newline (valid in that reading only) is sent exactly, newline included, "
         "not trimmed.",
         profiles=[SDK],
         unpaired="The documented reading refuses a nonce with a newline when the configuration is made "
                  "(SPECIFICATION.md §1, §8), so no documented login request exists for it.",
         sources=[
             sdk(NONCE_VALIDATOR, "15-15"),
             sdk(LOGIN_MANAGER, "630-630"),
         ]),
    rule("request.nonce.zero-width-space.documented", S8, "any",
         "Documented reading: a nonce holding U+200B ZERO WIDTH SPACE (valid in that reading only, DECISIONS.md "
         "D21) is sent exactly, the invisible character included.",
         profiles=[DOC],
         unpaired="The SDK reading refuses a nonce with U+200B when the configuration is made "
                  "(nonce.zero-width-space.ios-sdk), so no ios-sdk login request exists for it.",
         sources=[
             doc(FB_LIMITED, "Custom Nonces"),
             doc(OIDC, "3.1.2.1"),
             doc(UCD, "PropList White_Space (U+200B is General_Category Cf, not White_Space)"),
             decision("D21"),
         ]),

    # --- profile from claims (§5) ----------------------------------------------------------------------------
    rule("profile.sub", S5, "both",
         "A profile is made only when sub is a non-empty string (a single space is non-empty), and its userID is "
         "sub exactly; a missing, empty or non-string sub makes no profile (noProfile).",
         sources=[
             doc(FB_LIMITED, "What to Expect (a shared Profile with an app-scoped user ID)"),
             sdk(URL_COMPLETER, "307-313"),
             sdk(URL_COMPLETER, "327-328"),
         ]),
    rule("profile.names", S5, "accept",
         "name, given_name, middle_name and family_name become name, firstName, middleName and lastName, each from "
         "its own claim, with the claim's value exactly (the empty string included).",
         sources=[
             doc(FB_LIMITED, "What to Expect (the user's name)"),
             doc(OIDC, "5.1"),
             sdk(URL_COMPLETER, "327-332"),
         ]),
    rule("profile.string-claims", S5, "accept",
         "picture, email, user_gender and user_link become imageURL, email, gender and linkURL with the claim's "
         "value exactly.",
         sources=[
             doc(FB_LIMITED, "Implementing Limited Login (email, gender, linkURL)"),
             sdk(URL_COMPLETER, "315-318"),
             sdk(URL_COMPLETER, "333-336"),
             sdk(URL_COMPLETER, "342-342"),
         ]),
    rule("profile.absent-claims", S5, "accept",
         "An absent optional claim leaves its profile member null; claims outside the lists are ignored.",
         sdk_only="how a profile is made from the claims (null members) is the SDK's",
         sources=[
             sdk(URL_COMPLETER, "327-345"),
         ]),
    rule("profile.wrong-type", S4, "accept",
         "An optional claim of the wrong type (SPECIFICATION.md §4: strings; user_friends an array of strings; "
         "user_age_range a non-empty object of numbers; user_hometown and user_location non-empty objects of "
         "strings) is dropped: its profile member is null and the profile is still made.",
         sdk_only="dropping a wrong-typed claim from the profile is the SDK's",
         sources=[
             sdk(CLAIMS, "164-211"),
             sdk(URL_COMPLETER, "327-345"),
             decision("D19"),
         ]),
    rule("profile.friends", S5, "accept",
         "friendIDs is user_friends, an array of strings, in its order; [] is kept as [].",
         sources=[
             doc(FB_LIMITED, "Implementing Limited Login (friendIDs)"),
             sdk(CLAIMS, "203-203"),
             sdk(URL_COMPLETER, "337-337"),
         ]),
    rule("profile.birthday", S5, "accept",
         "birthday is user_birthday parsed as MM/dd/yyyy and written as the calendar date yyyy-MM-dd; a string "
         "that is not a real date in that format (month 13, day 32, 30 February, 29 February outside a leap year, "
         "ISO order, the empty string) gives null. The SDK's parser uses the device's calendar and locale; the "
         "vectors assume the Gregorian calendar and say so (DECISIONS.md D52).",
         sources=[
             doc(FB_LIMITED, "Implementing Limited Login (birthday)"),
             sdk(URL_COMPLETER, "320-325"),
             unverifiable(APPLE_DATE_FORMATTER),
             decision("D52"),
         ]),
    rule("profile.age-range", S5, "accept",
         "ageRange is {min, max} from user_age_range, an absent bound null; null when both bounds are absent, "
         "either is negative, or min >= max.",
         sources=[
             doc(FB_LIMITED, "Implementing Limited Login (ageRange)"),
             sdk(AGE_RANGE, "31-48"),
             sdk(URL_COMPLETER, "339-339"),
         ]),
    rule("profile.age-range.whole-parts.ios-sdk", S5, "accept",
         "SDK reading: the age range's sign and order checks compare the bounds' whole parts (NSNumber longValue, "
         "truncated toward zero), and the bounds are kept as given: 20.2..20.8 is no range, -0.5..12 is kept "
         "(DECISIONS.md D43).",
         profiles=[SDK],
         unpaired="The documents give whole-number ranges only; fractional bounds are the SDK's code (DECISIONS.md "
                  "D43).",
         sources=[
             sdk(AGE_RANGE, "31-48"),
             sdk(CLAIMS, "164-168"),
             decision("D43"),
         ]),
    rule("profile.url-claims.empty.ios-sdk", S5, "accept",
         "SDK reading: imageURL and linkURL are made with URL(string:), which makes no URL from an empty string, so "
         "an empty picture or user_link is null (other empty string claims are kept) (DECISIONS.md D43).",
         profiles=[SDK],
         unpaired="The documents describe picture and user_link as URLs, not what an empty one becomes "
                  "(DECISIONS.md D43).",
         sources=[
             sdk(URL_COMPLETER, "315-318"),
             sdk(URL_COMPLETER, "333-333"),
             decision("D43"),
         ]),
    rule("profile.places", S5, "accept",
         "hometown and location are {id, name} from user_hometown and user_location when id and name are both "
         "strings; otherwise null.",
         sources=[
             doc(FB_LIMITED, "Implementing Limited Login (hometown, location)"),
             sdk(LOCATION, "31-45"),
             sdk(URL_COMPLETER, "340-341"),
         ]),
    rule("profile.permissions", S5, "accept",
         "permissions is the granted permission set as given, and isLimited is true.",
         sdk_only="the profile's permission handling (isLimited) is the SDK's",
         sources=[
             sdk(URL_COMPLETER, "118-121"),
             sdk(URL_COMPLETER, "343-344"),
         ]),

    # --- access token (§6) -----------------------------------------------------------------------------------
    rule("access-token.granted.exact", S6, "any",
         "hasGranted(p) is true exactly when p is an element of the token's permissions, compared code point by "
         "code point: no case folding, no trimming, no Unicode normalisation (canonical or compatibility), no "
         "prefix, suffix or substring match, no permission-syntax check.",
         sources=[
             doc(FB_PERMISSIONS, "Check for Permissions"),
             sdk(ACCESS_TOKEN, "70-73"),
         ]),
    rule("access-token.granted.overlapping.ios-sdk", S6, "any",
         "SDK reading: a permission in permissions that is also in declinedPermissions or expiredPermissions is "
         "granted: hasGranted reads permissions only (DECISIONS.md D47).",
         profiles=[SDK],
         unpaired="No public document describes a permission held in two of the token's sets (DECISIONS.md D47).",
         sources=[
             sdk(ACCESS_TOKEN, "70-73"),
             decision("D47"),
         ]),
    rule("access-token.granted.declined", S6, "any",
         "A permission that is only in declinedPermissions is not granted.",
         sources=[
             doc(FB_PERMISSIONS, "Declined Permissions"),
             sdk(ACCESS_TOKEN, "70-73"),
         ]),
    rule("access-token.granted.expired-permission", S6, "any",
         "A permission that is only in expiredPermissions is not granted.",
         sdk_only="how hasGranted treats expired permissions is the SDK's",
         sources=[
             sdk(ACCESS_TOKEN, "70-73"),
         ]),
    rule("access-token.granted.ignores-dates", S6, "any",
         "hasGranted reads the permissions only: an expired token, or one whose data access expired, still "
         "answers true for a permission it holds.",
         sdk_only="hasGranted ignoring the dates is the SDK's",
         sources=[
             sdk(ACCESS_TOKEN, "70-73"),
         ]),
    rule("access-token.expired.strict", S6, "any",
         "isExpired is expirationDate < now, strictly: a date one second (or a fraction of one) before now has "
         "expired, a date equal to now or later has not; epoch 0 and negative dates are ordinary past dates.",
         sdk_only="the strict comparison with now is the SDK's",
         sources=[
             sdk(ACCESS_TOKEN, "80-83"),
         ]),
    rule("access-token.expired.never", S6, "any",
         "A token without an expiration date (null) never expires, however late now is.",
         sdk_only="the meaning of a null expiry is the SDK's",
         sources=[
             sdk(ACCESS_TOKEN, "80-83"),
         ]),
    rule("access-token.data-access.strict", S6, "any",
         "isDataAccessExpired is dataAccessExpirationDate < now, strictly: equal to now has not expired.",
         sources=[
             doc(FB_ADVANCED, "Setting Auth Type (reauthorize when data access expired)"),
             sdk(ACCESS_TOKEN, "75-78"),
         ]),
    rule("access-token.data-access.never", S6, "any",
         "A token without a data access expiration date (null) never has its data access expire.",
         sdk_only="the meaning of a null data-access expiry is the SDK's",
         sources=[
             sdk(ACCESS_TOKEN, "75-78"),
         ]),
    rule("access-token.dates.independent", S6, "any",
         "isExpired reads only expirationDate and isDataAccessExpired only dataAccessExpirationDate: an expired "
         "token may have live data access, and a live token may have expired data access.",
         sources=[
             doc(FB_AUTH_VS_DATA, "Authentication Versus Data Access (the two expiration periods are different and depend "
                                  "on different factors); Data Access Expiration (when data access expires the user is "
                                  "still authenticated)"),
             sdk(ACCESS_TOKEN, "75-83"),
         ]),

    # --- access token change notifications (§6) --------------------------------------------------------------
    rule("token-change.post.on-change", S6, "any",
         "Setting the current token posts AccessTokenDidChange only when the token changes: setting the current "
         "token again, or nil when there is none, posts nothing (whether or not the token has expired).",
         sources=[
             doc(FB_ADVANCED, "Access Tokens (Notifications)"),
             sdk(ACCESS_TOKEN, "117-120"),
             sdk(ACCESS_TOKEN, "138-142"),
         ]),
    rule("token-change.user-info.tokens", S6, "any",
         "A change notification carries the new token under FBSDKAccessToken when it is non-nil and the old one "
         "under FBSDKAccessTokenOld when it is non-nil; a nil token's key is absent.",
         sdk_only="the iOS page documents AccessTokenDidChange and its user-ID key only, not the old and new token keys",
         sources=[
             sdk(ACCESS_TOKEN, "22-25"),
             sdk(ACCESS_TOKEN, "121-123"),
         ]),
    rule("token-change.user-id.different", S6, "any",
         "FBSDKAccessTokenDidChangeUserIDKey is true when the old and new user IDs differ as exact strings, or "
         "either token is nil (a first login, a logout).",
         sources=[
             doc(FB_ADVANCED, "Access Tokens (Notifications: check AccessTokenDidChangeUserIDKey)"),
             sdk(ACCESS_TOKEN, "124-127"),
             decision("D46"),
         ]),
    rule("token-change.user-id.refresh", S6, "any",
         "When the new token has the old token's user and the old token was still active, the notification "
         "carries no FBSDKAccessTokenDidChangeUserIDKey (a refresh, not a user change).",
         sources=[
             doc(FB_ADVANCED, "Access Tokens (Notifications: the SDK may update AccessToken.current over time)"),
             sdk(ACCESS_TOKEN, "124-127"),
         ]),
    rule("token-change.user-id.old-expired", S6, "any",
         "FBSDKAccessTokenDidChangeUserIDKey is true when the old token was not active at the step's time "
         "(expirationDate < now), even for the same user; expirationDate == now is still active, a token without "
         "an expiration date is always active, and the new token's expiry plays no part.",
         sdk_only="the user-change rule for an expired old token is the SDK's",
         sources=[
             sdk(ACCESS_TOKEN, "124-127"),
             sdk(ACCESS_TOKEN, "146-150"),
         ]),
    rule("token-change.expiry-timer", S6, "any",
         "The expiry timer posts AccessTokenDidChange with the current token as both FBSDKAccessToken and "
         "FBSDKAccessTokenOld, FBSDKAccessTokenDidExpireKey true and no FBSDKAccessTokenDidChangeUserIDKey, and "
         "leaves the current token as it is.",
         sdk_only="the expiry timer is the SDK's",
         sources=[
             sdk(EXPIRER, "47-78"),
         ]),
    rule("token-change.did-expire.timer-only", S6, "any",
         "FBSDKAccessTokenDidExpireKey is never in a notification that setting the current token posts, not even "
         "when the old or the new token has expired.",
         sdk_only="the did-expire key is the SDK's",
         sources=[
             sdk(ACCESS_TOKEN, "117-144"),
             sdk(EXPIRER, "66-78"),
         ]),
    rule("token-change.current", S6, "any",
         "After the steps the current token is the last one set (nil after a logout); the expiry timer and a "
         "repeated set leave it unchanged.",
         sdk_only="which token is current after a change is the SDK's",
         sources=[
             sdk(ACCESS_TOKEN, "120-120"),
             sdk(ACCESS_TOKEN, "129-129"),
         ]),

    # --- Graph API errors (§6, §7) ---------------------------------------------------------------------------
    rule("graph-error.category.default-recoverable", S7, "any",
         "With no server table, codes 102 and 190, whatever the subcode, are recoverable.",
         sources=[
             doc(FB_GRAPH_ERRORS, "Error Codes (102 API Session, 190 access token: get a new access token)"),
             doc(FB_IOS_ERRORS, "Error Handling and Recovery"),
             sdk(ERROR_CONFIGURATION, "68-73"),
             sdk(ERROR_CONFIGURATION, "114-121"),
         ]),
    rule("graph-error.category.default-transient", S7, "any",
         "With no server table, codes 1, 2, 4, 9, 17 and 341 are transient (the Handling Errors page gives 1, 2, 4, 17 "
         "and 341 wait and retry; 9 is in the SDK's table only, so no documented vector rests on it).",
         sources=[
             doc(FB_GRAPH_ERRORS, "Error Codes (1, 2, 4, 17, 341: wait and retry)"),
             sdk(ERROR_CONFIGURATION, "74-82"),
         ]),
    rule("graph-error.category.default-other", S7, "any",
         "With no server table, every other code (0, 3, 5, 10, 100, 101, 103, 189, 191, 200, 300, 340, 342, ...) "
         "is other.",
         sdk_only="Handling Errors gives actions per code, no 'other' category",
         sources=[
             sdk(ERROR_CONFIGURATION, "90-99"),
             sdk(CONNECTION, "1121-1127"),
         ]),
    rule("graph-error.category.tactic.documented", S7, "any",
         "Documented reading: the category follows the Handling Errors page's recovery tactic: get a new access "
         "token is recoverable, wait and retry is transient, any other tactic (request the permission, ...) is other.",
         profiles=[DOC],
         unpaired="Under ios-sdk the category comes from the SDK's default and server tables (their own rules).",
         sources=[
             {"document": "FB: Handling Errors (Graph API)", "section": "Error Codes (the recovery tactic of each code)"},
             {"decision": "D30"},
             {"decision": "D31"},
         ]),
        rule("graph-error.category.is-transient", S7, "any",
         "is_transient: true in the error makes the category transient whatever the default or server table says; "
         "is_transient: false changes nothing. The SDK reads it as a number: any JSON number but 0 counts, a string "
         "never does (DECISIONS.md D45).",
             sdk_only="is_transient is not on Handling Errors",
             sources=[
                 sdk(CONNECTION, "1126-1127"),
                 decision("D45"),
             ]),
    rule("graph-error.server-table.names", S7, "any",
         "A server-table category named other is other, one named transient is transient, any other name "
         "(login, recoverable, a new name) is recoverable.",
         sdk_only="the server's error-configuration table is not publicly documented",
         sources=[
             sdk(ERROR_CONFIGURATION, "17-19"),
             sdk(ERROR_CONFIGURATION, "112-121"),
         ]),
    rule("graph-error.server-table.lookup-order", S7, "any",
         "The server table is searched for code+subcode, then code+*, then *+subcode, then *+*; the first entry "
         "found decides. An item without subcodes (or with an empty list) is code+*; an error without a subcode "
         "matches only * entries.",
         sdk_only="the server's error-configuration table is not publicly documented",
         sources=[
             sdk(ERROR_CONFIGURATION, "90-99"),
             sdk(ERROR_CONFIGURATION, "144-163"),
             sdk(CONNECTION, "1093-1100"),
             decision("D29"),
         ]),
    rule("graph-error.server-table.wildcard-code.ios-sdk", S8, "any",
         "SDK reading: a server-table item whose code is not a number (the wildcard) is dropped with the rest of "
         "its category's items, so a wildcard code never matches (DECISIONS.md D29).",
         profiles=[SDK],
         unpaired="No public document describes the server's error table or a wildcard code (DECISIONS.md D29), "
                  "so the wildcard code has no documented vector.",
         sources=[
             sdk(ERROR_CONFIGURATION, "125-136"),
             decision("D29"),
         ]),
    rule("graph-error.server-table.overrides", S7, "any",
         "A server-table entry for the error's code (and subcode) decides over the default table: 190 can be made "
         "other, 1 recoverable, 100 transient.",
         sdk_only="the server's error-configuration table is not publicly documented",
         sources=[
             sdk(SERVER_CONFIGURATION, "225-226"),
             sdk(ERROR_CONFIGURATION, "132-163"),
         ]),
    rule("graph-error.permission-error.documented", S7, "any",
         "Documented reading: Graph code 10 and 200-299 are permission errors (isPermissionError true); the "
         "Graph error page's other codes (1, 2, 4, 17, 102, 190, ...) are not (DECISIONS.md D30).",
         profiles=[DOC],
         unpaired="The SDK has no permission-error flag (DECISIONS.md D30): the ios-sdk profile does not compare "
                  "isPermissionError.",
         sources=[
             doc(FB_PERMISSIONS, "Missing Permissions (code 200)"),
             doc(FB_GRAPH_ERRORS, "Error Codes (10 and 200-299: API permission)"),
             decision("D30"),
         ]),
    rule("graph-error.message", S7, "any",
         "The message is the error's message, else its error_reason, else its error_msg, else null; other members "
         "(error_user_msg, error_user_title, type) are never the message.",
         sources=[
             doc(FB_GRAPH_ERRORS, "Error Responses (message)"),
             sdk(CONNECTION, "1142-1146"),
         ]),
    rule("graph-error.client-action.documented", S7, "any",
         "Documented reading: a permission error -> rerequestPermission (handle the missing permission); 102 and "
         "190 -> logInAgain (get a new access token); 1, 2, 4, 17, 341 -> retry (DECISIONS.md D30).",
         profiles=[DOC],
         unpaired="The SDK has no client action (DECISIONS.md D30): the ios-sdk profile does not compare "
                  "clientAction.",
         sources=[
             doc(FB_PERMISSIONS, "Your app should manage permissions as follows (missing and revoked permissions: "
                                 "request the permission and retry)"),
             doc(FB_GRAPH_ERRORS, "Error Codes (What To Do)"),
             doc(FB_IOS_ERRORS, "Error Handling and Recovery"),
             decision("D30"),
         ]),
    rule("graph-error.token.cleared.ios-sdk", S6, "any",
         "SDK reading: code 190 or 102 (any subcode other than 493) on a request made with the current token clears "
         "the current token when the error reaches the connection's token check: always with graph error recovery "
         "off (graphErrorRecovery: false), whatever the category; with recovery on, only for category other "
         "(DECISIONS.md D50).",
         profiles=[SDK],
         unpaired="No public document says what an error does to the current token (DECISIONS.md D50): Handling "
                  "Errors tells the app to get a new token, and the iOS SDK's error page describes the recovery, "
                  "not the token.",
         sources=[
             sdk(CONNECTION, "981-990"),
             sdk(CONNECTION, "1019-1040"),
             sdk(RECOVERY_PROCESSOR, "80-81"),
             decision("D50"),
         ]),
    rule("graph-error.token.recovery.ios-sdk", S6, "any",
         "SDK reading: with graph error recovery on (the SDK's default; graphErrorRecovery absent or true) a "
         "transient or recoverable error never changes the current token: a transient one is retried (the retry "
         "is another request, with its own response), and a recoverable one on the current token's request goes "
         "to a login recovery attempter SDK 18.1.0 cannot find, so the token is kept and the request's "
         "completion never runs (DECISIONS.md D50).",
         profiles=[SDK],
         unpaired="The iOS SDK's error page describes automatic recovery (retry, login) but not its effect on the "
                  "current token, and the documented reading does not compare currentToken (DECISIONS.md D50).",
         sources=[
             doc(FB_IOS_ERRORS, "Error Handling and Recovery"),
             sdk(SETTINGS, "245-246"),
             sdk(GRAPH_REQUEST, "317-319"),
             sdk(CONNECTION, "981-990"),
             sdk(RECOVERY_PROCESSOR, "65-79"),
             sdk(RECOVERY_ATTEMPTER, "31-44"),
             sdk(LOGIN_RECOVERY_ATTEMPTER, "12-12"),
             sdk(CONNECTION, "1361-1376"),
             decision("D50"),
         ]),
    rule("graph-error.token.marked-expired", S6, "any",
         "Code 190 or 102 with subcode 493 on a request made with the current token marks the token expired "
         "instead of clearing it, where the error reaches the connection's token check (recovery off, or "
         "category other: DECISIONS.md D50).",
         sdk_only="subcode 493 is not in the public list; marking the token expired is the SDK's",
         sources=[
             sdk(CONNECTION, "1019-1029"),
             sdk(CONNECTION, "1034-1039"),
         ]),
    rule("graph-error.token.other-request", S6, "any",
         "A request not made with the current token leaves the current token as it is, even for 190 and 102 "
         "(subcode 493 included).",
         sdk_only="leaving the current token alone for another request's error is the SDK's",
         sources=[
             sdk(CONNECTION, "1031-1040"),
         ]),
    rule("graph-error.token.other-codes", S6, "any",
         "Codes other than 190 and 102 leave the current token as it is, subcode 493 included.",
         sdk_only="which codes touch the current token is the SDK's",
         sources=[
             sdk(CONNECTION, "1034-1039"),
         ]),
]

# Rule IDs that no longer hold: {"id": ..., "reason": ...}. Never reused.
RETIRED = [
    {"id": "result.expiry",
     "reason": "DECISIONS.md D27: the expires / expires_at / expires_in precedence is how the SDK reads a Graph "
               "JSON response, not the callback URL (whose string values it never reads); no public document "
               "states it. Replaced by result.expiry.url-strings.ios-sdk."},
    {"id": "configuration.check-order",
     "reason": "DECISIONS.md D26: no public document orders the checks; the SDK's order holds under ios-sdk only, "
               "as configuration.check-order.ios-sdk."},
    {"id": "request.tracking-shim",
     "reason": "DECISIONS.md D25: the shim holds under ios-sdk only (limited. host, no app switch), as "
               "request.tracking-shim.ios-sdk."},
    {"id": "graph-error.permission-error",
     "reason": "DECISIONS.md D30: the SDK has no permission-error flag; the rule holds under the documented reading "
               "only, as graph-error.permission-error.documented."},
    {"id": "graph-error.client-action",
     "reason": "DECISIONS.md D30: the SDK has no client action; the rule holds under the documented reading only, "
               "as graph-error.client-action.documented."},
    {"id": "graph-error.token.cleared",
     "reason": "DECISIONS.md D50 (suite 0.5.0): graph error recovery, on by default, takes transient and "
               "recoverable errors before the token-clearing code, and no public document says what an error does "
               "to the current token; replaced by graph-error.token.cleared.ios-sdk and "
               "graph-error.token.recovery.ios-sdk."},
]



def _moved_to_ios_sdk(rule: dict[str, Any]) -> dict[str, Any]:
    """DECISIONS.md D31: a rule only the SDK's code states holds under ios-sdk only, renamed <id>.ios-sdk."""
    why = rule.get("sdkOnly")
    rule = {key: value for key, value in rule.items() if key != "sdkOnly"}
    if why is None:
        return rule
    return {**rule, "id": rule["id"] + ".ios-sdk", "profiles": [SDK],
            "unpaired": f"No public document states it (DECISIONS.md D31): {why}."}


def _retired_by_the_move() -> list[dict[str, str]]:
    return [{"id": rule["id"], "reason": f"DECISIONS.md D31: only the SDK's code states it, so it holds under ios-sdk "
                                        f"only, as {rule['id']}.ios-sdk."} for rule in RULES if "sdkOnly" in rule]


_PROBLEMS = check_sources(RULES)
_MOVED = _retired_by_the_move()
RULES = [_moved_to_ios_sdk(rule) for rule in RULES]
RETIRED = RETIRED + _MOVED
# The old IDs of the rules D31 moves, for common.vector(): a generator module may still name them.
MOVED_TO_IOS_SDK = {entry["id"]: entry["id"] + ".ios-sdk" for entry in _MOVED}
# A rule new in 0.3.0 that only the SDK's code states: naming it (by its short ID) moves a vector the same way.
MOVED_TO_IOS_SDK["result.error-codes"] = "result.error-codes.ios-sdk"


def family_rules() -> list[dict[str, Any]]:
    """The rules family modules declare in their own `RULES` (rule records, as above), in the order of the family
    modules (vectorgen/families.py): a family whose vectors alone cite a rule keeps the rule beside them, so adding a
    family edits no other file. Such a rule is written as it holds: a rule only the SDK's code states carries its
    `.ios-sdk` suffix, `profiles` and `unpaired` itself (the D31 move above renamed rules that existed before it)."""
    from . import families  # imported here: the family modules import this one
    return [record for name in families.declaring("RULES")
            for record in checked_family_rules(name, importlib.import_module(f"vectorgen.{name}").RULES)]


def checked_family_rules(module: str, records: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The RULES of the family module `module`; a record with `sdk_only` is refused, naming the module and the rule
    (the D31 move renames rules only this file had before it)."""
    records = list(records)
    for record in records:
        if "sdkOnly" in record:
            raise ValueError(f"vectorgen/{module}.py: rule {record['id']} has sdk_only: write it as it holds "
                             "(the .ios-sdk ID, its profiles and why it is unpaired)")
    return records


def all_rules() -> list[dict[str, Any]]:
    """This file's rules, then the family modules' (``family_rules``)."""
    return RULES + family_rules()


def catalogue() -> dict[str, Any]:
    """The document written to Vectors/rules.json: every rule with its sources, the documents those sources name and
    the SDK tag the ios-sdk profile models. Fails when a rule has no sources or a source is malformed."""
    from .common import held_under  # imported here: common imports this module
    every = all_rules()
    problems = _PROBLEMS + check_sources(every[len(RULES):])
    if problems:
        raise ValueError("vectorgen/rules.py and the family modules' RULES: " + "; ".join(problems))
    return {
        "formatVersion": 1,
        "description": (
            "The rules the vectors encode (Vectors/SPECIFICATION.md states them in prose), one stable ID each. "
            "Every vector names the rules it exercises in its rules member. section: where SPECIFICATION.md states "
            "the rule. needs: the vectors a rule must have (accept: one whose expected result accepts; reject: one "
            "that refuses; both: one of each; any: at least one). profiles: the profiles the rule holds under, the "
            "profile of the one reading it states first, then any profile that takes that reading (absent: every "
            "profile). unpaired: why the rule's profile-specific vectors have no counterpart in the other "
            "profile. sources: where the rule comes from: a public document (a key of documents, with the section), "
            "the facebook-ios-sdk code at the tag in sdk (path and lines), an entry of Vectors/DECISIONS.md, or why "
            "it cannot be checked here."
        ),
        "sdk": dict(SDK_TAG),
        "documents": {key: dict(value) for key, value in DOCUMENTS.items()},
        # The sources last, as the catalogue has always written them.
        "rules": [{**{k: v for k, v in held_under(rule).items() if k != "sources"},
                   "sources": [dict(s) for s in rule["sources"]]} for rule in every],
        "retired": RETIRED,
    }


def ids() -> set[str]:
    return {rule["id"] for rule in all_rules()}
