import Foundation
import LoginConformance
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// 7. A whole run under load: the suite written to disk replicated by each `--run-scales` factor
/// (every vector copied under a distinct ID, `<id>.r<copy>`), then `login-conformance run --vectors <copy>
/// --report-json <file>` as a child process, so that loading, judging, the gate and the report are all counted: its
/// wall time and its peak resident memory (`wait4`'s `ru_maxrss`). Linear means time and memory per vector no
/// larger at the largest factor than at the smallest (memory with the process's fixed part, the smallest run's, taken
/// out).
struct WholeRunBenchmark {
    let options: BenchOptions
    let output: BenchOutput

    /// One child run: its vectors, wall time and peak resident set.
    struct Measurement {
        let factor: Int
        let vectors: Int
        let seconds: Double
        let peakKiB: Int
    }

    /// Measures each factor and returns the table rows (time and memory), or none (with a note) when the CLI cannot
    /// be found or a run fails.
    func run() -> [BenchTable.Row] {
        output.section("7. Whole run under load: `login-conformance run --vectors` over the suite replicated on disk, as a child process")
        guard let binary = options.cli ?? Self.runningTool else {
            output.line("  not measured: this process is not login-conformance (give --cli PATH)")
            return []
        }
        guard let source = options.vectorsDirectory ?? VectorSuite.bundledDirectory else {
            output.line("  not measured: the bundled vectors are not found")
            return []
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("login-conformance-bench-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var measurements: [Measurement] = []
        for factor in options.runScales {
            let directory = scratch.appendingPathComponent("x\(factor)")
            let count: Int
            do {
                count = try Self.writeReplicated(from: source, to: directory, factor: factor)
            } catch {
                output.line("  \(factor)×: not measured: the replicated suite could not be written: \(error)")
                return []
            }
            // Best of two: the first run also warms the file cache.
            var best: Measurement?
            for _ in 0..<(options.quick ? 1 : 2) {
                let report = scratch.appendingPathComponent("results-\(factor).json")
                guard let (seconds, peak) = Self.childRun(binary, ["run", "--vectors", directory.path, "--report-json", report.path]) else {
                    output.line("  \(factor)×: not measured: \(binary) run --vectors … did not exit 0 or 1")
                    return []
                }
                if best == nil || seconds < best!.seconds {
                    best = Measurement(factor: factor, vectors: count, seconds: seconds, peakKiB: peak)
                }
            }
            try? FileManager.default.removeItem(at: directory)
            let measured = best!
            measurements.append(measured)
            output.line("  \(BenchFormat.leftPadded(String(factor), 4))× \(BenchFormat.leftPadded(String(count), 7)) vectors (both profiles' files): "
                + "\(BenchFormat.fixed(measured.seconds * 1000, 0)) ms, peak \(BenchFormat.fixed(Double(measured.peakKiB) / 1024, 1)) MiB · "
                + "\(BenchFormat.fixed(measured.seconds * 1_000_000 / Double(count), 1)) µs per vector")
        }
        guard let first = measurements.first, let last = measurements.last else { return [] }
        let timeGrowth = (last.seconds / Double(last.vectors)) / (first.seconds / Double(first.vectors))
        // Memory per vector beyond the smallest run (the process, the runtime and one copy of the suite): the
        // growth from the smallest to the largest factor, per vector added, against the smallest run's per vector.
        let memoryGrowth: Double? = last.factor > first.factor
            ? (Double(last.peakKiB - first.peakKiB) / Double(last.vectors - first.vectors)) / (Double(first.peakKiB) / Double(first.vectors))
            : nil
        output.line("  time per vector at \(last.factor)× ÷ at \(first.factor)×: \(BenchFormat.fixed(timeGrowth, 2))"
            + (memoryGrowth.map { "; memory per added vector ÷ memory per vector at \(first.factor)×: \(BenchFormat.fixed($0, 2))" } ?? "")
            + " (at most 1.00 is linear or better)")
        let scales = measurements.map { "\($0.factor)×" }.joined(separator: "/")
        var rows = [BenchTable.Row(
            name: "7. whole run \(scales), time",
            result: measurements.map { BenchFormat.fixed($0.seconds * 1000, 0) + " ms" }.joined(separator: " / "),
            target: "linear", met: timeGrowth <= 1.5 ? "yes (\(BenchFormat.fixed(timeGrowth, 2)))" : "NO (\(BenchFormat.fixed(timeGrowth, 2)))")]
        if let memoryGrowth {
            rows.append(BenchTable.Row(
                name: "7. whole run \(scales), peak memory",
                result: measurements.map { BenchFormat.fixed(Double($0.peakKiB) / 1024, 1) + " MiB" }.joined(separator: " / "),
                target: "linear", met: memoryGrowth <= 1.5 ? "yes (\(BenchFormat.fixed(memoryGrowth, 2)))" : "NO (\(BenchFormat.fixed(memoryGrowth, 2)))"))
        }
        return rows
    }

    /// The running executable when it is the CLI (`bench` run as `login-conformance bench`), else `nil`.
    static var runningTool: String? {
        guard let path = Bundle.main.executablePath, URL(fileURLWithPath: path).lastPathComponent == "login-conformance" else {
            return nil
        }
        return path
    }

    /// Writes the suite in `source` to `directory` with every family file's vectors repeated `factor` times, the
    /// copies under distinct IDs (`<id>.r2`, `<id>.r3`…, IDs the loader's rule accepts); the other files as they are.
    /// Returns the number of vectors written.
    static func writeReplicated(from source: URL, to directory: URL, factor: Int) throws -> Int {
        let manager = FileManager.default
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: source.appendingPathComponent("manifest.json")))
        let familyFiles = Set(((manifest as? [String: Any])?["families"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String })
        var count = 0
        for name in try manager.contentsOfDirectory(atPath: source.path) {
            let from = source.appendingPathComponent(name), to = directory.appendingPathComponent(name)
            guard familyFiles.contains(name) else {
                try manager.copyItem(at: from, to: to)
                continue
            }
            guard var file = try JSONSerialization.jsonObject(with: Data(contentsOf: from)) as? [String: Any],
                  let vectors = file["vectors"] as? [[String: Any]] else {
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: from.path])
            }
            var copies = vectors
            copies.reserveCapacity(vectors.count * factor)
            for copy in stride(from: 2, through: factor, by: 1) {
                for vector in vectors {
                    var replica = vector
                    replica["id"] = "\(vector["id"] as? String ?? "").r\(copy)"
                    copies.append(replica)
                }
            }
            file["vectors"] = copies
            count += copies.count
            try JSONSerialization.data(withJSONObject: file).write(to: to)
        }
        return count
    }

    /// Runs `binary` with `arguments` (output to `/dev/null`) and waits with `wait4`: its wall time and peak
    /// resident set in KiB, or `nil` when it could not start or exited other than 0 (passed) or 1 (failures).
    static func childRun(_ binary: String, _ arguments: [String]) -> (seconds: Double, peakKiB: Int)? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let words: [UnsafeMutablePointer<CChar>?] = ([binary] + arguments).map { strdup($0) } + [nil]
        defer { words.forEach { free($0) } }
        var child: pid_t = 0, status: Int32 = 0
        var usage = rusage()
        var spawned = true
        let elapsed = Stopwatch.time {
            guard posix_spawn(&child, binary, &actions, nil, words, environ) == 0 else {
                spawned = false
                return
            }
            while wait4(child, &status, 0, &usage) < 0 && errno == EINTR {}
        }
        let exited = status & 0x7f == 0, code = (status >> 8) & 0xff
        guard spawned, exited, code == 0 || code == 1 else { return nil }
        // ru_maxrss is in KiB on Linux, in bytes on Darwin.
        #if os(Linux)
        let peak = Int(usage.ru_maxrss)
        #else
        let peak = Int(usage.ru_maxrss) / 1024
        #endif
        return (Stopwatch.seconds(elapsed), peak)
    }
}
