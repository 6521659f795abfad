// How each family's input is handed to the SDK's own code and how the SDK's answer is mapped to the family's
// outcome shape (Vectors/README.md). Our code; it calls the SDK's types compiled from the checkout.
// A mapping that cannot observe something the outcome holds says so in the answer (see "stage" below).

import CommonCrypto
@testable import FBSDKCoreKit
@testable import FBSDKLoginKit
import Foundation

enum RunnerError: Error {
  case input(String)
}

func string(_ input: [String: Any], _ key: String) throws -> String {
  guard let value = input[key] as? String else { throw RunnerError.input("input.\(key) is not a string") }
  return value
}

func optionalString(_ input: [String: Any], _ key: String) throws -> String? {
  if input[key] == nil || input[key] is NSNull { return nil }
  return try string(input, key)
}

// MARK: nonce — NonceValidator.isValid(nonce:)

/// The SDK answers a Bool. Its first guard refuses the empty string, its second a `.whitespaces` character, so a
/// refusal of an empty input is reason `empty` and any other refusal `whitespace`.
func runNonce(_ input: [String: Any]) throws -> JSONValue {
  let nonce = try string(input, "nonce")
  if NonceValidator.isValid(nonce: nonce) {
    return .object([("result", .string("valid"))])
  }
  return .object([("result", .string("invalid")), ("reason", .string(nonce.isEmpty ? "empty" : "whitespace"))])
}

// MARK: code-verifier — CodeVerifier(string:)

/// The SDK answers nil or a verifier. Its first guard is the length, `(43 ... 128).contains(string.count)`
/// (Swift Characters, CodeVerifier.swift), so a refusal whose input fails that same test is reason `length` and any
/// other refusal `characters`.
func runCodeVerifier(_ input: [String: Any]) throws -> JSONValue {
  let value = try string(input, "codeVerifier")
  if CodeVerifier(string: value) != nil {
    return .object([("result", .string("valid"))])
  }
  let reason = (43 ... 128).contains(value.count) ? "characters" : "length"
  return .object([("result", .string("invalid")), ("reason", .string(reason))])
}

// MARK: code-challenge — CodeVerifier(string:)!.challenge

func runCodeChallenge(_ input: [String: Any]) throws -> JSONValue {
  let value = try string(input, "codeVerifier")
  guard let verifier = CodeVerifier(string: value) else {
    return .object([("result", .string("invalid")), ("note", .string("CodeVerifier(string:) refused the input"))])
  }
  return .object([("result", .string("challenge")), ("challenge", .string(verifier.challenge))])
}

// MARK: login-configuration — LoginConfiguration(permissions:tracking:nonce:messengerPageId:authType:appSwitch:codeVerifier:)

