// swift-tools-version:6.0
import Foundation
import PackageDescription

// The root package has zero package dependencies: only the Swift toolchain (Foundation, Swift Testing).
// Real cryptography lives in Examples/ packages and Scripts/, where real users have it.
//
// What an adopter links is small: `LoginConformance` (and `LoginConformanceTesting` for Swift Testing). Process
// spawning (the subprocess harness), the suite-maintenance tools (lint, rule coverage) and the benchmarks are
// modules of their own, used by the CLI (docs/api-policy.md).
// The completeness blind rounds' in-process implementations (Tests/CompletenessRounds/README.md): each round one
// module of its writers' files, verbatim, as they built them; the tests import them to measure each round.
let blindRounds = [1, 2, 3]

// The two modules the tests drive over every vector many times (the core: its strict parser, loader, engine and
// judges; and the lint) are optimized even in a debug build when this package is a git working copy that is not at a
// release tag: a contributor's clone, CI. The tests then take under half the CPU; a cold build of the CLI takes about
// 25 s longer (BENCHMARKS.md, "Fast feedback: the driven modules optimized"). Optimizing needs an unsafe flag, which
// SwiftPM refuses in a package another depends on by version: such a package is at a release tag, or is no git
// working copy (a registry download, a copy), so it never gets the flag and builds these modules as its own
// configuration says. `LOGIN_CONFORMANCE_UNOPTIMIZED=1` turns it off (to step through them in a debugger).
let optimizedInWorkingCopies: Set = ["LoginConformance", "LoginConformanceTools"]

// A family is one folder, `Sources/LoginConformance/Families/<Name>/` (LoginConformance.docc/AddingAFamily.md): its
// published types at the top, for the core module; its reference in `Reference/`, for the reference module; its
// catalogue mutants in `Mutants/`, for the mutants module. The folders are read here, so a new one joins all three
// modules with no edit of this file.
let families = "Sources/LoginConformance/Families"
let familyFolders = ((try? FileManager.default.contentsOfDirectory(atPath: "\(Context.packageDirectory)/\(families)")) ?? [])
    .filter { !$0.hasPrefix(".") }.sorted()

/// The family folders' `part` subfolders that exist, as paths under `Sources/` (or under the family folder's parent
/// module's own folder, `Sources/LoginConformance/`, with `underCore`).
func familyParts(_ part: String, underCore: Bool = false) -> [String] {
    familyFolders.map { "Families/\($0)/\(part)" }
        .filter { FileManager.default.fileExists(atPath: "\(Context.packageDirectory)/Sources/LoginConformance/\($0)") }
        .map { underCore ? $0 : "LoginConformance/\($0)" }
}

/// A module whose files are its own folder plus some family folders' parts, all under `Sources/`: its sources, and
/// everything else under `Sources/` excluded (the other modules' files, which it would otherwise report unhandled).
func sourcesUnderSources(_ kept: [String]) -> (sources: [String], exclude: [String]) {
    func complement(_ folder: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "\(Context.packageDirectory)/Sources/\(folder)")) ?? []
        return entries.sorted().flatMap { entry -> [String] in
            let path = folder.isEmpty ? entry : "\(folder)/\(entry)"
            if kept.contains(path) { return [] }
            return kept.contains { $0.hasPrefix(path + "/") } ? complement(path) : [path]
        }
    }
    return (kept, complement(""))
}
let referenceFiles = sourcesUnderSources(["LoginConformanceReference"] + familyParts("Reference"))
let mutantFiles = sourcesUnderSources(["LoginConformanceMutants"] + familyParts("Mutants"))

// Tests by subject: one test target per module, `Tests/<module>Tests/`, with the other modules its tests drive. The
// core module's target (below) also holds the suite's own checks: the mutation tests (which run the mutants module's
// catalogues), blind rounds, generated docs.
let testTargets: [(module: String, uses: [Target.Dependency])] = [
    ("LoginConformanceHarness", ["LoginConformance", "LoginConformanceReference", "LoginConformanceCLI"]),
    ("LoginConformanceCLI", ["LoginConformance", "LoginConformanceHarness", "LoginConformanceBenchmarks"]),
    ("LoginConformanceReference", ["LoginConformance", "LoginConformanceTesting"]),
    ("LoginConformanceTools", ["LoginConformance"]),
    ("LoginConformanceTesting", ["LoginConformance", "LoginConformanceReference", "LoginConformanceCLI"]),
]

