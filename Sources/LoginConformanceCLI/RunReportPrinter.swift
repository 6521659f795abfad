import LoginConformance

/// Prints a gate report for a person: the blocking results in full (regressions first), the rest counted, a table
/// per family, the gate's verdict and a closing line.
struct RunReportPrinter {
    let output: CommandOutput
    let verbose: Bool
    /// The command that rewrites the `--baseline` file from the same run (``RerunCommand/baselineUpdate(_:)``),
    /// printed where a known failure now passes; `nil` without a baseline.
    var baselineUpdate: String? = nil

    /// How many blocking results are printed in full without `--verbose`.
    static let detailLimit = 20

    func print(_ report: GateReport, rerun: (String) -> String) {
        let run = report.run
        output.line("LoginConformance suite \(run.suiteVersion) · profile \(run.profile.rawValue) · \(report.implementation.name)")
        let blocking = report.entries.filter(\.blocks)
            .sorted { ($0.classification, $0.result.metadata.severity, $0.result.id) < ($1.classification, $1.result.metadata.severity, $1.result.id) }
        let shown = verbose ? blocking : Array(blocking.prefix(Self.detailLimit))
        for entry in shown {
            output.line()
            switch entry.classification {
            case .newlyPassing:
                output.line("[newly passing] \(entry.result.id) — \(FailureMessage.line(entry.result.metadata.description))")
                output.line("  the baseline says \(entry.known?.kind.rawValue ?? "it fails"); it passes now: run `\(baselineUpdate ?? "login-conformance baseline update --baseline FILE")`")
            case .changedVector:
                output.line("[changed vector: suite \(entry.change?.version.description ?? "?"): \(FailureMessage.line(entry.change?.reason ?? ""))] " + FailureMessage.text(
                    for: entry.result, rerunCommand: rerun(entry.result.id)))
            default:
                let was = entry.known.map { " (baseline: \($0.kind.rawValue))" } ?? ""
                output.line("[\(entry.classification.rawValue)\(was)] " + FailureMessage.text(
                    for: entry.result, rerunCommand: rerun(entry.result.id)))
            }
        }
        if shown.count < blocking.count {
            output.line()
            output.line("… and \(blocking.count - shown.count) more blocking results (--verbose lists them all)")
        }
        for stale in report.staleEntries {
            output.line()
            output.line("[stale baseline entry\(stale.blocks ? "" : ", not blocking")] \(FailureMessage.line(stale.id)): \(FailureMessage.line(stale.explanation))")
        }
        let changed = report.entries(.changedVector).filter { !$0.blocks }
        if !changed.isEmpty {
            output.line()
            output.line("\(changed.count) failing vector(s) whose expectation changed since the baseline's suite version (not blocking; --changed-vectors block to block):")
            for entry in changed.prefix(verbose ? changed.count : Self.detailLimit) {
                output.line("  \(entry.result.id): \(FailureMessage.line(entry.result.outcome.summary)) — changed in \(entry.change?.version.description ?? "?"): \(FailureMessage.line(entry.change?.reason ?? ""))")
            }
        }
        let lenient = report.entries.filter { if case .lenient = $0.result.outcome { true } else { false } }
        if !lenient.isEmpty {
            output.line()
            output.line("\(lenient.count) lenient pass(es): an outcome the sources allow, not the preferred one (--verbose lists them)")
            for entry in lenient.prefix(verbose ? lenient.count : 5) {
                output.line("  \(entry.result.id): \(FailureMessage.line(entry.result.outcome.summary))")
            }
        }
        output.line()
        printTable(run)
        output.line()
        if report.baselineSuiteVersion != nil
            || report.entries.contains(where: { $0.classification == .newVector || $0.classification == .changedVector }) {
            let counts = report.counts
            output.line("gate: " + GateClassification.allCases.filter { $0 != .pass && $0 != .skipped }
                .map { "\(counts[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ")
                + ", \(report.staleEntries.count) stale")
        }
        for incident in run.incidents {
            output.line("[\(incident.kind.rawValue)] \(FailureMessage.line(incident.message))"
                + (incident.notRun > 0 ? " (\(incident.notRun) selected vectors not run)" : ""))
        }
        let totals = run.totals
        let verdict = report.verdict == .passed ? "PASSED"
            : report.verdict == .interrupted ? "INTERRUPTED" : report.verdict == .faulted ? "FAULTED" : "FAILED"
        let lenientNote = totals.lenient > 0 ? " (\(totals.lenient) lenient)" : ""
        output.line("\(verdict): \(totals.passed) passed\(lenientNote), \(totals.failed) failed, \(totals.errored) errors, \(totals.skipped) skipped")
    }

    private func printTable(_ run: ConformanceRun) {
        let header = ["family", "pass", "fail", "error", "skip", "total"]
        var rows = run.familySummaries.map { summary in
            [summary.family.rawValue] + Self.cells(summary.counts)
        }
        rows.append(["total"] + Self.cells(run.totals))
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        for row in [header] + rows {
            let cells = row.enumerated().map { column, cell in
                column == 0
                    ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }
            output.line(cells.joined(separator: "  "))
        }
    }

    private static func cells(_ counts: FamilySummary.Counts) -> [String] {
        [counts.passed, counts.failed, counts.errored, counts.skipped, counts.total].map(String.init)
    }
}
