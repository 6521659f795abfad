/// Classifies a Graph API error body and says what it does to the current access token (SPECIFICATION.md §7, §6).
///
/// Why a protocol of its own: a client that gets these rules wrong either loses the user's session for an error it
/// should have retried, keeps a token the server has invalidated, or asks the user to log in again when a permission
/// is missing. The rules an implementation must get right: the default table (102 and 190 recoverable; 1, 2, 4, 9,
/// 17, 341 transient), the message precedence (`message` > `error_reason` > `error_msg`), and the current token
/// cleared by 190 or 102 on a request made with it. Under `documented` the category follows the Handling Errors
/// page's tactic, and permission errors (code 10 and 200–299) and the client action are compared (DECISIONS.md D30).
/// Under `ios-sdk` (the SDK's code, D31): everything else is other, `is_transient: true` forces transient, the server
/// table (`ios_sdk_error_categories`) is searched code+subcode, code+`*`, `*`+subcode, `*`+`*` with its category
/// names (a wildcard code never matches, D29), subcode 493 marks the token expired instead of clearing it; the
/// permission flag and the client action are never compared (the SDK has neither).
///
/// ## Topics
///
/// ### The family's vectors
///
/// - ``GraphErrorFamily``
/// - ``GraphErrorInput``
/// - ``GraphErrorServerCategory``
/// - ``GraphErrorOutcome``
/// - ``GraphErrorCategory``
/// - ``GraphErrorClientAction``
/// - ``CurrentTokenEffect``
public protocol GraphErrorClassifying: ConformanceSubject {
    /// The classification of the Graph error in `input`.
    func classifyGraphError(_ input: GraphErrorInput) throws -> GraphErrorOutcome
}
