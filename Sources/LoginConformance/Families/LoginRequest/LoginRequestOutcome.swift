/// The answer of a ``LoginRequestBuilding`` implementation: the request a configuration makes (SPECIFICATION.md §2).
///
/// `{"result": "request", "host", "path", "appSwitchAllowed", "parameters"}`. In a vector's expected outcome
/// `parameters` names every parameter of §2's table (``LoginRequestFamily/tableParameters``) with its value, or
/// `null` for "must be absent". An answer lists the parameters it sends, percent-decoded; a parameter it does not
/// send is missing or `null`, and parameters outside the table (`e2e`, `sdk_version`, …) may be listed and are
/// ignored. ``LoginRequestFamily/conforms(_:to:input:)`` says how the two are compared.
///
/// A `documented` vector's expected outcome states only what the public documents say (DECISIONS.md D31): it leaves
/// out `host` (the documents use www.facebook.com, the SDK m. and limited.), `appSwitchAllowed` where only the SDK's
/// gatekeepers decide it, and the parameters only the SDK's code gives (`display`, `sdk`, `return_scopes`,
/// `response_type`, `tp`, `default_audience`, and PKCE with limited tracking). What it leaves out is not compared; an
/// answer states every member.
public struct LoginRequestOutcome: Sendable, Hashable {
    /// `m.facebook.com` or `limited.facebook.com`.
    public let host: String
    /// `/{graph version}/dialog/oauth`.
    public let path: String
    /// Whether the login may switch to the Facebook app.
    public let appSwitchAllowed: Bool
    /// Parameter name → percent-decoded value; `nil` (or no entry) means the parameter is not sent.
    public let parameters: [String: String?]

    /// The top-level members (`host`, `appSwitchAllowed`) a decoded outcome stated, when it left one out (an
    /// expectation of the documented reading); `nil` when it states both, as every answer does.
    var statedMembers: Set<String>?

    /// Whether this outcome states `member` (`host` or `appSwitchAllowed`).
    func states(_ member: String) -> Bool { statedMembers?.contains(member) ?? true }

    public init(host: String, path: String, appSwitchAllowed: Bool, parameters: [String: String?]) {
        self.host = host
        self.path = path
        self.appSwitchAllowed = appSwitchAllowed
        self.parameters = parameters
    }

    /// The request with the parameters it sends (every value present).
    public init(host: String, path: String, appSwitchAllowed: Bool, sending parameters: [String: String]) {
        self.init(host: host, path: path, appSwitchAllowed: appSwitchAllowed, parameters: parameters.mapValues { $0 })
    }
}

extension LoginRequestOutcome: Codable {
    /// `host` and `appSwitchAllowed` may be left out (not compared); `path` and `parameters` are always stated.
    private enum Keys: String, DiscriminatedObjectKeys {
        case result, host, path, appSwitchAllowed, parameters
        static var discriminator: Self { .result }
        static var variants: [(value: String, required: [Self], optional: [Self])] { [("request", [.path, .parameters], [.host, .appSwitchAllowed])] }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        host = try container.decodeIfPresent(String.self, forKey: .host) ?? ""
        path = try container.decode(String.self, forKey: .path)
        appSwitchAllowed = try container.decodeIfPresent(Bool.self, forKey: .appSwitchAllowed) ?? false
        parameters = try container.decode([String: String?].self, forKey: .parameters)
        let optional: [Keys] = [.host, .appSwitchAllowed]
        let stated = Set(optional.filter(container.contains).map(\.stringValue))
        statedMembers = stated.count == optional.count ? nil : stated
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode("request", forKey: .result)
        if states(Keys.host.stringValue) { try container.encode(host, forKey: .host) }
        try container.encode(path, forKey: .path)
        if states(Keys.appSwitchAllowed.stringValue) { try container.encode(appSwitchAllowed, forKey: .appSwitchAllowed) }
        try container.encode(parameters, forKey: .parameters)
    }
}
