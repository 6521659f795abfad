import Foundation
import LoginConformance
import Testing
import LoginConformanceTestSupport

/// The gate's classification, policy and verdict, case by case (the product mutants of Scripts/mutation/product_mutants.json,
/// area gate): each test fails on a realistic bug in ConformanceGate, GatePolicy, GateClassification or GateReport.
@Suite("Product mutants: gate")
struct ProductGateTests {
    typealias F = ProductFixtures

    /// A vector added by the suite's last release, which it still holds, under the documented profile.
    static func addedInLastRelease() throws -> (id: String, release: SuiteVersion, previous: SuiteVersion) {
        let releases = F.suite.changelog.releases
        let last = try #require(releases.last)
        let id = try #require(last.added.first { F.suite.vector(withID: $0)?.metadata.applies(to: .documented) == true })
        return (id, last.version, releases[releases.count - 2].version)
    }

    @Test("a failing vector added in the baseline's own suite version is a regression; added after it, a new vector")
    func introducedInTheBaselinesVersion() throws {
        let (id, release, previous) = try Self.addedInLastRelease()
        let failing = F.result(id, F.failed(.wrongVerdict))
        #expect(try F.gate(F.baseline(release.description)).classify(failing) == .regression)
        #expect(try F.gate(F.baseline(previous.description)).classify(failing) == .newVector)
        #expect(try F.gate(nil).classify(failing) == .regression)
    }

    @Test("a known failure whose kind changed is a regression; the same kind is known")
    func kindChange() throws {
        let id = F.ids(.nonce, 1)[0]
        let gate = try F.gate(F.baseline(F.suite.suiteVersion, [id: .init(kind: .wrongVerdict)]))
        #expect(gate.classify(F.result(id, F.failed(.wrongVerdict))) == .knownFailure)
        #expect(gate.classify(F.result(id, F.failed(.wrongReason))) == .regression)
        #expect(gate.classify(F.result(id, .crashed(message: "signal 11"))) == .regression)
        #expect(gate.classify(F.result(id, .passed)) == .newlyPassing)
        #expect(gate.classify(F.result(id, .skipped(reason: "dropped"))) == .regression)
        let other = F.ids(.nonce, 2)[1]
        #expect(gate.classify(F.result(other, .skipped(reason: "not adopted"))) == .skipped)
        #expect(gate.classify(F.result(other, .passed)) == .pass)
    }

    /// A vector whose expectation the last release changed, and a profile it holds under.
    static func changedInLastRelease() throws -> (id: String, profile: ConformanceProfile, previous: SuiteVersion) {
        let (release, previous) = try #require(F.newestRelease { $0.changed.contains { F.suite.vector(withID: $0.id) != nil } })
        let change = try #require(release.changed.first { F.suite.vector(withID: $0.id) != nil })
        let vector = try #require(F.suite.vector(withID: change.id))
        let profile: ConformanceProfile = vector.metadata.applies(to: .documented) ? .documented : .iosSDK
        return (change.id, profile, previous)
    }

