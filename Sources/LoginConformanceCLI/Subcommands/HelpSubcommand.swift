/// `help [command]`: the usage, or one command's help.
struct HelpSubcommand: Subcommand {
    static let name = "help"
    static let synopsis = "help"
    static let help = ["show this help"]
    let tool: CommandLineTool

    func run(_ arguments: [String]) throws -> ExitCode {
        guard let command = arguments.first else {
            tool.output.line(CommandLineTool.usage)
            return .passed
        }
        let name = ["--help", "-h"].contains(command) ? Self.name : command
        guard let subcommand = CommandLineTool.subcommand(named: name) else {
            tool.output.problem("error: unknown command \"\(command)\"\nsee login-conformance help")
            return .configurationProblem
        }
        tool.output.line(CommandLineTool.help(for: subcommand))
        return .passed
    }
}
