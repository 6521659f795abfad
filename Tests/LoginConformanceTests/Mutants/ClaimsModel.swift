import Foundation
import LoginConformance
@testable import LoginConformanceReference  // TokenClaimsRejection: Error; each profile's comparisons, written once
import LoginConformanceTestSupport

/// id_token header and claims validation (SPECIFICATION.md §4, §8) written as mutation sites. Unmutated it conforms to
/// the profile it claims (``MutationTests`` checks that).
struct ClaimsModel: TokenClaimsValidating, Sendable {
    typealias Reason = TokenClaimsRejection.Reason

    /// The issuers the documentation names (SPECIFICATION.md §8).
    static let documentedIssuers = ["https://www.facebook.com", "https://limited.facebook.com"]

    /// The profile it claims.
    let profile: ConformanceProfile
    /// The JSON parser. Conformant: strict RFC 8259.
    var parse: @Sendable (String) -> JSONValue? = JSONValue.parse
    /// Whether the header's `alg` is accepted. Conformant: exactly the string RS256.
    var algorithmAccepted: @Sendable (JSONValue?) -> Bool = { $0?.stringValue == "RS256" }
    /// Whether the header's `typ` is accepted. Conformant: exactly the string JWT.
    var typeAccepted: @Sendable (JSONValue?) -> Bool = { $0?.stringValue == "JWT" }
    /// Whether the header's `kid` is accepted. Conformant: a non-empty string.
    var keyIDAccepted: @Sendable (JSONValue?) -> Bool = { !($0?.stringValue?.isEmpty ?? true) }
    /// A claim's value; `nil` is absent. Conformant: `null` is a value (of the wrong type), not an absence.
    var claim: @Sendable ([String: JSONValue], String) -> JSONValue? = { $0[$1] }
    /// The reason for an absent required claim.
    var missingReason: Reason = .missingClaim
    /// A required string claim's string. Conformant: only a JSON string.
    var string: @Sendable (JSONValue) -> String? = { $0.stringValue }
    /// A required time claim's number. Conformant: only a JSON number, as written.
    var number: @Sendable (JSONValue) -> Double? = { $0.numberValue }
    /// Whether jti is read as a required claim. Conformant: yes (its vectors hold under ios-sdk only, D07).
    var checksJTI = true
    /// The claims that must be non-empty.
    var nonEmptyClaims: Set<String> = ["jti", "nonce", "sub"]
    /// Whether a string counts as empty. Conformant: zero characters.
    var isEmpty: @Sendable (String) -> Bool = { $0.isEmpty }
    /// Whether `iss` is accepted in `profile`.
    var issuerAccepted: @Sendable (String, ConformanceProfile) -> Bool = ClaimsModel.issuer
    /// The `aud` string read from the claim; `nil` is the wrong type. Conformant: only a JSON string.
    var audience: @Sendable (JSONValue, _ appID: String) -> String? = { value, _ in value.stringValue }
    /// Whether the audience is the app ID. Conformant: documented code point by code point (RFC 7519 §2, §7.3);
    /// ios-sdk Swift's `String ==`, canonical equivalence (DECISIONS.md D10).
    var audienceMatches: @Sendable (String, String) -> Bool
    /// Whether the token is still valid at `now`. Conformant: exp > now, by exact value (token.jose.numbers).
    var notExpired: @Sendable (_ exp: JSONNumber, _ now: JSONNumber) -> Bool = { $0 > $1 }
    /// Whether the token was issued recently enough. Conformant: iat >= now - 600.
    var recentlyIssued: @Sendable (_ iat: Double, _ now: Double) -> Bool = { $0 >= $1 - 600 }
    /// Whether `iat` may be in the future. Conformant: yes (no upper bound in the SDK; the documentation is silent).
    var futureIssueAccepted: @Sendable (_ iat: Double, _ now: Double) -> Bool = { _, _ in true }
    /// Whether the nonce is the expected one. Conformant: documented code point by code point (RFC 7519 §7.3);
    /// ios-sdk Swift's `String ==`, canonical equivalence (DECISIONS.md D11).
    var nonceMatches: @Sendable (String, String) -> Bool
    /// Whether an optional claim of the wrong type refuses the token. Conformant: no, the claim is dropped.
    var wrongOptionalClaimRejects = false
    /// An optional string claim's value kept. Conformant: any JSON string, `""` included.
    var optionalString: @Sendable (JSONValue) -> String? = { $0.stringValue }
    /// `user_friends` kept. Conformant: an array of strings, `[]` included.
    var friends: @Sendable (JSONValue) -> [String]? = { value in
        value.arrayValue.flatMap { elements in
            let strings = elements.compactMap(\.stringValue)
            return strings.count == elements.count ? strings : nil
        }
    }
    /// Whether an object claim (`user_age_range`, `user_hometown`, `user_location`) may be empty. Conformant: no.
    var keepsEmptyObjects = false
    /// `cnf.jkt` kept. Conformant: a non-empty string.
    var confirmation: @Sendable (JSONValue) -> String? = { $0.objectValue?["jkt"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } }

