import Foundation
@testable import LoginConformance
@testable import LoginConformanceCLI
@testable import LoginConformanceHarness
import Testing
import LoginConformanceTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The CLI as a process (the runner's defects 4 and 5): closed or full terminal streams end terminal output and
/// nothing else, and a signal at any point leaves every report either the previous whole file or the new one.
@Suite("The CLI process under closed streams and signals")
struct ProcessSignalTests {
    /// Runs `script` with `/bin/sh -c`; its exit status.
    @discardableResult
    private func shell(_ script: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test("stdout closed, stderr closed, stderr full, stdout to a reader that leaves: the verdict's status, the report written",
          arguments: [">&-", "2>&-", "2>/dev/full", ">/dev/full 2>/dev/full", "| head -1 >/dev/null", "2>&1 | head -c 1 >/dev/null"])
    func closedStreams(redirection: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: RepositoryPaths.cliBinary), "build the CLI first: \(RepositoryPaths.cliBinary)")
        let directory = try ScratchDirectory.folder(prefix: "runner-faults")
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = directory.appendingPathComponent("results.json")
        // A warning goes to standard error before the report is written (an option the protocol does not define
        // in the adapter's answer): it must not cost the report.
        let adapter = "\(Python.command) \(RepositoryPaths.hostileAdapter) --extra-member-on nonce::empty::empty-string"
        // The CLI's own status, written by the shell that ran it (a pipe's status would be head's).
        let command = "'\(RepositoryPaths.cliBinary)' run --family nonce --report-json '\(report.path)' --adapter '\(adapter)'"
        let status = directory.appendingPathComponent("status").path
        if let pipe = redirection.range(of: "| ") {
            let before = redirection[..<pipe.lowerBound], after = redirection[pipe.upperBound...]
            try shell("{ \(command) \(before); echo $? > '\(status)'; } | \(after)")
        } else {
            try shell("\(command) \(redirection); echo $? > '\(status)'")
        }
        let code = try String(contentsOfFile: status, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        // Never a crash (132 SIGILL from FileHandle.write, 134, 139): the verdict's own status.
        #expect(code == "0", "exit \(code)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        #expect(document["verdict"] as? String == "passed")
    }

    /// A small deterministic generator (SplitMix64), so a failing seed can be replayed.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test("40 signals at random points of runs that write three reports (1,000 in the slow tests): each file is the previous or the new one, whole, and the three agree")
    func signalsDuringWrites() throws {
        try signals(rounds: 40)
    }

    /// Sends `rounds` signals (SIGTERM, SIGINT, SIGHUP) at random points of runs that write three reports; each file
    /// must be the previous one or the new one, whole, and the three must agree.
    func signals(rounds: Int) throws {
        try #require(FileManager.default.isExecutableFile(atPath: RepositoryPaths.cliBinary), "build the CLI first: \(RepositoryPaths.cliBinary)")
        let seed = ProcessInfo.processInfo.environment["LOGIN_CONFORMANCE_SIGNAL_SEED"].flatMap(UInt64.init)
            ?? UInt64.random(in: 0...UInt64.max)
        print("signalsDuringWrites: seed \(seed) (replay: LOGIN_CONFORMANCE_SIGNAL_SEED=\(seed))")
        var random = SeededGenerator(state: seed)
        let directory = try ScratchDirectory.folder(prefix: "runner-faults")
        defer { try? FileManager.default.removeItem(at: directory) }
        // Two one-vector suites, so that each report says which run wrote it.
        let ids = ["nonce::empty::empty-string", "nonce::shape::seeds-example-123"]
        let suite = try VectorSuite.bundled()
        let files = try ids.enumerated().map { index, id in
            let url = directory.appendingPathComponent("vector-\(index).json")
            try Data((suite.standaloneFile(for: id) ?? "").utf8).write(to: url)
            return url
        }
        let json = directory.appendingPathComponent("results.json"), junit = directory.appendingPathComponent("junit.xml")
        let markdown = directory.appendingPathComponent("summary.md")
        let signals: [Int32] = [SIGTERM, SIGINT, SIGHUP]
        // How long one run takes here, so the signals land before, during and after its writes.
        let started = ContinuousClock.now
        _ = try launch(files[0], json, junit, markdown).waitStatus()
        let duration = max(0.02, AdapterProcess.seconds(ContinuousClock.now - started))
        var problems: [String] = []
        for round in 0..<rounds where problems.count < 5 {
            let process = try launch(files[round % 2], json, junit, markdown)
            usleep(UInt32(Double.random(in: 0...(duration * 1.2), using: &random) * 1_000_000))
            kill(process.pid, signals[Int.random(in: 0..<signals.count, using: &random)])
            let status = process.waitStatus()
            guard status.exited, [0, 129, 130, 143].contains(status.code) else {
                problems.append("round \(round): ended with \(status)")
                continue
            }
            let texts = [json, junit, markdown].map { try? String(contentsOf: $0, encoding: .utf8) }
            if texts.allSatisfy({ $0 == nil }) { continue }  // signalled before the first run wrote anything
            guard let jsonText = texts[0], let document = JSONValue.parse(jsonText)?.objectValue,
                  let results = document["results"]?.arrayValue, let id = results.first?.objectValue?["id"]?.stringValue else {
                problems.append("round \(round): results.json is not whole: \(texts[0]?.suffix(80) ?? "missing")")
                continue
            }
            guard let junitText = texts[1], junitText.hasSuffix("</testsuites>\n"), junitText.contains("name=\"\(id)\""),
                  let markdownText = texts[2], markdownText.hasSuffix("\n"), markdownText.contains("| nonce |") else {
                problems.append("round \(round): the reports disagree or one is cut (results.json says \(id))")
                continue
            }
        }
        #expect(problems.isEmpty, "seed \(seed): \(problems)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
    }

    private func launch(_ vectors: URL, _ json: URL, _ junit: URL, _ markdown: URL) throws -> Spawned {
        try Spawned([RepositoryPaths.cliBinary, "run", "--vectors", vectors.path, "--report-json", json.path,
                     "--report-junit", junit.path, "--report-markdown", markdown.path])
    }

    /// A child started with posix_spawn, its output discarded (Foundation's `Process` polls its exit).
    struct Spawned {
        let pid: pid_t

        init(_ arguments: [String]) throws {
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            let words = arguments.map { strdup($0) } + [nil]
            defer { words.forEach { free($0) } }
            var child: pid_t = 0
            guard posix_spawn(&child, arguments[0], &actions, nil, words, environ) == 0 else {
                throw CocoaError(.executableLoad)
            }
            pid = child
        }

        func waitStatus() -> (exited: Bool, code: Int32) {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            let signal = status & 0x7f
            return signal == 0 ? (true, (status >> 8) & 0xff) : (false, signal)
        }
    }
}

/// The signals at scale (the slow command, ``SlowCommand``).
@Suite("The CLI process under 1,000 signals", .slow)
struct ProcessSignalSlowTests {
    @Test("1,000 signals at random points of runs that write three reports: each file is the previous or the new one, whole, and the three agree")
    func thousandSignals() throws {
        try ProcessSignalTests().signals(rounds: 1_000)
    }
}
