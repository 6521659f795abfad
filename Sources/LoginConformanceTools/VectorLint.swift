import Foundation
import LoginConformance

/// Lints a vectors folder for meaning, beyond schema validity, and returns every
/// problem at once, each with its file, JSON path, kind and message.
///
/// What it checks:
/// - **IDs**: `family::group::case`, namespaced by the file's family, saying their profile; unique across the
///   suite; never an ID the changelog (`changelog.json`) retired.
/// - **Declarations**: every expected reason is declared in its file; every vector has a one-line description
///   unique within its family, a severity, refs and rules.
/// - **Rules**: the catalogue (`rules.json`, ``RuleCatalogue``) is well-formed; every rule a vector names is in
///   it and holds in the vector's profile; every rule has the accepting and refusing vectors it needs
///   (``RuleCoverage``).
/// - **Sources**: every rule has sources; one holding under `ios-sdk` cites the SDK's code or declares why it can't
///   be checked; one resting on SDK code alone holds only under `ios-sdk`; every source and every vector ref names
///   a document of the registry, an entry of `DECISIONS.md`, a section of `SPECIFICATION.md` or an SDK location
///   (``SourceLint``).
/// - **Expectations**: no two vectors of one profile share an input (a contradiction, or a repeat); a vector of
///   one profile comes with the other profile's vector for the same input, expecting something else, unless one
///   of its rules documents why none exists.
/// - **Format**: a family file the loader's strict models refuse is decoded vector by vector, so every vector's
///   format problem is reported; then the loader itself runs (``VectorSuite/load(from:)``: the manifest, the
///   changelog, what crosses files), and its first problem is added unless the checks above already report it.
///
/// Why not just the loader: it yields a whole suite or throws its *first* problem, which is right for running
/// vectors and wrong for fixing them. The lint reads the files as plain JSON, never stops, and checks what the
/// loader does not (the rules, contradictions, pairs, descriptions). A clean lint implies a clean load: when the
/// loader refuses the suite, its problem, or the lint's own report of it, is in the list.
public enum VectorLint {
    /// Every problem of the suite in `directory` (a folder with `manifest.json`), sorted by file and position;
    /// empty when the suite is clean.
    public static func lint(directory: URL) -> [LintProblem] {
        // The loader runs first and its suite is dropped before the files are read as plain JSON: never both in
        // memory at once.
        let loaderError = loaderError(directory: directory)
        let documents = SuiteDocuments.read(from: directory)
        var problems = documents.problems
        problems += IdentityLint.problems(in: documents)
        problems += MetadataLint.problems(in: documents)
        problems += RuleLint.problems(in: documents)
        problems += SourceLint.problems(in: documents)
        problems += ExpectationLint.problems(in: documents)
        problems = withoutShadowedFormatProblems(problems)
        if let loaderError, let loaderProblem = loaderProblem(loaderError, alreadyFound: problems) {
            problems.append(loaderProblem)
        }
        return sorted(problems, fileOrder: [documents.file("manifest.json")] + documents.families.map(\.file)
                      + [documents.file(RuleCatalogue.fileName)])
    }

    /// The problems of the vectors bundled with this package, found once per process (the bundle is read-only).
    public static func lintBundled() -> [LintProblem] {
        bundledProblems
    }

    private static let bundledProblems: [LintProblem] = {
        guard let directory = VectorSuite.bundledDirectory else {
            return [LintProblem(file: "Vectors", jsonPath: "$", kind: .unreadable,
                                message: "the bundled Vectors folder is missing from the LoginConformance resources")]
        }
        return lint(directory: directory)
    }()

    /// A format problem at a path where a more specific check already reported (a missing severity is
    /// `missingMetadata`, not also "missing member severity") says nothing new.
    private static func withoutShadowedFormatProblems(_ problems: [LintProblem]) -> [LintProblem] {
        let specific = Set(problems.filter { $0.kind != .invalidFormat }.map { "\($0.file)\u{0}\($0.jsonPath)" })
        return problems.filter { $0.kind != .invalidFormat || !specific.contains("\($0.file)\u{0}\($0.jsonPath)") }
    }

    /// The loader's refusal as a lint problem, unless a problem of the same kind or at the same place is already
    /// listed (the lint reports every instance of what the loader stops at first).
    private static func loaderProblem(_ error: VectorLoadError, alreadyFound problems: [LintProblem]) -> LintProblem? {
        let problem = LintProblem(file: error.file, jsonPath: error.jsonPath, kind: kind(of: error), message: error.problem)
        let duplicate = problems.contains { existing in
            (existing.kind == problem.kind && problem.kind != .invalidFormat)
                || (existing.file == problem.file && existing.jsonPath == problem.jsonPath)
        }
        return duplicate ? nil : problem
    }

    /// The loader's refusal of the suite in `directory`, if it refuses it.
    private static func loaderError(directory: URL) -> VectorLoadError? {
        do {
            _ = try VectorSuite.load(from: directory)
            return nil
        } catch {
            return error
        }
    }

    /// The lint kind of a loader error. Matched by name so that loader kinds added later fall back to
    /// ``LintProblem/Kind/invalidFormat`` instead of going unreported.
    static func kind(of error: VectorLoadError) -> LintProblem.Kind {
        switch error.kind.rawValue {
        case "unreadable": .unreadable
        case "invalidJSON": .invalidJSON
        case "duplicateID": .duplicateID
        case "misplacedID": .malformedID
        case "undeclaredReason": .undeclaredReason
        case "retiredIDReused": .retiredID
        default: .invalidFormat
        }
    }

    /// Root causes first (a file that cannot be read or is not strict JSON: what else is reported may follow from
    /// it), then by file (manifest, family files, catalogue, others), then by vector or rule position, then by path.
    private static func sorted(_ problems: [LintProblem], fileOrder: [String]) -> [LintProblem] {
        func position(_ problem: LintProblem) -> (Int, Int, Int, String) {
            let rootCause = problem.kind == .unreadable || problem.kind == .invalidJSON ? 0 : 1
            let file = fileOrder.firstIndex(of: problem.file) ?? fileOrder.count
            let index = problem.jsonPath.dropFirst(2).drop { !$0.isNumber }.prefix { $0.isNumber }
            return (rootCause, file, Int(index) ?? -1, problem.jsonPath)
        }
        return problems.enumerated()
            .sorted { lhs, rhs in
                let (left, right) = (position(lhs.element), position(rhs.element))
                return left != right ? left < right : lhs.offset < rhs.offset
            }
            .map(\.element)
    }
}
