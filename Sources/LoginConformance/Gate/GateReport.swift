/// One run classified against a baseline: the single results model every report (JSON, JUnit, Markdown, the
/// terminal) is written from.
public struct GateReport: Sendable {
    /// The run.
    public let run: ConformanceRun
    /// Who was checked.
    public let implementation: ImplementationInfo
    /// Each result with its classification, in suite order.
    public let entries: [Entry]
    /// Baseline entries for vectors that do not exist.
    public let staleEntries: [ConformanceGate.StaleEntry]
    /// The baseline's suite version, when there was a baseline.
    public let baselineSuiteVersion: SuiteVersion?
    /// The policy the verdict was reached under.
    public let policy: GatePolicy

    /// One vector's result, its classification, and whether that blocks.
    public struct Entry: Sendable {
        public let result: VectorResult
        public let classification: GateClassification
        public let blocks: Bool
        /// The known failure the baseline records, if any.
        public let known: Baseline.KnownFailure?
        /// For a ``GateClassification/changedVector``: the suite version that changed the vector's expectation and
        /// the changelog's reason.
        public let change: (version: SuiteVersion, reason: String)?
    }

    init(run: ConformanceRun, implementation: ImplementationInfo, gate: ConformanceGate) {
        self.run = run
        self.implementation = implementation
        self.policy = gate.policy
        self.staleEntries = gate.staleEntries
        self.baselineSuiteVersion = gate.baseline?.suiteVersion
        self.entries = run.results.map { result in
            let classification = gate.classify(result)
            return Entry(result: result, classification: classification, blocks: gate.blocks(classification),
                         known: gate.baseline?.knownFailures[result.id],
                         change: classification == .changedVector ? gate.changeSinceBaseline(of: result.id) : nil)
        }
    }

    /// The gate's verdict.
    public enum Verdict: String, Sendable, Hashable {
        /// No blocking result and no stale baseline entry.
        case passed
        /// At least one blocking result (a regression; newly passing or new vectors under a strict policy).
        case failed
        /// The baseline names vectors that do not exist: fix the baseline first.
        case staleBaseline
        /// Every selected vector was skipped.
        case nothingChecked
        /// A signal ended the run before every selected vector ran: the run's ``ConformanceRun/incidents`` say
        /// which and how many vectors did not run.
        case interrupted
        /// The adapter exited unasked, could not be started or ran out of restarts (the run's
        /// ``ConformanceRun/incidents``): the results are not the whole answer.
        case faulted
    }

    /// The verdict: an interrupt or another incident first (the results are not the whole answer), then blocking
    /// stale entries (the baseline must be fixed), then blocking results.
    public var verdict: Verdict {
        switch run.verdict {
        case .interrupted: return .interrupted
        case .faulted: return .faulted
        case .passed, .failed, .nothingChecked: break
        }
        if staleEntries.contains(where: \.blocks) { return .staleBaseline }
        if entries.contains(where: \.blocks) { return .failed }
        if !entries.contains(where: { $0.classification != .skipped }) { return .nothingChecked }
        return .passed
    }

    /// The entries of one classification, most severe first.
    public func entries(_ classification: GateClassification) -> [Entry] {
        entries.filter { $0.classification == classification }
            .sorted { ($0.result.metadata.severity, $0.result.id) < ($1.result.metadata.severity, $1.result.id) }
    }

    /// Counts per classification.
    public var counts: [GateClassification: Int] {
        Dictionary(grouping: entries, by: \.classification).mapValues(\.count)
    }

    /// Per-family counts per classification, in family order.
    public var familyCounts: [(family: ConformanceFamily, counts: [GateClassification: Int], total: Int)] {
        Dictionary(grouping: entries, by: \.result.family)
            .map { family, entries in
                (family, Dictionary(grouping: entries, by: \.classification).mapValues(\.count), entries.count)
            }
            .sorted { $0.family < $1.family }
    }
}
