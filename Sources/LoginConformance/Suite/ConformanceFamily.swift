/// A family of vectors: one capability of a Facebook Login implementation, one protocol, one vector file.
///
/// The name is the family's name as it appears in vector IDs (`nonce::…`), in `Vectors/manifest.json` and in the
/// file name (`Vectors/nonce.json`). Each family's folder (`Families/Nonce/`) defines its member (`.nonce`) beside
/// its ``VectorFamily`` type, and ``FamilyRegistry/standard`` lists the families this release knows, in order: adding a
/// family is one folder and one line there (docs: "Adding a family"). A struct, not an enum, so that a family added
/// in a minor release does not break an adopter's `switch`.
public struct ConformanceFamily: Sendable, Hashable, Comparable, Codable, CaseIterable, CustomStringConvertible {
    /// The family's name: `nonce`, `login-configuration`, …
    public let rawValue: String
    /// The name of the Swift protocol an implementation adopts to be checked against this family.
    public let protocolName: String

    /// A family named `name` whose implementations adopt `protocolName`; a ``VectorFamily`` type declares its own.
    public init(name: String, protocolName: String) {
        self.rawValue = name
        self.protocolName = protocolName
    }

    /// The family of the standard registry named `rawValue`, or `nil` if this release has none of that name.
    public init?(rawValue: String) {
        guard let family = FamilyRegistry.standard.family(named: rawValue) else { return nil }
        self = family
    }

    /// The families this release knows (``FamilyRegistry/standard``), in the order of the manifest.
    public static var allCases: [ConformanceFamily] { FamilyRegistry.standard.families }

    public var description: String { rawValue }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue == rhs.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// The standard registry's order; families it does not know come after, by name.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        let order = FamilyRegistry.standard
        switch (order.index(of: lhs), order.index(of: rhs)) {
        case let (left?, right?): return left < right
        case (_?, nil): return true
        case (nil, _?): return false
        case (nil, nil): return lhs.rawValue < rhs.rawValue
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let family = ConformanceFamily(rawValue: name) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "unknown family \"\(name)\"; this toolkit knows \(Self.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self = family
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
