/// The answer of a ``TokenChangeNotifying`` implementation: the `AccessTokenDidChange` notifications posted, in
/// order, and the current token after the last step.
///
/// `{"result": "notifications", "notifications": [{"afterStep": i, "userInfo": {…}}], "current": name | null}`.
///
/// A `documented` vector's expected outcome states only what the public documents say (DECISIONS.md D31): it leaves
/// out `current` and names the user-info keys it compares in `userInfoKeys` (the user-ID key: the tokens under
/// `FBSDKAccessToken` and `FBSDKAccessTokenOld` are the SDK's). ``TokenChangeFamily`` compares the notifications'
/// steps, the named keys (present or absent, and their values) and `current` where stated; an answer states all.
public struct TokenChangeOutcome: Codable, Sendable, Hashable {
    private enum CodingKeys: String, DiscriminatedObjectKeys {
        case result, notifications, current, userInfoKeys
        static var discriminator: Self { .result }
        static var variants: [(value: String, required: [Self], optional: [Self])] { [("notifications", [.notifications], [.current, .userInfoKeys])] }
        /// `current` is null when there is no current token.
        static var nullableMembers: [Self] { [.current] }
    }

    /// One `AccessTokenDidChange` notification.
    public struct Notification: Codable, Sendable, Hashable {
        private enum CodingKeys: String, ClosedObjectKeys { case afterStep, userInfo }

        /// The index (from 0) of the step that posted it.
        public let afterStep: Int
        /// Its user info.
        public let userInfo: UserInfo

        /// A notification posted by step `afterStep`.
        public init(afterStep: Int, userInfo: UserInfo) {
            self.afterStep = afterStep
            self.userInfo = userInfo
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(afterStep, forKey: .afterStep)
            try container.encode(userInfo, forKey: .userInfo)
        }
    }

    /// A notification's user info, keyed as the SDK keys it. A key is present only when the notification carries
    /// it: an absent key is not the same as `false` (an app reading `userInfo[key] != nil`, as the documentation
    /// does, sees the difference).
    public struct UserInfo: Codable, Sendable, Hashable {
        private enum CodingKeys: String, ClosedObjectKeys {
            case newToken = "FBSDKAccessToken"
            case oldToken = "FBSDKAccessTokenOld"
            case didChangeUserID = "FBSDKAccessTokenDidChangeUserIDKey"
            case didExpire = "FBSDKAccessTokenDidExpireKey"
            static var optionalMembers: [Self] { [.newToken, .oldToken, .didChangeUserID, .didExpire] }
        }

        /// `FBSDKAccessToken`: the name of the new token, when there is one.
        public let newToken: String?
        /// `FBSDKAccessTokenOld`: the name of the old token, when there is one.
        public let oldToken: String?
        /// `FBSDKAccessTokenDidChangeUserIDKey`, when present.
        public let didChangeUserID: Bool?
        /// `FBSDKAccessTokenDidExpireKey`, when present.
        public let didExpire: Bool?

        /// The keys user info may carry, as the SDK names them.
        static let keyNames = Set(CodingKeys.allCases.map(\.rawValue))

        /// The keys this user info carries, each with its value as canonical JSON.
        var members: [String: String] {
            var members: [String: String] = [:]
            for (key, value) in [(CodingKeys.newToken, newToken.map { CanonicalJSON.render($0) }),
                                 (.oldToken, oldToken.map { CanonicalJSON.render($0) }),
                                 (.didChangeUserID, didChangeUserID.map { CanonicalJSON.render($0) }),
                                 (.didExpire, didExpire.map { CanonicalJSON.render($0) })] {
                members[key.rawValue] = value
            }
            return members
        }

        /// User info with these keys; a `nil` member leaves its key out.
        public init(newToken: String?, oldToken: String?, didChangeUserID: Bool? = nil, didExpire: Bool? = nil) {
            self.newToken = newToken
            self.oldToken = oldToken
            self.didChangeUserID = didChangeUserID
            self.didExpire = didExpire
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(newToken, forKey: .newToken)
            try container.encodeIfPresent(oldToken, forKey: .oldToken)
            try container.encodeIfPresent(didChangeUserID, forKey: .didChangeUserID)
            try container.encodeIfPresent(didExpire, forKey: .didExpire)
        }
    }

    /// The notifications posted, in the order they were posted.
    public let notifications: [Notification]
    /// The name of the current token after the last step; `nil` when there is none.
    public let current: String?

    /// Whether the outcome states `current` (an expectation of the documented reading leaves it out).
    var statesCurrent = true
    /// The user-info keys an expectation compares, when it names them (`userInfoKeys`); `nil`: every key.
    var comparedUserInfoKeys: Set<String>?

    /// The notifications posted and the final current token.
    public init(notifications: [Notification], current: String?) {
        self.notifications = notifications
        self.current = current
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        notifications = try container.decode([Notification].self, forKey: .notifications)
        comparedUserInfoKeys = try container.decodeIfPresent([String].self, forKey: .userInfoKeys).map(Set.init)
        if let keys = comparedUserInfoKeys, let unknown = keys.subtracting(UserInfo.keyNames).sorted().first {
            throw DecodingError.dataCorruptedError(forKey: .userInfoKeys, in: container,
                                                   debugDescription: "\(unknown) is not a user-info key")
        }
        // current may be left out only by an expectation that names the keys it compares (a documented one).
        guard container.contains(.current) || comparedUserInfoKeys != nil else {
            throw DecodingError.keyNotFound(CodingKeys.current, .init(
                codingPath: container.codingPath, debugDescription: "current names the current token, or is null"))
        }
        statesCurrent = container.contains(.current)
        current = statesCurrent ? try container.decode(String?.self, forKey: .current) : nil
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("notifications", forKey: .result)
        try container.encode(notifications, forKey: .notifications)
        if statesCurrent { try container.encode(current, forKey: .current) }
        try container.encodeIfPresent(comparedUserInfoKeys?.sorted(), forKey: .userInfoKeys)
    }
}
