import LoginConformance
import LoginConformanceReference

/// 6. Scaling: the engine (evaluate each vector, then the run's totals, families and problems) over the documented
/// vectors replicated by each `--scales` factor; the cost per vector should not grow with the count.
struct ScalingBenchmark {
    let suite: VectorSuite
    let options: BenchOptions
    let output: BenchOutput

    /// Measures each scale and returns the table row (target: linear, the cost per vector at the largest scale
    /// within 1.5× of the smallest).
    func run() -> BenchTable.Row {
        output.section("6. Scaling: the engine (evaluate, then the run's totals, families and problems) over replicated vectors")
        let profile = ConformanceProfile.documented
        let reference = ReferenceImplementation(profile: profile)
        let base = suite.vectors(for: profile)
        var perThousand: [(factor: Int, count: Int, cost: Double)] = []
        for factor in options.scales {
            let vectors = base.replicated(factor)
            let repeats = vectors.count > 50_000 ? (options.quick ? 1 : 3) : (options.quick ? 3 : 7)
            let times = (0..<repeats).map { _ in
                Stopwatch.time {
                    let run = ConformanceRun(suiteVersion: suite.suiteVersion, profile: profile,
                                             results: vectors.map { ConformanceEngine.evaluate($0, against: reference) })
                    _ = (run.totals, run.familySummaries, run.problems, run.verdict)
                }
            }
            let best = times.min()!
            let cost = Stopwatch.seconds(best) * 1000 * 1000 / Double(vectors.count)
            perThousand.append((factor, vectors.count, cost))
            output.line("  \(BenchFormat.leftPadded(String(factor), 4))× \(BenchFormat.leftPadded(String(vectors.count), 7)) vectors: "
                + "\(BenchFormat.ms(best)) (best of \(repeats)) · \(BenchFormat.fixed(cost, 2)) ms per 1,000")
        }
        let growth = perThousand.count > 1 ? perThousand.last!.cost / perThousand.first!.cost : 1
        output.line("  cost per vector at \(perThousand.last!.factor)× ÷ at \(perThousand.first!.factor)×: \(BenchFormat.fixed(growth, 2)) (1.00 is perfectly linear)")
        return BenchTable.Row(
            name: "6. scaling \(perThousand.map { "\($0.factor)×" }.joined(separator: "/"))",
            result: perThousand.map { BenchFormat.fixed($0.cost, 2) }.joined(separator: " / ") + " ms per 1,000",
            target: "linear", met: growth <= 1.5 ? "yes (\(BenchFormat.fixed(growth, 2)))" : "NO (\(BenchFormat.fixed(growth, 2)))")
    }
}
