import Foundation
import LoginConformance
import LoginConformanceBenchmarks
import LoginConformanceTools
import LoginConformanceHarness
import LoginConformanceReference

/// `login-conformance`: runs the suite as a regression gate, keeps the baseline, lists, shows and extracts vectors.
struct CommandLineTool {
    let output: CommandOutput
    /// The implementation a run checks, for the profile it claims: the bundled reference by default; tests inject
    /// deliberately wrong ones.
    let implementation: (ConformanceProfile) -> (subject: any ConformanceSubject, info: ImplementationInfo)
    /// The signal handling of the running process (`main.swift`); `nil` in tests that run the tool in process.
    let interrupts: InterruptHandler?
    /// How rerun commands start the tool (``RerunCommand/invocation(executable:currentDirectory:)`` for the running
    /// process; `swift run login-conformance` when the tool runs inside another program, as in tests).
    let invocation: String

    init(
        output: CommandOutput,
        implementation: @escaping (ConformanceProfile) -> (subject: any ConformanceSubject, info: ImplementationInfo) = Self.reference,
        interrupts: InterruptHandler? = nil,
        invocation: String = "swift run login-conformance"
    ) {
        self.output = output
        self.implementation = implementation
        self.interrupts = interrupts
        self.invocation = invocation
    }

    /// The tool's version (it ships with the suite of the same release).
    static let version = "0.6.0"

    /// The bundled reference implementation in `profile`.
    static func reference(_ profile: ConformanceProfile) -> (subject: any ConformanceSubject, info: ImplementationInfo) {
        (ReferenceImplementation(profile: profile),
         ImplementationInfo(name: "reference implementation (\(profile.rawValue))", language: "swift"))
    }

    /// The subcommands, declared once: the usage, each `--help` and the dispatch's list come from here.
    static let subcommands: [(name: String, synopsis: String, help: [String])] = [
        ("run", "run", ["run the suite (the gate) against the bundled reference implementation, or --adapter"]),
        ("baseline", "baseline update", ["run, then write the baseline named by --baseline (known failures, sorted, stable)"]),
        ("smoke", "smoke --adapter CMD", ["check that an adapter speaks the protocol (handshake, one vector per capability, stop)"]),
        ("lint", "lint", ["check the vectors for meaning: IDs, reasons, rules, contradictions, profile pairs"]),
        ("list", "list [family]", ["list vector IDs and descriptions"]),
        ("show", "show <id>", ["print one vector as JSON"]),
        ("extract", "extract <id>", ["write a standalone family file holding one vector, for a bug report (--output FILE);",
                                     "`run --vectors FILE` runs it on its own"]),
        ("bench", "bench [--quick]", ["measure the toolkit's costs (engine overhead, loading, scaling, harness throughput;",
                                      "BENCHMARKS.md); --no-harness, --scales 1,10,100, --run-scales 1,20, --cli PATH,",
                                      "--trivial-adapter CMD, --reference-adapter CMD"]),
        ("help", "help", ["show this help"]),
    ]

    static let commands = subcommands.map(\.name)

    /// A subcommand's lines in a help text: synopsis in a column of 20, the help beside.
    private static func commandLines(_ command: (name: String, synopsis: String, help: [String])) -> [String] {
        let pad = String(repeating: " ", count: 22)
        let head = "  " + command.synopsis
        return [(head.count < 22 ? head.padding(toLength: 22, withPad: " ", startingAt: 0) : head + " ") + command.help[0]]
            + command.help.dropFirst().map { pad + $0 }
    }

    static let exitStatuses = """
    EXIT STATUS
      0  no regressions: every blocking check passed
      1  regressions (and, unless allowed, newly passing vectors; with --new-vectors block, failing new vectors)
      2  suite, vector, baseline or configuration problem (malformed file, stale baseline entry, bad option,
         an output path that would overwrite an input, nothing selected or checked)
      3  the implementation or adapter could not be run, or the run is faulted: the adapter exited unasked,
         failed its handshake or exhausted --restarts (an incident in every report; HARNESS.md, Verdicts)
      129  interrupted by SIGHUP
      130  interrupted by SIGINT (Ctrl-C)
      143  interrupted by SIGTERM (a CI cancellation)
           On an interrupt the adapter's process group is stopped (SIGTERM, then SIGKILL after 2 s), the
           reports are written (verdict interrupted, never passed), and the vectors not run are skipped with
           the reason "not run: interrupted by …"
    """

