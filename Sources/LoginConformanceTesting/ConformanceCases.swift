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
    /// `nil`), narrowed by `LOGIN_CONFORMANCE_VECTORS` when it is set.
    public static func family(
        _ family: ConformanceFamily, profile: ConformanceProfile = .documented, suite: VectorSuite? = nil
    ) -> [ConformanceCase] {
        let selection = ProcessInfo.processInfo.environment[VectorSelection.environmentVariable]
            .map(VectorSelection.init(parsing:)) ?? .all
        return cases(family, profile: profile, suite: suite, selection: selection)
    }

    /// The cases of `family` for `profile`, narrowed by `selection` (the environment is not read).
    public static func cases(
        _ family: ConformanceFamily, profile: ConformanceProfile, suite: VectorSuite?, selection: VectorSelection
    ) -> [ConformanceCase] {
        let loaded: VectorSuite
        switch suite.map({ .success($0) }) ?? bundledSuite {
        case .success(let value): loaded = value
        case .failure(let error): return [ConformanceCase(content: .problem("the vectors did not load: \(error)"))]
        }
        do {
            return try ConformanceEngine(suite: loaded)
                .plan(profile: profile, families: [family], selection: selection)
                .map { ConformanceCase(content: .vector($0)) }
        } catch {
            return [ConformanceCase(content: .problem(error.description))]
        }
    }

    /// The bundled vectors, loaded once per process.
    static let bundledSuite: Result<VectorSuite, VectorLoadError> = Result { () throws(VectorLoadError) in
        try VectorSuite.bundled()
    }
}
