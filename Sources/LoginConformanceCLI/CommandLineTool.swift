import Foundation
import LoginConformance
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
    static let version = "0.7.0"

    /// The bundled reference implementation in `profile`.
    static func reference(_ profile: ConformanceProfile) -> (subject: any ConformanceSubject, info: ImplementationInfo) {
        (ReferenceImplementation(profile: profile),
         ImplementationInfo(name: "reference implementation (\(profile.rawValue))", language: "swift"))
    }

    /// The subcommands, one type each, declared once: the usage, each `--help` and the dispatch come from here.
    static var subcommands: [any Subcommand.Type] {
        [RunSubcommand.self, BaselineSubcommand.self, SmokeSubcommand.self, LintSubcommand.self, ListSubcommand.self,
         ShowSubcommand.self, ExtractSubcommand.self, BenchSubcommand.self, HelpSubcommand.self]
    }

    /// Every subcommand's name.
    static var commands: [String] { subcommands.map { $0.name } }

    /// The subcommand called `name`, if there is one.
    static func subcommand(named name: String) -> (any Subcommand.Type)? {
        subcommands.first { $0.name == name }
    }

    /// A subcommand's lines in a help text: synopsis in a column of 20, the help beside.
    private static func commandLines(_ command: any Subcommand.Type) -> [String] {
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
    static func help(for command: any Subcommand.Type) -> String {
        let options = CommandLineOption.all.filter { $0.applies(to: command.name) }.flatMap(\.helpLines)
        return """
        USAGE: login-conformance \(command.name == "baseline" ? "baseline update" : command.name) [options]

        \(commandLines(command).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " "))

        OPTIONS
        \(options.joined(separator: "\n"))

        Exit statuses: login-conformance help
        """
    }

    /// The help of the command called `name`, if there is one.
    static func help(for name: String) -> String? {
        subcommand(named: name).map { help(for: $0) }
    }

    /// Runs the subcommand `arguments` name with the arguments after it; every error a message and an exit status.
    func run(_ arguments: [String]) -> ExitCode {
        guard let command = arguments.first else {
            output.problem(Self.usage)
            return .configurationProblem
        }
        if command == "--version" {
            let suite = (try? VectorSuite.bundled()).map(\.suiteVersion) ?? "unavailable"
            output.line("login-conformance \(Self.version) (suite \(suite), adapter protocol \(HarnessRunner.protocolVersion))")
            return .passed
        }
        let name = ["--help", "-h"].contains(command) ? HelpSubcommand.name : command
        guard let subcommand = Self.subcommand(named: name) else {
            output.problem("error: unknown command \"\(command)\"\nsee login-conformance help")
            return .configurationProblem
        }
        let hint = "see login-conformance help \(subcommand.name)"
        do {
            return try subcommand.init(tool: self).run(Array(arguments.dropFirst()))
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
    struct Execution {
        let run: ConformanceRun
        let implementation: ImplementationInfo
        /// The signal that interrupted an adapter run, if one did.
        let interruption: Int32?
        let rerun: (String) -> String
        /// The command that rewrites a baseline at the path given from the same run.
        let baselineUpdate: (String) -> String
    }

    /// One pipeline: the subject (the bundled reference for the profile asked, or the adapter) run by the engine.
    /// An adapter that cannot start still gives a run, every selected vector not run with the incident that says
    /// why, so the reports are written as for any run.
    func execute(_ options: CommandLineOptions, suite: VectorSuite) throws -> Execution {
        if options.adapter == nil || options.profileGiven { try options.checkProfile(in: suite) }
        let subject: any RunnableSubject
        var adapter: AdapterSubject?
        if let command = options.adapter {
            let adapterSubject = AdapterSubject(command: command, options: options.harness)
            adapter = adapterSubject
            subject = adapterSubject
        } else {
            // The bundled reference has a reading of each bundled profile only: a profile of your own suite is checked
            // through an adapter that implements it.
            guard ReferenceImplementation.profiles.contains(options.profile) else {
                throw CommandLineOptions.UsageError(description: "the bundled reference implementation reads "
                    + "\(ReferenceImplementation.profiles.map(\.rawValue).joined(separator: ", ")), not \(options.profile.rawValue): "
                    + "check an implementation of \(options.profile.rawValue) with --adapter")
            }
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
        let rerun = RerunCommand(invocation: invocation, profile: run.profile, options: options)
        return Execution(
            run: run, implementation: implementation ?? ImplementationInfo(name: "adapter: \(options.adapter ?? "")"),
            interruption: adapter?.interruption,
            rerun: rerun.callAsFunction, baselineUpdate: rerun.baselineUpdate)
    }

    /// The reports `--report-json`, `--report-junit` and `--report-markdown` ask for, written all or nothing and
    /// to their end even if a signal arrives meanwhile.
    func writeReports(_ report: GateReport, options: CommandLineOptions, rerun: (String) -> String) throws {
        let files = options.reports.map { (url: $0.url, text: $0.format.render(report, rerun)) }
        try writeFiles(files)
    }

    /// Writes `files` all or nothing (``OutputFiles/write(_:)``), finished before a signal ends the process.
    func writeFiles(_ files: [(url: URL, text: String)]) throws {
        guard !files.isEmpty else { return }
        if let interrupts {
            try interrupts.finishing { try OutputFiles.write(files) }
        } else {
            try OutputFiles.write(files)
        }
    }

    /// A baseline written for a newer suite than the vectors cannot be judged against them.
    func checkBaselineVersion(_ baseline: Baseline?, suite: VectorSuite, url: URL?) throws {
        guard let baseline, let version = SuiteVersion(suite.suiteVersion), baseline.suiteVersion > version else { return }
        throw CommandLineOptions.UsageError(
            description: "\(url?.path ?? "the baseline"): $.suiteVersion: written for suite \(baseline.suiteVersion), newer than the vectors' suite \(suite.suiteVersion); use the vectors of suite \(baseline.suiteVersion) or later")
    }





    /// `text` quoted for a POSIX shell.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }




    func oneVector(_ options: CommandLineOptions, command: String) throws -> (VectorSuite, String) {
        guard options.positional.count == 1, let id = options.positional.first else {
            throw CommandLineOptions.UsageError(description: "\(command) takes one vector ID")
        }
        return (try options.loadSuite(), id)
    }

    func vector(_ id: String, in suite: VectorSuite) throws -> any ConformanceVector {
        guard let vector = suite.vector(withID: id) else {
            let retired = suite.changelog.retiredIDs[id].map { " (retired in \($0))" } ?? ""
            throw CommandLineOptions.UsageError(description: "no vector with ID \"\(id)\" in suite \(suite.suiteVersion)\(retired)")
        }
        return vector
    }
}
