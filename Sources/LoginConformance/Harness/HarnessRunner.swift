import Foundation

/// Runs the vectors through an adapter in another process, speaking the JSON Lines protocol of
/// `Vectors/HARNESS.md`, and yields the same ``VectorResult``s as an in-process run: answers are judged by the
/// same family rules, and the results feed the same gate and reports.
///
/// It isolates the run from the adapter: a crash is a `crash` for the vector in flight, a missed timeout a `hang`,
/// a line that is not a protocol message, an answer out of order or a partial line an `error` with the offending
/// text; after each the adapter is restarted (the handshake replayed) within a budget, and a crash in a batch is
/// bisected to the vector that caused it. Results gathered so far are never lost.
public final class HarnessRunner: @unchecked Sendable {
    /// The protocol version this runner speaks.
    public static let protocolVersion = 1

    /// The adapter's command line, run with `/bin/sh -c`.
    public let command: String
    /// Timeout, restart budget, batch size.
    public let options: HarnessOptions
    /// How many times the adapter was restarted.
    public private(set) var restarts = 0

    private var process: AdapterProcess?
    private var nextSequence = 1
    private var handshake: AdapterHandshake?

    // The runner works while the adapter does: after sending a batch and before reading its answers, it renders
    // the next batch's requests and judges the answers read so far (BENCHMARKS.md, harness throughput).
    /// The indices of the batch after the one in flight, whose requests are rendered ahead.
    private var upcoming: ArraySlice<Int> = []
    /// Request text after the `seq`, rendered ahead, by vector index.
    private var renderedRequests: [Int: String] = [:]
    /// Answers read but not judged yet, with what was recorded when each was read.
    private var unjudged: [(index: Int, outcome: JSONValue, duration: Duration, diagnostics: String?)] = []

    public init(command: String, options: HarnessOptions = HarnessOptions()) {
        self.command = command
        self.options = options
    }

    deinit {
        process?.kill()
    }