/// An input code verifier is made with CodeVerifier(string:) first, as any caller must before the initialiser
/// (nil: `invalidCodeVerifier`). A null nonce or verifier takes the SDK's own default argument expressions
/// (`UUID().uuidString`, `CodeVerifier()`, LoginConfiguration.swift's Swift initialiser). A refusal's reason is
/// read from the message the refusing guard logs (stand-in `_Logger` records it). SDKs before v18 have no
/// `appSwitch` parameter (check_sdk.py defines SDK_HAS_APP_SWITCH when AppSwitch.swift exists). An input that leaves
/// `authType` out (DECISIONS.md D44) goes through the Swift initialiser with default arguments, leaving `authType`
/// out too, so the SDK's own default expression (`.rerequest`) applies.
func runLoginConfiguration(_ input: [String: Any]) throws -> JSONValue {
  guard let permissions = input["permissions"] as? [String] else {
    throw RunnerError.input("input.permissions is not a list of strings")
  }
  let trackingName = try string(input, "tracking")
  let tracking: LoginTracking
  switch trackingName {
  case "enabled": tracking = .enabled
  case "limited": tracking = .limited
  default: throw RunnerError.input("unknown tracking \(trackingName)")
  }
  let nonce = try optionalString(input, "nonce")
  let authType = try optionalString(input, "authType").map { LoginAuthType(rawValue: $0) }
  let messengerPageId = try optionalString(input, "messengerPageId")
  let verifierText = try optionalString(input, "codeVerifier")

  let codeVerifier: CodeVerifier
  if let verifierText {
    guard let made = CodeVerifier(string: verifierText) else {
      return .object([("result", .string("refused")), ("reason", .string("invalidCodeVerifier"))])
    }
    codeVerifier = made
  } else {
    codeVerifier = CodeVerifier()
  }

  _Logger.entries.removeAll()
  let made = input.keys.contains("authType")
    ? makeConfiguration(
      permissions: permissions,
      tracking: tracking,
      nonce: nonce ?? UUID().uuidString,
      messengerPageId: messengerPageId,
      authType: authType,
      codeVerifier: codeVerifier
    )
    : makeConfigurationWithDefaultAuthType(
      permissions: permissions,
      tracking: tracking,
      nonce: nonce ?? UUID().uuidString,
      messengerPageId: messengerPageId,
      codeVerifier: codeVerifier
    )
  guard let configuration = made else {
    let message = _Logger.entries.last?.entry ?? ""
    let reason: String
    if message.hasPrefix("Invalid nonce") {
      reason = "invalidNonce"
    } else if message.hasPrefix("Invalid combination of permissions") {
      reason = "invalidPermissionSyntax"
    } else if message.hasPrefix("Invalid auth_type") {
      reason = "invalidAuthType"
    } else {
      reason = "unmapped refusal: " + message
    }
    return .object([("result", .string("refused")), ("reason", .string(reason))])
  }

  // A default nonce / verifier is reported as null when it is itself valid (Vectors/README.md), else verbatim.
  let reportedNonce: JSONValue = (nonce == nil && NonceValidator.isValid(nonce: configuration.nonce))
    ? .null : .string(configuration.nonce)
  let verifierValue = configuration.codeVerifier.value
  let defaultVerifierValid = (43 ... 128).contains(verifierValue.unicodeScalars.count)
    && verifierValue.unicodeScalars.allSatisfy {
      $0.isASCII && ($0.properties.isAlphabetic || ("0" ... "9").contains($0) || "-._~".unicodeScalars.contains($0))
    }
  let reportedVerifier: JSONValue = (verifierText == nil && defaultVerifierValid) ? .null : .string(verifierValue)

  let granted = FBPermission.rawPermissions(from: configuration.requestedPermissions)
    .sorted { Array($0.unicodeScalars.map(\.value)).lexicographicallyPrecedes($1.unicodeScalars.map(\.value)) }
  let trackingOut: String
  switch configuration.tracking {
  case .enabled: trackingOut = "enabled"
  case .limited: trackingOut = "limited"
  }
  return .object([
    ("result", .string("created")),
    ("configuration", .object([
      ("permissions", .array(granted.map { .string($0) })),
      ("tracking", .string(trackingOut)),
      ("nonce", reportedNonce),
      ("authType", configuration.authType.map { .string($0.rawValue) } ?? .null),
      ("messengerPageId", configuration.messengerPageId.map { .string($0) } ?? .null),
      ("codeVerifier", reportedVerifier),
    ])),
  ])
}

func makeConfiguration(
  permissions: [String],
  tracking: LoginTracking,
  nonce: String,
  messengerPageId: String?,
  authType: LoginAuthType?,
  codeVerifier: CodeVerifier
) -> LoginConfiguration? {
#if SDK_HAS_APP_SWITCH
  LoginConfiguration(
    permissions: permissions,
    tracking: tracking,
    nonce: nonce,
    messengerPageId: messengerPageId,
    authType: authType,
    appSwitch: .enabled,
    codeVerifier: codeVerifier
  )
#else
  LoginConfiguration(
    permissions: permissions,
    tracking: tracking,
    nonce: nonce,
    messengerPageId: messengerPageId,
    authType: authType,
    codeVerifier: codeVerifier
  )
#endif
}