    @Test("a failure of a vector the suite changed since the baseline is a changed vector, with the change; of an unchanged one, a regression")
    func changedSinceTheBaseline() throws {
        let (id, profile, previous) = try Self.changedInLastRelease()
        let unchanged = try #require(F.suite.vectors(for: profile).first { vector in
            F.suite.changelog.change(of: vector.metadata.id, after: previous) == nil
        }).metadata.id
        let gate = try F.gate(F.baseline(previous.description, profile: profile, [id: .init(kind: .wrongDetails)]), profile: profile)
        // Not known, and changed: a changed vector. Known with another kind, and changed: a changed vector too.
        #expect(gate.classify(F.result(id, F.failed(.wrongVerdict))) == .changedVector)
        let report = gate.evaluate(F.run([F.result(id, F.failed(.wrongVerdict)), F.result(unchanged, F.failed(.wrongVerdict))],
                                         profile: profile), implementation: ImplementationInfo(name: "x"))
        #expect(report.entries.map(\.classification) == [.changedVector, .regression])
        let change = try #require(report.entries[0].change)
        #expect(change.version == F.newestRelease { $0.changed.contains { F.suite.vector(withID: $0.id) != nil } }?.release.version)
        #expect(!change.reason.isEmpty)
        #expect(report.entries[1].change == nil)
        let withoutBaseline = try F.gate(F.baseline(previous.description, profile: profile), profile: profile)
        #expect(withoutBaseline.classify(F.result(id, F.failed(.wrongReason))) == .changedVector)
        #expect(withoutBaseline.classify(F.result(unchanged, F.failed(.wrongReason))) == .regression)
        // Known with the same kind as before the change: still known.
        #expect(gate.classify(F.result(id, F.failed(.wrongDetails))) == .knownFailure)
    }

    @Test("the policy: newly passing blocks unless allowed; new and changed vectors block only when their own option says so")
    func policy() throws {
        let defaults = GatePolicy()
        #expect(!defaults.allowNewlyPassing && !defaults.blockOnNewVectors && !defaults.blockOnChangedVectors)
        let strict = try F.gate(nil)
        #expect(strict.blocks(.regression) && strict.blocks(.newlyPassing))
        #expect(!strict.blocks(.newVector) && !strict.blocks(.changedVector))
        #expect(!strict.blocks(.knownFailure) && !strict.blocks(.skipped) && !strict.blocks(.pass))
        #expect(try !F.gate(nil, policy: GatePolicy(allowNewlyPassing: true)).blocks(.newlyPassing))
        let newOnly = try F.gate(nil, policy: GatePolicy(blockOnNewVectors: true))
        #expect(newOnly.blocks(.newVector) && !newOnly.blocks(.changedVector))
        let changedOnly = try F.gate(nil, policy: GatePolicy(blockOnChangedVectors: true))
        #expect(changedOnly.blocks(.changedVector) && !changedOnly.blocks(.newVector))
    }

    @Test("classifications are ordered regressions first")
    func classificationOrder() {
        #expect(GateClassification.allCases.sorted() == GateClassification.allCases)
        #expect(GateClassification.regression < .pass)
        #expect(!(GateClassification.pass < .regression))
    }

    /// An ID the suite's last release retired.
    static func retiredInLastRelease() throws -> (id: String, release: SuiteVersion, previous: SuiteVersion) {
        let (release, previous) = try #require(F.newestRelease { !$0.retired.isEmpty })
        return (try #require(release.retired.first).id, release.version, previous)
    }

    @Test("a stale entry blocks unless it was retired after the baseline's suite version; a typo always blocks")
    func staleEntries() throws {
        let (retired, release, previous) = try Self.retiredInLastRelease()
        let entry = Baseline.KnownFailure(kind: .wrongVerdict)
        let sameVersion = try F.gate(F.baseline(release.description, [retired: entry]))
        #expect(sameVersion.staleEntries.map(\.id) == [retired])
        #expect(sameVersion.staleEntries.first?.blocks == true)
        #expect(sameVersion.staleEntries.first?.retiredIn == release)
        let older = try F.gate(F.baseline(previous.description, [retired: entry, "nonce::no::such-vector": entry]))
        // Reported in ID order; the typo blocks, the entry retired after the baseline's version does not.
        #expect(older.staleEntries.map(\.id) == ["nonce::no::such-vector", retired].sorted())
        #expect(Dictionary(uniqueKeysWithValues: older.staleEntries.map { ($0.id, $0.blocks) })
            == ["nonce::no::such-vector": true, retired: false])

        // Only a blocking stale entry fails the gate.
        let passing = F.result(F.ids(.nonce, 1)[0], .passed)
        let nonBlocking = try F.gate(F.baseline(previous.description, [retired: entry]))
        #expect(nonBlocking.evaluate(F.run([passing]), implementation: ImplementationInfo(name: "x")).verdict == .passed)
        #expect(sameVersion.evaluate(F.run([passing]), implementation: ImplementationInfo(name: "x")).verdict == .staleBaseline)
    }

    @Test("the verdict: any blocking entry fails (newly passing included), all skipped checks nothing")
    func verdict() throws {
        let ids = F.ids(.nonce, 3)
        let info = ImplementationInfo(name: "x")
        let gate = try F.gate(F.baseline(F.suite.suiteVersion, [ids[0]: .init(kind: .wrongVerdict)]))
        let newlyPassing = gate.evaluate(F.run([F.result(ids[0], .passed), F.result(ids[1], .passed)]), implementation: info)
        #expect(newlyPassing.verdict == .failed)
        let allowed = try F.gate(F.baseline(F.suite.suiteVersion, [ids[0]: .init(kind: .wrongVerdict)]),
                                 policy: GatePolicy(allowNewlyPassing: true))
        #expect(allowed.evaluate(F.run([F.result(ids[0], .passed)]), implementation: info).verdict == .passed)
        let skipped = try F.gate(nil).evaluate(F.run(ids.map { F.result($0, .skipped(reason: "not adopted")) }), implementation: info)
        #expect(skipped.verdict == .nothingChecked)
        let known = gate.evaluate(F.run([F.result(ids[0], F.failed(.wrongVerdict))]), implementation: info)
        #expect(known.verdict == .passed)
    }

    @Test("entries of a classification come most severe first; counts count every entry; entries carry the known failure")
    func entriesAndCounts() throws {
        let documented = F.suite.vectors(for: .documented)
        // A low vector whose ID sorts before the critical one's, so an order by ID alone is caught (blind round 1).
        let critical = try #require(documented.filter { $0.metadata.severity == .critical }.max { $0.metadata.id < $1.metadata.id }).metadata.id
        let low = try #require(documented.first { $0.metadata.severity == .low && $0.metadata.id < critical }).metadata.id
        let known = try #require(documented.first { $0.metadata.severity == .high }).metadata.id
        let gate = try F.gate(F.baseline(F.suite.suiteVersion, [known: .init(kind: .wrongReason, reason: "upstream bug", issue: "#7")]))
        let report = gate.evaluate(F.run([F.result(low, F.failed(.wrongVerdict)), F.result(critical, F.failed(.wrongVerdict)),
                                          F.result(known, F.failed(.wrongReason))]), implementation: ImplementationInfo(name: "x"))
        #expect(report.entries(.regression).map(\.result.id) == [critical, low])
        #expect(report.counts == [.regression: 2, .knownFailure: 1])
        let entry = try #require(report.entries(.knownFailure).first)
        #expect(entry.known == Baseline.KnownFailure(kind: .wrongReason, reason: "upstream bug", issue: "#7"))
        #expect(report.baselineSuiteVersion == SuiteVersion(F.suite.suiteVersion))
        #expect(try F.gate(nil).evaluate(F.run([]), implementation: ImplementationInfo(name: "x")).baselineSuiteVersion == nil)
    }

    @Test("a baseline of another profile cannot be used")
    func otherProfile() {
        #expect(throws: GateConfigurationError.self) {
            try F.gate(F.baseline(F.suite.suiteVersion, profile: .iosSDK), profile: .documented)
        }
    }
}

/// Found by blind round 3 (Scripts/mutation/blind_rounds/round-3.json).
extension ProductGateTests {
    @Test("a run with an incident other than an interrupt is faulted for the gate too, whatever its results",
          arguments: [RunIncident.Kind.adapterExited, .adapterUnavailable])
    func faultedRunFaultsTheGate(kind: RunIncident.Kind) throws {
        let id = F.ids(.nonce, 1)[0]
        for outcome in [VectorOutcome.passed, F.failed(.wrongVerdict)] {
            let run = ConformanceRun(suiteVersion: F.suite.suiteVersion, profile: .documented, results: [F.result(id, outcome)],
                                     incidents: [RunIncident(kind: kind, message: "the adapter exited", notRun: 3)])
            let report = try F.gate(nil).evaluate(run, implementation: ImplementationInfo(name: "x"))
            #expect(report.verdict == .faulted, "\(kind), \(outcome)")
        }
    }
}
