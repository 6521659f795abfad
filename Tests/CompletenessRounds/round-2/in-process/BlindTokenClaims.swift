import Foundation
import LoginConformance

/// Limited Login id_token header and claims validation (SPECIFICATION.md §4, §8), ios-sdk profile: facebook.com host issuer, jti required, aud and nonce by Swift ==.
struct BlindTokenClaims: TokenClaimsValidating, Sendable {
    /// The profile the base implements (SPECIFICATION.md §8).
    static let profile: ConformanceProfile = .iosSDK
    /// One realistic bug, or nil for the base.
    enum Bug: String, CaseIterable, Sendable {
        /// Accepts any host ending in "facebook.com", dot or not, so evilfacebook.com passes (token.iss.ios-sdk).
        case issSuffixWithoutDot
        /// Takes the host as everything between "://" and the first "/", userinfo and port included: a port refuses a valid issuer (token.iss.ios-sdk).
        case issAuthorityAsHost
        /// Checks that iss starts with https://www.facebook.com or https://limited.facebook.com instead of reading its host: https://www.facebook.com@evil.com passes, https://facebook.com fails (token.iss.ios-sdk).
        case issPrefixMatch
        /// Lower-cases the host before comparing (token.iss.ios-sdk: case-sensitive).
        case issCaseInsensitive
        /// Requires the https scheme, refusing an http issuer the SDK accepts (token.iss.ios-sdk: scheme not checked).
        case issRequiresHTTPS
        /// Compares aud with the app ID code point by code point under ios-sdk, refusing an NFD spelling (token.aud.canonical.ios-sdk).
        case audCodePoints
        /// Accepts an aud array that contains the app ID (token.aud.array).
        case audArrayContains
        /// Trims whitespace around aud before comparing (token.aud: no trimming).
        case audTrimmed
        /// Compares the nonce case-insensitively (token.nonce: no case folding).
        case nonceCaseInsensitive
        /// exp == now is accepted (token.exp.strict: exp must be later than now).
        case expInclusive
        /// iat must be later than now - 600, so iat == now - 600 is refused (token.iat.window: off by one).
        case iatWindowExclusive
        /// Refuses an iat more than 60 seconds in the future (token.iat.future.ios-sdk: no upper bound).
        case refusesFutureIat
        /// Reads exp and iat as Int64, so fractions, exponents and huge integers are wrongClaimType (token.claim.type, token.jose.numbers).
        case integerDates
        /// Reads numbers through NSNumber, so a boolean exp or iat passes as 1 or 0 (token.claim.type: booleans are wrong).
        case boolAsNumber
        /// Accepts numeric strings for exp and iat (token.claim.type: numeric strings are wrong).
        case numericStringDates
        /// Treats a null claim as absent: missingClaim instead of wrongClaimType (token.claim.type: null included).
        case nullIsMissing
        /// Treats an empty sub, nonce or jti as absent: missingClaim instead of emptyClaim (token.claim.non-empty).
        case emptyIsMissing
        /// Does not require jti under ios-sdk (token.claim.jti.ios-sdk).
        case jtiOptional
        /// Accepts alg case-insensitively, e.g. "rs256" (token.header.alg).
        case algCaseInsensitive
        /// A missing typ is accepted (token.header.typ: the SDK requires it).
        case typOptional
        /// An optional claim of the wrong type rejects the token, as a strict Codable struct does (token.optional.dropped.ios-sdk).
        case wrongTypedOptionalRejects
        /// Keeps only the number members of user_age_range instead of dropping the whole claim (SPECIFICATION.md §4 optional claims).
        case ageRangeKeepsNumbers
        /// Keeps the string elements of user_friends instead of dropping a mixed array (SPECIFICATION.md §4 optional claims).
        case friendsKeepsStrings
        /// Drops empty optional string claims as if absent (token.optional.kept: the empty string is kept).
        case dropsEmptyOptionalStrings
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
        guard let alg = header["alg"]?.stringValue,
              bug == .algCaseInsensitive ? alg.uppercased() == "RS256" : alg.isCodePointEqual(to: "RS256")
        else { return reject(.headerAlgorithm) }
        if let typ = header["typ"] {
            guard typ.stringValue?.isCodePointEqual(to: "JWT") == true else { return reject(.headerType) }
        } else if bug != .typOptional {
            return reject(.headerType)
        }
        guard let kid = header["kid"]?.stringValue, !kid.isEmpty else { return reject(.headerKeyID) }

