import LoginConformanceTools

/// `lint`: the vectors checked for meaning.
struct LintSubcommand: OptionsSubcommand {
    static let name = "lint"
    static let synopsis = "lint"
    static let help = ["check the vectors for meaning: IDs, reasons, rules, contradictions, profile pairs"]
    let tool: CommandLineTool

    /// Lints the vectors (`--vectors DIR` or the bundled ones): every problem with its file, JSON path and kind.
    func run(options: CommandLineOptions) throws -> ExitCode {
        guard options.positional.isEmpty else {
            throw CommandLineOptions.UsageError(description: "lint takes no arguments")
        }
        let problems = options.vectorsDirectory.map(VectorLint.lint(directory:)) ?? VectorLint.lintBundled()
        for problem in problems {
            tool.output.problem("lint: \(problem.description)")
        }
        guard problems.isEmpty else {
            tool.output.problem("lint: \(problems.count) problem\(problems.count == 1 ? "" : "s")")
            return .configurationProblem
        }
        tool.output.line("lint: no problems")
        return .passed
    }
}
