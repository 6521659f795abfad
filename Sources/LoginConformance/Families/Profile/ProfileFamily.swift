// SCAFFOLD (replace): the `profile` family's registration point. Its Input and Outcome types, the protocol
// ``ProfileMaking`` and `run` are written with the family.

/// The `profile` family: ``ProfileMaking`` against `Vectors/profile.json`.
public enum ProfileFamily: VectorFamily {
    public static let family = ConformanceFamily.profile

    public static func run(_ input: JSONValue, on implementation: Any) throws -> JSONValue? { nil }

    public static func label(of outcome: JSONValue) -> String { "\(outcome)" }

    public static func declaredReason(of outcome: JSONValue) -> String? { nil }
}
