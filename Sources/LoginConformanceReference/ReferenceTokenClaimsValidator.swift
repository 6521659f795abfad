import Foundation
import LoginConformance

/// id_token header and claims validation (Vectors/SPECIFICATION.md §4, §8). The signature is not its concern. Where a
/// source makes a check optional (`typ`, a missing `kid`, the `iat` window) it gives the preferred, strict outcome in
/// every profile (Vectors/DECISIONS.md D01, D02, D05).
public struct ReferenceTokenClaimsValidator: TokenClaimsValidating, Sendable {
    /// The reading of the issuer rule it follows.
    public let profile: ConformanceProfile
    /// `profile`'s rules where the profiles disagree (`ReferenceReading`).
    let reading: ReferenceReading

    /// The issuers the documentation names (Vectors/DECISIONS.md D15).
    public static let documentedIssuers: Set<String> = ["https://www.facebook.com", "https://limited.facebook.com"]

    /// How long after `iat` a token is still accepted, in seconds (the SDK's window; Vectors/DECISIONS.md D05).
    public static let issuedAtWindow: Double = 600

    public init(profile: ConformanceProfile) {
        self.profile = profile
        reading = ReferenceReading.of(profile)
    }

    public func validateClaims(_ input: TokenClaimsInput) -> TokenClaimsOutcome {
        guard let header = JSONValue.parse(input.header)?.objectValue,
              let claims = JSONValue.parse(input.claims)?.objectValue
        else { return .rejected(TokenClaimsRejection(.malformed)) }
        if let rejection = Self.headerRejection(header) ?? requiredClaimRejection(claims, input: input) {
            return .rejected(rejection)
        }
        return .accepted(Self.keptClaims(claims, profile: profile))
    }

    /// `alg` exactly `RS256`, `typ` exactly `JWT`, `kid` a non-empty string; other members ignored. In the SDK's
    /// order (rule token.header.check-order.ios-sdk, Vectors/DECISIONS.md D59): each member read as a string, then
    /// each compared; no document orders them, so the documented reading takes the same order.
    static func headerRejection(_ header: [String: JSONValue]) -> TokenClaimsRejection? {
        guard let alg = header["alg"]?.stringValue else { return TokenClaimsRejection(.headerAlgorithm) }
        guard let typ = header["typ"]?.stringValue else { return TokenClaimsRejection(.headerType) }
        guard let kid = header["kid"]?.stringValue else { return TokenClaimsRejection(.headerKeyID) }
        if alg != "RS256" { return TokenClaimsRejection(.headerAlgorithm) }
        if typ != "JWT" { return TokenClaimsRejection(.headerType) }
        if kid.isEmpty { return TokenClaimsRejection(.headerKeyID) }
        return nil
    }

    /// The required claims: presence, JSON type, then each claim's value rule.
    private func requiredClaimRejection(_ claims: [String: JSONValue], input: TokenClaimsInput) -> TokenClaimsRejection? {
        do {
            let required = RequiredClaims(claims: claims)
            _ = try required.string("jti", nonEmpty: true)
            guard isAcceptedIssuer(try required.string("iss")) else { return TokenClaimsRejection(.issuer) }
            guard matches(try required.string("aud"), input.appID) else { return TokenClaimsRejection(.audience) }
            // By exact value (token.jose.numbers): exp 2^53 + 1 is later than now 2^53, though their Doubles are equal.
            guard try required.exactNumber("exp") > JSONNumber(input.now) else { return TokenClaimsRejection(.expired) }
            guard try required.number("iat") >= input.now - Self.issuedAtWindow else {
                return TokenClaimsRejection(.issuedTooLongAgo)
            }
            guard matches(try required.string("nonce", nonEmpty: true), input.expectedNonce) else {
                return TokenClaimsRejection(.nonceMismatch)
            }
            _ = try required.string("sub", nonEmpty: true)
            return nil
        } catch {
            return error
        }
    }

