import Foundation
import LoginConformance
import LoginConformanceReference

/// `login-conformance`: runs the suite against the bundled reference implementation, lists and shows vectors.
struct CommandLineTool {
    let output: CommandOutput

    static let usage = """
    USAGE: login-conformance <command> [options]

    COMMANDS
      run                 run the suite against the bundled reference implementation
      list [family]       list vector IDs and descriptions
      show <id>           print one vector as JSON
      help                show this help

    OPTIONS
      --profile <name>    documented (default) or ios-sdk: the reading the implementation claims
      --family <name>     only this family (repeatable): nonce, login-configuration, login-result, token-claims
      --vector <ids>      only these vector IDs; comma separated; a trailing * matches a prefix
      --vectors <dir>     read the vectors from <dir> instead of the bundled ones
      --verbose, -v       run: list every failure (default: the first 20)

    EXIT STATUS
      0  every checked vector passed
      1  at least one vector failed or errored
      2  suite, vector or configuration problem (malformed vector file, bad option, nothing selected or checked)
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
            case "run": return try runSuite(options)
            case "list": return try list(options)
            case "show": return try show(options)
            default: throw CommandLineOptions.UsageError(description: "unknown command \"\(command)\"")
            }
        } catch let error as CommandLineOptions.UsageError {
            output.problem("error: \(error.description)\n\n\(Self.usage)")
        } catch let error as VectorLoadError {
            output.problem("vector error: \(error.description)")
        } catch let error as ConformanceRunError {
            output.problem("error: \(error.description)")
        } catch {
            output.problem("error: \(error)")
        }
        return .configurationProblem
    }

    private func runSuite(_ options: CommandLineOptions) throws -> ExitCode {
        guard options.positional.isEmpty else {
            throw CommandLineOptions.UsageError(description: "run takes no arguments; got \(options.positional.joined(separator: " "))")
        }
        let suite = try options.loadSuite()
        let implementation = ReferenceImplementation(profile: options.profile)
        let run = try ConformanceEngine(suite: suite).run(
            implementation, profile: options.profile, families: options.families, selection: options.selection)
        RunReportPrinter(output: output, verbose: options.verbose)
            .print(run, suite: suite, implementationName: "reference implementation (\(options.profile.rawValue))")
        switch run.verdict {
        case .passed: return .passed
        case .failed: return .failures
        case .nothingChecked:
            output.problem("error: every selected vector was skipped: the implementation adopts none of their protocols")
            return .configurationProblem
        }
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
        guard options.positional.count == 1, let id = options.positional.first else {
            throw CommandLineOptions.UsageError(description: "show takes one vector ID")
        }
        let suite = try options.loadSuite()
        guard let vector = suite.vector(withID: id) else {
            throw CommandLineOptions.UsageError(description: "no vector with ID \"\(id)\" in suite \(suite.suiteVersion)")
        }
        output.line(vector.canonicalJSON(pretty: true))
        return .passed
    }
}
