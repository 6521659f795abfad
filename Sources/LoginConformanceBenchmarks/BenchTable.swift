/// The closing summary of `bench`: one Markdown row per measurement, as BENCHMARKS.md records them.
struct BenchTable {
    /// One line of the table.
    struct Row {
        /// The benchmark's number and what it measures.
        let name: String
        /// What was measured.
        let result: String
        /// What it should be (BENCHMARKS.md).
        let target: String
        /// Whether the target was met: `yes`, `NO`, or `—` where there is no target.
        let met: String
    }

    /// The rows, in the order they were measured.
    var rows: [Row] = []

    /// The table as Markdown lines: a header, a separator, a line per row.
    var lines: [String] {
        ["| benchmark | result | target | met |", "| --- | --- | --- | --- |"]
            + rows.map { "| \($0.name) | \($0.result) | \($0.target) | \($0.met) |" }
    }
}
