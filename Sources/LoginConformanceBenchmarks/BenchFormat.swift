import Foundation

/// How the benchmarks print their numbers: milliseconds, per-vector costs, rates with thousands separators.
enum BenchFormat {
    /// `12.3 ms`, or `4.56 ms` under 10 ms.
    static func ms(_ duration: Duration) -> String {
        let value = Stopwatch.seconds(duration) * 1000
        return "\(fixed(value, value < 10 ? 2 : 1)) ms"
    }

    /// The cost of 1,000 of `count` items that took `duration` together: `21.53 ms`.
    static func perThousand(_ duration: Duration, _ count: Int) -> String {
        "\(fixed(Stopwatch.seconds(duration) * 1000 * 1000 / Double(count), 2)) ms"
    }

    /// Microseconds per item, without the unit: `1.68`.
    static func micro(_ duration: Duration, _ count: Int) -> String {
        fixed(Stopwatch.seconds(duration) * 1e6 / Double(count), 2)
    }

    /// `value` with `digits` decimals.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    /// `value` rounded, its thousands separated by commas: `48,503`.
    static func grouped(_ value: Double) -> String {
        let digits = String(Int(value.rounded()))
        var result = ""
        for (index, character) in digits.reversed().enumerated() {
            if index > 0 && index % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return String(result.reversed())
    }

    /// `text` padded with spaces on the left to `width` characters.
    static func leftPadded(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}
