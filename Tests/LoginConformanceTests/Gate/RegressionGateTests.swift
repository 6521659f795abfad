import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import LoginConformanceCLI
import LoginConformance
import LoginConformanceTesting
import Testing
import LoginConformanceTestSupport

/// The gate fails exactly on regressions: the scripted sequence of issue "Regression gate", through the CLI with
/// deliberately wrong implementations, and through the Swift Testing runner.
@Suite("Regression gate")
struct RegressionGateTests {
    /// This test's folder for reports and baselines, removed when the test is done.
    private let scratch: ScratchDirectory
    var directory: URL { scratch.url }
    var baselineURL: URL { directory.appendingPathComponent("baseline.json") }

    init() throws {
        scratch = try ScratchDirectory(prefix: "gate")
    }

    /// Runs the CLI against `implementation` (claiming the documented profile).
    private func cli(_ implementation: any ConformanceSubject, _ arguments: [String]) -> (ExitCode, String) {
        let captured = CapturedOutput()
        let tool = CommandLineTool(output: captured.output) { _ in
            (implementation, ImplementationInfo(name: "test implementation", language: "swift"))
        }
        return (tool.run(arguments), captured.allText)
    }

    private func read(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    @Test("known failures + baseline → green; baseline update is deterministic and records the kind")
    func knownFailuresAreGreen() throws {
        let (update, _) = cli(KnownFailuresImplementation(), ["baseline", "update", "--baseline", baselineURL.path])
        #expect(update == .passed)
        let first = try Data(contentsOf: baselineURL)
        _ = cli(KnownFailuresImplementation(), ["baseline", "update", "--baseline", baselineURL.path])
        #expect(try Data(contentsOf: baselineURL) == first)

        let baseline = try Baseline.load(from: baselineURL)
        #expect(baseline.profile == .documented)
        #expect(baseline.knownFailures["nonce::position::leading-space"]?.kind == .wrongVerdict)
        #expect(baseline.knownFailures["nonce::position::only-tab"]?.kind == .wrongReason)
        #expect(baseline.knownFailures.keys.allSatisfy { $0.hasPrefix("nonce::") })
        let text = String(decoding: first, as: UTF8.self)
        let ids = text.split(separator: "\n").filter { $0.hasPrefix("    \"nonce::") }
        #expect(ids == ids.sorted())

        let (status, output) = cli(KnownFailuresImplementation(), ["run", "--baseline", baselineURL.path])
        #expect(status == .passed)
        #expect(output.contains("gate: 0 regression, 0 newly-passing, 0 new-vector, 0 changed-vector, \(baseline.knownFailures.count) known-failure, 0 stale"))
    }

    @Test("a regression exits 1 and the Markdown names it first; a changed kind is a regression too")
    func regression() throws {
        _ = cli(KnownFailuresImplementation(), ["baseline", "update", "--baseline", baselineURL.path])
        let markdown = directory.appendingPathComponent("report.md")
        var broken = KnownFailuresImplementation()
        broken.declinedAsRequestedMinusGranted = true
        broken.nonceThrows = true
        let (status, output) = cli(broken, ["run", "--baseline", baselineURL.path, "--report-markdown", markdown.path])
        #expect(status == .failures)
        #expect(output.contains("[regression] login-result::declined::requested-not-granted-not-denied — "))
        #expect(output.contains("[regression (baseline: wrong-verdict)] nonce::position::leading-space — "))

        let report = try read("report.md")
        let sections = report.split(separator: "\n").filter { $0.hasPrefix("### ") }
        #expect(sections.first?.hasPrefix("### Regressions (") == true)
        #expect(report.contains("**Gate: FAILED**"))
        #expect(report.contains("| `login-result::declined::requested-not-granted-not-denied` | high | pass | wrong-details |"))
        #expect(report.contains("| `nonce::position::leading-space` | high | wrong-verdict | error |"))
    }

    @Test("baseline update refuses to rewrite another implementation's baseline and leaves it byte-identical")
    func baselineOfAnotherImplementation() throws {
        _ = cli(KnownFailuresImplementation(), ["baseline", "update", "--baseline", baselineURL.path])
        let before = try Data(contentsOf: baselineURL)
        let captured = CapturedOutput()
        let other = CommandLineTool(output: captured.output, implementation: { _ in
            (CommandLineTool.reference(.documented).subject, ImplementationInfo(name: "another implementation"))
        })
        #expect(other.run(["baseline", "update", "--baseline", baselineURL.path]) == .configurationProblem)
        #expect(captured.errorText.contains("is the baseline of test implementation, this run checked another implementation"))
        #expect(try Data(contentsOf: baselineURL) == before)
    }

    @Test("fixing a known failure is reported as newly passing and fails the gate unless allowed")
    func newlyPassing() throws {
        _ = cli(KnownFailuresImplementation(), ["baseline", "update", "--baseline", baselineURL.path])
        let reference = CommandLineTool.reference(.documented).subject
        let (strict, output) = cli(reference, ["run", "--baseline", baselineURL.path])
        #expect(strict == .failures)
        #expect(output.contains("[newly passing] nonce::position::leading-space — "))
        // The advice reproduces the run: pasted, it checks the same implementation in the same profile.
        #expect(output.contains("run `swift run login-conformance baseline update --profile documented --baseline '\(baselineURL.path)'`"))
        let (lenient, _) = cli(reference, ["run", "--baseline", baselineURL.path, "--allow-newly-passing"])
        #expect(lenient == .passed)
    }

    @Test("a baseline entry whose vector was removed is a stale-entry error (exit 2)")
    func staleEntry() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        _ = cli(KnownFailuresImplementation(), ["baseline", "update", "--baseline", baselineURL.path, "--vectors", vectors.directory.path])
        try vectors.edit("nonce.json") { document in
            document["vectors"] = (document["vectors"] as! [[String: Any]]).filter { $0["id"] as? String != "nonce::position::leading-space" }
        }
        let (status, output) = cli(KnownFailuresImplementation(), ["run", "--baseline", baselineURL.path, "--vectors", vectors.directory.path])
        #expect(status == .configurationProblem)
        #expect(output.contains("[stale baseline entry] nonce::position::leading-space: no vector has this ID: remove it from the baseline"))

        // Retired through the changelog after the baseline's suite version: the entry says when and why, and does
        // not block (the suite moved, not the implementation).
        let current = try VectorSuite.bundled().manifest.suiteVersion
        let next = "\(current).1".split(separator: ".").prefix(2).joined(separator: ".") + ".1"
        try vectors.edit("manifest.json") { $0["suiteVersion"] = next }
        try vectors.edit("changelog.json") { changelog in
            var releases = changelog["releases"] as! [[String: Any]]
            releases.append(["version": next, "summary": "retire a vector", "added": [String](), "changed": [[String: Any]](),
                             "retired": [["id": "nonce::position::leading-space", "reason": "a test retirement"]]])
            changelog["releases"] = releases
        }
        let (afterBaseline, retired) = cli(KnownFailuresImplementation(), ["run", "--baseline", baselineURL.path, "--vectors", vectors.directory.path])
        #expect(afterBaseline == .passed)
        #expect(retired.contains("[stale baseline entry, not blocking] nonce::position::leading-space: retired in suite \(next) (a test retirement): remove it from the baseline"))

        // A baseline written for that version (or later) that still names the retired vector is wrong: it blocks.
        var baseline = try Baseline.load(from: baselineURL)
        baseline.suiteVersion = try #require(SuiteVersion(next))
        try Data(baseline.fileText().utf8).write(to: baselineURL)
        let (stale, _) = cli(KnownFailuresImplementation(), ["run", "--baseline", baselineURL.path, "--vectors", vectors.directory.path])
        #expect(stale == .configurationProblem)
    }

