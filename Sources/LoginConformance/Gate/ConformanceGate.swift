/// Classifies a run against a baseline so the gate fails exactly on regressions. The CLI and the Swift Testing
/// runner share it, so both give the same answer.
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
            if isNew(result.id) { return .newVector }
            return changeSinceBaseline(of: result.id) == nil ? .regression : .changedVector
        case (let kind?, let known?):
            if kind == known.kind { return .knownFailure }
            return changeSinceBaseline(of: result.id) == nil ? .regression : .changedVector
        }
    }

    /// Whether `classification` fails the gate under the policy.
    public func blocks(_ classification: GateClassification) -> Bool {
        switch classification {
        case .regression: true
        case .newlyPassing: !policy.allowNewlyPassing
        case .newVector: policy.blockOnNewVectors
        case .changedVector: policy.blockOnChangedVectors
        case .knownFailure, .skipped, .pass: false
        }
    }

    /// Baseline entries whose vector no longer exists (removed or retired). One the suite retired after the
    /// baseline's suite version is expected after an upgrade and does not block (``StaleEntry/blocks``); any other
    /// is an error, so the baseline is fixed.
    public var staleEntries: [StaleEntry] {
        guard let baseline else { return [] }
        return baseline.knownFailures.keys.filter { suite.vector(withID: $0) == nil }.sorted().map { id in
            let retirement = suite.changelog.retirement(of: id)
            return StaleEntry(id: id, retiredIn: retirement?.version, reason: retirement?.retirement.reason,
                              replacedBy: retirement?.retirement.replacedBy ?? [],
                              blocks: retirement.map { $0.version <= baseline.suiteVersion } ?? true)
        }
    }

    /// A baseline entry for a vector the suite does not have.
    public struct StaleEntry: Sendable, Hashable {
        /// The vector ID in the baseline.
        public let id: String
        /// The suite version that retired it, when the changelog says so.
        public let retiredIn: SuiteVersion?
        /// Why the changelog retired it.
        public let reason: String?
        /// The vectors that replace it.
        public let replacedBy: [String]
        /// Whether it fails the gate: only a retirement after the baseline's suite version does not (the baseline
        /// predates it; `baseline update` removes it).
        public let blocks: Bool

        public init(id: String, retiredIn: SuiteVersion?, reason: String? = nil, replacedBy: [String] = [],
                    blocks: Bool = true) {
            self.id = id
            self.retiredIn = retiredIn
            self.reason = reason
            self.replacedBy = replacedBy
            self.blocks = blocks
        }

        /// What to tell the user.
        public var explanation: String {
            guard let retiredIn else { return "no vector has this ID: remove it from the baseline" }
            let why = reason.map { " (\($0))" } ?? ""
            let replacements = replacedBy.isEmpty ? "" : "; replaced by \(replacedBy.joined(separator: ", "))"
            return "retired in suite \(retiredIn)\(why)\(replacements): remove it from the baseline"
        }
    }

    /// The suite version and reason of the latest change to `id`'s expectation after the baseline's suite version;
    /// `nil` without a baseline or when the vector is as the baseline knew it.
    public func changeSinceBaseline(of id: String) -> (version: SuiteVersion, reason: String)? {
        guard let baseline else { return nil }
        return suite.changelog.change(of: id, after: baseline.suiteVersion)
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
