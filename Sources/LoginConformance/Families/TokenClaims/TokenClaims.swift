/// The claims an id_token validator keeps (SPECIFICATION.md §4): every required claim, and each optional claim whose
/// type is right. Member names in JSON are the JWT claim names.
public struct TokenClaims: Sendable, Hashable {
    public var jti: String
    public var iss: String
    public var aud: String
    public var exp: Double
    public var iat: Double
    public var nonce: String
    public var sub: String
    public var name: String?
    public var givenName: String?
    public var middleName: String?
    public var familyName: String?
    public var email: String?
    public var picture: String?
    public var userBirthday: String?
    public var userGender: String?
    public var userLink: String?
    /// Array of strings; `[]` is kept.
    public var userFriends: [String]?
    /// Non-empty object of numbers (`min`, `max`).
    public var userAgeRange: [String: Double]?
    /// Non-empty object of strings (`id`, `name`).
    public var userHometown: [String: String]?
    /// Non-empty object of strings (`id`, `name`).
    public var userLocation: [String: String]?
    /// `cnf.jkt`, a non-empty string.
    public var cnfJKT: String?

    public init(jti: String, iss: String, aud: String, exp: Double, iat: Double, nonce: String, sub: String) {
        self.jti = jti
        self.iss = iss
        self.aud = aud
        self.exp = exp
        self.iat = iat
        self.nonce = nonce
        self.sub = sub
    }

    /// The optional string claims, by JWT name, with their key paths.
    public static var optionalStringClaims: [(name: String, keyPath: WritableKeyPath<TokenClaims, String?>)] {
        [
            ("name", \.name), ("given_name", \.givenName), ("middle_name", \.middleName),
            ("family_name", \.familyName), ("email", \.email), ("picture", \.picture),
            ("user_birthday", \.userBirthday), ("user_gender", \.userGender), ("user_link", \.userLink),
        ]
    }
}

extension TokenClaims: Codable {
    private enum Keys: String, CodingKey, CaseIterable {
        case jti, iss, aud, exp, iat, nonce, sub, cnf
        case userFriends = "user_friends", userAgeRange = "user_age_range"
        case userHometown = "user_hometown", userLocation = "user_location"
    }

    public init(from decoder: any Decoder) throws {
        let stringClaimNames = Self.optionalStringClaims.map(\.name)
        try decoder.rejectUnknownMembers(allowed: Set(Keys.allCases.map(\.rawValue) + stringClaimNames))
        let container = try decoder.container(keyedBy: Keys.self)
        self.init(
            jti: try container.decode(String.self, forKey: .jti),
            iss: try container.decode(String.self, forKey: .iss),
            aud: try container.decode(String.self, forKey: .aud),
            exp: try container.decode(Double.self, forKey: .exp),
            iat: try container.decode(Double.self, forKey: .iat),
            nonce: try container.decode(String.self, forKey: .nonce),
            sub: try container.decode(String.self, forKey: .sub)
        )
        let strings = try decoder.container(keyedBy: AnyCodingKey.self)
        for (name, keyPath) in Self.optionalStringClaims {
            self[keyPath: keyPath] = try strings.decodeIfPresent(String.self, forKey: AnyCodingKey(stringValue: name))
        }
        userFriends = try container.decodeIfPresent([String].self, forKey: .userFriends)
        userAgeRange = try container.decodeIfPresent([String: Double].self, forKey: .userAgeRange)
        userHometown = try container.decodeIfPresent([String: String].self, forKey: .userHometown)
        userLocation = try container.decodeIfPresent([String: String].self, forKey: .userLocation)
        cnfJKT = try container.decodeIfPresent(Confirmation.self, forKey: .cnf)?.jkt
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(jti, forKey: .jti)
        try container.encode(iss, forKey: .iss)
        try container.encode(aud, forKey: .aud)
        try container.encode(exp, forKey: .exp)
        try container.encode(iat, forKey: .iat)
        try container.encode(nonce, forKey: .nonce)
        try container.encode(sub, forKey: .sub)
        var strings = encoder.container(keyedBy: AnyCodingKey.self)
        for (name, keyPath) in Self.optionalStringClaims {
            try strings.encodeIfPresent(self[keyPath: keyPath], forKey: AnyCodingKey(stringValue: name))
        }
        try container.encodeIfPresent(userFriends, forKey: .userFriends)
        try container.encodeIfPresent(userAgeRange, forKey: .userAgeRange)
        try container.encodeIfPresent(userHometown, forKey: .userHometown)
        try container.encodeIfPresent(userLocation, forKey: .userLocation)
        try container.encodeIfPresent(cnfJKT.map(Confirmation.init), forKey: .cnf)
    }

    /// The `cnf` claim as the suite keeps it: `{"jkt": …}` only.
    private struct Confirmation: Codable {
        let jkt: String

        init(jkt: String) { self.jkt = jkt }

        init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownMembers(allowed: ["jkt"])
            jkt = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .jkt)
        }
    }
}
