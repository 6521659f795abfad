import Foundation

/// A user's record of the vectors their implementation is known to fail, and how (a JSON file they commit).
///
/// Real implementations are rarely fully conformant on day one; a gate that is red forever gets switched off. The
/// baseline lets the gate fail exactly on regressions: a new failure, or a known failure whose kind changed.
/// `login-conformance baseline update` writes it deterministically (sorted keys, stable formatting).
public struct Baseline: Sendable, Hashable, Codable {
    /// The suite version the baseline was written for: vectors added later are *new*, not regressions.
    public var suiteVersion: SuiteVersion
    /// The profile the implementation claims; a run in another profile cannot use this baseline.
    public var profile: ConformanceProfile
    /// Who the baseline is for, for people reading it.
    public var implementation: String?
    /// Known failures by vector ID.
    public var knownFailures: [String: KnownFailure]

    /// One known failure.
    public struct KnownFailure: Sendable, Hashable, Codable {
        /// How the vector fails; a change of kind is a regression.
        public var kind: FailureKind
        /// Why, for people (optional; kept by `baseline update`).
        public var reason: String?
        /// A link to the tracking issue (optional; kept by `baseline update`).
        public var issue: String?

        public init(kind: FailureKind, reason: String? = nil, issue: String? = nil) {
            self.kind = kind
            self.reason = reason
            self.issue = issue
        }

        private enum CodingKeys: String, ClosedObjectKeys {
            case kind, reason, issue
            static var optionalMembers: [Self] { [.reason, .issue] }
        }
    }

    /// The baseline format version this toolkit reads and writes.
    public static let formatVersion = 1

    public init(
        suiteVersion: SuiteVersion, profile: ConformanceProfile, implementation: String? = nil,
        knownFailures: [String: KnownFailure] = [:]
    ) {
        self.suiteVersion = suiteVersion
        self.profile = profile
        self.implementation = implementation
        self.knownFailures = knownFailures
    }

    /// The baseline of `run`: every failing vector with its kind. Notes (`reason`, `issue`) of entries that are
    /// still failing are kept from `previous`.
    public init(run: ConformanceRun, previous: Baseline?, implementation: String?) {
        var failures: [String: KnownFailure] = [:]
        for result in run.results {
            guard let kind = result.outcome.failureKind else { continue }
            let note = previous?.knownFailures[result.id]
            failures[result.id] = KnownFailure(kind: kind, reason: note?.reason, issue: note?.issue)
        }
        self.init(
            suiteVersion: SuiteVersion(run.suiteVersion) ?? previous?.suiteVersion ?? SuiteVersion("0.0.0")!,
            profile: run.profile, implementation: implementation ?? previous?.implementation,
            knownFailures: failures)
    }

    private enum CodingKeys: String, ClosedObjectKeys {
        case formatVersion, suiteVersion, profile, implementation, knownFailures
        static var optionalMembers: [Self] { [.implementation] }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let format = try container.decode(Int.self, forKey: .formatVersion)
        guard format == Self.formatVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .formatVersion, in: container,
                debugDescription: "baseline format \(format); this toolkit reads format \(Self.formatVersion)")
        }
        suiteVersion = try container.decode(SuiteVersion.self, forKey: .suiteVersion)
        profile = try container.decode(ConformanceProfile.self, forKey: .profile)
        implementation = try container.decodeIfPresent(String.self, forKey: .implementation)
        knownFailures = try container.decode([String: KnownFailure].self, forKey: .knownFailures)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.formatVersion, forKey: .formatVersion)
        try container.encode(suiteVersion, forKey: .suiteVersion)
        try container.encode(profile, forKey: .profile)
        try container.encodeIfPresent(implementation, forKey: .implementation)
        try container.encode(knownFailures, forKey: .knownFailures)
    }

    /// Reads a baseline file; problems name the file, the JSON path and the problem.
    public static func load(from url: URL) throws(BaselineError) -> Baseline {
        do {
            return try JSONFile.decode(Baseline.self, from: url, what: "the baseline")
        } catch {
            throw BaselineError(file: error.file, jsonPath: error.jsonPath, problem: error.problem)
        }
    }

    /// The file's text: sorted keys, two-level indentation, a final newline; the same baseline always gives the
    /// same bytes, so a committed baseline only changes where the results did.
    public func fileText() -> String {
        CanonicalJSON.render(self, pretty: true) + "\n"
    }
}

/// A baseline file that cannot be used: it names the file, the JSON path and the problem.
public struct BaselineError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The baseline file.
    public let file: String
    /// Where in the file, as a JSON path.
    public let jsonPath: String
    /// What is wrong.
    public let problem: String

    public init(file: String, jsonPath: String, problem: String) {
        self.file = file
        self.jsonPath = jsonPath
        self.problem = problem
    }

    public var description: String { "\(file): \(jsonPath): \(problem)" }
}
