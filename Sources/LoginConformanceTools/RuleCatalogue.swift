import Foundation
import LoginConformance

/// `Vectors/rules.json`: the rules of the specification (`Vectors/SPECIFICATION.md`) the vectors encode, one stable
/// ID each (`nonce.whitespace.zs`, `token.exp.strict`), each with its public sources. Every vector names the rules
/// it exercises in its `rules` member; ``VectorLint`` checks the names against this catalogue, that each rule has
/// the vectors it ``Rule/needs``, and that each rule and each vector ref points at a source that exists.
public struct RuleCatalogue: Sendable, Hashable, Decodable {
    /// The file name beside `manifest.json`.
    public static let fileName = "rules.json"

    /// The rules, in catalogue order (by family, then as the specification states them).
    public let rules: [Rule]
    /// Rule IDs that no longer hold. Like vector IDs, a retired rule ID is never used again.
    public let retired: [RetiredRule]
    /// The public documents rules and vectors cite, by the key refs use (`RFC 7519`, a Facebook page).
    public let documents: [String: Document]
    /// The facebook-ios-sdk version the `ios-sdk` profile models: `sdk` sources are lines at this tag.
    public let sdk: SDKVersion

    /// A public document: the Facebook Login for iOS pages, RFCs, OpenID Connect Core.
    public struct Document: Sendable, Hashable, Decodable {
        /// Its title.
        public let title: String
        /// Where to read it.
        public let url: String
        /// `facebook`, `rfc` or `standard`.
        public let kind: String

        private enum CodingKeys: String, ClosedObjectKeys { case title, url, kind }
    }

    /// The SDK repository, tag and commit the `ios-sdk` profile's `sdk` sources cite.
    public struct SDKVersion: Sendable, Hashable, Decodable {
        public let repository: String
        public let tag: String
        public let commit: String

        private enum CodingKeys: String, ClosedObjectKeys { case repository, tag, commit }
    }

    /// Where a rule comes from.
    public enum Source: Sendable, Hashable, Decodable {
        /// A public document of ``RuleCatalogue/documents`` and the section or heading that states the rule.
        case document(key: String, section: String?)
        /// facebook-ios-sdk code at ``RuleCatalogue/sdk``'s tag: a file and a line range (`"12-30"`).
        case sdk(path: String, lines: String)
        /// An entry of the decision record, `Vectors/DECISIONS.md` (`D07`).
        case decision(String)
        /// Behaviour that cannot be checked here (Apple's Foundation), with the evidence the suite rests on.
        case unverifiable(evidence: String)

