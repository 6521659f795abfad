"""Where every rule comes from: the public documents, the SDK code the ios-sdk profile models, and the decision record.

`rules.catalogue()` merges these into Vectors/rules.json; `specification.py` renders them as links in
Vectors/SPECIFICATION.md. Data only: every statement here is checkable against the source it names.

DOCUMENTS  {key: {"title", "url", "kind"}}: every public document a rule or a vector's refs cite. A vector ref is the
           key, optionally followed by " §<section>" (e.g. "RFC 7519 §4.1.4").
SDK        the facebook-ios-sdk tag the ios-sdk profile models.
SOURCES    {rule ID: [source, ...]}, each source exactly one of
             {"document": key, "section": heading or section number}
             {"sdk": path in facebook-ios-sdk, "lines": "a-b"}  (lines at SDK["tag"])
             {"decision": "Dnn"}                                  (an entry of Vectors/DECISIONS.md)
             {"unverifiable": why it cannot be checked here, and the evidence we have}
"""

from collections.abc import Iterable

SDK = {
    "repository": "https://github.com/facebook/facebook-ios-sdk",
    "tag": "v18.1.0",
    "commit": "3818dd2ccb6547c6d320ff68a1bd599789c3a44f",
}

# The permissions the Limited Login page ("Permissions") lists as the only ones a limited login may request.
LIMITED_LOGIN_PERMISSIONS = [
    "public_profile", "email", "gaming_profile", "gaming_user_picture", "user_age_range", "user_birthday",
    "user_friends", "user_gender", "user_hometown", "user_link", "user_location", "user_messenger_contact",
]

# Facebook's own pages. The first three are the pages the project started from (it worked from translations of
# them); the others are the pages those link to for tokens and errors.
FB_LIMITED = "FB: Limited Login for iOS"
FB_PERMISSIONS = "FB: Managing Permissions, iOS"
FB_ADVANCED = "FB: Facebook Login for iOS, Advanced"
FB_TOKEN = "FB: OIDC Token for Limited Login"
FB_VALIDATING = "FB: Validating the Limited Login OIDC Token"
FB_IOS_ERRORS = "FB: Error Handling (iOS SDK)"
FB_GRAPH_ERRORS = "FB: Handling Errors (Graph API)"
FB_MANUAL_FLOW = "FB: Manually Build a Login Flow"
FB_AUTH_VS_DATA = "FB: Authentication Versus Data Access"
OIDC = "OpenID Connect Core 1.0"
UAX15 = "Unicode Standard Annex 15"
UCD = "Unicode Character Database"

DOCUMENTS = {
    FB_LIMITED: {
        "title": "Limited Login for iOS",
        "url": "https://developers.facebook.com/docs/facebook-login/limited-login/ios",
        "kind": "facebook",
    },
    FB_PERMISSIONS: {
        "title": "Managing Permissions, iOS",
        "url": "https://developers.facebook.com/docs/facebook-login/ios/permissions",
        "kind": "facebook",
    },
    FB_ADVANCED: {
        "title": "Facebook Login for iOS: Advanced (Login Review, Custom Login Button, Access Tokens, Profiles, "
                 "Setting Auth Type)",
        "url": "https://developers.facebook.com/docs/facebook-login/ios/advanced",
        "kind": "facebook",
    },
    FB_TOKEN: {
        "title": "OIDC Token for Limited Login",
        "url": "https://developers.facebook.com/docs/facebook-login/limited-login/token",
        "kind": "facebook",
    },
    FB_VALIDATING: {
        "title": "Validating the Limited Login OIDC Token",
        "url": "https://developers.facebook.com/docs/facebook-login/limited-login/token/validating",
        "kind": "facebook",
    },
    FB_IOS_ERRORS: {
        "title": "Error Handling, iOS SDK",
        "url": "https://developers.facebook.com/docs/ios/errors",
        "kind": "facebook",
    },
    FB_GRAPH_ERRORS: {
        "title": "Graph API: Handling Errors",
        "url": "https://developers.facebook.com/docs/graph-api/guides/error-handling",
        "kind": "facebook",
    },
    FB_MANUAL_FLOW: {
        "title": "Facebook Login: Manually Build a Login Flow",
        "url": "https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow",
        "kind": "facebook",
    },
    FB_AUTH_VS_DATA: {
        "title": "Facebook Login: Authentication Versus Data Access",
        "url": "https://developers.facebook.com/docs/facebook-login/auth-vs-data",
        "kind": "facebook",
    },
    "RFC 4055": {
        "title": "RFC 4055: Additional Algorithms and Identifiers for RSA Cryptography for use in the Internet X.509 "
                 "Public Key Infrastructure",
        "url": "https://www.rfc-editor.org/rfc/rfc4055",
        "kind": "rfc",
    },
    "RFC 4648": {
        "title": "RFC 4648: The Base16, Base32, and Base64 Data Encodings",
        "url": "https://www.rfc-editor.org/rfc/rfc4648",
        "kind": "rfc",
    },
    "RFC 6749": {
        "title": "RFC 6749: The OAuth 2.0 Authorization Framework",
        "url": "https://www.rfc-editor.org/rfc/rfc6749",
        "kind": "rfc",
    },
    "RFC 7515": {
        "title": "RFC 7515: JSON Web Signature (JWS)",
        "url": "https://www.rfc-editor.org/rfc/rfc7515",
        "kind": "rfc",
    },
    "RFC 7517": {
        "title": "RFC 7517: JSON Web Key (JWK)",
        "url": "https://www.rfc-editor.org/rfc/rfc7517",
        "kind": "rfc",
    },
    "RFC 7518": {
        "title": "RFC 7518: JSON Web Algorithms (JWA)",
        "url": "https://www.rfc-editor.org/rfc/rfc7518",
        "kind": "rfc",
    },
    "RFC 7519": {
        "title": "RFC 7519: JSON Web Token (JWT)",
        "url": "https://www.rfc-editor.org/rfc/rfc7519",
        "kind": "rfc",
    },
    "RFC 7636": {
        "title": "RFC 7636: Proof Key for Code Exchange by OAuth Public Clients",
        "url": "https://www.rfc-editor.org/rfc/rfc7636",
        "kind": "rfc",
    },
    "RFC 7800": {
        "title": "RFC 7800: Proof-of-Possession Key Semantics for JSON Web Tokens (JWTs)",
        "url": "https://www.rfc-editor.org/rfc/rfc7800",
        "kind": "rfc",
    },
    "RFC 7493": {
        "title": "RFC 7493: The I-JSON Message Format",
        "url": "https://www.rfc-editor.org/rfc/rfc7493",
        "kind": "rfc",
    },
    "RFC 8017": {
        "title": "RFC 8017: PKCS #1: RSA Cryptography Specifications Version 2.2",
        "url": "https://www.rfc-editor.org/rfc/rfc8017",
        "kind": "rfc",
    },
    "RFC 8259": {
        "title": "RFC 8259: The JavaScript Object Notation (JSON) Data Interchange Format",
        "url": "https://www.rfc-editor.org/rfc/rfc8259",
        "kind": "rfc",
    },
    "RFC 5280": {
        "title": "RFC 5280: Internet X.509 Public Key Infrastructure Certificate and CRL Profile",
        "url": "https://www.rfc-editor.org/rfc/rfc5280",
        "kind": "rfc",
    },
    "RFC 7468": {
        "title": "RFC 7468: Textual Encodings of PKIX, PKCS, and CMS Structures",
        "url": "https://www.rfc-editor.org/rfc/rfc7468",
        "kind": "rfc",
    },
    "RFC 8725": {
        "title": "RFC 8725: JSON Web Token Best Current Practices",
        "url": "https://www.rfc-editor.org/rfc/rfc8725",
        "kind": "rfc",
    },
    "RFC 9449": {
        "title": "RFC 9449: OAuth 2.0 Demonstrating Proof of Possession (DPoP)",
        "url": "https://www.rfc-editor.org/rfc/rfc9449",
        "kind": "rfc",
    },
    OIDC: {
        "title": "OpenID Connect Core 1.0 incorporating errata set 2",
        "url": "https://openid.net/specs/openid-connect-core-1_0.html",
        "kind": "standard",
    },
    UAX15: {
        "title": "Unicode Standard Annex 15: Unicode Normalization Forms",
        "url": "https://www.unicode.org/reports/tr15/",
        "kind": "standard",
    },
    UCD: {
        "title": "Unicode Character Database (General_Category, PropList White_Space)",
        "url": "https://www.unicode.org/reports/tr44/",
        "kind": "standard",
    },
}


