import Foundation
import LoginConformance
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one part of a harness run another thread may touch: a signal handler interrupts the run through it.
///
/// ``HarnessRunner`` itself is used from one thread and is not `Sendable`; this object holds only what the signal
/// thread needs (the running adapter's process group and the signal received), every stored property behind one
/// lock. Interrupting stops the adapter's whole process group (SIGTERM, then SIGKILL after the grace period); the
/// runner sees ``signal`` and reports the vectors not answered as not run.
package final class HarnessInterrupter: @unchecked Sendable {
    private let lock = NSLock()
    private var group: pid_t?
    private var received: Int32?
    private let grace: Duration

    init(grace: Duration) {
        self.grace = grace
    }

    /// The signal that interrupted the run, if one did.
    package var signal: Int32? { lock.withLock { received } }

    /// The running adapter's process group, if one runs (tests check that it is gone afterwards).
    package var processGroup: Int32? { lock.withLock { group } }

    /// Interrupts the run from any thread: records `signal` (the first one wins) and stops the adapter's process
    /// group, SIGTERM then SIGKILL after the grace period. Returns once the group is stopped.
    package func interrupt(signal: Int32) {
        let running: pid_t? = lock.withLock {
            if received == nil { received = signal }
            return group
        }
        guard let running else { return }
        _ = signalGroup(running, SIGTERM)
        let deadline = ContinuousClock.now + grace
        while ContinuousClock.now < deadline, processGroupExists(running) {
            usleep(20_000)
        }
        _ = signalGroup(running, SIGKILL)
    }

    /// Called by the runner's thread when an adapter starts (`group`) or is gone (`nil`).
    func adapterChanged(group: pid_t?) {
        lock.withLock { self.group = group }
    }
}
