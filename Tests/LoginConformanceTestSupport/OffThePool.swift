import Foundation

/// Runs `work`, which blocks (waiting on an adapter, a child process or a timeout), on a thread of its own, and
/// awaits it.
///
/// Swift Testing runs tests on the cooperative thread pool, one thread per core: a synchronous test that waits for
/// seconds holds one of them, and on 2 cores other tests queue behind it while the core idles (measured: a 15 s
/// synchronous sleep in one test lengthened `swift test` by 7.6 s; the same sleep awaited, by nothing). A test whose
/// work mostly waits awaits it here instead. `work` records no issue (an issue belongs to the test's task): it
/// returns what the test then checks.
@discardableResult
package func offThePool<T>(_ work: @escaping () throws -> T) async throws -> T {
    let job = OffThePoolJob(work)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        Thread {
            job.run()
            continuation.resume()
        }.start()
    }
    return try job.result!.get()
}

/// One ``offThePool(_:)`` job: written by its thread, read by the awaiting test only after the thread resumes it.
private final class OffThePoolJob<T>: @unchecked Sendable {
    private let work: () throws -> T
    private(set) var result: Result<T, any Error>?

    init(_ work: @escaping () throws -> T) { self.work = work }

    func run() { result = Result { try work() } }
}
