// SCAFFOLD (replace): the `code-verifier` family's registration point. Its Input and Outcome types, the protocol
// ``CodeVerifierValidating`` and `run` are written with the family.

/// The `code-verifier` family: ``CodeVerifierValidating`` against `Vectors/code-verifier.json`.
public enum CodeVerifierFamily: VectorFamily {
    public static let family = ConformanceFamily.codeVerifier

    public static func run(_ input: JSONValue, on implementation: Any) throws -> JSONValue? { nil }

    public static func label(of outcome: JSONValue) -> String { "\(outcome)" }

    public static func declaredReason(of outcome: JSONValue) -> String? { nil }
}
