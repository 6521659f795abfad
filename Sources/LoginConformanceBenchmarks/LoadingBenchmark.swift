import LoginConformance

/// 2. Vector loading: `VectorSuite.load` of every vector file, the first time in this process and again.
struct LoadingBenchmark {
    let options: BenchOptions
    let output: BenchOutput

    /// Loads the suite (bundled, or `--vectors`) and times loading it again; returns it and the table row.
    func run() throws -> (VectorSuite, BenchTable.Row) {
        output.section("2. Vector loading: VectorSuite.load of every vector file (read, strict decode, ID and changelog checks)")
        let clock = ContinuousClock()
        let start = clock.now
        let suite = try options.vectorsDirectory.map(VectorSuite.load(from:)) ?? VectorSuite.bundled()
        let first = clock.now - start
        let times = (0..<(options.quick ? 5 : 20)).map { _ in
            Stopwatch.time { _ = try? VectorSuite.load(from: suite.directory) }
        }
        let median = Stopwatch.median(times)
        output.line("  \(suite.vectors.count) vectors in \(suite.families.count) files (suite \(suite.suiteVersion))")
        output.line("  first load in this process: \(BenchFormat.ms(first)) · median of \(times.count) more: \(BenchFormat.ms(median)) · min \(BenchFormat.ms(times.min()!))")
        let seconds = Stopwatch.seconds(median)
        return (suite, BenchTable.Row(
            name: "2. vector loading (\(suite.vectors.count) vectors)",
            result: "\(BenchFormat.ms(median)) median (first \(BenchFormat.ms(first)))",
            target: "≤ 25 ms", met: seconds <= 0.025 ? "yes" : "NO"))
    }
}
