// vapor/jwt-kit 5.8.0 as a Limited Login server validator, behind the harness protocol (Vectors/HARNESS.md).
// Family: signed-token, documented profile (the JWKS key source). The clock is the vector's `now`.
//
//   jwt-kit-adapter readme  [--adapter-checks]   jwt-kit as its README shows: the JWKS added to a JWTKeyCollection,
//       keys.verify(token, as: Payload.self, expectedAudience: app ID), the payload's verify checking exp (against
//       `now`) and iss. jwt-kit has no option for the nonce, typ, the header's alg, a maximum token age or the
//       claims' exact types: `--adapter-checks` adds those (Implementations/jwt-kit/implementation.json lists them).
//   jwt-kit-adapter careful                      Examples/JWTKitAdopter's LimitedLoginTokenValidator (jwt-kit for the
//       signature, the adopter's own checks for the rest), used as is.
//
// The adapter maps answers and errors to the suite's outcome shape; it decides nothing but the adapter checks.
import Foundation
import JWTKit
import LimitedLoginTokens

let requiredClaims = ["jti", "iss", "aud", "exp", "iat", "nonce", "sub"]
let documentedIssuers = ["https://www.facebook.com", "https://limited.facebook.com"]

struct Rejection: Error {
    var reason: String
    var claim: String? = nil
    var outcome: [String: Any] {
        var answer: [String: Any] = ["result": "rejected", "reason": reason]
        if let claim { answer["claim"] = claim }
        return answer
    }
}

struct Unmapped: Error { var message: String }

// MARK: - readme: jwt-kit as its README shows

enum Clock { @TaskLocal static var now = Date() }

struct LimitedLoginPayload: JWTPayload, JWTIdentityToken {
    var jti: IDClaim
    var iss: IssuerClaim
    var aud: AudienceClaim
    var exp: ExpirationClaim
    var iat: IssuedAtClaim
    var nonce: String
    var sub: SubjectClaim

    var audience: AudienceClaim { aud }

    func verify(using algorithm: some JWTAlgorithm) async throws {
        try exp.verifyNotExpired(currentDate: Clock.now)
        guard documentedIssuers.contains(iss.value) else {
            throw JWTError.claimVerificationFailure(failedClaim: iss, reason: "issuer")
        }
    }
}

/// The member a DecodingError's description names: its coding path ("Path: exp.") or missing key (stringValue: "sub").
func memberNamed(in text: String) -> String? {
    for marker in ["stringValue: \"", "Path: "] {
        guard let range = text.range(of: marker) else { continue }
        let name = text[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        if !name.isEmpty { return String(name) }
    }
    return nil
}

func readmeRejection(_ error: any Error) -> any Error {
    // jwt-kit's base64url decoder (swift-extras-base64) throws its own DecodingError for a bad segment.
    if String(reflecting: type(of: error)).contains("Base64") { return Rejection(reason: "badBase64url") }
    guard let error = error as? JWTError else { return Unmapped(message: String(describing: error)) }
    let reason = error.reason ?? ""
    switch error.errorType {
    case .malformedToken:
        if reason.contains("3 parts") { return Rejection(reason: "malformed") }
        if reason.contains("UTF-8 encoded") { return Rejection(reason: "badBase64url") }
        if let name = memberNamed(in: reason) {
            let header = ["alg": "headerAlgorithm", "typ": "headerType", "kid": "headerKeyID"]
            if let headerReason = header[name] { return Rejection(reason: headerReason) }
            if requiredClaims.contains(name) {
                if reason.contains("keyNotFound") { return Rejection(reason: "missingClaim", claim: name) }
                if reason.contains("typeMismatch") || reason.contains("valueNotFound") || reason.contains("dataCorrupted") {
                    return Rejection(reason: "wrongClaimType", claim: name)
                }
            }
        }
        return Rejection(reason: "badJSON")
    case .claimVerificationFailure:
        switch error.failedClaim {
        case is ExpirationClaim: return Rejection(reason: "expired")
        case is IssuerClaim: return Rejection(reason: "issuer")
        case is AudienceClaim: return Rejection(reason: "audience")
        default: return Unmapped(message: String(describing: error))
        }
    case .signatureVerificationFailed: return Rejection(reason: "signatureInvalid")
    case .missingKIDHeader: return Rejection(reason: "headerKeyID")
    case .unknownKID, .noKeyProvided: return Rejection(reason: "unknownKeyID")  // no key for the kid (or none at all)
    default: return Unmapped(message: String(describing: error))
    }
}

func readme(_ input: [String: Any], adapterChecks: Bool) async throws -> [String: Any] {
    let token = input["token"] as? String ?? ""
    let appID = input["appID"] as? String ?? ""
    let now = (input["now"] as? NSNumber)?.doubleValue ?? 0
    let keysObject = (input["keys"] as? [String: Any])?["jwks"] ?? [:]
    let jwks = String(decoding: try JSONSerialization.data(withJSONObject: keysObject), as: UTF8.self)
    let keys = JWTKeyCollection()
    do {
        try await keys.add(jwksJSON: jwks)
    } catch {
        throw Unmapped(message: "jwt-kit did not load the JWKS: \(error)")
    }
    do {
        _ = try await Clock.$now.withValue(Date(timeIntervalSince1970: now)) {
            try await keys.verify(token, as: LimitedLoginPayload.self, expectedAudience: appID)
        }
    } catch {
        throw readmeRejection(error)
    }
    let header = segmentJSON(token, 0), claims = segmentJSON(token, 1)
    if adapterChecks { try limitedLoginChecks(header: header, claims: claims, input: input) }
    return keptClaims(claims)
}

// MARK: - Adapter checks (readme --adapter-checks): what the README leaves to the caller

/// A JSON value as JSONDecoder reads it (a number is never a boolean, nor the reverse, unlike NSNumber on Linux).
indirect enum JSON: Decodable {
    case null, bool(Bool), number(Double), string(String), array([JSON]), object([String: JSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSON].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSON].self)) }
    }

    var string: String? { if case .string(let text) = self { text } else { nil } }
    var number: Double? { if case .number(let value) = self { value } else { nil } }

    /// For the answer: integral numbers as integers while a double holds them exactly.
    var answer: Any {
        switch self {
        case .null: NSNull()
        case .bool(let value): value
        case .number(let value): value.isFinite ? jsonNumber(value) : String(describing: value)
        case .string(let text): text
        case .array(let items): items.map(\.answer)
        case .object(let members): members.mapValues(\.answer)
        }
    }
}

