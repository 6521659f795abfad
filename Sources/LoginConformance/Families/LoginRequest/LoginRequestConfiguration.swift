/// The valid login configuration a `login-request` vector starts from (SPECIFICATION.md §1): what the configuration
/// holds, its code verifier's S256 challenge included, so that an implementation without SHA-256 can build the
/// request (the `code-challenge` family checks the computation).
public struct LoginRequestConfiguration: Codable, Sendable, Hashable {
    private enum CodingKeys: String, ClosedObjectKeys {
        case permissions, tracking, nonce, authType, codeVerifier, codeChallenge, appSwitch, messengerPageId
    }

    /// The requested permissions, a set.
    public let permissions: Set<String>
    /// The tracking mode.
    public let tracking: LoginTracking
    /// The nonce, valid in the vector's profile.
    public let nonce: String
    /// `rerequest`, `reauthorize`, or `nil` for none.
    public let authType: String?
    /// The PKCE code verifier.
    public let codeVerifier: String
    /// The verifier's S256 challenge.
    public let codeChallenge: String
    /// Whether the configuration allows logging in through the Facebook app.
    public let appSwitch: LoginAppSwitch
    /// The Messenger page ID (not a parameter of SPECIFICATION.md §2's table).
    public let messengerPageId: String?

    public init(
        permissions: Set<String>, tracking: LoginTracking, nonce: String, authType: String?, codeVerifier: String,
        codeChallenge: String, appSwitch: LoginAppSwitch, messengerPageId: String?
    ) {
        self.permissions = permissions
        self.tracking = tracking
        self.nonce = nonce
        self.authType = authType
        self.codeVerifier = codeVerifier
        self.codeChallenge = codeChallenge
        self.appSwitch = appSwitch
        self.messengerPageId = messengerPageId
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(permissions.sorted(), forKey: .permissions)
        try container.encode(tracking, forKey: .tracking)
        try container.encode(nonce, forKey: .nonce)
        try container.encode(authType, forKey: .authType)
        try container.encode(codeVerifier, forKey: .codeVerifier)
        try container.encode(codeChallenge, forKey: .codeChallenge)
        try container.encode(appSwitch, forKey: .appSwitch)
        try container.encode(messengerPageId, forKey: .messengerPageId)
    }
}

/// Whether a login configuration allows app switch: logging in inside the Facebook app (SPECIFICATION.md §1, §2).
public enum LoginAppSwitch: String, Sendable, Hashable, Codable, CaseIterable {
    /// App switch may be used (the default); never with limited tracking.
    case enabled
    /// Always log in in the browser.
    case disabled
}

/// The audience of what the app posts, sent as `default_audience` (SPECIFICATION.md §2).
public enum LoginDefaultAudience: String, Sendable, Hashable, Codable, CaseIterable {
    /// The default.
    case friends
    /// Only the user.
    case onlyMe = "only_me"
    /// Everyone.
    case everyone
}
