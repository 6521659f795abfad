import Foundation
import LoginConformance

/// Runs the vectors through an adapter in another process, speaking the JSON Lines protocol of
/// `Vectors/HARNESS.md`, and yields the same `VectorResult`s as an in-process run: answers are judged by the
/// same family rules, and the results feed the same gate and reports.
///
/// It isolates the run from the adapter: a crash is a `crash` for the vector in flight, a missed timeout a `hang`,
/// a line that is not a protocol message, an answer out of order or a partial line an `error` with the offending
/// text; after each the adapter is restarted (the handshake replayed) within a budget, and a crash in a batch is
/// bisected to the vector that caused it. Results gathered so far are never lost.
///
/// A runner is used from one thread (it is not `Sendable`); only its ``interrupter`` may be handed to another.
package final class HarnessRunner {
    /// The protocol version this runner speaks.
    package static let protocolVersion = 1

    /// The adapter's command line, run with `/bin/sh -c`.
    package let command: String
    /// Timeout, restart budget, batch size.
    package let options: HarnessOptions
    /// How many times the adapter was restarted.
    package private(set) var restarts = 0

    private var process: AdapterProcess? {
        didSet { interrupter.adapterChanged(group: process?.processGroup) }
    }
    private var nextSequence = 1
    private var handshake: AdapterHandshake?
    /// The first sequence number sent to the adapter process now running.
    private var processFirstSequence = 1
    /// The vector each sequence number was sent for, by sequence number (an answer given twice is blamed on it);
    /// `nil` for a number whose request was not written whole.
    private var sentIDs: [String?] = []
    /// The ID of the vector answered last.
    private var lastAnsweredID: String?

    /// Protocol violations found after the results of their vector were returned (an answer repeated after the
    /// last one, output at `stop`): by vector ID. ``amended(_:)`` applies them.
    package private(set) var lateViolations: [(id: String, message: String)] = []
    /// What the adapter did that the schemas refuse but the runner tolerates: members the protocol does not
    /// define. Not failing in `run`; `smoke` fails on them.
    package private(set) var warnings: [String] = []

    /// What happened to the run as a whole, which no vector's result says: the adapter exited unasked, the restart
    /// budget ran out, the run was interrupted (``RunIncident``). A run with one is never `passed`.
    package private(set) var incidents: [RunIncident] = []

    /// What a signal handler's thread uses to interrupt this run.
    package let interrupter: HarnessInterrupter

    // The runner works while the adapter does: `--batch N` is a window, not a lock step. At most N requests are
    // unanswered at any time, and more than N/2 while any is left to send: once half are answered, the next half
    // goes in one write, so the adapter always has work queued while the runner reads and judges (BENCHMARKS.md,
    // harness throughput).
    /// Answers read but not judged yet, with what was recorded when each was read.
    private var unjudged: [(index: Int, outcome: JSONValue, duration: Duration, diagnostics: String?)] = []

    package init(command: String, options: HarnessOptions = HarnessOptions()) {
        self.command = command
        self.options = options
        self.interrupter = HarnessInterrupter(grace: options.terminationGrace)
    }

    deinit {
        process?.kill()
    }

    /// Makes this process a child subreaper on Linux, so that the descendants of an adapter that leave its process
    /// group and outlive their parent are stopped with it (``AdapterProcess/adoptOrphans()``). For a process that
    /// starts no other children: the CLI.
    @discardableResult
    package static func adoptOrphans() -> Bool {
        AdapterProcess.adoptOrphans()
    }

    /// The signal that interrupted the run, if one did.
    package var interruption: Int32? { interrupter.signal }

    /// Interrupts the run (see ``HarnessInterrupter/interrupt(signal:)``); from another thread, use
    /// ``interrupter``.
    package func interrupt(signal: Int32) {
        interrupter.interrupt(signal: signal)
    }

    /// The adapter's process group, while it runs (tests check that it is gone afterwards).
    package var processGroup: Int32? { interrupter.processGroup }

    /// Starts the adapter and performs the handshake.
    @discardableResult
    package func start() throws(HarnessFailure) -> AdapterHandshake {
        if let signal = interruption { throw .interrupted(signal: signal) }
        let process = try AdapterProcess(command: command, maxLineBytes: options.maxLineBytes)
        self.process = process
        processFirstSequence = nextSequence
        if let signal = interruption {
            process.kill()
            throw .interrupted(signal: signal)
        }
        if process.send(AdapterRequest.start, stallTimeout: options.startTimeout) != .sent {
            let ending = process.exit(waiting: .seconds(1))
            process.kill()
            throw HarnessFailure.handshake("the adapter does not read its input (\(ending))\(stderrNote(process))")
        }
        let read = process.readLine(timeout: options.startTimeout)
        if let signal = interruption {
            process.kill()
            throw .interrupted(signal: signal)
        }
        switch read {
        case .invalidUTF8(let shown):
            process.kill()
            throw HarnessFailure.handshake("the answer to start is not UTF-8: \(shown)")
        case .overlong(let prefix):
            process.kill()
            throw HarnessFailure.handshake("the answer to start is longer than \(options.maxLineBytes) bytes (--max-line-bytes): \(prefix)…")
        case .timedOut:
            process.kill()
            throw HarnessFailure.handshake("no answer to start within \(options.startTimeout)")
        case .endOfOutput(let partial):
            throw HarnessFailure.handshake("the adapter ended before answering start (\(process.exit(waiting: .seconds(1))))"
                + (partial.isEmpty ? "" : "; it wrote: \(partial)") + stderrNote(process))
        case .line(let line):
            let answer: AdapterHandshake
            do {
                answer = try AdapterHandshake.parse(line)
            } catch {
                process.kill()
                throw error
            }
            if case .object(let message)? = JSONValue.parse(line) {
                if let extra = AdapterMessageSchema.undefinedMembers(of: message) {
                    warn("the adapter's started message has members the protocol does not define (ignored): \(extra.joined(separator: ", "))")
                }
                let names = message["capabilities"]?.arrayValue?.compactMap(\.stringValue) ?? []
                let repeated = Dictionary(grouping: names, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
                if !repeated.isEmpty {
                    warn("the adapter's started message lists a capability more than once (the schema wants each once): \(repeated.joined(separator: ", "))")
                }
            }
            handshake = answer
            return answer
        }
    }

    private func warn(_ text: String) {
        if warnings.count < 20, !warnings.contains(text) { warnings.append(text) }
    }

    /// `results` with the ``lateViolations`` applied: each vector named there becomes an `error` with the message.
    package func amended(_ results: [VectorResult]) -> [VectorResult] {
        guard !lateViolations.isEmpty else { return results }
        var messages: [String: String] = [:]
        for (id, message) in lateViolations where messages[id] == nil { messages[id] = message }
        return results.map { result in
            guard let message = messages[result.id] else { return result }
            return result.with(outcome: .errored(message: message))
        }
    }

    /// Sends `stop`, closes the adapter's input and gives it ``HarnessOptions/terminationGrace`` (2 s by default) in
    /// all to take the request, end its output and exit; then stops its process group. Returns how it ended.
    @discardableResult
    package func stop() -> AdapterExit {
        guard let process else { return .notRunning }
        if interruption != nil {
            process.kill()
            self.process = nil
            return .stoppedByInterrupt
        }
        // Its descendants, while it lives: after `stop` it exits and they lose their link to it.
        process.rememberDescendants()
        // Everything written after the last answer is a violation: read it, before and at stop.
        var extra = process.drainLines(untilEnd: .zero)
        let deadline = ContinuousClock.now + options.terminationGrace
        _ = process.send(AdapterRequest.stop, stallTimeout: options.terminationGrace)
        process.closeInput()
        extra += process.drainLines(untilEnd: max(.zero, deadline - .now))
        for line in extra { lateOutput(line) }
        let ending = process.exit(waiting: max(.zero, deadline - .now))
        process.kill()
        self.process = nil
        return ending
    }

    /// Runs `vectors` (the adapter must have been started) and returns one result per vector, in order, with the
    /// failure that cut the run short if the restart budget ran out (the vectors not run are then errors).
    /// Output after the last answer: blamed on the vector whose `seq` it repeats, or else on the last answered one.
    private func lateOutput(_ read: AdapterProcess.ReadResult) {
        let text: String
        switch read {
        case .line(let line): text = line
        case .invalidUTF8(let shown): text = shown
        case .overlong(let prefix): text = prefix + "…"
        case .endOfOutput, .timedOut: return
        }
        let shown = text.count > 500 ? String(text.prefix(500)) + "…" : text
        if case .object(let message)? = JSONValue.parse(text), let seq = message["seq"]?.numberValue,
           let id = sentID(Int(exactly: seq) ?? -1) {
            lateViolations.append((id, "the adapter answered seq \(Int(seq)) again after its last answer: \(shown)"))
        } else if let id = lastAnsweredID {
            lateViolations.append((id, "the adapter wrote after its last answer: \(shown)"))
        } else {
            warn("the adapter wrote output nobody asked for: \(shown)")
        }
    }

    package func run(_ vectors: [any ConformanceVector]) -> (results: [VectorResult], failure: HarnessFailure?) {
        var results = [VectorResult?](repeating: nil, count: vectors.count)
        var failure: HarnessFailure?
        let capabilities = handshake?.capabilities ?? []
        var pending: [Int] = []
        for (index, vector) in vectors.enumerated() {
            if capabilities.contains(vector.family) {
                pending.append(index)
            } else {
                results[index] = VectorResult(
                    metadata: vector.metadata, family: vector.family,
                    outcome: .skipped(reason: "the adapter does not declare the capability \(vector.family.rawValue)"),
                    duration: .zero, vector: vector)
            }
        }
        if !pending.isEmpty, let cut = runChunk(pending, vectors: vectors, into: &results) {
            failure = cut
        }
        judgeUnjudged(vectors, into: &results)
        let notRun = failure.map { "not run: \($0)" } ?? "not run"
        let interrupted: Bool = if case .interrupted = failure { true } else { false }
        if let failure {
            let count = results.filter { $0 == nil }.count
            if case .interrupted(let signal) = failure {
                incidents.append(RunIncident(kind: .interrupted, message: failure.description,
                                             signal: HarnessFailure.signalName(signal), notRun: count))
            } else {
                incidents.append(RunIncident(kind: .adapterUnavailable, message: failure.description, notRun: count))
            }
        }
        return (vectors.indices.map { index in
            results[index] ?? VectorResult(metadata: vectors[index].metadata, family: vectors[index].family,
                                           outcome: interrupted ? .skipped(reason: notRun) : .errored(message: notRun),
                                           duration: .zero, vector: vectors[index])
        }, failure)
    }

    /// Runs `chunk` with up to ``HarnessOptions/batchSize`` requests unanswered at a time (the window: refilled in
    /// one write once half of it is answered); on a crash, hang or violation records it, restarts and carries on
    /// (bisecting the requests unanswered when it crashed or hung: a batch). Returns a failure only when the restart
    /// budget is exhausted.
    private func runChunk(
        _ chunk: [Int], vectors: [any ConformanceVector], into results: inout [VectorResult?]
    ) -> HarnessFailure? {
        guard let process else { return .cannotStart("the adapter is not running") }
        let clock = ContinuousClock()
        // The chunk's requests are numbered in order from here: the one at position p of the chunk is `base + p`.
        let base = nextSequence
        // How many of the chunk's requests were written whole, and why the next one was not.
        var sent = 0
        var sendProblem: AdapterProcess.SendResult?
        var answered = 0
        let window = options.batchSize
        /// Request bodies (``AdapterRequest/body(_:)``) rendered ahead, by position in the chunk.
        var rendered = [String?](repeating: nil, count: chunk.count)
        /// Once no more than half the window is unanswered, sends requests until the window is full (or the chunk
        /// all sent), in one write where the pipe takes it: the adapter is never without half a window of work, and
        /// wakes once for each half; false when interrupted.
        func topUp() -> Bool {
            if sendProblem == nil, sent < chunk.count, sent - answered <= window / 2 {
                let batch = chunk[sent..<min(answered + window, chunk.count)]
                assert(nextSequence == base + sent, "a chunk's requests are numbered in order")
                var lines: [String] = []
                lines.reserveCapacity(batch.count)
                for position in batch.indices {
                    let body = rendered[position].take() ?? AdapterRequest.body(vectors[chunk[position]])
                    lines.append(AdapterRequest.run(sequence: nextSequence, body: body))
                    nextSequence += 1
                }
                let (whole, sending) = process.send(lines, stallTimeout: options.timeout)
                for position in batch.indices.prefix(whole) { recordSent(base + position, id: vectors[chunk[position]].metadata.id) }
                sent += whole
                if sending != .sent { sendProblem = sending }
                if interruption != nil { return false }
                // While the adapter answers: render what the next refill sends.
                if sendProblem == nil {
                    for position in sent..<min(sent + window / 2 + 1, chunk.count) where rendered[position] == nil {
                        rendered[position] = AdapterRequest.body(vectors[chunk[position]])
                    }
                }
            }
            // While the adapter answers what was just sent: judge the answers already read.
            judgeUnjudged(vectors, into: &results)
            return true
        }
        /// The requests unanswered when the adapter crashed or hung (the batch that bisection searches), and the
        /// ones after them, which run once it is found.
        func batchAndLater() -> (batch: [Int], later: [Int]) {
            let end = min(max(sent, answered + 1), chunk.count)
            return (Array(chunk[answered..<end]), Array(chunk[end...]))
        }
        /// Bisects `batch`, then runs `later`.
        func bisectThen(_ batch: [Int], _ later: [Int]) -> HarnessFailure? {
            if let failure = bisect(batch, vectors: vectors, into: &results) { return failure }
            return later.isEmpty ? nil : runChunk(later, vectors: vectors, into: &results)
        }
        var last = clock.now
        while answered < chunk.count {
            if !topUp(), let signal = interruption {
                process.kill()
                return .interrupted(signal: signal)
            }
            let index = chunk[answered]
            let vector = vectors[index]
            if answered == sent, let sendProblem {
                // This vector's request never reached the adapter whole: it answered every request it read.
                let remaining = Array(chunk[answered...])
                if case .closed(let reason) = sendProblem {
                    // Its input is closed (it exited, or closed its standard input): the vector is not to blame
                    // and runs again after a restart; the exit itself is an incident of the run.
                    process.waitForStderrToClose(timeout: .seconds(1))
                    let ending = process.exit(waiting: .seconds(1))
                    let after = lastAnsweredID.map { " after answering \($0)" } ?? ""
                    incidents.append(RunIncident(
                        kind: .adapterExited,
                        message: "the adapter \(ending == .stillRunning ? "closed its standard input" : ending.description)\(after), "
                            + "before reading the request for \(vector.metadata.id) (\(reason)); "
                            + "the adapter was restarted and the vectors not answered were run again"))
                    _ = process.takeStderr()
                    return restartThen(remaining, vectors: vectors, into: &results)
                }
                // It stopped reading while this request was written: a hang, found by bisection if others wait too
                // (this request and the rest of its window).
                process.kill()
                let end = min(answered + window, chunk.count)
                let (batch, later) = (Array(chunk[answered..<end]), Array(chunk[end...]))
                if batch.count == 1 {
                    results[index] = VectorResult(
                        metadata: vector.metadata, family: vector.family,
                        outcome: .hung(message: "the adapter stopped reading its input: this vector's request could not be written within \(options.timeout); the adapter was killed"),
                        duration: options.timeout, diagnostics: process.takeStderr(), vector: vector)
                    return restartThen(later, vectors: vectors, into: &results)
                }
                return bisectThen(batch, later)
            }
            let read = process.readLine(timeout: options.timeout)
            if let signal = interruption {
                // The read was cut by the interrupt: this vector and the rest were not run.
                process.kill()
                return .interrupted(signal: signal)
            }
            let duration = clock.now - last
            last = clock.now
            func record(_ outcome: VectorOutcome, diagnostics: String? = process.takeStderr()) {
                results[index] = VectorResult(metadata: vector.metadata, family: vector.family, outcome: outcome,
                                              duration: duration, diagnostics: diagnostics, vector: vector)
            }
            switch read {
            case .invalidUTF8(let shown):
                record(.errored(message: "the adapter wrote a line that is not UTF-8 (invalid bytes shown as \\xNN): \(shown)"))
                return restartThen(Array(chunk[(answered + 1)...]), vectors: vectors, into: &results)
            case .overlong(let prefix):
                record(.errored(message: "the adapter wrote a line longer than \(options.maxLineBytes) bytes, the limit (--max-line-bytes); it starts: \(prefix)…"))
                return restartThen(Array(chunk[(answered + 1)...]), vectors: vectors, into: &results)
            case .line(let line):
                let (parsed, extra) = AdapterAnswer.parseWithUndefinedMembers(line, expected: base + answered)
                if case .answer = parsed { lastAnsweredID = vector.metadata.id }
                if case .result = parsed { lastAnsweredID = vector.metadata.id }
                if let extra {
                    warn("the adapter's answer for \(vector.metadata.id) has members the protocol does not define (ignored): \(extra)")
                }
                switch parsed {
                case .answer(let outcome):
                    record(outcome)
                    answered += 1
                    continue
                case .result(let outcome):
                    unjudged.append((index, outcome, duration, process.takeStderr()))
                    answered += 1
                    continue
                case .repeated(let seq, let shown) where seq >= processFirstSequence && sentID(seq) != nil:
                    // An answer given twice: the vector that caused it is at fault; the one in flight runs again.
                    let message = "the adapter answered seq \(seq) twice (the second time while seq \(base + answered) was due): \(shown)"
                    let culprit = sentID(seq)!
                    let answeredHere = Set(unjudged.map(\.index))
                    if let earlier = vectors.indices.first(where: { candidate in
                        vectors[candidate].metadata.id == culprit && (results[candidate] != nil || answeredHere.contains(candidate))
                    }) {
                        unjudged.removeAll { $0.index == earlier }
                        let was = results[earlier]
                        results[earlier] = VectorResult(metadata: vectors[earlier].metadata, family: vectors[earlier].family,
                                                        outcome: .errored(message: message), duration: was?.duration ?? .zero,
                                                        diagnostics: was?.diagnostics, vector: vectors[earlier])
                    } else {
                        lateViolations.append((culprit, message))
                    }
                    _ = process.takeStderr()
                    return restartThen(Array(chunk[answered...]), vectors: vectors, into: &results)
                case .repeated(_, let shown):
                    record(.errored(message: "the adapter answered a seq it was not sent (out of order): \(shown)"))
                    return restartThen(Array(chunk[(answered + 1)...]), vectors: vectors, into: &results)
                case .violation(let message):
                    record(.errored(message: message))
                    return restartThen(Array(chunk[(answered + 1)...]), vectors: vectors, into: &results)
                }
            case .endOfOutput(let partial):
                process.waitForStderrToClose(timeout: .seconds(1))
                var ending = process.exit(waiting: .seconds(1))
                let (batch, later) = batchAndLater()
                if ending == .stillRunning {
                    // It closed its standard output but lives on: it can answer nothing more.
                    process.kill()
                    ending = .closedOutput
                }
                if !partial.isEmpty {
                    record(.errored(message: "the adapter ended on a partial line (\(ending)): \(partial)"))
                    return restartThen(Array(chunk[(answered + 1)...]), vectors: vectors, into: &results)
                }
                if batch.count == 1 {
                    record(.crashed(message: "the adapter \(ending) while answering this vector"))
                    return restartThen(later, vectors: vectors, into: &results)
                }
                // Several answers outstanding: bisection finds a vector that makes it end. If none does (each
                // passes when run again), the exit is still a fact of the run, not a silent pass.
                let failure = bisect(batch, vectors: vectors, into: &results)
                let explained = batch.contains { index in
                    if case .crashed? = results[index]?.outcome { true } else { false }
                }
                if !explained {
                    let after = answered > 0 ? " after answering \(vectors[chunk[answered - 1]].metadata.id)" : ""
                    incidents.append(RunIncident(
                        kind: .adapterExited,
                        message: "the adapter \(ending)\(after) with \(batch.count) requests unanswered; run again "
                            + "after a restart, none of them made it end"))
                }
                if let failure { return failure }
                return later.isEmpty ? nil : runChunk(later, vectors: vectors, into: &results)
            case .timedOut:
                let (batch, later) = batchAndLater()
                process.kill()
                if batch.count == 1 {
                    record(.hung(message: "no answer within \(options.timeout); the adapter was killed"))
                    return restartThen(later, vectors: vectors, into: &results)
                }
                return bisectThen(batch, later)
            }
        }
        return nil
    }

    /// Records that the request numbered `sequence` was written whole, for the vector `id`.
    private func recordSent(_ sequence: Int, id: String) {
        if sentIDs.count <= sequence { sentIDs.append(contentsOf: repeatElement(nil, count: sequence + 1 - sentIDs.count)) }
        sentIDs[sequence] = id
    }

    /// The vector whose request was numbered `sequence` and written whole, if one was.
    private func sentID(_ sequence: Int) -> String? {
        sentIDs.indices.contains(sequence) ? sentIDs[sequence] : nil
    }

    /// Restarts the adapter, then runs `remaining` one batch at a time.
    private func restartThen(
        _ remaining: [Int], vectors: [any ConformanceVector], into results: inout [VectorResult?]
    ) -> HarnessFailure? {
        if let failure = restart() { return failure }
        guard !remaining.isEmpty else { return nil }
        return runChunk(remaining, vectors: vectors, into: &results)
    }

    /// A batch crashed or hung with several answers outstanding: restart and run each half, until the vector that
    /// causes it is alone.
    private func bisect(
        _ remaining: [Int], vectors: [any ConformanceVector], into results: inout [VectorResult?]
    ) -> HarnessFailure? {
        if let failure = restart() { return failure }
        let middle = remaining.count / 2
        if let failure = runChunk(Array(remaining[..<middle]), vectors: vectors, into: &results) { return failure }
        return runChunk(Array(remaining[middle...]), vectors: vectors, into: &results)
    }

    private func restart() -> HarnessFailure? {
        process?.kill()
        process = nil
        if let signal = interruption { return .interrupted(signal: signal) }
        guard restarts < options.restartBudget else { return .restartBudgetExhausted(restarts) }
        restarts += 1
        do {
            try start()
            return nil
        } catch {
            return error
        }
    }

    /// Judges the answers read so far by the family rules (``ConformanceVector/judge(answer:)``).
    private func judgeUnjudged(_ vectors: [any ConformanceVector], into results: inout [VectorResult?]) {
        for (index, outcome, duration, diagnostics) in unjudged {
            let vector = vectors[index]
            results[index] = VectorResult(metadata: vector.metadata, family: vector.family,
                                          outcome: vector.judge(answer: outcome), duration: duration,
                                          diagnostics: diagnostics, vector: vector)
        }
        unjudged.removeAll(keepingCapacity: true)
    }

    private func stderrNote(_ process: AdapterProcess) -> String {
        process.waitForStderrToClose(timeout: .seconds(1))
        return process.takeStderr().map { "; its standard error: \($0.prefix(2_000))" } ?? ""
    }
}
