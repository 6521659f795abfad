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
    static func run(_ input: Input, on implementation: any ConformanceSubject) throws -> Outcome?

    /// Whether `actual` is a conformant answer where the vector expects `expected`. By default the two are the
    /// same JSON: strings code point for code point (Swift's `==` on strings would equate canonically equivalent
    /// strings), numbers by exact value (RFC 8259 §6, ``JSONNumber``: `1.0` is `1` and `-0` is `0`, but
    /// `9007199254740993` is not `9007199254740992`); a family states where it differs (a default nonce is checked
    /// for validity).
    static func conforms(_ actual: Outcome, to expected: Outcome, input: Input) -> Bool

    /// A short label of an outcome for one-line summaries: `invalid(whitespace)`, `rejected(expired)`. The part
    /// before the parenthesis is the verdict, the part inside the reason.
    static func label(of outcome: Outcome) -> String

    /// The rejection reason an expected outcome names, checked against the file's declared `reasons`.
    static func declaredReason(of outcome: Outcome) -> String?
}

extension VectorFamily {
    public static func conforms(_ actual: Outcome, to expected: Outcome, input: Input) -> Bool {
        canonicallyEqual(actual, expected)
    }

    /// Whether the two outcomes have the same canonical JSON, code point by code point (numbers by exact value, so
    /// `-0` and `0` are equal): the default ``conforms(_:to:input:)``, and what a family's own compares in the end.
    static func canonicallyEqual(_ actual: Outcome, _ expected: Outcome) -> Bool {
        let (actualText, expectedText) = (CanonicalJSON.render(actual), CanonicalJSON.render(expected))
        if actualText.isCodePointEqual(to: expectedText) { return true }
        // The renderings differ only in the sign of a zero when the numbers are equal: compare the values.
        guard let actualJSON = JSONValue.parse(actualText), let expectedJSON = JSONValue.parse(expectedText) else {
            return false
        }
        return actualJSON.isExactlyEqual(to: expectedJSON)
    }
}
