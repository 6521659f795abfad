import Foundation
@testable import LoginConformanceCLI
import LoginConformance
import Testing
import LoginConformanceTestSupport

/// The CLI in-process: its output, and exit statuses that separate failures from configuration problems.
@Suite("login-conformance CLI")
struct CommandLineToolTests {
    private func run(_ arguments: String...) -> (ExitCode, CapturedOutput) {
        run(arguments: arguments)
    }

    private func run(arguments: [String]) -> (ExitCode, CapturedOutput) {
        let captured = CapturedOutput()
        let status = CommandLineTool(output: captured.output).run(arguments)
        return (status, captured)
    }

    @Test("--profile takes a profile the --vectors suite lists: list lists its vectors; the bundled reference, which has no reading of it, is refused with what to do")
    func profileOfYourOwnSuite() throws {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.listProfile("strict")
        let suite = try vectors.load()
        let (listed, listOutput) = run("list", "nonce", "--vectors", vectors.directory.path, "--profile", "strict")
        #expect(listed == .passed)
        let everywhere = suite.vectors.filter { $0.family == .nonce && $0.metadata.profiles == nil }.map(\.metadata.id)
        #expect(listOutput.out.map { String($0.prefix { $0 != "\t" }) } == everywhere)
        #expect(listOutput.errorText == "\(everywhere.count) vectors (suite \(suite.suiteVersion), profile strict)")
        let (ran, runOutput) = run("run", "--vectors", vectors.directory.path, "--profile", "strict", "--family", "nonce")
        #expect(ran == .configurationProblem)
        // The reference reads every profile of the bundled manifest (ReferenceConformanceTests holds it to that).
        let profiles = ConformanceProfile.allCases.map(\.rawValue).joined(separator: ", ")
        #expect(runOutput.errorText.hasPrefix("error: the bundled reference implementation reads \(profiles), not strict: "
            + "check an implementation of strict with --adapter"))
        // The bundled suite does not list it: refused before anything runs, naming the suite's profiles.
        let (bundled, bundledOutput) = run("list", "nonce", "--profile", "strict")
        #expect(bundled == .configurationProblem)
        #expect(bundledOutput.errorText.hasPrefix("error: unknown profile \"strict\"; use one of: \(profiles)"))
    }

    @Test("a report that cannot be written is an output error naming the path, not a usage error")
    func unwritableReport() {
        let path = "/nonexistent-\(UUID().uuidString)/results.json"
        let (status, captured) = run("run", "--family", "nonce", "--report-json", path)
        #expect(status == .configurationProblem)
        #expect(captured.errorText.hasPrefix("output error: cannot write \(path): "))
        #expect(!captured.errorText.contains("see login-conformance help"))
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
        // One row per family with vectors under the profile (D31 leaves login-request and token-change without).
        for family in ConformanceFamily.allCases {
            let hasVectors = !suite.vectors(for: .documented, families: [family]).isEmpty
            #expect(captured.out.contains { $0.hasPrefix(family.rawValue + " ") } == hasVectors, "table row for \(family.rawValue)")
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
        let vectors = try TemporaryVectors(families: ["nonce"])
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
        let vectors = try TemporaryVectors(families: ["token-claims"])
        try vectors.editVector("token-claims.json", at: 7) { vector in vector["severity"] = "urgent" }
        let (status, captured) = run("run", "--vectors", vectors.directory.path)
        #expect(status == .configurationProblem)
        // file:line:column at path: problem (the file is one line: JSONSerialization wrote it).
        #expect(captured.errorText.hasPrefix("vector error: \(vectors.path("token-claims.json")):1:"))
        #expect(captured.errorText.contains(" at $.vectors[7].severity: \"urgent\" is not one of: critical, high, medium, low"))
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
        let captured = CapturedOutput()
        let status = CommandLineTool(output: captured.output).run(arguments)
        #expect(status == .configurationProblem)
        #expect(captured.errorText.hasPrefix("error: "))
    }

    @Test("a refused option exits 2 with one line naming it and what it takes, and a hint; never a crash", arguments: [
        (["run", "--adapter", "true", "--timeout", "inf"], "--timeout takes a number of seconds from 0.001 to 86400"),
        (["run", "--adapter", "true", "--timeout", "1e300"], "--timeout takes a number of seconds from 0.001 to 86400"),
        (["run", "--adapter", "true", "--timeout", "1e10"], "--timeout takes a number of seconds from 0.001 to 86400"),
        (["run", "--adapter", "true", "--timeout", "-1"], "--timeout takes a number of seconds from 0.001 to 86400"),
        (["run", "--adapter", "true", "--timeout", "nan"], "--timeout takes a number of seconds from 0.001 to 86400"),
        (["run", "--adapter", "true", "--timeout", "0"], "--timeout takes a number of seconds from 0.001 to 86400"),
        (["run", "--adapter", "true", "--batch", "0"], "--batch takes a whole number from 1 to 10000"),
        (["run", "--adapter", "true", "--restarts", "99999999999999999999999"], "--restarts takes a whole number from 0 to 1000"),
        (["run", "--adapter", "true", "--max-line-bytes", "10"], "--max-line-bytes takes a whole number from 1024 to 1073741824"),
        (["run", "--timeout", "5"], "--timeout applies only to an adapter run"),
        (["run", "--batch", "4"], "--batch applies only to an adapter run"),
        (["run", "--profile", "documented", "--profile", "ios-sdk"], "--profile is given twice"),
        (["run", "--vector", ""], "--vector takes vector IDs or prefix* patterns"),
        (["run", "--vector", ","], "--vector takes vector IDs or prefix* patterns"),
        (["run", "--vector", "*"], "--vector \"*\" would select every vector"),
        (["run", "--adapter", ""], "--adapter takes a command line, not an empty string"),
        (["list", "--baseline", "/nonexistent"], "--baseline does not apply to list"),
        (["lint", "--report-json", "/tmp/x.json"], "--report-json does not apply to lint"),
        (["show", "--adapter", "true", "nonce::empty::empty-string"], "--adapter does not apply to show"),
    ])
    func refusedOptions(arguments: [String], text: String) {
        let (status, captured) = run(arguments: arguments)
        #expect(status == .configurationProblem)
        let lines = captured.errorText.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(captured.errorText)")
        #expect(lines.first?.hasPrefix("error: ") == true && lines.first?.contains(text) == true, "\(captured.errorText)")
        #expect(lines.last == "see login-conformance help \(arguments[0])")
    }

    @Test("no arguments prints the usage and exits 2; every command has --help; --version names tool and suite")
    func conventions() throws {
        let (none, noneOutput) = run()
        #expect(none == .configurationProblem)
        #expect(noneOutput.errorText.hasPrefix("USAGE: login-conformance <command>"))
        for command in ["run", "baseline", "smoke", "lint", "list", "show", "extract"] {
            for flag in ["--help", "-h"] {
                let (status, captured) = run(command, flag)
                #expect(status == .passed, "\(command) \(flag)")
                #expect(captured.out.first?.hasPrefix("USAGE: login-conformance \(command)") == true, "\(command) \(flag)")
            }
            let (status, captured) = run("help", command)
            #expect(status == .passed && captured.text.contains("OPTIONS"))
        }
        let (_, listHelp) = run("list", "--help")
        #expect(!listHelp.text.contains("--baseline"))
        #expect(listHelp.text.contains("--profile"))
        let (version, versionOutput) = run("--version")
        #expect(version == .passed)
        #expect(versionOutput.out == ["login-conformance \(CommandLineTool.version) (suite \(try VectorSuite.bundled().suiteVersion), adapter protocol 1)"])
    }

    @Test("show escapes invisible characters as failure messages do")
    func showEscapes() {
        let (status, captured) = run("show", "nonce::whitespace::u+00a0")
        #expect(status == .passed)
        #expect(captured.text.contains(#""abc\u00a0def""#))
        #expect(!captured.text.unicodeScalars.contains("\u{00A0}"))
    }

    @Test("a vectors directory: a stray family file warns; a manifest path out of the directory, or a baseline of a newer suite, exits 2")
    func vectorsDirectoryChecks() throws {
        let stray = try TemporaryVectors(families: ["nonce"])
        try stray.write("nonce-extra.json", #"{"family":"nonce","vectors":[]}"#)
        let (status, captured) = run("run", "--vectors", stray.directory.path, "--family", "nonce")
        #expect(status == .passed)
        #expect(captured.error.contains { $0.hasPrefix("warning: \(stray.directory.path)/nonce-extra.json looks like a family file but is not in ") })
        let (listed, listedOutput) = run("list", "nonce", "--vectors", stray.directory.path)
        #expect(listed == .passed)
        #expect(listedOutput.error.first?.hasPrefix("warning: \(stray.directory.path)/nonce-extra.json looks like a family file") == true)

        let escaping = try TemporaryVectors(families: ["nonce"])
        try escaping.edit("manifest.json") { manifest in
            var families = manifest["families"] as! [[String: Any]]
            families[0]["file"] = "../" + (families[0]["file"] as! String)
            manifest["families"] = families
        }
        let (escaped, escapedOutput) = run("run", "--vectors", escaping.directory.path)
        #expect(escaped == .configurationProblem)
        #expect(escapedOutput.errorText.contains("manifest.json: $.families[0].file: \"../"))
        #expect(escapedOutput.errorText.contains("leaves the vectors directory"))

        let baseline = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: baseline) }
        #expect(run("baseline", "update", "--baseline", baseline.path, "--family", "nonce").0 == .passed)
        let text = try String(contentsOf: baseline, encoding: .utf8)
        let suiteVersion = try VectorSuite.bundled().suiteVersion
        try text.replacingOccurrences(of: "\"suiteVersion\" : \"\(suiteVersion)\"", with: "\"suiteVersion\" : \"99.0.0\"")
            .replacingOccurrences(of: "\"suiteVersion\":\"\(suiteVersion)\"", with: "\"suiteVersion\":\"99.0.0\"")
            .write(to: baseline, atomically: true, encoding: .utf8)
        let (newer, newerOutput) = run("run", "--baseline", baseline.path, "--family", "nonce")
        #expect(newer == .configurationProblem)
        #expect(newerOutput.errorText.contains("written for suite 99.0.0, newer than the vectors' suite \(suiteVersion)"), "\(newerOutput.errorText)")
        // A later minor or patch version is newer too (SemVer order, not the major alone).
        let parts = suiteVersion.split(separator: ".").compactMap { Int($0) }
        try #require(parts.count == 3)
        for later in ["\(parts[0]).\(parts[1] + 1).0", "\(parts[0]).\(parts[1]).\(parts[2] + 1)"] {
            try text.replacingOccurrences(of: "\"suiteVersion\" : \"\(suiteVersion)\"", with: "\"suiteVersion\" : \"\(later)\"")
                .replacingOccurrences(of: "\"suiteVersion\":\"\(suiteVersion)\"", with: "\"suiteVersion\":\"\(later)\"")
                .write(to: baseline, atomically: true, encoding: .utf8)
            let (status, output) = run("run", "--baseline", baseline.path, "--family", "nonce")
            #expect(status == .configurationProblem, "a baseline for suite \(later)")
            #expect(output.errorText.contains("written for suite \(later), newer than the vectors' suite \(suiteVersion)"), "\(output.errorText)")
        }
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

        let vectors = try TemporaryVectors(families: ["nonce"])
        let expectedLine: String
        switch problem {
        case "contradiction":
            try vectors.appendCopy(of: "nonce::whitespace::u+0020", in: "nonce.json") { copy in
                copy["id"] = "nonce::whitespace::u+0020-again"
                copy["description"] = "a space inside the nonce, read as valid"
                copy["expected"] = ["result": "valid"]
            }
            expectedLine = "[contradiction] nonce::whitespace::u+0020-again has the same input as nonce::whitespace::u+0020"
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

    @Test("every option is in the usage and in the --help of each subcommand it applies to, and nowhere else; each parses")
    func helpFromTheOptionTable() {
        for option in CommandLineOption.all {
            #expect(CommandLineTool.usage.contains("  " + option.names.joined(separator: ", ")), "\(option.name) missing from the usage")
            for command in CommandLineTool.commands where command != "help" && command != "bench" {
                let help = CommandLineTool.help(for: command) ?? ""
                #expect(help.contains("\n" + option.helpLines[0]) == option.applies(to: command), "\(option.name) in help \(command)")
            }
            // Every name of every option is understood by the parser (a value where it takes one).
            for name in option.names {
                let arguments = [name] + (option.value == nil ? [] : ["x"])
                do {
                    _ = try CommandLineOptions(parsing: arguments)
                } catch {
                    #expect(!error.description.hasPrefix("unknown option"), "\(name): \(error.description)")
                }
            }
        }
        #expect(CommandLineTool.help(for: "run")?.contains("--changed-vectors <policy>") == true)
        // A report option per registered format, and nothing else names one.
        let reportOptions = CommandLineOption.all.map(\.name).filter { $0.hasPrefix("--report-") }
        #expect(reportOptions == ReportFormat.all.map { "--report-\($0.name)" })
    }

    @Test("every subcommand is one type: in the usage with its synopsis, its help on `help <name>`, `<name> --help` and `-h`, exit 0")
    func oneTypePerSubcommand() {
        #expect(Set(CommandLineTool.commands).count == CommandLineTool.subcommands.count, "two subcommands share a name")
        for subcommand in CommandLineTool.subcommands {
            #expect(CommandLineTool.usage.contains("\n  " + subcommand.synopsis), "\(subcommand.name) missing from the usage")
            let help = CommandLineTool.help(for: subcommand)
            #expect(help.contains(subcommand.help[0]))
            for arguments in [["help", subcommand.name], [subcommand.name, "--help"], [subcommand.name, "-h"]] {
                let (status, captured) = run(arguments: arguments)
                #expect(status == .passed, "\(arguments): \(captured.errorText)")
                #expect(captured.text == help, "\(arguments)")
            }
        }
    }

    @Test("an unknown command, or help for one, is exit 2 with the command named; no command prints the usage, exit 2")
    func unknownCommands() {
        for arguments in [["frobnicate"], ["frobnicate", "--bogus"], ["help", "frobnicate"]] {
            let (status, captured) = run(arguments: arguments)
            #expect(status == .configurationProblem, "\(arguments)")
            #expect(captured.errorText == "error: unknown command \"frobnicate\"\nsee login-conformance help", "\(arguments)")
            #expect(captured.out.isEmpty)
        }
        let (status, captured) = run(arguments: [])
        #expect(status == .configurationProblem)
        #expect(captured.errorText == CommandLineTool.usage)
    }

    @Test("a file option given - or the empty path is refused, exit 2, and no file named - is written",
          arguments: [["run", "--report-json", "-"], ["run", "--report-markdown", ""], ["run", "--baseline", "-"],
                      ["baseline", "update", "--baseline", "-"], ["extract", "nonce::empty::empty-string", "--output", "-"]])
    func dashIsNoFile(arguments: [String]) {
        let dash = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("-")
        let existed = FileManager.default.fileExists(atPath: dash.path)
        let (status, captured) = run(arguments: arguments)
        #expect(status == .configurationProblem)
        #expect(captured.errorText.hasPrefix("error: --"), "\(captured.errorText)")
        #expect(captured.errorText.contains(arguments.last == "-" ? "standard output is not a file here" : "the empty string"))
        #expect(FileManager.default.fileExists(atPath: dash.path) == existed)
    }

    @Test("a --baseline that does not exist says how to write the first one, with the options that reproduce the run; exit 2")
    func missingBaselineSaysHowToCreateIt() {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("no-baseline-\(UUID().uuidString).json").path
        let (status, captured) = run("run", "--baseline", path, "--family", "nonce")
        #expect(status == .configurationProblem)
        #expect(captured.errorText.contains("\(path) does not exist; write the first baseline"), "\(captured.errorText)")
        #expect(captured.errorText.contains("swift run login-conformance baseline update --profile documented --baseline '\(path)'"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}

