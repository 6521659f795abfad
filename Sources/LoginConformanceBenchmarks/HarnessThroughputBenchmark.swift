import LoginConformance
import LoginConformanceHarness

/// 4. Harness throughput: vectors per second through ``HarnessRunner`` (start and handshake not counted), with
/// the trivial adapter (which measures the runner) at several batch sizes and with a real adapter; then the trivial
/// adapter's own ceiling (``AdapterAloneBenchmark``) and where the runner's time goes (``RunnerSplitBenchmark``).
struct HarnessThroughputBenchmark {
    let suite: VectorSuite
    let options: BenchOptions
    let output: BenchOutput

    /// The goal for the trivial adapter at each batch size (BENCHMARKS.md): a rate, or a share of the adapter alone's.
    static let goals: [Int: (rate: Double?, shareOfAlone: Double?)] = [
        1: (20_000, nil), 16: (100_000, nil), 256: (nil, 0.5),
    ]

    /// The families whose vectors the trivial adapter is sent: the first four, as in every run BENCHMARKS.md
    /// records, so that throughput stays comparable across releases (the runner's cost does not depend on the family).
    static let trivialFamilies: Set<ConformanceFamily> = [.nonce, .loginConfiguration, .loginResult, .tokenClaims]

    /// Runs every harness measurement and returns their table rows; an adapter that cannot be run is noted and
    /// leaves its rows out.
    func run() -> [BenchTable.Row] {
        output.section("4. Harness throughput: HarnessRunner over JSON Lines (start and handshake not counted)")
        var rows: [BenchTable.Row] = []
        let base = suite.vectors(for: .documented)
        let trivialVectors = base.filter { Self.trivialFamilies.contains($0.family) }.replicated(options.quick ? 2 : 10)
        let trivial = (options.quick ? [1, 256] : [1, 16, 256]).compactMap { batch in
            throughput(options.trivialAdapter, trivialVectors, batch: batch).map { (batch: batch, rate: $0) }
        }
        for batch in options.quick ? [64] : [1, 64] {
            guard let measured = throughput(options.referenceAdapter, base, batch: batch) else { continue }
            rows.append(BenchTable.Row(name: "4. harness, Python reference adapter, batch \(batch)", result: "\(BenchFormat.grouped(measured)) vectors/s",
                                       target: "(no target)", met: "—"))
        }
        let aloneRuns = (0..<options.harnessRuns).compactMap { _ in
            AdapterAloneBenchmark(command: options.trivialAdapter, vectors: trivialVectors, output: output).run()
        }
        let alone = aloneRuns.count == options.harnessRuns ? median(aloneRuns, of: "trivial adapter alone") : nil
        rows = trivial.map { batch, rate in
            let goal = Self.goals[batch]
            var target = "(no target)", met = "—"
            if let least = goal?.rate {
                (target, met) = ("≥ \(BenchFormat.grouped(least))/s", rate >= least ? "yes" : "NO")
            } else if let share = goal?.shareOfAlone, let alone {
                let percent = Int((rate / alone * 100).rounded())
                (target, met) = ("≥ \(Int(share * 100))% of the adapter alone", rate >= share * alone ? "yes (\(percent)%)" : "NO (\(percent)%)")
            }
            return BenchTable.Row(name: "4. harness, trivial adapter, batch \(batch)",
                                  result: "\(BenchFormat.grouped(rate)) vectors/s", target: target, met: met)
        } + rows
        if let alone {
            rows.append(BenchTable.Row(name: "4. trivial adapter alone (no runner)", result: "\(BenchFormat.grouped(alone)) vectors/s",
                                       target: "(its ceiling)", met: "—"))
        }
        output.line("  (the trivial adapter answers {\"result\":\"valid\"} to everything: a failure or, outside the nonce family,"
            + " an answer of the wrong shape, an error; that is the point, it measures the runner, not an implementation)")
        RunnerSplitBenchmark(vectors: trivialVectors, output: output).run()
        return rows
    }

    /// The median of `rates` (one per run; a note gives it with the range when there are several), or `nil` when
    /// there is none.
    private func median(_ rates: [Double], of what: String) -> Double? {
        let sorted = rates.sorted()
        guard !sorted.isEmpty else { return nil }
        let middle = sorted.count / 2
        let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        if sorted.count > 1 {
            output.line("  \(what): median of \(sorted.count) runs \(BenchFormat.grouped(median)) vectors/s"
                + " (\(BenchFormat.grouped(sorted[0])) – \(BenchFormat.grouped(sorted[sorted.count - 1])))")
        }
        return median
    }

    /// Vectors per second through the runner (the median of ``BenchOptions/harnessRuns`` runs), or `nil` (with a
    /// note) when the adapter cannot be run. Each vector's input is rendered the first time it is sent and kept for
    /// the loaded suite's life (``ConformanceVector/inputJSON()``), so the runs measured send kept renderings; a first
    /// run on fresh copies of the vectors, which renders every input as a single `run` does, is printed beside them.
    private func throughput(_ command: String, _ allVectors: [any ConformanceVector], batch: Int) -> Double? {
        let fresh = allVectors.map { ($0 as? any BenchReplicable)?.replica(0) ?? $0 }
        guard throughputOnce(command, fresh, batch: batch, note: " (first send: every input rendered in the run)") != nil else {
            return nil
        }
        var rates: [Double] = []
        for _ in 0..<options.harnessRuns {
            guard let rate = throughputOnce(command, allVectors, batch: batch) else { return nil }
            rates.append(rate)
        }
        return median(rates, of: "\(command) --batch \(batch)")
    }

    /// One run's vectors per second through the runner, or `nil` (with a note) when the adapter cannot be run.
    private func throughputOnce(
        _ command: String, _ allVectors: [any ConformanceVector], batch: Int, note: String = ""
    ) -> Double? {
        let runner = HarnessRunner(command: command, options: HarnessOptions(timeout: .seconds(30), restartBudget: 0, batchSize: batch))
        let clock = ContinuousClock()
        let startedAt = clock.now
        let vectors: [any ConformanceVector]
        do {
            let capabilities = try runner.start().capabilities
            vectors = allVectors.filter { capabilities.contains($0.family) }  // the others are skipped, never sent
        } catch {
            output.line("  \(command): not measured: \(error)")
            return nil
        }
        let startup = clock.now - startedAt
        var results: [VectorResult] = []
        var failure: HarnessFailure?
        let elapsed = Stopwatch.time { (results, failure) = runner.run(vectors) }
        runner.stop()
        let counts = ConformanceRun(suiteVersion: suite.suiteVersion, profile: .documented, results: results).totals
        let rate = Double(vectors.count) / Stopwatch.seconds(elapsed)
        output.line("  \(command) --batch \(batch)\(note): \(vectors.count) vectors in \(BenchFormat.ms(elapsed)) → \(BenchFormat.grouped(rate)) vectors/s"
            + " (start \(BenchFormat.ms(startup)); \(counts.passed) passed, \(counts.failed) failed, \(counts.errored) errors\(failure.map { "; \($0)" } ?? ""))")
        return rate
    }
}
