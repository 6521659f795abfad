import Foundation
import LoginConformanceHarness

// The CLI starts no children but adapters: it adopts their orphans, so none outlives the run (Linux).
HarnessRunner.adoptOrphans()
let interrupts = InterruptHandler()
interrupts.install()
let status = CommandLineTool(output: .standard, interrupts: interrupts, invocation: RerunCommand.invocation()).run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
