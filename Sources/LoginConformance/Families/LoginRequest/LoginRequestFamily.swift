// SCAFFOLD (replace): the `login-request` family's registration point. Its Input and Outcome types, the protocol
// ``LoginRequestBuilding`` and `run` are written with the family.

/// The `login-request` family: ``LoginRequestBuilding`` against `Vectors/login-request.json`.
public enum LoginRequestFamily: VectorFamily {
    public static let family = ConformanceFamily.loginRequest

    public static func run(_ input: JSONValue, on implementation: Any) throws -> JSONValue? { nil }

    public static func label(of outcome: JSONValue) -> String { "\(outcome)" }

    public static func declaredReason(of outcome: JSONValue) -> String? { nil }
}
