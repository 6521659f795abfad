/// The answer of a ``LoginConfigurationBuilding`` implementation.
public enum LoginConfigurationOutcome: Sendable, Hashable {
    /// The configuration was created.
    case created(LoginConfiguration)
    /// The initializer refused the request (returned nil), for `reason`.
    case refused(Reason)

    /// Why a configuration is refused (SPECIFICATION.md §1), a closed list.
    public struct Reason: ExtensibleValue {
        public let rawValue: String
        private init(_ rawValue: String) { self.rawValue = rawValue }
        /// The nonce is empty or contains whitespace.
        public static let invalidNonce = Self("invalidNonce")
        /// A permission is empty or not made only of `a-z` and `_`.
        public static let invalidPermissionSyntax = Self("invalidPermissionSyntax")
        /// Under `limited`, a permission outside the Limited Login list (documented reading only).
        public static let permissionOutsideTrackingScope = Self("permissionOutsideTrackingScope")
        /// The auth type is not nil, `rerequest` or `reauthorize`.
        public static let invalidAuthType = Self("invalidAuthType")
        /// The code verifier is not 43…128 characters of the allowed set.
        public static let invalidCodeVerifier = Self("invalidCodeVerifier")

        /// Every value this release knows, in the order the specification lists them.
        public static let allCases: [Self] = [.invalidNonce, .invalidPermissionSyntax, .permissionOutsideTrackingScope, .invalidAuthType, .invalidCodeVerifier]
    }
}

/// A created login configuration, as compared by the suite.
public struct LoginConfiguration: Codable, Sendable, Hashable {
    private enum CodingKeys: String, ClosedObjectKeys { case permissions, tracking, nonce, authType, messengerPageId, codeVerifier }

    /// The permissions the configuration holds: a set, duplicates collapsed.
    public let permissions: Set<String>
    /// The tracking mode.
    public let tracking: LoginTracking
    /// The nonce it holds. In an expected outcome, `nil` means "a default was made": any valid nonce conforms.
    public let nonce: String?
    /// The auth type, `nil` when none.
    public let authType: String?
    /// The Messenger page ID, kept as given.
    public let messengerPageId: String?
    /// The code verifier it holds. In an expected outcome, `nil` means "a default was made".
    public let codeVerifier: String?

    public init(
        permissions: Set<String>, tracking: LoginTracking, nonce: String?, authType: String?,
        messengerPageId: String?, codeVerifier: String?
    ) {
        self.permissions = permissions
        self.tracking = tracking
        self.nonce = nonce
        self.authType = authType
        self.messengerPageId = messengerPageId
        self.codeVerifier = codeVerifier
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(permissions.sorted(), forKey: .permissions)
        try container.encode(tracking, forKey: .tracking)
        try container.encode(nonce, forKey: .nonce)
        try container.encode(authType, forKey: .authType)
        try container.encode(messengerPageId, forKey: .messengerPageId)
        try container.encode(codeVerifier, forKey: .codeVerifier)
    }
}

extension LoginConfigurationOutcome: Codable {
    private enum Keys: String, DiscriminatedObjectKeys {
        case result, configuration, reason
        static var discriminator: Keys { .result }
        static var variants: [(value: String, required: [Keys], optional: [Keys])] {
            [("created", [.configuration], []), ("refused", [.reason], [])]
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        switch try container.decode(String.self, forKey: .result) {
        case "created":
            self = .created(try container.decode(LoginConfiguration.self, forKey: .configuration))
        default:
            self = .refused(try container.decode(Reason.self, forKey: .reason))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch self {
        case .created(let configuration):
            try container.encode("created", forKey: .result)
            try container.encode(configuration, forKey: .configuration)
        case .refused(let reason):
            try container.encode("refused", forKey: .result)
            try container.encode(reason, forKey: .reason)
        }
    }
}
