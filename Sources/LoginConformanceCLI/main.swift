import Foundation

let interrupts = InterruptHandler()
interrupts.install()
let status = CommandLineTool(output: .standard, interrupts: interrupts, invocation: RerunCommand.invocation()).run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
