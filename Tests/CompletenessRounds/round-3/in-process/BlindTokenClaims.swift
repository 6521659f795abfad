import Foundation
import LoginConformance

/// Validates a Limited Login id_token's header and claims as the iOS SDK v18.1.0 does: alg RS256, typ JWT, kid
/// non-empty; jti, iss (URL host facebook.com or *.facebook.com), aud and nonce (Swift `==`), exp > now,
/// iat >= now - 600 (no upper bound), sub; wrong-typed optional claims dropped; ios-sdk profile (SPECIFICATION.md §4,
/// §8).
struct BlindTokenClaims: TokenClaimsValidating, Sendable {
    /// The profile the base implements (SPECIFICATION.md §8).
    static let profile: ConformanceProfile = .iosSDK
    /// One realistic bug, or nil for the base.
    enum Bug: String, CaseIterable, Sendable {
        /// Refuses a header or claims text that does not start with "{", so JSON with leading whitespace is malformed (token.json.object).
        case leadingWhitespaceRefused
        /// Compares typ case-insensitively (as RFC 7515 recommends for media types), so "jwt" passes (token.header.typ).
        case typCaseInsensitive
        /// Checks only that kid is a string, so an empty kid passes (token.header.kid).
        case emptyKidAccepted
        /// Does not require jti, as the documented reading does; a missing jti is kept as "" (token.claim.jti.ios-sdk).
        case jtiOptional
        /// Reads a null required claim as absent: missingClaim instead of wrongClaimType (token.claim.type).
        case nullIsMissing
        /// Reads exp and iat through NSNumber bridging, so true/false count as the numbers 1/0 (token.claim.type).
        case boolAsNumber
        /// Accepts a numeric string for exp and iat (`Double(string)`) (token.claim.type).
        case numericStringAccepted
        /// Reads exp and iat `as? Int64`: a fractional NumericDate or an integer beyond Int64 is wrongClaimType (token.claim.type, token.jose.numbers).
        case numbersAsInt64
        /// Accepts any iss whose URL host ends with "facebook.com", dot or not ("evilfacebook.com") (token.iss.ios-sdk).
        case issSuffixWithoutDot
        /// Accepts any iss string containing "facebook.com", host or not (token.iss.ios-sdk).
        case issContainsFacebook
        /// Ends the URL's authority at "/" only, so "https://evil.com#.facebook.com" has a facebook.com host (token.iss.ios-sdk).
        case issAuthorityEndsAtSlashOnly
        /// Keeps the port in the host, refusing "https://www.facebook.com:443" (token.iss.ios-sdk).
        case issPortKept
        /// Lower-cases the host before comparing: "https://WWW.FACEBOOK.COM" passes (token.iss.ios-sdk: case-sensitive).
        case issCaseInsensitive
        /// Also requires the https scheme, refusing "http://www.facebook.com" (token.iss.ios-sdk: scheme not checked).
        case issRequiresHTTPS
        /// Compares aud code point by code point, refusing an NFD spelling of an NFC app ID (token.aud.canonical.ios-sdk).
        case audCodePoints
        /// Accepts an aud array that holds the app ID, as OpenID Connect allows (token.aud.array).
        case audArrayAccepted
        /// Accepts exp == now (`exp >= now`) (token.exp.strict).
        case expInclusive
        /// Refuses iat == now - 600 (`iat > now - 600`) (token.iat.window).
        case iatWindowExclusive
        /// Checks `abs(now - iat) <= 600`, refusing an iat more than 600 s in the future (token.iat.future.ios-sdk).
        case iatAbsoluteWindow
        /// Compares the nonce case-insensitively (UUID nonces lower-cased) (token.nonce).
        case nonceCaseInsensitive
        /// Has no empty check on nonce: an empty nonce claim is nonceMismatch, not emptyClaim (token.claim.non-empty).
        case emptyNonceIsMismatch
        /// Treats a whitespace-only sub as empty (token.claim.non-empty: a single space is non-empty).
        case blankSubIsEmpty
        /// Decodes the claims into a strict Codable struct: an optional claim of the wrong type makes the token malformed (token.optional.dropped.ios-sdk).
        case wrongTypedOptionalRejects
        /// Keeps the numeric members of user_age_range and drops the others, instead of dropping the whole claim (token.optional.kept, §4 optional claims).
        case ageRangeKeepsNumericMembers
        /// Keeps cnf with an empty jkt (§4 optional claims: jkt must be a non-empty string).
        case cnfEmptyJKTKept
    }
    let bug: Bug?
    init(bug: Bug? = nil) { self.bug = bug }

    /// A rejection carried through `Result`.
    private struct Refusal: Error {
        let rejection: TokenClaimsRejection
        init(_ reason: TokenClaimsRejection.Reason, claim: String) { rejection = TokenClaimsRejection(reason, claim: claim) }
    }

