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
    /// Inside ``finishing(_:)``: a signal waits for it to end (files are written whole, never cut by an exit).
    private var finishingDepth = 0
    private var deferredSignal: Int32?
    /// A signal is ending the process (`exit` runs on the signal thread): no file is started any more.
    private var exiting = false
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
    func watch(_ runner: AdapterSubject?) {
        lock.withLock { self.runner = runner?.interrupter }
    }

    /// Runs `body` (writing the reports or the baseline) to its end even if a signal arrives meanwhile; the signal
    /// then ends the process with its status right after. Every file is thus either the previous one or the new
    /// one, whole.
    func finishing<T>(_ body: () throws -> T) rethrows -> T {
        let ending = lock.withLock {
            if !exiting { finishingDepth += 1 }
            return exiting
        }
        // The process is exiting on another thread: starting a file now would leave it half written.
        while ending { pause() }
        defer {
            let signal: Int32? = lock.withLock {
                finishingDepth -= 1
                return finishingDepth == 0 ? deferredSignal : nil
            }
            if let signal { exit(128 + signal) }
        }
        return try body()
    }

    private func handle(_ signalNumber: Int32) {
        enum Action { case deferred, interrupt(HarnessInterrupter), exit }
        let action: Action = lock.withLock {
            if finishingDepth > 0 {
                if deferredSignal == nil { deferredSignal = signalNumber }
                return .deferred
            }
            if let runner { return .interrupt(runner) }
            exiting = true
            return .exit
        }
        switch action {
        case .deferred: return
        case .interrupt(let runner): runner.interrupt(signal: signalNumber)
        // No adapter to stop (an in-process run, loading): end at once with the same status.
        case .exit: exit(128 + signalNumber)
        }
    }
}
