import LoginConformanceBenchmarks

/// `bench`: the toolkit's costs (BENCHMARKS.md), with its own options (``BenchOptions``).
struct BenchSubcommand: Subcommand {
    static let name = "bench"
    static let synopsis = "bench [--quick]"
    static let help = ["measure the toolkit's costs (engine overhead, loading, scaling, harness throughput;",
                       "BENCHMARKS.md); --no-harness, --scales 1,10,100, --run-scales 1,20, --cli PATH,",
                       "--trivial-adapter CMD, --reference-adapter CMD, --harness-runs N (the median of N runs)"]
    let tool: CommandLineTool

    func run(_ arguments: [String]) throws -> ExitCode {
        if arguments.contains(where: { ["--help", "-h"].contains($0) }) {
            tool.output.line(CommandLineTool.help(for: Self.self))
            return .passed
        }
        return Benchmarks(line: tool.output.line, problem: tool.output.problem).run(arguments, usage: CommandLineTool.usage)
            ? .passed : .configurationProblem
    }
}
