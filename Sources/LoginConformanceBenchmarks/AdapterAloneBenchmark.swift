import Foundation
import LoginConformance
import LoginConformanceHarness
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The adapter on its own, the runner's ceiling: the very request lines the runner sends
/// (``AdapterRequest/start``, ``AdapterRequest/run(_:sequence:)``, ``AdapterRequest/stop``), read
/// from a file, its output to `/dev/null`, its start-up time (an empty run) subtracted.
struct AdapterAloneBenchmark {
    /// The adapter's command line, run with `/bin/sh -c` as the harness runs it.
    let command: String
    let vectors: [any ConformanceVector]
    let output: BenchOutput

    /// Vectors per second, or `nil` (with a note) when the adapter does not run cleanly from a file.
    func run() -> Double? {
        // One directory per measurement, not per process: tests run several benches at once in one process, and one's
        // clean-up must not remove another's request file.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("login-conformance-bench-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let full = directory.appendingPathComponent("requests.jsonl"), empty = directory.appendingPathComponent("empty.jsonl")
        var lines = [AdapterRequest.start]
        for (index, vector) in vectors.enumerated() {
            lines.append(AdapterRequest.run(vector, sequence: index + 1))
        }
        lines.append(AdapterRequest.stop)
        do {
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: full)
            try Data((AdapterRequest.start + "\n" + AdapterRequest.stop + "\n").utf8).write(to: empty)
        } catch {
            output.line("  adapter alone: not measured: \(error)")
            return nil
        }
        guard let fullTime = best(reading: full), let emptyTime = best(reading: empty) else {
            output.line("  adapter alone: \(command) did not run cleanly from a file")
            return nil
        }
        let work = max(Stopwatch.seconds(fullTime - emptyTime), 1e-9)
        let rate = Double(vectors.count) / work
        output.line("  \(command) alone, \(vectors.count) requests from a file, output to /dev/null: \(BenchFormat.ms(fullTime))"
            + " − start-up \(BenchFormat.ms(emptyTime)) → \(BenchFormat.grouped(rate)) vectors/s")
        return rate
    }

    /// The best of three runs of the adapter with `input` as its standard input, or `nil` if one did not exit 0.
    private func best(reading input: URL) -> Duration? {
        var times: [Duration] = []
        for _ in 0..<3 {
            guard let elapsed = timedRun(reading: input) else { return nil }
            times.append(elapsed)
        }
        return times.min()
    }

    /// One run, timed from the spawn to the exit, or `nil` if it could not start or did not exit 0. It uses
    /// posix_spawn and waitpid: Foundation's `Process.waitUntilExit` polls, which blurs short runs.
    private func timedRun(reading input: URL) -> Duration? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input.path, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let words: [String] = ["/bin/sh", "-c", command]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var child: pid_t = 0, status: Int32 = 0
        var spawned = true
        let elapsed = Stopwatch.time {
            guard posix_spawn(&child, "/bin/sh", &actions, nil, arguments, environ) == 0 else {
                spawned = false
                return
            }
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        }
        return spawned && status == 0 ? elapsed : nil
    }
}
