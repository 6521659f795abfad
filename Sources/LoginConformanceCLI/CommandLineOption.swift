import Foundation
import LoginConformance

/// One option of the CLI, declared once: its names, its value, its help, the subcommands it applies to, and what it
/// does to the parsed options. The parser, the usage text, each subcommand's `--help` and the checks that refuse an
/// option a subcommand does not read all come from ``all`` (no help text is parsed back).
struct CommandLineOption: Sendable {
    /// What else an option needs to mean anything.
    enum Requirement {
        /// Only an adapter run reads it (`--adapter`).
        case adapter
        /// Only a run against a baseline reads it (`--baseline`).
        case baseline
    }

    /// `--output`, `-o`: the first is the option's name in messages.
    let names: [String]
    /// The value's placeholder (`<file>`), `nil` for a flag.
    let value: String?
    /// The help, one line per element (continuation lines are indented under the first).
    let help: [String]
    /// The subcommands that read it; `nil`: every subcommand.
    let commands: Set<String>?
    /// Whether it may be given more than once.
    var repeatable = false
    /// What it needs besides the subcommand.
    var requires: Requirement?
    /// Applies the value (`""` for a flag) to the options being parsed.
    let apply: @Sendable (inout CommandLineOptions, String) throws(CommandLineOptions.UsageError) -> Void

    /// The option's name in messages.
    var name: String { names[0] }

    /// Whether it applies to `command`.
    func applies(to command: String) -> Bool { commands.map { $0.contains(command) } ?? true }

    /// Its lines in a help text: names and value in a column of 26, the help beside.
    var helpLines: [String] {
        let head = "  " + names.joined(separator: ", ") + (value.map { " " + $0 } ?? "")
        let pad = String(repeating: " ", count: 28)
        var lines = [head.count < 28 ? head.padding(toLength: 28, withPad: " ", startingAt: 0) + help[0] : head + "\n" + pad + help[0]]
        lines += help.dropFirst().map { pad + $0 }
        return lines
    }

    /// Subcommand names as a user types them (`baseline update`), sorted.
    static func commandNames(_ commands: Set<String>) -> [String] {
        commands.sorted().map { $0 == "baseline" ? "baseline update" : $0 }
    }

    /// The option named `name`, if any.
    static func named(_ name: String) -> CommandLineOption? {
        all.first { $0.names.contains(name) }
    }

    static let gateCommands: Set<String> = ["run", "baseline", "list"]
    static let adapterCommands: Set<String> = ["run", "baseline", "smoke"]