let package = Package(
    name: "LoginConformance",
    platforms: [.macOS(.v13)],
    products: [
        // Published protocols, vector models and loader, engine, gate, results and reports. Imports no test framework.
        .library(name: "LoginConformance", targets: ["LoginConformance"]),
        // The Swift Testing integration: one test case per vector.
        .library(name: "LoginConformanceTesting", targets: ["LoginConformanceTesting"]),
        // A reference implementation of every protocol, in both profiles.
        .library(name: "LoginConformanceReference", targets: ["LoginConformanceReference"]),
        // The subprocess harness: implementations in other languages, over JSON Lines (Vectors/HARNESS.md).
        .library(name: "LoginConformanceHarness", targets: ["LoginConformanceHarness"]),
        // The command-line runner.
        .executable(name: "login-conformance", targets: ["LoginConformanceCLI"]),
    ],
    targets: [
        .target(
            name: "LoginConformance",
            exclude: familyParts("Reference", underCore: true) + familyParts("Mutants", underCore: true),
            resources: [.copy("../../Vectors")]
        ),
        .target(
            name: "LoginConformanceTesting",
            dependencies: ["LoginConformance"]
        ),
        .target(
            name: "LoginConformanceReference",
            dependencies: ["LoginConformance"],
            path: "Sources", exclude: referenceFiles.exclude, sources: referenceFiles.sources
        ),
        .target(
            name: "LoginConformanceHarness",
            dependencies: ["LoginConformance"]
        ),
        // Suite maintenance: lint, the rule catalogue and its coverage, the documents the rules cite. For the
        // suite's maintainers and the CLI's `lint`; not a product.
        .target(
            name: "LoginConformanceTools",
            dependencies: ["LoginConformance"]
        ),
        // The costs of running the toolkit (BENCHMARKS.md): the CLI's `bench`; not a product.
        .target(
            name: "LoginConformanceBenchmarks",
            dependencies: ["LoginConformance", "LoginConformanceReference", "LoginConformanceHarness"]
        ),
        .executableTarget(
            name: "LoginConformanceCLI",
            dependencies: [
                "LoginConformance", "LoginConformanceReference", "LoginConformanceHarness", "LoginConformanceTools",
                "LoginConformanceBenchmarks",
            ]
        ),
        // The catalogue mutants (each family's `Mutants/`) and what runs them: the suite's own check that every vector
        // earns its place (MutationTests). Not a product.
        .target(
            name: "LoginConformanceMutants",
            dependencies: ["LoginConformance", "LoginConformanceReference", "LoginConformanceTestSupport"],
            path: "Sources", exclude: mutantFiles.exclude, sources: mutantFiles.sources
        ),
        // Helpers the test targets share (paths, Python, scratch copies, fakes); no tests of its own.
        .target(
            name: "LoginConformanceTestSupport",
            dependencies: ["LoginConformance", "LoginConformanceReference"],
            path: "Tests/LoginConformanceTestSupport"
        ),
    ] + testTargets.map { module, uses in
        .testTarget(name: "\(module)Tests", dependencies: [.target(name: module), "LoginConformanceTestSupport"] + uses)
    } + [
        .testTarget(
            name: "LoginConformanceTests",
            dependencies: [
                "LoginConformance",
                "LoginConformanceTesting",
                "LoginConformanceReference",
                "LoginConformanceHarness",
                "LoginConformanceTools",
                "LoginConformanceCLI",
                "LoginConformanceMutants",
                "LoginConformanceTestSupport",
            ] + blindRounds.map { .target(name: "BlindRound\($0)") },
            // Read by path: which signatures verify, the SHA-256 digests of the code-challenge mutants and the JSON
            // grammar cases, computed by Scripts/; and the test family's Python module, copied into scratch copies.
            exclude: ["Mutants/signed-token-oracle.json", "Mutants/code-challenge-oracle.json", "grammar-cases.json",
                      "AddingAFamily/greeting.py", "AddingAFamily/greeting_adapter.py"]
        ),
    ] + blindRounds.map { round in
        .target(name: "BlindRound\(round)", dependencies: ["LoginConformance"],
                path: "Tests/CompletenessRounds/round-\(round)/in-process")
    }
)

if Context.gitInformation.map({ $0.currentTag == nil }) == true, Context.environment["LOGIN_CONFORMANCE_UNOPTIMIZED"] == nil {
    for target in package.targets where optimizedInWorkingCopies.contains(target.name) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-O"], .when(configuration: .debug))]
    }
}
