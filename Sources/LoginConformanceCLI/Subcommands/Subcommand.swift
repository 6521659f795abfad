import LoginConformance

/// One subcommand of `login-conformance`, one type each (the shape of swift-argument-parser's math example,
/// without the dependency): its name, synopsis and help, from which the usage and `help <command>` are generated
/// (``CommandLineTool/subcommands``), and what it does.
protocol Subcommand {
    /// Its name on the command line.
    static var name: String { get }
    /// How it is called, in the command list (`show <id>`).
    static var synopsis: String { get }
    /// What it does: the first line beside the synopsis, the others below it.
    static var help: [String] { get }
    /// The tool it runs in: the terminal, the implementation checked, the signal handling, the rerun spelling.
    var tool: CommandLineTool { get }
    init(tool: CommandLineTool)
    /// Runs with the arguments after its name.
    func run(_ arguments: [String]) throws -> ExitCode
}

/// A subcommand that reads the options of ``CommandLineOption/all``: parsed, `--help` answered, validated for it,
/// and every output path checked before anything runs (a refused run leaves every file as it was).
protocol OptionsSubcommand: Subcommand {
    /// Runs with the options, once they are valid for it.
    func run(options: CommandLineOptions) throws -> ExitCode
}

extension OptionsSubcommand {
    func run(_ arguments: [String]) throws -> ExitCode {
        let options = try CommandLineOptions(parsing: arguments)
        if options.helpRequested {
            tool.output.line(CommandLineTool.help(for: Self.self))
            return .passed
        }
        try options.validate(for: Self.name)
        // Every output path, before anything runs: a refused run leaves every file as it was.
        try OutputFiles.check(options.outputs(for: Self.name), inputs: options.inputs(for: Self.name))
        for warning in try options.checkVectorsDirectory() { tool.output.problem("warning: \(warning)") }
        return try run(options: options)
    }
}
