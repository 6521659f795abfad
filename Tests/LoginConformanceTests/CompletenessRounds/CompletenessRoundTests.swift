import Foundation
import LoginConformance
import Testing
import LoginConformanceTestSupport

/// The completeness blind rounds' in-process lane: each round's first run is on record, covering every bug it has.
/// That its latest record is what this tree's vectors give is a run of every bug over the whole suite, in child
/// processes: the slow command's (``CompletenessRoundSlowTests``).
@Suite struct CompletenessRoundTests {
    /// Set to a vectors folder (`Vectors/` of the suite to measure) or `bundled`, with ``recordRoundVariable`` set to
    /// the round's number, to record that round's first run for that suite version: a first run is written once,
    /// before anything is fixed, and never rewritten.
    static let recordFirstRunVariable = "LOGIN_CONFORMANCE_RECORD_FIRST_RUN"
    /// The round whose first run ``recordFirstRunVariable`` records (the other rounds' first runs are long recorded).
    static let recordRoundVariable = "LOGIN_CONFORMANCE_RECORD_ROUND"

    @Test("the rounds are numbered 1, 2, … in order, each with its folder and one implementation per family, found by probing")
    func rounds() {
        #expect(CompletenessRound.all.map(\.number) == Array(1...CompletenessRound.all.count))
        for round in CompletenessRound.all {
            #expect(FileManager.default.fileExists(atPath: round.sourceFolder.path), "round \(round.number): no \(round.sourceFolder.path)")
            let families = round.implementations.map(\.family)
            #expect(families.count == round.types.count,
                    "round \(round.number): a type adopts no family, or several: \(round.types.filter { $0.family == nil })")
            #expect(Set(families).count == families.count, "round \(round.number) registers a family twice")
        }
    }

    @Test("each round's first run is on record for every bug it has, and never rewritten", arguments: CompletenessRound.all.map(\.number))
    func firstRun(number: Int) throws {
        let round = try #require(CompletenessRound.all.first { $0.number == number })
        let url = round.recordURL(lane: "in-process", kind: "first-run")
        var record = try RoundRecord.load(url) ?? RoundRecord(round: round.number, lane: "in-process", runs: [])
        let environment = ProcessInfo.processInfo.environment
        if let source = environment[Self.recordFirstRunVariable], environment[Self.recordRoundVariable] == String(number) {
            let suite = try source == "bundled" ? VectorSuite.bundled() : VectorSuite.load(from: URL(fileURLWithPath: source))
            if record.runs.contains(where: { $0.suiteVersion == suite.manifest.suiteVersion }) {
                Issue.record("round \(number)'s first run on suite \(suite.manifest.suiteVersion) is already recorded in \(url.path): a first run is never rewritten")
            } else {
                record.runs.append(try RoundRecord.Run(round: round, suite: suite, source: source,
                                                       commit: Self.headCommit()))
                try FileManager.default.createDirectory(at: round.folder, withIntermediateDirectories: true)
                try Data(record.fileText().utf8).write(to: url)
            }
        }
        let names = Set(round.bugNames)
        #expect(!record.runs.isEmpty, "round \(number) has no first run in \(url.path); record it before any fix: \(Self.recordRoundVariable)=\(number) \(Self.recordFirstRunVariable)=bundled swift test --filter CompletenessRoundTests")
        for run in record.runs {
            let missing = names.subtracting(run.bugs.map(\.name)).sorted()
            #expect(missing.isEmpty, "round \(number)'s first run on suite \(run.suiteVersion) lacks \(missing): a bug added after the first run was not measured blind")
        }
    }

    /// The commit measured, for a first run's record.
    private static func headCommit() throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", GeneratedDocument.repositoryRoot.path, "rev-parse", "HEAD"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
