import LoginConformance
/// What an adapter says about itself in the handshake, its `started` message (`Vectors/HARNESS.md`).
package struct AdapterHandshake: Sendable, Hashable {
    /// Who it is.
    package let implementation: ImplementationInfo
    /// The families it implements; the others' vectors are skipped without being sent.
    package let capabilities: Set<ConformanceFamily>
    /// The profile it claims.
    package let profile: ConformanceProfile

    /// The adapter's `started` message `line` (`Vectors/schema/harness/started.schema.json`), validated: the
    /// protocol version this runner speaks, a non-empty implementation name, known capabilities and a profile.
    package static func parse(_ line: String) throws(HarnessFailure) -> AdapterHandshake {
        guard case .object(let message)? = JSONValue.parse(line), message["type"]?.stringValue == "started" else {
            throw HarnessFailure.handshake("expected a started message, got: \(line.prefix(500))")
        }
        guard message["protocolVersion"]?.numberValue == Double(HarnessRunner.protocolVersion) else {
            throw HarnessFailure.handshake("the adapter speaks protocol version \(message["protocolVersion"].map { CanonicalJSON.render($0) } ?? "none"); this runner speaks \(HarnessRunner.protocolVersion)")
        }
        guard let implementation = message["implementation"]?.objectValue,
              let name = implementation["name"]?.stringValue, !name.isEmpty else {
            throw HarnessFailure.handshake("the started message has no implementation name: \(line.prefix(500))")
        }
        guard let capabilityNames = message["capabilities"]?.arrayValue else {
            throw HarnessFailure.handshake("the started message has no capabilities list: \(line.prefix(500))")
        }
        var capabilities: Set<ConformanceFamily> = []
        for value in capabilityNames {
            guard let family = value.stringValue.flatMap(ConformanceFamily.init(rawValue:)) else {
                throw HarnessFailure.handshake("unknown capability \(CanonicalJSON.render(value)) (known: \(ConformanceFamily.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            capabilities.insert(family)
        }
        guard let profile = message["profile"]?.stringValue.flatMap(ConformanceProfile.init(rawValue:)) else {
            throw HarnessFailure.handshake(
                "the started message has no valid profile (known: \(ConformanceProfile.allCases.map(\.rawValue).joined(separator: ", "))): \(line.prefix(500))")
        }
        return AdapterHandshake(
            implementation: ImplementationInfo(name: name, version: implementation["version"]?.stringValue,
                                               language: implementation["language"]?.stringValue),
            capabilities: capabilities, profile: profile)
    }
}
