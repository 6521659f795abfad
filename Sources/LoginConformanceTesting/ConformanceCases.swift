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
    /// The cases of `family` for an implementation claiming `profile`, from `suite` (the bundled vectors when
    /// `nil`), narrowed by `LOGIN_CONFORMANCE_VECTORS` when it is set, judged against the baseline file at
    /// `baseline` (none: every failure is a regression) under `policy`.
    public static func family(
        _ family: ConformanceFamily, profile: ConformanceProfile = .documented, suite: VectorSuite? = nil,
        baseline: URL? = nil, policy: GatePolicy = GatePolicy()
    ) -> [ConformanceCase] {
        let selection = ProcessInfo.processInfo.environment[VectorSelection.environmentVariable]
            .map(VectorSelection.init(parsing:)) ?? .all
        let loadedBaseline: Baseline?
        do {
            loadedBaseline = try baseline.map { url throws(BaselineError) in try Baseline.load(from: url) }
        } catch {
            return [problem("baseline error", "the baseline did not load: \(error)")]
        }
        return cases(family, profile: profile, suite: suite, selection: selection, baseline: loadedBaseline, policy: policy)
    }

    /// The cases of `family` for `profile`, narrowed by `selection` (the environment is not read), judged against
    /// `baseline`.
    public static func cases(
        _ family: ConformanceFamily, profile: ConformanceProfile, suite: VectorSuite?, selection: VectorSelection,
        baseline: Baseline? = nil, policy: GatePolicy = GatePolicy()
    ) -> [ConformanceCase] {
        let loaded: VectorSuite
        switch suite.map({ .success($0) }) ?? bundledSuite {
        case .success(let value): loaded = value
        case .failure(let error): return [problem("no vectors", "LoginConformance checked nothing: the vectors did not load: \(error)")]
        }
        do {
            let gate = try ConformanceGate(suite: loaded, profile: profile, baseline: baseline, policy: policy)
            var cases = try ConformanceEngine(suite: loaded)
                .plan(profile: profile, families: [family], selection: selection)
                .map { ConformanceCase(content: .vector($0, gate)) }
            // Blocking stale entries are reported with the family their ID names (with every family when it names
            // none); one retired after the baseline's suite version is not an error (baseline update drops it).
            let stale = gate.staleEntries.filter(\.blocks).filter { entry in
                let prefix = entry.id.components(separatedBy: "::").first ?? ""
                return prefix == family.rawValue || ConformanceFamily(rawValue: prefix) == nil
            }
            if !stale.isEmpty {
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

    /// The bundled vectors, loaded once per process.
    static let bundledSuite: Result<VectorSuite, VectorLoadError> = Result { () throws(VectorLoadError) in
        try VectorSuite.bundled()
    }
}
