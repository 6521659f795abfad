import LoginConformance

/// 3 (in process). How many cases each parameterized Swift Testing test has (`ConformanceCases.family`, one test
/// per family and profile); the runner's wall time is measured by `Scripts/benchmarks/bench.sh`.
struct ParameterizedSizesBenchmark {
    let suite: VectorSuite
    let output: BenchOutput

    /// Counts the cases and returns the table row (target: no test above 2,000 cases).
    func run() -> BenchTable.Row {
        output.section("3. Swift Testing: cases per parameterized test (ConformanceCases.family, one test per family and profile)")
        var largest = 0, total = 0
        for profile in ConformanceProfile.allCases {
            let sizes = suite.families.map { family in (family, suite.vectors(for: profile, families: [family]).count) }
            output.line("  \(profile.rawValue): " + sizes.map { "\($0.0.rawValue) \($0.1)" }.joined(separator: ", "))
            largest = max(largest, sizes.map(\.1).max() ?? 0)
            total += sizes.map(\.1).reduce(0, +)
        }
        output.line("  \(total) cases in all; the largest parameterized test has \(largest) (the wall time: Scripts/benchmarks/bench.sh)")
        return BenchTable.Row(name: "3. largest parameterized test", result: "\(largest) cases (\(total) in all)",
                              target: "≤ 2,000 cases", met: largest <= 2_000 ? "yes" : "NO")
    }
}
