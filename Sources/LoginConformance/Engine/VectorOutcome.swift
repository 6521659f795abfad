/// What happened when one implementation met one vector.
public enum VectorOutcome: Sendable, Hashable {
    /// The answer is the preferred one (the vector's `expected`).
    case passed
    /// The answer is not the preferred one but one the vector's sources also allow (its `alsoAccepted`): a pass,
    /// reported so that a lenient implementation is seen as lenient (a check a source makes optional, skipped).
    case lenient(VectorLeniency)
    /// The answer differs: a wrong verdict, the right verdict for the wrong reason, or the wrong details.
    case failed(VectorMismatch)
    /// The implementation does not adopt the family's protocol. Never counted as a pass.
    case skipped(reason: String)
    /// The implementation threw (or, out of process, answered with an error) instead of answering.
    case errored(message: String)
    /// The implementation's process died while answering this vector (reported by out-of-process runners).
    case crashed(message: String)
    /// The implementation did not answer in time (reported by out-of-process runners).
    case hung(message: String)

    /// Whether the outcome makes a run fail: anything but a pass or a skip (a skip never counts as a pass).
    public var isProblem: Bool {
        switch self {
        case .passed, .lenient, .skipped: false
        case .failed, .errored, .crashed, .hung: true
        }
    }

    /// The outcome's kind as reports name it: `pass`, `fail`, `skip`, `error`, `crash`, `hang`.
    public var kind: String {
        switch self {
        case .passed: "pass"
        case .lenient: "lenient"
        case .failed: "fail"
        case .skipped: "skip"
        case .errored: "error"
        case .crashed: "crash"
        case .hung: "hang"
        }
    }

    /// One line saying what happened: the mismatch summary or the message.
    public var summary: String {
        switch self {
        case .passed: "passed"
        case .lenient(let leniency): leniency.summary
        case .failed(let mismatch): mismatch.summary
        case .skipped(let message), .errored(let message), .crashed(let message), .hung(let message): message
        }
    }

    /// The kind of failure a baseline records, `nil` for a pass or a skip.
    public var failureKind: FailureKind? {
        switch self {
        case .passed, .lenient, .skipped: nil
        case .failed(let mismatch): mismatch.kind
        case .errored: .error
        case .crashed: .crash
        case .hung: .hang
        }
    }
}

/// A pass with an outcome the vector also accepts: which one, against the preferred one.
public struct VectorLeniency: Sendable, Hashable {
    /// One line: `gave accepted, which the sources allow; preferred: rejected(badHeader)`.
    public let summary: String
    /// The preferred outcome (the vector's `expected`), canonical JSON.
    public let preferred: String
    /// The implementation's answer, canonical JSON.
    public let actual: String

    public init(summary: String, preferred: String, actual: String) {
        self.summary = summary
        self.preferred = preferred
        self.actual = actual
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
    /// How the answer is wrong: ``FailureKind/wrongVerdict``, ``FailureKind/wrongReason`` or
    /// ``FailureKind/wrongDetails``.
    public let kind: FailureKind

    public init(summary: String, expected: String, actual: String, kind: FailureKind) {
        self.summary = summary
        self.expected = expected
        self.actual = actual
        self.kind = kind
    }
}

/// The kind of a failure, as a baseline records it: a known failure whose kind changes is a regression, the way
/// WebKit and web-platform-tests tell "fails" from "crashes" in their expectation files.
public struct FailureKind: ExtensibleValue {
    public let rawValue: String
    private init(_ rawValue: String) { self.rawValue = rawValue }
    /// The opposite verdict: accepted where a rejection was expected, or the other way round; another result.
    public static let wrongVerdict = Self("wrong-verdict")
    /// The right verdict for the wrong reason (another rejection reason, another error code).
    public static let wrongReason = Self("wrong-reason")
    /// The right verdict and reason with other details (another kept claim, another declined set).
    public static let wrongDetails = Self("wrong-details")
    /// The implementation threw or answered with an error.
    public static let error = Self("error")
    /// The implementation's process died.
    public static let crash = Self("crash")
    /// The implementation did not answer in time.
    public static let hang = Self("hang")

    /// Every value this release knows, in the order the specification lists them.
    public static let allCases: [Self] = [.wrongVerdict, .wrongReason, .wrongDetails, .error, .crash, .hang]
}
