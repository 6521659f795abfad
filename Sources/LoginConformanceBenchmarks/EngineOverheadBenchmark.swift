import LoginConformance
import LoginConformanceReference

/// 1. Engine overhead: `ConformanceEngine.run` against the reference in both profiles, against a direct loop over
/// the same decoded inputs (``TypedVectors``), interleaved so that drift on a shared machine hits both alike.
struct EngineOverheadBenchmark {
    let suite: VectorSuite
    let options: BenchOptions
    let output: BenchOutput

    /// Measures both sides and returns the table row (target: the engine within 1.2× of the loop).
    func run() -> BenchTable.Row {
        output.section("1. Engine overhead: ConformanceEngine.run against the reference, both profiles, vs a direct loop")
        output.line("  (the loop calls each family's run on the same decoded inputs, judged by the same Family.conforms)")
        let engine = ConformanceEngine(suite: suite)
        let profiles = ConformanceProfile.allCases
        let references = profiles.map(ReferenceImplementation.init(profile:))
        // Every family of the suite that the reference adopts in both profiles, found by asking it.
        let everything = profiles.map { TypedVectors(suite.vectors(for: $0)) }
        let families = zip(everything, references).map { $0.families(notAdoptedBy: $1) }
            .reduce(Set(suite.families)) { $0.subtracting($1) }
        let typed = everything.map { $0.restricted(to: families) }
        var engineTimes: [Duration] = [], loopTimes: [Duration] = []
        var enginePassed = 0, loopPassed = 0
        let repeats = options.quick ? 5 : 21
        for _ in 0..<repeats {
            engineTimes.append(Stopwatch.time {
                enginePassed = 0
                for (profile, reference) in zip(profiles, references) {
                    let run = try? engine.run(reference, profile: profile, families: families)
                    enginePassed += run?.totals.passed ?? 0
                }
            })
            loopTimes.append(Stopwatch.time {
                loopPassed = 0
                for (vectors, reference) in zip(typed, references) {
                    loopPassed += vectors.directLoop(reference)
                }
            })
        }
        let count = typed.map(\.count).reduce(0, +)
        let engineMedian = Stopwatch.median(engineTimes), loopMedian = Stopwatch.median(loopTimes)
        let ratio = Stopwatch.seconds(engineMedian) / Stopwatch.seconds(loopMedian)
        output.line("  \(count) vector runs per pass (documented + ios-sdk; \(families.sorted().map(\.rawValue).joined(separator: ", "))), \(repeats) passes each")
        output.line("  engine: median \(BenchFormat.ms(engineMedian)) (\(BenchFormat.perThousand(engineMedian, count)) per 1,000) · \(enginePassed) passed")
        output.line("  loop:   median \(BenchFormat.ms(loopMedian)) (\(BenchFormat.perThousand(loopMedian, count)) per 1,000) · \(loopPassed) passed")
        output.line("  ratio engine / loop: \(BenchFormat.fixed(ratio, 2))×")
        if enginePassed != loopPassed {
            output.problem("warning: the engine passed \(enginePassed) vectors, the loop \(loopPassed)")
        }
        return BenchTable.Row(
            name: "1. engine overhead (\(count) vectors)",
            result: "\(BenchFormat.fixed(ratio, 2))× (\(BenchFormat.ms(engineMedian)) vs \(BenchFormat.ms(loopMedian)))",
            target: "≤ 1.2×", met: ratio <= 1.2 ? "yes" : "NO")
    }
}
