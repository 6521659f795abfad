import Foundation
@testable import LoginConformanceCLI
import LoginConformance
import Testing
import LoginConformanceTestSupport

/// `alsoAccepted`: where a source allows several behaviours, a vector passes each of them; the preferred one is a
/// plain pass, another a lenient pass that every report shows, and anything else still fails (DECISIONS.md).
@Suite("Accepted alternatives")
struct AcceptedAlternativesTests {
    /// Accepts every nonce: the lenient reading of a check a source makes optional.
    struct AcceptingNonceValidator: NonceValidating {
        func validateNonce(_ nonce: String) throws -> NonceVerdict { .valid }
    }

    /// Refuses every nonce as empty: neither the preferred outcome nor the accepted alternative.
    struct EmptyNonceValidator: NonceValidating {
        func validateNonce(_ nonce: String) throws -> NonceVerdict { .invalid(.empty) }
    }

    static let id = "nonce::whitespace::u+0009"

    /// A copy of the vectors where `nonce::whitespace::u+0009` also accepts `valid`.
    private func vectorsWithAlternative(_ alternatives: [[String: Any]] = [["result": "valid"]]) throws -> TemporaryVectors {
        let vectors = try TemporaryVectors(families: ["nonce"])
        try vectors.edit("nonce.json") { document in
            var list = document["vectors"] as! [[String: Any]]
            let index = try! #require(list.firstIndex { $0["id"] as? String == Self.id })
            list[index]["alsoAccepted"] = alternatives
            document["vectors"] = list
        }
        return vectors
    }

    @Test("the preferred outcome passes, an accepted alternative is a lenient pass, any other answer fails and names the alternatives")
    func judging() throws {
        let suite = try vectorsWithAlternative().load()
        let vector = try #require(suite.vector(withID: Self.id))

        #expect(vector.evaluate(against: CommandLineTool.reference(.documented).subject) == .passed)

        let lenient = vector.evaluate(against: AcceptingNonceValidator())
        guard case .lenient(let leniency) = lenient else {
            Issue.record("expected a lenient pass, got \(lenient)")
            return
        }
        #expect(leniency.summary == "gave valid, which the sources allow; preferred: invalid(whitespace)")
        #expect(leniency.actual == #"{"result":"valid"}"#)
        #expect(leniency.preferred == #"{"reason":"whitespace","result":"invalid"}"#)
        #expect(!lenient.isProblem)
        #expect(lenient.failureKind == nil)
        #expect(lenient.kind == "lenient")

        let wrong = vector.evaluate(against: EmptyNonceValidator())
        guard case .failed(let mismatch) = wrong else {
            Issue.record("expected a failure, got \(wrong)")
            return
        }
        #expect(mismatch.summary == "expected invalid(whitespace) (also accepted: valid), got invalid(empty)")
        #expect(mismatch.kind == .wrongReason)

        // Out of process, the same answers are judged the same way.
        #expect(vector.judge(answer: .object(["result": .string("valid")])) == lenient)
        #expect(vector.judge(answer: .object(["result": .string("invalid"), "reason": .string("whitespace")])) == .passed)
    }

    @Test("a vector without alsoAccepted fails an answer it does not expect")
    func noAlternative() throws {
        let vector = try #require(try VectorSuite.bundled().vector(withID: Self.id))
        #expect(vector.evaluate(against: AcceptingNonceValidator()).failureKind == .wrongVerdict)
    }

    @Test("lenient passes count as passes, are counted apart, and every report shows them")
    func reports() throws {
        let vectors = try vectorsWithAlternative()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lenient-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let json = directory.appendingPathComponent("results.json")
        let markdown = directory.appendingPathComponent("summary.md")
        let junit = directory.appendingPathComponent("junit.xml")
        var lines: [String] = []
        let output = CommandOutput(out: { lines.append($0) }, error: { lines.append($0) })
        let tool = CommandLineTool(output: output) { _ in
            (AcceptingNonceValidator(), ImplementationInfo(name: "accepting", language: "swift"))
        }
        let status = tool.run(["run", "--vectors", vectors.directory.path, "--vector", Self.id,
                               "--report-json", json.path, "--report-markdown", markdown.path, "--report-junit", junit.path])
        #expect(status == .passed)
        let text = lines.joined(separator: "\n")
        #expect(text.contains("PASSED: 1 passed (1 lenient), 0 failed"))
        #expect(text.contains("1 lenient pass(es)"))

        let results = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as! [String: Any]
        let entry = try #require((results["results"] as! [[String: Any]]).first)
        #expect(entry["outcome"] as? String == "lenient")
        #expect(entry["classification"] as? String == "pass")
        #expect(entry["actual"] as? String == #"{"result":"valid"}"#)
        #expect(entry["expected"] as? String == #"{"reason":"whitespace","result":"invalid"}"#)
        #expect(try String(contentsOf: markdown, encoding: .utf8).contains("Lenient passes (1)"))
        #expect(try String(contentsOf: junit, encoding: .utf8).contains("<system-out>lenient: gave valid"))
    }

    @Test("alsoAccepted must be non-empty, must not repeat expected or itself, and names declared reasons only")
    func malformed() throws {
        let cases: [(alternatives: [[String: Any]], problem: String)] = [
            ([], "alsoAccepted lists other outcomes"),
            ([["result": "invalid", "reason": "whitespace"]], "without the expected outcome"),
            ([["result": "valid"], ["result": "valid"]], "each once"),
        ]
        for (alternatives, problem) in cases {
            let error = try #require(try vectorsWithAlternative(alternatives).loadError(), "\(alternatives)")
            #expect(error.file.hasSuffix("nonce.json"))
            #expect(error.jsonPath.hasSuffix(".alsoAccepted"), "\(error.jsonPath)")
            #expect(error.problem.contains(problem), "\(error.problem)")
        }
        let undeclared = try #require(try vectorsWithAlternative([["result": "invalid", "reason": "bogus"]]).loadError())
        #expect(undeclared.jsonPath.contains("alsoAccepted[0]"), "\(undeclared.jsonPath)")
    }
}
