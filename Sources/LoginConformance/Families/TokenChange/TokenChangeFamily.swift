// SCAFFOLD (replace): the `token-change` family's registration point. Its Input and Outcome types, the protocol
// ``TokenChangeNotifying`` and `run` are written with the family.

/// The `token-change` family: ``TokenChangeNotifying`` against `Vectors/token-change.json`.
public enum TokenChangeFamily: VectorFamily {
    public static let family = ConformanceFamily.tokenChange

    public static func run(_ input: JSONValue, on implementation: Any) throws -> JSONValue? { nil }

    public static func label(of outcome: JSONValue) -> String { "\(outcome)" }

    public static func declaredReason(of outcome: JSONValue) -> String? { nil }
}
