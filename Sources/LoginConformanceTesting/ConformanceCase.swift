@_exported public import LoginConformance
import Foundation
public import Testing

/// One vector as a Swift Testing argument: a test case named by the vector ID, which checks an implementation
/// against the vector and records a readable issue when it does not conform.
///
/// With a baseline, the case follows the same gate as the CLI (`ConformanceGate`): a known failure is recorded
/// as a known issue, a regression as a failure, a newly passing vector as a failure unless the policy allows it,
/// and a failing vector added after the baseline's suite version as a known issue unless the policy blocks it.
///
/// A load problem, a selection that matches no vector of the suite, or stale baseline entries are themselves cases
/// (named `<…>`) that fail when checked, so a suite that checks nothing, or checks against a wrong baseline, can never
/// pass silently. A selection of other families' vectors only (`LOGIN_CONFORMANCE_VECTORS` set to the vector a
/// printed rerun names) is one skipped case per other family, which says so.
public struct ConformanceCase: Sendable, CustomTestStringConvertible, CustomStringConvertible {
    enum Content: Sendable {
        case vector(any ConformanceVector, ConformanceGate, updatingBaseline: Bool)
        case problem(name: String, message: String)
        /// The suite has no vector of the family under the profile (DECISIONS.md D31: the documents state none of
        /// its rules): skipped and said, never passed.
        case notInProfile(ConformanceFamily, ConformanceProfile)
        /// `LOGIN_CONFORMANCE_VECTORS` selects vectors of other families only (a rerun of one vector): skipped and
        /// said, never passed, so the family's test does not fail for a selection that was not meant for it.
        case notSelected(ConformanceFamily, VectorSelection)
    }

    let content: Content

    /// The vector's ID, or a description of the problem.
    public var testDescription: String {
        switch content {
        case .vector(let vector, _, _): vector.metadata.id
        case .problem(let name, _): "<\(name)>"
        case .notInProfile(let family, let profile): "<no \(family.rawValue) vectors under \(profile.rawValue)>"
        case .notSelected(let family, _): "<no \(family.rawValue) vector selected>"
        }
    }

    public var description: String { testDescription }

    /// The vector, when the case has one.
    public var vector: (any ConformanceVector)? {
        if case .vector(let vector, _, _) = content { vector } else { nil }
    }

