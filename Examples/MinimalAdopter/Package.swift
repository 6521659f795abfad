// swift-tools-version:6.0
import PackageDescription

// A third party's package, as the README tells it to adopt LoginConformance: the toolkit is a test-only
// dependency, and the test target wires the implementation into the Swift Testing runner.
let package = Package(
    name: "ExampleLogin",
    platforms: [.macOS(.v13)],
    products: [.library(name: "ExampleLogin", targets: ["ExampleLogin"])],
    dependencies: [
        // A real adopter writes (no version is tagged yet: README, "Versions of the toolkit"):
        // .package(url: "https://github.com/<org>/LoginConformance", branch: "main")
        .package(name: "LoginConformance", path: "../.."),
    ],
    targets: [
        .target(name: "ExampleLogin"),
        .testTarget(
            name: "ExampleLoginTests",
            dependencies: [
                "ExampleLogin",
                .product(name: "LoginConformanceTesting", package: "LoginConformance"),
            ]
            // The baseline is Tests/conformance-baseline.json, outside this target's folder: read through #filePath
            // by the tests, never bundled, nothing to exclude.
        ),
    ]
)