    init(profile: ConformanceProfile) {
        self.profile = profile
        audienceMatches = ClaimsModel.stringsMatch(profile)
        nonceMatches = ClaimsModel.stringsMatch(profile)
    }

    /// How `aud` and `nonce` compare in `profile`, as the reference compares them (``ReferenceReading/ClaimEquality``).
    static func stringsMatch(_ profile: ConformanceProfile) -> @Sendable (String, String) -> Bool {
        let reference = ReferenceTokenClaimsValidator(profile: profile)
        return { reference.matches($0, $1) }
    }

    func validateClaims(_ input: TokenClaimsInput) -> TokenClaimsOutcome {
        guard let header = parse(input.header)?.objectValue, let claims = parse(input.claims)?.objectValue else {
            return .rejected(TokenClaimsRejection(.malformed))
        }
        // The SDK's order (token.header.check-order.ios-sdk): a member that is not a string first, then the values.
        let members: [(String, (JSONValue?) -> Bool, TokenClaimsRejection.Reason)] = [
            ("alg", algorithmAccepted, .headerAlgorithm), ("typ", typeAccepted, .headerType),
            ("kid", keyIDAccepted, .headerKeyID),
        ]
        for (name, accepted, reason) in members where header[name]?.stringValue == nil && !accepted(header[name]) {
            return .rejected(TokenClaimsRejection(reason))
        }
        for (name, accepted, reason) in members where !accepted(header[name]) {
            return .rejected(TokenClaimsRejection(reason))
        }
        do {
            let jti = checksJTI ? try requiredString(claims, "jti") : (claims["jti"]?.stringValue ?? "")
            let iss = try requiredString(claims, "iss")
            guard issuerAccepted(iss, profile) else { return .rejected(TokenClaimsRejection(.issuer)) }
            let aud = try requiredAudience(claims, appID: input.appID)
            guard audienceMatches(aud, input.appID) else { return .rejected(TokenClaimsRejection(.audience)) }
            let exp = Self.exact(claims["exp"], read: try requiredNumber(claims, "exp"))
            guard notExpired(exp, JSONNumber(input.now)) else { return .rejected(TokenClaimsRejection(.expired)) }
            let iat = try requiredNumber(claims, "iat")
            guard recentlyIssued(iat, input.now), futureIssueAccepted(iat, input.now) else {
                return .rejected(TokenClaimsRejection(.issuedTooLongAgo))
            }
            let nonce = try requiredString(claims, "nonce")
            guard nonceMatches(nonce, input.expectedNonce) else { return .rejected(TokenClaimsRejection(.nonceMismatch)) }
            let sub = try requiredString(claims, "sub")
            var kept = TokenClaims(jti: jti, iss: iss, aud: aud, exactExp: exp,
                                   exactIat: Self.exact(claims["iat"], read: iat), nonce: nonce, sub: sub)
            try keepOptionalClaims(claims, into: &kept)
            return .accepted(kept)
        } catch {
            return .rejected(error)
        }
    }

    private func requiredValue(_ claims: [String: JSONValue], _ name: String) throws(TokenClaimsRejection) -> JSONValue {
        guard let value = claim(claims, name) else { throw TokenClaimsRejection(missingReason, claim: name) }
        return value
    }

    private func requiredString(_ claims: [String: JSONValue], _ name: String) throws(TokenClaimsRejection) -> String {
        guard let text = string(try requiredValue(claims, name)) else { throw TokenClaimsRejection(.wrongClaimType, claim: name) }
        if nonEmptyClaims.contains(name), isEmpty(text) { throw TokenClaimsRejection(.emptyClaim, claim: name) }
        return text
    }

    /// The claim's number kept exactly (DECISIONS.md D58) when the model read it as that number; otherwise (a mutant
    /// that reads a number from another JSON type) the value the model read.
    static func exact(_ value: JSONValue?, read: Double) -> JSONNumber {
        if let exact = value?.exactNumberValue, exact.doubleValue == read { return exact }
        return JSONNumber(read)
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
        kept.userAgeRange = try keep("user_age_range") { object($0, \.numberValue) }
        kept.userHometown = try keep("user_hometown") { object($0, \.stringValue) }
        kept.userLocation = try keep("user_location") { object($0, \.stringValue) }
        kept.cnfJKT = try keep("cnf", confirmation)
    }

    private func object<Member>(_ value: JSONValue, _ member: (JSONValue) -> Member?) -> [String: Member]? {
        guard let object = value.objectValue, keepsEmptyObjects || !object.isEmpty else { return nil }
        let members = object.compactMapValues(member)
        return members.count == object.count ? members : nil
    }

    /// The issuers `profile` accepts, as the reference reads them (``ReferenceReading/Issuers``).
    static func issuer(_ iss: String, _ profile: ConformanceProfile) -> Bool {
        ReferenceTokenClaimsValidator(profile: profile).isAcceptedIssuer(iss)
    }
}
