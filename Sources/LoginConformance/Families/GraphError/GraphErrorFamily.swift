// SCAFFOLD (replace): the `graph-error` family's registration point. Its Input and Outcome types, the protocol
// ``GraphErrorClassifying`` and `run` are written with the family.

/// The `graph-error` family: ``GraphErrorClassifying`` against `Vectors/graph-error.json`.
public enum GraphErrorFamily: VectorFamily {
    public static let family = ConformanceFamily.graphError

    public static func run(_ input: JSONValue, on implementation: Any) throws -> JSONValue? { nil }

    public static func label(of outcome: JSONValue) -> String { "\(outcome)" }

    public static func declaredReason(of outcome: JSONValue) -> String? { nil }
}
