/// Classifies a run against a baseline so the gate fails exactly on regressions (conformance-suites.md,
/// regression gates). The CLI and the Swift Testing runner share it, so both give the same answer.
public struct ConformanceGate: Sendable {
    /// The vectors, for versions and IDs.
    public let suite: VectorSuite
    /// The known failures; `nil` means none, so every failure is a regression.
    public let baseline: Baseline?
    /// What besides regressions blocks.
    public let policy: GatePolicy

    /// A gate for an implementation claiming `profile`. Throws when the baseline was written for another profile.
    public init(
        suite: VectorSuite, profile: ConformanceProfile, baseline: Baseline?, policy: GatePolicy = GatePolicy()
    ) throws(GateConfigurationError) {
        if let baseline, baseline.profile != profile {
            throw GateConfigurationError(
                "the baseline is for profile \(baseline.profile.rawValue), the run is for \(profile.rawValue)")
        }
        self.suite = suite
        self.baseline = baseline
        self.policy = policy
    }

    /// Where `result` stands against the baseline.
    public func classify(_ result: VectorResult) -> GateClassification {
        let known = baseline?.knownFailures[result.id]
        switch (result.outcome.failureKind, known) {
        case (nil, nil):
            if case .skipped = result.outcome { return .skipped }
            return .pass
        case (nil, _?):
            if case .skipped = result.outcome { return .regression }  // a known failure's capability was dropped
            return .newlyPassing
        case (_?, nil):
            return isNew(result.id) ? .newVector : .regression
        case (let kind?, let known?):
            return kind == known.kind ? .knownFailure : .regression
        }
    }

    /// Whether `classification` fails the gate under the policy.
    public func blocks(_ classification: GateClassification) -> Bool {
        switch classification {
        case .regression: true
        case .newlyPassing: !policy.allowNewlyPassing
        case .newVector: policy.blockOnNewVectors
        case .knownFailure, .skipped, .pass: false
        }
    }

    /// Baseline entries whose vector no longer exists (removed or retired): an error, so the baseline is fixed.
    public var staleEntries: [StaleEntry] {
        guard let baseline else { return [] }
        let retired = suite.changelog.retiredIDs
        return baseline.knownFailures.keys.filter { suite.vector(withID: $0) == nil }.sorted().map { id in
            StaleEntry(id: id, retiredIn: retired[id])
        }
    }

    /// A baseline entry for a vector the suite does not have.
    public struct StaleEntry: Sendable, Hashable {
        /// The vector ID in the baseline.
        public let id: String
        /// The suite version that retired it, when the changelog says so.
        public let retiredIn: SuiteVersion?

        /// What to tell the user.
        public var explanation: String {
            retiredIn.map { "retired in suite \($0): remove it from the baseline" }
                ?? "no vector has this ID: remove it from the baseline"
        }
    }

    /// The run classified, with the gate's verdict.
    public func evaluate(_ run: ConformanceRun, implementation: ImplementationInfo) -> GateReport {
        GateReport(run: run, implementation: implementation, gate: self)
    }

    /// A vector added after the baseline's suite version.
    func isNew(_ id: String) -> Bool {
        guard let baseline, let introduced = suite.changelog.introducedVersion(of: id) else { return false }
        return introduced > baseline.suiteVersion
    }
}

/// A gate that cannot be set up as asked (a baseline for another profile).
public struct GateConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