/// The Swift initialiser whose arguments all have defaults (LoginConfiguration.swift, `permissions: Set<Permission>`),
/// called without `authType`: the SDK's default expression decides it.
func makeConfigurationWithDefaultAuthType(
  permissions: [String],
  tracking: LoginTracking,
  nonce: String,
  messengerPageId: String?,
  codeVerifier: CodeVerifier
) -> LoginConfiguration? {
  LoginConfiguration(
    permissions: Set(permissions.map { Permission(stringLiteral: $0) }),
    tracking: tracking,
    nonce: nonce,
    messengerPageId: messengerPageId,
    codeVerifier: codeVerifier
  )
}

// MARK: token-claims — AuthenticationTokenHeader(fromEncodedString:), then AuthenticationTokenClaims(encodedClaims:nonce:)

func base64URL(_ text: String) -> String {
  Data(text.utf8).base64EncodedString()
    .replacingOccurrences(of: "+", with: "-")
    .replacingOccurrences(of: "/", with: "_")
    .replacingOccurrences(of: "=", with: "")
}

/// The SDK answers nil or an object, so a rejection's reason is not observable; what is observable is which of the
/// two SDK types refused (`"stage": "header"` or `"claims"`), and the comparison checks the expected reason is one
/// that stage can give. Header first, as AuthenticationTokenFactory does.
func runTokenClaims(_ input: [String: Any]) throws -> JSONValue {
  let header = try string(input, "header")
  let claims = try string(input, "claims")
  let expectedNonce = try string(input, "expectedNonce")
  let appID = try string(input, "appID")
  guard let now = number(input["now"]) else { throw RunnerError.input("input.now is not a number") }

  guard AuthenticationTokenHeader(fromEncodedString: base64URL(header)) != nil else {
    return .object([("result", .string("rejected")), ("stage", .string("header"))])
  }
  Settings.shared.appID = appID
  AuthenticationTokenClaims.setDependencies(.init(settings: Settings.shared))
  FBSDKCoreKit.Date.frozenNow = now
  guard let token = AuthenticationTokenClaims(encodedClaims: base64URL(claims), nonce: expectedNonce) else {
    return .object([("result", .string("rejected")), ("stage", .string("claims"))])
  }
  var kept: [(String, JSONValue)] = [
    ("jti", .string(token.jti)),
    ("iss", .string(token.iss)),
    ("aud", .string(token.aud)),
    ("exp", .number(token.exp)),
    ("iat", .number(token.iat)),
    ("nonce", .string(token.nonce)),
    ("sub", .string(token.sub)),
  ]
  let optionalStrings: [(String, String?)] = [
    ("name", token.name), ("given_name", token.givenName), ("middle_name", token.middleName),
    ("family_name", token.familyName), ("email", token.email), ("picture", token.picture),
    ("user_birthday", token.userBirthday), ("user_gender", token.userGender), ("user_link", token.userLink),
  ]
  for (key, value) in optionalStrings {
    if let value { kept.append((key, .string(value))) }
  }
  if let friends = token.userFriends { kept.append(("user_friends", .array(friends.map { .string($0) }))) }
  if let ageRange = token.userAgeRange {
    kept.append(("user_age_range", .object(ageRange.sorted { $0.key < $1.key }.map { ($0.key, numberValue($0.value)) })))
  }
  if let hometown = token.userHometown {
    kept.append(("user_hometown", .object(hometown.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })))
  }
  if let location = token.userLocation {
    kept.append(("user_location", .object(location.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })))
  }
#if SDK_HAS_CNF_JKT
  if let jkt = token.cnfJkt { kept.append(("cnf", .object([("jkt", .string(jkt))]))) }
#endif
  return .object([("result", .string("accepted")), ("claims", .object(kept))])
}

/// An NSNumber the SDK kept, written as JSON: a boolean stays a boolean (JSON `true` is an NSNumber in Foundation).
func numberValue(_ value: NSNumber) -> JSONValue {
  let any: Any = value
  if let bool = any as? Bool, String(cString: value.objCType) == "c" || String(cString: value.objCType) == "B" {
    return .bool(bool)
  }
  return .number(value.doubleValue)
}
