/// Where one vector's result stands against the baseline.
public enum GateClassification: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// A new failure, or a known failure whose kind changed (or that is now skipped). Always blocks.
    case regression
    /// In the baseline, and now passes: the baseline should be tightened. Blocks unless allowed.
    case newlyPassing = "newly-passing"
    /// Fails, not in the baseline, and added after the baseline's suite version. Blocks only if configured.
    case newVector = "new-vector"
    /// Fails where the baseline did not expect this failure, and the vector's expectation changed after the
    /// baseline's suite version (the changelog's `changed`, or a vector replacing a retired one): the suite moved,
    /// not the implementation. Reported with the changelog's reason; blocks only if configured.
    case changedVector = "changed-vector"
    /// Fails exactly as the baseline says.
    case knownFailure = "known-failure"
    /// The implementation does not adopt the family's protocol.
    case skipped
    /// Passes, and the baseline agrees.
    case pass

    /// Regressions first: the order reports list them in.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
