import Foundation
import LoginConformance
import LoginConformanceTesting
import Testing
import LoginConformanceTestSupport

/// The test family `greeting`, built only by the steps of "Adding a family" (LoginConformance.docc/AddingAFamily.md):
/// its folder (input, outcome, protocol, definition), one registration, and its vector file beside the manifest.
/// It loads, runs through the engine and the gate like a toolkit family, and is refused where it is not registered.
@Suite("Adding a family: the greeting test family")
struct AddingAFamilyTests {
    /// Step 3: the vector file (what `Scripts/vectorgen/<family>.py` writes) and its manifest entry.
    static let vectorFile = #"""
    {
      "family": "greeting",
      "formatVersion": 1,
      "description": "A family for testing the steps of adding one.",
      "reasons": { "emptyName": "The name is the empty string." },
      "vectors": [
        { "id": "greeting::hello::ascii", "description": "A name is greeted.", "severity": "high",
          "refs": ["AddingAFamily.md"], "rules": ["result.cancelled"],
          "input": { "name": "Ada" }, "expected": { "result": "greeting", "text": "Hello, Ada!" } },
        { "id": "greeting::hello::nfd", "description": "A name is greeted code point for code point.", "severity": "high",
          "refs": ["AddingAFamily.md"], "rules": ["result.cancelled"],
          "input": { "name": "Zoe\u0301" }, "expected": { "result": "greeting", "text": "Hello, Zoe\u0301!" } },
        { "id": "greeting::refused::empty", "description": "An empty name is refused.", "severity": "high",
          "refs": ["AddingAFamily.md"], "rules": ["result.cancelled"],
          "input": { "name": "" }, "expected": { "result": "refused", "reason": "emptyName" } }
      ]
    }
    """#

    struct Polite: Greeting {
        func greet(_ name: String) -> GreetingOutcome { name.isEmpty ? .refused(.emptyName) : .greeting("Hello, \(name)!") }
    }

    /// Normalises to NFC: `Zoe\u{301}` is greeted as `Zoé`, canonically equivalent but not the same code points.
    struct Normalising: Greeting {
        func greet(_ name: String) -> GreetingOutcome {
            name.isEmpty ? .refused(.emptyName) : .greeting("Hello, \(name.precomposedStringWithCanonicalMapping)!")
        }
    }

    private func suiteDirectory() throws -> TemporaryVectors {
        let vectors = try TemporaryVectors()
        try vectors.write("greeting.json", Self.vectorFile)
        try vectors.edit("manifest.json") { manifest in
            manifest["families"] = (manifest["families"] as! [[String: Any]]) + [["family": "greeting", "file": "greeting.json"]]
        }
        return vectors
    }

    @Test("a registered family loads, runs in the engine and passes a right implementation")
    func loadsAndRuns() throws {
        let copy = try suiteDirectory()
        defer { withExtendedLifetime(copy) {} }  // the copy is removed with its last holder
        let suite = try VectorSuite.load(from: copy.directory, registry: greetingRegistry)
        let vectors = suite.vectors(for: .documented, families: [.greeting])
        #expect(vectors.map(\.metadata.id) == ["greeting::hello::ascii", "greeting::hello::nfd", "greeting::refused::empty"])
        let run = try ConformanceEngine(suite: suite).run(Polite(), profile: .documented, families: [.greeting])
        #expect(run.results.count == 3)
        #expect(run.results.allSatisfy { $0.outcome == .passed })
    }

    @Test("the family's vectors judge like the toolkit's: code point for code point, and a failure is a regression")
    func judgesAndGates() throws {
        let copy = try suiteDirectory()
        defer { withExtendedLifetime(copy) {} }  // the copy is removed with its last holder
        let suite = try VectorSuite.load(from: copy.directory, registry: greetingRegistry)
        let run = try ConformanceEngine(suite: suite).run(Normalising(), profile: .documented, families: [.greeting])
        let failed = run.results.filter { if case .failed = $0.outcome { true } else { false } }.map(\.id)
        #expect(failed == ["greeting::hello::nfd"])
        let report = try ConformanceGate(suite: suite, profile: .documented, baseline: nil).evaluate(
            run, implementation: ImplementationInfo(name: "normalising"))
        #expect(report.entries.filter { $0.classification == .regression }.map(\.result.id) == ["greeting::hello::nfd"])
        #expect(report.verdict == .failed)
    }

    @Test("the suite lists the family, and the Swift Testing layer gives it its cases and its own stale entries")
    func listedAndGivenItsCases() throws {
        let copy = try suiteDirectory()
        defer { withExtendedLifetime(copy) {} }  // the copy is removed with its last holder
        let suite = try VectorSuite.load(from: copy.directory, registry: greetingRegistry)
        #expect(suite.families.last == .greeting)
        #expect(suite.families.count == FamilyRegistry.standard.families.count + 1)
        let cases = ConformanceCases.cases(.greeting, profile: .documented, suite: suite, selection: .all)
        #expect(cases.map(\.testDescription) == ["greeting::hello::ascii", "greeting::hello::nfd", "greeting::refused::empty"])
        for greetingCase in cases { greetingCase.check(Polite()) }
        // A stale entry of the family is the family's, not every family's (as an entry naming no family would be).
        let baseline = Baseline(suiteVersion: try #require(SuiteVersion(suite.suiteVersion)), profile: .documented, implementation: "polite",
                                knownFailures: ["greeting::hello::gone": .init(kind: .wrongVerdict)])
        func hasStaleCase(_ family: ConformanceFamily) -> Bool {
            ConformanceCases.cases(family, profile: .documented, suite: suite, selection: .all, baseline: baseline)
                .contains { $0.testDescription == "<stale baseline entries>" }
        }
        #expect(hasStaleCase(.greeting))
        #expect(!hasStaleCase(.nonce))
    }

    @Test("an implementation that does not adopt the family's protocol is skipped, never passed")
    func skipsNonAdopters() throws {
        let copy = try suiteDirectory()
        defer { withExtendedLifetime(copy) {} }  // the copy is removed with its last holder
        let suite = try VectorSuite.load(from: copy.directory, registry: greetingRegistry)
        let run = try ConformanceEngine(suite: suite).run(NotAnImplementation(), profile: .documented, families: [.greeting])
        #expect(run.results.count == 3)
        #expect(run.results.allSatisfy { if case .skipped(let reason) = $0.outcome { reason.contains("Greeting") } else { false } })
    }

    @Test("without the registration the manifest's family is refused, naming it and the path")
    func refusedWhenNotRegistered() throws {
        let vectors = try suiteDirectory()
        let error = vectors.loadError()
        #expect(error?.kind == .unknownFamily)
        #expect(error?.jsonPath == "$.families[12].family")
        #expect(error?.description.contains("unknown family \"greeting\"") == true)
    }

    @Test("a wrong reason in the family's file is refused with the value and the allowed list")
    func refusesUnknownReason() throws {
        let vectors = try suiteDirectory()
        try vectors.write("greeting.json", Self.vectorFile.replacingOccurrences(of: #""reason": "emptyName" }"#,
                                                                                with: #""reason": "bogus" }"#))
        #expect(throws: VectorLoadError.self) { try VectorSuite.load(from: vectors.directory, registry: greetingRegistry) }
        do {
            _ = try VectorSuite.load(from: vectors.directory, registry: greetingRegistry)
        } catch {
            #expect(error.description.contains("greeting.json"))
            #expect(error.description.contains("\"bogus\" is not one of: emptyName"))
            #expect(!error.description.contains("Cannot initialize"))
        }
    }
}
