/// What, besides regressions, makes the gate fail.
public struct GatePolicy: Sendable, Hashable {
    /// When false (the default), a known failure that now passes fails the gate, so the baseline gets tightened
    /// (as Rhino does with its expectation lists).
    public var allowNewlyPassing: Bool
    /// When true, a failing vector added after the baseline's suite version fails the gate; by default it is
    /// reported but does not block, so upgrading the suite is safe.
    public var blockOnNewVectors: Bool
    /// When true, a failing vector whose expectation changed after the baseline's suite version fails the gate;
    /// by default it is reported with the changelog's reason but does not block, so a suite correction never turns
    /// an adopter's gate red overnight.
    public var blockOnChangedVectors: Bool

    public init(allowNewlyPassing: Bool = false, blockOnNewVectors: Bool = false, blockOnChangedVectors: Bool = false) {
        self.allowNewlyPassing = allowNewlyPassing
        self.blockOnNewVectors = blockOnNewVectors
        self.blockOnChangedVectors = blockOnChangedVectors
    }
}