    /// The usage: every subcommand and every option, generated from the two tables.
    static let usage: String = {
        var lines = ["USAGE: login-conformance <command> [options]", "", "COMMANDS"]
        lines += subcommands.flatMap(commandLines)
        lines += ["", "OPTIONS"]
        lines += CommandLineOption.all.flatMap(\.helpLines)
        lines.append("  --version".padding(toLength: 28, withPad: " ", startingAt: 0) + "print the tool's and the bundled suite's versions")
        return (lines + ["", exitStatuses]).joined(separator: "\n")
    }()

    /// The help of one command: its line of the command list and the options that apply to it, from the tables.
    static func help(for command: String) -> String? {
        guard let entry = subcommands.first(where: { $0.name == command }) else { return nil }
        let options = CommandLineOption.all.filter { $0.applies(to: command) }.flatMap(\.helpLines)
        return """
        USAGE: login-conformance \(command == "baseline" ? "baseline update" : command) [options]

        \(commandLines(entry).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " "))

        OPTIONS
        \(options.joined(separator: "\n"))

        Exit statuses: login-conformance help
        """
    }


    func run(_ arguments: [String]) -> ExitCode {
        guard let command = arguments.first else {
            output.problem(Self.usage)
            return .configurationProblem
        }
        if ["help", "--help", "-h"].contains(command) {
            if arguments.count > 1 {
                guard let text = Self.help(for: arguments[1]) else {
                    output.problem("error: unknown command \"\(arguments[1])\"\nsee login-conformance help")
                    return .configurationProblem
                }
                output.line(text)
            } else {
                output.line(Self.usage)
            }
            return .passed
        }
        if command == "--version" {
            let suite = (try? VectorSuite.bundled()).map(\.suiteVersion) ?? "unavailable"
            output.line("login-conformance \(Self.version) (suite \(suite), adapter protocol \(HarnessRunner.protocolVersion))")
            return .passed
        }
        if command == "bench" {
            return Benchmarks(line: output.line, problem: output.problem).run(Array(arguments.dropFirst()), usage: Self.usage)
                ? .passed : .configurationProblem
        }
        let hint = Self.commands.contains(command) ? "see login-conformance help \(command)" : "see login-conformance help"
        do {
            let options = try CommandLineOptions(parsing: Array(arguments.dropFirst()))
            if options.helpRequested, let text = Self.help(for: command) {
                output.line(text)
                return .passed
            }
            if Self.commands.contains(command) {
                try options.validate(for: command)
                // Every output path, before anything runs: a refused run leaves every file as it was.
                try OutputFiles.check(options.outputs(for: command), inputs: options.inputs(for: command))
                for warning in try options.checkVectorsDirectory() { output.problem("warning: \(warning)") }
            }
            switch command {
            case "run": return try runGate(options)
            case "baseline": return try updateBaseline(options)
            case "list": return try list(options)
            case "show": return try show(options)
            case "extract": return try extract(options)
            case "smoke": return try smoke(options)
            case "lint": return try lint(options)
            default: throw CommandLineOptions.UsageError(description: "unknown command \"\(command)\"")
            }
        } catch let error as CommandLineOptions.UsageError {
            output.problem("error: \(error.description)\n\(hint)")
        } catch let error as OutputError {
            output.problem("output error: \(error.description)")
        } catch let error as VectorLoadError {
            output.problem("vector error: \(error.description)")
        } catch let error as BaselineError {
            output.problem("baseline error: \(error.description)")
        } catch let error as ConformanceRunError {
            output.problem("error: \(error.description)")
        } catch let error as GateConfigurationError {
            output.problem("error: \(error.description)")
        } catch let error as HarnessFailure {
            output.problem("adapter error: \(error.description)")
            if case .interrupted(let signal) = error { return ExitCode.interrupted(by: signal) }
            return .implementationUnavailable
        } catch {
            output.problem("error: \(error)")
        }
        return .configurationProblem
    }

