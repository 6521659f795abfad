import Foundation
import LoginConformance
import Testing

/// Results made by hand for the product-mutant tests (Scripts/mutation/product_mutation.py): real vectors of the bundled
/// suite with the outcome a test needs, so the gate, the reports and the counts are checked case by case without
/// running an implementation.
package enum ProductFixtures {
    /// The bundled suite, loaded once.
    package static let suite: VectorSuite = try! VectorSuite.bundled()

    /// The newest release of the bundled changelog that `matches`, and the version before it (a baseline written
    /// then sees the release's changes as after it). Not simply the last release: a release may add vectors only.
    package static func newestRelease(
        where matches: (SuiteChangelog.Release) -> Bool
    ) -> (release: SuiteChangelog.Release, previous: SuiteVersion)? {
        let releases = suite.changelog.releases
        guard let index = releases.lastIndex(where: matches), index > 0 else { return nil }
        return (releases[index], releases[index - 1].version)
    }

    /// The vector `id` of the bundled suite with `outcome`.
    package static func result(_ id: String, _ outcome: VectorOutcome, diagnostics: String? = nil) -> VectorResult {
        let vector = suite.vector(withID: id)!
        return VectorResult(metadata: vector.metadata, family: vector.family, outcome: outcome, duration: .milliseconds(2),
                            diagnostics: diagnostics)
    }

    /// A failure of `kind`, with distinct expected and actual texts.
    package static func failed(_ kind: FailureKind, expected: String = #"{"result":"invalid"}"#,
                       actual: String = #"{"result":"valid"}"#) -> VectorOutcome {
        .failed(VectorMismatch(summary: "expected invalid, got valid", expected: expected, actual: actual, kind: kind))
    }

    /// A run of `results` under `profile` at the bundled suite's version.
    package static func run(_ results: [VectorResult], profile: ConformanceProfile = .documented) -> ConformanceRun {
        ConformanceRun(suiteVersion: suite.suiteVersion, profile: profile, results: results)
    }

    /// The gate for `baseline` (none when `nil`).
    package static func gate(_ baseline: Baseline?, profile: ConformanceProfile = .documented,
                     policy: GatePolicy = GatePolicy()) throws -> ConformanceGate {
        try ConformanceGate(suite: suite, profile: profile, baseline: baseline, policy: policy)
    }

    /// A baseline written for suite `version` with `knownFailures`.
    package static func baseline(_ version: String, profile: ConformanceProfile = .documented,
                         _ knownFailures: [String: Baseline.KnownFailure] = [:]) -> Baseline {
        Baseline(suiteVersion: SuiteVersion(version)!, profile: profile, implementation: "fixture",
                 knownFailures: knownFailures)
    }

    /// Vectors of the documented profile, the first `count` of `family`, by ID.
    package static func ids(_ family: ConformanceFamily, _ count: Int, profile: ConformanceProfile = .documented) -> [String] {
        Array(suite.vectors(for: profile, families: [family]).prefix(count).map(\.metadata.id))
    }
}
