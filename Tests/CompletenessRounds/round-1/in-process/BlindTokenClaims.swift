import Foundation
import LoginConformance

/// Limited Login id_token header and claims validation (SPECIFICATION.md §4, §8), ios-sdk profile: iss by URL host,
/// aud and nonce by Swift `==`, jti required, no upper bound on iat, wrong-typed optional claims dropped.
struct BlindTokenClaims: TokenClaimsValidating, Sendable {
    /// The profile the base implements (SPECIFICATION.md §8).
    static let profile: ConformanceProfile = .iosSDK
    /// One realistic bug, or nil for the base.
    enum Bug: String, CaseIterable, Sendable {
        /// Accepts a host that merely ends with `facebook.com`, such as `evilfacebook.com` (token.iss.ios-sdk).
        case issSuffixWithoutDot
        /// Takes the host from before the `@`, reading `https://www.facebook.com@evil.com` as facebook
        /// (token.iss.ios-sdk: userinfo is not the host).
        case issHostBeforeAt
        /// Lower-cases the host before the suffix test (token.iss.ios-sdk: compared case-sensitively).
        case issHostCaseInsensitive
        /// Ends the host only at `/`, so `https://evil.com#.facebook.com` has a facebook host (token.iss.ios-sdk).
        case issHostEndsOnlyAtSlash
        /// Accepts `exp == now` (token.exp.strict).
        case expInclusive
        /// Refuses `iat == now - 600` (token.iat.window: the bound is accepted).
        case iatWindowExclusive
        /// Reads exp and iat as whole numbers only, so a fractional value is a wrong type (token.claim.type).
        case fractionalNumberWrongType
        /// Converts exp through `Int(exactly:)`, turning an exp beyond Int.max into 0: expired (token.jose.numbers).
        case hugeExpBecomesZero
        /// Reads a JSON boolean as the number 0 or 1, as JSONSerialization's bridging does (token.claim.type).
        case boolAsNumber
        /// Accepts a numeric string for exp and iat (token.claim.type).
        case numericStringAsNumber
        /// Reports a null required claim as missing (token.claim.type: null is wrongClaimType).
        case nullIsMissing
        /// Accepts an aud array that contains the app ID (token.aud.array).
        case audArrayAccepted
        /// Trims aud before comparing it with the app ID (token.aud: no trimming).
        case audTrimmed
        /// Compares the nonce case-insensitively (token.nonce: no case folding).
        case nonceCaseInsensitive
        /// Does not refuse an empty sub (token.claim.non-empty).
        case emptySubAccepted
        /// Does not require jti, the documented rule, in the SDK reading (token.claim.jti.ios-sdk).
        case jtiOptional
        /// Refuses the token when an optional claim has the wrong type (token.optional.dropped.ios-sdk).
        case wrongTypedOptionalRejects
        /// Checks only the first element of user_friends (token.optional.kept / §4: every element a string).
        case friendsFirstElementOnly
        /// Keeps the string members of a place and drops the rest, instead of dropping the claim (§4 optional
        /// claims: any member of another type drops the whole claim).
        case placeKeepsStringMembers
        /// Accepts typ case-insensitively (`jwt`) (token.header.typ).
        case typCaseInsensitive
        /// Accepts an empty kid (token.header.kid).
        case emptyKidAccepted
    }
    let bug: Bug?
    init(bug: Bug? = nil) { self.bug = bug }

    private func reject(_ reason: TokenClaimsRejection.Reason, _ claim: String? = nil) -> TokenClaimsOutcome {
        .rejected(TokenClaimsRejection(reason, claim: claim))
    }

