import LoginConformance

/// An adapter's answer to a `run` request (`Vectors/HARNESS.md`; `Vectors/schema/harness/result.schema.json`,
/// `skipped.schema.json`, `errored.schema.json`), validated as it is read: a `result` with its outcome, a `skipped`
/// or `errored` message as the outcome it gives, an answer repeated, or the protocol violation the line is. The
/// members each message may have come from its schema (``AdapterMessageSchema``).
package enum AdapterAnswer: Sendable {
    /// A well-formed `result` message, its outcome still to be judged.
    case result(JSONValue)
    /// A well-formed `skipped` or `errored` message: the outcome it gives.
    case answer(VectorOutcome)
    /// An answer with a `seq` below the one due: given twice (or never asked for).
    case repeated(seq: Int, shown: String)
    /// A line that is no answer to the request due: why, for the vector's error.
    case violation(String)

    /// The answer `line`, read for the request with the sequence number `sequence`.
    package static func parse(_ line: String, expected sequence: Int) -> AdapterAnswer {
        parse(line, message: JSONValue.parse(line), expected: sequence)
    }

    /// The answer `line` (parsed once, as `message`; `nil` when it is no JSON), read for the request with the
    /// sequence number `sequence`, and the members its schema does not define, comma separated (`nil` when none).
    package static func parseWithUndefinedMembers(_ line: String, expected sequence: Int) -> (answer: AdapterAnswer, undefined: String?) {
        let message = JSONValue.parse(line)
        var undefined: String?
        if case .object(let members)? = message, members["type"]?.stringValue != "started" {
            undefined = AdapterMessageSchema.undefinedMembers(of: members)?.joined(separator: ", ")
        }
        return (parse(line, message: message, expected: sequence), undefined)
    }

    private static func parse(_ line: String, message: JSONValue?, expected sequence: Int) -> AdapterAnswer {
        // The line as a message quotes it: at most 500 characters (counted only when a message needs it).
        var shown: String { line.utf8.count > 500 && line.count > 500 ? String(line.prefix(500)) + "…" : line }
        guard case .object(let message)? = message, let type = message["type"]?.stringValue else {
            return .violation("the adapter wrote a line that is not a protocol message: \(shown)")
        }
        guard let got = message["seq"]?.numberValue else {
            return .violation("the adapter's answer has no seq: \(shown)")
        }
        if got < Double(sequence), let earlier = Int(exactly: got) {
            return .repeated(seq: earlier, shown: shown)
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
}