def doc(key: str, section: str) -> dict[str, str]:
    if key not in DOCUMENTS:
        raise KeyError(key)
    return {"document": key, "section": section}


def sdk(path: str, lines: str) -> dict[str, str]:
    return {"sdk": path, "lines": lines}


def decision(number: str) -> dict[str, str]:
    return {"decision": number}


def unverifiable(why: str) -> dict[str, str]:
    return {"unverifiable": why}


# SDK files (paths at the tag).
_LOGIN = "FBSDKLoginKit/FBSDKLoginKit/"
_CORE = "FBSDKCoreKit/FBSDKCoreKit/"
NONCE_VALIDATOR = _LOGIN + "Internal/NonceValidator.swift"
PERMISSION = _LOGIN + "Internal/FBPermission.swift"
CONFIGURATION = _LOGIN + "LoginConfiguration.swift"
CODE_VERIFIER = _LOGIN + "CodeVerifier.swift"
AUTH_TYPE = _LOGIN + "FBSDKLoginAuthType.m"
LOGIN_MANAGER = _LOGIN + "LoginManager.swift"
ENDPOINTS = _LOGIN + "Internal/LoginEndpoints.swift"
LOGIN_UTILITY = _LOGIN + "Internal/LoginUtility.swift"
URL_COMPLETER = _LOGIN + "Internal/LoginURLCompleter.swift"
NATIVE_APP = _LOGIN + "Internal/NativeAppLoginHandler.swift"
TOKEN_FACTORY = _LOGIN + "Internal/AuthenticationTokenFactory.swift"
TOKEN_HEADER = _LOGIN + "Internal/AuthenticationTokenHeader.swift"
INTERNAL_UTILITY = _CORE + "FBSDKInternalUtility.m"
CLAIMS = _CORE + "AuthenticationTokenClaims.swift"
AGE_RANGE = _CORE + "FBSDKUserAgeRange.m"
LOCATION = _CORE + "FBSDKLocation.m"
ACCESS_TOKEN = _CORE + "FBSDKAccessToken.m"
EXPIRER = _CORE + "Internal/TokenCaching/_AccessTokenExpirer.swift"
ERROR_CONFIGURATION = _CORE + "Internal/ServerConfiguration/FBSDKErrorConfiguration.m"
SERVER_CONFIGURATION = _CORE + "Internal/ServerConfiguration/FBSDKServerConfigurationManager.m"
CONNECTION = _CORE + "GraphAPI/FBSDKGraphRequestConnection.m"
GRAPH_REQUEST = _CORE + "GraphAPI/FBSDKGraphRequest.m"
RECOVERY_PROCESSOR = _CORE + "GraphAPI/FBSDKGraphErrorRecoveryProcessor.m"
RECOVERY_ATTEMPTER = _CORE + "Internal/ErrorRecovery/FBSDKErrorRecoveryAttempter.m"
LOGIN_RECOVERY_ATTEMPTER = _LOGIN + "Internal/LoginRecoveryAttempter.swift"
SETTINGS = _CORE + "Settings.swift"
FEATURE_MANAGER = _CORE + "Internal/FeatureManager/_FeatureManager.swift"
BASE64 = "FBSDKCoreKit_Basics/FBSDKCoreKit_Basics/FBSDKBase64.m"

# Evidence texts used by several rules.
APPLE_WHITESPACES = (
    "The SDK tests the nonce against Foundation's CharacterSet.whitespaces, whose exact membership on Apple "
    "platforms cannot be run here. Apple documents it as Unicode General Category Zs plus CHARACTER TABULATION "
    "(https://developer.apple.com/documentation/foundation/characterset/whitespaces); swift-corelibs-foundation on "
    "Linux and CoreFoundation's CFUniChar.c (which adds U+2000 to U+200B explicitly) both include U+200B ZERO "
    "WIDTH SPACE, so on those the SDK refuses U+200B. See the decision record."
)
APPLE_ALPHANUMERICS = (
    "The SDK tests the verifier against Foundation's CharacterSet.alphanumerics, documented by Apple as Unicode "
    "General Categories L*, M* and N* (https://developer.apple.com/documentation/foundation/characterset/"
    "alphanumerics); Apple's exact tables (Unicode version) cannot be run here, so the vectors use only letters "
    "and decimal digits that every Unicode version since 6.0 classifies the same way."
)
APPLE_JSON = (
    "The SDK parses the header and payload with Apple's JSONSerialization and has no JSON checks of its own. "
    "Apple's parser cannot be run here (swift-corelibs-foundation on Linux is a different parser: it accepts a "
    "trailing comma, for example), so which malformed texts the SDK refuses is not checked beyond RFC 8259."
)
APPLE_TRAILING_COMMA = (
    "The SDK parses the claims and the header with Apple's JSONSerialization, without json5Allowed "
    "(AuthenticationTokenClaims.swift line 128: no options; AuthenticationTokenHeader.swift line 22: "
    ".mutableContainers only), which cannot be run here. "
    "The SDK compiled on Linux (Scripts/sdk_check/check_sdk.py) accepts a trailing comma; swift-foundation's JSONScanner.swift "
    "(the Foundation of Apple's platforms) and swift-corelibs-foundation's parser carry the comment that the "
    "Foundation JSON implementation supports trailing commas, as Foundation's maintainers confirm in its public "
    "tracker; the json5Allowed reading option does not imply the default refuses them. "
    "So the vectors hold under documented only."
)
APPLE_DATE_FORMATTER = (
    "The SDK parses user_birthday with Apple's DateFormatter (format MM/dd/yyyy, default non-lenient); how ICU's "
    "parser on Apple platforms treats out-of-range months and days cannot be run here."
)

