@_exported public import LoginConformance
public import Testing

/// One vector as a Swift Testing argument: a test case named by the vector ID, which checks an implementation
/// against the vector and records a readable issue when it does not conform.
///
/// With a baseline, the case follows the same gate as the CLI (``ConformanceGate``): a known failure is recorded
/// as a known issue, a regression as a failure, a newly passing vector as a failure unless the policy allows it,
/// and a failing vector added after the baseline's suite version as a known issue unless the policy blocks it.
///
/// A load problem, an empty selection or stale baseline entries are themselves cases (named `<…>`) that fail when
/// checked, so a suite that checks nothing, or checks against a wrong baseline, can never pass silently.
public struct ConformanceCase: Sendable, CustomTestStringConvertible, CustomStringConvertible {
    enum Content: Sendable {
        case vector(any ConformanceVector, ConformanceGate)
        case problem(name: String, message: String)
    }

    let content: Content

    /// The vector's ID, or a description of the problem.
    public var testDescription: String {
        switch content {
        case .vector(let vector, _): vector.metadata.id
        case .problem(let name, _): "<\(name)>"
        }
    }

    public var description: String { testDescription }

    /// The vector, when the case has one.
    public var vector: (any ConformanceVector)? {
        if case .vector(let vector, _) = content { vector } else { nil }
    }

    /// Checks `implementation` against the vector and records an issue when it fails, throws, or does not adopt
    /// the family's protocol (as a known issue when the baseline expects exactly that failure). The issue shows the
    /// vector ID and description, expected against actual, the input, and a one-line command that reruns just
    /// this vector.
    public func check(_ implementation: Any, sourceLocation: SourceLocation = #_sourceLocation) {
        switch content {
        case .problem(_, let message):
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        case .vector(let vector, let gate):
            let result = ConformanceEngine.evaluate(vector, against: implementation)
            let classification = gate.classify(result)
            let known = gate.baseline?.knownFailures[result.id]
            let message: String
            switch classification {
            case .pass:
                return
            case .newlyPassing:
                message = "[newly passing] \(result.id) — the baseline says \(known?.kind.rawValue ?? "it fails"); it passes now: remove it from the baseline"
            default:
                let was = known.map { " (baseline: \($0.kind.rawValue))" } ?? ""
                let change = classification == .changedVector
                    ? gate.changeSinceBaseline(of: result.id).map { " (changed in suite \($0.version): \($0.reason))" } ?? ""
                    : ""
                message = "[\(classification.rawValue)\(was)\(change)] "
                    + FailureMessage.text(for: result, vector: vector, rerunCommand: rerunCommand)
            }
            if gate.blocks(classification) || classification == .skipped {
                Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            } else if classification != .newlyPassing {
                withKnownIssue(Comment(rawValue: message)) {
                    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
                }
            }
        }
    }

    /// `LOGIN_CONFORMANCE_VECTORS='<id>' swift test --filter '<this test>'`.
    var rerunCommand: String {
        let id = vector?.metadata.id ?? ""
        let filter = Test.current.map { test in
            let components = test.id.nameComponents.map { component in
                component.split(separator: "(").first.map(String.init) ?? component
            }
            return ([test.id.moduleName] + components.dropLast()).joined(separator: ".")
                + (components.last.map { "/\($0)" } ?? "")
        } ?? "<test name>"
        return "\(VectorSelection.environmentVariable)='\(id)' swift test --filter '\(filter)'"
    }
}
