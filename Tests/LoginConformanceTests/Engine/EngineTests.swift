import Foundation
import LoginConformance
import LoginConformanceReference
import Testing
import LoginConformanceTestSupport

@Suite("Engine")
struct EngineTests {
    let suite: VectorSuite
    let engine: ConformanceEngine

    init() throws {
        suite = try VectorSuite.bundled()
        engine = ConformanceEngine(suite: suite)
    }

    @Test("a selection that matches nothing is an error, never an empty pass")
    func nothingSelected() {
        #expect(throws: ConformanceRunError.self) {
            try engine.run(ReferenceImplementation(profile: .documented), profile: .documented,
                           selection: VectorSelection(parsing: "no-such::vector::id"))
        }
    }

    @Test("families the implementation does not adopt are skipped, and a run with only skips checks nothing")
    func unadoptedFamiliesAreSkipped() throws {
        let run = try engine.run(NotAnImplementation(), profile: .documented)
        #expect(run.totals.skipped == run.results.count)
        #expect(run.totals.passed == 0)
        #expect(run.verdict == .nothingChecked)
        let reasons = Set(run.results.compactMap { result -> String? in
            if case .skipped(let reason) = result.outcome { reason } else { nil }
        })
        let families = ConformanceFamily.allCases.filter { !suite.vectors(for: .documented, families: [$0]).isEmpty }
        #expect(reasons == Set(families.map { "the implementation does not adopt \($0.protocolName)" }))
    }

    @Test("an implementation of one family passes it and is skipped, not passed, on the others")
    func partialAdoption() throws {
        let run = try engine.run(ReferenceNonceValidator(profile: .documented), profile: .documented)
        for summary in run.familySummaries {
            if summary.family == .nonce {
                #expect(summary.counts.passed == summary.counts.total)
            } else {
                #expect(summary.counts.skipped == summary.counts.total)
            }
        }
        #expect(run.verdict == .passed)
    }

    @Test("an implementation that throws errors on that vector and the run goes on")
    func throwingImplementation() throws {
        let run = try engine.run(ThrowingNonceValidator(failingNonce: "123"), profile: .documented, families: [.nonce])
        let errored = run.results.filter { $0.outcome.kind == "error" }
        #expect(errored.map(\.id) == ["nonce::shape::seeds-example-123"])
        #expect(errored.first?.outcome == .errored(message: "NonceValidating threw: unexpected state in the nonce validator"))
        #expect(run.totals.passed == run.results.count - 1)
        #expect(run.verdict == .failed)
    }

    @Test("a profile's run holds the vectors of no profile plus its own, never the other profile's")
    func profileSelection() {
        for profile in ConformanceProfile.allCases {
            let vectors = suite.vectors(for: profile)
            #expect(vectors.allSatisfy { $0.metadata.profiles == nil || $0.metadata.isOfReading(profile) })
            #expect(vectors.count == suite.vectors.filter { $0.metadata.applies(to: profile) }.count)
            #expect(vectors.contains { $0.metadata.isOfReading(profile) })
        }
    }

    @Test("selections: exact IDs and prefixes ending in *", arguments: [
        ("nonce::empty::empty-string", 1),
        ("nonce::empty::empty-string,nonce::shape::seeds-example-123", 2),
        ("nonce::empty::empty-string nonce::shape::seeds-example-123", 2),
        ("nonce::whitespace::*", 18),
        ("nonce::whitespace::u+00", 0),
    ])
    func selections(text: String, count: Int) {
        let selection = VectorSelection(parsing: text)
        let selected = suite.vectors.filter { selection.matches($0.metadata.id) }
        #expect(selected.count == count)
    }

    @Test("results carry the vector's metadata and a duration")
    func resultMetadata() throws {
        let run = try engine.run(ReferenceImplementation(profile: .iosSDK), profile: .iosSDK, families: [.tokenClaims])
        let vectors = suite.vectors(for: .iosSDK, families: [.tokenClaims])
        #expect(run.results.map(\.id) == vectors.map(\.metadata.id))
        #expect(run.results.allSatisfy { $0.duration >= .zero && $0.family == .tokenClaims })
    }

    @Test("an answer canonically equivalent to the expected outcome but not the same code points fails (never Swift's String ==)")
    func judgingComparesCodePoints() throws {
        var judged = 0
        for vector in suite.vectors {
            let document = try #require(JSONValue.parse(vector.canonicalJSON(pretty: false))?.objectValue)
            guard document["alsoAccepted"] == nil, let expected = document["expected"] else { continue }
            let text = try #require(String(data: try JSONEncoder().encode(expected), encoding: .utf8))
            for other in [text.precomposedStringWithCanonicalMapping, text.decomposedStringWithCanonicalMapping]
            where !other.unicodeScalars.elementsEqual(text.unicodeScalars) {
                let answer = try #require(JSONValue.parse(other))
                let outcome = vector.judge(answer: answer)
                #expect(outcome.isProblem, "\(vector.metadata.id): an answer in another normalisation form passed")
                judged += 1
            }
        }
        // The suite has such outcomes (NFD and NFC nonces, audiences, names): the check is not vacuous.
        #expect(judged > 0)
    }

    @Test("a known failure whose capability is dropped (now skipped) is a regression, not a pass")
    func skippedKnownFailureIsARegression() throws {
        let vector = try #require(suite.vector(withID: "nonce::empty::empty-string"))
        let baseline = Baseline(suiteVersion: try #require(SuiteVersion(suite.manifest.suiteVersion)), profile: .documented,
                                knownFailures: [vector.metadata.id: Baseline.KnownFailure(kind: .wrongVerdict)])
        let gate = try ConformanceGate(suite: suite, profile: .documented, baseline: baseline)
        let skipped = VectorResult(metadata: vector.metadata, family: vector.family,
                                   outcome: .skipped(reason: "not adopted"), duration: .zero)
        #expect(gate.classify(skipped) == .regression)
        #expect(gate.blocks(.regression))
    }

    // MARK: one pipeline: any subject, in process or not

    /// A subject that cannot start, or claims a profile, and records what the engine asked of it.
    final class ScriptedSubject: RunnableSubject {
        let opening: Result<SubjectOpening, RunIncident>
        var answered: [String] = []
        var closed = 0
        init(_ opening: Result<SubjectOpening, RunIncident>) { self.opening = opening }
        func open() -> Result<SubjectOpening, RunIncident> { opening }
        func answer(_ vectors: [any ConformanceVector]) -> (results: [VectorResult], incidents: [RunIncident]) {
            answered = vectors.map(\.metadata.id)
            return (vectors.map { ConformanceEngine.evaluate($0, against: ReferenceImplementation(profile: .iosSDK)) }, [])
        }
        func close() { closed += 1 }
    }

    @Test("a subject that cannot start gives a run: every planned vector not run, the incident counted, never a pass")
    func subjectThatCannotStart() throws {
        let subject = ScriptedSubject(.failure(RunIncident(kind: .adapterUnavailable, message: "no handshake")))
        let (run, implementation) = try engine.run(subject, profile: .iosSDK, families: [.nonce])
        #expect(implementation == nil)
        #expect(run.profile == .iosSDK)
        #expect(run.results.count == suite.vectors(for: .iosSDK, families: [.nonce]).count)
        #expect(run.results.allSatisfy { $0.outcome == .skipped(reason: "not run: no handshake") && $0.vector != nil })
        #expect(run.incidents == [RunIncident(kind: .adapterUnavailable, message: "no handshake", notRun: run.results.count)])
        #expect(run.verdict == .faulted)
        #expect(subject.answered.isEmpty && subject.closed >= 1)
    }

    @Test("the profile a subject claims is the run's; --profile contradicting it is an error; the results carry their vectors")
    func claimedProfile() throws {
        let info = ImplementationInfo(name: "scripted")
        let claiming = ScriptedSubject(.success(SubjectOpening(implementation: info, profile: .iosSDK)))
        let (run, implementation) = try engine.run(claiming, families: [.nonce])
        #expect(implementation == info && run.profile == .iosSDK && run.verdict == .passed)
        #expect(claiming.answered == suite.vectors(for: .iosSDK, families: [.nonce]).map(\.metadata.id))
        #expect(run.results.allSatisfy { $0.vector?.metadata.id == $0.id })
        let contradicted = ScriptedSubject(.success(SubjectOpening(implementation: info, profile: .iosSDK)))
        #expect(throws: ConformanceRunError.profileMismatch(asked: .documented, claimed: .iosSDK)) {
            try engine.run(contradicted, profile: .documented, families: [.nonce])
        }
        #expect(contradicted.answered.isEmpty && contradicted.closed >= 1)
        // An in-process subject takes the profile asked.
        let (inProcess, _) = try engine.run(InProcessSubject(ReferenceImplementation(profile: .documented), info: info),
                                            profile: .documented, families: [.nonce])
        #expect(inProcess.profile == .documented && inProcess.verdict == .passed)
    }
}