func isNumber(_ value: JSON?) -> Bool { value?.number != nil }

func limitedLoginChecks(header: [String: JSON], claims: [String: JSON], input: [String: Any]) throws {
    // alg: jwt-kit verifies with the key's algorithm and never compares the header's alg.
    guard header["alg"]?.string == "RS256" else { throw Rejection(reason: "headerAlgorithm") }
    guard header["typ"]?.string == "JWT" else { throw Rejection(reason: "headerType") }
    for name in requiredClaims where claims[name] == nil {
        throw Rejection(reason: "missingClaim", claim: name)
    }
    for name in requiredClaims {
        let ok = name == "exp" || name == "iat" ? isNumber(claims[name]) : claims[name]?.string != nil
        if !ok { throw Rejection(reason: "wrongClaimType", claim: name) }
    }
    for name in ["jti", "sub", "nonce"] where claims[name]?.string == "" {
        throw Rejection(reason: "emptyClaim", claim: name)
    }
    let now = (input["now"] as? NSNumber)?.doubleValue ?? 0
    if let iat = claims["iat"]?.number, iat < now - 600 { throw Rejection(reason: "issuedTooLongAgo") }
    let nonce = claims["nonce"]?.string ?? "", expected = input["expectedNonce"] as? String ?? ""
    guard nonce.utf8.elementsEqual(expected.utf8) else { throw Rejection(reason: "nonceMismatch") }
}

// MARK: - careful: Examples/JWTKitAdopter's validator

func careful(_ input: [String: Any]) async throws -> [String: Any] {
    let keysObject = (input["keys"] as? [String: Any])?["jwks"] ?? [:]
    let jwks = String(decoding: try JSONSerialization.data(withJSONObject: keysObject), as: UTF8.self)
    let validator = LimitedLoginTokenValidator(keys: .jwks(jwks), appID: input["appID"] as? String ?? "")
    let claims: LimitedLoginClaims
    do {
        claims = try await validator.validate(input["token"] as? String ?? "",
                                              expectedNonce: input["expectedNonce"] as? String ?? "",
                                              now: Date(timeIntervalSince1970: (input["now"] as? NSNumber)?.doubleValue ?? 0))
    } catch {
        switch error {
        case .missingClaim(let name): throw Rejection(reason: "missingClaim", claim: name)
        case .wrongClaimType(let name): throw Rejection(reason: "wrongClaimType", claim: name)
        case .emptyClaim(let name): throw Rejection(reason: "emptyClaim", claim: name)
        default: throw Rejection(reason: String(describing: error))  // the other cases are named as the reasons
        }
    }
    // exp and iat as the token wrote them (the validator keeps their text; the runner compares numbers exactly).
    var answer: [String: Any] = ["jti": claims.jti, "iss": claims.iss, "aud": claims.aud,
                                 "exp": exactNumber(claims.expText) ?? jsonNumber(claims.exp),
                                 "iat": exactNumber(claims.iatText) ?? jsonNumber(claims.iat),
                                 "nonce": claims.nonce, "sub": claims.sub]
    for (name, value) in claims.strings { answer[name] = value }
    if let friends = claims.userFriends { answer["user_friends"] = friends }
    if let range = claims.userAgeRange { answer["user_age_range"] = range.mapValues(jsonNumber) }
    if let hometown = claims.userHometown { answer["user_hometown"] = hometown }
    if let location = claims.userLocation { answer["user_location"] = location }
    if let jkt = claims.cnfJKT { answer["cnf"] = ["jkt": jkt] }
    return ["result": "accepted", "claims": answer]
}

