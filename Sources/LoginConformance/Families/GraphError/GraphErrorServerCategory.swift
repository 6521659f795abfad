/// One category of the server's `ios_sdk_error_categories` table, normalised (SPECIFICATION.md §7).
///
/// The real table also carries recovery messages and options; they do not change the category and are left out.
/// A category named `other` is other, one named `transient` is transient, any other name (`login`, …) recoverable.
public struct GraphErrorServerCategory: Codable, Sendable, Hashable {
    private enum CodingKeys: String, ClosedObjectKeys { case name, items }

    /// The category's name as the server sends it.
    public let name: String
    /// The codes (and subcodes) the category covers.
    public let items: [Item]

    /// A category named `name` covering `items`.
    public init(name: String, items: [Item]) {
        self.name = name
        self.items = items
    }

    /// The category the name stands for: `other`, `transient`, anything else recoverable.
    public var category: GraphErrorCategory {
        switch name {
        case "other": .other
        case "transient": .transient
        default: .recoverable
        }
    }

    /// One item: a code, or every code, with the subcodes it covers.
    public struct Item: Codable, Sendable, Hashable {
        private enum CodingKeys: String, ClosedObjectKeys {
            case code, subcodes
            static var optionalMembers: [Self] { [.subcodes] }
        }

        /// The Graph error code; `nil` for `"*"`, every code.
        public let code: Int?
        /// The subcodes covered; `nil` (absent in JSON) or empty: every subcode (`*`).
        public let subcodes: [Int]?

        /// An item for `code` (`nil`: every code) and `subcodes` (`nil` or empty: every subcode).
        public init(code: Int?, subcodes: [Int]? = nil) {
            self.code = code
            self.subcodes = subcodes
        }

        /// The subcode keys the item fills: its subcodes, or `[nil]` (`*`) when it lists none.
        public var subcodeKeys: [Int?] {
            guard let subcodes, !subcodes.isEmpty else { return [nil] }
            return subcodes.map(Optional.some)
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let number = try? container.decode(Int.self, forKey: .code) {
                code = number
            } else if try container.decode(String.self, forKey: .code) == "*" {
                code = nil
            } else {
                throw DecodingError.dataCorruptedError(
                    forKey: .code, in: container, debugDescription: "code must be an integer or \"*\"")
            }
            subcodes = try container.decodeIfPresent([Int].self, forKey: .subcodes)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            if let code {
                try container.encode(code, forKey: .code)
            } else {
                try container.encode("*", forKey: .code)
            }
            try container.encodeIfPresent(subcodes, forKey: .subcodes)
        }
    }
}
