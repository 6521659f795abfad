// SCAFFOLD (replace): the `access-token` family's registration point. Its Input and Outcome types, the protocol
// ``AccessTokenEvaluating`` and `run` are written with the family.

/// The `access-token` family: ``AccessTokenEvaluating`` against `Vectors/access-token.json`.
public enum AccessTokenFamily: VectorFamily {
    public static let family = ConformanceFamily.accessToken

    public static func run(_ input: JSONValue, on implementation: Any) throws -> JSONValue? { nil }

    public static func label(of outcome: JSONValue) -> String { "\(outcome)" }

    public static func declaredReason(of outcome: JSONValue) -> String? { nil }
}
