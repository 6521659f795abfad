import ExampleLogin
import Foundation
import LoginConformanceTesting
import Testing

/// The adapter: the app's API expressed as the toolkit's protocol.
struct ExampleLoginAdapter: NonceValidating {
    func validateNonce(_ nonce: String) -> NonceVerdict {
        switch LimitedLoginNonce.problem(with: nonce) {
        case nil: .valid
        case .empty: .invalid(.empty)
        case .containsWhitespace: .invalid(.whitespace)
        }
    }
}

/// The committed baseline, Tests/conformance-baseline.json: known failures by vector ID (none here), outside the test
/// target's folder so that SwiftPM neither bundles it nor warns about it.
private let baseline = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("conformance-baseline.json")

@Suite struct FacebookLoginConformance {
    @Test(arguments: ConformanceCases.family(.nonce, profile: .documented, baseline: baseline))
    func nonce(_ vector: ConformanceCase) { vector.check(ExampleLoginAdapter()) }

    /// `UPDATE_BASELINE=1 swift test` first writes the baseline from this run; the run is then gated by it.
    @Test func conformanceReports() throws {
        let info = ImplementationInfo(name: "ExampleLogin")
        if ConformanceCases.updatingBaseline {
            let run = try ConformanceGate.evaluate(ExampleLoginAdapter(), as: info, profile: .documented).run
            try Baseline(run: run, previous: try? Baseline.load(from: baseline), implementation: "ExampleLogin")
                .fileText().write(to: baseline, atomically: true, encoding: .utf8)
        }
        let report = try ConformanceGate.evaluate(ExampleLoginAdapter(), as: info, profile: .documented, baseline: baseline)
        try report.writeReports(to: URL(fileURLWithPath: "reports")) { "LOGIN_CONFORMANCE_VECTORS='\($0)' swift test" }
        #expect(report.verdict == .passed, "see reports/summary.md")
    }
}
