import Foundation

// Judging: how the engine runs a vector on an implementation and compares the answer with the expected outcome by
// the family's rules. It lives with the engine (the suite holds the vectors; the engine runs and judges them).
extension Vector {
    public func evaluate(against implementation: any ConformanceSubject) -> VectorOutcome {
        let actual: Family.Outcome
        do {
            guard let answer = try Family.run(input, on: implementation) else {
                return .skipped(reason: "the implementation does not adopt \(Family.family.protocolName)")
            }
            actual = answer
        } catch {
            return .errored(message: "\(Family.family.protocolName) threw: \(String(describing: error))")
        }
        return judge(actual)
    }

    public func judge(answer: JSONValue) -> VectorOutcome {
        switch AnswerDecoding.decode(answer, as: Family.self) {
        case .success(let actual): judge(actual)
        case .failure(let error): .errored(message: error.message)
        }
    }

    /// Compares an answer with the expected outcome by the family's rules, then with each accepted alternative.
    private func judge(_ actual: Family.Outcome) -> VectorOutcome {
        if Family.conforms(actual, to: expected, input: input) {
            return .passed
        }
        if let alternative = alsoAccepted.first(where: { Family.conforms(actual, to: $0, input: input) }) {
            return .lenient(VectorLeniency(
                summary: "gave \(Family.label(of: alternative)), which the sources allow; preferred: \(Family.label(of: expected))",
                preferred: CanonicalJSON.render(expected),
                actual: CanonicalJSON.render(actual)
            ))
        }
        let expectedLabel = Family.label(of: expected)
        let actualLabel = Family.label(of: actual)
        let verdict = { (label: String) in label.prefix { $0 != "(" } }
        let kind: FailureKind = verdict(expectedLabel) != verdict(actualLabel) ? .wrongVerdict
            : expectedLabel != actualLabel ? .wrongReason : .wrongDetails
        let alternatives = alsoAccepted.isEmpty ? ""
            : " (also accepted: \(alsoAccepted.map(Family.label(of:)).joined(separator: ", ")))"
        let summary = kind == .wrongDetails
            ? "expected \(expectedLabel) with other details\(alternatives)"
            : "expected \(expectedLabel)\(alternatives), got \(actualLabel)"
        return .failed(VectorMismatch(
            summary: summary,
            expected: CanonicalJSON.render(expected),
            actual: CanonicalJSON.render(actual),
            kind: kind
        ))
    }
}

/// Decodes out-of-process answers into a family's outcome type, remembering recent answers.
///
/// An adapter gives few distinct answers (`{"result":"valid"}`, a handful of rejections), and decoding one is a
/// pure function of its exact JSON, so the decoded outcome, or the error message of an answer of the wrong shape,
/// is kept per family and exact answer: judging repeats only the comparison. The key is the answer's exact code
/// points (never `String ==`, which would equate canonically equivalent text). BENCHMARKS.md measures it.
enum AnswerDecoding {
    struct Failure: Error {
        let message: String
    }

    private struct Key: Hashable {
        let family: ObjectIdentifier
        let answer: [UInt8]
    }

    /// Answers larger than this are decoded every time (they are rarely repeated: accepted claims, defaults).
    private static let largestKeptAnswer = 512
    /// The cache is emptied when it holds this many answers, so it stays small whatever an adapter answers.
    private static let capacity = 1_024
    private static let lock = NSLock()
    nonisolated(unsafe) private static var cache: [Key: Any] = [:]

    static func decode<Family: VectorFamily>(_ answer: JSONValue, as family: Family.Type) -> Result<Family.Outcome, Failure> {
        var bytes: [UInt8] = []
        guard exactBytes(of: answer, into: &bytes, limit: largestKeptAnswer) else {
            return decodeUncached(answer, as: family)
        }
        let key = Key(family: ObjectIdentifier(family), answer: bytes)
        lock.lock()
        let kept = cache[key]
        lock.unlock()
        if let kept = kept as? Result<Family.Outcome, Failure> { return kept }
        let decoded = decodeUncached(answer, as: family)
        lock.lock()
        if cache.count >= capacity { cache.removeAll(keepingCapacity: true) }
        cache[key] = decoded
        lock.unlock()
        return decoded
    }

    /// The answer decoded as the family's outcome, as an expected outcome is read from a vector file: its canonical
    /// text, whose numbers are exact (``JSONNumber``), read by the suite's strict decoder, so a number an answer
    /// gives is compared digit for digit, never through a `Double`, and a member the outcome does not have is refused
    /// (``ClosedObjectKeys``). An answer that is not an outcome fails with the JSON path and the problem.
    static func decodeUncached<Family: VectorFamily>(_ answer: JSONValue, as family: Family.Type) -> Result<Family.Outcome, Failure> {
        do {
            let document = try StrictJSONParser.document(Array(CanonicalJSON.render(answer).utf8))
            return .success(try withExtendedLifetime(document) {
                try JSONDocumentDecoder(document: document).decode(Family.Outcome.self)
            })
        } catch let error as DecodingError {
            let located = VectorLoadError(file: "answer", decodingError: error)
            return .failure(Failure(message: "the answer is not a \(Family.family.rawValue) outcome: \(located.jsonPath): \(located.problem)"))
        } catch {
            return .failure(Failure(message: "the answer is not a \(Family.family.rawValue) outcome: \(error)"))
        }
    }

    /// An unambiguous byte form of `value` (tags, lengths, UTF-8 code units, the number's exact decimal text, members
    /// sorted by their UTF-8 bytes); `false` once it grows past `limit` bytes. Numbers that differ only beyond a
    /// `Double`'s precision have different forms (they decode to different outcomes); `1.0` and `1` have one.
    static func exactBytes(of value: JSONValue, into bytes: inout [UInt8], limit: Int) -> Bool {
        func text(_ string: String) {
            let count = string.utf8.count
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: count).littleEndian) { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: string.utf8)
        }
        switch value {
        case .null: bytes.append(0)
        case .bool(let flag): bytes.append(flag ? 2 : 1)
        case .number(let number):
            bytes.append(3)
            text(number.description)
        case .string(let string):
            bytes.append(4)
            text(string)
        case .array(let elements):
            bytes.append(5)
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: elements.count).littleEndian) { bytes.append(contentsOf: $0) }
            for element in elements where !exactBytes(of: element, into: &bytes, limit: limit) { return false }
        case .object(let members):
            bytes.append(6)
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: members.count).littleEndian) { bytes.append(contentsOf: $0) }
            for (key, member) in members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                text(key)
                guard exactBytes(of: member, into: &bytes, limit: limit) else { return false }
            }
        }
        return bytes.count <= limit
    }
}
