/// The input of a `login-request` vector: the app, the situation and a valid login configuration (SPECIFICATION.md §2).
public struct LoginRequestInput: Codable, Sendable, Hashable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case appID, urlSchemeSuffix, trackingAuthorized, graphVersion, defaultAudience, stateChallenge, configuration
    }

    /// The Facebook app ID: `client_id`, and part of `redirect_uri`.
    public let appID: String
    /// The app's URL scheme suffix (`FacebookUrlSchemeSuffix`); `nil` or `""` adds nothing to `redirect_uri`.
    public let urlSchemeSuffix: String?
    /// Whether the user authorized tracking (App Tracking Transparency). With enabled tracking and no authorization
    /// the request is the "shim" (`ios-sdk` only, DECISIONS.md D25): it adds `tp=ios_14_do_not_track`, goes to
    /// `limited.facebook.com` and allows no app switch.
    public let trackingAuthorized: Bool
    /// The Graph API version of the path, `v21.0` in SDK 18.1.0.
    public let graphVersion: String
    /// The login's default audience.
    public let defaultAudience: LoginDefaultAudience
    /// The challenge the request's `state` carries (checked when the callback comes back, SPECIFICATION.md §3).
    public let stateChallenge: String
    /// The login configuration, always a valid one.
    public let configuration: LoginRequestConfiguration

    public init(
        appID: String, urlSchemeSuffix: String?, trackingAuthorized: Bool, graphVersion: String,
        defaultAudience: LoginDefaultAudience, stateChallenge: String, configuration: LoginRequestConfiguration
    ) {
        self.appID = appID
        self.urlSchemeSuffix = urlSchemeSuffix
        self.trackingAuthorized = trackingAuthorized
        self.graphVersion = graphVersion
        self.defaultAudience = defaultAudience
        self.stateChallenge = stateChallenge
        self.configuration = configuration
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownMembers(of: CodingKeys.self)
        // Every member is required, `null` included: a vector states its whole input.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        appID = try container.decode(String.self, forKey: .appID)
        urlSchemeSuffix = try container.decode(String?.self, forKey: .urlSchemeSuffix)
        trackingAuthorized = try container.decode(Bool.self, forKey: .trackingAuthorized)
        graphVersion = try container.decode(String.self, forKey: .graphVersion)
        defaultAudience = try container.decode(LoginDefaultAudience.self, forKey: .defaultAudience)
        stateChallenge = try container.decode(String.self, forKey: .stateChallenge)
        configuration = try container.decode(LoginRequestConfiguration.self, forKey: .configuration)
    }

    /// Every member, `null` included, as the vector file has it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(appID, forKey: .appID)
        try container.encode(urlSchemeSuffix, forKey: .urlSchemeSuffix)
        try container.encode(trackingAuthorized, forKey: .trackingAuthorized)
        try container.encode(graphVersion, forKey: .graphVersion)
        try container.encode(defaultAudience, forKey: .defaultAudience)
        try container.encode(stateChallenge, forKey: .stateChallenge)
        try container.encode(configuration, forKey: .configuration)
    }
}
