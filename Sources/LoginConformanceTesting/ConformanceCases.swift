import Foundation
import LoginConformance

/// Builds the arguments of a parameterized conformance test: one ``ConformanceCase`` per vector of one family.
///
/// ```swift
/// @Test(arguments: ConformanceCases.family(.nonce, profile: .iosSDK))
/// func nonce(_ vector: ConformanceCase) { vector.check(MyNonceValidator()) }
/// ```
///
/// One parameterized test per family keeps each test well under 2,000 cases, beyond which Swift Testing 6.3
/// slows down quadratically. The `LOGIN_CONFORMANCE_VECTORS` environment variable (IDs or `prefix*`, comma
/// separated) narrows the cases, so that one failure can be rerun alone.
public enum ConformanceCases {
    /// The environment variable that says the run rewrites the baseline: `UPDATE_BASELINE=1 swift test`.
    public static let updateBaselineVariable = "UPDATE_BASELINE"

    /// The environment variable that narrows the cases to some vectors (IDs or `prefix*`, comma separated), so a
    /// failure can be rerun alone: `LOGIN_CONFORMANCE_VECTORS='nonce::…' swift test --filter …`.
    public static let selectionEnvironmentVariable = "LOGIN_CONFORMANCE_VECTORS"

    /// Whether this run rewrites the baseline (``updateBaselineVariable`` is set). Then the cases stay green while
    /// the test that writes the baseline (README, "Using it as a regression gate") records the failures: a missing
    /// or unreadable baseline file is not an error, every failure is a known issue and a newly passing vector is
    /// not reported.
    public static var updatingBaseline: Bool {
        ProcessInfo.processInfo.environment[updateBaselineVariable] != nil
    }

    /// The cases of `family` for an implementation claiming `profile`, from `suite` (the bundled vectors when
    /// `nil`), narrowed by `LOGIN_CONFORMANCE_VECTORS` when it is set, judged against the baseline file at
    /// `baseline` (none: every failure is a regression) under `policy`; while ``updatingBaseline``, as that says.
    public static func family(
        _ family: ConformanceFamily, profile: ConformanceProfile = .documented, suite: VectorSuite? = nil,
        baseline: URL? = nil, policy: GatePolicy = GatePolicy()
    ) -> [ConformanceCase] {
        self.family(family, profile: profile, suite: suite, baseline: baseline, policy: policy,
                    environment: ProcessInfo.processInfo.environment)
    }

    /// ``family(_:profile:suite:baseline:policy:)`` reading `environment` instead of the process's.
    static func family(
        _ family: ConformanceFamily, profile: ConformanceProfile, suite: VectorSuite?, baseline: URL?,
        policy: GatePolicy, environment: [String: String]
    ) -> [ConformanceCase] {
        let selection = environment[selectionEnvironmentVariable].map(VectorSelection.init(parsing:)) ?? .all
        let updating = environment[updateBaselineVariable] != nil
        let loadedBaseline: Baseline?
        do {
            loadedBaseline = try baseline.map { url throws(BaselineError) in try Baseline.load(from: url) }
        } catch {
            // Being rewritten: the first baseline does not exist yet, and a broken one is about to be replaced.
            guard updating else { return [problem("baseline error", "the baseline did not load: \(error)")] }
            loadedBaseline = nil
        }
        return cases(family, profile: profile, suite: suite, selection: selection, baseline: loadedBaseline,
                     policy: policy, updatingBaseline: updating)
    }

    /// The cases of `family` for `profile`, narrowed by `selection` (the environment is not read), judged against
    /// `baseline`; `updatingBaseline` as ``updatingBaseline`` says.
    public static func cases(
        _ family: ConformanceFamily, profile: ConformanceProfile, suite: VectorSuite?, selection: VectorSelection,
        baseline: Baseline? = nil, policy: GatePolicy = GatePolicy(), updatingBaseline: Bool = false
    ) -> [ConformanceCase] {
        let loaded: VectorSuite
        switch suite.map({ .success($0) }) ?? bundledSuite {
        case .success(let value): loaded = value
        case .failure(let error): return [problem("no vectors", "LoginConformance checked nothing: the vectors did not load: \(error)")]
        }
        // A family the suite has no vector of under this profile is one skipped case that says so (D31).
        if selection == .all, loaded.vectors(for: profile, families: [family]).isEmpty {
            return [ConformanceCase(content: .notInProfile(family, profile))]
        }
        // A baseline being rewritten for another profile is replaced, not used.
        let baseline = updatingBaseline && baseline?.profile != profile ? nil : baseline
        // A selection of other families' vectors only (a rerun of one vector, pasted as printed) skips this family;
        // one that selects nothing at all still fails below, as checking nothing must.
        if selection != .all, loaded.vectors(for: profile, families: [family], selection: selection).isEmpty,
           !loaded.vectors(for: profile, selection: selection).isEmpty {
            return [ConformanceCase(content: .notSelected(family, selection))]
        }
        do {
            let gate = try ConformanceGate(suite: loaded, profile: profile, baseline: baseline, policy: policy)
            var cases = try ConformanceEngine(suite: loaded)
                .plan(profile: profile, families: [family], selection: selection)
                .map { ConformanceCase(content: .vector($0, gate, updatingBaseline: updatingBaseline)) }
            // Blocking stale entries are reported with the family their ID names (with every family when it names
            // none); one retired after the baseline's suite version is not an error (baseline update drops it).
            let stale = gate.staleEntries.filter(\.blocks).filter { entry in
                let prefix = entry.id.components(separatedBy: "::").first ?? ""
                return prefix == family.rawValue || !loaded.families.contains { $0.rawValue == prefix }
            }
            if !stale.isEmpty && !updatingBaseline {
                cases.append(problem("stale baseline entries", "stale baseline entries: "
                    + stale.map { "\($0.id) (\($0.explanation))" }.joined(separator: "; ")))
            }
            return cases
        } catch let error as GateConfigurationError {
            return [problem("baseline error", "the baseline cannot be used: \(error)")]
        } catch {
            return [problem("no vectors", "LoginConformance checked nothing: \(error)")]
        }
    }

    private static func problem(_ name: String, _ message: String) -> ConformanceCase {
        ConformanceCase(content: .problem(name: name, message: message))
    }

    /// The bundled vectors (``VectorSuite/bundled()`` reads them once per process).
    static var bundledSuite: Result<VectorSuite, VectorLoadError> {
        Result { () throws(VectorLoadError) in try VectorSuite.bundled() }
    }
}
