// SCAFFOLD (replace): the `code-challenge` family's registration point. Its Input and Outcome types, the protocol
// ``CodeChallengeComputing`` and `run` are written with the family.

/// The `code-challenge` family: ``CodeChallengeComputing`` against `Vectors/code-challenge.json`.
public enum CodeChallengeFamily: VectorFamily {
    public static let family = ConformanceFamily.codeChallenge

    public static func run(_ input: JSONValue, on implementation: Any) throws -> JSONValue? { nil }

    public static func label(of outcome: JSONValue) -> String { "\(outcome)" }

    public static func declaredReason(of outcome: JSONValue) -> String? { nil }
}