SOURCES = {
    "result.error-codes.ios-sdk": [
        {"sdk": "FBSDKLoginKit/FBSDKLoginKit/LoginError.swift", "lines": "85-125"},
        {"sdk": "FBSDKLoginKit/FBSDKLoginKit/LoginManager.swift", "lines": "508-516"},
        {"decision": "D31"},
    ],
    "graph-error.category.tactic.documented": [
        {"document": "FB: Handling Errors (Graph API)", "section": "Error Codes (the recovery tactic of each code)"},
        {"decision": "D30"},
        {"decision": "D31"},
    ],
    # --- nonce (§1, §8) --------------------------------------------------------------------------------------
    "nonce.empty": [
        doc(FB_LIMITED, "New API Elements (a configuration fails to be created: the nonce must be a non-empty "
                        "string without whitespace)"),
        sdk(NONCE_VALIDATOR, "12-13"),
    ],
    "nonce.whitespace.zs": [
        doc(FB_LIMITED, "New API Elements (nonce without whitespace)"),
        doc(UCD, "General_Category Zs"),
        sdk(NONCE_VALIDATOR, "15-15"),
        unverifiable(APPLE_WHITESPACES),
        decision("D21"),
    ],
    "nonce.whitespace.tab": [
        doc(FB_LIMITED, "New API Elements (nonce without whitespace)"),
        doc(UCD, "PropList White_Space"),
        sdk(NONCE_VALIDATOR, "15-15"),
    ],
    "nonce.whitespace.newline.documented": [
        doc(FB_LIMITED, "New API Elements (nonce without whitespace)"),
        doc(UCD, "PropList White_Space"),
    ],
    "nonce.whitespace.newline.ios-sdk": [
        sdk(NONCE_VALIDATOR, "15-15"),
        unverifiable(APPLE_WHITESPACES),
    ],
    "nonce.no-trimming": [
        doc(FB_LIMITED, "New API Elements (nonce without whitespace)"),
        sdk(NONCE_VALIDATOR, "12-16"),
    ],
    "nonce.not-whitespace": [
        doc(UCD, "PropList White_Space"),
        sdk(NONCE_VALIDATOR, "15-15"),
        decision("D21"),
    ],
    "nonce.zero-width-space.documented": [
        doc(FB_LIMITED, "New API Elements (nonce without whitespace)"),
        doc(UCD, "PropList White_Space (U+200B is General_Category Cf, not White_Space)"),
        decision("D21"),
    ],
    "nonce.zero-width-space.ios-sdk": [
        sdk(NONCE_VALIDATOR, "15-15"),
        unverifiable(APPLE_WHITESPACES),
        decision("D21"),
    ],
    "nonce.no-charset-limit": [
        doc(FB_LIMITED, "New API Elements (the only conditions on a nonce: non-empty, no whitespace)"),
        sdk(NONCE_VALIDATOR, "12-16"),
    ],
    "nonce.no-length-limit": [
        doc(FB_LIMITED, "New API Elements (no length condition on the nonce)"),
        sdk(NONCE_VALIDATOR, "12-16"),
    ],
    "nonce.no-normalisation": [
        doc(UAX15, "Compatibility decomposition (NFKC is a separate form, not applied by the rule)"),
        sdk(NONCE_VALIDATOR, "15-15"),
    ],
    "nonce.no-decoding": [
        doc(OIDC, "3.1.2.1 (the nonce is passed through unmodified)"),
        sdk(NONCE_VALIDATOR, "12-16"),
    ],

    # --- login configuration (§1, §8) --------------------------------------------------------------------------
    "configuration.nonce": [
        doc(FB_LIMITED, "New API Elements (nonce: the nonce the configuration was created with)"),
        sdk(CONFIGURATION, "325-329"),
        sdk(CONFIGURATION, "349-349"),
    ],
    "configuration.nonce.default": [
        doc(FB_LIMITED, "New API Elements (a unique nonce is used if none is provided)"),
        sdk(CONFIGURATION, "362-372"),
    ],
    "configuration.permission.syntax": [
        sdk(PERMISSION, "35-41"),
        sdk(CONFIGURATION, "331-337"),
    ],
    "configuration.permission.syntax.limited.ios-sdk": [
        sdk(CONFIGURATION, "331-337"),
    ],
    "configuration.permission.all-or-nothing": [
        sdk(PERMISSION, "47-56"),
        sdk(CONFIGURATION, "331-337"),
    ],
    "configuration.permission.set": [
        doc(FB_LIMITED, "New API Elements (requestedPermissions is a Set; defaults to an empty set)"),
        sdk(CONFIGURATION, "332-332"),
    ],
    "configuration.scope.limited-list.documented": [
        doc(FB_LIMITED, "Permissions"),
        doc(FB_LIMITED, "New API Elements (permissions outside the tracking scope, e.g. user_likes with .limited, "
                        "fail the configuration)"),
    ],
    "configuration.scope.no-list.ios-sdk": [
        sdk(CONFIGURATION, "315-354"),
    ],
    "configuration.scope.enabled": [
        doc(FB_ADVANCED, "Login Review"),
        sdk(CONFIGURATION, "315-354"),
    ],
    "configuration.auth-type.default": [
        doc(FB_ADVANCED, "Setting Auth Type"),
        sdk(CONFIGURATION, "49-62"),
        sdk(CONFIGURATION, "80-90"),
        sdk(CONFIGURATION, "436-465"),
        decision("D44"),
    ],
    "configuration.auth-type": [
        doc(FB_ADVANCED, "Setting Auth Type"),
        sdk(CONFIGURATION, "339-344"),
        sdk(AUTH_TYPE, "13-14"),
    ],
    "configuration.check-order.ios-sdk": [
        sdk(CODE_VERIFIER, "47-58"),
        sdk(CONFIGURATION, "325-344"),
        decision("D26"),
    ],
    "configuration.check-order.unordered.documented": [
        doc(FB_LIMITED, "New API Elements (the configuration's rules, stated without an order)"),
        decision("D26"),
        decision("D59"),
    ],
    "configuration.messenger-page-id": [
        sdk(CONFIGURATION, "350-350"),
    ],
    "configuration.code-verifier.length": [
        doc("RFC 7636", "4.1"),
        sdk(CODE_VERIFIER, "39-39"),
        sdk(CODE_VERIFIER, "49-49"),
        decision("D24"),
    ],
    "configuration.code-verifier.charset": [
        doc("RFC 7636", "4.1"),
        sdk(CODE_VERIFIER, "51-55"),
        unverifiable(APPLE_ALPHANUMERICS),
        decision("D23"),
    ],
    "configuration.code-verifier.unicode.documented": [
        doc("RFC 7636", "4.1"),
    ],
    "configuration.code-verifier.unicode.ios-sdk": [
        sdk(CODE_VERIFIER, "49-55"),
        unverifiable(APPLE_ALPHANUMERICS),
        decision("D23"),
    ],
    "configuration.code-verifier.default": [
        doc("RFC 7636", "4.1"),
        sdk(CODE_VERIFIER, "63-73"),
        sdk(CONFIGURATION, "112-120"),
    ],

    # --- login result (§3) -------------------------------------------------------------------------------------
    "verifier.check-order.ios-sdk": [
        sdk(CODE_VERIFIER, "48-53"),
        decision("D49"),
    ],
    "verifier.check-order.unordered.documented": [
        doc("RFC 7636", "4.1"),
        decision("D49"),
        decision("D59"),
    ],
    "token.check-order.unordered": [
        doc("RFC 7515", "5.2"),
        doc("RFC 7519", "7.2"),
        sdk(TOKEN_FACTORY, "79-88"),
        sdk(TOKEN_HEADER, "20-31"),
        sdk(CLAIMS, "136-162"),
        decision("D59"),
    ],
    "token.check-order.dependencies": [
        doc("RFC 7515", "5.2"),
        sdk(TOKEN_FACTORY, "66-90"),
        decision("D59"),
    ],
    "token.check-order.algorithm.documented": [
        doc(FB_VALIDATING, "Check the Signature (use the signing algorithm specified in the header)"),
        doc("RFC 8725", "3.1"),
        decision("D59"),
    ],
    "result.check-order.ios-sdk": [
        sdk(URL_COMPLETER, "26-64"),
        sdk(URL_COMPLETER, "111-130"),
        sdk(LOGIN_MANAGER, "446-484"),
        sdk(LOGIN_MANAGER, "879-884"),
        decision("D59"),
    ],
    "result.parameters.fragment-wins": [
        doc("RFC 6749", "4.2.2"),
        sdk(INTERNAL_UTILITY, "106-119"),
    ],
    "result.callback-read.ios-sdk": [
        sdk(URL_COMPLETER, "26-64"),
        sdk(URL_COMPLETER, "73-98"),
        decision("D56"),
    ],
    "result.cancel.no-token": [
        doc(FB_ADVANCED, "Custom Login Button (result.isCancelled)"),
        sdk(LOGIN_MANAGER, "446-448"),
        sdk(LOGIN_MANAGER, "476-478"),
        decision("D28"),
    ],
    "result.cancel.empty-grant": [
        sdk(LOGIN_MANAGER, "879-884"),
    ],
    "result.scopes.syntax": [
        sdk(URL_COMPLETER, "142-154"),
        sdk(PERMISSION, "47-56"),
    ],
    "result.error.without-message": [
        doc("RFC 6749", "4.2.2.1"),
        sdk(URL_COMPLETER, "49-51"),
        sdk(URL_COMPLETER, "390-393"),
        decision("D28"),
    ],
    "result.error.with-message": [
        sdk(URL_COMPLETER, "390-418"),
        decision("D28"),
    ],
    "result.state.json": [
        doc("RFC 8259", "4"),
        doc("RFC 8259", "7"),
        sdk(URL_COMPLETER, "377-388"),
        decision("D22"),
        decision("D61"),
    ],
    "result.challenge": [
        doc("RFC 6749", "10.12"),
        sdk(LOGIN_MANAGER, "452-456"),
        sdk(LOGIN_MANAGER, "509-517"),
        sdk(URL_COMPLETER, "377-388"),
        decision("D22"),
    ],
    "result.challenge.after-cancellation": [
        sdk(LOGIN_MANAGER, "446-456"),
    ],
    "result.granted": [
        sdk(LOGIN_MANAGER, "917-930"),
    ],
    "result.declined": [
        doc(FB_PERMISSIONS, "Declined Permissions"),
        sdk(LOGIN_MANAGER, "932-935"),
    ],
    "result.declined.on-cancel": [
        sdk(LOGIN_MANAGER, "855-871"),
    ],
    "result.user-mismatch": [
        sdk(LOGIN_MANAGER, "731-765"),
    ],
    "result.id-token.success.ios-sdk": [
        sdk(URL_COMPLETER, "45-48"),
        sdk(URL_COMPLETER, "93-94"),
        sdk(URL_COMPLETER, "111-121"),
        sdk(URL_COMPLETER, "307-345"),
        sdk(LOGIN_MANAGER, "446-478"),
        sdk(LOGIN_MANAGER, "486-499"),
        sdk(LOGIN_MANAGER, "879-912"),
        decision("D40"),
    ],
    "result.id-token.no-stored-nonce.ios-sdk": [
        sdk(URL_COMPLETER, "26-48"),
        sdk(URL_COMPLETER, "82-92"),
        sdk(LOGIN_MANAGER, "1048-1053"),
        sdk(_LOGIN + "LoginError.swift", "85-93"),
        sdk(_CORE + "Internal/_ErrorFactory.swift", "20-42"),
        decision("D40"),
    ],
    "result.id-token.invalid.ios-sdk": [
        sdk(URL_COMPLETER, "111-130"),
        sdk(LOGIN_MANAGER, "446-456"),
        sdk(_LOGIN + "LoginError.swift", "85-118"),
        sdk(_CORE + "Internal/_ErrorFactory.swift", "20-42"),
        decision("D40"),
    ],
    "result.denied-scopes.syntax.ios-sdk": [
        sdk(URL_COMPLETER, "143-157"),
        sdk(PERMISSION, "47-56"),
        sdk(LOGIN_MANAGER, "932-935"),
        decision("D41"),
    ],
    "result.declined.unread-without-token.ios-sdk": [
        sdk(URL_COMPLETER, "45-51"),
        sdk(LOGIN_MANAGER, "855-862"),
        decision("D41"),
    ],
    "result.error.message-alone.ios-sdk": [
        sdk(URL_COMPLETER, "49-51"),
        sdk(URL_COMPLETER, "390-393"),
        decision("D41"),
    ],
    "result.expiry.url-strings.ios-sdk": [
        sdk(URL_COMPLETER, "348-375"),
        sdk(INTERNAL_UTILITY, "106-119"),
        decision("D27"),
    ],

    # --- token claims (§4, §8) -------------------------------------------------------------------------------
    "token.jose.numbers.double.ios-sdk": [
        doc("RFC 7519", "2"),
        doc("RFC 8259", "6"),
        sdk(CLAIMS, "148-152"),
        decision("D14"),
        decision("D62"),
    ],
    "token.json.string-byte-order-mark.documented": [
        doc("RFC 8259", "7"),
        decision("D62"),
        unverifiable(APPLE_JSON),
    ],
    "token.json.equivalent-texts": [
        doc("RFC 8259", "2"),
        doc("RFC 8259", "4"),
        doc("RFC 8259", "7"),
        doc("RFC 7519", "7.2"),
        sdk(CLAIMS, "127-131"),
        sdk(TOKEN_HEADER, "21-22"),
        decision("D61"),
    ],
    "token.json.grammar.documented": [
        doc(FB_VALIDATING, "Check That the JWT is Well Formed"),
        doc("RFC 8259", "2"),
        doc("RFC 8259", "3"),
        doc("RFC 8259", "6"),
        doc("RFC 8259", "7"),
        doc("RFC 8259", "8.1"),
        doc("RFC 7515", "5.2"),
        decision("D61"),
        unverifiable(APPLE_JSON),
    ],
    "token.json.byte-order-mark.documented": [
        doc("RFC 8259", "8.1"),
        decision("D61"),
        unverifiable(APPLE_JSON),
    ],
    "token.json.object": [
        doc(FB_VALIDATING, "Check That the JWT is Well Formed"),
        doc("RFC 7519", "7.2"),
        doc("RFC 8259", "2"),
        sdk(CLAIMS, "127-131"),
        sdk(TOKEN_HEADER, "21-22"),
        unverifiable(APPLE_JSON),
        decision("D18"),
    ],
    "token.json.trailing-comma.documented": [
        doc("RFC 8259", "4"),
        decision("D18"),
        unverifiable(APPLE_TRAILING_COMMA),
    ],
    "token.json.control-characters.documented": [
        doc("RFC 8259", "7"),
        decision("D18"),
        decision("D38"),
        unverifiable("The SDK parses the header and the claims with Apple's JSONSerialization (AuthenticationTokenClaims"
                     ".swift lines 127-128, AuthenticationTokenHeader.swift lines 21-22); whether it refuses a raw "
                     "control character inside a string cannot be run here."),
    ],
    "token.json.number-and-comment-grammar.documented": [
        doc("RFC 8259", "6"),
        doc("RFC 8259", "2"),
        decision("D18"),
        unverifiable("The SDK parses the header and the claims with Apple's JSONSerialization without json5Allowed "
                     "(AuthenticationTokenClaims.swift lines 127-128, AuthenticationTokenHeader.swift lines 21-22); "
                     "whether it refuses a leading zero, a plus sign or a comment cannot be run here."),
    ],
    "token.header.alg": [
        doc(FB_VALIDATING, "Check the Signature (RS256)"),
        doc("RFC 7515", "4.1.1"),
        doc("RFC 8725", "3.1"),
        sdk(TOKEN_HEADER, "23-26"),
        decision("D01"),
    ],
    "token.header.typ": [
        doc("RFC 7515", "4.1.9"),
        doc("RFC 7519", "5.1"),
        sdk(TOKEN_HEADER, "24-27"),
        decision("D01"),
    ],
    "token.header.kid": [
        doc("RFC 7515", "4.1.4"),
        sdk(TOKEN_HEADER, "25-28"),
        decision("D02"),
    ],
    "token.header.other-members": [
        doc("RFC 8725", "3.10"),
        sdk(TOKEN_HEADER, "19-34"),
    ],
    "token.claim.required": [
        doc(FB_VALIDATING, "Check the Standard Claims"),
        doc(OIDC, "2"),
        sdk(CLAIMS, "136-162"),
        decision("D07"),
        decision("D08"),
    ],
    "token.claim.type": [
        doc(FB_VALIDATING, "Check the Standard Claims (exp: Unix timestamp; iss, aud: string)"),
        doc("RFC 7519", "2"),
        doc(OIDC, "2"),
        sdk(CLAIMS, "136-162"),
    ],
    "token.claim.non-empty": [
        doc(OIDC, "2 (sub: an identifier for the end-user)"),
        sdk(CLAIMS, "154-159"),
        decision("D08"),
        decision("D09"),
    ],
    "token.claim.jti.ios-sdk": [
        doc("RFC 7519", "4.1.7"),
        sdk(CLAIMS, "136-137"),
        decision("D07"),
    ],
    "token.iss.documented": [
        doc(FB_VALIDATING, "Check the Standard Claims (token issuer)"),
        doc(FB_TOKEN, "OIDC Endpoints"),
        doc(OIDC, "3.1.3.7"),
        decision("D15"),
    ],
    "token.iss.ios-sdk": [
        sdk(CLAIMS, "39-42"),
        sdk(CLAIMS, "139-142"),
        decision("D15"),
    ],
    "token.aud": [
        doc(FB_VALIDATING, "Check the Standard Claims (audience: your app ID)"),
        doc("RFC 7519", "4.1.3"),
        sdk(CLAIMS, "144-146"),
        decision("D10"),
    ],
    "token.aud.code-points.documented": [
        doc("RFC 7519", "7.3"),
        doc(UAX15, "Canonical equivalence (a comparison that does not normalise tells NFC and NFD apart)"),
        decision("D10"),
    ],
    "token.aud.canonical.ios-sdk": [
        sdk(CLAIMS, "145-146"),
        decision("D10"),
    ],
    "token.aud.array": [
        doc(FB_VALIDATING, "Check the Standard Claims (aud: string)"),
        doc("RFC 7519", "4.1.3"),
        sdk(CLAIMS, "145-145"),
        decision("D10"),
    ],
    "token.exp.strict": [
        doc(FB_VALIDATING, "Check the Standard Claims (the expiration is later than the current time)"),
        doc("RFC 7519", "4.1.4"),
        sdk(CLAIMS, "148-149"),
    ],
    "token.iat.window": [
        doc("RFC 7519", "4.1.6"),
        doc(OIDC, "3.1.3.7"),
        sdk(CLAIMS, "133-134"),
        sdk(CLAIMS, "151-152"),
        decision("D05"),
    ],
    "token.iat.future.ios-sdk": [
        sdk(CLAIMS, "151-152"),
        decision("D06"),
    ],
    "token.nonce": [
        doc(FB_LIMITED, "Custom Nonces"),
        doc(FB_VALIDATING, "Check the Standard Claims (nonce)"),
        doc(OIDC, "3.1.3.7"),
        sdk(CLAIMS, "154-156"),
        decision("D11"),
    ],
    "token.nonce.code-points.documented": [
        doc("RFC 7519", "7.3"),
        doc(OIDC, "3.1.3.7"),
        decision("D11"),
    ],
    "token.nonce.canonical.ios-sdk": [
        sdk(CLAIMS, "154-156"),
        decision("D11"),
    ],
    "token.optional.kept": [
        doc(FB_LIMITED, "Implementing Limited Login"),
        doc(OIDC, "5.1"),
        sdk(CLAIMS, "164-211"),
        decision("D19"),
    ],
    "token.optional.dropped": [
        sdk(CLAIMS, "164-211"),
        decision("D19"),
    ],
    "token.unknown-claims": [
        doc("RFC 7519", "4"),
        sdk(CLAIMS, "189-211"),
        decision("D04"),
    ],

    # --- signed tokens (§4, §8) ------------------------------------------------------------------------------
    "token.jose.structure": [
        doc(FB_VALIDATING, "Check That the JWT is Well Formed (three Base64Url-encoded parts separated by "
                           "periods)"),
        doc("RFC 7515", "7.1"),
        sdk(TOKEN_FACTORY, "66-73"),
    ],
    "token.jose.base64url.documented": [
        doc("RFC 7515", "2"),
        doc("RFC 4648", "3.5"),
        doc("RFC 4648", "5"),
        decision("D17"),
    ],
    "token.jose.base64url.ios-sdk": [
        sdk(BASE64, "43-49"),
        sdk(BASE64, "55-69"),
        unverifiable("The SDK decodes with Apple's NSData initWithBase64EncodedString:options: and "
                     "NSDataBase64DecodingIgnoreUnknownCharacters after padding to a multiple of 4; how Apple's "
                     "decoder treats non-zero trailing bits cannot be run here (its documentation says unknown "
                     "characters are ignored, nothing about trailing bits)."),
        decision("D17"),
    ],
    "token.jose.base64url.alphabet": [
        doc(FB_VALIDATING, "Check That the JWT is Well Formed (three Base64Url-encoded parts)"),
        doc("RFC 7515", "2"),
        doc("RFC 4648", "5"),
        sdk(BASE64, "43-49"),
        decision("D57"),
    ],
    "token.jose.base64url.undecodable": [
        doc("RFC 4648", "4"),
        sdk(BASE64, "55-69"),
        decision("D17"),
    ],
    "token.jose.json": [
        doc(FB_VALIDATING, "Check That the JWT is Well Formed (the payload is a valid JSON object)"),
        doc("RFC 7515", "5.2"),
        doc("RFC 8259", "8.1"),
        sdk(CLAIMS, "127-131"),
        sdk(TOKEN_HEADER, "21-22"),
        unverifiable(APPLE_JSON),
        decision("D18"),
    ],
    "token.jose.json.duplicate-members": [
        doc("RFC 7515", "5.2"),
        doc("RFC 8259", "4"),
        unverifiable("The SDK has no duplicate-member check of its own (AuthenticationTokenClaims.swift lines "
                     "127-128, AuthenticationTokenHeader.swift lines 21-22 hand the text to Apple's "
                     "JSONSerialization); what Apple's parser does with a repeated name cannot be run here."),
        decision("D03"),
    ],
    "token.jose.crit.documented": [
        doc("RFC 7515", "4.1.11"),
        decision("D12"),
    ],
    "token.jose.crit.ios-sdk": [
        sdk(TOKEN_HEADER, "19-34"),
        decision("D12"),
    ],
    "token.jose.key-by-kid": [
        doc(FB_VALIDATING, "Check the Signature"),
        doc("RFC 7515", "4.1.4"),
        doc("RFC 7517", "4.5"),
        doc(OIDC, "10.1.1"),
        sdk(TOKEN_FACTORY, "90-90"),
        sdk(TOKEN_FACTORY, "176-182"),
    ],
    "token.jose.key-source.documented": [
        doc(FB_VALIDATING, "Check the Signature (retrieve the public key from the JWKS)"),
        doc(FB_TOKEN, "OIDC Endpoints (JWKS Endpoint)"),
        doc("RFC 7517", "5"),
        decision("D16"),
    ],
    "token.jose.key-source.ios-sdk": [
        sdk(TOKEN_FACTORY, "21-32"),
        sdk(TOKEN_FACTORY, "162-200"),
        decision("D16"),
    ],
    "token.jose.key-source.other-entries": [
        doc("RFC 7517", "5"),
        sdk(TOKEN_FACTORY, "176-182"),
        decision("D13"),
    ],
    "token.jose.key-source.string-map.ios-sdk": [
        sdk(TOKEN_FACTORY, "176-182"),
        decision("D13"),
    ],
    "token.jose.signature": [
        doc(FB_VALIDATING, "Check the Signature"),
        doc("RFC 7515", "5.2"),
        doc("RFC 7518", "3.3"),
        sdk(TOKEN_FACTORY, "100-134"),
    ],
    "token.jose.key-usability.documented": [
        doc(FB_VALIDATING, "Check the Signature (retrieve the public key from the JWKS)"),
        doc("RFC 7517", "4.2"),
        doc("RFC 7517", "4.3"),
        doc("RFC 7517", "4.4"),
        doc("RFC 8725", "3.1"),
        doc(OIDC, "10.1"),
        decision("D33"),
    ],
    "token.jose.key-by-kid.duplicate.documented": [
        doc("RFC 7517", "4.5"),
        doc("RFC 7517", "5"),
        decision("D34"),
    ],
    "token.jose.key-source.certificate-only.ios-sdk": [
        sdk(TOKEN_FACTORY, "176-194"),
        decision("D35"),
    ],
    "token.jose.jwk-forms.documented": [
        doc(FB_VALIDATING, "Check the Signature (retrieve the public key from the JWKS)"),
        doc("RFC 7517", "4"),
        doc("RFC 7517", "5"),
        doc("RFC 7518", "6.3.1"),
        doc("RFC 7518", "2"),
        doc("RFC 8017", "8.2.2"),
        decision("D63"),
    ],
    "token.jose.certificate-pem.ios-sdk": [
        sdk(TOKEN_FACTORY, "162-194"),
        sdk(TOKEN_FACTORY, "136-160"),
        doc("RFC 7468", "2"),
        unverifiable("The SDK decodes the entry with Data(base64Encoded:) and makes the certificate with "
                     "SecCertificateCreateWithData, Apple's Security framework, which cannot be run here; the SDK check "
                     "stands it in with swift-certificates (docs/sdk-check.md)."),
        decision("D35"),
        decision("D63"),
    ],
    "token.jose.key-source.certificate-dates": [
        doc(FB_VALIDATING, "Check the Signature (retrieve the public key from the JWKS)"),
        sdk(TOKEN_FACTORY, "136-160"),
        unverifiable("The SDK creates a SecTrust with SecPolicyCreateBasicX509 and copies its key (SecTrustCopyKey, "
                     "SecTrustCopyPublicKey before iOS 14) without calling SecTrustEvaluate; what Apple's Security "
                     "framework does inside SecTrustCopyKey cannot be run here."),
        decision("D35"),
    ],
    "token.jose.signature.encoding": [
        doc(FB_VALIDATING, "Check the Signature"),
        doc("RFC 7518", "3.3"),
        doc("RFC 8017", "8.2.2"),
        doc("RFC 8017", "9.2"),
        doc("RFC 4055", "2.1"),
        sdk(TOKEN_FACTORY, "100-134"),
        decision("D32"),
    ],
    "token.jose.numbers": [
        doc("RFC 7519", "2"),
        doc("RFC 8259", "6"),
        sdk(CLAIMS, "148-152"),
        unverifiable("The SDK reads exp and iat with `as? Double` from Apple's JSONSerialization result; whether "
                     "an integer beyond 2^53 bridges to Double on Apple platforms cannot be run here (on Linux "
                     "the cast fails for such integers)."),
        decision("D14"),
    ],
    "token.jose.numbers.exact.documented": [
        doc("RFC 7519", "2"),
        doc("RFC 8259", "6"),
        decision("D14"),
    ],
    "token.jose.size": [
        doc("RFC 7519", "7.2"),
        sdk(TOKEN_FACTORY, "52-98"),
        decision("D18"),
    ],

    # --- code verifier (§1, §8) ------------------------------------------------------------------------------
    "verifier.length": [
        doc("RFC 7636", "4.1"),
        sdk(CODE_VERIFIER, "39-39"),
        sdk(CODE_VERIFIER, "49-49"),
        decision("D24"),
    ],
    "verifier.charset": [
        doc("RFC 7636", "4.1"),
        sdk(CODE_VERIFIER, "51-55"),
    ],
    "verifier.whitespace-and-controls": [
        doc("RFC 7636", "4.1"),
        sdk(CODE_VERIFIER, "51-55"),
    ],
    "verifier.no-decoding": [
        doc("RFC 7636", "4.1"),
        sdk(CODE_VERIFIER, "47-58"),
    ],
    "verifier.non-ascii-symbol": [
        doc("RFC 7636", "4.1"),
        sdk(CODE_VERIFIER, "51-55"),
        unverifiable(APPLE_ALPHANUMERICS),
        decision("D23"),
    ],
    "verifier.unicode.documented": [
        doc("RFC 7636", "4.1"),
    ],
    "verifier.unicode.ios-sdk": [
        sdk(CODE_VERIFIER, "49-55"),
        unverifiable(APPLE_ALPHANUMERICS),
        decision("D23"),
    ],

    # --- code challenge (§1) -------------------------------------------------------------------------------
    "challenge.s256": [
        doc("RFC 7636", "4.2"),
        doc("RFC 7636", "Appendix B"),
        sdk(CODE_VERIFIER, "27-36"),
    ],
    "challenge.base64url-alphabet": [
        doc("RFC 7636", "Appendix A"),
        doc("RFC 4648", "5"),
        sdk(CODE_VERIFIER, "80-86"),
    ],
    "challenge.no-padding": [
        doc("RFC 7636", "Appendix A"),
        sdk(CODE_VERIFIER, "80-86"),
    ],
    "challenge.verifier-as-given": [
        doc("RFC 7636", "4.2"),
        sdk(CODE_VERIFIER, "28-30"),
    ],

    # --- login request (§2) ----------------------------------------------------------------------------------
    "request.endpoint.host": [
        sdk(LOGIN_MANAGER, "810-823"),
        sdk(ENDPOINTS, "18-18"),
        decision("D25"),
    ],
    "request.endpoint.path": [
        doc(FB_MANUAL_FLOW, "Invoking the Login Dialog and Setting the Redirect URL (the dialog endpoint is "
                            "/v{graph-api-version}/dialog/oauth)"),
        sdk(ENDPOINTS, "16-16"),
        sdk(INTERNAL_UTILITY, "181-197"),
    ],
    "request.client-id": [
        doc("RFC 6749", "4.1.1"),
        sdk(LOGIN_MANAGER, "570-570"),
    ],
    "request.fixed-parameters": [
        sdk(LOGIN_MANAGER, "571-573"),
        sdk(ENDPOINTS, "28-29"),
    ],
    "request.scope": [
        doc(FB_PERMISSIONS, "Request at Login"),
        sdk(LOGIN_MANAGER, "586-590"),
        sdk(ENDPOINTS, "31-31"),
    ],
    "request.nonce": [
        doc(FB_LIMITED, "Custom Nonces"),
        doc(OIDC, "3.1.2.1"),
        sdk(LOGIN_MANAGER, "630-630"),
    ],
    "request.auth-type": [
        doc(FB_ADVANCED, "Setting Auth Type"),
        sdk(LOGIN_MANAGER, "576-576"),
        sdk(LOGIN_MANAGER, "584-584"),
    ],
    "request.response-type": [
        sdk(LOGIN_MANAGER, "616-628"),
        sdk(ENDPOINTS, "22-23"),
    ],
    "request.tp.limited": [
        sdk(LOGIN_MANAGER, "616-619"),
        sdk(ENDPOINTS, "27-27"),
    ],
    "request.tp.enabled-authorized": [
        sdk(LOGIN_MANAGER, "622-627"),
        sdk(LOGIN_MANAGER, "653-658"),
    ],
    "request.tracking-shim.ios-sdk": [
        sdk(LOGIN_MANAGER, "622-627"),
        sdk(LOGIN_MANAGER, "660-669"),
        sdk(LOGIN_MANAGER, "810-818"),
        sdk(NATIVE_APP, "55-58"),
        decision("D25"),
    ],
    "request.pkce.enabled": [
        doc("RFC 7636", "4.3"),
        sdk(LOGIN_MANAGER, "653-658"),
        sdk(ENDPOINTS, "30-30"),
    ],
    "request.pkce.limited": [
        sdk(LOGIN_MANAGER, "616-620"),
    ],
    "request.redirect-uri": [
        doc("RFC 6749", "3.1.2"),
        sdk(LOGIN_MANAGER, "596-602"),
        sdk(INTERNAL_UTILITY, "87-104"),
    ],
    "request.state": [
        doc("RFC 6749", "4.1.1"),
        doc("RFC 6749", "10.12"),
        sdk(LOGIN_MANAGER, "604-614"),
    ],
    "request.default-audience": [
        sdk(LOGIN_MANAGER, "581-581"),
        sdk(LOGIN_UTILITY, "13-24"),
    ],
    "request.app-switch": [
        doc(FB_LIMITED, "Limitations"),
        sdk(NATIVE_APP, "34-72"),
        decision("D25"),
        decision("D51"),
    ],
    "request.app-switch.conditions.ios-sdk": [
        sdk(NATIVE_APP, "34-72"),
        sdk(FEATURE_MANAGER, "89-91"),
        sdk(FEATURE_MANAGER, "126-128"),
        sdk(FEATURE_MANAGER, "181-183"),
        sdk(LOGIN_MANAGER, "270-281"),
        decision("D51"),
    ],
    "request.scope.outside-limited-list.ios-sdk": [
        sdk(CONFIGURATION, "331-337"),
        sdk(LOGIN_MANAGER, "586-590"),
    ],
    "request.nonce.newline.ios-sdk": [
        sdk(NONCE_VALIDATOR, "15-15"),
        sdk(LOGIN_MANAGER, "630-630"),
    ],
    "request.nonce.zero-width-space.documented": [
        doc(FB_LIMITED, "Custom Nonces"),
        doc(OIDC, "3.1.2.1"),
        doc(UCD, "PropList White_Space (U+200B is General_Category Cf, not White_Space)"),
        decision("D21"),
    ],

    # --- profile from claims (§5) ----------------------------------------------------------------------------
    "profile.sub": [
        doc(FB_LIMITED, "What to Expect (a shared Profile with an app-scoped user ID)"),
        sdk(URL_COMPLETER, "307-313"),
        sdk(URL_COMPLETER, "327-328"),
    ],
    "profile.names": [
        doc(FB_LIMITED, "What to Expect (the user's name)"),
        doc(OIDC, "5.1"),
        sdk(URL_COMPLETER, "327-332"),
    ],
    "profile.string-claims": [
        doc(FB_LIMITED, "Implementing Limited Login (email, gender, linkURL)"),
        sdk(URL_COMPLETER, "315-318"),
        sdk(URL_COMPLETER, "333-336"),
        sdk(URL_COMPLETER, "342-342"),
    ],
    "profile.absent-claims": [
        sdk(URL_COMPLETER, "327-345"),
    ],
    "profile.wrong-type": [
        sdk(CLAIMS, "164-211"),
        sdk(URL_COMPLETER, "327-345"),
        decision("D19"),
    ],
    "profile.friends": [
        doc(FB_LIMITED, "Implementing Limited Login (friendIDs)"),
        sdk(CLAIMS, "203-203"),
        sdk(URL_COMPLETER, "337-337"),
    ],
    "profile.birthday": [
        doc(FB_LIMITED, "Implementing Limited Login (birthday)"),
        sdk(URL_COMPLETER, "320-325"),
        unverifiable(APPLE_DATE_FORMATTER),
        decision("D52"),
    ],
    "profile.age-range": [
        doc(FB_LIMITED, "Implementing Limited Login (ageRange)"),
        sdk(AGE_RANGE, "31-48"),
        sdk(URL_COMPLETER, "339-339"),
    ],
    "profile.age-range.whole-parts.ios-sdk": [
        sdk(AGE_RANGE, "31-48"),
        sdk(CLAIMS, "164-168"),
        decision("D43"),
    ],
    "profile.url-claims.empty.ios-sdk": [
        sdk(URL_COMPLETER, "315-318"),
        sdk(URL_COMPLETER, "333-333"),
        decision("D43"),
    ],
    "profile.places": [
        doc(FB_LIMITED, "Implementing Limited Login (hometown, location)"),
        sdk(LOCATION, "31-45"),
        sdk(URL_COMPLETER, "340-341"),
    ],
    "profile.permissions": [
        sdk(URL_COMPLETER, "118-121"),
        sdk(URL_COMPLETER, "343-344"),
    ],

    # --- access token (§6) -----------------------------------------------------------------------------------
    "access-token.granted.exact": [
        doc(FB_PERMISSIONS, "Check for Permissions"),
        sdk(ACCESS_TOKEN, "70-73"),
    ],
    "access-token.granted.overlapping.ios-sdk": [
        sdk(ACCESS_TOKEN, "70-73"),
        decision("D47"),
    ],
    "access-token.granted.declined": [
        doc(FB_PERMISSIONS, "Declined Permissions"),
        sdk(ACCESS_TOKEN, "70-73"),
    ],
    "access-token.granted.expired-permission": [
        sdk(ACCESS_TOKEN, "70-73"),
    ],
    "access-token.granted.ignores-dates": [
        sdk(ACCESS_TOKEN, "70-73"),
    ],
    "access-token.expired.strict": [
        sdk(ACCESS_TOKEN, "80-83"),
    ],
    "access-token.expired.never": [
        sdk(ACCESS_TOKEN, "80-83"),
    ],
    "access-token.data-access.strict": [
        doc(FB_ADVANCED, "Setting Auth Type (reauthorize when data access expired)"),
        sdk(ACCESS_TOKEN, "75-78"),
    ],
    "access-token.data-access.never": [
        sdk(ACCESS_TOKEN, "75-78"),
    ],
    "access-token.dates.independent": [
        doc(FB_AUTH_VS_DATA, "Authentication Versus Data Access (the two expiration periods are different and depend "
                             "on different factors); Data Access Expiration (when data access expires the user is "
                             "still authenticated)"),
        sdk(ACCESS_TOKEN, "75-83"),
    ],

    # --- access token change notifications (§6) --------------------------------------------------------------
    "token-change.post.on-change": [
        doc(FB_ADVANCED, "Access Tokens (Notifications)"),
        sdk(ACCESS_TOKEN, "117-120"),
        sdk(ACCESS_TOKEN, "138-142"),
    ],
    "token-change.user-info.tokens": [
        sdk(ACCESS_TOKEN, "22-25"),
        sdk(ACCESS_TOKEN, "121-123"),
    ],
    "token-change.user-id.different": [
        doc(FB_ADVANCED, "Access Tokens (Notifications: check AccessTokenDidChangeUserIDKey)"),
        sdk(ACCESS_TOKEN, "124-127"),
        decision("D46"),
    ],
    "token-change.user-id.refresh": [
        doc(FB_ADVANCED, "Access Tokens (Notifications: the SDK may update AccessToken.current over time)"),
        sdk(ACCESS_TOKEN, "124-127"),
    ],
    "token-change.user-id.old-expired": [
        sdk(ACCESS_TOKEN, "124-127"),
        sdk(ACCESS_TOKEN, "146-150"),
    ],
    "token-change.expiry-timer": [
        sdk(EXPIRER, "47-78"),
    ],
    "token-change.did-expire.timer-only": [
        sdk(ACCESS_TOKEN, "117-144"),
        sdk(EXPIRER, "66-78"),
    ],
    "token-change.current": [
        sdk(ACCESS_TOKEN, "120-120"),
        sdk(ACCESS_TOKEN, "129-129"),
    ],

    # --- Graph API errors (§6, §7) ---------------------------------------------------------------------------
    "graph-error.category.default-recoverable": [
        doc(FB_GRAPH_ERRORS, "Error Codes (102 API Session, 190 access token: get a new access token)"),
        doc(FB_IOS_ERRORS, "Error Handling and Recovery"),
        sdk(ERROR_CONFIGURATION, "68-73"),
        sdk(ERROR_CONFIGURATION, "114-121"),
    ],
    "graph-error.category.default-transient": [
        doc(FB_GRAPH_ERRORS, "Error Codes (1, 2, 4, 17, 341: wait and retry)"),
        sdk(ERROR_CONFIGURATION, "74-82"),
    ],
    "graph-error.category.default-other": [
        sdk(ERROR_CONFIGURATION, "90-99"),
        sdk(CONNECTION, "1121-1127"),
    ],
    "graph-error.category.is-transient": [
        sdk(CONNECTION, "1126-1127"),
        decision("D45"),
    ],
    "graph-error.server-table.names": [
        sdk(ERROR_CONFIGURATION, "17-19"),
        sdk(ERROR_CONFIGURATION, "112-121"),
    ],
    "graph-error.server-table.lookup-order": [
        sdk(ERROR_CONFIGURATION, "90-99"),
        sdk(ERROR_CONFIGURATION, "144-163"),
        sdk(CONNECTION, "1093-1100"),
        decision("D29"),
    ],
    "graph-error.server-table.wildcard-code.ios-sdk": [
        sdk(ERROR_CONFIGURATION, "125-136"),
        decision("D29"),
    ],
    "graph-error.server-table.overrides": [
        sdk(SERVER_CONFIGURATION, "225-226"),
        sdk(ERROR_CONFIGURATION, "132-163"),
    ],
    "graph-error.permission-error.documented": [
        doc(FB_PERMISSIONS, "Missing Permissions (code 200)"),
        doc(FB_GRAPH_ERRORS, "Error Codes (10 and 200-299: API permission)"),
        decision("D30"),
    ],
    "graph-error.message": [
        doc(FB_GRAPH_ERRORS, "Error Responses (message)"),
        sdk(CONNECTION, "1142-1146"),
    ],
    "graph-error.client-action.documented": [
        doc(FB_PERMISSIONS, "Your app should manage permissions as follows (missing and revoked permissions: "
                            "request the permission and retry)"),
        doc(FB_GRAPH_ERRORS, "Error Codes (What To Do)"),
        doc(FB_IOS_ERRORS, "Error Handling and Recovery"),
        decision("D30"),
    ],
    "graph-error.token.cleared.ios-sdk": [
        sdk(CONNECTION, "981-990"),
        sdk(CONNECTION, "1019-1040"),
        sdk(RECOVERY_PROCESSOR, "80-81"),
        decision("D50"),
    ],
    "graph-error.token.recovery.ios-sdk": [
        doc(FB_IOS_ERRORS, "Error Handling and Recovery"),
        sdk(SETTINGS, "245-246"),
        sdk(GRAPH_REQUEST, "317-319"),
        sdk(CONNECTION, "981-990"),
        sdk(RECOVERY_PROCESSOR, "65-79"),
        sdk(RECOVERY_ATTEMPTER, "31-44"),
        sdk(LOGIN_RECOVERY_ATTEMPTER, "12-12"),
        sdk(CONNECTION, "1361-1376"),
        decision("D50"),
    ],
    "graph-error.token.marked-expired": [
        sdk(CONNECTION, "1019-1029"),
        sdk(CONNECTION, "1034-1039"),
    ],
    "graph-error.token.other-request": [
        sdk(CONNECTION, "1031-1040"),
    ],
    "graph-error.token.other-codes": [
        sdk(CONNECTION, "1034-1039"),
    ],
}