    /// Checks `implementation` against the vector and records an issue when it fails or throws (as a known issue
    /// when the baseline expects exactly that failure). The issue shows the vector ID and description, expected
    /// against actual, the input, and a one-line command that reruns just this vector; it is printed once.
    ///
    /// When `implementation` does not adopt the family's protocol, the case is skipped: with Swift 6.3 or later
    /// it is cancelled (`Test.cancel`, ST-0016) and the test records one warning saying the family is skipped, not
    /// one issue per vector; with an older compiler the test records that once as a known issue. (With a baseline
    /// that lists the vector as a known failure, a dropped capability is a regression and fails.)
    ///
    /// While the baseline is being rewritten (``ConformanceCases/updatingBaseline``, `UPDATE_BASELINE` set), every
    /// failure is recorded as a known issue and a newly passing vector as nothing: the run is writing the baseline
    /// that will say so, and it stays green.
    public func check(_ implementation: any ConformanceSubject, sourceLocation: SourceLocation = #_sourceLocation) {
        switch content {
        case .problem(_, let message):
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        case .notInProfile, .notSelected:
            let message = switch content {
            case .notInProfile(let family, let profile):
                "[skipped] \(family.rawValue): the suite has no \(family.rawValue) vectors under \(profile.rawValue) "
                    + "(only the SDK's code states the rules they rest on: Vectors/DECISIONS.md D31), so none is checked"
            case .notSelected(let family, let selection):
                "[skipped] \(family.rawValue): \(ConformanceCases.selectionEnvironmentVariable) selects \(selection), "
                    + "no vector of this family, so none is checked here"
            default: ""
            }
            #if compiler(>=6.3)
            Issue.record(Comment(rawValue: message), severity: .warning, sourceLocation: sourceLocation)
            do { try Test.cancel(Comment(rawValue: message), sourceLocation: sourceLocation) } catch {}
            #else
            withKnownIssue { Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation) }
            #endif
        case .vector(let vector, let gate, let updatingBaseline):
            let result = ConformanceEngine.evaluate(vector, against: implementation)
            let classification = gate.classify(result)
            let known = gate.baseline?.knownFailures[result.id]
            let message: String
            switch classification {
            case .pass:
                return
            case .skipped:
                skip(vector, reason: result.outcome.summary, sourceLocation: sourceLocation)
                return
            case .newlyPassing where updatingBaseline:
                return
            case .newlyPassing:
                message = "[newly passing] \(result.id) — the baseline says \(known?.kind.rawValue ?? "it fails"); it passes now: remove it from the baseline"
            default:
                let was = known.map { " (baseline: \($0.kind.rawValue))" } ?? ""
                let change = classification == .changedVector
                    ? gate.changeSinceBaseline(of: result.id).map { " (changed in suite \($0.version): \($0.reason))" } ?? ""
                    : ""
                message = "[\(classification.rawValue)\(was)\(change)] "
                    + FailureMessage.text(for: result, vector: vector, rerunCommand: rerunCommand)
            }
            if gate.blocks(classification) && !updatingBaseline {
                Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            } else if classification != .newlyPassing {
                // The message once: as the recorded issue's comment, not again as the known issue's.
                let shown = updatingBaseline && gate.blocks(classification) ? "[baseline update: written as known] " + message : message
                withKnownIssue {
                    Issue.record(Comment(rawValue: shown), sourceLocation: sourceLocation)
                }
            }
        }
    }

    /// A vector of a family the implementation does not adopt: the case is skipped, and the test says so once.
    private func skip(_ vector: any ConformanceVector, reason: String, sourceLocation: SourceLocation) {
        let testID = Test.current.map { "\($0.id)" } ?? ""
        let family = vector.family
        let announcement = "[skipped] \(family.rawValue): \(reason), so every \(family.rawValue) vector is skipped, none checked"
            + " (adopt \(family.protocolName) to check them, or remove this test)"
        let first = SkipAnnouncements.shared.isFirst("\(testID)|\(family.rawValue)")
        #if compiler(>=6.3)
        if first {
            Issue.record(Comment(rawValue: announcement), severity: .warning, sourceLocation: sourceLocation)
        }
        // Swift Testing 6.3 (ST-0016): in a parameterized test this cancels only the current case; it is reported as
        // cancelled (skipped), never as passed. The error only ends the case early, which returning does here.
        do {
            try Test.cancel(Comment(rawValue: "\(vector.metadata.id): \(reason)"), sourceLocation: sourceLocation)
        } catch {}
        #else
        if first {
            withKnownIssue { Issue.record(Comment(rawValue: announcement), sourceLocation: sourceLocation) }
        }
        #endif
    }

    /// `LOGIN_CONFORMANCE_VECTORS='<id>' swift test --filter '<this test>'`.
    var rerunCommand: String {
        let id = vector?.metadata.id ?? ""
        let filter = Test.current.map { test in
            let components = test.id.nameComponents.map { component in
                component.split(separator: "(").first.map(String.init) ?? component
            }
            return ([test.id.moduleName] + components.dropLast()).joined(separator: ".")
                + (components.last.map { "/\($0)" } ?? "")
        } ?? "<test name>"
        return "\(ConformanceCases.selectionEnvironmentVariable)='\(id)' swift test --filter '\(filter)'"
    }
}

/// Which (test, family) pairs have announced their skipped family, so each says it once per process.
final class SkipAnnouncements: @unchecked Sendable {
    static let shared = SkipAnnouncements()
    private var announced: Set<String> = []
    private let lock = NSLock()

    /// True the first time `key` is seen.
    func isFirst(_ key: String) -> Bool {
        lock.withLock { announced.insert(key).inserted }
    }
}
