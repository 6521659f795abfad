/// Creates a login configuration, or refuses to (SPECIFICATION.md §1).
///
/// Under `ios-sdk` the checks run in the SDK's order and the first failure decides: the code verifier (validated
/// when it is made), then the nonce, then the permission syntax, then the auth type (§8, DECISIONS.md D26). The
/// documented sources state no order, so no `documented` vector breaks two checks. The permission syntax (`a-z _`)
/// is an `ios-sdk` rule (DECISIONS.md D31). The tracking-scope rule (a permission outside the Limited Login list
/// under `limited`) is where the readings split (§8): the documentation refuses the configuration, the iOS SDK
/// accepts it.
///
/// ## Topics
///
/// ### The family's vectors
///
/// - ``LoginConfigurationFamily``
/// - ``LoginConfigurationRequest``
/// - ``LoginTracking``
/// - ``LoginConfigurationOutcome``
/// - ``LoginConfiguration``
public protocol LoginConfigurationBuilding: ConformanceSubject {
    /// The configuration made from `request`, or the reason it is refused. A created configuration carries the
    /// nonce and code verifier it holds, including the defaults made when the request supplied none.
    func makeConfiguration(_ request: LoginConfigurationRequest) throws -> LoginConfigurationOutcome
}

/// Whether a login may track the user (SPECIFICATION.md §1; raw values 0 and 1 in the SDK).
public enum LoginTracking: String, Sendable, Hashable, Codable, CaseIterable {
    /// Classic login: any syntactically valid permission.
    case enabled
    /// Limited Login: only the permissions of the Limited Login list (documented reading).
    case limited
}

/// The input of a `login-configuration` vector: what an app passes to the configuration initializer.
public struct LoginConfigurationRequest: Codable, Sendable, Hashable {
    private enum CodingKeys: String, ClosedObjectKeys {
        case permissions, tracking, nonce, authType, messengerPageId, codeVerifier
        static var optionalMembers: [Self] { [.authType] }
        static var nullableMembers: [Self] { [.authType] }
    }

    /// The requested permissions, as given (duplicates and order included).
    public let permissions: [String]
    /// The tracking mode.
    public let tracking: LoginTracking
    /// The nonce; `nil` when the app supplies none and the implementation makes its default (a fresh UUID).
    public let nonce: String?
    /// The auth type; `nil` is an explicit "no auth type", which is valid (unless ``usesDefaultAuthType``).
    public let authType: String?
    /// Whether the app passes no auth type at all, so the initializer's default (`rerequest`) applies. In JSON: the
    /// input leaves `authType` out (optional since suite 0.4.0, DECISIONS.md D44); ``authType`` is then `nil`.
    public let usesDefaultAuthType: Bool
    /// The Messenger page ID, never validated.
    public let messengerPageId: String?
    /// The PKCE code verifier; `nil` when the app supplies none and the implementation makes a fresh one.
    public let codeVerifier: String?

    public init(
        permissions: [String], tracking: LoginTracking, nonce: String?, authType: String?,
        messengerPageId: String?, codeVerifier: String?, usesDefaultAuthType: Bool = false
    ) {
        self.permissions = permissions
        self.tracking = tracking
        self.nonce = nonce
        self.authType = usesDefaultAuthType ? nil : authType
        self.usesDefaultAuthType = usesDefaultAuthType
        self.messengerPageId = messengerPageId
        self.codeVerifier = codeVerifier
    }

    public init(from decoder: any Decoder) throws {
        // Every member is required, `null` included: a vector states its whole input. Only `authType` may be left
        // out, which means the initializer's default (DECISIONS.md D44).
        let container = try decoder.container(keyedBy: CodingKeys.self)
        permissions = try container.decode([String].self, forKey: .permissions)
        tracking = try container.decode(LoginTracking.self, forKey: .tracking)
        nonce = try container.decode(String?.self, forKey: .nonce)
        usesDefaultAuthType = !container.contains(.authType)
        authType = usesDefaultAuthType ? nil : try container.decode(String?.self, forKey: .authType)
        messengerPageId = try container.decode(String?.self, forKey: .messengerPageId)
        codeVerifier = try container.decode(String?.self, forKey: .codeVerifier)
    }

    /// Every member, `null` included, as the vector file has it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(permissions, forKey: .permissions)
        try container.encode(tracking, forKey: .tracking)
        try container.encode(nonce, forKey: .nonce)
        if !usesDefaultAuthType {
            try container.encode(authType, forKey: .authType)
        }
        try container.encode(messengerPageId, forKey: .messengerPageId)
        try container.encode(codeVerifier, forKey: .codeVerifier)
    }
}