    func validateClaims(_ input: TokenClaimsInput) throws -> TokenClaimsOutcome {
        guard let header = JSONValue.parse(input.header)?.objectValue,
              let claims = JSONValue.parse(input.claims)?.objectValue
        else { return reject(.malformed) }

        // Header.
        guard let alg = header["alg"]?.stringValue, alg.isCodePointEqual(to: "RS256") else {
            return reject(.headerAlgorithm)
        }
        guard var typ = header["typ"]?.stringValue else { return reject(.headerType) }
        if bug == .typCaseInsensitive { typ = typ.uppercased() }
        guard typ.isCodePointEqual(to: "JWT") else { return reject(.headerType) }
        guard let kid = header["kid"]?.stringValue, !kid.isEmpty || bug == .emptyKidAccepted else {
            return reject(.headerKeyID)
        }

        // Required claims: presence and type.
        var failure: TokenClaimsOutcome?
        func string(_ name: String, required: Bool = true) -> String? {
            guard failure == nil else { return nil }
            guard let value = claims[name] else {
                if required { failure = reject(.missingClaim, name) }
                return nil
            }
            if bug == .nullIsMissing, value == .null {
                failure = reject(.missingClaim, name)
                return nil
            }
            if bug == .audArrayAccepted, name == "aud", let items = value.arrayValue {
                if items.contains(where: { $0.stringValue == input.appID }) { return input.appID }
                return items.first?.stringValue ?? ""
            }
            guard let text = value.stringValue else {
                failure = reject(.wrongClaimType, name)
                return nil
            }
            return text
        }
        func number(_ name: String) -> JSONNumber? {
            guard failure == nil else { return nil }
            guard let value = claims[name] else {
                failure = reject(.missingClaim, name)
                return nil
            }
            if bug == .nullIsMissing, value == .null {
                failure = reject(.missingClaim, name)
                return nil
            }
            if bug == .boolAsNumber, case .bool(let flag) = value { return JSONNumber(flag ? 1 : 0) }
            if bug == .numericStringAsNumber, let text = value.stringValue, let parsed = Double(text) {
                return JSONNumber(parsed)
            }
            guard let number = value.exactNumberValue else {
                failure = reject(.wrongClaimType, name)
                return nil
            }
            if bug == .fractionalNumberWrongType, number.doubleValue.rounded(.towardZero) != number.doubleValue {
                failure = reject(.wrongClaimType, name)
                return nil
            }
            return number
        }

        let jti = string("jti", required: bug != .jtiOptional)
        let iss = string("iss")
        let aud = string("aud")
        var exp = number("exp")
        let iat = number("iat")
        let nonce = string("nonce")
        let sub = string("sub")
        if let failure { return failure }
        guard let iss, let aud, let expValue = exp, let iat, let nonce, let sub else { return reject(.malformed) }

        if let jti, jti.isEmpty { return reject(.emptyClaim, "jti") }
        if sub.isEmpty, bug != .emptySubAccepted { return reject(.emptyClaim, "sub") }
        if nonce.isEmpty { return reject(.emptyClaim, "nonce") }

        // Values.
        guard issuerIsFacebook(iss) else { return reject(.issuer) }
        let audience = bug == .audTrimmed ? aud.trimmingCharacters(in: .whitespacesAndNewlines) : aud
        guard audience == input.appID else { return reject(.audience) }
        if bug == .hugeExpBecomesZero, Int(exactly: expValue.doubleValue.rounded(.towardZero)) == nil {
            exp = JSONNumber(0)
        }
        let order = Self.compare(exp ?? expValue, JSONNumber(input.now))
        if bug == .expInclusive ? order < 0 : order <= 0 { return reject(.expired) }
        let iatOrder = Self.compare(iat, JSONNumber(input.now - 600))
        if bug == .iatWindowExclusive ? iatOrder <= 0 : iatOrder < 0 { return reject(.issuedTooLongAgo) }
        let nonceMatches = bug == .nonceCaseInsensitive
            ? nonce.caseInsensitiveCompare(input.expectedNonce) == .orderedSame
            : nonce == input.expectedNonce
        guard nonceMatches else { return reject(.nonceMismatch) }

        // Kept claims.
        var kept = TokenClaims(
            jti: jti ?? "", iss: iss, aud: aud, exactExp: expValue, exactIat: iat, nonce: nonce, sub: sub)
        var wrongOptional: String?
        for (name, keyPath) in TokenClaims.optionalStringClaims {
            guard let value = claims[name] else { continue }
            if let text = value.stringValue { kept[keyPath: keyPath] = text } else { wrongOptional = wrongOptional ?? name }
        }
        if let value = claims["user_friends"] {
            if let items = value.arrayValue {
                if bug == .friendsFirstElementOnly {
                    if items.first.map({ $0.stringValue != nil }) ?? true {
                        kept.userFriends = items.compactMap(\.stringValue)
                    } else {
                        wrongOptional = wrongOptional ?? "user_friends"
                    }
                } else if items.allSatisfy({ $0.stringValue != nil }) {
                    kept.userFriends = items.compactMap(\.stringValue)
                } else {
                    wrongOptional = wrongOptional ?? "user_friends"
                }
            } else {
                wrongOptional = wrongOptional ?? "user_friends"
            }
        }
        if let value = claims["user_age_range"] {
            if let object = value.objectValue, !object.isEmpty, object.values.allSatisfy({ $0.exactNumberValue != nil }) {
                kept.exactUserAgeRange = object.compactMapValues(\.exactNumberValue)
            } else {
                wrongOptional = wrongOptional ?? "user_age_range"
            }
        }
        for (name, keyPath) in [("user_hometown", \TokenClaims.userHometown), ("user_location", \TokenClaims.userLocation)] {
            guard let value = claims[name] else { continue }
            if let object = value.objectValue, !object.isEmpty {
                if object.values.allSatisfy({ $0.stringValue != nil }) {
                    kept[keyPath: keyPath] = object.compactMapValues(\.stringValue)
                } else if bug == .placeKeepsStringMembers {
                    let strings = object.compactMapValues(\.stringValue)
                    kept[keyPath: keyPath] = strings.isEmpty ? nil : strings
                } else {
                    wrongOptional = wrongOptional ?? name
                }
            } else {
                wrongOptional = wrongOptional ?? name
            }
        }
        if let value = claims["cnf"] {
            if let jkt = value.objectValue?["jkt"]?.stringValue, !jkt.isEmpty {
                kept.cnfJKT = jkt
            } else {
                wrongOptional = wrongOptional ?? "cnf"
            }
        }
        if bug == .wrongTypedOptionalRejects, let wrongOptional { return reject(.wrongClaimType, wrongOptional) }
        return .accepted(kept)
    }

