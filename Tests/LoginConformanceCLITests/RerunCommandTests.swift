import Foundation
import Testing
@testable import LoginConformanceCLI
import LoginConformanceTestSupport

/// The rerun command the CLI prints must reproduce the outcome: every option that changes it, and the way the
/// tool was started (the printed rerun dropped `--timeout`, so a hang passed when rerun).
@Suite struct RerunCommandTests {
    @Test("an adapter run's rerun repeats --adapter, --timeout, --restarts, --max-line-bytes and --vectors as given")
    func repeatsOutcomeOptions() throws {
        let options = try CommandLineOptions(parsing: [
            "--adapter", "python3 my adapter.py", "--timeout", "0.5", "--restarts", "0", "--max-line-bytes", "2048",
            "--vectors", "/tmp/v", "--batch", "16", "--report-json", "r.json",
        ])
        let rerun = RerunCommand(invocation: "swift run login-conformance", profile: .iosSDK, options: options)
        #expect(rerun("nonce::x") == "swift run login-conformance run --profile ios-sdk --vector 'nonce::x' "
            + "--adapter 'python3 my adapter.py' --timeout '0.5' --restarts '0' --max-line-bytes '2048' --vectors '/tmp/v'")
    }

    @Test("the baseline update advised after a newly passing vector repeats the profile, the adapter and its limits")
    func baselineUpdateReproducesTheRun() throws {
        let options = try CommandLineOptions(parsing: ["--adapter", "python3 my adapter.py", "--timeout", "0.5", "--vectors", "/tmp/v"])
        let command = RerunCommand(invocation: "swift run login-conformance", profile: .iosSDK, options: options)
        #expect(command.baselineUpdate("my baseline.json") == "swift run login-conformance baseline update --profile ios-sdk "
            + "--baseline 'my baseline.json' --adapter 'python3 my adapter.py' --timeout '0.5' --vectors '/tmp/v'")
    }

    @Test("an in-process run's rerun names the profile and the vector only")
    func inProcess() throws {
        let options = try CommandLineOptions(parsing: ["--profile", "documented"])
        let rerun = RerunCommand(invocation: "swift run login-conformance", profile: .documented, options: options)
        #expect(rerun("a::b") == "swift run login-conformance run --profile documented --vector 'a::b'")
    }

    @Test("the tool is restarted the way it was started", arguments: [
        ("/p/.build/x86_64-unknown-linux-gnu/debug/login-conformance", "/p", "swift run login-conformance"),
        ("/p/.build/x86_64-unknown-linux-gnu/release/login-conformance", "/p", "swift run -c release login-conformance"),
        (".build/debug/login-conformance", "/p", "swift run login-conformance"),
        ("/p/.build/debug/login-conformance", "/elsewhere", "swift run --package-path '/p' login-conformance"),
        ("/usr/local/bin/login-conformance", "/p", "'/usr/local/bin/login-conformance'"),
        ("login-conformance", "/p", "'login-conformance'"),
    ])
    func invocation(executable: String, directory: String, expected: String) {
        #expect(RerunCommand.invocation(executable: executable, currentDirectory: directory) == expected)
    }

    @Test("a hang reported under --timeout is rerun with that --timeout and hangs again; without it, it passes")
    func hangReproduces() async throws {
        // Mostly waiting on the slow adapter: each run of the CLI awaited, not blocking a test thread.
        let target = "nonce::shape::seeds-example-123"
        let adapter = "\(Python.command) \(RepositoryPaths.hostileAdapter) --slow-on \(target) 1.5"
        let first = try await offThePool {
            try runBinary(["run", "--vector", target, "--adapter", adapter, "--timeout", "0.4"])
        }
        #expect(first.status == 1)
        #expect(first.output.contains("hang"))
        let line = try #require(first.output.split(separator: "\n").first { $0.contains("rerun:") })
        let command = try #require(line.range(of: " run --profile ").map { String(line[$0.lowerBound...]) })
        #expect(command.contains("--timeout '0.4'"))
        #expect(command.contains("--adapter '\(adapter)'"))
        // The printed command, as a shell runs it, with the binary this test built.
        let again = try await offThePool {
            try runBinary(["/bin/sh", "-c", CommandLineTool.shellQuoted(RepositoryPaths.cliBinary) + command], shell: true)
        }
        #expect(again.status == 1)
        #expect(again.output.contains("hang"))
        let withoutTimeout = try await offThePool {
            try runBinary(["/bin/sh", "-c", CommandLineTool.shellQuoted(RepositoryPaths.cliBinary)
                + command.replacingOccurrences(of: " --timeout '0.4'", with: "")], shell: true)
        }
        #expect(withoutTimeout.status == 0, "the option matters: the slow answer passes under the default timeout")
    }

    private func runBinary(_ arguments: [String], shell: Bool = false) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell ? "/usr/bin/env" : RepositoryPaths.cliBinary)
        process.arguments = arguments
        process.currentDirectoryURL = RepositoryPaths.root
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
