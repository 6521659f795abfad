/// Which vectors to run, by ID: exact IDs, or prefixes ending in `*` (`nonce::whitespace::*`).
///
/// The same selection serves the CLI (`--vector`) and the Swift Testing runner (the `LOGIN_CONFORMANCE_VECTORS`
/// environment variable), so the one-line rerun command printed with a failure works in both.
public struct VectorSelection: Sendable, Hashable, CustomStringConvertible {
    /// The patterns; empty selects everything.
    public let patterns: [String]

    /// The environment variable the Swift Testing runner reads.
    ///
    /// Deprecated: it belongs to the Swift Testing layer (`LoginConformanceTesting`'s
    /// `ConformanceCases.selectionEnvironmentVariable`); the core names no runner's spelling. Removed in 0.5.0.
    @available(*, deprecated, message: "use ConformanceCases.selectionEnvironmentVariable from LoginConformanceTesting")
    public static let environmentVariable = "LOGIN_CONFORMANCE_VECTORS"

    /// Every vector.
    public static let all = VectorSelection(patterns: [])

    public init(patterns: [String]) {
        self.patterns = patterns
    }

    /// Parses a comma- or space-separated list of IDs and `prefix*` patterns.
    public init(parsing text: String) {
        self.init(patterns: text.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init))
    }

    /// Whether the selection keeps the vector with this ID.
    public func matches(_ id: String) -> Bool {
        patterns.isEmpty || patterns.contains { pattern in
            pattern.hasSuffix("*") ? id.hasPrefix(pattern.dropLast()) : id == pattern
        }
    }

    public var description: String { patterns.isEmpty ? "all vectors" : patterns.joined(separator: ",") }
}
