import LoginConformance
import LoginConformanceHarness

/// Where the runner's own time goes per vector, in process and without any adapter: rendering the request line
/// (``AdapterRequest/run(_:sequence:)``, what the runner sends), parsing an answer line, judging the answer.
struct RunnerSplitBenchmark {
    let vectors: [any ConformanceVector]
    let output: BenchOutput

    /// Times the three steps over ``vectors`` and prints microseconds per vector.
    func run() {
        let answerLine = #"{"type":"result","seq":12345,"outcome":{"result":"valid"}}"#
        let answer = JSONValue.parse(answerLine)?.objectValue?["outcome"] ?? .null
        let request = Stopwatch.time {
            for (index, vector) in vectors.enumerated() {
                precondition(!AdapterRequest.run(vector, sequence: index + 1).isEmpty)
            }
        }
        let parse = Stopwatch.time {
            for _ in vectors { precondition(JSONValue.parse(answerLine) != nil) }
        }
        let judge = Stopwatch.time {
            for vector in vectors { _ = vector.judge(answer: answer) }
        }
        output.line("  runner split, µs per vector (in process, no adapter): request line \(BenchFormat.micro(request, vectors.count))"
            + " · parse answer \(BenchFormat.micro(parse, vectors.count)) · judge answer \(BenchFormat.micro(judge, vectors.count))")
    }
}