        private enum CodingKeys: String, ClosedObjectKeys {
            case document, section, sdk, lines, decision, unverifiable
            /// Which members a source needs depends on its kind, checked below.
            static var optionalMembers: [Self] { allCases }
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let present = CodingKeys.allCases.filter { $0 != .section && $0 != .lines && container.contains($0) }
            guard present.count == 1, let kind = present.first else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "a source has exactly one of document (with an optional section), sdk (with lines), decision, unverifiable"))
            }
            switch kind {
            case .document:
                self = .document(key: try container.decode(String.self, forKey: .document),
                                 section: try container.decodeIfPresent(String.self, forKey: .section))
            case .sdk:
                self = .sdk(path: try container.decode(String.self, forKey: .sdk),
                            lines: try container.decode(String.self, forKey: .lines))
            case .decision:
                self = .decision(try container.decode(String.self, forKey: .decision))
            default:
                self = .unverifiable(evidence: try container.decode(String.self, forKey: .unverifiable))
            }
        }

        /// Whether the source is the SDK's code or an evidenced statement that it cannot be checked here: what a
        /// rule holding under `ios-sdk` needs.
        public var speaksForTheSDK: Bool {
            switch self {
            case .sdk, .unverifiable: true
            case .document, .decision: false
            }
        }
    }

    /// One rule of the specification.
    public struct Rule: Sendable, Hashable, Decodable {
        /// Stable ID: dot-separated lower-case parts, the first naming the area (`nonce`, `configuration`,
        /// `result`, `token`); a rule of one profile ends with `.documented` or `.ios-sdk`.
        public let id: String
        /// The specification section that states it: `SPECIFICATION.md §4`.
        public let section: String
        /// Which vectors the rule must have.
        public let needs: Needs
        /// The rule in one sentence.
        public let statement: String
        /// The readings the rule holds under (SPECIFICATION.md §8); `nil` means both.
        public let profiles: Set<ConformanceProfile>?
        /// Why the rule's profile-specific vectors have no counterpart in the other profile: the documented
        /// exception to the lint's pairing check (a future `iat`: the specification states nothing for the documentation).
        public let unpaired: String?
        /// Where the rule comes from: public documents, the SDK's code (for `ios-sdk`), decision record entries.
        public let sources: [Source]
        private enum CodingKeys: String, ClosedObjectKeys {
            case id, section, needs, statement, profiles, unpaired, sources
            static var optionalMembers: [Self] { [.profiles, .unpaired] }
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            section = try container.decode(String.self, forKey: .section)
            needs = try container.decode(Needs.self, forKey: .needs)
            statement = try container.decode(String.self, forKey: .statement)
            let profiles = try container.decodeIfPresent([ConformanceProfile].self, forKey: .profiles)
            if let profiles, profiles.isEmpty || Set(profiles).count != profiles.count {
                throw DecodingError.dataCorruptedError(
                    forKey: .profiles, in: container,
                    debugDescription: "profiles must be non-empty and unique; omit it when the rule holds in every profile")
            }
            self.profiles = profiles.map(Set.init)
            unpaired = try container.decodeIfPresent(String.self, forKey: .unpaired)
            sources = try container.decode([Source].self, forKey: .sources)
        }

        /// Whether the rule holds under `profile`.
        public func holds(under profile: ConformanceProfile) -> Bool {
            profiles?.contains(profile) ?? true
        }

        /// Whether a vector holding under `vectorProfiles` (`nil`: every profile) can exercise this rule.
        public func overlaps(_ vectorProfiles: Set<ConformanceProfile>?) -> Bool {
            guard let profiles, let vectorProfiles else { return true }
            return !profiles.isDisjoint(with: vectorProfiles)
        }
    }

    /// The vectors a rule must have, by whether their expected result accepts or refuses.
    public enum Needs: String, Sendable, Hashable, Decodable, CaseIterable {
        /// At least one accepting vector (`valid`, `created`, `success`, `accepted`).
        case accept
        /// At least one refusing vector (`invalid`, `refused`, `cancelled`, `failed`, `rejected`).
        case reject
        /// One of each: the rule draws a line, and the suite shows both sides of it.
        case both
        /// At least one vector of any kind: the rule says how a value is computed (a login request's parameters, a
        /// Graph error's category, a change notification), and its vectors expect that value, not a verdict.
        case any

        /// Whether the rule needs an accepting vector.
        public var needsAccepting: Bool { self == .accept || self == .both }
        /// Whether the rule needs a refusing vector.
        public var needsRejecting: Bool { self == .reject || self == .both }
    }

    /// A rule ID taken out of use, with the reason.
    public struct RetiredRule: Sendable, Hashable, Decodable {
        public let id: String
        public let reason: String

        private enum CodingKeys: String, ClosedObjectKeys { case id, reason }
    }

    private enum CodingKeys: String, ClosedObjectKeys { case formatVersion, description, documents, sdk, rules, retired }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let formatVersion = try container.decode(Int.self, forKey: .formatVersion)
        guard formatVersion == SuiteManifest.supportedFormatVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .formatVersion, in: container,
                debugDescription: "format version \(formatVersion); this toolkit reads version \(SuiteManifest.supportedFormatVersion)")
        }
        _ = try container.decode(String.self, forKey: .description)
        rules = try container.decode([Rule].self, forKey: .rules)
        retired = try container.decode([RetiredRule].self, forKey: .retired)
        documents = try container.decode([String: Document].self, forKey: .documents)
        sdk = try container.decode(SDKVersion.self, forKey: .sdk)
    }

    /// The rule with this ID, if the catalogue has it.
    public func rule(withID id: String) -> Rule? {
        rules.first { $0.id == id }
    }

    /// Reads `rules.json` from a vectors folder; a problem names the file, the JSON path and what is wrong.
    public static func load(from directory: URL) throws(VectorLoadError) -> RuleCatalogue {
        try JSONFile.decode(RuleCatalogue.self, from: directory.appendingPathComponent(fileName), what: "the rule catalogue")
    }

    /// Whether `id` is a well-formed rule ID: at least two dot-separated parts of `a-z 0-9 + -`, each starting
    /// with a letter or digit, the first with a letter and without `+`.
    public static func isWellFormedID(_ id: String) -> Bool {
        let parts = id.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, let area = parts.first, let initial = area.unicodeScalars.first,
              ("a"..."z").contains(initial), !area.unicodeScalars.contains("+")
        else { return false }
        return parts.allSatisfy { part in
            guard let first = part.unicodeScalars.first, first != "-", first != "+" else { return false }
            return part.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "+" }
        }
    }
}

