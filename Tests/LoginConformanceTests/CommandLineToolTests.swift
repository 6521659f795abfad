import Foundation
@testable import LoginConformanceCLI
import LoginConformance
import Testing

/// The CLI in-process: its output, and exit statuses that separate failures from configuration problems.
@Suite("login-conformance CLI")
struct CommandLineToolTests {
    final class Captured: @unchecked Sendable {
        var out: [String] = []
        var error: [String] = []
        var output: CommandOutput {
            CommandOutput(out: { self.out.append($0) }, error: { self.error.append($0) })
        }
        var text: String { out.joined(separator: "\n") }
        var errorText: String { error.joined(separator: "\n") }
    }

    private func run(_ arguments: String...) -> (ExitCode, Captured) {
        let captured = Captured()
        let status = CommandLineTool(output: captured.output).run(arguments)
        return (status, captured)
    }

    @Test("run passes against the bundled reference and prints a table per family")
    func runPasses() throws {
        let (status, captured) = run("run")
        #expect(status == .passed)
        let suite = try VectorSuite.bundled()
        // The reference has no cryptography, so the signed-token and code-challenge vectors are skipped
        // (Examples/JWTKitAdopter runs them).
        let skipped = suite.vectors(for: .documented, families: [.signedToken, .codeChallenge]).count
        let expectedTotal = suite.vectors(for: .documented).count - skipped
        for family in ConformanceFamily.allCases {
            #expect(captured.out.contains { $0.hasPrefix(family.rawValue + " ") }, "no table row for \(family.rawValue)")
        }
        #expect(captured.out.last == "PASSED: \(expectedTotal) passed, 0 failed, 0 errors, \(skipped) skipped")
    }

    @Test("run --profile ios-sdk --family nonce runs only that family in that profile")
    func runOneFamily() throws {
        let (status, captured) = run("run", "--profile", "ios-sdk", "--family", "nonce")
        #expect(status == .passed)
        #expect(captured.out.first?.contains("profile ios-sdk") == true)
        #expect(!captured.out.contains { $0.hasPrefix("token-claims") })
        let count = try VectorSuite.bundled().vectors(for: .iosSDK, families: [.nonce]).count
        #expect(captured.out.last == "PASSED: \(count) passed, 0 failed, 0 errors, 0 skipped")
    }

    @Test("a vector whose expectation the reference contradicts fails with exit 1, the ID and a rerun command")
    func failingVector() throws {
        let vectors = try TemporaryVectors()
        var id = ""
        try vectors.editVector("nonce.json", at: 0) { vector in
            id = vector["id"] as! String
            vector["expected"] = ["result": "valid"]
        }
        let (status, captured) = run("run", "--vectors", vectors.directory.path, "--family", "nonce")
        #expect(status == .failures)
        #expect(captured.out.contains { $0.hasPrefix("[regression] \(id) — ") })
        #expect(captured.text.contains("\n  rerun:    swift run login-conformance run --profile documented --vector '\(id)'"))
        #expect(captured.out.last?.hasPrefix("FAILED: ") == true)
        #expect(captured.out.last?.contains(", 1 failed, ") == true)
    }

    @Test("a malformed vector file exits 2 naming the file and the JSON path")
    func malformedVectors() throws {
        let vectors = try TemporaryVectors()
        try vectors.editVector("token-claims.json", at: 7) { vector in vector["severity"] = "urgent" }
        let (status, captured) = run("run", "--vectors", vectors.directory.path)
        #expect(status == .configurationProblem)
        #expect(captured.errorText.hasPrefix("vector error: \(vectors.path("token-claims.json")): $.vectors[7].severity: "))
    }

    @Test("configuration problems exit 2", arguments: [
        ["run", "--profile", "android"],
        ["run", "--family", "graph-errors"],
        ["run", "--vector", "nonce::no-such::vector"],
        ["run", "--vectors"],
        ["run", "extra"],
        ["show", "nonce::no-such::vector"],
        ["frobnicate"],
    ])
    func configurationProblems(arguments: [String]) {
        let captured = Captured()
        let status = CommandLineTool(output: captured.output).run(arguments)
        #expect(status == .configurationProblem)
        #expect(captured.errorText.hasPrefix("error: "))
    }

    @Test("show prints the vector as JSON, list prints one line per vector")
    func showAndList() throws {
        let id = "nonce::empty::empty-string"
        let (showStatus, shown) = run("show", id)
        #expect(showStatus == .passed)
        let document = try JSONSerialization.jsonObject(with: Data(shown.text.utf8)) as? [String: Any]
        #expect(document?["id"] as? String == id)
        #expect((document?["expected"] as? [String: String]) == ["result": "invalid", "reason": "empty"])

        let (listStatus, listed) = run("list", "nonce", "--profile", "ios-sdk")
        #expect(listStatus == .passed)
        #expect(listed.out.count == (try VectorSuite.bundled().vectors(for: .iosSDK, families: [.nonce]).count))
        #expect(listed.out.allSatisfy { $0.hasPrefix("nonce::") && $0.contains("\t") })
    }

    @Test("help documents every exit status")
    func help() {
        let (status, captured) = run("--help")
        #expect(status == .passed)
        for exit in ExitCode.allCases {
            #expect(captured.text.contains("\n  \(exit.rawValue)  "))
        }
    }

    @Test("lint passes on the committed suite and exits 2 naming file, path and problem", arguments: ["contradiction", "duplicate ID", "undeclared reason"])
    func lint(problem: String) throws {
        let (clean, cleanOutput) = run("lint")
        #expect(clean == .passed)
        #expect(cleanOutput.out == ["lint: no problems"])

        let vectors = try TemporaryVectors()
        let expectedLine: String
        switch problem {
        case "contradiction":
            try vectors.appendCopy(of: "token-claims::exp::equal-now", in: "token-claims.json") { copy in
                copy["id"] = "token-claims::exp::equal-now-again"
                copy["description"] = "exp is now, read as still valid"
                copy["expected"] = try vectors.member("expected", of: "token-claims.json", at: 0)
            }
            expectedLine = "[contradiction] token-claims::exp::equal-now-again has the same input as token-claims::exp::equal-now"
        case "duplicate ID":
            try vectors.editVector("nonce.json", at: 5) { $0["id"] = "nonce::empty::empty-string" }
            expectedLine = "nonce.json: $.vectors[5].id: [duplicateID] "
        default:
            let index = try #require(try vectors.load().vectors.filter { $0.family == .nonce }.firstIndex { $0.expectedReason == "whitespace" })
            try vectors.editVector("nonce.json", at: index) { $0["expected"] = ["result": "invalid", "reason": "tooShort"] }
            expectedLine = "nonce.json: $.vectors[\(index)].expected.reason: [undeclaredReason] "
        }
        let (status, captured) = run("lint", "--vectors", vectors.directory.path)
        #expect(status == .configurationProblem)
        #expect(captured.error.contains { $0.hasPrefix("lint: \(vectors.directory.path)/") && $0.contains(expectedLine) },
                "\(captured.errorText)")
        let last = captured.error.last ?? ""
        #expect(last.hasPrefix("lint: ") && (last.hasSuffix(" problem") || last.hasSuffix(" problems")), "\(last)")
    }
}