# Rules only the SDK's code states (DECISIONS.md D31), each with why no public document states it. Since suite 0.3.0
# they hold under ios-sdk only: rules.py renames each to <id>.ios-sdk (the old ID is retired) and common.vector()
# moves every vector naming one to ios-sdk only. A rule that gains a document source leaves this list.
SDK_ONLY_SINCE_0_3_0 = {
    "configuration.permission.syntax":
        "no public page states a character rule for permission names; the pages only list valid names",
    "configuration.permission.all-or-nothing":
        "Limited Login states it for a permission outside the scope, not for a syntactically invalid one",
    "configuration.messenger-page-id":
        "no public page says the Messenger page ID is not validated",
    "result.cancel.empty-grant":
        "a callback with a token but an empty grant being a cancellation is stated only by LoginManager",
    "result.scopes.syntax":
        "Manually Build a Login Flow calls granted_scopes comma-separated, nothing about trimming or the syntax check",
    "result.error.with-message":
        "core error 8 and the error_message handling are the SDK's",
    "result.challenge.after-cancellation":
        "the order of the state check and cancellation is the SDK's",
    "result.granted":
        "granted = granted_scopes intersected with the request is the SDK's",
    "result.declined.on-cancel":
        "the declined set of a cancellation is the SDK's",
    "result.user-mismatch":
        "error 304 is named, never described, in public references",
    "token.optional.dropped":
        "OpenID Connect Core gives the claims' types, not that a wrong-typed optional claim is dropped and the token kept",
    "request.endpoint.host":
        "public pages use www.facebook.com; the m. and limited. hosts are the SDK's choice",
    "request.fixed-parameters":
        "display=touch, sdk=ios and return_scopes=true are the SDK's; current pages do not document sdk or return_scopes",
    "request.response-type":
        "the SDK's composite response_type values are not documented",
    "request.tp.limited":
        "the tp parameter is not documented",
    "request.tp.enabled-authorized":
        "the tp parameter is not documented",
    "request.pkce.limited":
        "no page says PKCE is left out with limited tracking",
    "request.default-audience":
        "default_audience is not on the current public pages",
    "profile.absent-claims":
        "how a profile is made from the claims (null members) is the SDK's",
    "profile.wrong-type":
        "dropping a wrong-typed claim from the profile is the SDK's",
    "profile.permissions":
        "the profile's permission handling (isLimited) is the SDK's",
    "access-token.granted.expired-permission":
        "how hasGranted treats expired permissions is the SDK's",
    "access-token.granted.ignores-dates":
        "hasGranted ignoring the dates is the SDK's",
    "access-token.expired.strict":
        "the strict comparison with now is the SDK's",
    "access-token.expired.never":
        "the meaning of a null expiry is the SDK's",
    "access-token.data-access.never":
        "the meaning of a null data-access expiry is the SDK's",
    "token-change.user-info.tokens":
        "the iOS page documents AccessTokenDidChange and its user-ID key only, not the old and new token keys",
    "token-change.user-id.old-expired":
        "the user-change rule for an expired old token is the SDK's",
    "token-change.expiry-timer":
        "the expiry timer is the SDK's",
    "token-change.did-expire.timer-only":
        "the did-expire key is the SDK's",
    "token-change.current":
        "which token is current after a change is the SDK's",
    "graph-error.category.default-other":
        "Handling Errors gives actions per code, no 'other' category",
    "graph-error.category.is-transient":
        "is_transient is not on Handling Errors",
    "graph-error.server-table.names":
        "the server's error-configuration table is not publicly documented",
    "graph-error.server-table.lookup-order":
        "the server's error-configuration table is not publicly documented",
    "graph-error.server-table.overrides":
        "the server's error-configuration table is not publicly documented",
    "graph-error.token.marked-expired":
        "subcode 493 is not in the public list; marking the token expired is the SDK's",
    "graph-error.token.other-request":
        "leaving the current token alone for another request's error is the SDK's",
    "graph-error.token.other-codes":
        "which codes touch the current token is the SDK's",
}


