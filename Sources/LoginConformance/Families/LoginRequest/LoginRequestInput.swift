/// The input of a `login-request` vector: the app, the situation and a valid login configuration (SPECIFICATION.md §2).
public struct LoginRequestInput: Codable, Sendable, Hashable {
    // Every member is required, `null` included, but the two app-switch conditions (new in suite 0.5.0): a vector
    // states its whole input.
    private enum CodingKeys: String, ClosedObjectKeys {
        case appID, urlSchemeSuffix, trackingAuthorized, graphVersion, defaultAudience, stateChallenge, configuration
        case fastAppSwitchEnabled, facebookAppInstalled
        static var optionalMembers: [Self] { [.fastAppSwitchEnabled, .facebookAppInstalled] }
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
    /// Whether the server's fast-app-switch gatekeeper for the configuration's tracking mode is on
    /// (`FBSDKFeatureFBLoginFAS` with enabled tracking, `FBSDKFeatureLimitedLoginFAS` with limited; off by default in
    /// SDK 18.1.0). `nil` when the vector leaves it out: read it as `false`, the default (rule
    /// `request.app-switch.conditions.ios-sdk`, DECISIONS.md D51).
    public let fastAppSwitchEnabled: Bool?
    /// Whether the Facebook app is installed (the SDK can open its `fbapi` and `fbauth2` schemes). `nil` when the
    /// vector leaves it out: read it as `false` (DECISIONS.md D51).
    public let facebookAppInstalled: Bool?

    public init(
        appID: String, urlSchemeSuffix: String?, trackingAuthorized: Bool, graphVersion: String,
        defaultAudience: LoginDefaultAudience, stateChallenge: String, configuration: LoginRequestConfiguration,
        fastAppSwitchEnabled: Bool? = nil, facebookAppInstalled: Bool? = nil
    ) {
        self.appID = appID
        self.urlSchemeSuffix = urlSchemeSuffix
        self.trackingAuthorized = trackingAuthorized
        self.graphVersion = graphVersion
        self.defaultAudience = defaultAudience
        self.stateChallenge = stateChallenge
        self.configuration = configuration
        self.fastAppSwitchEnabled = fastAppSwitchEnabled
        self.facebookAppInstalled = facebookAppInstalled
    }

    /// Every member, `null` included, as the vector file has it (the app-switch conditions only when stated).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(appID, forKey: .appID)
        try container.encode(urlSchemeSuffix, forKey: .urlSchemeSuffix)
        try container.encode(trackingAuthorized, forKey: .trackingAuthorized)
        try container.encode(graphVersion, forKey: .graphVersion)
        try container.encode(defaultAudience, forKey: .defaultAudience)
        try container.encode(stateChallenge, forKey: .stateChallenge)
        try container.encode(configuration, forKey: .configuration)
        try container.encodeIfPresent(fastAppSwitchEnabled, forKey: .fastAppSwitchEnabled)
        try container.encodeIfPresent(facebookAppInstalled, forKey: .facebookAppInstalled)
    }
}
