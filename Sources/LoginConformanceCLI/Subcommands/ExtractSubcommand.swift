import LoginConformance

/// `extract <id>`: a standalone family file holding one vector, for a bug report.
struct ExtractSubcommand: OptionsSubcommand {
    static let name = "extract"
    static let synopsis = "extract <id>"
    static let help = ["write a standalone family file holding one vector, for a bug report (--output FILE);",
                       "`run --vectors FILE` runs it on its own"]
    let tool: CommandLineTool

    func run(options: CommandLineOptions) throws -> ExitCode {
        let (suite, id) = try tool.oneVector(options, command: "extract")
        _ = try tool.vector(id, in: suite)
        let file = suite.standaloneFile(for: id) ?? ""
        if let url = options.output {
            try tool.writeFiles([(url, file)])
            tool.output.problem("wrote \(url.path): \(id) (suite \(suite.suiteVersion)); rerun it on its own: "
                + "\(tool.invocation) run --vectors \(CommandLineTool.shellQuoted(url.path))")
        } else {
            tool.output.line(file.hasSuffix("\n") ? String(file.dropLast()) : file)
        }
        return .passed
    }
}
