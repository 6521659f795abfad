import Foundation
import LoginConformance
import LoginConformanceReference
import Testing
import LoginConformanceTestSupport

/// The engine's counts, verdicts, outcome kinds, failure classification and failure messages (the product mutants
/// of Scripts/mutation/product_mutants.json, area engine).
@Suite("Product mutants: engine")
struct ProductEngineTests {
    typealias F = ProductFixtures

    @Test("errors, crashes and hangs are problems: counted as errors, listed, and they fail the run")
    func errorsFailTheRun() {
        let ids = F.ids(.nonce, 5)
        let run = F.run([F.result(ids[0], .passed), F.result(ids[1], .errored(message: "threw")),
                         F.result(ids[2], .crashed(message: "signal 11")), F.result(ids[3], .hung(message: "10 s")),
                         F.result(ids[4], .lenient(VectorLeniency(summary: "s", preferred: "p", actual: "a")))])
        #expect(run.verdict == .failed)
        let totals = run.totals
        #expect(totals.passed == 2 && totals.lenient == 1 && totals.failed == 0 && totals.errored == 3 && totals.skipped == 0)
        #expect(totals.total == 5)
        #expect(run.familySummaries.map(\.counts) == [totals])
        #expect(Set(run.problems.map(\.id)) == Set(ids[1...3]))
        #expect(F.run([F.result(ids[3], .hung(message: "10 s"))]).verdict == .failed)
        #expect(F.run(ids.map { F.result($0, .skipped(reason: "not adopted")) }).verdict == .nothingChecked)
        #expect(F.run([F.result(ids[0], .passed)]).verdict == .passed)
    }

    @Test("each outcome has its kind and the failure kind a baseline records")
    func outcomeKinds() {
        let mismatch = F.failed(.wrongReason)
        let cases: [(VectorOutcome, String, FailureKind?, Bool)] = [
            (.passed, "pass", nil, false),
            (.lenient(VectorLeniency(summary: "s", preferred: "p", actual: "a")), "lenient", nil, false),
            (mismatch, "fail", .wrongReason, true),
            (.skipped(reason: "r"), "skip", nil, false),
            (.errored(message: "m"), "error", .error, true),
            (.crashed(message: "m"), "crash", .crash, true),
            (.hung(message: "m"), "hang", .hang, true),
        ]
        for (outcome, kind, failureKind, problem) in cases {
            #expect(outcome.kind == kind)
            #expect(outcome.failureKind == failureKind, "\(kind)")
            #expect(outcome.isProblem == problem, "\(kind)")
        }
    }

    /// A nonce validator answering a fixed verdict.
    struct FixedNonceValidator: NonceValidating {
        let verdict: NonceVerdict
        func validateNonce(_ nonce: String) -> NonceVerdict { verdict }
    }

    @Test("a wrong verdict, a wrong reason and the right outcome all judged as such, with a summary naming expected then actual")
    func failureKinds() throws {
        let vector = try #require(F.suite.vectors(for: .documented, families: [.nonce]).first { $0.expectedReason == "whitespace" })
        let validator = ReferenceImplementation(profile: .documented)
        #expect(ConformanceEngine.evaluate(vector, against: validator).outcome == .passed)
        guard case .failed(let wrongVerdict) = ConformanceEngine.evaluate(vector, against: FixedNonceValidator(verdict: .valid)).outcome else {
            Issue.record("a valid answer to a refused nonce must fail")
            return
        }
        #expect(wrongVerdict.kind == .wrongVerdict)
        #expect(wrongVerdict.summary == "expected invalid(whitespace), got valid")
        guard case .failed(let wrongReason) = ConformanceEngine.evaluate(vector, against: FixedNonceValidator(verdict: .invalid(.empty))).outcome else {
            Issue.record("the wrong reason must fail")
            return
        }
        #expect(wrongReason.kind == .wrongReason)
        #expect(wrongReason.expected == #"{"reason":"whitespace","result":"invalid"}"#)
        #expect(wrongReason.actual == #"{"reason":"empty","result":"invalid"}"#)
    }

