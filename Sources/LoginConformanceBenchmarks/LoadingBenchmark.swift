import Foundation
import LoginConformance

/// 2. Vector loading: `VectorSuite.load` of every vector file, the first time in this process and again, and
/// against Foundation's `JSONSerialization` merely parsing the same files (issue goal: at most 0.5×).
struct LoadingBenchmark {
    let options: BenchOptions
    let output: BenchOutput

    /// Loads the suite (bundled, or `--vectors`) and times loading it again, interleaved with `JSONSerialization`
    /// parsing the same files' bytes; returns the suite and the two table rows.
    func run() throws -> (VectorSuite, [BenchTable.Row]) {
        output.section("2. Vector loading: VectorSuite.load of every vector file (read, strict decode, ID and changelog checks)")
        let clock = ContinuousClock()
        let start = clock.now
        let suite = try options.vectorsDirectory.map(VectorSuite.load(from:)) ?? VectorSuite.bundled()
        let first = clock.now - start
        // The files the loader reads, in memory: Foundation only parses them (lenient, no checks, no models).
        let files = try (["manifest.json"] + suite.manifest.families.map(\.file) + ["changelog.json"]).map { name in
            try Data(contentsOf: suite.directory.appendingPathComponent(name))
        }
        var loads: [Duration] = [], parses: [Duration] = []
        for _ in 0..<(options.quick ? 5 : 21) {
            loads.append(Stopwatch.time { _ = try? VectorSuite.load(from: suite.directory) })
            parses.append(Stopwatch.time { for data in files { _ = try? JSONSerialization.jsonObject(with: data) } })
        }
        let median = Stopwatch.median(loads), parse = Stopwatch.median(parses)
        let ratio = Stopwatch.seconds(median) / Stopwatch.seconds(parse)
        let bytes = files.reduce(0) { $0 + $1.count }
        output.line("  \(suite.vectors.count) vectors in \(suite.families.count) files (suite \(suite.suiteVersion)), \(BenchFormat.fixed(Double(bytes) / 1_000_000, 1)) MB with the manifest and changelog")
        output.line("  first load in this process: \(BenchFormat.ms(first)) · median of \(loads.count) more: \(BenchFormat.ms(median)) · min \(BenchFormat.ms(loads.min()!))")
        output.line("  JSONSerialization parsing the same bytes (interleaved): median \(BenchFormat.ms(parse)) · the loader takes \("\(BenchFormat.fixed(ratio, 2))×") of it")
        return (suite, [
            BenchTable.Row(
                name: "2. vector loading (\(suite.vectors.count) vectors)",
                result: "\(BenchFormat.ms(median)) median (first \(BenchFormat.ms(first)))",
                target: "≤ 25 ms", met: Stopwatch.seconds(median) <= 0.025 ? "yes" : "NO"),
            BenchTable.Row(
                name: "2. loading ÷ JSONSerialization parse",
                result: "\("\(BenchFormat.fixed(ratio, 2))×") (\(BenchFormat.ms(median)) vs \(BenchFormat.ms(parse)))",
                target: "≤ 0.5×", met: ratio <= 0.5 ? "yes" : "NO"),
        ])
    }
}