    @Test("a failing vector whose expectation changed after the baseline's suite version is a changed vector: reported with the reason, not blocking unless asked")
    func changedVectors() throws {
        let vectors = try TemporaryVectors(families: ["login-result", "nonce"])
        _ = cli(KnownFailuresImplementation(), ["baseline", "update", "--baseline", baselineURL.path, "--vectors", vectors.directory.path])
        let changedID = "login-result::declined::requested-not-granted-not-denied"
        var broken = KnownFailuresImplementation()
        broken.declinedAsRequestedMinusGranted = true
        // Every vector the broken resolver newly fails: regressions until the changelog says they changed.
        let json = directory.appendingPathComponent("results.json")
        let arguments = ["run", "--baseline", baselineURL.path, "--vectors", vectors.directory.path]
        #expect(cli(broken, arguments + ["--report-json", json.path]).0 == .failures)
        let before = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as! [String: Any]
        let regressions = (before["results"] as! [[String: Any]])
            .filter { $0["classification"] as? String == "regression" }.compactMap { $0["id"] as? String }
        #expect(regressions.contains(changedID))
        let current = try VectorSuite.bundled().manifest.suiteVersion
        let next = "\(current).1".split(separator: ".").prefix(2).joined(separator: ".") + ".1"
        try vectors.edit("manifest.json") { $0["suiteVersion"] = next }
        try vectors.edit("changelog.json") { changelog in
            var releases = changelog["releases"] as! [[String: Any]]
            releases.append(["version": next, "summary": "correct a vector", "added": [String](),
                             "changed": regressions.map { ["id": $0, "reason": "the declined set follows the callback (a test change)"] },
                             "retired": [[String: Any]]()])
            changelog["releases"] = releases
        }
        let markdown = directory.appendingPathComponent("summary.md")
        let xml = directory.appendingPathComponent("junit.xml")
        let (status, output) = cli(broken, arguments + ["--report-json", json.path, "--report-markdown", markdown.path,
                                                        "--report-junit", xml.path])
        #expect(status == .passed)
        #expect(output.contains("\(regressions.count) changed-vector"))
        #expect(output.contains("\(changedID): expected "))
        #expect(output.contains("changed in \(next): the declined set follows the callback (a test change)"))
        let results = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as! [String: Any]
        let entries = (results["results"] as! [[String: Any]]).filter { $0["classification"] as? String == "changed-vector" }
        #expect(entries.compactMap { $0["id"] as? String } == regressions)
        #expect(entries.allSatisfy { $0["blocks"] as? Bool == false })
        #expect(entries.allSatisfy { $0["changedIn"] as? String == next })
        #expect(entries.allSatisfy { $0["changeReason"] as? String == "the declined set follows the callback (a test change)" })
        #expect(try read("summary.md").contains("### Changed vectors failing (\(regressions.count))"))
        #expect(try read("junit.xml").contains("expectation changed in suite \(next): the declined set follows the callback (a test change)"))

        let (blocking, blocked) = cli(broken, arguments + ["--changed-vectors", "block"])
        #expect(blocking == .failures)
        #expect(blocked.contains("[changed vector: suite \(next): the declined set follows the callback (a test change)] \(changedID) — "))
        // Another vector failing is still a regression, changed vectors or not.
        broken.nonceThrows = true
        let (regression, _) = cli(broken, arguments)
        #expect(regression == .failures)
    }

