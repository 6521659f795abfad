import Foundation
import LoginConformance

/// id_token header and claims validation (Vectors/SPECIFICATION.md §4, §8). The signature is not its concern. Where a
/// source makes a check optional (`typ`, a missing `kid`, the `iat` window) it gives the preferred, strict outcome in
/// every profile (Vectors/DECISIONS.md D01, D02, D05).
///
/// Each step of the rules is a mutation site: a `package` member, conformant as it stands, that the test target's
/// mutant catalogue replaces with one realistic bug. The rules are written once, here.
public struct ReferenceTokenClaimsValidator: TokenClaimsValidating, Sendable {
    /// The reading of the issuer rule it follows.
    public let profile: ConformanceProfile

    /// The issuers the documentation names (Vectors/DECISIONS.md D15).
    public static let documentedIssuers: Set<String> = ["https://www.facebook.com", "https://limited.facebook.com"]

    /// How long after `iat` a token is still accepted, in seconds (the SDK's window; Vectors/DECISIONS.md D05).
    public static let issuedAtWindow: Double = 600

    /// The JSON parser of the header and claims texts: strict RFC 8259.
    package var parse: @Sendable (String) -> JSONValue? = JSONValue.parse
    /// Whether the header's `alg` is accepted: exactly the string RS256.
    package var algorithmAccepted: @Sendable (JSONValue?) -> Bool = { $0?.stringValue == "RS256" }
    /// Whether the header's `typ` is accepted: exactly the string JWT.
    package var typeAccepted: @Sendable (JSONValue?) -> Bool = { $0?.stringValue == "JWT" }
    /// Whether the header's `kid` is accepted: a non-empty string.
    package var keyIDAccepted: @Sendable (JSONValue?) -> Bool = { !($0?.stringValue?.isEmpty ?? true) }
    /// A claim's value; `nil` is absent: `null` is a value (of the wrong type), not an absence.
    package var claim: @Sendable ([String: JSONValue], String) -> JSONValue? = { $0[$1] }
    /// The reason for an absent required claim.
    package var missingReason: TokenClaimsRejection.Reason = .missingClaim
    /// A required string claim's string: only a JSON string.
    package var string: @Sendable (JSONValue) -> String? = { $0.stringValue }
    /// A required time claim's number: only a JSON number, as written.
    package var number: @Sendable (JSONValue) -> Double? = { $0.numberValue }
    /// Whether `jti` is read as a required claim: it is (its vectors hold under ios-sdk only, DECISIONS.md D07).
    package var checksJTI = true
    /// The claims that must be non-empty.
    package var nonEmptyClaims: Set<String> = ["jti", "nonce", "sub"]
    /// Whether a string counts as empty: zero characters.
    package var isEmpty: @Sendable (String) -> Bool = { $0.isEmpty }
    /// Whether `iss` is accepted in `profile`'s reading: ``isAcceptedIssuer(_:reading:)``.
    package var issuerAccepted: @Sendable (String) -> Bool
    /// The `aud` string read from the claim; `nil` is the wrong type: only a JSON string.
    package var audience: @Sendable (JSONValue, _ appID: String) -> String? = { value, _ in value.stringValue }
    /// Whether the audience is the app ID: ``matches(_:_:reading:)``.
    package var audienceMatches: @Sendable (String, String) -> Bool
    /// Whether the token is still valid at `now`: exp > now, by exact value (rule token.jose.numbers: exp 2^53 + 1
    /// is later than now 2^53, though their Doubles are equal).
    package var notExpired: @Sendable (_ exp: JSONNumber, _ now: JSONNumber) -> Bool = { $0 > $1 }
    /// Whether the token was issued recently enough: iat >= now - ``issuedAtWindow``.
    package var recentlyIssued: @Sendable (_ iat: Double, _ now: Double) -> Bool = {
        $0 >= $1 - ReferenceTokenClaimsValidator.issuedAtWindow
    }
    /// Whether `iat` may be in the future: it may (no upper bound in the SDK; the documentation is silent).
    package var futureIssueAccepted: @Sendable (_ iat: Double, _ now: Double) -> Bool = { _, _ in true }
    /// Whether the nonce is the expected one: ``matches(_:_:reading:)``.
    package var nonceMatches: @Sendable (String, String) -> Bool
    /// Whether an optional claim of the wrong type refuses the token: no, the claim is dropped (DECISIONS.md D19).
    package var wrongOptionalClaimRejects = false
    /// An optional string claim's value kept: any JSON string, `""` included.
    package var optionalString: @Sendable (JSONValue) -> String? = { $0.stringValue }
    /// `user_friends` kept: an array of strings, `[]` included.
    package var friends: @Sendable (JSONValue) -> [String]? = { value in
        value.arrayValue.flatMap { elements in
            let strings = elements.compactMap(\.stringValue)
            return strings.count == elements.count ? strings : nil
        }
    }
    /// Whether an object claim (`user_age_range`, `user_hometown`, `user_location`) may be empty: no.
    package var keepsEmptyObjects = false
    /// `cnf.jkt` kept: a non-empty string.
    package var confirmation: @Sendable (JSONValue) -> String? = {
        $0.objectValue?["jkt"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    }
    /// Whether `exp` and `iat` are kept as the doubles the SDK reads them as (`as? Double`; DECISIONS.md D62), not
    /// as exact numbers: under the reading that does so (ios-sdk).
    package var keepsTimesAsDoubles: Bool

    public init(profile: ConformanceProfile) {
        self.profile = profile
        let reading = ReferenceReading.of(profile)
        issuerAccepted = { Self.isAcceptedIssuer($0, reading: reading) }
        audienceMatches = { Self.matches($0, $1, reading: reading) }
        nonceMatches = { Self.matches($0, $1, reading: reading) }
        keepsTimesAsDoubles = reading.claimTimesAsDoubles
    }

    public func validateClaims(_ input: TokenClaimsInput) -> TokenClaimsOutcome {
        guard let header = parse(input.header)?.objectValue, let claims = parse(input.claims)?.objectValue else {
            return .rejected(TokenClaimsRejection(.malformed))
        }
        if let rejection = headerRejection(header) { return .rejected(rejection) }
        do {
            let jti = checksJTI ? try requiredString(claims, "jti") : (claims["jti"]?.stringValue ?? "")
            let iss = try requiredString(claims, "iss")
            guard issuerAccepted(iss) else { return .rejected(TokenClaimsRejection(.issuer)) }
            let aud = try requiredAudience(claims, appID: input.appID)
            guard audienceMatches(aud, input.appID) else { return .rejected(TokenClaimsRejection(.audience)) }
            let expRead = try requiredNumber(claims, "exp")
            guard notExpired(Self.exact(claims["exp"], read: expRead), JSONNumber(input.now)) else {
                return .rejected(TokenClaimsRejection(.expired))
            }
            let iatRead = try requiredNumber(claims, "iat")
            guard recentlyIssued(iatRead, input.now), futureIssueAccepted(iatRead, input.now) else {
                return .rejected(TokenClaimsRejection(.issuedTooLongAgo))
            }
            let nonce = try requiredString(claims, "nonce")
            guard nonceMatches(nonce, input.expectedNonce) else { return .rejected(TokenClaimsRejection(.nonceMismatch)) }
            let sub = try requiredString(claims, "sub")
            var kept = TokenClaims(jti: jti, iss: iss, aud: aud, exactExp: keptTime(claims["exp"], read: expRead),
                                   exactIat: keptTime(claims["iat"], read: iatRead), nonce: nonce, sub: sub)
            try keepOptionalClaims(claims, into: &kept)
            return .accepted(kept)
        } catch {
            return .rejected(error)
        }
    }

    /// `alg` exactly `RS256`, `typ` exactly `JWT`, `kid` a non-empty string; other members ignored. In the SDK's
    /// order (rule token.header.check-order.ios-sdk, Vectors/DECISIONS.md D59): each member read as a string, then
    /// each compared; no document orders them, so the documented reading takes the same order.
    private func headerRejection(_ header: [String: JSONValue]) -> TokenClaimsRejection? {
        let members: [(String, (JSONValue?) -> Bool, TokenClaimsRejection.Reason)] = [
            ("alg", algorithmAccepted, .headerAlgorithm), ("typ", typeAccepted, .headerType),
            ("kid", keyIDAccepted, .headerKeyID),
        ]
        for (name, accepted, reason) in members where header[name]?.stringValue == nil && !accepted(header[name]) {
            return TokenClaimsRejection(reason)
        }
        for (name, accepted, reason) in members where !accepted(header[name]) {
            return TokenClaimsRejection(reason)
        }
        return nil
    }

    /// How `aud` and `nonce` compare with the app ID and the expected nonce: documented code point by code point
    /// (RFC 7519 §2, §7.3); ios-sdk with Swift's `String ==`, canonical equivalence, as the SDK does
    /// (Vectors/DECISIONS.md D10, D11).
    static func matches(_ claim: String, _ expected: String, reading: ReferenceReading) -> Bool {
        switch reading.claimEquality {
        case .codePoints: return claim.isCodePointEqual(to: expected)
        case .canonicalEquivalence: return claim == expected
        }
    }

    /// documented: exactly one of the two documented issuers. ios-sdk: the URL's host is `facebook.com` or ends
    /// with `.facebook.com`, case-sensitive; scheme and path not checked.
    static func isAcceptedIssuer(_ issuer: String, reading: ReferenceReading) -> Bool {
        switch reading.issuers {
        case .documented:
            return documentedIssuers.contains { $0.isCodePointEqual(to: issuer) }
        case .facebookHost:
            guard let host = URL(string: issuer)?.host else { return false }
            return host == "facebook.com" || host.hasSuffix(".facebook.com")
        }
    }

    // The required claims: presence, JSON type, then each claim's value rule.

    private func requiredValue(_ claims: [String: JSONValue], _ name: String) throws(TokenClaimsRejection) -> JSONValue {
        guard let value = claim(claims, name) else { throw TokenClaimsRejection(missingReason, claim: name) }
        return value
    }

    private func requiredString(_ claims: [String: JSONValue], _ name: String) throws(TokenClaimsRejection) -> String {
        guard let text = string(try requiredValue(claims, name)) else { throw TokenClaimsRejection(.wrongClaimType, claim: name) }
        if nonEmptyClaims.contains(name), isEmpty(text) { throw TokenClaimsRejection(.emptyClaim, claim: name) }
        return text
    }

    private func requiredNumber(_ claims: [String: JSONValue], _ name: String) throws(TokenClaimsRejection) -> Double {
        guard let value = number(try requiredValue(claims, name)) else { throw TokenClaimsRejection(.wrongClaimType, claim: name) }
        return value
    }

    private func requiredAudience(_ claims: [String: JSONValue], appID: String) throws(TokenClaimsRejection) -> String {
        guard let text = audience(try requiredValue(claims, "aud"), appID) else {
            throw TokenClaimsRejection(.wrongClaimType, claim: "aud")
        }
        return text
    }

    /// The claim's number kept exactly (DECISIONS.md D58) when it was read as that number; otherwise (a number read
    /// from another JSON type) the value read.
    private static func exact(_ value: JSONValue?, read: Double) -> JSONNumber {
        if let exact = value?.exactNumberValue, exact.doubleValue == read { return exact }
        return JSONNumber(read)
    }

    /// A time claim as kept: exact, or the double read where the reading keeps doubles.
    private func keptTime(_ value: JSONValue?, read: Double) -> JSONNumber {
        keepsTimesAsDoubles ? JSONNumber(read) : Self.exact(value, read: read)
    }

    /// Each optional claim whose type is right (Vectors/DECISIONS.md D19).
    private func keepOptionalClaims(_ claims: [String: JSONValue], into kept: inout TokenClaims) throws(TokenClaimsRejection) {
        func keep<Value>(_ name: String, _ read: (JSONValue) -> Value?) throws(TokenClaimsRejection) -> Value? {
            guard let value = claims[name] else { return nil }
            let read = read(value)
            if read == nil, wrongOptionalClaimRejects { throw TokenClaimsRejection(.wrongClaimType, claim: name) }
            return read
        }
        for (name, keyPath) in TokenClaims.optionalStringClaims {
            kept[keyPath: keyPath] = try keep(name, optionalString)
        }
        kept.userFriends = try keep("user_friends", friends)
        kept.exactUserAgeRange = try keep("user_age_range") { object($0, \.exactNumberValue) }
        kept.userHometown = try keep("user_hometown") { object($0, \.stringValue) }
        kept.userLocation = try keep("user_location") { object($0, \.stringValue) }
        kept.cnfJKT = try keep("cnf", confirmation)
    }

    /// A non-empty object (empty too, where a mutant keeps it) whose every member has the type `member` extracts,
    /// else `nil`.
    private func object<Member>(_ value: JSONValue, _ member: (JSONValue) -> Member?) -> [String: Member]? {
        guard let object = value.objectValue, keepsEmptyObjects || !object.isEmpty else { return nil }
        let members = object.compactMapValues(member)
        return members.count == object.count ? members : nil
    }
}

extension TokenClaimsRejection: Error {}
