import Foundation
import Testing

/// The README's second test command, the slow one: `LOGIN_CONFORMANCE_SLOW_TESTS=1 swift test --skip-build --filter
/// SlowTests`. It runs the deliberately slow end-to-end work that `swift test` leaves out (hostile adapters over the
/// whole suite, a scratch package's cold build, 1,000 signals, a mutation run over every mutant, the blind rounds'
/// implementations over their families' vectors, the benchmarks through the harness); CI runs both commands.
///
/// A slow test is a test of a type whose name ends in `SlowTests` (what the command's filter selects) that carries
/// the ``Testing/Trait/slow`` trait (what keeps `swift test` from running it). `Scripts/release/check_test_commands.py`
/// reads the two commands' logs and fails when a test runs in neither (a `.slow` test outside a `SlowTests` type)
/// or in both.
package enum SlowCommand {
    /// The environment variable that turns the slow tests on.
    package static let variable = "LOGIN_CONFORMANCE_SLOW_TESTS"

    /// The command, as the README and CI write it.
    package static let command = "\(variable)=1 swift test --skip-build --filter SlowTests"

    /// Whether this test process runs the slow tests.
    package static let isRunning = ProcessInfo.processInfo.environment[variable] == "1"
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only under the slow command (``SlowCommand``); `swift test` lists it as skipped, saying how
    /// to run it.
    package static var slow: Self {
        .enabled(if: SlowCommand.isRunning, "slow: \(SlowCommand.command)")
    }
}