    @Test("an adopter whose baseline was written for suite 0.2.0 upgrades without a red gate: retired entries and changed vectors are reported, not blocking")
    func baselineFromSuite020() throws {
        let suite = try VectorSuite.bundled()
        let release = try #require(suite.changelog.releases.first { $0.version == SuiteVersion("0.3.0") })
        let retirement = try #require(release.retired.first, "suite 0.3.0 retires vectors (profile splits)")
        let changed = try #require(release.changed.first, "suite 0.3.0 changes expectations")
        let changedVector = try #require(suite.vector(withID: changed.id))
        let profile: ConformanceProfile = changedVector.metadata.profiles?.contains(.documented) == false ? .iosSDK : .documented
        // The baseline of an implementation that failed the retired vector under 0.2.0.
        let baseline = Baseline(suiteVersion: try #require(SuiteVersion("0.2.0")), profile: profile, implementation: "old",
                                knownFailures: [retirement.id: Baseline.KnownFailure(kind: .wrongVerdict, reason: "known before 0.3.0")])
        let gate = try ConformanceGate(suite: suite, profile: profile, baseline: baseline)
        #expect(gate.staleEntries.map(\.id) == [retirement.id])
        #expect(gate.staleEntries.first?.blocks == false)
        #expect(gate.staleEntries.first?.explanation.contains(retirement.reason) == true)
        // A changed vector failing now is a changed vector, with the changelog's reason.
        let failing = VectorResult(metadata: changedVector.metadata, family: changedVector.family,
                                   outcome: .errored(message: "fails"), duration: .zero)
        #expect(gate.classify(failing) == .changedVector)
        #expect(gate.blocks(.changedVector) == false)
        #expect(gate.changeSinceBaseline(of: changed.id)?.reason == changed.reason)
        // Replacements of retired vectors are new since 0.2.0.
        for replacement in retirement.replacedBy {
            let vector = try #require(suite.vector(withID: replacement))
            let result = VectorResult(metadata: vector.metadata, family: vector.family,
                                      outcome: .errored(message: "fails"), duration: .zero)
            #expect(gate.classify(result) == .newVector, "\(replacement)")
        }
        // With a baseline of the current version nothing has changed since.
        let current = try ConformanceGate(suite: suite, profile: profile, baseline: Baseline(
            suiteVersion: try #require(SuiteVersion(suite.manifest.suiteVersion)), profile: profile, implementation: nil, knownFailures: [:]))
        #expect(current.classify(failing) == .regression)
    }

    @Test("vectors added in a newer suite version are reported as new and do not block, unless asked")
    func newVectors() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        _ = cli(KnownFailuresImplementation(), ["baseline", "update", "--baseline", baselineURL.path, "--vectors", vectors.directory.path])
        let newID = "nonce::position::leading-space-before-digits"
        try vectors.edit("nonce.json") { document in
            var list = document["vectors"] as! [[String: Any]]
            list.append(["id": newID, "description": "a leading SPACE before digits is refused: no trimming",
                         "severity": "high", "refs": ["SPECIFICATION.md §1"], "rules": ["nonce.no-trimming", "nonce.whitespace.zs"],
                         "input": ["nonce": " 123"],
                         "expected": ["result": "invalid", "reason": "whitespace"]])
            document["vectors"] = list
        }
        let next = "\(try VectorSuite.bundled().manifest.suiteVersion).1".split(separator: ".").prefix(2).joined(separator: ".") + ".1"
        try vectors.edit("manifest.json") { $0["suiteVersion"] = next }
        try vectors.edit("changelog.json") { changelog in
            var releases = changelog["releases"] as! [[String: Any]]
            releases.append(["version": next, "summary": "one more nonce vector", "added": [newID],
                             "changed": [String](), "retired": [String]()])
            changelog["releases"] = releases
        }
        let json = directory.appendingPathComponent("results.json")
        let arguments = ["run", "--baseline", baselineURL.path, "--vectors", vectors.directory.path]
        let (status, output) = cli(KnownFailuresImplementation(), arguments + ["--report-json", json.path])
        #expect(status == .passed)
        #expect(output.contains("1 new-vector"))
        let results = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as! [String: Any]
        let entry = (results["results"] as! [[String: Any]]).first { $0["id"] as? String == newID }
        #expect(entry?["classification"] as? String == "new-vector")
        #expect(entry?["blocks"] as? Bool == false)
        #expect(entry?["rerun"] as? String
            == "swift run login-conformance run --profile documented --vector '\(newID)' --vectors '\(vectors.directory.path)'")

        let (blocking, _) = cli(KnownFailuresImplementation(), arguments + ["--new-vectors", "block"])
        #expect(blocking == .failures)
    }

