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

/// The committed baseline: known failures by vector ID (none here).
private let baseline = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("conformance-baseline.json")

@Suite struct FacebookLoginConformance {
    @Test(arguments: ConformanceCases.family(.nonce, profile: .documented, baseline: baseline))
    func nonce(_ vector: ConformanceCase) { vector.check(ExampleLoginAdapter()) }

    /// `UPDATE_BASELINE=1 swift test` writes the baseline from this run; otherwise the run is gated by it.
    @Test func conformanceReports() throws {
        let updating = ProcessInfo.processInfo.environment["UPDATE_BASELINE"] != nil
        let report = try ConformanceGate.evaluate(ExampleLoginAdapter(), as: ImplementationInfo(name: "ExampleLogin"),
                                                  profile: .documented, baseline: updating ? nil : baseline)
        try report.writeReports(to: URL(fileURLWithPath: "reports")) { "LOGIN_CONFORMANCE_VECTORS='\($0)' swift test" }
        if updating {
            try Baseline(run: report.run, previous: try? Baseline.load(from: baseline), implementation: "ExampleLogin")
                .fileText().write(to: baseline, atomically: true, encoding: .utf8)
        }
        #expect(updating || report.verdict == .passed, "see reports/summary.md")
    }
}