        // Required claims: presence, type, emptiness.
        var jti = ""
        if bug != .jtiOptional || claims["jti"] != nil {
            switch requiredString("jti", in: claims, nonEmpty: true) {
            case .failure(let refusal): return .rejected(refusal.rejection)
            case .success(let value): jti = value
            }
        }
        let iss: String, aud: String, nonce: String, sub: String
        switch requiredString("iss", in: claims, nonEmpty: false) {
        case .failure(let refusal): return .rejected(refusal.rejection)
        case .success(let value): iss = value
        }
        if bug == .audArrayContains, let array = claims["aud"]?.arrayValue {
            guard array.contains(where: { $0.stringValue == input.appID }) else { return reject(.audience) }
            aud = input.appID
        } else {
            switch requiredString("aud", in: claims, nonEmpty: false) {
            case .failure(let refusal): return .rejected(refusal.rejection)
            case .success(let value): aud = value
            }
        }
        let exp: JSONNumber, iat: JSONNumber
        switch requiredNumber("exp", in: claims) {
        case .failure(let refusal): return .rejected(refusal.rejection)
        case .success(let value): exp = value
        }
        switch requiredNumber("iat", in: claims) {
        case .failure(let refusal): return .rejected(refusal.rejection)
        case .success(let value): iat = value
        }
        switch requiredString("nonce", in: claims, nonEmpty: true) {
        case .failure(let refusal): return .rejected(refusal.rejection)
        case .success(let value): nonce = value
        }
        switch requiredString("sub", in: claims, nonEmpty: true) {
        case .failure(let refusal): return .rejected(refusal.rejection)
        case .success(let value): sub = value
        }

        // Values.
        guard isFacebookIssuer(iss) else { return reject(.issuer) }
        let audMatches: Bool
        switch bug {
        case .audCodePoints: audMatches = aud.isCodePointEqual(to: input.appID)
        case .audTrimmed: audMatches = aud.trimmingCharacters(in: .whitespacesAndNewlines) == input.appID
        default: audMatches = aud == input.appID  // Swift ==: canonical equivalence, as the SDK
        }
        guard audMatches else { return reject(.audience) }
        let now = JSONNumber(input.now)
        guard bug == .expInclusive ? exp >= now : exp > now else { return reject(.expired) }
        let earliest = JSONNumber(input.now - 600)
        guard bug == .iatWindowExclusive ? iat > earliest : iat >= earliest else { return reject(.issuedTooLongAgo) }
        if bug == .refusesFutureIat, iat > JSONNumber(input.now + 60) { return reject(.issuedTooLongAgo) }
        let nonceMatches = bug == .nonceCaseInsensitive
            ? nonce.caseInsensitiveCompare(input.expectedNonce) == .orderedSame
            : nonce == input.expectedNonce
        guard nonceMatches else { return reject(.nonceMismatch) }

        var kept = TokenClaims(jti: jti, iss: iss, aud: aud, exactExp: exp, exactIat: iat, nonce: nonce, sub: sub)
        if let rejection = keepOptionalClaims(from: claims, into: &kept) { return .rejected(rejection) }
        return .accepted(kept)
    }

    // MARK: required claims

    /// A rejection carried through `Result`.
    private struct Refusal: Error {
        let rejection: TokenClaimsRejection
        init(_ reason: TokenClaimsRejection.Reason, claim: String) { rejection = TokenClaimsRejection(reason, claim: claim) }
    }

    private func requiredString(
        _ name: String, in claims: [String: JSONValue], nonEmpty: Bool
    ) -> Result<String, Refusal> {
        guard let value = claims[name], !(bug == .nullIsMissing && value == .null) else {
            return .failure(Refusal(.missingClaim, claim: name))
        }
        guard let string = value.stringValue else {
            return .failure(Refusal(.wrongClaimType, claim: name))
        }
        if nonEmpty, string.isEmpty {
            return .failure(Refusal(bug == .emptyIsMissing ? .missingClaim : .emptyClaim, claim: name))
        }
        return .success(string)
    }

    private func requiredNumber(_ name: String, in claims: [String: JSONValue]) -> Result<JSONNumber, Refusal> {
        guard let value = claims[name], !(bug == .nullIsMissing && value == .null) else {
            return .failure(Refusal(.missingClaim, claim: name))
        }
        switch value {
        case .number(let number):
            if bug == .integerDates {
                guard let integer = Int64(number.description) else {
                    return .failure(Refusal(.wrongClaimType, claim: name))
                }
                return .success(JSONNumber(integer))
            }
            return .success(number)
        case .bool(let flag) where bug == .boolAsNumber:
            return .success(JSONNumber(flag ? 1 : 0))
        case .string(let text) where bug == .numericStringDates:
            if let number = JSONNumber(text) { return .success(number) }
        default:
            break
        }
        return .failure(Refusal(.wrongClaimType, claim: name))
    }

