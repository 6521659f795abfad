import LoginConformance
import LoginConformanceHarness

/// Where the runner's own time goes per vector, in process and without any adapter: rendering the request line
/// (``AdapterRequest/run(_:sequence:)``, what the runner sends), parsing an answer line, judging the answer. Each
/// step is the median of ``passes`` passes over the vectors (one pass swings by half on this machine). A vector's
/// input is rendered the first time it is sent and kept (``ConformanceVector/inputJSON()``): the request line is
/// timed both ways, the first time on fresh copies of the vectors (one pass), then kept.
struct RunnerSplitBenchmark {
    let vectors: [any ConformanceVector]
    let output: BenchOutput
    /// How many passes each step is timed over.
    var passes = 7

    /// Times the three steps over ``vectors`` and prints microseconds per vector.
    func run() {
        let answerLine = #"{"type":"result","seq":12345,"outcome":{"result":"valid"}}"#
        let answer = JSONValue.parse(answerLine)?.objectValue?["outcome"] ?? .null
        let fresh = vectors.map { ($0 as? any BenchReplicable)?.replica(0) ?? $0 }
        let firstTime = Stopwatch.time {
            for (index, vector) in fresh.enumerated() {
                precondition(!AdapterRequest.run(vector, sequence: index + 1).isEmpty)
            }
        }
        let request = median {
            for (index, vector) in vectors.enumerated() {
                precondition(!AdapterRequest.run(vector, sequence: index + 1).isEmpty)
            }
        }
        let parse = median {
            for _ in vectors { precondition(JSONValue.parse(answerLine) != nil) }
        }
        let judge = median {
            for vector in vectors { _ = vector.judge(answer: answer) }
        }
        output.line("  runner split, µs per vector (in process, no adapter; the median of \(passes) passes): request line \(BenchFormat.micro(firstTime, fresh.count)) the first time (its input rendered),"
            + " \(BenchFormat.micro(request, vectors.count)) again (kept)"
            + " · parse answer \(BenchFormat.micro(parse, vectors.count)) · judge answer \(BenchFormat.micro(judge, vectors.count))")
    }

    /// The median time of ``passes`` runs of `body`.
    private func median(_ body: () -> Void) -> Duration {
        Stopwatch.median((0..<max(1, passes)).map { _ in Stopwatch.time(body) })
    }
}
