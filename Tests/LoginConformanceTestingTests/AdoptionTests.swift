import Foundation
@testable import LoginConformanceCLI
@testable import LoginConformanceTesting
import LoginConformance
import LoginConformanceReference
import Testing
import LoginConformanceTestSupport

/// Adopting the toolkit exactly as the README says (the snippets themselves are checked end
/// to end by Scripts/release/check_readme_snippets.sh, which builds and runs the README's snippets in a scratch package).
@Suite("Adoption as written")
struct AdoptionTests {
    /// Adopts only the nonce protocol, as the README's first adopters do.
    struct NonceOnly: NonceValidating {
        func validateNonce(_ nonce: String) -> NonceVerdict {
            ReferenceNonceValidator(profile: .documented).validateNonce(nonce)
        }
    }

    final class Seen: @unchecked Sendable {
        var issues: [String] = []
    }

    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("adoption-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    private func cli(_ implementation: any ConformanceSubject, _ arguments: [String]) -> (ExitCode, String) {
        let captured = CapturedOutput()
        let tool = CommandLineTool(output: captured.output) { _ in
            (implementation, ImplementationInfo(name: "test implementation", language: "swift"))
        }
        return (tool.run(arguments), captured.allText)
    }

    // MARK: item 11

    #if compiler(>=6.3)
    /// Parameterized with one argument so that `Test.cancel` cancels this case only, as it does each conformance
    /// case. Every vector of a family not adopted is checked here: one warning in all, no failure, and the case
    /// cancelled.
    @Test("a family not adopted is skipped: each case cancelled, one warning for the family, no failure",
          arguments: [ConformanceFamily.tokenClaims])
    func unadoptedFamilyIsSkippedOnce(_ family: ConformanceFamily) throws {
        let cases = ConformanceCases.cases(family, profile: .documented, suite: try VectorSuite.bundled(), selection: .all)
        #expect(cases.count > 100)
        let seen = Seen()
        withKnownIssue {
            for vectorCase in cases { vectorCase.check(NonceOnly()) }
        } matching: { issue in
            seen.issues.append(issue.comments.map(\.rawValue).joined(separator: "\n"))
            // An error-severity issue is not matched, so it fails this test.
            return issue.severity == .warning
        }
        #expect(seen.issues.count == 1, "one announcement for \(cases.count) vectors, got \(seen.issues.count)")
        #expect(seen.issues.first?.hasPrefix("[skipped] token-claims: the implementation does not adopt TokenClaimsValidating") == true,
                "\(seen.issues)")
        #expect(Task.isCancelled, "the case is cancelled (reported as skipped), not passed")
    }

    @Test("a family with no vector under the profile (DECISIONS.md D31) is one skipped case that says so, not a failure")
    func familyNotInProfileIsSkipped() throws {
        // Every bundled family has documented vectors since suite 0.7.0: a standalone file of one ios-sdk vector
        // (the form `extract` writes) is a suite whose family has none under documented.
        let bundled = try VectorSuite.bundled()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("not-in-profile-\(UUID().uuidString).json")
        try Data(try #require(bundled.standaloneFile(for: "token-change::set::first-login.ios-sdk")).utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let suite = try VectorSuite.load(from: file)
        try #require(suite.vectors(for: .documented, families: [.tokenChange]).isEmpty)
        let cases = ConformanceCases.cases(.tokenChange, profile: .documented, suite: suite, selection: .all)
        #expect(cases.map(\.testDescription) == ["<no token-change vectors under documented>"])
        let seen = Seen()
        withKnownIssue {
            cases.first?.check(NonceOnly())
        } matching: { issue in
            seen.issues.append(issue.comments.map(\.rawValue).joined(separator: "\n"))
            return issue.severity == .warning
        }
        #expect(seen.issues.count == 1)
        #expect(seen.issues.first?.hasPrefix("[skipped] token-change: the suite has no token-change vectors under documented") == true)
        // Under ios-sdk the family has its vectors.
        #expect(ConformanceCases.cases(.tokenChange, profile: .iosSDK, suite: suite, selection: .all).count
            == suite.vectors(for: .iosSDK, families: [.tokenChange]).count)
    }
    #endif

    @Test("a known failure whose family is no longer adopted is a regression, not a skip")
    func droppedCapabilityWithBaselineFails() throws {
        let baseline = Baseline(suiteVersion: SuiteVersion(try VectorSuite.bundled().suiteVersion)!, profile: .documented,
                                knownFailures: ["token-claims::exp::equal-now": .init(kind: .wrongVerdict)])
        let cases = ConformanceCases.cases(.tokenClaims, profile: .documented, suite: nil,
                                           selection: VectorSelection(patterns: ["token-claims::exp::equal-now"]),
                                           baseline: baseline)
        withKnownIssue {
            cases.first?.check(NonceOnly())
        } matching: { issue in
            issue.severity == .error && issue.comments.map(\.rawValue).joined().hasPrefix("[regression (baseline: wrong-verdict)]")
        }
    }

    // MARK: item 12

    @Test("UPDATE_BASELINE=1 with no baseline file yet: no baseline error, failures are known issues (green)")
    func updatingWritesTheFirstBaseline() {
        let missing = directory.appendingPathComponent("conformance-baseline.json")
        let id = "nonce::position::leading-space"
        let gated = ConformanceCases.family(.nonce, profile: .documented, suite: nil, baseline: missing,
                                            policy: GatePolicy(), environment: [:])
        #expect(gated.map(\.testDescription) == ["<baseline error>"], "without UPDATE_BASELINE a missing baseline fails")
        let updating = ConformanceCases.family(.nonce, profile: .documented, suite: nil, baseline: missing,
                                               policy: GatePolicy(),
                                               environment: ["UPDATE_BASELINE": "1", "LOGIN_CONFORMANCE_VECTORS": id])
        #expect(updating.map(\.testDescription) == [id])
        // The failure is recorded as a known issue ("[baseline update: written as known] [regression] …"); an
        // ordinary issue would fail this test.
        updating.first?.check(TrimmingNonceValidator())
    }

    @Test("UPDATE_BASELINE=1 tightening the baseline: a newly passing vector records nothing")
    func updatingTightensTheBaseline() throws {
        let url = directory.appendingPathComponent("conformance-baseline.json")
        let id = "nonce::position::leading-space"
        let baseline = Baseline(suiteVersion: SuiteVersion(try VectorSuite.bundled().suiteVersion)!, profile: .documented,
                                knownFailures: [id: .init(kind: .wrongVerdict)])
        try baseline.fileText().write(to: url, atomically: true, encoding: .utf8)
        let fixed = ReferenceImplementation(profile: .documented)
        // Gated: newly passing fails (the README's gate); that issue is expected here.
        let gated = ConformanceCases.family(.nonce, profile: .documented, suite: nil, baseline: url, policy: GatePolicy(),
                                            environment: ["LOGIN_CONFORMANCE_VECTORS": id])
        withKnownIssue { gated.first?.check(fixed) } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasPrefix("[newly passing] \(id)")
        }
        // Updating: nothing at all is recorded (any issue would fail this test).
        let updating = ConformanceCases.family(.nonce, profile: .documented, suite: nil, baseline: url, policy: GatePolicy(),
                                               environment: ["UPDATE_BASELINE": "1", "LOGIN_CONFORMANCE_VECTORS": id])
        #expect(updating.map(\.testDescription) == [id])
        updating.first?.check(fixed)
    }

    @Test("UPDATE_BASELINE=1 replaces a baseline written for another profile instead of failing on it")
    func updatingReplacesAnotherProfilesBaseline() throws {
        let url = directory.appendingPathComponent("conformance-baseline.json")
        let baseline = Baseline(suiteVersion: SuiteVersion(try VectorSuite.bundled().suiteVersion)!, profile: .iosSDK)
        try baseline.fileText().write(to: url, atomically: true, encoding: .utf8)
        let updating = ConformanceCases.family(.nonce, profile: .documented, suite: nil, baseline: url, policy: GatePolicy(),
                                               environment: ["UPDATE_BASELINE": "1"])
        #expect(!updating.isEmpty)
        #expect(updating.allSatisfy { $0.vector != nil })
    }

    // MARK: item 15

    @Test("extract writes one file that run --vectors FILE runs on its own: passes, fails with a rerun line naming it")
    func extractedVectorRunsAlone() throws {
        let id = "nonce::position::leading-space"
        let file = directory.appendingPathComponent("bug report.json")
        let (extracted, message) = cli(NotAnImplementation(), ["extract", id, "--output", file.path])
        #expect(extracted == .passed)
        #expect(message.contains("login-conformance run --vectors '\(file.path)'"), "\(message)")
        // The file alone, in a folder with nothing else in it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["bug report.json"])
        let suite = try VectorSuite.load(from: file)
        #expect(suite.vectors.map(\.metadata.id) == [id])
        #expect(suite.suiteVersion == (try VectorSuite.bundled().suiteVersion))
        let (passed, passOutput) = cli(ReferenceImplementation(profile: .documented), ["run", "--vectors", file.path])
        #expect(passed == .passed, "\(passOutput)")
        #expect(passOutput.contains("PASSED: 1 passed, 0 failed"), "\(passOutput)")
        let (failed, failOutput) = cli(TrimmingNonceValidator(), ["run", "--vectors", file.path])
        #expect(failed == .failures, "\(failOutput)")
        #expect(failOutput.contains("--vectors '\(file.path)'"), "the rerun command names the file: \(failOutput)")
        // The same file through a baseline: the known failure does not block.
        let baseline = directory.appendingPathComponent("baseline.json")
        #expect(cli(TrimmingNonceValidator(), ["baseline", "update", "--vectors", file.path, "--baseline", baseline.path]).0 == .passed)
        let (gated, gatedOutput) = cli(TrimmingNonceValidator(), ["run", "--vectors", file.path, "--baseline", baseline.path])
        #expect(gated == .passed, "\(gatedOutput)")
    }

    @Test("a standalone file is checked like a suite's: a broken one names the file and the JSON path")
    func brokenStandaloneFileIsRefused() throws {
        let file = directory.appendingPathComponent("broken.json")
        let suite = try VectorSuite.bundled()
        let text = try #require(suite.standaloneFile(for: "nonce::position::leading-space"))
        var document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        document["family"] = "nonces"
        try JSONSerialization.data(withJSONObject: document).write(to: file)
        #expect(throws: VectorLoadError.self) { try VectorSuite.load(from: file) }
        do {
            _ = try VectorSuite.load(from: file)
        } catch {
            #expect(error.file == file.path && error.jsonPath == "$.family", "\(error)")
        }
        let (status, output) = cli(ReferenceImplementation(profile: .documented), ["run", "--vectors", file.path])
        #expect(status == .configurationProblem, "\(output)")
    }
}
