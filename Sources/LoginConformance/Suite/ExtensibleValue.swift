/// A closed list of named values that may grow in a minor release without breaking adopters.
///
/// Rejection reasons and failure kinds are structs with one static member per value (the way swift-nio spells
/// its error codes), not enums: an adopter's `switch` over them needs a `default`, so a reason added in 0.4 does not
/// break a package built against 0.3 (docs/api-policy.md). Within a release the list is closed: decoding a value
/// outside `allCases` fails with the value and the allowed list, and `init?(rawValue:)` returns `nil` for it.
public protocol ExtensibleValue: RawRepresentable, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible
where RawValue == String, AllCases == [Self] {}

extension ExtensibleValue {
    /// The value spelled `rawValue`, or `nil` if this release does not know it.
    public init?(rawValue: String) {
        guard let known = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = known
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Self(rawValue: text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "\"\(text)\" is not one of: \(Self.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
}
