/// A report format: its name (the CLI's `--report-<name>`), the file name `GateReport.writeReports(to:rerun:)` gives
/// it, what it is for, and how a gate report renders in it. A format is one file (its renderer, with its
/// `ReportFormat` member) and one registration (``all``): the CLI's options, their help and every write site iterate
/// over ``all``.
public struct ReportFormat: Sendable {
    /// The name in `--report-<name>`: `json`, `junit`, `markdown`.
    public let name: String
    /// The file name in a reports directory (`results.json`).
    public let fileName: String
    /// One line for `--help`.
    public let summary: String
    /// The report as text; the closure gives the one-line command that reruns a vector.
    public let render: @Sendable (GateReport, (String) -> String) -> String

    public init(
        name: String, fileName: String, summary: String,
        render: @escaping @Sendable (GateReport, (String) -> String) -> String
    ) {
        self.name = name
        self.fileName = fileName
        self.summary = summary
        self.render = render
    }

    /// Every format, in the order reports are written and listed: the one registration.
    public static let all: [ReportFormat] = [.json, .junit, .markdown]
}
