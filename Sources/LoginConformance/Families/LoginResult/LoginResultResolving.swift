/// Turns the parameters of a login callback into the login result (SPECIFICATION.md §3).
///
/// The rules a resolver must get right: declined = requested ∩ denied (not requested − granted); `error` without
/// `error_message` is a cancellation; a wrong or missing state challenge is login error 308. Under `ios-sdk` only
/// (the SDK's code, DECISIONS.md D31): granted is restricted to the requested permissions when a previous token with
/// permissions exists; an invalid grant set or an empty recently-granted set is a cancellation; `error_message` is
/// core error 8; a re-login as another user is login error 304; and a token from the callback never expires,
/// whatever its expiry parameters say (D27).
///
/// ## Topics
///
/// ### The family's vectors
///
/// - ``LoginResultFamily``
/// - ``LoginCallback``
/// - ``PreviousAccessToken``
/// - ``LoginResultOutcome``
/// - ``LoginSuccess``
/// - ``ResolvedAccessToken``
/// - ``LoginError``
public protocol LoginResultResolving: ConformanceSubject {
    /// The result of the login whose callback is `callback`.
    func resolveLoginResult(_ callback: LoginCallback) throws -> LoginResultOutcome
}

/// The input of a `login-result` vector: the callback and what the app knew when it made the request.
public struct LoginCallback: Codable, Sendable, Hashable {
    private enum CodingKeys: String, ClosedObjectKeys {
        case requestedPermissions, query, fragment, expectedChallenge, previousToken, graphUserID, now
        case storedNonce, idTokenVerdict
        static var optionalMembers: [Self] { [.storedNonce, .idTokenVerdict] }
        static var nullableMembers: [Self] { [.storedNonce] }
    }

    /// The permissions the login asked for.
    public let requestedPermissions: Set<String>
    /// The callback URL's query parameters, percent-decoded.
    public let query: [String: String]
    /// The callback URL's fragment parameters, percent-decoded. A key in both takes the fragment's value.
    public let fragment: [String: String]
    /// The challenge the app put in the request's `state` and expects back.
    public let expectedChallenge: String
    /// The current access token before this login, `nil` when there is none.
    public let previousToken: PreviousAccessToken?
    /// The `id` the Graph API's `/me` returns for the new token; `nil` when no previous token exists.
    public let graphUserID: String?
    /// The time of the callback, epoch seconds (for `expires_in`).
    public let now: Double
    /// The nonce stored with the login configuration when the request was made (the SDK keeps it in its keychain);
    /// `nil` when none is stored. Optional in the input (suite 0.4.0): only vectors whose callback carries an
    /// `id_token` state it (DECISIONS.md D40).
    public let storedNonce: String?
    /// The verdict of validating the callback's `id_token` against ``storedNonce``, given so that a resolver needs no
    /// cryptography (the `token-claims` and `signed-token` families check the validation itself); `nil` when the
    /// callback carries no `id_token`. Optional in the input (suite 0.4.0, DECISIONS.md D40).
    public let idTokenVerdict: IDTokenVerdict?

    public init(
        requestedPermissions: Set<String>, query: [String: String], fragment: [String: String],
        expectedChallenge: String, previousToken: PreviousAccessToken?, graphUserID: String?, now: Double,
        storedNonce: String? = nil, idTokenVerdict: IDTokenVerdict? = nil
    ) {
        self.requestedPermissions = requestedPermissions
        self.query = query
        self.fragment = fragment
        self.expectedChallenge = expectedChallenge
        self.previousToken = previousToken
        self.graphUserID = graphUserID
        self.now = now
        self.storedNonce = storedNonce
        self.idTokenVerdict = idTokenVerdict
    }

    /// Query and fragment merged, the fragment winning (SPECIFICATION.md §3).
    public var parameters: [String: String] {
        query.merging(fragment) { _, fragmentValue in fragmentValue }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(requestedPermissions.sorted(), forKey: .requestedPermissions)
        try container.encode(query, forKey: .query)
        try container.encode(fragment, forKey: .fragment)
        try container.encode(expectedChallenge, forKey: .expectedChallenge)
        try container.encode(previousToken, forKey: .previousToken)
        try container.encode(graphUserID, forKey: .graphUserID)
        try container.encode(now, forKey: .now)
        // Written only when the callback carries an id_token, so the inputs of the other vectors keep their shape.
        if idTokenVerdict != nil || storedNonce != nil {
            try container.encode(storedNonce, forKey: .storedNonce)
        }
        try container.encodeIfPresent(idTokenVerdict, forKey: .idTokenVerdict)
    }
}

/// The access token that was current before the login.
public struct PreviousAccessToken: Codable, Sendable, Hashable {
    private enum CodingKeys: String, ClosedObjectKeys { case userID, permissions }

    /// Its user.
    public let userID: String
    /// Its granted permissions.
    public let permissions: Set<String>

    public init(userID: String, permissions: Set<String>) {
        self.userID = userID
        self.permissions = permissions
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(userID, forKey: .userID)
        try container.encode(permissions.sorted(), forKey: .permissions)
    }
}
