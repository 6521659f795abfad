/// How much a wrong answer on a vector matters, so that reports can put the dangerous failures first.
public enum VectorSeverity: String, CaseIterable, Sendable, Codable, Hashable, Comparable {
    /// A security hole if wrong: accepting a token that must be refused, escalating a scope.
    case critical
    /// A wrong login decision.
    case high
    /// A wrong detail of a result.
    case medium
    /// Cosmetic, or an edge nobody relies on.
    case low

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
