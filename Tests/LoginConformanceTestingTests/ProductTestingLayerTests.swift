import Foundation
import LoginConformance
@testable import LoginConformanceTesting
import Testing
import LoginConformanceTestSupport

/// The Swift Testing layer's cases (the product mutants of Scripts/mutation/product_mutants.json, area testing-layer): stale
/// entries reported by the right families, the baseline named in a regression's issue.
@Suite("Product mutants: Swift Testing layer")
struct ProductTestingLayerTests {
    typealias F = ProductFixtures

    @Test("a blocking stale entry is a failing case of the family its ID names, and of every family when it names none; never while updating")
    func staleEntries() {
        let baseline = F.baseline(F.suite.suiteVersion, ["nonce::no::such-vector": .init(kind: .error), "typo": .init(kind: .error)])
        func stale(_ family: ConformanceFamily, updating: Bool = false) -> String? {
            ConformanceCases.cases(family, profile: .documented, suite: F.suite, selection: .all, baseline: baseline,
                                   updatingBaseline: updating)
                .first { $0.testDescription == "<stale baseline entries>" }.map { "\($0.content)" }
        }
        let nonce = stale(.nonce)
        #expect(nonce?.contains("nonce::no::such-vector") == true)
        #expect(nonce?.contains("typo") == true)
        let profile = stale(.profile)
        #expect(profile?.contains("typo") == true)
        #expect(profile?.contains("nonce::no::such-vector") == false)
        #expect(stale(.nonce, updating: true) == nil)
    }

    @Test("an entry for a vector retired after the baseline's suite version is not a failing case (it does not block)")
    func retiredEntryDoesNotFail() throws {
        let (release, previous) = try #require(F.newestRelease { !$0.retired.isEmpty })
        let retired = try #require(release.retired.first).id
        let family = try #require(ConformanceFamily.allCases.first { retired.hasPrefix($0.rawValue + "::") })
        let baseline = F.baseline(previous.description, [retired: .init(kind: .wrongVerdict)])
        let cases = ConformanceCases.cases(family, profile: .documented, suite: F.suite, selection: .all, baseline: baseline)
        #expect(!cases.isEmpty)
        #expect(!cases.contains { $0.testDescription == "<stale baseline entries>" }, "\(retired) was retired in \(release.version)")
        // The same entry in a baseline of the current version names no vector at all: that one blocks.
        let current = F.baseline(F.suite.suiteVersion, [retired: .init(kind: .wrongVerdict)])
        #expect(ConformanceCases.cases(family, profile: .documented, suite: F.suite, selection: .all, baseline: current)
            .contains { $0.testDescription == "<stale baseline entries>" })
    }

    @Test("a regression's issue says what the baseline expected")
    func regressionNamesTheBaseline() throws {
        let id = "nonce::position::only-tab"
        let baseline = F.baseline(F.suite.suiteVersion, [id: .init(kind: .wrongVerdict)])
        let cases = ConformanceCases.cases(.nonce, profile: .documented, suite: F.suite, selection: VectorSelection(patterns: [id]),
                                           baseline: baseline)
        #expect(cases.count == 1)
        let only = try #require(cases.first)
        #expect(only.testDescription == id)
        withKnownIssue {
            only.check(TrimmingNonceValidator())
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasPrefix("[regression (baseline: wrong-verdict)] \(id) — ")
        }
    }

    @Test("a rerun's selection of one vector skips the other families' tests (said, never passed); a selection of nothing fails every one")
    func selectionOfAnotherFamily() {
        let one = VectorSelection(patterns: ["nonce::empty::empty-string"])
        let nonce = ConformanceCases.cases(.nonce, profile: .documented, suite: F.suite, selection: one)
        #expect(nonce.map(\.testDescription) == ["nonce::empty::empty-string"])
        let other = ConformanceCases.cases(.loginResult, profile: .documented, suite: F.suite, selection: one)
        #expect(other.map(\.testDescription) == ["<no login-result vector selected>"])
        #expect(other.first?.vector == nil)
        let nothing = VectorSelection(patterns: ["nonce::no::such-vector"])
        for family in [ConformanceFamily.nonce, .loginResult] {
            #expect(ConformanceCases.cases(family, profile: .documented, suite: F.suite, selection: nothing)
                .map(\.testDescription) == ["<no vectors>"])
        }
    }
}

