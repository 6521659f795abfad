/// Where the benchmarks write: the progress lines of each measurement, and problems (warnings, refusals).
///
/// The command-line tool passes its own output's two writers; tests pass buffers.
package struct BenchOutput {
    private let writeLine: (String) -> Void
    private let writeProblem: (String) -> Void

    /// `line` writes to standard output, `problem` to standard error (each is given one line, no newline).
    package init(line: @escaping (String) -> Void, problem: @escaping (String) -> Void) {
        writeLine = line
        writeProblem = problem
    }

    /// Writes a line of progress.
    func line(_ text: String = "") { writeLine(text) }

    /// Writes a warning or an error.
    func problem(_ text: String) { writeProblem(text) }

    /// An empty line, then the title of a benchmark.
    func section(_ title: String) {
        line()
        line(title)
    }
}
