/// A Markdown summary for a CI step summary or a pull-request comment: the verdict, then regressions first, newly
/// passing vectors, new vectors, stale baseline entries, known failures, and pass rates per family.
extension ReportFormat {
    /// A Markdown summary, for a CI step summary.
    public static let markdown = ReportFormat(
        name: "markdown", fileName: "summary.md", summary: "write a Markdown summary (for a CI step summary)",
        render: { MarkdownReport.render($0, rerun: $1) })
}

public enum MarkdownReport {
    /// How many rows a section lists before it says how many more there are.
    public static let rowLimit = 50

    /// The report as Markdown; `rerun` gives the one-line command that reruns a vector.
    public static func render(_ report: GateReport, rerun: (String) -> String) -> String {
        let run = report.run
        var lines = ["## LoginConformance \(run.suiteVersion) · \(run.profile.rawValue) · \(cell(report.implementation.name))", ""]
        let (status, detail) = headline(report)
        lines.append("**Gate: \(status)** — \(detail)")
        if !run.incidents.isEmpty {
            lines += ["", "### Incidents (\(run.incidents.count))", "",
                      "What happened to the run as a whole: its results are not the whole answer.", "",
                      "| incident | vectors not run | what |", "| --- | ---: | --- |"]
            lines += run.incidents.map { "| \($0.kind.rawValue) | \($0.notRun) | \(cell($0.message)) |" }
        }
        if let baseline = report.baselineSuiteVersion {
            lines.append("")
            lines.append("Baseline written for suite \(baseline).")
        }

        section(&lines, "Regressions", report.entries(.regression), note: "new failures, or known failures whose kind changed") { entry in
            let was = entry.known?.kind.rawValue ?? "pass"
            return "| `\(entry.result.id)` | \(entry.result.metadata.severity.rawValue) | \(was) | \(now(entry.result.outcome)) | \(cell(entry.result.outcome.summary)) | `\(cell(rerun(entry.result.id)))` |"
        } header: {
            ["| vector | severity | was | now | what | rerun |", "| --- | --- | --- | --- | --- | --- |"]
        }

        let newlyPassing = report.entries(.newlyPassing)
        section(&lines, "Newly passing", newlyPassing,
                note: (newlyPassing.first?.blocks ?? false ? "blocking: " : "") + "remove them from the baseline (`login-conformance baseline update`)") { entry in
            "| `\(entry.result.id)` | \(entry.known?.kind.rawValue ?? "") | \(cell(entry.known?.reason ?? "")) |"
        } header: {
            ["| vector | was | baseline note |", "| --- | --- | --- |"]
        }

        let newVectors = report.entries(.newVector)
        section(&lines, "New vectors failing", newVectors,
                note: "added after the baseline's suite version; " + (newVectors.first?.blocks ?? false ? "blocking" : "not blocking")) { entry in
            "| `\(entry.result.id)` | \(entry.result.metadata.severity.rawValue) | \(now(entry.result.outcome)) | \(cell(entry.result.outcome.summary)) | `\(cell(rerun(entry.result.id)))` |"
        } header: {
            ["| vector | severity | now | what | rerun |", "| --- | --- | --- | --- | --- |"]
        }

        let changed = report.entries(.changedVector)
        section(&lines, "Changed vectors failing", changed,
                note: "their expectation changed after the baseline's suite version (the changelog says why); "
                    + (changed.first?.blocks ?? false ? "blocking" : "not blocking")) { entry in
            "| `\(entry.result.id)` | \(entry.change?.version.description ?? "") | \(cell(entry.change?.reason ?? "")) | \(now(entry.result.outcome)) | \(cell(entry.result.outcome.summary)) | `\(cell(rerun(entry.result.id)))` |"
        } header: {
            ["| vector | changed in | why | now | what | rerun |", "| --- | --- | --- | --- | --- | --- |"]
        }

        if !report.staleEntries.isEmpty {
            lines += ["", "### Stale baseline entries (\(report.staleEntries.count))", "",
                      "The baseline names vectors the suite does not have: fix the baseline (`login-conformance baseline update`).", "",
                      "| baseline entry | blocks | why |", "| --- | --- | --- |"]
            lines += report.staleEntries.map { "| `\($0.id)` | \($0.blocks ? "yes" : "no") | \(cell($0.explanation)) |" }
        }

        let lenient = report.entries.filter { if case .lenient = $0.result.outcome { true } else { false } }
        if !lenient.isEmpty {
            lines += ["", "<details><summary>Lenient passes (\(lenient.count))</summary>", "",
                      "An outcome the vector's sources also allow, not the preferred (strict) one.", "",
                      "| vector | what |", "| --- | --- |"]
            lines += lenient.prefix(rowLimit).map { "| `\($0.result.id)` | \(cell($0.result.outcome.summary)) |" }
            if lenient.count > rowLimit { lines.append("| … \(lenient.count - rowLimit) more | |") }
            lines += ["", "</details>"]
        }

        let known = report.entries(.knownFailure)
        if !known.isEmpty {
            lines += ["", "<details><summary>Known failures (\(known.count))</summary>", "",
                      "| vector | kind | note |", "| --- | --- | --- |"]
            lines += known.prefix(rowLimit).map {
                "| `\($0.result.id)` | \($0.known?.kind.rawValue ?? "") | \(cell($0.known?.reason ?? "")) |"
            }
            if known.count > rowLimit { lines.append("| … \(known.count - rowLimit) more | | |") }
            lines += ["", "</details>"]
        }

        lines += ["", "### Per family", "",
                  "| family | pass | regression | known failure | newly passing | new vector | changed vector | skipped | pass rate |",
                  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
        for (family, counts, total) in report.familyCounts {
            let passing = (counts[.pass] ?? 0) + (counts[.newlyPassing] ?? 0)
            let checked = total - (counts[.skipped] ?? 0)
            let rate = checked == 0 ? "—" : "\(Int((Double(passing) / Double(checked) * 100).rounded(.down)))%"
            let row = [GateClassification.pass, .regression, .knownFailure, .newlyPassing, .newVector, .changedVector, .skipped]
                .map { String(counts[$0] ?? 0) }
            lines.append("| \(family.rawValue) | \(row.joined(separator: " | ")) | \(rate) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func headline(_ report: GateReport) -> (status: String, detail: String) {
        let counts = report.counts
        switch report.verdict {
        case .passed:
            return ("passed", "no regressions (\(counted(counts[.pass], "passing vector")), \(counted(counts[.knownFailure], "known failure")))")
        case .failed:
            let blocking = report.entries.filter(\.blocks).count
            return ("FAILED", "\(counted(counts[.regression], "regression")), \(counted(blocking, "blocking result")) in all")
        case .staleBaseline:
            return ("FAILED", counted(report.staleEntries.filter(\.blocks).count, "stale baseline entry", plural: "stale baseline entries"))
        case .nothingChecked:
            return ("FAILED", "nothing was checked: every selected vector was skipped")
        case .interrupted:
            let incident = report.run.incidents.first { $0.kind == .interrupted }
            return ("INTERRUPTED", "by \(incident?.signal ?? "a signal"); \(counted(incident?.notRun, "selected vector")) not run")
        case .faulted:
            let notRun = report.run.incidents.map(\.notRun).reduce(0, +)
            return ("FAULTED", "\(counted(report.run.incidents.count, "incident")) (see below); \(counted(notRun, "selected vector")) not run")
        }
    }

    private static func counted(_ count: Int?, _ singular: String, plural: String? = nil) -> String {
        let count = count ?? 0
        return "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }

    private static func section(
        _ lines: inout [String], _ title: String, _ entries: [GateReport.Entry], note: String,
        row: (GateReport.Entry) -> String, header: () -> [String]
    ) {
        guard !entries.isEmpty else { return }
        lines += ["", "### \(title) (\(entries.count))", "", note.prefix(1).uppercased() + note.dropFirst() + ".", ""]
        lines += header()
        lines += entries.prefix(rowLimit).map(row)
        if entries.count > rowLimit {
            lines.append("")
            lines.append("… and \(entries.count - rowLimit) more (see the JSON report).")
        }
    }

    private static func now(_ outcome: VectorOutcome) -> String {
        outcome.failureKind?.rawValue ?? outcome.kind
    }

    /// Text safe inside a table cell: pipes escaped, one line, invisible characters shown.
    private static func cell(_ text: String) -> String {
        FailureMessage.visible(text).replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
