/// Why a text is not strict JSON (RFC 8259 as ``StrictJSONParser`` reads it), and where: the byte offset, the
/// 1-based line and column (in code points) and the JSON path of the value being read.
package struct JSONSyntaxError: Error, Sendable, Hashable {
    /// The offset of the offending byte in the text.
    package let offset: Int
    /// The line of the offending byte, from 1.
    package let line: Int
    /// The column of the offending byte, from 1, counting code points.
    package let column: Int
    /// The JSON path of the value being read when the problem was found (`$` at the top).
    package let jsonPath: String
    /// What is wrong, in words a person can act on.
    package let problem: String
}