    private func reject(_ reason: TokenClaimsRejection.Reason, _ claim: String? = nil) -> TokenClaimsOutcome {
        .rejected(TokenClaimsRejection(reason, claim: claim))
    }

    private func parseObject(_ text: String) -> [String: JSONValue]? {
        if bug == .leadingWhitespaceRefused, text.first != "{" { return nil }
        return JSONValue.parse(text)?.objectValue
    }

    /// A required string claim, or the rejection.
    private func requiredString(_ claims: [String: JSONValue], _ name: String) -> Result<String, Refusal> {
        switch claims[name] {
        case nil: .failure(Refusal(.missingClaim, claim: name))
        case .null? where bug == .nullIsMissing: .failure(Refusal(.missingClaim, claim: name))
        case .string(let value)?: .success(value)
        default: .failure(Refusal(.wrongClaimType, claim: name))
        }
    }

    /// A required NumericDate claim, exactly, or the rejection.
    private func requiredNumber(_ claims: [String: JSONValue], _ name: String) -> Result<JSONNumber, Refusal> {
        switch claims[name] {
        case nil:
            return .failure(Refusal(.missingClaim, claim: name))
        case .null? where bug == .nullIsMissing:
            return .failure(Refusal(.missingClaim, claim: name))
        case .number(let value)?:
            if bug == .numbersAsInt64, Int64(value.description) == nil {
                return .failure(Refusal(.wrongClaimType, claim: name))
            }
            return .success(value)
        case .bool(let flag)? where bug == .boolAsNumber:
            return .success(flag ? 1 : 0)
        case .string(let text)? where bug == .numericStringAccepted:
            if let value = Double(text) { return .success(JSONNumber(value)) }
            return .failure(Refusal(.wrongClaimType, claim: name))
        default:
            return .failure(Refusal(.wrongClaimType, claim: name))
        }
    }

