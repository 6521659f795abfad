/// The machine-readable results: suite version, implementation, profile, verdict, the run's incidents (an
/// interrupt, an adapter that exited unasked), and per vector its outcome,
/// failure kind, classification, expected and actual, duration and rerun command. Described by
/// `Vectors/schema/results.schema.json`.
extension ReportFormat {
    /// The results as JSON (`Vectors/schema/results.schema.json`).
    public static let json = ReportFormat(
        name: "json", fileName: "results.json", summary: "write the results as JSON (Vectors/schema/results.schema.json)",
        render: { JSONResultsReport.render($0, rerun: $1) })
}

public enum JSONResultsReport {
    /// The report's format version.
    public static let formatVersion = 1

    /// The report as JSON text; `rerun` gives the one-line command that reruns a vector.
    public static func render(_ report: GateReport, rerun: (String) -> String) -> String {
        let document = Document(
            formatVersion: formatVersion,
            suiteVersion: report.run.suiteVersion,
            profile: report.run.profile,
            implementation: report.implementation,
            baselineSuiteVersion: report.baselineSuiteVersion?.description,
            policy: Policy(allowNewlyPassing: report.policy.allowNewlyPassing,
                           blockOnNewVectors: report.policy.blockOnNewVectors,
                           blockOnChangedVectors: report.policy.blockOnChangedVectors),
            verdict: report.verdict.rawValue,
            incidents: report.run.incidents,
            counts: Dictionary(uniqueKeysWithValues: report.counts.map { ($0.key.rawValue, $0.value) }),
            families: report.familyCounts.map { family, counts, total in
                Family(family: family.rawValue, total: total,
                       counts: Dictionary(uniqueKeysWithValues: counts.map { ($0.key.rawValue, $0.value) }))
            },
            stale: report.staleEntries.map {
                Stale(id: $0.id, retiredIn: $0.retiredIn?.description, explanation: $0.explanation,
                      replacedBy: $0.replacedBy, blocks: $0.blocks)
            },
            results: report.entries.map { entry in
                let result = entry.result
                var mismatch: VectorMismatch?
                var message: String?
                switch result.outcome {
                case .failed(let value): mismatch = value
                case .lenient(let leniency):
                    mismatch = VectorMismatch(summary: leniency.summary, expected: leniency.preferred,
                                              actual: leniency.actual, kind: .wrongDetails)
                case .errored(let text), .crashed(let text), .hung(let text), .skipped(let text): message = text
                case .passed: break
                }
                return Result(
                    id: result.id, family: result.family.rawValue, severity: result.metadata.severity.rawValue,
                    outcome: result.outcome.kind, failureKind: result.outcome.failureKind?.rawValue,
                    classification: entry.classification.rawValue, blocks: entry.blocks,
                    summary: mismatch?.summary, expected: mismatch?.expected, actual: mismatch?.actual,
                    message: message, knownFailure: entry.known,
                    changedIn: entry.change?.version.description, changeReason: entry.change?.reason,
                    durationSeconds: result.durationSeconds, stderr: result.diagnostics,
                    rerun: entry.result.outcome.isProblem || entry.classification == .newlyPassing
                        ? rerun(result.id) : nil)
            }
        )
        return CanonicalJSON.render(document, pretty: true) + "\n"
    }

    private struct Document: Encodable {
        let formatVersion: Int
        let suiteVersion: String
        let profile: ConformanceProfile
        let implementation: ImplementationInfo
        let baselineSuiteVersion: String?
        let policy: Policy
        let verdict: String
        let incidents: [RunIncident]
        let counts: [String: Int]
        let families: [Family]
        let stale: [Stale]
        let results: [Result]
    }

    private struct Policy: Encodable {
        let allowNewlyPassing: Bool
        let blockOnNewVectors: Bool
        let blockOnChangedVectors: Bool
    }

    private struct Family: Encodable {
        let family: String
        let total: Int
        let counts: [String: Int]
    }

    private struct Stale: Encodable {
        let id: String
        let retiredIn: String?
        let explanation: String
        let replacedBy: [String]
        let blocks: Bool
    }

    private struct Result: Encodable {
        let id: String
        let family: String
        let severity: String
        let outcome: String
        let failureKind: String?
        let classification: String
        let blocks: Bool
        let summary: String?
        let expected: String?
        let actual: String?
        let message: String?
        let knownFailure: Baseline.KnownFailure?
        let changedIn: String?
        let changeReason: String?
        let durationSeconds: Double
        let stderr: String?
        let rerun: String?
    }
}