    /// A run as asked: in process against the bundled reference, or through the adapter; with the profile that
    /// applies, who was checked, and the harness failure that cut an adapter run short, if any.
    private struct Execution {
        let run: ConformanceRun
        let implementation: ImplementationInfo
        /// The signal that interrupted an adapter run, if one did.
        let interruption: Int32?
        let rerun: (String) -> String
    }

    /// One pipeline: the subject (the bundled reference for the profile asked, or the adapter) run by the engine.
    /// An adapter that cannot start still gives a run, every selected vector not run with the incident that says
    /// why, so the reports are written as for any run.
    private func execute(_ options: CommandLineOptions, suite: VectorSuite) throws -> Execution {
        let subject: any RunnableSubject
        var adapter: AdapterSubject?
        if let command = options.adapter {
            let adapterSubject = AdapterSubject(command: command, options: options.harness)
            adapter = adapterSubject
            subject = adapterSubject
        } else {
            let (implementation, info) = implementation(options.profile)
            subject = InProcessSubject(implementation, info: info)
        }
        interrupts?.watch(adapter)
        defer { interrupts?.watch(nil) }
        let (run, implementation) = try ConformanceEngine(suite: suite).run(
            subject, profile: adapter == nil || options.profileGiven ? options.profile : nil,
            families: options.families, selection: options.selection)
        for warning in adapter?.warnings ?? [] { output.problem("warning: \(FailureMessage.line(warning))") }
        for incident in run.incidents where incident.kind == .adapterUnavailable {
            output.problem("adapter error: \(FailureMessage.line(incident.message))")
        }
        return Execution(
            run: run, implementation: implementation ?? ImplementationInfo(name: "adapter: \(options.adapter ?? "")"),
            interruption: adapter?.interruption,
            rerun: RerunCommand(invocation: invocation, profile: run.profile, options: options).callAsFunction)
    }

    /// The reports `--report-json`, `--report-junit` and `--report-markdown` ask for, written all or nothing and
    /// to their end even if a signal arrives meanwhile.
    private func writeReports(_ report: GateReport, options: CommandLineOptions, rerun: (String) -> String) throws {
        let files = options.reports.map { (url: $0.url, text: $0.format.render(report, rerun)) }
        try writeFiles(files)
    }

    /// Writes `files` all or nothing (``OutputFiles/write(_:)``), finished before a signal ends the process.
    private func writeFiles(_ files: [(url: URL, text: String)]) throws {
        guard !files.isEmpty else { return }
        if let interrupts {
            try interrupts.finishing { try OutputFiles.write(files) }
        } else {
            try OutputFiles.write(files)
        }
    }

    /// A baseline written for a newer suite than the vectors cannot be judged against them.
    private func checkBaselineVersion(_ baseline: Baseline?, suite: VectorSuite, url: URL?) throws {
        guard let baseline, let version = SuiteVersion(suite.suiteVersion), baseline.suiteVersion > version else { return }
        throw CommandLineOptions.UsageError(
            description: "\(url?.path ?? "the baseline"): $.suiteVersion: written for suite \(baseline.suiteVersion), newer than the vectors' suite \(suite.suiteVersion); use the vectors of suite \(baseline.suiteVersion) or later")
    }

    private func runGate(_ options: CommandLineOptions) throws -> ExitCode {
        guard options.positional.isEmpty else {
            throw CommandLineOptions.UsageError(description: "run takes no arguments; got \(options.positional.joined(separator: " "))")
        }
        let suite = try options.loadSuite()
        let baseline = try options.loadBaseline()
        try checkBaselineVersion(baseline, suite: suite, url: options.baseline)
        let execution = try execute(options, suite: suite)
        let gate = try ConformanceGate(
            suite: suite, profile: execution.run.profile, baseline: baseline, policy: options.policy)
        let report = gate.evaluate(execution.run, implementation: execution.implementation)
        try writeReports(report, options: options, rerun: execution.rerun)
        RunReportPrinter(output: output, verbose: options.verbose, baselinePath: options.baseline?.path)
            .print(report, rerun: execution.rerun)
        switch report.verdict {
        case .interrupted:
            return execution.interruption.map(ExitCode.interrupted(by:)) ?? .interrupted
        case .faulted: return .implementationUnavailable
        case .passed: return .passed
        case .failed: return .failures
        case .staleBaseline: return .configurationProblem
        case .nothingChecked:
            output.problem("error: every selected vector was skipped: the implementation adopts none of their protocols")
            return .configurationProblem
        }
    }