    /// The host of `iss` read as a URL: after `scheme://` and any `userinfo@`, up to the first `:`, `/`, `?` or `#`;
    /// nil without a scheme or with an empty host.
    func issuerHost(_ iss: String) -> Substring? {
        guard let separator = iss.range(of: "://") else { return nil }
        let scheme = iss[..<separator.lowerBound]
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
              scheme.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) })
        else { return nil }
        if bug == .issRequiresHTTPS, scheme != "https" { return nil }
        let rest = iss[separator.upperBound...]
        let terminators: Set<Character> = bug == .issAuthorityEndsAtSlashOnly ? ["/"] : ["/", "?", "#"]
        let authority = rest[..<(rest.firstIndex(where: { terminators.contains($0) }) ?? rest.endIndex)]
        var host = authority
        if let at = authority.lastIndex(of: "@") { host = authority[authority.index(after: at)...] }
        if bug != .issPortKept, let colon = host.firstIndex(of: ":") { host = host[..<colon] }
        return host.isEmpty ? nil : host
    }

    func isAcceptedIssuer(_ iss: String) -> Bool {
        if bug == .issContainsFacebook { return iss.contains("facebook.com") }
        guard var host = issuerHost(iss).map(String.init) else { return false }
        if bug == .issCaseInsensitive { host = host.lowercased() }
        if bug == .issSuffixWithoutDot { return host.hasSuffix("facebook.com") }
        return host.isCodePointEqual(to: "facebook.com") || host.utf8.reversed().starts(with: ".facebook.com".utf8.reversed())
    }

    /// `now - 600` exactly (decimal arithmetic on the number `now` denotes).
    static func windowStart(_ now: Double, seconds: Int) -> JSONNumber {
        let nowNumber = JSONNumber(now)
        if let decimal = Decimal(string: nowNumber.description, locale: Locale(identifier: "en_US_POSIX")),
           let start = JSONNumber((decimal - Decimal(seconds)).description) {
            return start
        }
        return JSONNumber(now - Double(seconds))
    }

    func validateClaims(_ input: TokenClaimsInput) throws -> TokenClaimsOutcome {
        guard let header = parseObject(input.header), let claims = parseObject(input.claims) else {
            return reject(.malformed)
        }

        // Header.
        guard let alg = header["alg"]?.stringValue, alg.isCodePointEqual(to: "RS256") else {
            return reject(.headerAlgorithm)
        }
        guard let typ = header["typ"]?.stringValue,
              bug == .typCaseInsensitive ? typ.lowercased() == "jwt" : typ.isCodePointEqual(to: "JWT")
        else { return reject(.headerType) }
        guard let kid = header["kid"]?.stringValue, !kid.isEmpty || bug == .emptyKidAccepted else {
            return reject(.headerKeyID)
        }

        // jti (the SDK requires it).
        var jti = ""
        if !(bug == .jtiOptional && claims["jti"] == nil) {
            switch requiredString(claims, "jti") {
            case .failure(let refusal): return .rejected(refusal.rejection)
            case .success(let value): jti = value
            }
            guard !jti.isEmpty else { return reject(.emptyClaim, "jti") }
        }

        // iss.
        let iss: String
        switch requiredString(claims, "iss") {
        case .failure(let refusal): return .rejected(refusal.rejection)
        case .success(let value): iss = value
        }
        guard isAcceptedIssuer(iss) else { return reject(.issuer) }

        // aud: a string equal to the app ID by Swift ==.
        let aud: String
        if bug == .audArrayAccepted, let array = claims["aud"]?.arrayValue,
           let match = array.compactMap(\.stringValue).first(where: { $0 == input.appID }) {
            aud = match
        } else {
            switch requiredString(claims, "aud") {
            case .failure(let refusal): return .rejected(refusal.rejection)
            case .success(let value): aud = value
            }
            let matches = bug == .audCodePoints ? aud.isCodePointEqual(to: input.appID) : aud == input.appID
            guard matches else { return reject(.audience) }
        }

        // exp: later than now, strictly.
        let exp: JSONNumber
        switch requiredNumber(claims, "exp") {
        case .failure(let refusal): return .rejected(refusal.rejection)
        case .success(let value): exp = value
        }
        let now = JSONNumber(input.now)
        guard bug == .expInclusive ? exp >= now : exp > now else { return reject(.expired) }

        // iat: no earlier than now - 600; no upper bound.
        let iat: JSONNumber
        switch requiredNumber(claims, "iat") {
        case .failure(let refusal): return .rejected(refusal.rejection)
        case .success(let value): iat = value
        }
        let earliest = Self.windowStart(input.now, seconds: 600)
        guard bug == .iatWindowExclusive ? iat > earliest : iat >= earliest else { return reject(.issuedTooLongAgo) }
        if bug == .iatAbsoluteWindow, iat > Self.windowStart(input.now, seconds: -600) { return reject(.issuedTooLongAgo) }

        // nonce: non-empty, equal to the expected nonce by Swift ==.
        let nonce: String
        switch requiredString(claims, "nonce") {
        case .failure(let refusal): return .rejected(refusal.rejection)
        case .success(let value): nonce = value
        }
        if bug != .emptyNonceIsMismatch, nonce.isEmpty { return reject(.emptyClaim, "nonce") }
        let nonceMatches = bug == .nonceCaseInsensitive
            ? nonce.lowercased() == input.expectedNonce.lowercased() : nonce == input.expectedNonce
        guard nonceMatches else { return reject(.nonceMismatch) }

        // sub: non-empty.
        let sub: String
        switch requiredString(claims, "sub") {
        case .failure(let refusal): return .rejected(refusal.rejection)
        case .success(let value): sub = value
        }
        let subEmpty = bug == .blankSubIsEmpty ? sub.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty : sub.isEmpty
        if subEmpty { return reject(.emptyClaim, "sub") }

        var kept = TokenClaims(jti: jti, iss: iss, aud: aud, exactExp: exp, exactIat: iat, nonce: nonce, sub: sub)
        var wrongTyped = false

        // Optional claims: kept when of the right type, dropped otherwise.
        for (name, keyPath) in TokenClaims.optionalStringClaims {
            guard let value = claims[name] else { continue }
            if let string = value.stringValue { kept[keyPath: keyPath] = string } else { wrongTyped = true }
        }
        if let value = claims["user_friends"] {
            if let array = value.arrayValue, array.allSatisfy({ $0.stringValue != nil }) {
                kept.userFriends = array.compactMap(\.stringValue)
            } else { wrongTyped = true }
        }
        if let value = claims["user_age_range"] {
            if let object = value.objectValue, !object.isEmpty, object.values.allSatisfy({ $0.exactNumberValue != nil }) {
                kept.exactUserAgeRange = object.compactMapValues(\.exactNumberValue)
            } else {
                wrongTyped = true
                if bug == .ageRangeKeepsNumericMembers, let numbers = value.objectValue?.compactMapValues(\.exactNumberValue),
                   !numbers.isEmpty {
                    kept.exactUserAgeRange = numbers
                }
            }
        }
        for (name, keyPath) in [("user_hometown", \TokenClaims.userHometown), ("user_location", \TokenClaims.userLocation)] {
            guard let value = claims[name] else { continue }
            if let object = value.objectValue, !object.isEmpty, object.values.allSatisfy({ $0.stringValue != nil }) {
                kept[keyPath: keyPath] = object.compactMapValues(\.stringValue)
            } else { wrongTyped = true }
        }
        if let value = claims["cnf"] {
            if let jkt = value.objectValue?["jkt"]?.stringValue, !jkt.isEmpty || bug == .cnfEmptyJKTKept {
                kept.cnfJKT = jkt
            } else { wrongTyped = true }
        }
        if bug == .wrongTypedOptionalRejects, wrongTyped { return reject(.malformed) }
        return .accepted(kept)
    }
}