    @Test("the failure message: expected then actual, standard error cut only beyond 2,000 characters, the rerun command last")
    func failureMessage() throws {
        let id = F.ids(.nonce, 1)[0]
        let exactly = String(repeating: "e", count: 2_000)
        let result = F.result(id, F.failed(.wrongVerdict, expected: "EXPECTED", actual: "ACTUAL"), diagnostics: exactly)
        let text = FailureMessage.text(for: result, vector: nil, rerunCommand: "RERUN")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains("  expected: EXPECTED"))
        #expect(lines.contains("  actual:   ACTUAL"))
        #expect(lines.contains("  stderr:   " + exactly))
        #expect(lines.last == "  rerun:    RERUN")
        let longer = FailureMessage.text(for: F.result(id, .errored(message: "x"), diagnostics: exactly + "ee"), vector: nil, rerunCommand: "R")
        #expect(longer.contains("… (2 more characters)"))
        let deprecated: any DeprecatedSpelling = DeprecatedFailureMessage()
        #expect(deprecated.cliRerunCommand(id: id, profile: .iosSDK)
            == "swift run login-conformance run --profile ios-sdk --vector '\(id)'")
        #expect(FailureMessage.visible("\u{200B}\u{FEFF}\u{200E}") == #"\u200b\ufeff\u200e"#)
    }

    @Test("a selection: an exact ID selects only that vector, a space separates patterns like a comma")
    func selection() throws {
        #expect(!VectorSelection(patterns: ["nonce::empty::empty"]).matches("nonce::empty::empty-string"))
        #expect(VectorSelection(patterns: ["nonce::empty::empty-string"]).matches("nonce::empty::empty-string"))
        #expect(VectorSelection(parsing: "a::b::c d::e::*").patterns == ["a::b::c", "d::e::*"])
        let engine = ConformanceEngine(suite: F.suite)
        let ids = F.ids(.nonce, 3)
        let run = try engine.run(ReferenceImplementation(profile: .documented), profile: .documented,
                                 selection: VectorSelection(patterns: ids))
        #expect(run.results.map(\.id) == ids)
        #expect(throws: ConformanceRunError.self) {
            try engine.run(ReferenceImplementation(profile: .documented), profile: .documented,
                           selection: VectorSelection(patterns: ["nonce::no::such-vector"]))
        }
    }
}

/// The deprecated `FailureMessage.cliRerunCommand`, still tested until it goes in 0.5, called through a protocol whose
/// requirement is not deprecated so that the test of it compiles without a deprecation warning.
private protocol DeprecatedSpelling {
    func cliRerunCommand(id: String, profile: ConformanceProfile) -> String
}

private struct DeprecatedFailureMessage: DeprecatedSpelling {
    @available(*, deprecated)
    func cliRerunCommand(id: String, profile: ConformanceProfile) -> String {
        FailureMessage.cliRerunCommand(id: id, profile: profile)
    }
}

/// Found by blind round 1 (Scripts/mutation/blind_rounds/round-1.json).
extension ProductEngineTests {
    @Test("a run's problems are listed most severe first, then by ID: a critical failure before a low one whose ID sorts first")
    func problemsMostSevereFirst() throws {
        let vectors = F.suite.vectors(for: .documented)
        // A pair whose severities and IDs order oppositely, so that an order by ID alone is caught.
        let critical = try #require(vectors.filter { $0.metadata.severity == .critical }.max { $0.metadata.id < $1.metadata.id })
        let low = try #require(vectors.filter { $0.metadata.severity > .critical && $0.metadata.id < critical.metadata.id }
            .max { $0.metadata.severity < $1.metadata.severity })
        let high = try #require(vectors.first { $0.metadata.severity == .high })
        let run = F.run([F.result(low.metadata.id, F.failed(.wrongVerdict)), F.result(high.metadata.id, .errored(message: "threw")),
                         F.result(critical.metadata.id, F.failed(.wrongReason))])
        #expect(run.problems.map(\.metadata.severity) == run.problems.map(\.metadata.severity).sorted())
        #expect(run.problems.first?.id == critical.metadata.id)
        #expect(run.problems.last?.id == low.metadata.id)
    }
}

/// Found by blind round 3 (Scripts/mutation/blind_rounds/round-3.json).
extension ProductEngineTests {
    @Test("a one-line field escapes a tab as \\u0009 and a line feed as \\u000a: an ID or message with either stays on its line")
    func oneLineFieldEscapesTabs() {
        #expect(FailureMessage.line("a\tb\nc") == #"a\u0009b\u000ac"#)
        let id = F.ids(.nonce, 1)[0]
        let result = F.result(id, .errored(message: "first\tsecond\nthird"))
        let text = FailureMessage.text(for: result, rerunCommand: "rerun")
        #expect(!text.contains("\t"), "\(text)")
        #expect(text.contains(#"first\u0009second\u000athird"#), "\(text)")
    }
}