    private func updateBaseline(_ options: CommandLineOptions) throws -> ExitCode {
        guard options.positional == ["update"] else {
            throw CommandLineOptions.UsageError(description: "use: baseline update --baseline <file>")
        }
        guard let url = options.baseline else {
            throw CommandLineOptions.UsageError(description: "baseline update needs --baseline <file>")
        }
        let previous = FileManager.default.fileExists(atPath: url.path) ? try Baseline.load(from: url) : nil
        let suite = try options.loadSuite()
        try checkBaselineVersion(previous, suite: suite, url: url)
        let execution = try execute(options, suite: suite)
        let run = execution.run
        if let previous, previous.profile != run.profile {
            throw CommandLineOptions.UsageError(
                description: "\(url.path) is the baseline of profile \(previous.profile.rawValue), the run is for \(run.profile.rawValue); choose another file")
        }
        if !run.incidents.isEmpty {
            for incident in run.incidents { output.problem("[\(incident.kind.rawValue)] \(FailureMessage.line(incident.message))") }
            output.problem("error: the run was not whole (see above); the baseline was not written")
            if let signal = execution.interruption { return ExitCode.interrupted(by: signal) }
            return .implementationUnavailable
        }
        var baseline = Baseline(run: run, previous: previous, implementation: execution.implementation.name)
        // Vectors this run did not select keep their entries, as long as they still exist.
        let ran = Set(run.results.map(\.id))
        var kept = 0
        for (id, entry) in previous?.knownFailures ?? [:] where !ran.contains(id) && suite.vector(withID: id) != nil {
            baseline.knownFailures[id] = entry
            kept += 1
        }
        try writeFiles([(url, baseline.fileText())])
        output.line("wrote \(url.path): \(baseline.knownFailures.count) known failures"
            + (kept > 0 ? " (\(kept) kept from vectors this run did not select)" : "")
            + " for suite \(baseline.suiteVersion), profile \(baseline.profile.rawValue)")
        return .passed
    }

    /// Checks that an adapter speaks the protocol: the handshake, one vector per declared capability answered with
    /// a well-formed message, and a clean stop.
    private func smoke(_ options: CommandLineOptions) throws -> ExitCode {
        guard let command = options.adapter else {
            throw CommandLineOptions.UsageError(description: "smoke needs --adapter <command line>")
        }
        let suite = try options.loadSuite()
        let adapter = AdapterSubject(command: command, options: options.harness)
        let runner = adapter.runner
        interrupts?.watch(adapter)
        defer { interrupts?.watch(nil) }
        let handshake = try runner.start()
        output.line("ok    handshake: \(handshake.implementation.name) \(handshake.implementation.version ?? "")"
            + " (\(handshake.implementation.language ?? "language not given")), profile \(handshake.profile.rawValue),"
            + " capabilities \(handshake.capabilities.sorted().map(\.rawValue).joined(separator: ", "))")
        var healthy = true
        for family in handshake.capabilities.sorted() {
            guard let vector = suite.vectors(for: handshake.profile, families: [family]).first else {
                output.line("skip  \(family.rawValue): the suite has no vector of it under \(handshake.profile.rawValue) (DECISIONS.md D31)")
                continue
            }
            let (results, failure) = runner.run([vector])
            let outcome = results[0].outcome
            let wellFormed: Bool = switch outcome {
            case .passed, .lenient, .failed, .skipped: true
            case .errored(let message): message.hasPrefix("the adapter reported an error")
            case .crashed, .hung: false
            }
            healthy = healthy && wellFormed && failure == nil && runner.restarts == 0
            output.line("\(wellFormed && failure == nil ? "ok  " : "FAIL")  \(family.rawValue): \(vector.metadata.id) → \(outcome.kind)"
                + (wellFormed ? "" : ": \(outcome.summary)"))
        }
        let ending = runner.stop()
        if let signal = runner.interruption {
            output.problem("adapter error: \(HarnessFailure.interrupted(signal: signal).description)")
            return ExitCode.interrupted(by: signal)
        }
        let stoppedCleanly = ending.isClean
        output.line("\(stoppedCleanly ? "ok  " : "FAIL")  stop: the adapter \(ending)")
        // Smoke is strict where run is lenient: answers repeated or written after the last one, and members the
        // protocol does not define, fail it.
        for (id, message) in runner.lateViolations {
            output.line("FAIL  protocol: \(id): \(message)")
        }
        for warning in runner.warnings {
            output.line("FAIL  protocol: \(warning)")
        }
        let strict = runner.lateViolations.isEmpty && runner.warnings.isEmpty
        return healthy && stoppedCleanly && strict ? .passed : .implementationUnavailable
    }

