/// The `graph-error` family: ``GraphErrorClassifying`` against `Vectors/graph-error.json`.
public enum GraphErrorFamily: VectorFamily {
    public static let family = ConformanceFamily.graphError

    public static func run(_ input: GraphErrorInput, on implementation: Any) throws -> GraphErrorOutcome? {
        try (implementation as? any GraphErrorClassifying)?.classifyGraphError(input)
    }

    /// The category is the verdict; the client action and the token effect are the "reason":
    /// `recoverable(logInAgain, token cleared)`.
    public static func label(of outcome: GraphErrorOutcome) -> String {
        "\(outcome.category.rawValue)(\(outcome.clientAction.rawValue), token \(outcome.currentToken.rawValue))"
    }

    /// Every outcome is a classification: there is no rejection reason.
    public static func declaredReason(of outcome: GraphErrorOutcome) -> String? { nil }
}
