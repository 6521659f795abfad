import LoginConformance

/// `show <id>`: one vector as JSON.
struct ShowSubcommand: OptionsSubcommand {
    static let name = "show"
    static let synopsis = "show <id>"
    static let help = ["print one vector as JSON"]
    let tool: CommandLineTool

    func run(options: CommandLineOptions) throws -> ExitCode {
        let (suite, id) = try tool.oneVector(options, command: "show")
        tool.output.line(FailureMessage.visible(try tool.vector(id, in: suite).canonicalJSON(pretty: true)))
        return .passed
    }
}