    /// Lints the vectors (`--vectors DIR` or the bundled ones): every problem with its file, JSON path and kind.
    private func lint(_ options: CommandLineOptions) throws -> ExitCode {
        guard options.positional.isEmpty else {
            throw CommandLineOptions.UsageError(description: "lint takes no arguments")
        }
        let problems = options.vectorsDirectory.map(VectorLint.lint(directory:)) ?? VectorLint.lintBundled()
        for problem in problems {
            output.problem("lint: \(problem.description)")
        }
        guard problems.isEmpty else {
            output.problem("lint: \(problems.count) problem\(problems.count == 1 ? "" : "s")")
            return .configurationProblem
        }
        output.line("lint: no problems")
        return .passed
    }

    /// `text` quoted for a POSIX shell.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private func list(_ options: CommandLineOptions) throws -> ExitCode {
        guard options.positional.count <= 1 else {
            throw CommandLineOptions.UsageError(description: "list takes at most one family")
        }
        let families = try options.positional.first.map { name throws(CommandLineOptions.UsageError) in
            Set([try CommandLineOptions.family(named: name)])
        } ?? options.families
        let suite = try options.loadSuite()
        let vectors = try ConformanceEngine(suite: suite)
            .plan(profile: options.profile, families: families, selection: options.selection)
        for vector in vectors {
            output.line("\(vector.metadata.id)\t\(FailureMessage.line(vector.metadata.description))")
        }
        output.problem("\(vectors.count) vectors (suite \(suite.suiteVersion), profile \(options.profile.rawValue))")
        return .passed
    }

    private func show(_ options: CommandLineOptions) throws -> ExitCode {
        let (suite, id) = try oneVector(options, command: "show")
        output.line(FailureMessage.visible(try vector(id, in: suite).canonicalJSON(pretty: true)))
        return .passed
    }

    private func extract(_ options: CommandLineOptions) throws -> ExitCode {
        let (suite, id) = try oneVector(options, command: "extract")
        _ = try vector(id, in: suite)
        let file = suite.standaloneFile(for: id) ?? ""
        if let url = options.output {
            try writeFiles([(url, file)])
            output.problem("wrote \(url.path): \(id) (suite \(suite.suiteVersion)); rerun it on its own: "
                + "\(invocation) run --vectors \(Self.shellQuoted(url.path))")
        } else {
            output.line(file.hasSuffix("\n") ? String(file.dropLast()) : file)
        }
        return .passed
    }

    private func oneVector(_ options: CommandLineOptions, command: String) throws -> (VectorSuite, String) {
        guard options.positional.count == 1, let id = options.positional.first else {
            throw CommandLineOptions.UsageError(description: "\(command) takes one vector ID")
        }
        return (try options.loadSuite(), id)
    }

    private func vector(_ id: String, in suite: VectorSuite) throws -> any ConformanceVector {
        guard let vector = suite.vector(withID: id) else {
            let retired = suite.changelog.retiredIDs[id].map { " (retired in \($0))" } ?? ""
            throw CommandLineOptions.UsageError(description: "no vector with ID \"\(id)\" in suite \(suite.suiteVersion)\(retired)")
        }
        return vector
    }
}