    /// The SDK's issuer rule: the URL host is `facebook.com` or ends with `.facebook.com`, case-sensitively.
    func issuerIsFacebook(_ iss: String) -> Bool {
        guard var host = Self.host(of: iss, endsOnlyAtSlash: bug == .issHostEndsOnlyAtSlash, hostBeforeAt: bug == .issHostBeforeAt)
        else { return false }
        if bug == .issHostCaseInsensitive { host = host.lowercased() }
        if bug == .issSuffixWithoutDot { return host.hasSuffix("facebook.com") }
        return host.isCodePointEqual(to: "facebook.com") || Self.hasScalarSuffix(host, ".facebook.com")
    }

    static func hasScalarSuffix(_ text: String, _ suffix: String) -> Bool {
        let scalars = Array(text.unicodeScalars), tail = Array(suffix.unicodeScalars)
        return scalars.count >= tail.count && Array(scalars.suffix(tail.count)) == tail
    }

    /// The host of `value` read as a URL: after `scheme://` and any `userinfo@`, up to the first `:`, `/`, `?` or `#`.
    static func host(of value: String, endsOnlyAtSlash: Bool = false, hostBeforeAt: Bool = false) -> String? {
        let scalars = Array(value.unicodeScalars)
        guard let colon = scalars.firstIndex(of: ":"), colon > 0 else { return nil }
        let scheme = scalars[..<colon]
        guard scheme.first.map({ $0.properties.isAlphabetic && $0.isASCII }) == true,
              scheme.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) })
        else { return nil }
        let rest = scalars[(colon + 1)...]
        guard rest.starts(with: ["/", "/"]) else { return nil }
        if value.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }) {
            return nil
        }
        let afterSlashes = rest.dropFirst(2)
        let terminators: Set<Unicode.Scalar> = endsOnlyAtSlash ? ["/"] : ["/", "?", "#"]
        let authority = afterSlashes.prefix { !terminators.contains($0) }
        var hostPort = Array(authority)
        if let at = hostPort.lastIndex(of: "@") {
            hostPort = hostBeforeAt ? Array(hostPort[..<at]) : Array(hostPort[(at + 1)...])
        }
        let host = hostPort.prefix { $0 != ":" }
        guard !host.isEmpty else { return nil }
        var text = ""
        text.unicodeScalars.append(contentsOf: host)
        return text
    }

    /// Exact comparison of two JSON numbers: -1, 0 or 1.
    static func compare(_ a: JSONNumber, _ b: JSONNumber) -> Int {
        if a == b { return 0 }
        if a.doubleValue != b.doubleValue { return a.doubleValue < b.doubleValue ? -1 : 1 }
        let (na, da, ea) = decimal(a.description), (nb, db, eb) = decimal(b.description)
        if na != nb { return na ? -1 : 1 }
        let magnitude = compareMagnitude(da, ea, db, eb)
        return na ? -magnitude : magnitude
    }

    /// (negative, significant digits without leading zeros, decimal exponent of the point before the first digit).
    private static func decimal(_ text: String) -> (Bool, [UInt8], Int) {
        var bytes = Array(text.utf8)
        var negative = false
        if bytes.first == UInt8(ascii: "-") { negative = true; bytes.removeFirst() }
        var exponent = 0
        if let e = bytes.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            exponent = Int(String(decoding: bytes[(e + 1)...], as: UTF8.self).replacingOccurrences(of: "+", with: "")) ?? 0
            bytes = Array(bytes[..<e])
        }
        var digits: [UInt8] = []
        var pointPosition: Int?
        for byte in bytes {
            if byte == UInt8(ascii: ".") { pointPosition = digits.count } else { digits.append(byte) }
        }
        var position = (pointPosition ?? digits.count) + exponent
        while digits.first == UInt8(ascii: "0") { digits.removeFirst(); position -= 1 }
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        return (negative, digits, position)
    }

    private static func compareMagnitude(_ da: [UInt8], _ ea: Int, _ db: [UInt8], _ eb: Int) -> Int {
        if da.isEmpty || db.isEmpty { return da.isEmpty ? (db.isEmpty ? 0 : -1) : 1 }
        if ea != eb { return ea < eb ? -1 : 1 }
        for index in 0..<max(da.count, db.count) {
            let x = index < da.count ? da[index] : UInt8(ascii: "0")
            let y = index < db.count ? db[index] : UInt8(ascii: "0")
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }
}
