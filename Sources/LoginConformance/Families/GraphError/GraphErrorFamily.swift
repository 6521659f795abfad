/// The `graph-error` family: ``GraphErrorClassifying`` against `Vectors/graph-error.json`.
public enum GraphErrorFamily: VectorFamily {
    public static let family = ConformanceFamily(name: "graph-error", protocolName: "GraphErrorClassifying")

    public static func run(_ input: GraphErrorInput, on implementation: any ConformanceSubject) throws -> GraphErrorOutcome? {
        try (implementation as? any GraphErrorClassifying)?.classifyGraphError(input)
    }

    /// The category is the verdict; the client action and the token effect are the "reason":
    /// `recoverable(logInAgain, token cleared)`.
    public static func label(of outcome: GraphErrorOutcome) -> String {
        let action = outcome.clientAction.map { "\($0.rawValue), " } ?? ""
        return "\(outcome.category.rawValue)(\(action)token \(outcome.currentToken?.rawValue ?? "not compared"))"
    }

    /// `isPermissionError` and `clientAction` are compared only when the vector's `expected` has them (DECISIONS.md
    /// D30: the SDK has neither), and so is `currentToken` (D31: the documented vectors leave it out); everything else
    /// as the canonical JSON, code point by code point.
    public static func conforms(_ actual: GraphErrorOutcome, to expected: GraphErrorOutcome,
                                input: GraphErrorInput) -> Bool {
        let compared = GraphErrorOutcome(
            category: actual.category,
            isPermissionError: expected.isPermissionError == nil ? nil : actual.isPermissionError,
            message: actual.message,
            clientAction: expected.clientAction == nil ? nil : actual.clientAction,
            currentToken: expected.currentToken == nil ? nil : actual.currentToken)
        return CanonicalJSON.render(compared).isCodePointEqual(to: CanonicalJSON.render(expected))
    }

    /// Every outcome is a classification: there is no rejection reason.
    public static func declaredReason(of outcome: GraphErrorOutcome) -> String? { nil }
}

extension ConformanceFamily {
    /// A Graph API error body turned into a category, a permission-error flag, a message, what the client must do and
    /// what happens to the current token (SPECIFICATION.md §6, §7). Protocol: ``GraphErrorClassifying``.
    public static let graphError = GraphErrorFamily.family
}
