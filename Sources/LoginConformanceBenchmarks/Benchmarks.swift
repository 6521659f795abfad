import Foundation
import LoginConformance

/// `login-conformance bench`: how cheap the toolkit is to run, measured in this process (BENCHMARKS.md).
///
/// Machines are shared and noisy, so wherever a comparison exists the result is a ratio of two measurements taken
/// in the same run, interleaved; absolute times are medians over repeats. Nothing here is an assertion: a missed
/// target is printed as such and the command still succeeds. The measurements that need the outside world (clean
/// build times, the Swift Testing runner's wall time) are driven by `Scripts/benchmarks/bench.sh`.
package struct Benchmarks {
    private let output: BenchOutput

    /// Benchmarks writing progress with `line` and problems with `problem` (one line each).
    package init(line: @escaping (String) -> Void, problem: @escaping (String) -> Void) {
        output = BenchOutput(line: line, problem: problem)
    }

    /// Runs the benchmarks `arguments` (`bench`'s options, ``BenchOptions``) select, printing each one's progress
    /// and then the summary table. Returns `false` when the arguments or the vectors were refused: the problem is
    /// printed (for an argument, followed by `usage`) and nothing is measured.
    package func run(_ arguments: [String], usage: String) -> Bool {
        let options: BenchOptions
        do {
            options = try BenchOptions(parsing: arguments)
        } catch {
            output.problem("error: \(error.description)\n\n\(usage)")
            return false
        }
        #if DEBUG
        let configuration = "debug"
        #else
        let configuration = "release"
        #endif
        output.line("login-conformance bench (\(configuration) build\(options.quick ? ", quick" : ""); "
            + "\(ProcessInfo.processInfo.activeProcessorCount) cores)")
        if configuration == "debug" {
            output.line("note: a debug build; the numbers in BENCHMARKS.md are from `swift build -c release`")
        }
        var table = BenchTable()
        do {
            let (suite, loadRows) = try LoadingBenchmark(options: options, output: output).run()
            table.rows.append(contentsOf: loadRows)
            table.rows.append(EngineOverheadBenchmark(suite: suite, options: options, output: output).run())
            table.rows.append(ParameterizedSizesBenchmark(suite: suite, output: output).run())
            table.rows.append(ScalingBenchmark(suite: suite, options: options, output: output).run())
            table.rows.append(contentsOf: WholeRunBenchmark(options: options, output: output).run())
            if options.harness {
                table.rows.append(contentsOf: HarnessThroughputBenchmark(suite: suite, options: options, output: output).run())
            }
        } catch let error as VectorLoadError {
            output.problem("vector error: \(error.description)")
            return false
        } catch {
            output.problem("error: \(error)")
            return false
        }
        output.line()
        for line in table.lines { output.line(line) }
        return true
    }
}
