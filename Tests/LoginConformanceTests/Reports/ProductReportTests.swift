import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LoginConformance
import Testing
import LoginConformanceTestSupport

/// The JSON, JUnit and Markdown reports written from one report holding every classification (the product mutants
/// of Scripts/mutation/product_mutants.json, area reports).
@Suite("Product mutants: reports")
struct ProductReportTests {
    typealias F = ProductFixtures

    /// Vectors the first release introduced and no release changed since, under documented, by family.
    static func stable(_ family: ConformanceFamily, _ count: Int) -> [String] {
        let first = F.suite.changelog.releases.first!.version
        return Array(F.suite.vectors(for: .documented, families: [family]).map(\.metadata.id).filter { id in
            F.suite.changelog.introducedVersion(of: id) == first && F.suite.changelog.change(of: id, after: first) == nil
        }.prefix(count))
    }

    struct Scenario {
        let report: GateReport
        let failed: String, errored: String, crashed: String, lenient: String, known: String, newlyPassing: String
        let newVector: String, changed: String, retired: String
    }

    /// One report with a regression (failed, errored, crashed), a lenient pass, a known failure, a newly passing
    /// vector, a new vector, a changed vector and two stale entries (a typo, blocking; a retirement, not blocking),
    /// against a baseline of the previous suite version.
    static func scenario(policy: GatePolicy = GatePolicy()) throws -> Scenario {
        // The newest release that changes a documented vector and retires one; the baseline is of the release before.
        let (release, previous) = try #require(F.newestRelease { release in
            !release.retired.isEmpty
                && release.changed.contains { F.suite.vector(withID: $0.id)?.metadata.applies(to: .documented) == true }
        })
        let nonce = stable(.nonce, 6)
        let newVector = try #require(release.added.first { F.suite.vector(withID: $0)?.metadata.applies(to: .documented) == true })
        let changed = try #require(release.changed.first { F.suite.vector(withID: $0.id)?.metadata.applies(to: .documented) == true }).id
        let retired = try #require(release.retired.first).id
        let baseline = F.baseline(previous.description, [
            nonce[4]: .init(kind: .wrongReason, reason: "upstream \"bug\"", issue: "https://example.com/7"),
            nonce[5]: .init(kind: .wrongVerdict), retired: .init(kind: .wrongVerdict), "nonce::no::such-vector": .init(kind: .error),
        ])
        let results = [
            F.result(nonce[0], F.failed(.wrongVerdict, expected: #"{"result":"EXPECTED"}"#, actual: #"{"result":"ACTUAL"}"#)),
            F.result(nonce[1], .errored(message: #"threw "quoted" | piped < less"#)),
            F.result(nonce[2], .crashed(message: "killed by signal 11")),
            F.result(nonce[3], .lenient(VectorLeniency(summary: "gave accepted", preferred: #"{"result":"PREFERRED"}"#,
                                                       actual: #"{"result":"LENIENT"}"#))),
            F.result(nonce[4], F.failed(.wrongReason)),
            F.result(nonce[5], .passed),
            F.result(newVector, F.failed(.wrongVerdict)),
            F.result(changed, F.failed(.wrongDetails)),
        ]
        let report = try F.gate(baseline, policy: policy).evaluate(F.run(results), implementation: ImplementationInfo(name: "fixture"))
        return Scenario(report: report, failed: nonce[0], errored: nonce[1], crashed: nonce[2], lenient: nonce[3], known: nonce[4],
                        newlyPassing: nonce[5], newVector: newVector, changed: changed, retired: retired)
    }

    static func rerun(_ id: String) -> String { "rerun \(id)" }

    static func json(_ report: GateReport) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(JSONResultsReport.render(report, rerun: rerun).utf8)) as? [String: Any])
    }

    static func results(_ document: [String: Any]) -> [String: [String: Any]] {
        Dictionary(uniqueKeysWithValues: (document["results"] as! [[String: Any]]).map { ($0["id"] as! String, $0) })
    }

    @Test("JSON: expected and actual as given, the known failure, the change, the rerun of newly passing, who blocks")
    func jsonReport() throws {
        let s = try Self.scenario()
        let document = try Self.json(s.report)
        let results = Self.results(document)
        #expect(results.count == s.report.entries.count)
        #expect(results[s.failed]?["expected"] as? String == #"{"result":"EXPECTED"}"#)
        #expect(results[s.failed]?["actual"] as? String == #"{"result":"ACTUAL"}"#)
        #expect(results[s.lenient]?["expected"] as? String == #"{"result":"PREFERRED"}"#)
        #expect(results[s.lenient]?["actual"] as? String == #"{"result":"LENIENT"}"#)
        #expect(results[s.lenient]?["failureKind"] == nil)
        #expect(results[s.failed]?["failureKind"] as? String == "wrong-verdict")
        #expect(results[s.errored]?["failureKind"] as? String == "error")
        let known = try #require(results[s.known]?["knownFailure"] as? [String: Any])
        #expect(known["reason"] as? String == #"upstream "bug""#)
        #expect(known["issue"] as? String == "https://example.com/7")
        #expect(results[s.newlyPassing]?["classification"] as? String == "newly-passing")
        #expect(results[s.newlyPassing]?["blocks"] as? Bool == true)
        #expect(results[s.newlyPassing]?["rerun"] as? String == "rerun \(s.newlyPassing)")
        #expect(results[s.lenient]?["rerun"] == nil)
        #expect(results[s.changed]?["classification"] as? String == "changed-vector")
        #expect(results[s.changed]?["changedIn"] as? String == F.suite.changelog.releases.last { $0.changed.contains { $0.id == s.changed } }?.version.description)
        #expect((results[s.changed]?["changeReason"] as? String)?.isEmpty == false)
        #expect(results[s.newVector]?["classification"] as? String == "new-vector")
        #expect(results[s.newVector]?["blocks"] as? Bool == false)
        let stale = try #require(document["stale"] as? [[String: Any]])
        // In ID order; the typo blocks, the vector retired after the baseline's version does not.
        #expect(stale.map { $0["id"] as? String } == ["nonce::no::such-vector", s.retired].sorted())
        #expect(stale.map { $0["blocks"] as? Bool } == stale.map { ($0["id"] as? String) == s.retired ? false : true })
        #expect(document["baselineSuiteVersion"] as? String == s.report.baselineSuiteVersion?.description)
        #expect(document["verdict"] as? String == "staleBaseline")
    }

    @Test("JSON: the verdict is the gate's, not the run's: known failures only is a pass")
    func jsonVerdictIsTheGates() throws {
        let id = F.ids(.nonce, 1)[0]
        let gate = try F.gate(F.baseline(F.suite.suiteVersion, [id: .init(kind: .wrongVerdict)]))
        let report = gate.evaluate(F.run([F.result(id, F.failed(.wrongVerdict))]), implementation: ImplementationInfo(name: "x"))
        #expect(report.run.verdict == .failed)
        #expect(try Self.json(report)["verdict"] as? String == "passed")
    }

    /// The attributes of every element named `name`, in document order.
    final class Elements: NSObject, XMLParserDelegate {
        var found: [(name: String, attributes: [String: String])] = []
        var text = ""
        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            found.append((elementName, attributes))
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
    }

    static func junit(_ report: GateReport) throws -> Elements {
        let xml = JUnitReport.render(report, rerun: rerun)
        let elements = Elements()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = elements
        #expect(parser.parse(), "not well-formed: \(String(describing: parser.parserError))\n\(xml)")
        return elements
    }

    @Test("JUnit: errors, crashes and blocking stale entries are errors, failures and blocking newly passing are failures, counted")
    func junitReport() throws {
        let s = try Self.scenario()
        let xml = try Self.junit(s.report)
        let root = try #require(xml.found.first { $0.name == "testsuites" })
        #expect(root.attributes["errors"] == "3")
        #expect(root.attributes["failures"] == "2")
        #expect(root.attributes["tests"] == String(s.report.entries.count + 2))
        let cases = xml.found.filter { $0.name == "testcase" }
        let elements = xml.found.filter { ["failure", "error", "skipped"].contains($0.name) }
        #expect(cases.count == elements.count + 1)  // the lenient pass has no element (a system-out line)
        // Each case's element, in order: the test cases are those of the report's entries, then the baseline's.
        let order = xml.found.compactMap { $0.name == "testcase" ? $0.attributes["name"] : nil }
        let kinds = Dictionary(uniqueKeysWithValues: zip(order.filter { $0 != s.lenient },
                                                         elements.map { "\($0.name):\($0.attributes["type"] ?? "")" }))
        #expect(kinds[s.failed] == "failure:wrong-verdict")
        #expect(kinds[s.errored] == "error:error")
        #expect(kinds[s.crashed] == "error:crash")
        #expect(kinds[s.newlyPassing] == "failure:newly-passing")
        #expect(kinds["nonce::no::such-vector"] == "error:stale-baseline-entry")
        #expect(kinds[s.retired] == "skipped:")
        #expect(kinds[s.known] == "skipped:")
        let knownMessage = try #require(elements[order.filter { $0 != s.lenient }.firstIndex(of: s.known)!].attributes["message"])
        #expect(knownMessage == #"known failure (wrong-reason): upstream "bug""#)
        #expect(xml.text.contains(#"threw "quoted" | piped < less"#))
        // Suites in family order, the baseline's last.
        let suites = xml.found.filter { $0.name == "testsuite" }.compactMap { $0.attributes["name"] }
        #expect(suites.last == "baseline")
        let families = suites.dropLast().compactMap(ConformanceFamily.init(rawValue:))
        #expect(families.count == suites.count - 1 && families == families.sorted())
    }

    @Test("JUnit: under --new-vectors block a failing new vector is a failure, not skipped")
    func junitBlockingNewVector() throws {
        let s = try Self.scenario(policy: GatePolicy(blockOnNewVectors: true))
        let xml = JUnitReport.render(s.report, rerun: Self.rerun)
        let line = try #require(xml.split(separator: "\n").firstIndex { $0.contains("name=\"\(s.newVector)\"") })
        #expect(xml.split(separator: "\n")[line + 1].contains("<failure type=\"wrong-verdict\" message=\"new-vector: "))
    }

    @Test("Markdown: blocking newly passing said so, stale entries counted as blocking only when they block, cells escaped")
    func markdownReport() throws {
        let s = try Self.scenario()
        let markdown = MarkdownReport.render(s.report, rerun: Self.rerun)
        #expect(markdown.contains("Blocking: remove them from the baseline"))
        #expect(markdown.contains("**Gate: FAILED** — 1 stale baseline entry"))
        #expect(markdown.contains("| `nonce::no::such-vector` | yes |"))
        #expect(markdown.contains("| `\(s.retired)` | no |"))
        #expect(markdown.contains(#"threw "quoted" \| piped < less"#))
        #expect(markdown.contains("| `\(s.failed)` | "))
        #expect(markdown.contains("| `\(s.known)` | wrong-reason | upstream \"bug\" |"))
        let allowed = try Self.scenario(policy: GatePolicy(allowNewlyPassing: true))
        #expect(!MarkdownReport.render(allowed.report, rerun: Self.rerun).contains("Blocking: remove them"))
    }

    @Test("Markdown: a passing gate counts in the plural from zero, a section of exactly 50 rows says nothing more")
    func markdownCounts() throws {
        let ids = F.ids(.nonce, 51)
        let passed = try F.gate(nil).evaluate(F.run(ids.map { F.result($0, .passed) }), implementation: ImplementationInfo(name: "x"))
        #expect(MarkdownReport.render(passed, rerun: Self.rerun).contains("no regressions (51 passing vectors, 0 known failures)"))
        for (count, more) in [(50, nil), (51, "… and 1 more (see the JSON report).")] {
            let report = try F.gate(nil).evaluate(F.run(ids.prefix(count).map { F.result($0, F.failed(.wrongVerdict)) }),
                                                  implementation: ImplementationInfo(name: "x"))
            let markdown = MarkdownReport.render(report, rerun: Self.rerun)
            #expect(markdown.contains("… and") == (more != nil), "\(count) rows")
            if let more { #expect(markdown.contains(more)) }
        }
    }

    @Test("Markdown: the pass rate is rounded down, counts newly passing as passing and leaves skipped vectors out")
    func passRate() throws {
        // A family with 10 to 100 vectors checked (each one at least 1%) and as many skipped, one newly passing, and a
        // number of failures for which rounding down and rounding to nearest disagree.
        let family = try #require(ConformanceFamily.allCases.first { (20...200).contains(F.suite.vectors(for: .documented, families: [$0]).count) })
        let all = F.suite.vectors(for: .documented, families: [family]).map(\.metadata.id)
        let skipped = all.count / 2
        let checked = all.count - skipped
        let failures = try #require((1..<(checked - 1)).first { failing in
            let rate = Double(checked - failing) / Double(checked) * 100
            return rate.rounded(.down) != rate.rounded()
        })
        // The first vector is newly passing, the next `failures` fail, the last `skipped` are skipped, the rest pass.
        let newly = all[0]
        let results = all.enumerated().map { index, id in
            index == 0 ? F.result(id, .passed)
                : index <= failures ? F.result(id, F.failed(.wrongVerdict))
                : index >= checked ? F.result(id, .skipped(reason: "not adopted")) : F.result(id, .passed)
        }
        let gate = try F.gate(F.baseline(F.suite.suiteVersion, [newly: .init(kind: .wrongVerdict)]))
        let markdown = MarkdownReport.render(gate.evaluate(F.run(results), implementation: ImplementationInfo(name: "x")), rerun: Self.rerun)
        let rate = Int((Double(checked - failures) / Double(checked) * 100).rounded(.down))
        let row = try #require(markdown.split(separator: "\n").first { $0.hasPrefix("| \(family.rawValue) |") })
        #expect(row.hasSuffix("| \(rate)% |"), "\(row)")
    }

    @Test("JSON: each policy member is written from its own setting", arguments: [
        GatePolicy(allowNewlyPassing: true, blockOnNewVectors: false, blockOnChangedVectors: false),
        GatePolicy(allowNewlyPassing: false, blockOnNewVectors: true, blockOnChangedVectors: false),
        GatePolicy(allowNewlyPassing: false, blockOnNewVectors: false, blockOnChangedVectors: true),
    ])
    func jsonPolicy(policy: GatePolicy) throws {
        let s = try Self.scenario(policy: policy)
        let written = try #require(try Self.json(s.report)["policy"] as? [String: Any])
        #expect(written["allowNewlyPassing"] as? Bool == policy.allowNewlyPassing)
        #expect(written["blockOnNewVectors"] as? Bool == policy.blockOnNewVectors)
        #expect(written["blockOnChangedVectors"] as? Bool == policy.blockOnChangedVectors)
    }

    @Test("Markdown: each per-family cell is under its own column; the FAILED headline counts regressions, then every blocking result")
    func markdownColumnsAndHeadline() throws {
        // Per family: 1 regression, 2 known failures, 3 newly passing (blocking), the rest passing: every count distinct.
        let ids = Self.stable(.nonce, 10)
        let known = Dictionary(uniqueKeysWithValues: ids[1...5].map { ($0, Baseline.KnownFailure(kind: .wrongVerdict)) })
        let results = ids.enumerated().map { index, id in
            index == 0 || (1...2).contains(index) ? F.result(id, F.failed(.wrongVerdict)) : F.result(id, .passed)
        }
        let report = try F.gate(F.baseline(F.suite.suiteVersion, known)).evaluate(F.run(results), implementation: ImplementationInfo(name: "x"))
        #expect(report.counts == [.regression: 1, .knownFailure: 2, .newlyPassing: 3, .pass: 4])
        let markdown = MarkdownReport.render(report, rerun: Self.rerun)
        let lines = markdown.split(separator: "\n").map(String.init)
        let header = try #require(lines.first { $0.hasPrefix("| family | pass |") })
        let row = try #require(lines.first { $0.hasPrefix("| nonce |") })
        func cells(_ line: String) -> [String] { line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
        let cell = Dictionary(uniqueKeysWithValues: zip(cells(header), cells(row)))
        #expect(cell["pass"] == "4" && cell["regression"] == "1" && cell["known failure"] == "2" && cell["newly passing"] == "3",
                "\(header)\n\(row)")
        #expect(markdown.contains("**Gate: FAILED** — 1 regression, 4 blocking results in all"), "\(markdown.prefix(400))")
    }

    @Test("a section lists the most severe first, whatever the IDs' order; the FAULTED headline counts every incident's vectors not run")
    func severityOrderAndFaultedCount() throws {
        // Two documented vectors whose IDs sort the other way round from their severities.
        let vectors = F.suite.vectors(for: .documented)
        let pair = try #require(vectors.lazy.compactMap { low -> (String, String)? in
            guard low.metadata.severity == .low else { return nil }
            guard let critical = vectors.first(where: { $0.metadata.severity == .critical && $0.metadata.id > low.metadata.id })
            else { return nil }
            return (low.metadata.id, critical.metadata.id)
        }.first)
        let report = try F.gate(nil).evaluate(F.run([F.result(pair.0, F.failed(.wrongVerdict)), F.result(pair.1, F.failed(.wrongVerdict))]),
                                              implementation: ImplementationInfo(name: "fixture"))
        #expect(report.entries(.regression).map(\.result.id) == [pair.1, pair.0])
        let markdown = MarkdownReport.render(report, rerun: Self.rerun)
        let critical = try #require(markdown.range(of: pair.1)), low = try #require(markdown.range(of: pair.0))
        #expect(critical.lowerBound < low.lowerBound, "the critical regression is listed first")

        let incidents = [RunIncident(kind: .adapterExited, message: "exited with status 1", notRun: 3),
                         RunIncident(kind: .adapterUnavailable, message: "could not restart", notRun: 5)]
        let faulted = try F.gate(nil).evaluate(
            ConformanceRun(suiteVersion: F.suite.suiteVersion, profile: .documented,
                           results: [F.result(pair.0, .passed)], incidents: incidents),
            implementation: ImplementationInfo(name: "fixture"))
        let headline = try #require(MarkdownReport.render(faulted, rerun: Self.rerun).split(separator: "\n").first { $0.contains("Gate:") })
        #expect(headline.contains("FAULTED") && headline.contains("2 incidents") && headline.contains("8 selected vectors not run"),
                "\(headline)")
    }

    @Test("writeReports writes each report to its own file")
    func writeReports() throws {
        let s = try Self.scenario()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reports-\(UUID().uuidString)")
        try s.report.writeReports(to: directory, rerun: Self.rerun)
        let summary = try String(contentsOf: directory.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.hasPrefix("## LoginConformance "))
        let junit = try String(contentsOf: directory.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.hasPrefix("<?xml"))
        let json = try String(contentsOf: directory.appendingPathComponent("results.json"), encoding: .utf8)
        #expect(json.hasPrefix("{"))
    }
}

/// Found by blind round 3 (Scripts/mutation/blind_rounds/round-3.json).
extension ProductReportTests {
    @Test("JUnit: skipped counts the skipped cases, on every testsuite and on testsuites")
    func junitSkippedCounts() throws {
        let s = try Self.scenario()
        let xml = try Self.junit(s.report)
        // Each element after a testsuite, up to the next one, belongs to it (document order).
        var perSuite: [(attributes: [String: String], skipped: Int)] = []
        for element in xml.found {
            if element.name == "testsuite" { perSuite.append((element.attributes, 0)) }
            if element.name == "skipped", !perSuite.isEmpty { perSuite[perSuite.count - 1].skipped += 1 }
        }
        let total = perSuite.reduce(0) { $0 + $1.skipped }
        try #require(total > 1 && perSuite.contains { $0.skipped > 0 })
        for suite in perSuite {
            #expect(suite.attributes["skipped"] == String(suite.skipped), "\(suite.attributes["name"] ?? "")")
        }
        #expect(xml.found.first { $0.name == "testsuites" }?.attributes["skipped"] == String(total))
    }
}