    /// Every option, in the order the help lists them.
    static let all: [CommandLineOption] = [
        CommandLineOption(
            names: ["--profile"], value: "<name>",
            help: ["\(ConformanceProfile.allCases.map(\.rawValue).joined(separator: " or ")) (or a profile the --vectors suite lists):",
                   "the reading the implementation claims (default documented)"],
            commands: gateCommands
        ) { options, name throws(CommandLineOptions.UsageError) in
            // A profile of the bundled suite, or a name a suite of your own may list: checked once it is loaded.
            guard let profile = ConformanceProfile(rawValue: name) ?? CommandLineOptions.profileName(name) else {
                throw .init(description: "unknown profile \"\(name)\"; use one of: \(ConformanceProfile.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            options.profile = profile
            options.profileGiven = true
        },
        CommandLineOption(
            names: ["--family"], value: "<name>", help: ["only this family (repeatable), one of:"] + familyLines,
            commands: gateCommands, repeatable: true
        ) { options, name throws(CommandLineOptions.UsageError) in
            options.families = (options.families ?? []).union([try CommandLineOptions.family(named: name)])
        },
        CommandLineOption(
            names: ["--vector"], value: "<ids>", help: ["only these vector IDs; comma separated; a trailing * matches a prefix"],
            commands: gateCommands, repeatable: true
        ) { options, text throws(CommandLineOptions.UsageError) in
            let patterns = VectorSelection(parsing: text).patterns
            guard !patterns.isEmpty else {
                throw .init(description: "--vector takes vector IDs or prefix* patterns, comma separated, not \"\(text)\"")
            }
            if let everything = patterns.first(where: { $0.allSatisfy { $0 == "*" } }) {
                throw .init(description: "--vector \"\(everything)\" would select every vector; leave --vector out to run them all")
            }
            options.selection = VectorSelection(patterns: options.selection.patterns + patterns)
        },
        CommandLineOption(
            names: ["--vectors"], value: "<dir|file>",
            help: ["read the vectors from <dir> (a manifest and its family files), or from one family",
                   "file (what extract writes), instead of the bundled ones"],
            commands: ["run", "baseline", "smoke", "lint", "list", "show", "extract"]
        ) { options, path throws(CommandLineOptions.UsageError) in
            guard !path.isEmpty else { throw .init(description: "--vectors takes a directory, not an empty string") }
            options.vectorsDirectory = URL(fileURLWithPath: path, isDirectory: true)
        },
        CommandLineOption(
            names: ["--adapter"], value: "<command>",
            help: ["check the implementation behind this command line (JSON Lines, Vectors/HARNESS.md)",
                   "instead of the bundled reference; its handshake's profile applies unless --profile"],
            commands: adapterCommands
        ) { options, command throws(CommandLineOptions.UsageError) in
            guard !command.allSatisfy(\.isWhitespace) else {
                throw .init(description: "--adapter takes a command line, not an empty string")
            }
            options.adapter = command
        },
        CommandLineOption(
            names: ["--timeout"], value: "<seconds>",
            help: ["adapter: how long an answer may take before the vector is a hang (default 10;",
                   "\(CommandLineOptions.timeoutRange.lowerBound.formatted()) to \(Int(CommandLineOptions.timeoutRange.upperBound)))"],
            commands: adapterCommands, requires: .adapter
        ) { options, text throws(CommandLineOptions.UsageError) in
            options.outcomeOptions.append(("--timeout", text))
            let range = CommandLineOptions.timeoutRange
            guard let seconds = Double(text), seconds.isFinite, range.contains(seconds) else {
                throw .init(description: "--timeout takes a number of seconds from \(range.lowerBound.formatted()) to \(Int(range.upperBound)) (a day), not \"\(text)\"")
            }
            options.harness.timeout = .milliseconds(Int64((seconds * 1000).rounded(.up)))
            options.harness.startTimeout = max(options.harness.startTimeout, options.harness.timeout)
        },
        CommandLineOption(
            names: ["--restarts"], value: "<n>",
            help: ["adapter: restarts allowed after crashes, hangs, garbage (default 10; \(CommandLineOptions.restartsRange.lowerBound) to \(CommandLineOptions.restartsRange.upperBound))"],
            commands: adapterCommands, requires: .adapter
        ) { options, text throws(CommandLineOptions.UsageError) in
            options.outcomeOptions.append(("--restarts", text))
            options.harness.restartBudget = try CommandLineOptions.count(text, option: "--restarts", in: CommandLineOptions.restartsRange)
        },
        CommandLineOption(
            names: ["--batch"], value: "<n>",
            help: ["adapter: requests unanswered at a time, the next sent as answers arrive (default 1, at most \(CommandLineOptions.batchRange.upperBound))"],
            commands: ["run", "baseline"], requires: .adapter
        ) { options, text throws(CommandLineOptions.UsageError) in
            options.harness.batchSize = try CommandLineOptions.count(text, option: "--batch", in: CommandLineOptions.batchRange)
        },
        CommandLineOption(
            names: ["--max-line-bytes"], value: "<n>",
            help: ["adapter: the longest answer line accepted, in bytes (default 1048576 = 1 MiB;",
                   "\(CommandLineOptions.maxLineBytesRange.lowerBound) to \(CommandLineOptions.maxLineBytesRange.upperBound)); a longer line is an error for the vector in flight"],
            commands: adapterCommands, requires: .adapter
        ) { options, text throws(CommandLineOptions.UsageError) in
            options.outcomeOptions.append(("--max-line-bytes", text))
            options.harness.maxLineBytes = try CommandLineOptions.count(text, option: "--max-line-bytes", in: CommandLineOptions.maxLineBytesRange)
        },
        CommandLineOption(
            names: ["--baseline"], value: "<file>", help: ["known failures: the gate fails only on regressions"],
            commands: ["run", "baseline"]
        ) { options, path throws(CommandLineOptions.UsageError) in
            options.baseline = try CommandLineOptions.file(path, option: "--baseline")
        },
        CommandLineOption(
            names: ["--allow-newly-passing"], value: nil, help: ["a known failure that now passes does not fail the gate"],
            commands: ["run"], repeatable: true, requires: .baseline
        ) { options, _ throws(CommandLineOptions.UsageError) in
            options.policy.allowNewlyPassing = true
        },
        CommandLineOption(
            names: ["--new-vectors"], value: "<policy>",
            help: ["report (default) or block: failing vectors added after the baseline's suite version"],
            commands: ["run"], requires: .baseline
        ) { options, value throws(CommandLineOptions.UsageError) in
            options.policy.blockOnNewVectors = try CommandLineOptions.blocking(value, option: "--new-vectors")
        },
        CommandLineOption(
            names: ["--changed-vectors"], value: "<policy>",
            help: ["report (default) or block: failing vectors whose expectation changed after the",
                   "baseline's suite version"],
            commands: ["run"], requires: .baseline
        ) { options, value throws(CommandLineOptions.UsageError) in
            options.policy.blockOnChangedVectors = try CommandLineOptions.blocking(value, option: "--changed-vectors")
        },
    ] + ReportFormat.all.map { format in
        CommandLineOption(names: ["--report-\(format.name)"], value: "<file>", help: [format.summary], commands: ["run"]) {
            options, path throws(CommandLineOptions.UsageError) in
            options.reports.append((format, try CommandLineOptions.file(path, option: "--report-\(format.name)")))
        }
    } + [
        CommandLineOption(
            names: ["--output", "-o"], value: "<file>", help: ["extract: where to write (default: standard output)"],
            commands: ["extract"]
        ) { options, path throws(CommandLineOptions.UsageError) in
            options.output = try CommandLineOptions.file(path, option: "--output")
        },
        CommandLineOption(
            names: ["--verbose", "-v"], value: nil, help: ["run: list every blocking result in full (default: the first 20)"],
            commands: ["run"], repeatable: true
        ) { options, _ throws(CommandLineOptions.UsageError) in
            options.verbose = true
        },
        CommandLineOption(
            names: ["--help", "-h"], value: nil, help: ["after a command: its help (also: login-conformance help <command>)"],
            commands: nil, repeatable: true
        ) { options, _ throws(CommandLineOptions.UsageError) in
            options.helpRequested = true
        },
    ]

    /// Every family name, wrapped for the help.
    private static var familyLines: [String] {
        var lines: [String] = [], line = ""
        for name in ConformanceFamily.allCases.map(\.rawValue) {
            if !line.isEmpty && line.count + name.count + 2 > 80 { lines.append(line + ","); line = "" }
            line += (line.isEmpty ? "" : ", ") + name
        }
        return lines + [line]
    }
}
