"""What the rules cite: the public documents, the SDK code the ios-sdk profile models, the decision record, and the
constructors of a rule's sources. Each rule's sources are part of its record in rules.py; `rules.catalogue()` writes
them into Vectors/rules.json and `specification.py` renders them as links in Vectors/SPECIFICATION.md. Data only:
every statement here is checkable against the source it names.

DOCUMENTS  {key: {"title", "url", "kind"}}: every public document a rule or a vector's refs cite. A vector ref is the
           key, optionally followed by " §<section>" (e.g. "RFC 7519 §4.1.4").
SDK        the facebook-ios-sdk tag the ios-sdk profile models.
A source is exactly one of
             {"document": key, "section": heading or section number}   doc(key, section)
             {"sdk": path in facebook-ios-sdk, "lines": "a-b"}          sdk(path, lines), lines at SDK["tag"]
             {"decision": "Dnn"}                                        decision("Dnn"), an entry of DECISIONS.md
             {"unverifiable": why it cannot be checked here, and the evidence we have}   unverifiable(why)
"""

from collections.abc import Iterable, Mapping
from typing import Any

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
LOGIN_KIT = "FBSDKLoginKit/FBSDKLoginKit/"
CORE_KIT = "FBSDKCoreKit/FBSDKCoreKit/"
NONCE_VALIDATOR = LOGIN_KIT + "Internal/NonceValidator.swift"
PERMISSION = LOGIN_KIT + "Internal/FBPermission.swift"
CONFIGURATION = LOGIN_KIT + "LoginConfiguration.swift"
CODE_VERIFIER = LOGIN_KIT + "CodeVerifier.swift"
AUTH_TYPE = LOGIN_KIT + "FBSDKLoginAuthType.m"
LOGIN_MANAGER = LOGIN_KIT + "LoginManager.swift"
ENDPOINTS = LOGIN_KIT + "Internal/LoginEndpoints.swift"
LOGIN_UTILITY = LOGIN_KIT + "Internal/LoginUtility.swift"
URL_COMPLETER = LOGIN_KIT + "Internal/LoginURLCompleter.swift"
NATIVE_APP = LOGIN_KIT + "Internal/NativeAppLoginHandler.swift"
TOKEN_FACTORY = LOGIN_KIT + "Internal/AuthenticationTokenFactory.swift"
TOKEN_HEADER = LOGIN_KIT + "Internal/AuthenticationTokenHeader.swift"
INTERNAL_UTILITY = CORE_KIT + "FBSDKInternalUtility.m"
CLAIMS = CORE_KIT + "AuthenticationTokenClaims.swift"
AGE_RANGE = CORE_KIT + "FBSDKUserAgeRange.m"
LOCATION = CORE_KIT + "FBSDKLocation.m"
ACCESS_TOKEN = CORE_KIT + "FBSDKAccessToken.m"
EXPIRER = CORE_KIT + "Internal/TokenCaching/_AccessTokenExpirer.swift"
ERROR_CONFIGURATION = CORE_KIT + "Internal/ServerConfiguration/FBSDKErrorConfiguration.m"
SERVER_CONFIGURATION = CORE_KIT + "Internal/ServerConfiguration/FBSDKServerConfigurationManager.m"
CONNECTION = CORE_KIT + "GraphAPI/FBSDKGraphRequestConnection.m"
GRAPH_REQUEST = CORE_KIT + "GraphAPI/FBSDKGraphRequest.m"
RECOVERY_PROCESSOR = CORE_KIT + "GraphAPI/FBSDKGraphErrorRecoveryProcessor.m"
RECOVERY_ATTEMPTER = CORE_KIT + "Internal/ErrorRecovery/FBSDKErrorRecoveryAttempter.m"
LOGIN_RECOVERY_ATTEMPTER = LOGIN_KIT + "Internal/LoginRecoveryAttempter.swift"
SETTINGS = CORE_KIT + "Settings.swift"
FEATURE_MANAGER = CORE_KIT + "Internal/FeatureManager/_FeatureManager.swift"
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


def check(rules: Iterable[Mapping[str, Any]]) -> list[str]:
    """Every rule has sources, each exactly one kind; every document key is known, every sdk source has a line range
    a-b with a <= b, every decision is Dnn; a rule only the SDK's code states (`sdk_only`, D31) cites no document.
    Returns a list of problems (empty when all is well)."""
    problems = []
    for rule in rules:
        rule_id, sources = rule["id"], rule.get("sources")
        if not sources:
            problems.append(f"rule {rule_id} has no sources")
            continue
        if rule.get("sdkOnly") and any("document" in source for source in sources):
            problems.append(f"{rule_id} cites a document: it is not a rule only the SDK's code states (sdk_only)")
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