// MARK: - Answer shape

/// An integral value as an integer (1767229200, not 1767229200.0) while a double holds it exactly.
/// A JSON number's text as a value `JSONSerialization` writes digit for digit: an integer as `Int64`, a larger one as
/// an `NSDecimalNumber` (38 digits); `nil` for a fraction or an exponent (then the `Double` stands in).
func exactNumber(_ text: String) -> Any? {
    if let integer = Int64(text) { return integer }
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }), text.count <= 38 else { return nil }
    return NSDecimalNumber(string: text)
}

func jsonNumber(_ value: Double) -> Any {
    if value.isFinite, value == value.rounded(), abs(value) <= 9_007_199_254_740_992 { return Int64(value) }
    return value
}

func segmentJSON(_ token: String, _ index: Int) -> [String: JSON] {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard index < parts.count else { return [:] }
    var text = parts[index].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    text = text.filter { !"=\n\r\t ".contains($0) }
    text += String(repeating: "=", count: (4 - text.count % 4) % 4)
    guard let data = Data(base64Encoded: text), case .object(let members)? = try? JSONDecoder().decode(JSON.self, from: data)
    else { return [:] }
    return members
}

/// The accepted answer for claims the library accepted: the required claims as the token has them, and the optional
/// claims of the right type (the shape of the answer, as Implementations/shared/python/lc_adapter.py's kept_claims).
func keptClaims(_ claims: [String: JSON]) -> [String: Any] {
    let strings = ["name", "given_name", "middle_name", "family_name", "email", "picture", "user_birthday",
                   "user_gender", "user_link"]
    var kept: [String: Any] = [:]
    for name in requiredClaims { kept[name] = claims[name]?.answer ?? NSNull() }
    // The outcome's aud is a string: an accepted aud array of one string is reported as that string, the audience the
    // library matched (Vectors/DECISIONS.md D54).
    if case .array(let audiences)? = claims["aud"], audiences.count == 1, let audience = audiences[0].string {
        kept["aud"] = audience
    }
    for (name, value) in claims where !requiredClaims.contains(name) {
        switch (name, value) {
        case (_, .string) where strings.contains(name):
            kept[name] = value.answer
        case ("user_friends", .array(let items)) where items.allSatisfy({ $0.string != nil }):
            kept[name] = value.answer
        case ("user_age_range", .object(let members)) where !members.isEmpty && members.values.allSatisfy(isNumber):
            kept[name] = value.answer
        case ("user_hometown", .object(let members)), ("user_location", .object(let members)):
            if !members.isEmpty, members.values.allSatisfy({ $0.string != nil }) { kept[name] = value.answer }
        case ("cnf", .object(let members)):
            if let jkt = members["jkt"]?.string, !jkt.isEmpty { kept["cnf"] = ["jkt": jkt] }
        default: break
        }
    }
    return ["result": "accepted", "claims": kept]
}

// MARK: - The protocol

func write(_ message: [String: Any]) {
    let data = (try? JSONSerialization.data(withJSONObject: message, options: [.sortedKeys, .withoutEscapingSlashes]))
        ?? Data(#"{"type":"errored","seq":0,"message":"unencodable answer"}"#.utf8)
    FileHandle.standardOutput.write(data + Data("\n".utf8))
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first, ["readme", "careful"].contains(mode) else {
    FileHandle.standardError.write(Data("usage: jwt-kit-adapter readme|careful [--adapter-checks]\n".utf8))
    exit(2)
}
let adapterChecks = arguments.contains("--adapter-checks")

while let line = readLine(strippingNewline: true) {
    guard !line.isEmpty, let request = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    else { continue }
    switch request["type"] as? String {
    case "start":
        write(["type": "started", "protocolVersion": 1, "capabilities": ["signed-token"], "profile": "documented",
               "implementation": ["name": "vapor/jwt-kit (\(mode))", "version": "5.8.0", "language": "swift"]])
    case "stop":
        exit(0)
    case "run":
        let seq = request["seq"] as? Int ?? 0
        guard request["family"] as? String == "signed-token", let input = request["input"] as? [String: Any] else {
            write(["type": "skipped", "seq": seq, "reason": "family not adopted"])
            continue
        }
        do {
            let outcome = mode == "readme" ? try await readme(input, adapterChecks: adapterChecks) : try await careful(input)
            write(["type": "result", "seq": seq, "outcome": outcome])
        } catch let rejection as Rejection {
            write(["type": "result", "seq": seq, "outcome": rejection.outcome])
        } catch {
            write(["type": "errored", "seq": seq, "message": String(describing: error)])
        }
    default:
        continue
    }
}