    @Test("a baseline for another profile, or a malformed one, is a configuration problem")
    func baselineProblems() throws {
        _ = cli(KnownFailuresImplementation(), ["baseline", "update", "--baseline", baselineURL.path])
        let (otherProfile, output) = cli(KnownFailuresImplementation(), ["run", "--baseline", baselineURL.path, "--profile", "ios-sdk"])
        #expect(otherProfile == .configurationProblem)
        #expect(output.contains("the baseline is for profile documented, the run is for ios-sdk"))

        try Data(#"{"formatVersion":1,"suiteVersion":"0.1.0","profile":"documented","knownFailures":{"x::y::z":{"kind":"fails"}}}"#.utf8)
            .write(to: baselineURL)
        let (malformed, message) = cli(KnownFailuresImplementation(), ["run", "--baseline", baselineURL.path])
        #expect(malformed == .configurationProblem)
        #expect(message.hasPrefix("baseline error: \(baselineURL.path): $.knownFailures.x::y::z.kind: "))
    }

    @Test("JUnit XML is well-formed, with one test case per vector and the blocking ones as failures")
    func junit() throws {
        _ = cli(KnownFailuresImplementation(), ["baseline", "update", "--baseline", baselineURL.path])
        var broken = KnownFailuresImplementation()
        broken.declinedAsRequestedMinusGranted = true
        let xml = directory.appendingPathComponent("junit.xml")
        let (status, _) = cli(broken, ["run", "--baseline", baselineURL.path, "--report-junit", xml.path])
        #expect(status == .failures)

        let counter = ElementCounter()
        let parser = XMLParser(data: try Data(contentsOf: xml))
        parser.delegate = counter
        #expect(parser.parse(), "not well-formed: \(String(describing: parser.parserError))")
        let vectorCount = try VectorSuite.bundled().vectors(for: .documented).count
        #expect(counter.counts["testcase"] == vectorCount)
        let suite = try VectorSuite.bundled()
        #expect(counter.counts["testsuite"] == ConformanceFamily.allCases.filter { !suite.vectors(for: .documented, families: [$0]).isEmpty }.count)
        let baseline = try Baseline.load(from: baselineURL)
        // Known failures, and the vectors of the families the implementation does not adopt (skipped, never passed).
        let unadopted = Set(ConformanceFamily.allCases).subtracting(KnownFailuresImplementation.families)
        let skipped = try VectorSuite.bundled().vectors(for: .documented, families: unadopted).count
        #expect(counter.counts["skipped"] == baseline.knownFailures.count + skipped)
        #expect((counter.counts["failure"] ?? 0) > 0)
        #expect(counter.failureNames.allSatisfy { $0.hasPrefix("login-result::") })
    }

    final class ElementCounter: NSObject, XMLParserDelegate {
        var counts: [String: Int] = [:]
        var failureNames: [String] = []
        private var currentCase = ""

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            counts[name, default: 0] += 1
            if name == "testcase" { currentCase = attributes["name"] ?? "" }
            if name == "failure" { failureNames.append(currentCase) }
        }
    }

