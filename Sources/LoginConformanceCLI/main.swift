import Foundation

let status = CommandLineTool(output: .standard).run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
