import Foundation

/// The Swift side of one vector family: its input and outcome types, how to run an implementation on an input,
/// and what counts as a conformant answer.
///
/// Expected and actual outcomes share one type, so a failure shows both in the same JSON shape the vector file
/// uses. Adding a family is one folder and one line in ``FamilyRegistry/standard`` (<doc:AddingAFamily>).
public protocol VectorFamily: Sendable {
    /// The vector's `input`, decoded strictly.
    associatedtype Input: Codable & Sendable & Hashable
    /// The vector's `expected`, and an implementation's answer.
    associatedtype Outcome: Codable & Sendable & Hashable

    /// Which family this is.
    static var family: ConformanceFamily { get }

    /// Runs `implementation` on `input`; `nil` when the implementation does not adopt the family's protocol
    /// (the engine then reports the vector as skipped, never as passed). Errors the implementation throws pass
    /// through.
    static func run(_ input: Input, on implementation: Any) throws -> Outcome?

    /// Whether `actual` is a conformant answer where the vector expects `expected`. By default the two render to
    /// the same canonical JSON, code point for code point (Swift's `==` on strings would equate canonically
    /// equivalent strings); a family states where it differs (a default nonce is checked for validity).
    static func conforms(_ actual: Outcome, to expected: Outcome, input: Input) -> Bool

    /// A short label of an outcome for one-line summaries: `invalid(whitespace)`, `rejected(expired)`. The part
    /// before the parenthesis is the verdict, the part inside the reason.
    static func label(of outcome: Outcome) -> String

    /// The rejection reason an expected outcome names, checked against the file's declared `reasons`.
    static func declaredReason(of outcome: Outcome) -> String?
}

extension VectorFamily {
    public static func conforms(_ actual: Outcome, to expected: Outcome, input: Input) -> Bool {
        CanonicalJSON.render(actual).isCodePointEqual(to: CanonicalJSON.render(expected))
    }
}