    @Test("extract writes a standalone family file with that one vector")
    func extract() throws {
        let file = directory.appendingPathComponent("vector.json")
        let (status, _) = cli(NotAnImplementation(), ["extract", "token-claims::exp::equal-now", "--output", file.path])
        #expect(status == .passed)
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as! [String: Any]
        #expect(document["family"] as? String == "token-claims")
        #expect((document["vectors"] as? [[String: Any]])?.map { $0["id"] as? String } == ["token-claims::exp::equal-now"])
        #expect((document["reasons"] as? [String: String])?["expired"] != nil)
    }

    @Test("the Swift Testing runner follows the same baseline: known failures are known issues, regressions fail")
    func swiftTestingHonoursTheBaseline() throws {
        _ = cli(KnownFailuresImplementation(), ["baseline", "update", "--baseline", baselineURL.path])
        // A known failure: recorded as a known issue, so this test passes.
        let known = ConformanceCases.family(.nonce, baseline: baselineURL)
            .filter { $0.testDescription == "nonce::position::leading-space" }
        #expect(known.count == 1)
        known.first?.check(KnownFailuresImplementation())
        // A regression: recorded as a failure.
        let regression = ConformanceCases.family(.loginResult, baseline: baselineURL)
            .filter { $0.testDescription == "login-result::declined::requested-not-granted-not-denied" }
        #expect(regression.count == 1)
        var broken = KnownFailuresImplementation()
        broken.declinedAsRequestedMinusGranted = true
        withKnownIssue {
            regression.first?.check(broken)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasPrefix("[regression] login-result::declined::requested-not-granted-not-denied — ")
        }
        // Newly passing: a failure unless allowed.
        let fixed = ConformanceCases.family(.nonce, baseline: baselineURL).filter { $0.testDescription == "nonce::position::leading-space" }
        #expect(fixed.count == 1)
        let fixedCase = try #require(fixed.first)
        withKnownIssue {
            fixedCase.check(CommandLineTool.reference(.documented).subject)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasPrefix("[newly passing] nonce::position::leading-space")
        }
        let allowed = ConformanceCases.family(.nonce, baseline: baselineURL, policy: GatePolicy(allowNewlyPassing: true))
            .filter { $0.testDescription == "nonce::position::leading-space" }
        #expect(allowed.count == 1)
        try #require(allowed.first).check(CommandLineTool.reference(.documented).subject)
    }

    @Test("a baseline for another profile is a failing case in the Swift Testing runner")
    func swiftTestingBaselineProfile() throws {
        _ = cli(KnownFailuresImplementation(), ["baseline", "update", "--baseline", baselineURL.path])
        let cases = ConformanceCases.family(.nonce, profile: .iosSDK, baseline: baselineURL)
        #expect(cases.map(\.testDescription) == ["<baseline error>"])
        withKnownIssue {
            cases.first?.check(KnownFailuresImplementation())
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("the baseline is for profile documented, the run is for ios-sdk")
        }
    }
}

@Suite("Gate in one call")
struct GateInOneCallTests {
    @Test("evaluate + writeReports: what an adopter's CI test does")
    func evaluateAndWrite() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reports-\(UUID().uuidString)")
        let report = try ConformanceGate.evaluate(
            KnownFailuresImplementation(), as: ImplementationInfo(name: "known failures"), profile: .documented)
        #expect(report.verdict == .failed)
        #expect(report.entries(.regression).allSatisfy { $0.result.family == .nonce })
        try report.writeReports(to: directory) { "LOGIN_CONFORMANCE_VECTORS='\($0)' swift test" }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == ["junit.xml", "results.json", "summary.md"])
        let summary = try String(contentsOf: directory.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("LOGIN_CONFORMANCE_VECTORS='nonce::position::leading-space' swift test"))
    }
}