    // MARK: issuer

    /// The SDK: URL(string: iss)?.host is facebook.com or ends with .facebook.com, case-sensitively.
    private func isFacebookIssuer(_ iss: String) -> Bool {
        if bug == .issPrefixMatch {
            return iss.hasPrefix("https://www.facebook.com") || iss.hasPrefix("https://limited.facebook.com")
        }
        guard let host = host(of: iss), !host.isEmpty else { return false }
        let compared = bug == .issCaseInsensitive ? host.lowercased() : host
        if bug == .issSuffixWithoutDot { return compared.hasSuffix("facebook.com") }
        let suffix = ".facebook.com".utf8
        return compared.isCodePointEqual(to: "facebook.com")
            || (compared.utf8.count >= suffix.count && compared.utf8.suffix(suffix.count).elementsEqual(suffix))
    }

    /// The host of `value`: after `scheme://` and any `userinfo@`, up to the first `:`, `/`, `?` or `#`.
    private func host(of value: String) -> String? {
        guard let separator = value.range(of: "://") else { return nil }
        let scheme = value[..<separator.lowerBound]
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
              scheme.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "+-.".unicodeScalars.contains($0)) })
        else { return nil }
        if bug == .issRequiresHTTPS, scheme.lowercased() != "https" { return nil }
        let rest = value[separator.upperBound...]
        let authorityEnd = bug == .issAuthorityAsHost
            ? rest.firstIndex(of: "/") ?? rest.endIndex
            : rest.firstIndex(where: { "/?#".contains($0) }) ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        if bug == .issAuthorityAsHost { return String(authority) }
        if let at = authority.lastIndex(of: "@") {
            authority = authority[authority.index(after: at)...]
        }
        let hostEnd = authority.firstIndex(of: ":") ?? authority.endIndex
        return String(authority[..<hostEnd])
    }

    // MARK: optional claims

    /// Keeps each optional claim of the right type; returns a rejection only under the strict-Codable bug.
    private func keepOptionalClaims(from claims: [String: JSONValue], into kept: inout TokenClaims) -> TokenClaimsRejection? {
        for (name, keyPath) in TokenClaims.optionalStringClaims {
            guard let value = claims[name] else { continue }
            if let string = value.stringValue {
                if bug == .dropsEmptyOptionalStrings, string.isEmpty { continue }
                kept[keyPath: keyPath] = string
            } else if bug == .wrongTypedOptionalRejects {
                return TokenClaimsRejection(.wrongClaimType, claim: name)
            }
        }
        if let value = claims["user_friends"] {
            if let array = value.arrayValue, array.allSatisfy({ $0.stringValue != nil }) {
                kept.userFriends = array.compactMap(\.stringValue)
            } else if bug == .friendsKeepsStrings, let array = value.arrayValue {
                kept.userFriends = array.compactMap(\.stringValue)
            } else if bug == .wrongTypedOptionalRejects {
                return TokenClaimsRejection(.wrongClaimType, claim: "user_friends")
            }
        }
        if let value = claims["user_age_range"] {
            if let object = value.objectValue, !object.isEmpty, object.values.allSatisfy({ $0.exactNumberValue != nil }) {
                kept.exactUserAgeRange = object.compactMapValues(\.exactNumberValue)
            } else if bug == .ageRangeKeepsNumbers, let object = value.objectValue,
                      !object.compactMapValues(\.exactNumberValue).isEmpty {
                kept.exactUserAgeRange = object.compactMapValues(\.exactNumberValue)
            } else if bug == .wrongTypedOptionalRejects {
                return TokenClaimsRejection(.wrongClaimType, claim: "user_age_range")
            }
        }
        for (name, keyPath) in [("user_hometown", \TokenClaims.userHometown), ("user_location", \TokenClaims.userLocation)] {
            guard let value = claims[name] else { continue }
            if let object = value.objectValue, !object.isEmpty, object.values.allSatisfy({ $0.stringValue != nil }) {
                kept[keyPath: keyPath] = object.compactMapValues(\.stringValue)
            } else if bug == .wrongTypedOptionalRejects {
                return TokenClaimsRejection(.wrongClaimType, claim: name)
            }
        }
        if let value = claims["cnf"] {
            if let jkt = value.objectValue?["jkt"]?.stringValue, !jkt.isEmpty {
                kept.cnfJKT = jkt
            } else if bug == .wrongTypedOptionalRejects {
                return TokenClaimsRejection(.wrongClaimType, claim: "cnf")
            }
        }
        return nil
    }
}
