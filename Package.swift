// swift-tools-version:6.0
import PackageDescription

// The root package has zero package dependencies: only the Swift toolchain (Foundation, Swift Testing).
// Real cryptography lives in Examples/ packages and Scripts/, where real users have it.
let package = Package(
    name: "LoginConformance",
    platforms: [.macOS(.v13)],
    products: [
        // Published protocols, vector models and loader, engine, results. Imports no test framework.
        .library(name: "LoginConformance", targets: ["LoginConformance"]),
        // The Swift Testing integration: one test case per vector.
        .library(name: "LoginConformanceTesting", targets: ["LoginConformanceTesting"]),
        // A reference implementation of every protocol, in both profiles.
        .library(name: "LoginConformanceReference", targets: ["LoginConformanceReference"]),
        // The command-line runner.
        .executable(name: "login-conformance", targets: ["LoginConformanceCLI"]),
    ],
    targets: [
        .target(
            name: "LoginConformance",
            resources: [.copy("../../Vectors")]
        ),
        .target(
            name: "LoginConformanceTesting",
            dependencies: ["LoginConformance"]
        ),
        .target(
            name: "LoginConformanceReference",
            dependencies: ["LoginConformance"]
        ),
        .executableTarget(
            name: "LoginConformanceCLI",
            dependencies: ["LoginConformance", "LoginConformanceReference"]
        ),
        .testTarget(
            name: "LoginConformanceTests",
            dependencies: [
                "LoginConformance",
                "LoginConformanceTesting",
                "LoginConformanceReference",
                "LoginConformanceCLI",
            ],
            // Read by path: which signatures verify and the SHA-256 digests of the code-challenge mutants, computed
            // by Scripts/.
            exclude: ["Mutants/signed-token-oracle.json", "Mutants/code-challenge-oracle.json"]
        ),
    ]
)
