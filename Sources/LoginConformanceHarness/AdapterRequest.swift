import LoginConformance

/// The requests the runner writes to an adapter, one JSON line each (`Vectors/HARNESS.md`, "Requests"): `start`, a
/// `run` per vector, `stop`. These are the very lines a run sends (the benchmarks replay them to an adapter alone).
package enum AdapterRequest {
    /// The `start` request, the handshake's first line.
    package static let start = #"{"type":"start","protocolVersion":"# + String(HarnessRunner.protocolVersion) + "}"

    /// The `stop` request, the last line an adapter is sent.
    package static let stop = #"{"type":"stop"}"#

    /// The `run` request for `vector` with the sequence number `sequence`: the line this runner sends (the
    /// benchmarks replay these lines to an adapter on its own).
    package static func run(_ vector: any ConformanceVector, sequence: Int) -> String {
        run(sequence: sequence, body: body(vector))
    }

    /// The `run` request with the sequence number `sequence` and the ``body(_:)`` of a vector (the runner renders
    /// a vector's body once, however often it is sent again).
    package static func run(sequence: Int, body: String) -> String {
        #"{"type":"run","seq":"# + String(sequence) + body
    }

    /// A `run` request's text after `{"type":"run","seq":` and the sequence number.
    package static func body(_ vector: any ConformanceVector) -> String {
        #","family":"\#(vector.family.rawValue)","id":\#(CanonicalJSON.render(vector.metadata.id)),"input":\#(vector.inputJSON())}"#
    }
}
