import LoginConformance

/// Prints a run for a person: the failures (most severe first), then a table per family and a closing line.
struct RunReportPrinter {
    let output: CommandOutput
    let verbose: Bool

    /// How many failures are printed in full without `--verbose`.
    static let failureLimit = 20

    func print(_ run: ConformanceRun, suite: VectorSuite, implementationName: String) {
        output.line("LoginConformance suite \(run.suiteVersion) · profile \(run.profile.rawValue) · \(implementationName)")
        let problems = run.problems
        let shown = verbose ? problems : Array(problems.prefix(Self.failureLimit))
        for result in shown {
            output.line()
            output.line(FailureMessage.text(
                for: result, vector: suite.vector(withID: result.id),
                rerunCommand: FailureMessage.cliRerunCommand(id: result.id, profile: run.profile)))
        }
        if shown.count < problems.count {
            output.line()
            output.line("… and \(problems.count - shown.count) more failures (--verbose lists them all)")
        }
        output.line()
        printTable(run)
        let totals = run.totals
        output.line()
        output.line("\(run.verdict == .passed ? "PASSED" : "FAILED"): \(totals.passed) passed, \(totals.failed) failed, \(totals.errored) errors, \(totals.skipped) skipped")
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
