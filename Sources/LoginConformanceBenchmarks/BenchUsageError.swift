/// An argument of `bench` that is not understood; its description says which and why.
package struct BenchUsageError: Error, Sendable, Hashable, CustomStringConvertible {
    package let description: String
}
