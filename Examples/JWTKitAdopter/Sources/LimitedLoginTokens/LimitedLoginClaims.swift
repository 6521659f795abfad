import Foundation

/// The claims of a valid Limited Login id_token: the required ones, and each optional one whose type is right.
public struct LimitedLoginClaims: Sendable, Hashable {
    public var jti, iss, aud, nonce, sub: String
    public var exp, iat: Double
    /// `exp` and `iat` exactly as the token wrote them (a `Double` rounds integers past 2^53).
    public var expText = "", iatText = ""
    /// Optional string claims by name (name, given_name, email, picture, …).
    public var strings: [String: String] = [:]
    public var userFriends: [String]?
    public var userAgeRange: [String: Double]?
    public var userHometown: [String: String]?
    public var userLocation: [String: String]?
    public var cnfJKT: String?

    static let documentedIssuers = ["https://www.facebook.com", "https://limited.facebook.com"]
    static let optionalStrings = ["name", "given_name", "middle_name", "family_name", "email", "picture",
                                  "user_birthday", "user_gender", "user_link"]

    /// SPECIFICATION.md §4's claim rules, in its order; strings compare code point by code point (not Swift's `==`,
    /// which equates canonically equivalent strings).
    static func validate(_ claims: [String: StrictJSON], appID: String, expectedNonce: String, issuers: LimitedLoginTokenValidator.IssuerPolicy,
                         now: Double) throws(LimitedLoginTokenError) -> LimitedLoginClaims {
        func value(_ name: String) throws(LimitedLoginTokenError) -> StrictJSON {
            guard let value = claims[name] else { throw .missingClaim(name) }
            return value
        }
        func string(_ name: String, nonEmpty: Bool = false) throws(LimitedLoginTokenError) -> String {
            guard case .string(let text) = try value(name) else { throw .wrongClaimType(name) }
            if nonEmpty, text.isEmpty { throw .emptyClaim(name) }
            return text
        }
        func number(_ name: String) throws(LimitedLoginTokenError) -> (value: Double, text: String) {
            guard case .number(let number, let text) = try value(name) else { throw .wrongClaimType(name) }
            return (number, text)
        }
        let jti = try string("jti", nonEmpty: true)
        let iss = try string("iss")
        guard issuerAccepted(iss, issuers) else { throw .issuer }
        let aud = try string("aud")  // an array is the wrong type: a Limited Login token has one audience
        guard aud.utf8.elementsEqual(appID.utf8) else { throw .audience }
        let (exp, expText) = try number("exp")
        guard exp > now else { throw .expired }
        let (iat, iatText) = try number("iat")
        guard iat >= now - 600 else { throw .issuedTooLongAgo }  // jwt-kit has no iat check at all
        let nonce = try string("nonce", nonEmpty: true)
        guard nonce.utf8.elementsEqual(expectedNonce.utf8) else { throw .nonceMismatch }
        let sub = try string("sub", nonEmpty: true)

        var kept = LimitedLoginClaims(jti: jti, iss: iss, aud: aud, nonce: nonce, sub: sub, exp: exp, iat: iat,
                                      expText: expText, iatText: iatText)
        for name in optionalStrings {
            if case .string(let text)? = claims[name] { kept.strings[name] = text }
        }
        if case .array(let items)? = claims["user_friends"] {
            let strings = items.compactMap { if case .string(let s) = $0 { s } else { nil } }
            if strings.count == items.count { kept.userFriends = strings }
        }
        kept.userAgeRange = object(claims["user_age_range"]) { if case .number(let n, _) = $0 { n } else { nil } }
        kept.userHometown = object(claims["user_hometown"]) { if case .string(let s) = $0 { s } else { nil } }
        kept.userLocation = object(claims["user_location"]) { if case .string(let s) = $0 { s } else { nil } }
        if case .object(let cnf)? = claims["cnf"], case .string(let jkt)? = cnf["jkt"], !jkt.isEmpty { kept.cnfJKT = jkt }
        return kept
    }

    private static func object<T>(_ value: StrictJSON?, _ member: (StrictJSON) -> T?) -> [String: T]? {
        guard case .object(let object)? = value, !object.isEmpty else { return nil }
        let members = object.compactMapValues(member)
        return members.count == object.count ? members : nil
    }

    private static func issuerAccepted(_ iss: String, _ policy: LimitedLoginTokenValidator.IssuerPolicy) -> Bool {
        switch policy {
        case .documented:
            return documentedIssuers.contains { $0.utf8.elementsEqual(iss.utf8) }
        case .anyFacebookHost:
            guard let host = URL(string: iss)?.host else { return false }
            return host == "facebook.com" || host.hasSuffix(".facebook.com")
        }
    }
}
