import Foundation
@testable import LoginConformance
@testable import LoginConformanceCLI
@testable import LoginConformanceHarness
import Testing
import LoginConformanceTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// What the CLI writes and reads (the runner's defects 4, 5, 6, 7, 8 and 10): output paths are checked before
/// anything runs and never clobber an input, files are written whole, closed or full terminal streams end terminal
/// output and nothing else, options that would be ignored are refused, and every message names its cause.
@Suite("CLI output safety: files whole, inputs kept, streams and messages")
struct OutputSafetyTests {
    private func run(_ arguments: [String]) -> (ExitCode, CapturedOutput) {
        let captured = CapturedOutput()
        return (CommandLineTool(output: captured.output).run(arguments), captured)
    }

    private func bytes(_ url: URL) -> Data? { try? Data(contentsOf: url) }

    // MARK: defect 6: output paths

    @Test("a report on the --baseline file is refused before running; the baseline is byte-identical")
    func reportOnBaseline() throws {
        let directory = try ScratchDirectory.folder(prefix: "runner-faults")
        defer { try? FileManager.default.removeItem(at: directory) }
        let baseline = directory.appendingPathComponent("baseline.json")
        #expect(run(["baseline", "update", "--family", "nonce", "--baseline", baseline.path]).0 == .passed)
        let before = try #require(bytes(baseline))
        for option in ["--report-json", "--report-junit", "--report-markdown"] {
            let (status, captured) = run(["run", "--family", "nonce", "--baseline", baseline.path, option, baseline.path])
            #expect(status == .configurationProblem)
            #expect(captured.errorText.contains("is the --baseline file"), "\(captured.errorText)")
            #expect(captured.out.isEmpty, "nothing ran")
            #expect(bytes(baseline) == before)
        }
        // Through a symbolic link too.
        let link = directory.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: baseline)
        #expect(run(["run", "--family", "nonce", "--baseline", baseline.path, "--report-json", link.path]).0 == .configurationProblem)
        #expect(bytes(baseline) == before)
    }

    @Test("a report inside --vectors, two reports on one path, an extract over its --vectors file: refused, nothing written")
    func clobberingOutputs() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        defer { try? FileManager.default.removeItem(at: vectors.directory) }
        let nonceFile = vectors.directory.appendingPathComponent("nonce.json")
        let before = try #require(bytes(nonceFile))
        let (inside, captured) = run(["run", "--vectors", vectors.directory.path, "--report-json", nonceFile.path])
        #expect(inside == .configurationProblem)
        #expect(captured.errorText.contains("inside the --vectors directory"), "\(captured.errorText)")
        #expect(bytes(nonceFile) == before)
        // Beside the directory, under a name that merely starts with the directory's: not inside it, written.
        let beside = URL(fileURLWithPath: vectors.directory.path + "-report.json")
        defer { try? FileManager.default.removeItem(at: beside) }
        let (besideStatus, besideOutput) = run(["run", "--family", "nonce", "--vectors", vectors.directory.path,
                                                "--report-json", beside.path])
        #expect(besideStatus == .passed, "\(besideOutput.errorText)")
        #expect(bytes(beside) != nil)

        let directory = try ScratchDirectory.folder(prefix: "runner-faults")
        defer { try? FileManager.default.removeItem(at: directory) }
        let same = directory.appendingPathComponent("report")
        let (twice, twiceOutput) = run(["run", "--family", "nonce", "--report-json", same.path, "--report-markdown", same.path])
        #expect(twice == .configurationProblem)
        #expect(twiceOutput.errorText.contains("--report-json and --report-markdown name the same file"), "\(twiceOutput.errorText)")
        #expect(!FileManager.default.fileExists(atPath: same.path))

        let standalone = directory.appendingPathComponent("one.json")
        #expect(run(["extract", "nonce::empty::empty-string", "--output", standalone.path]).0 == .passed)
        let one = try #require(bytes(standalone))
        #expect(run(["extract", "nonce::empty::empty-string", "--vectors", standalone.path, "--output", standalone.path]).0 == .configurationProblem)
        #expect(bytes(standalone) == one)
    }

    @Test("one bad report path: exit 2 before running, the good report's old file untouched")
    func allOrNothing() throws {
        let directory = try ScratchDirectory.folder(prefix: "runner-faults")
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appendingPathComponent("results.json")
        try Data("old\n".utf8).write(to: good)
        for bad in [directory.appendingPathComponent("missing/summary.md").path, directory.path] {
            let (status, captured) = run(["run", "--family", "nonce", "--report-json", good.path, "--report-markdown", bad])
            #expect(status == .configurationProblem)
            #expect(captured.errorText.hasPrefix("output error: cannot write \(bad): "), "\(captured.errorText)")
            #expect(captured.out.isEmpty)
            #expect(bytes(good) == Data("old\n".utf8))
        }
        let (_, directoryOutput) = run(["run", "--family", "nonce", "--report-json", directory.path])
        #expect(directoryOutput.errorText.contains("is a directory"))
    }

    @Test("a write replaces the file whole: a reader polling it never sees an empty or partial report")
    func readersSeeWholeFiles() throws {
        let directory = try ScratchDirectory.folder(prefix: "runner-faults")
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("results.json")
        let versions = (0..<2).map { version in
            "{\"version\":\(version),\"padding\":\"" + String(repeating: "x", count: 1 << 20) + "\"}\n"
        }
        try OutputFiles.write([(target, versions[0])])
        let stop = LoginConformanceTestSupport.Locked(false)
        let seen = LoginConformanceTestSupport.Locked<[String]>([])
        let reader = Thread {
            while !stop.withLock({ $0 }) {
                if let text = try? String(contentsOf: target, encoding: .utf8), !versions.contains(text) {
                    seen.withLock { $0.append("\(text.utf8.count) bytes") }
                }
            }
        }
        reader.start()
        for round in 0..<200 { try OutputFiles.write([(target, versions[round % 2])]) }
        stop.withLock { $0 = true }
        usleep(50_000)
        #expect(seen.withLock { $0 }.isEmpty, "partial reads: \(seen.withLock { $0.prefix(5) })")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    // MARK: defect 8: options that would be ignored

    @Test("the gate's policy options without --baseline are refused (exit 2), as --timeout without --adapter is",
          arguments: [["--allow-newly-passing"], ["--new-vectors", "block"], ["--changed-vectors", "block"]])
    func policyWithoutBaseline(option: [String]) {
        let (status, captured) = run(["run", "--family", "nonce"] + option)
        #expect(status == .configurationProblem)
        #expect(captured.errorText.contains("\(option[0]) applies only to a run against a baseline"), "\(captured.errorText)")
    }

    // MARK: defect 7: vector IDs

    @Test("a vector ID with ESC, BEL or a newline does not load; the error shows it escaped")
    func controlCharactersInIDs() throws {
        for bad in ["nonce::empty::\u{1b}]0;title\u{07}", "nonce::empty::a\nrerun: rm", "nonce::empty::\u{1b}[2J"] {
            let vectors = try TemporaryVectors(families: ["nonce"])
            defer { try? FileManager.default.removeItem(at: vectors.directory) }
            try vectors.editVector("nonce.json", at: 0) { $0["id"] = bad }
            let error = try #require(vectors.loadError())
            #expect(error.jsonPath == "$.vectors[0].id")
            #expect(error.problem.contains("must be family::group::case"))
            let (status, captured) = run(["run", "--vectors", vectors.directory.path])
            #expect(status == .configurationProblem)
            #expect(!captured.errorText.unicodeScalars.contains { $0.value == 0x1b || $0.value == 0x07 }, "\(captured.errorText)")
            #expect(captured.error.count == 1, "one line: \(captured.error)")
        }
    }

    // MARK: defect 10: messages with their cause

    @Test("unreadable inputs say why in words: not a regular file, is a directory, too many levels of symbolic links")
    func readMessages() throws {
        let directory = try ScratchDirectory.folder(prefix: "runner-faults")
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let loop = directory.appendingPathComponent("loop").path
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
        let cases: [(String, String)] = [
            ("/dev/zero", "not a regular file (a device)"), (fifo, "not a regular file (a FIFO)"),
            (directory.path, "is a directory"), (loop, "too many levels of symbolic links"),
        ]
        for (path, words) in cases {
            let (status, captured) = run(["run", "--family", "nonce", "--baseline", path])
            #expect(status == .configurationProblem)
            #expect(captured.errorText.contains(words), "\(path): \(captured.errorText)")
            #expect(!captured.errorText.contains("NSCocoaErrorDomain") && !captured.errorText.contains("permission"))
        }
    }

    @Test("a baseline member of the wrong JSON type is named by its JSON type, not a Swift spelling")
    func jsonTypeNames() throws {
        let directory = try ScratchDirectory.folder(prefix: "runner-faults")
        defer { try? FileManager.default.removeItem(at: directory) }
        let baseline = directory.appendingPathComponent("baseline.json")
        #expect(run(["baseline", "update", "--family", "nonce", "--baseline", baseline.path]).0 == .passed)
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: baseline)) as? [String: Any])
        document["knownFailures"] = [1, 2]
        try JSONSerialization.data(withJSONObject: document).write(to: baseline)
        let (status, captured) = run(["run", "--family", "nonce", "--baseline", baseline.path])
        #expect(status == .configurationProblem)
        #expect(captured.errorText.contains("expected an object"), "\(captured.errorText)")
        #expect(!captured.errorText.contains("Dictionary<") && !captured.errorText.contains("number("))
    }
}
