/// Makes the Limited Login profile from a validated id_token's claims (SPECIFICATION.md §5, with §4's optional-claim
/// types).
///
/// Why a protocol of its own: with Limited Login there is no access token and no Graph API, so the profile the app
/// shows is whatever this step makes of the token's claims. The rules an implementation must get right: no profile
/// without a non-empty `sub`; each claim to its own member; an optional claim of the wrong type dropped (its member
/// `nil`) rather than failing; `user_birthday` parsed as `MM/dd/yyyy` (not day-first, `nil` for impossible dates);
/// the age range's `nil` cases (both bounds absent, a negative bound, min ≥ max); places only when `id` and `name`
/// are strings; the permissions from the grant, not from the claims. Dropping a wrong-typed claim, absent claims
/// and the permissions are the SDK's rules and hold under `ios-sdk` only (DECISIONS.md D31).
///
/// ## Topics
///
/// ### The family's vectors
///
/// - ``ProfileFamily``
/// - ``ProfileInput``
/// - ``ProfileOutcome``
/// - ``LimitedProfile``
/// - ``ProfileAgeRange``
/// - ``ProfileLocation``
public protocol ProfileMaking: ConformanceSubject {
    /// The profile made from `input`'s claims, or ``ProfileOutcome/noProfile``.
    func makeProfile(_ input: ProfileInput) throws -> ProfileOutcome
}
