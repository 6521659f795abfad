/// The JSON shape the validity verdicts share: `{"result": "valid"}` or `{"result": "invalid", "reason": …}`. Used
/// by ``NonceVerdict`` and ``CodeVerifierVerdict``, whose reasons differ but whose shape does not.
enum VerdictCoding<Reason: Codable & Hashable & Sendable> {
    private enum Keys: String, DiscriminatedObjectKeys {
        case result, reason
        static var discriminator: Keys { .result }
        static var variants: [(value: String, required: [Keys], optional: [Keys])] {
            [("valid", [], []), ("invalid", [.reason], [])]
        }
    }

    /// Reads a verdict strictly: `nil` for valid, the reason for invalid.
    static func decode(from decoder: any Decoder) throws -> Reason? {
        let container = try decoder.container(keyedBy: Keys.self)
        switch try container.decode(String.self, forKey: .result) {
        case "valid": return nil
        default: return try container.decode(Reason.self, forKey: .reason)  // never null
        }
    }

    /// Writes a verdict: valid when `reason` is `nil`, else invalid for it.
    static func encode(invalidBecause reason: Reason?, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(reason == nil ? "valid" : "invalid", forKey: .result)
        try container.encodeIfPresent(reason, forKey: .reason)
    }
}