    /// Starts the adapter and performs the handshake.
    @discardableResult
    public func start() throws(HarnessFailure) -> AdapterHandshake {
        let process = try AdapterProcess(command: command)
        self.process = process
        do {
            try process.send(#"{"type":"start","protocolVersion":\#(Self.protocolVersion)}"#)
        } catch {
            throw HarnessFailure.handshake("the adapter does not read its input (\(process.exitDescription(waiting: .seconds(1))))\(stderrNote(process))")
        }
        switch process.readLine(timeout: options.startTimeout) {
        case .timedOut:
            process.kill()
            throw HarnessFailure.handshake("no answer to start within \(options.startTimeout)")
        case .endOfOutput(let partial):
            throw HarnessFailure.handshake("the adapter ended before answering start (\(process.exitDescription(waiting: .seconds(1))))"
                + (partial.isEmpty ? "" : "; it wrote: \(partial)") + stderrNote(process))
        case .line(let line):
            let answer = try Self.parseHandshake(line)
            handshake = answer
            return answer
        }
    }

    /// Sends `stop` and waits briefly for the adapter to exit; returns how it ended.
    @discardableResult
    public func stop() -> String {
        guard let process else { return "not running" }
        try? process.send(#"{"type":"stop"}"#)
        process.closeInput()
        let ending = process.exitDescription(waiting: .seconds(2))
        process.kill()
        self.process = nil
        return ending
    }

    /// Runs `vectors` (the adapter must have been started) and returns one result per vector, in order, with the
    /// failure that cut the run short if the restart budget ran out (the vectors not run are then errors).
    public func run(_ vectors: [any ConformanceVector]) -> (results: [VectorResult], failure: HarnessFailure?) {
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
                    duration: .zero)
            }
        }
        var start = 0
        while start < pending.count {
            let chunk = Array(pending[start..<min(start + options.batchSize, pending.count)])
            let next = start + chunk.count
            upcoming = pending[next..<min(next + options.batchSize, pending.count)]
            if let cut = runChunk(chunk, vectors: vectors, into: &results) {
                failure = cut
                break
            }
            start += chunk.count
        }
        judgeUnjudged(vectors, into: &results)
        upcoming = []
        renderedRequests = [:]
        let notRun = failure.map { "not run: \($0)" } ?? "not run"
        return (vectors.indices.map { index in
            results[index] ?? VectorResult(metadata: vectors[index].metadata, family: vectors[index].family,
                                           outcome: .errored(message: notRun), duration: .zero)
        }, failure)
    }

    /// Sends `chunk` and reads its answers; on a crash, hang or violation records it, restarts and carries on
    /// (bisecting a crashed or hung batch). Returns a failure only when the restart budget is exhausted.
    private func runChunk(
        _ chunk: [Int], vectors: [any ConformanceVector], into results: inout [VectorResult?]
    ) -> HarnessFailure? {
        guard let process else { return .cannotStart("the adapter is not running") }
        let clock = ContinuousClock()
        var sequences: [Int: Int] = [:]
        var sendFailed = false
        for index in chunk {
            let sequence = nextSequence
            nextSequence += 1
            sequences[index] = sequence
            let body = renderedRequests.removeValue(forKey: index) ?? Self.requestBody(vectors[index])
            do {
                try process.send(#"{"type":"run","seq":"# + String(sequence) + body)
            } catch {
                sendFailed = true
                break
            }
        }
        // While the adapter answers: render the next batch's requests, judge the answers already read.
        for index in upcoming where renderedRequests[index] == nil {
            renderedRequests[index] = Self.requestBody(vectors[index])
        }
        judgeUnjudged(vectors, into: &results)
        var answered = 0
        var last = clock.now
        while answered < chunk.count {
            let index = chunk[answered]
            let vector = vectors[index]
            let read = sendFailed && answered == 0 ? process.readLine(timeout: .seconds(2)) : process.readLine(timeout: options.timeout)
            let duration = clock.now - last
            last = clock.now
            func record(_ outcome: VectorOutcome, diagnostics: String? = process.takeStderr()) {
                results[index] = VectorResult(metadata: vector.metadata, family: vector.family, outcome: outcome,
                                              duration: duration, diagnostics: diagnostics)
            }
            switch read {
            case .line(let line):
                switch Self.parseAnswer(line, expected: sequences[index]!) {
                case .answer(let outcome):
                    record(outcome)
                    answered += 1
                    continue
                case .result(let outcome):
                    unjudged.append((index, outcome, duration, process.takeStderr()))
                    answered += 1
                    continue
                case .violation(let message):
                    record(.errored(message: message))
                    return restartThen(Array(chunk[(answered + 1)...]), vectors: vectors, into: &results)
                }
            case .endOfOutput(let partial):
                process.waitForStderrToClose(timeout: .seconds(1))
                let ending = process.exitDescription(waiting: .seconds(1))
                let remaining = Array(chunk[answered...])
                if !partial.isEmpty {
                    record(.errored(message: "the adapter ended on a partial line (\(ending)): \(partial)"))
                    return restartThen(Array(remaining.dropFirst()), vectors: vectors, into: &results)
                }
                if remaining.count == 1 {
                    record(.crashed(message: "the adapter \(ending) while answering this vector"))
                    return restartThen([], vectors: vectors, into: &results)
                }
                return bisect(remaining, vectors: vectors, into: &results)
            case .timedOut:
                let remaining = Array(chunk[answered...])
                if remaining.count == 1 {
                    process.kill()
                    record(.hung(message: "no answer within \(options.timeout); the adapter was killed"))
                    return restartThen([], vectors: vectors, into: &results)
                }
                process.kill()
                return bisect(remaining, vectors: vectors, into: &results)
            }
        }
        return nil
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
                                          diagnostics: diagnostics)
        }
        unjudged.removeAll(keepingCapacity: true)
    }

    /// A `run` request's text after `{"type":"run","seq":` and the sequence number.
    private static func requestBody(_ vector: any ConformanceVector) -> String {
        #","family":"\#(vector.family.rawValue)","id":\#(jsonString(vector.metadata.id)),"input":\#(vector.inputJSON())}"#
    }

    private enum ParsedAnswer {
        /// A well-formed `result` message, its outcome still to be judged.
        case result(JSONValue)
        case answer(VectorOutcome)
        case violation(String)
    }

    private static func parseAnswer(_ line: String, expected sequence: Int) -> ParsedAnswer {
        let shown = line.count > 500 ? String(line.prefix(500)) + "…" : line
        guard case .object(let message)? = JSONValue.parse(line), let type = message["type"]?.stringValue else {
            return .violation("the adapter wrote a line that is not a protocol message: \(shown)")
        }
        guard let got = message["seq"]?.numberValue else {
            return .violation("the adapter's answer has no seq: \(shown)")
        }
        guard got == Double(sequence) else {
            return .violation("the adapter answered seq \(got.formatted()) where \(sequence) was due (out of order): \(shown)")
        }
        switch type {
        case "result":
            guard let outcome = message["outcome"] else { return .violation("a result without outcome: \(shown)") }
            return .result(outcome)
        case "skipped":
            return .answer(.skipped(reason: "the adapter skipped it: \(message["reason"]?.stringValue ?? "no reason given")"))
        case "errored":
            return .answer(.errored(message: "the adapter reported an error: \(message["message"]?.stringValue ?? "no message")"))
        default:
            return .violation("the adapter answered with an unknown message type \"\(type)\": \(shown)")
        }
    }

    private static func parseHandshake(_ line: String) throws(HarnessFailure) -> AdapterHandshake {
        guard case .object(let message)? = JSONValue.parse(line), message["type"]?.stringValue == "started" else {
            throw HarnessFailure.handshake("expected a started message, got: \(line.prefix(500))")
        }
        guard message["protocolVersion"]?.numberValue == Double(protocolVersion) else {
            throw HarnessFailure.handshake("the adapter speaks protocol version \(message["protocolVersion"].map { "\($0)" } ?? "none"); this runner speaks \(protocolVersion)")
        }
        guard let implementation = message["implementation"]?.objectValue,
              let name = implementation["name"]?.stringValue, !name.isEmpty else {
            throw HarnessFailure.handshake("the started message has no implementation name: \(line.prefix(500))")
        }
        guard let capabilityNames = message["capabilities"]?.arrayValue else {
            throw HarnessFailure.handshake("the started message has no capabilities list: \(line.prefix(500))")
        }
        var capabilities: Set<ConformanceFamily> = []
        for value in capabilityNames {
            guard let family = value.stringValue.flatMap(ConformanceFamily.init(rawValue:)) else {
                throw HarnessFailure.handshake("unknown capability \(value) (known: \(ConformanceFamily.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            capabilities.insert(family)
        }
        guard let profile = message["profile"]?.stringValue.flatMap(ConformanceProfile.init(rawValue:)) else {
            throw HarnessFailure.handshake("the started message has no valid profile (documented or ios-sdk): \(line.prefix(500))")
        }
        return AdapterHandshake(
            implementation: ImplementationInfo(name: name, version: implementation["version"]?.stringValue,
                                               language: implementation["language"]?.stringValue),
            capabilities: capabilities, profile: profile)
    }

    private func stderrNote(_ process: AdapterProcess) -> String {
        process.waitForStderrToClose(timeout: .seconds(1))
        return process.takeStderr().map { "; its standard error: \($0.prefix(2_000))" } ?? ""
    }

    /// A JSON string literal.
    static func jsonString(_ text: String) -> String {
        CanonicalJSON.render(text)
    }
}
