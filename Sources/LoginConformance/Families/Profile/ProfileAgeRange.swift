/// A profile's age range: `{"min", "max"}`, an absent bound `null`.
///
/// The bounds are the `user_age_range` claim's numbers kept as given, so they are kept exactly (``JSONNumber``,
/// RFC 8259 §6) and compared by exact value; ``min`` and ``max`` are their `Double` views.
public struct ProfileAgeRange: Codable, Sendable, Hashable {
    private enum CodingKeys: String, ClosedObjectKeys { case min, max }

    /// The lower bound exactly, `nil` when absent.
    public let exactMin: JSONNumber?
    /// The upper bound exactly, `nil` when absent.
    public let exactMax: JSONNumber?

    /// The lower bound as its nearest `Double`, `nil` when absent.
    public var min: Double? { exactMin?.doubleValue }
    /// The upper bound as its nearest `Double`, `nil` when absent.
    public var max: Double? { exactMax?.doubleValue }

    /// An age range with the given bounds (`nil`: absent), the values the `Double`s denote (``JSONNumber``).
    public init(min: Double?, max: Double?) {
        self.init(exactMin: min.map { JSONNumber($0) }, exactMax: max.map { JSONNumber($0) })
    }

    /// An age range with the given bounds exactly (`nil`: absent).
    public init(exactMin: JSONNumber?, exactMax: JSONNumber?) {
        self.exactMin = exactMin
        self.exactMax = exactMax
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        exactMin = try container.decode(JSONNumber?.self, forKey: .min)
        exactMax = try container.decode(JSONNumber?.self, forKey: .max)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(exactMin, forKey: .min)
        try container.encode(exactMax, forKey: .max)
    }
}
