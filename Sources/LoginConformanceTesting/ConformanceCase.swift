@_exported public import LoginConformance
public import Testing

/// One vector as a Swift Testing argument: a test case named by the vector ID, which checks an implementation
/// against the vector and records a readable issue when it does not conform.
///
/// A load problem or an empty selection is itself a case (named `<no vectors: …>`) that fails when checked, so a
/// suite that checks nothing can never pass silently.
public struct ConformanceCase: Sendable, CustomTestStringConvertible, CustomStringConvertible {
    enum Content: Sendable {
        case vector(any ConformanceVector)
        case problem(String)
    }

    let content: Content

    /// The vector's ID, or a description of why there is no vector.
    public var testDescription: String {
        switch content {
        case .vector(let vector): vector.metadata.id
        case .problem(let problem): "<no vectors: \(problem)>"
        }
    }

    public var description: String { testDescription }

    /// The vector, when the case has one.
    public var vector: (any ConformanceVector)? {
        if case .vector(let vector) = content { vector } else { nil }
    }

    /// Checks `implementation` against the vector and records an issue when it fails, throws, or does not adopt
    /// the family's protocol. The issue shows the vector ID and description, expected against actual, the input,
    /// and a one-line command that reruns just this vector.
    public func check(_ implementation: Any, sourceLocation: SourceLocation = #_sourceLocation) {
        switch content {
        case .problem(let problem):
            Issue.record(Comment(rawValue: "LoginConformance checked nothing: \(problem)"), sourceLocation: sourceLocation)
        case .vector(let vector):
            let result = ConformanceEngine.evaluate(vector, against: implementation)
            guard result.outcome != .passed else { return }
            let message = FailureMessage.text(for: result, vector: vector, rerunCommand: rerunCommand)
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
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
