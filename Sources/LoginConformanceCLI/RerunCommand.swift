import Foundation
import LoginConformance

/// How the CLI spells the command that reruns one vector, printed with each failure and written to the reports.
///
/// A rerun must reproduce the outcome, so it carries every option that can change it: the profile that applied,
/// `--vectors`, `--adapter` and the adapter limits as given (`--timeout`, `--restarts`, `--max-line-bytes`: a vector
/// reported as a hang under `--timeout 0.5` would pass when rerun with the default). It starts the tool the way it
/// was started: `swift run login-conformance` (with `-c release` or `--package-path` when that is how the binary was
/// built and where), or the executable's own path otherwise (an installed `login-conformance`).
struct RerunCommand {
    /// How the tool is started, already shell-quoted (`swift run login-conformance`, `/usr/local/bin/login-conformance`).
    let invocation: String
    /// The options after `run --profile P --vector ID`, already shell-quoted.
    let options: [String]
    let profile: ConformanceProfile

    init(invocation: String, profile: ConformanceProfile, options given: CommandLineOptions) {
        self.invocation = invocation
        self.profile = profile
        var options: [String] = []
        if let command = given.adapter { options += ["--adapter", CommandLineTool.shellQuoted(command)] }
        for (option, value) in given.outcomeOptions { options += [option, CommandLineTool.shellQuoted(value)] }
        if let directory = given.vectorsDirectory { options += ["--vectors", CommandLineTool.shellQuoted(directory.path)] }
        self.options = options
    }

    /// The command for the vector `id`.
    func callAsFunction(_ id: String) -> String {
        ([invocation, "run", "--profile", profile.rawValue, "--vector", CommandLineTool.shellQuoted(id)] + options).joined(separator: " ")
    }

    /// The command that rewrites the baseline at `baselinePath` from the same run: the same profile, vectors, adapter
    /// and limits, so that pasting it checks what this run checked (never the bundled reference in an adapter's place).
    func baselineUpdate(_ baselinePath: String) -> String {
        ([invocation, "baseline", "update", "--profile", profile.rawValue, "--baseline", CommandLineTool.shellQuoted(baselinePath)]
            + options).joined(separator: " ")
    }

    /// How this process was started: `swift run [-c release] [--package-path DIR] login-conformance` when the
    /// executable lies in a SwiftPM build folder (`<package>/.build/<triple>/<configuration>/`), its path as given
    /// otherwise.
    static func invocation(
        executable: String = CommandLine.arguments.first ?? "login-conformance",
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) -> String {
        let path = URL(fileURLWithPath: executable, relativeTo: URL(fileURLWithPath: currentDirectory, isDirectory: true))
            .standardizedFileURL.path
        guard let range = path.range(of: "/.build/") else {
            return CommandLineTool.shellQuoted(executable)
        }
        let package = String(path[..<range.lowerBound])
        let configuration = path.split(separator: "/").dropLast().last.map(String.init) ?? "debug"
        var words = ["swift", "run"]
        if configuration == "release" { words += ["-c", "release"] }
        let here = URL(fileURLWithPath: currentDirectory).standardizedFileURL.path
        if package != here { words += ["--package-path", CommandLineTool.shellQuoted(package)] }
        return (words + [URL(fileURLWithPath: path).lastPathComponent]).joined(separator: " ")
    }
}
