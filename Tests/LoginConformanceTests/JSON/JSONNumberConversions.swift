import LoginConformance
import LoginConformanceTestSupport

extension Int {
    /// The number's `Double` converted as `Int(_: Double)` converts it (truncated toward zero; a trap beyond `Int`),
    /// for test models written when `JSONValue.number` held a `Double` (`case .number(let n): String(Int(n))`).
    init(_ number: JSONNumber) {
        self.init(number.doubleValue)
    }
}