def sources_for(rule_id: str) -> list[dict[str, str]]:
    """The rule's sources (a rule moved to ios-sdk by D31 keeps the sources of its old ID); raises KeyError
    (generation fails) when a rule has none."""
    old = rule_id.removesuffix(".ios-sdk")
    sources = SOURCES.get(old if old in SDK_ONLY_SINCE_0_3_0 else rule_id)
    if not sources:
        raise KeyError(f"vectorgen/sources.py: rule {rule_id} has no sources")
    return [dict(source) for source in sources]


def check(rule_ids: Iterable[str]) -> list[str]:
    """Every rule has sources, no sources for a rule that does not exist, every document key is known, every sdk
    source has a line range a-b with a <= b. Returns a list of problems (empty when all is well)."""
    problems = []
    known = {id.removesuffix(".ios-sdk") if id.removesuffix(".ios-sdk") in SDK_ONLY_SINCE_0_3_0 else id
             for id in rule_ids}
    for rule_id in sorted(known - set(SOURCES)):
        problems.append(f"rule {rule_id} has no sources")
    for rule_id in sorted(set(SOURCES) - known):
        problems.append(f"sources for {rule_id}, which is not a rule")
    for rule_id in sorted(set(SDK_ONLY_SINCE_0_3_0) - known):
        problems.append(f"SDK_ONLY_SINCE_0_3_0 names {rule_id}, which is not a rule")
    for rule_id in sorted(SDK_ONLY_SINCE_0_3_0):
        if any("document" in source for source in SOURCES.get(rule_id, [])):
            problems.append(f"{rule_id} cites a document: it does not belong in SDK_ONLY_SINCE_0_3_0")
    for rule_id, sources in SOURCES.items():
        if not sources:
            problems.append(f"rule {rule_id} has an empty source list")
        for source in sources:
            kinds = [k for k in ("document", "sdk", "decision", "unverifiable") if k in source]
            if len(kinds) != 1:
                problems.append(f"{rule_id}: a source must be exactly one kind: {source}")
                continue
            if "document" in source and source["document"] not in DOCUMENTS:
                problems.append(f"{rule_id}: unknown document {source['document']!r}")
            if "sdk" in source:
                a, _, b = source.get("lines", "").partition("-")
                if not (a.isdigit() and b.isdigit() and 0 < int(a) <= int(b)):
                    problems.append(f"{rule_id}: bad line range {source.get('lines')!r}")
            if "decision" in source and not (len(source["decision"]) == 3 and source["decision"][0] == "D"
                                             and source["decision"][1:].isdigit()):
                problems.append(f"{rule_id}: bad decision {source['decision']!r}")
    return problems
