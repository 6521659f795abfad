/// The results of one implementation against one profile, with per-family counts and the run's verdict.
public struct ConformanceRun: Sendable {
    /// The suite version the vectors came from.
    public let suiteVersion: String
    /// The profile the implementation claims.
    public let profile: ConformanceProfile
    /// One result per vector, in suite order.
    public let results: [VectorResult]
    /// What happened to the run as a whole (an interrupt, an adapter that exited unasked): a run with one is never
    /// `passed`.
    public let incidents: [RunIncident]

    public init(suiteVersion: String, profile: ConformanceProfile, results: [VectorResult], incidents: [RunIncident] = []) {
        self.suiteVersion = suiteVersion
        self.profile = profile
        self.results = results
        self.incidents = incidents
    }

    /// Counts per family, in family order.
    public var familySummaries: [FamilySummary] {
        Dictionary(grouping: results, by: \.family)
            .map { FamilySummary(family: $0.key, results: $0.value) }
            .sorted { $0.family < $1.family }
    }

    /// Counts over every family.
    public var totals: FamilySummary.Counts { FamilySummary.Counts(results) }

    /// The results that are not passes or skips: failures and errors, most severe first.
    public var problems: [VectorResult] {
        results.filter(\.outcome.isProblem)
            .sorted { ($0.metadata.severity, $0.id) < ($1.metadata.severity, $1.id) }
    }

    /// The run's verdict.
    public var verdict: Verdict {
        if incidents.contains(where: { $0.kind == .interrupted }) { return .interrupted }
        if !incidents.isEmpty { return .faulted }
        let counts = totals
        if counts.failed + counts.errored > 0 { return .failed }
        return counts.passed > 0 ? .passed : .nothingChecked
    }

    /// Passed, failed, nothing checked (every selected vector skipped), interrupted or faulted.
    public enum Verdict: String, Sendable, Hashable {
        /// Every vector checked passed, and at least one was checked.
        case passed
        /// At least one failure or error.
        case failed
        /// Every vector was skipped: the implementation adopts none of the selected families' protocols.
        case nothingChecked
        /// A signal ended the run before every selected vector ran (``RunIncident/Kind/interrupted``).
        case interrupted
        /// The adapter exited unasked or could not be run (``RunIncident``): the results are not the whole answer.
        case faulted
    }
}

/// One family's counts in a run.
public struct FamilySummary: Sendable, Hashable {
    /// The family.
    public let family: ConformanceFamily
    /// Its counts.
    public let counts: Counts

    init(family: ConformanceFamily, results: [VectorResult]) {
        self.family = family
        self.counts = Counts(results)
    }

    /// Passed, failed, errored (errors, crashes and hangs) and skipped vectors.
    public struct Counts: Sendable, Hashable {
        /// Passes, lenient ones included.
        public var passed = 0
        /// The passes that gave an outcome the vector also accepts rather than the preferred one.
        public var lenient = 0
        public var failed = 0
        public var errored = 0
        public var skipped = 0
        /// Every vector counted.
        public var total: Int { passed + failed + errored + skipped }

        init(_ results: [VectorResult]) {
            for result in results {
                switch result.outcome {
                case .passed: passed += 1
                case .lenient:
                    passed += 1
                    lenient += 1
                case .failed: failed += 1
                case .errored, .crashed, .hung: errored += 1
                case .skipped: skipped += 1
                }
            }
        }
    }
}
