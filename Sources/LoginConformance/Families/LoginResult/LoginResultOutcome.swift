/// The answer of a ``LoginResultResolving`` implementation (SPECIFICATION.md §3).
public enum LoginResultOutcome: Sendable, Hashable {
    /// The user cancelled (or the response counts as a cancellation), with the declined permissions it carries.
    case cancelled(declinedPermissions: Set<String>)
    /// The login failed with an error.
    case failed(LoginError)
    /// The login succeeded.
    case success(LoginSuccess)
}

/// A login error: domain and code as the SDK reports them (SPECIFICATION.md §3).
public struct LoginError: Codable, Sendable, Hashable {
    /// `com.facebook.sdk.login` (308 bad challenge, 304 user mismatch, …) or `com.facebook.sdk.core` (8).
    public let domain: String
    /// The error code within the domain.
    public let code: Int
    /// The callback's `error_code`, kept as a string, when the error carries one.
    public let graphErrorCode: String?

    /// The login domain's bad challenge string error (308).
    public static let badChallenge = LoginError(domain: "com.facebook.sdk.login", code: 308)
    /// The login domain's user mismatch error (304).
    public static let userMismatch = LoginError(domain: "com.facebook.sdk.login", code: 304)

    public init(domain: String, code: Int, graphErrorCode: String? = nil) {
        self.domain = domain
        self.code = code
        self.graphErrorCode = graphErrorCode
    }

    private enum CodingKeys: String, ClosedObjectKeys { case domain, code }

    /// Decodes `{"domain", "code"}`; the Graph error code sits beside the `error` object in a vector.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        domain = try container.decode(String.self, forKey: .domain)
        code = try container.decode(Int.self, forKey: .code)
        graphErrorCode = nil
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(domain, forKey: .domain)
        try container.encode(code, forKey: .code)
    }
}

/// A successful login: the result's permission sets, the new access token and, for a Limited Login callback, the
/// authentication token and the profile made current (DECISIONS.md D40).
public struct LoginSuccess: Codable, Sendable, Hashable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case grantedPermissions, declinedPermissions, token, authenticationToken, profile
    }

    /// The recently granted permissions.
    public let grantedPermissions: Set<String>
    /// requested ∩ denied.
    public let declinedPermissions: Set<String>
    /// The new access token's fields; `nil` when the callback carried only an `id_token`.
    public let token: ResolvedAccessToken?
    /// The authentication token a validated `id_token` made; `nil` without one. Optional in the outcome (suite
    /// 0.4.0): absent in JSON when `nil`.
    public let authenticationToken: ResolvedAuthenticationToken?
    /// The profile the login makes current (the SDK's `Profile.current`), made from the `id_token`'s claims with the
    /// whole granted set as its permissions; `nil` without an `id_token`. Absent in JSON when `nil`.
    public let profile: LimitedProfile?

    public init(
        grantedPermissions: Set<String>, declinedPermissions: Set<String>, token: ResolvedAccessToken?,
        authenticationToken: ResolvedAuthenticationToken? = nil, profile: LimitedProfile? = nil
    ) {
        self.grantedPermissions = grantedPermissions
        self.declinedPermissions = declinedPermissions
        self.token = token
        self.authenticationToken = authenticationToken
        self.profile = profile
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        grantedPermissions = Set(try container.decode([String].self, forKey: .grantedPermissions))
        declinedPermissions = Set(try container.decode([String].self, forKey: .declinedPermissions))
        token = try container.decode(ResolvedAccessToken?.self, forKey: .token)
        authenticationToken = try container.decodeIfPresent(ResolvedAuthenticationToken.self, forKey: .authenticationToken)
        profile = try container.decodeIfPresent(LimitedProfile.self, forKey: .profile)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(grantedPermissions.sorted(), forKey: .grantedPermissions)
        try container.encode(declinedPermissions.sorted(), forKey: .declinedPermissions)
        try container.encode(token, forKey: .token)
        try container.encodeIfPresent(authenticationToken, forKey: .authenticationToken)
        try container.encodeIfPresent(profile, forKey: .profile)
    }
}

/// The new access token's fields the suite compares.
public struct ResolvedAccessToken: Codable, Sendable, Hashable {
    private enum CodingKeys: String, ClosedObjectKeys { case tokenString, userID, expirationDate }

    /// The `access_token` parameter.
    public let tokenString: String
    /// The `user_id` parameter.
    public let userID: String
    /// Epoch seconds; `nil` when the token never expires (the SDK's distant future).
    public let expirationDate: Double?

    public init(tokenString: String, userID: String, expirationDate: Double?) {
        self.tokenString = tokenString
        self.userID = userID
        self.expirationDate = expirationDate
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tokenString, forKey: .tokenString)
        try container.encode(userID, forKey: .userID)
        try container.encode(expirationDate, forKey: .expirationDate)
    }
}

extension LoginResultOutcome: Codable {
    private enum Keys: String, DiscriminatedObjectKeys {
        case result, declinedPermissions, error, graphErrorCode, grantedPermissions, token, authenticationToken, profile
        static var discriminator: Keys { .result }
        static var variants: [(value: String, required: [Keys], optional: [Keys])] {
            [("cancelled", [.declinedPermissions], []), ("failed", [.error], [.graphErrorCode]),
             ("success", [.grantedPermissions, .declinedPermissions, .token], [.authenticationToken, .profile])]
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        switch try container.decode(String.self, forKey: .result) {
        case "cancelled":
            self = .cancelled(declinedPermissions: Set(try container.decode([String].self, forKey: .declinedPermissions)))
        case "failed":
            let error = try container.decode(LoginError.self, forKey: .error)
            self = .failed(LoginError(
                domain: error.domain, code: error.code,
                graphErrorCode: try container.decodeIfPresent(String.self, forKey: .graphErrorCode)))
        default:
            self = .success(try LoginSuccess(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch self {
        case .cancelled(let declined):
            try container.encode("cancelled", forKey: .result)
            try container.encode(declined.sorted(), forKey: .declinedPermissions)
        case .failed(let error):
            try container.encode("failed", forKey: .result)
            try container.encode(error, forKey: .error)
            try container.encodeIfPresent(error.graphErrorCode, forKey: .graphErrorCode)
        case .success(let success):
            try container.encode("success", forKey: .result)
            try success.encode(to: encoder)
        }
    }
}
