import Dispatch
import Foundation
import LoginConformance
import LoginConformanceHarness

/// SIGINT, SIGTERM and SIGHUP to the CLI: during an adapter run, the adapter's process group is stopped (SIGTERM,
/// then SIGKILL after the grace period), the run ends with the vectors not run reported as such, the reports are
/// written and the CLI exits with 128 + the signal. Otherwise the CLI exits at once with 128 + the signal.
final class InterruptHandler: @unchecked Sendable {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private let lock = NSLock()
    private var runner: HarnessInterrupter?
    private var sources: [any DispatchSourceSignal] = []
    private let queue = DispatchQueue(label: "login-conformance signals")

    /// Installs the handlers (once, in `main.swift`).
    func install() {
        for signalNumber in Self.signals {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler { [weak self] in self?.handle(signalNumber) }
            source.resume()
            sources.append(source)
        }
    }

    /// The run an interrupt stops (`nil`: none runs).
    func watch(_ runner: HarnessRunner?) {
        lock.withLock { self.runner = runner?.interrupter }
    }

    private func handle(_ signalNumber: Int32) {
        guard let runner = lock.withLock({ self.runner }) else {
            // No adapter to stop (an in-process run, loading, reporting): end at once with the same status.
            exit(128 + signalNumber)
        }
        runner.interrupt(signal: signalNumber)
    }
}
