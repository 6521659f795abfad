import LoginConformance

/// `list [family]`: the IDs and descriptions of the vectors selected.
struct ListSubcommand: OptionsSubcommand {
    static let name = "list"
    static let synopsis = "list [family]"
    static let help = ["list vector IDs and descriptions"]
    let tool: CommandLineTool

    func run(options: CommandLineOptions) throws -> ExitCode {
        guard options.positional.count <= 1 else {
            throw CommandLineOptions.UsageError(description: "list takes at most one family")
        }
        let families = try options.positional.first.map { name throws(CommandLineOptions.UsageError) in
            Set([try CommandLineOptions.family(named: name)])
        } ?? options.families
        let suite = try options.loadSuite()
        try options.checkProfile(in: suite)
        let vectors = try ConformanceEngine(suite: suite)
            .plan(profile: options.profile, families: families, selection: options.selection)
        for vector in vectors {
            tool.output.line("\(vector.metadata.id)\t\(FailureMessage.line(vector.metadata.description))")
        }
        tool.output.problem("\(vectors.count) vectors (suite \(suite.suiteVersion), profile \(options.profile.rawValue))")
        return .passed
    }
}
