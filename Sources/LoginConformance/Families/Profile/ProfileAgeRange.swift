/// A profile's age range: `{"min", "max"}`, an absent bound `null`.
public struct ProfileAgeRange: Codable, Sendable, Hashable {
    private enum CodingKeys: String, CodingKey, CaseIterable { case min, max }

    /// The lower bound, `nil` when absent.
    public let min: Double?
    /// The upper bound, `nil` when absent.
    public let max: Double?

    /// An age range with the given bounds (`nil`: absent).
    public init(min: Double?, max: Double?) {
        self.min = min
        self.max = max
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownMembers(of: CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        min = try container.decode(Double?.self, forKey: .min)
        max = try container.decode(Double?.self, forKey: .max)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(min, forKey: .min)
        try container.encode(max, forKey: .max)
    }
}
