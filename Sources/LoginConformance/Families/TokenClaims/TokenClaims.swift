/// The claims an id_token validator keeps (SPECIFICATION.md §4): every required claim, and each optional claim whose
/// type is right. Member names in JSON are the JWT claim names.
///
/// Numbers are kept exactly (``JSONNumber``, RFC 8259 §6) and compared by exact value: a kept `exp` of
/// `9007199254740993` is not `9007199254740992`, though both have the same nearest `Double`. ``exp``, ``iat`` and
/// ``userAgeRange`` are `Double` views of ``exactExp``, ``exactIat`` and ``exactUserAgeRange``; a validator that
/// reads claims through `Double` keeps a rounded number and fails the vectors whose numbers a `Double` cannot hold.
public struct TokenClaims: Sendable, Hashable {
    public var jti: String
    public var iss: String
    public var aud: String
    /// `exp`, exactly as the token gives it.
    public var exactExp: JSONNumber
    /// `iat`, exactly as the token gives it.
    public var exactIat: JSONNumber
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
    /// Non-empty object of numbers (`min`, `max`), each exactly as the token gives it.
    public var exactUserAgeRange: [String: JSONNumber]?
    /// Non-empty object of strings (`id`, `name`).
    public var userHometown: [String: String]?
    /// Non-empty object of strings (`id`, `name`).
    public var userLocation: [String: String]?
    /// `cnf.jkt`, a non-empty string.
    public var cnfJKT: String?

    /// The required claims, `exp` and `iat` exactly.
    public init(
        jti: String, iss: String, aud: String, exactExp: JSONNumber, exactIat: JSONNumber, nonce: String, sub: String
    ) {
        self.jti = jti
        self.iss = iss
        self.aud = aud
        self.exactExp = exactExp
        self.exactIat = exactIat
        self.nonce = nonce
        self.sub = sub
    }

    /// The required claims, `exp` and `iat` as the values the `Double`s denote (``JSONNumber``).
    public init(jti: String, iss: String, aud: String, exp: Double, iat: Double, nonce: String, sub: String) {
        self.init(jti: jti, iss: iss, aud: aud, exactExp: JSONNumber(exp), exactIat: JSONNumber(iat), nonce: nonce, sub: sub)
    }

    /// `exp` as its nearest `Double`; setting it keeps the value the `Double` denotes.
    public var exp: Double {
        get { exactExp.doubleValue }
        set { exactExp = JSONNumber(newValue) }
    }

    /// `iat` as its nearest `Double`; setting it keeps the value the `Double` denotes.
    public var iat: Double {
        get { exactIat.doubleValue }
        set { exactIat = JSONNumber(newValue) }
    }

    /// Non-empty object of numbers (`min`, `max`), each as its nearest `Double`; setting it keeps the values the
    /// `Double`s denote.
    public var userAgeRange: [String: Double]? {
        get { exactUserAgeRange?.mapValues(\.doubleValue) }
        set { exactUserAgeRange = newValue?.mapValues { JSONNumber($0) } }
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
            exactExp: try container.decode(JSONNumber.self, forKey: .exp),
            exactIat: try container.decode(JSONNumber.self, forKey: .iat),
            nonce: try container.decode(String.self, forKey: .nonce),
            sub: try container.decode(String.self, forKey: .sub)
        )
        let strings = try decoder.container(keyedBy: AnyCodingKey.self)
        // An optional claim is kept or left out, never null (a claim kept as null would read as a claim dropped).
        let optional = [Keys.cnf, .userFriends, .userAgeRange, .userHometown, .userLocation].map(\.rawValue) + stringClaimNames
        for name in optional {
            let key = AnyCodingKey(stringValue: name)
            if strings.contains(key), try strings.decodeNil(forKey: key) {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: strings, debugDescription: JSONDocumentDecoder.nullRefusal)
            }
        }
        for (name, keyPath) in Self.optionalStringClaims {
            self[keyPath: keyPath] = try strings.decodeIfPresent(String.self, forKey: AnyCodingKey(stringValue: name))
        }
        userFriends = try container.decodeIfPresent([String].self, forKey: .userFriends)
        exactUserAgeRange = try container.decodeIfPresent([String: JSONNumber].self, forKey: .userAgeRange)
        userHometown = try container.decodeIfPresent([String: String].self, forKey: .userHometown)
        userLocation = try container.decodeIfPresent([String: String].self, forKey: .userLocation)
        cnfJKT = try container.decodeIfPresent(Confirmation.self, forKey: .cnf)?.jkt
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(jti, forKey: .jti)
        try container.encode(iss, forKey: .iss)
        try container.encode(aud, forKey: .aud)
        try container.encode(exactExp, forKey: .exp)
        try container.encode(exactIat, forKey: .iat)
        try container.encode(nonce, forKey: .nonce)
        try container.encode(sub, forKey: .sub)
        var strings = encoder.container(keyedBy: AnyCodingKey.self)
        for (name, keyPath) in Self.optionalStringClaims {
            try strings.encodeIfPresent(self[keyPath: keyPath], forKey: AnyCodingKey(stringValue: name))
        }
        try container.encodeIfPresent(userFriends, forKey: .userFriends)
        try container.encodeIfPresent(exactUserAgeRange, forKey: .userAgeRange)
        try container.encodeIfPresent(userHometown, forKey: .userHometown)
        try container.encodeIfPresent(userLocation, forKey: .userLocation)
        try container.encodeIfPresent(cnfJKT.map(Confirmation.init), forKey: .cnf)
    }

    /// The `cnf` claim as the suite keeps it: `{"jkt": …}` only.
    private struct Confirmation: Codable {
        let jkt: String

        private enum CodingKeys: String, ClosedObjectKeys { case jkt }
    }
}
