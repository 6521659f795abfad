import Foundation
import LoginConformance
import LoginConformanceReference

/// `login-conformance`: runs the suite as a regression gate, keeps the baseline, lists, shows and extracts vectors.
struct CommandLineTool {
    let output: CommandOutput
    /// The implementation a run checks, for the profile it claims: the bundled reference by default; tests inject
    /// deliberately wrong ones.
    let implementation: (ConformanceProfile) -> (subject: Any, info: ImplementationInfo)

    init(
        output: CommandOutput,
        implementation: @escaping (ConformanceProfile) -> (subject: Any, info: ImplementationInfo) = Self.reference
    ) {
        self.output = output
        self.implementation = implementation
    }

    /// The bundled reference implementation in `profile`.
    static func reference(_ profile: ConformanceProfile) -> (subject: Any, info: ImplementationInfo) {
        (ReferenceImplementation(profile: profile),
         ImplementationInfo(name: "reference implementation (\(profile.rawValue))", language: "swift"))
    }

    static let usage = """
    USAGE: login-conformance <command> [options]

    COMMANDS
      run                 run the suite against the bundled reference implementation (the gate)
      baseline update     run, then write the baseline named by --baseline (known failures, sorted, stable)
      list [family]       list vector IDs and descriptions
      show <id>           print one vector as JSON
      extract <id>        write a standalone family file holding one vector, for a bug report (--output FILE)
      help                show this help

    OPTIONS
      --profile <name>          documented (default) or ios-sdk: the reading the implementation claims
      --family <name>           only this family (repeatable): nonce, login-configuration, login-result, token-claims
      --vector <ids>            only these vector IDs; comma separated; a trailing * matches a prefix
      --vectors <dir>           read the vectors from <dir> instead of the bundled ones
      --baseline <file>         known failures: the gate fails only on regressions
      --allow-newly-passing     a known failure that now passes does not fail the gate
      --new-vectors <policy>    report (default) or block: failing vectors added after the baseline's suite version
      --report-json <file>      write the results as JSON (Vectors/schema/results.schema.json)
      --report-junit <file>     write JUnit XML, one test case per vector
      --report-markdown <file>  write a Markdown summary (for a CI step summary)
      --output, -o <file>       extract: where to write (default: standard output)
      --verbose, -v             run: list every blocking result in full (default: the first 20)

    EXIT STATUS
      0  no regressions: every blocking check passed
      1  regressions (and, unless allowed, newly passing vectors; with --new-vectors block, failing new vectors)
      2  suite, vector, baseline or configuration problem (malformed file, stale baseline entry, bad option,
         nothing selected or checked)
      3  the implementation or adapter could not be run
    """

    func run(_ arguments: [String]) -> ExitCode {
        guard let command = arguments.first, !["help", "--help", "-h"].contains(command) else {
            output.line(Self.usage)
            return .passed
        }
        do {
            let options = try CommandLineOptions(parsing: Array(arguments.dropFirst()))
            switch command {
            case "run": return try runGate(options)
            case "baseline": return try updateBaseline(options)
            case "list": return try list(options)
            case "show": return try show(options)
            case "extract": return try extract(options)
            default: throw CommandLineOptions.UsageError(description: "unknown command \"\(command)\"")
            }
        } catch let error as CommandLineOptions.UsageError {
            output.problem("error: \(error.description)\n\n\(Self.usage)")
        } catch let error as VectorLoadError {
            output.problem("vector error: \(error.description)")
        } catch let error as BaselineError {
            output.problem("baseline error: \(error.description)")
        } catch let error as ConformanceRunError {
            output.problem("error: \(error.description)")
        } catch let error as GateConfigurationError {
            output.problem("error: \(error.description)")
        } catch {
            output.problem("error: \(error)")
        }
        return .configurationProblem
    }

    private func runGate(_ options: CommandLineOptions) throws -> ExitCode {
        guard options.positional.isEmpty else {
            throw CommandLineOptions.UsageError(description: "run takes no arguments; got \(options.positional.joined(separator: " "))")
        }
        let suite = try options.loadSuite()
        let gate = try ConformanceGate(
            suite: suite, profile: options.profile, baseline: try options.loadBaseline(), policy: options.policy)
        let (subject, info) = implementation(options.profile)
        let run = try ConformanceEngine(suite: suite).run(
            subject, profile: options.profile, families: options.families, selection: options.selection)
        let report = gate.evaluate(run, implementation: info)
        let vectorsOption = options.vectorsDirectory.map { " --vectors '\($0.path)'" } ?? ""
        let rerun = { (id: String) in FailureMessage.cliRerunCommand(id: id, profile: options.profile) + vectorsOption }
        try write(options.jsonReport, JSONResultsReport.render(report, rerun: rerun))
        try write(options.junitReport, JUnitReport.render(report, rerun: rerun))
        try write(options.markdownReport, MarkdownReport.render(report, rerun: rerun))
        RunReportPrinter(output: output, verbose: options.verbose).print(report, suite: suite, rerun: rerun)
        switch report.verdict {
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
        if let previous, previous.profile != options.profile {
            throw CommandLineOptions.UsageError(
                description: "\(url.path) is the baseline of profile \(previous.profile.rawValue); pass --profile \(previous.profile.rawValue) or choose another file")
        }
        let suite = try options.loadSuite()
        let (subject, info) = implementation(options.profile)
        let run = try ConformanceEngine(suite: suite).run(
            subject, profile: options.profile, families: options.families, selection: options.selection)
        var baseline = Baseline(run: run, previous: previous, implementation: info.name)
        // Vectors this run did not select keep their entries, as long as they still exist.
        let ran = Set(run.results.map(\.id))
        var kept = 0
        for (id, entry) in previous?.knownFailures ?? [:] where !ran.contains(id) && suite.vector(withID: id) != nil {
            baseline.knownFailures[id] = entry
            kept += 1
        }
        try write(url, baseline.fileText())
        output.line("wrote \(url.path): \(baseline.knownFailures.count) known failures"
            + (kept > 0 ? " (\(kept) kept from vectors this run did not select)" : "")
            + " for suite \(baseline.suiteVersion), profile \(baseline.profile.rawValue)")
        return .passed
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
            output.line("\(vector.metadata.id)\t\(vector.metadata.description)")
        }
        output.problem("\(vectors.count) vectors (suite \(suite.suiteVersion), profile \(options.profile.rawValue))")
        return .passed
    }

    private func show(_ options: CommandLineOptions) throws -> ExitCode {
        let (suite, id) = try oneVector(options, command: "show")
        output.line(try vector(id, in: suite).canonicalJSON(pretty: true))
        return .passed
    }

    private func extract(_ options: CommandLineOptions) throws -> ExitCode {
        let (suite, id) = try oneVector(options, command: "extract")
        _ = try vector(id, in: suite)
        let file = suite.standaloneFile(for: id) ?? ""
        if let url = options.output {
            try write(url, file)
            output.problem("wrote \(url.path): \(id) (suite \(suite.suiteVersion))")
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

    private func write(_ url: URL?, _ text: String) throws {
        guard let url else { return }
        do {
            try Data(text.utf8).write(to: url)
        } catch {
            throw CommandLineOptions.UsageError(description: "cannot write \(url.path): \(error.localizedDescription)")
        }
    }
}
