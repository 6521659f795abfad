import Foundation
import LoginConformance
@testable import LoginConformanceCLI
import Testing
import LoginConformanceTestSupport

/// Writing, reading and updating a baseline (the product mutants of Scripts/mutation/product_mutants.json, area baseline).
@Suite("Product mutants: baseline")
struct ProductBaselineTests {
    typealias F = ProductFixtures

    @Test("an update records each failure's own kind, keeps the notes of entries still failing, and takes the run's suite version and the name given")
    func update() throws {
        let ids = F.ids(.nonce, 5)
        let previous = F.baseline("0.1.0", [
            ids[0]: .init(kind: .wrongVerdict, reason: "trims", issue: "#1"),
            ids[1]: .init(kind: .crash, reason: "fixed now", issue: "#2"),
        ])
        let run = F.run([F.result(ids[0], F.failed(.wrongReason)), F.result(ids[1], .passed),
                         F.result(ids[2], .crashed(message: "signal 11")), F.result(ids[3], .hung(message: "10 s")),
                         F.result(ids[4], .skipped(reason: "not adopted"))])
        let updated = Baseline(run: run, previous: previous, implementation: "new name")
        #expect(updated.knownFailures == [
            ids[0]: .init(kind: .wrongReason, reason: "trims", issue: "#1"),
            ids[2]: .init(kind: .crash), ids[3]: .init(kind: .hang),
        ])
        #expect(updated.suiteVersion == SuiteVersion(F.suite.suiteVersion))
        #expect(updated.implementation == "new name")
        #expect(Baseline(run: run, previous: previous, implementation: nil).implementation == "fixture")
    }

    @Test("a narrowed update (--family) keeps the other families' entries while their vectors exist, and drops the rest")
    func narrowedUpdateKeepsOnlyExistingVectors() throws {
        let kept = try #require(F.ids(.nonce, 1).first)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("narrowed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("baseline.json")
        try F.baseline(F.suite.suiteVersion, [kept: .init(kind: .wrongVerdict, reason: "kept"), "nonce::gone::vanished": .init(kind: .crash)])
            .fileText().write(to: url, atomically: true, encoding: .utf8)
        let captured = CapturedOutput()
        let status = CommandLineTool(output: captured.output, implementation: { profile in
            (CommandLineTool.reference(profile).subject, ImplementationInfo(name: "fixture"))
        }).run(["baseline", "update", "--baseline", url.path, "--family", "login-result"])
        #expect(status == .passed, "\(captured.errorText)")
        let written = try Baseline.load(from: url)
        #expect(written.knownFailures[kept] == .init(kind: .wrongVerdict, reason: "kept"))
        #expect(written.knownFailures["nonce::gone::vanished"] == nil)
        #expect(captured.text.contains("(1 kept from vectors this run did not select)"), "\(captured.text)")
    }

    func file(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test("the file round-trips: notes and implementation written and read back, a final newline")
    func roundTrip() throws {
        let baseline = F.baseline(F.suite.suiteVersion, ["nonce::a::b": .init(kind: .wrongDetails, reason: "why", issue: "#9")])
        let text = baseline.fileText()
        #expect(text.hasSuffix("}\n"))
        #expect(text.contains(#""implementation" : "fixture""#))
        let read = try Baseline.load(from: file(text))
        #expect(read == baseline)
        #expect(read.knownFailures["nonce::a::b"]?.reason == "why")
    }

    @Test("a baseline of another format, or with a misspelt member, is refused with its JSON path")
    func refused() throws {
        let good = #"{"formatVersion":1,"suiteVersion":"0.3.0","profile":"documented","knownFailures":{"x::y::z":{"kind":"error"}}}"#
        _ = try Baseline.load(from: file(good))
        let cases: [(String, String)] = [
            (good.replacingOccurrences(of: #""formatVersion":1"#, with: #""formatVersion":2"#), "$.formatVersion"),
            (good.replacingOccurrences(of: #"{"kind":"error"}"#, with: #"{"kind":"error","reasn":"typo"}"#), "$.knownFailures"),
            (good.replacingOccurrences(of: #""knownFailures""#, with: #""knownFailure":{},"knownFailures""#), "$"),
            (good.replacingOccurrences(of: #""kind":"error""#, with: #""kind":"fails""#), "$.knownFailures"),
        ]
        for (text, path) in cases {
            let url = try file(text)
            do {
                _ = try Baseline.load(from: url)
                Issue.record("loaded: \(text)")
            } catch {
                #expect(error.jsonPath.hasPrefix(path), "\(error)")
                #expect(error.jsonPath != "$" || path == "$", "\(error)")
            }
        }
    }
}
