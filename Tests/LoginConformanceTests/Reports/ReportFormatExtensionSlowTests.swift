import Foundation
import Testing
import LoginConformanceTestSupport

/// Adding a report format is one file and one registration: in a scratch copy
/// of the package, a TAP format is added as one new file and one entry in `ReportFormat.all`, and the built CLI then
/// has `--report-tap` in its help, writes the report beside the others, and checks its path like theirs. Slow (a
/// cold build of the CLI in the copy, about a minute on 2 cores): a test of the slow command (``SlowCommand``).
@Suite("Adding a report format: one file and one registration, in a scratch copy", .slow)
struct ReportFormatExtensionSlowTests {
    /// The one new file: a TAP (Test Anything Protocol, version 13) renderer and its `ReportFormat` member. Written
    /// against the public API only, as a format added by a contributor would be.
    static let formatFile = #"""
    /// TAP 13: one test point per vector; a blocking result is `not ok`, a known failure `not ok … # TODO`.
    extension ReportFormat {
        public static let tap = ReportFormat(
            name: "tap", fileName: "results.tap", summary: "write a TAP 13 stream (one test point per vector)",
            render: { report, rerun in
                var lines = ["TAP version 13", "1..\(report.entries.count)"]
                for (index, entry) in report.entries.enumerated() {
                    let number = index + 1
                    let id = entry.result.id
                    switch entry.classification {
                    case .skipped: lines.append("ok \(number) - \(id) # SKIP \(entry.result.outcome.summary)")
                    case .knownFailure: lines.append("not ok \(number) - \(id) # TODO known failure")
                    default:
                        lines.append("\(entry.blocks || entry.result.outcome.isProblem ? "not ok" : "ok") \(number) - \(id)")
                        if entry.blocks { lines.append("  # rerun: \(rerun(id))") }
                    }
                }
                return lines.joined(separator: "\n") + "\n"
            })
    }
    """#

    /// The registration line in `Sources/LoginConformance/Reports/ReportFormat.swift`.
    static let registration = "public static let all: [ReportFormat] = ["

    @Test("a TAP format added in a scratch copy with one file and one registration is a CLI option, a report and a checked path",
          .timeLimit(.minutes(30)))
    func addsAFormat() throws {
        let scratch = try ScratchRepository(prefix: "report-format")

        // The one file.
        try Self.formatFile.write(to: scratch.url("Sources/LoginConformance/Reports/TAPReport.swift"),
                                  atomically: true, encoding: .utf8)
        // The one registration: `.tap` appended to the list, and no other line of the file touched.
        try scratch.editLine(of: "Sources/LoginConformance/Reports/ReportFormat.swift", containing: Self.registration) {
            String($0.dropLast()) + ", .tap]"
        }

        let cli = try scratch.buildCLI(with: "a TAP format")

        // The option, its help and the per-command help come from the one registration.
        let usage = try cli(["help"])
        #expect(usage.output.contains("--report-tap <file>"))
        #expect(usage.output.contains("write a TAP 13 stream (one test point per vector)"))
        #expect(try cli(["help", "run"]).output.contains("--report-tap <file>"))

        // A run writes it beside the JSON report, one test point per result.
        let out = scratch.url("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let tap = out.appendingPathComponent("results.tap"), json = out.appendingPathComponent("results.json")
        let run = try cli(["run", "--family", "nonce", "--report-tap", tap.path, "--report-json", json.path])
        #expect(run.status == 0, "run: \(run.output.suffix(2_000))")
        let results = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])["results"] as? [[String: Any]]
        let stream = try String(contentsOf: tap, encoding: .utf8).components(separatedBy: "\n").filter { !$0.isEmpty }
        #expect(stream.prefix(2) == ["TAP version 13", "1..\(results?.count ?? -1)"])
        let points = stream.filter { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") }
        #expect(points.count == results?.count)
        #expect(points.map { $0.components(separatedBy: " - ").last ?? "" } == results?.compactMap { $0["id"] as? String })

        // Its path is checked like every output's: the same file as another report is refused before the run,
        // and the file already there is left as it was.
        let before = try Data(contentsOf: json)
        let clash = try cli(["run", "--family", "nonce", "--report-tap", json.path, "--report-json", json.path])
        #expect(clash.status == 2, "two reports on one path: \(clash.output)")
        #expect(try Data(contentsOf: json) == before)
        // An option the format does not have is still refused, so the test above is not vacuous.
        #expect(try cli(["run", "--report-yaml", tap.path]).status == 2)
    }
}