    /// How `aud` and `nonce` compare with the app ID and the expected nonce: documented code point by code point
    /// (RFC 7519 §2, §7.3); ios-sdk with Swift's `String ==`, canonical equivalence, as the SDK does
    /// (Vectors/DECISIONS.md D10, D11).
    func matches(_ claim: String, _ expected: String) -> Bool {
        switch reading.claimEquality {
        case .codePoints: return claim.isCodePointEqual(to: expected)
        case .canonicalEquivalence: return claim == expected
        }
    }

    /// documented: exactly one of the two documented issuers. ios-sdk: the URL's host is `facebook.com` or ends
    /// with `.facebook.com`, case-sensitive; scheme and path not checked.
    func isAcceptedIssuer(_ issuer: String) -> Bool {
        switch reading.issuers {
        case .documented:
            return Self.documentedIssuers.contains { $0.isCodePointEqual(to: issuer) }
        case .facebookHost:
            guard let host = URL(string: issuer)?.host else { return false }
            return host == "facebook.com" || host.hasSuffix(".facebook.com")
        }
    }

    /// Every required claim, and each optional claim whose type is right (Vectors/DECISIONS.md D19). Under `ios-sdk`
    /// `exp` and `iat` are the doubles the SDK reads them as (`as? Double`; Vectors/DECISIONS.md D62).
    static func keptClaims(_ claims: [String: JSONValue], profile: ConformanceProfile) -> TokenClaims {
        func time(_ name: String) -> JSONNumber {
            guard let value = claims[name] else { return 0 }
            if ReferenceReading.of(profile).claimTimesAsDoubles, let double = value.numberValue { return JSONNumber(double) }
            return value.exactNumberValue ?? 0
        }
        var kept = TokenClaims(
            jti: claims["jti"]?.stringValue ?? "", iss: claims["iss"]?.stringValue ?? "",
            aud: claims["aud"]?.stringValue ?? "", exactExp: time("exp"), exactIat: time("iat"),
            nonce: claims["nonce"]?.stringValue ?? "", sub: claims["sub"]?.stringValue ?? "")
        for (name, keyPath) in TokenClaims.optionalStringClaims {
            kept[keyPath: keyPath] = claims[name]?.stringValue
        }
        kept.userFriends = claims["user_friends"]?.arrayValue.flatMap { elements in
            let strings = elements.compactMap(\.stringValue)
            return strings.count == elements.count ? strings : nil
        }
        kept.exactUserAgeRange = nonEmptyObject(claims["user_age_range"], of: \.exactNumberValue)
        kept.userHometown = nonEmptyObject(claims["user_hometown"], of: \.stringValue)
        kept.userLocation = nonEmptyObject(claims["user_location"], of: \.stringValue)
        kept.cnfJKT = claims["cnf"]?.objectValue?["jkt"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        return kept
    }

    /// A non-empty object whose every member has the type `member` extracts, else `nil`.
    private static func nonEmptyObject<Member>(
        _ value: JSONValue?, of member: (JSONValue) -> Member?
    ) -> [String: Member]? {
        guard let object = value?.objectValue, !object.isEmpty else { return nil }
        let members = object.compactMapValues(member)
        return members.count == object.count ? members : nil
    }
}

/// Reads required claims, throwing the rejection for an absent, wrongly typed or empty claim.
private struct RequiredClaims {
    let claims: [String: JSONValue]

    func string(_ name: String, nonEmpty: Bool = false) throws(TokenClaimsRejection) -> String {
        guard let value = claims[name] else { throw TokenClaimsRejection(.missingClaim, claim: name) }
        guard let text = value.stringValue else { throw TokenClaimsRejection(.wrongClaimType, claim: name) }
        if nonEmpty, text.isEmpty { throw TokenClaimsRejection(.emptyClaim, claim: name) }
        return text
    }

    func number(_ name: String) throws(TokenClaimsRejection) -> Double {
        try exactNumber(name).doubleValue
    }

    func exactNumber(_ name: String) throws(TokenClaimsRejection) -> JSONNumber {
        guard let value = claims[name] else { throw TokenClaimsRejection(.missingClaim, claim: name) }
        guard let number = value.exactNumberValue else { throw TokenClaimsRejection(.wrongClaimType, claim: name) }
        return number
    }
}

extension TokenClaimsRejection: Error {}
