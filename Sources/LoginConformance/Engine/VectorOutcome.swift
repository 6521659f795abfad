/// What happened when one implementation met one vector.
public enum VectorOutcome: Sendable, Hashable {
    /// The answer is the one behaviour.md requires.
    case passed
    /// The answer differs: a wrong verdict, or the right verdict for the wrong reason.
    case failed(VectorMismatch)
    /// The implementation does not adopt the family's protocol. Never counted as a pass.
    case skipped(reason: String)
    /// The implementation threw instead of answering.
    case errored(message: String)

    /// Whether the outcome makes a run fail: a failure or an error (a skip never does, nor counts as a pass).
    public var isProblem: Bool {
        switch self {
        case .failed, .errored: true
        case .passed, .skipped: false
        }
    }

    /// The outcome's kind as reports name it: `pass`, `fail`, `skip`, `error`.
    public var kind: String {
        switch self {
        case .passed: "pass"
        case .failed: "fail"
        case .skipped: "skip"
        case .errored: "error"
        }
    }
}

/// Expected against actual, each as canonical JSON in the vector file's shape.
public struct VectorMismatch: Sendable, Hashable {
    /// One line: `expected invalid(whitespace), got valid`.
    public let summary: String
    /// The expected outcome, canonical JSON.
    public let expected: String
    /// The implementation's answer, canonical JSON.
    public let actual: String

    public init(summary: String, expected: String, actual: String) {
        self.summary = summary
        self.expected = expected
        self.actual = actual
    }
}
