import Foundation
import LoginConformanceTestSupport

/// The mutation report's "Completeness blind rounds" section: each round's first run (measured before anything was
/// fixed) and latest run, per lane, from the records in `Tests/CompletenessRounds/round-<N>/`.
enum CompletenessRoundSection {
    /// The lanes, in the order the section lists them: the Swift families in process, signed-token through the
    /// harness.
    static let lanes = ["in-process", "harness"]

    /// `killed of total` as a percentage with one decimal.
    private static func percent(_ killed: Int, of total: Int) -> String {
        String(format: "%.1f%%", total == 0 ? 0 : Double(killed) * 100 / Double(total))
    }

    static func render() throws -> [String] {
        var lines = [
            "", "## Completeness blind rounds", "",
            "Each round's implementations were written from `Vectors/SPECIFICATION.md` and the protocols' documentation "
                + "alone, without sight of the vectors, the decisions, the tests, these reports or earlier rounds "
                + "(their briefs: `Tests/CompletenessRounds/round-<N>/briefs/`). Each writer wrote a base, as correct as "
                + "they could make it, and bugs each turned on by one knob; a bug is killed when it fails a vector its "
                + "own base passes. The first run is recorded before anything is fixed and never rewritten; the latest "
                + "run is this tree's vectors. A bug found after the first run not to be a bug under the sources is "
                + "excluded, with why (`exclusions.json`): the kill rate is given with and without the exclusions.",
        ]
        for round in CompletenessRound.all {
            let excluded = try round.exclusions()
            lines += ["", "### Round \(round.number)", "",
                      "| lane | run | suite | bugs | killed | kill rate | excluded | kill rate without them | vectors the bases fail |",
                      "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
            var latestSurvivors: [RoundRecord.Bug] = []
            for lane in lanes {
                for kind in ["first-run", "latest"] {
                    guard let record = try RoundRecord.load(round.recordURL(lane: lane, kind: kind)) else { continue }
                    for run in record.runs {
                        let killed = run.bugs.filter { !$0.killers.isEmpty }
                        let rest = run.bugs.filter { excluded[$0.name] == nil }
                        let baseFails = "\(run.bases.map(\.fails.count).reduce(0, +)) of \(run.bases.map(\.checked).reduce(0, +))"
                        lines.append("| \(lane) | \(kind)\(run.commit.map { " at `\($0.prefix(7))`" } ?? "") | "
                            + "\(run.suiteVersion) | \(run.bugs.count) | \(killed.count) | "
                            + "\(percent(killed.count, of: run.bugs.count)) | \(run.bugs.count - rest.count) | "
                            + "\(percent(rest.filter { !$0.killers.isEmpty }.count, of: rest.count)) | \(baseFails) |")
                        if kind == "latest" { latestSurvivors += run.bugs.filter(\.killers.isEmpty) }
                    }
                }
            }
            if !latestSurvivors.isEmpty {
                lines += ["", "Survivors of the latest run (an excluded one says why it is not a bug under the sources):",
                          "", "| bug | profile | what it does wrong | excluded because |", "| --- | --- | --- | --- |"]
                lines += latestSurvivors.map {
                    "| `\($0.name)` | \($0.profile) | \(MutationReportDocument.cell($0.description)) | "
                        + "\(excluded[$0.name].map(MutationReportDocument.cell) ?? "**not excluded: a gap**") |"
                }
            }
        }
        return lines
    }
}
