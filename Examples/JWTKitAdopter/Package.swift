// swift-tools-version:6.2
import PackageDescription

// A Swift server's Limited Login token validator built on vapor/jwt-kit, checked with LoginConformance exactly as
// the README tells third parties: the toolkit is a test-only dependency. The root package has no dependencies;
// this separate package brings the cryptography (jwt-kit → swift-crypto).
let package = Package(
    name: "JWTKitAdopter",
    platforms: [.macOS(.v13)],
    products: [.library(name: "LimitedLoginTokens", targets: ["LimitedLoginTokens"])],
    dependencies: [
        .package(url: "https://github.com/vapor/jwt-kit.git", exact: "5.8.0"),
        // SHA-256 for the PKCE code challenge. jwt-kit 5.8.0 already depends on swift-crypto "4.1.0"..<"6.0.0"
        // (4.5.2 resolves); the package names it because its own code imports Crypto.
        .package(url: "https://github.com/apple/swift-crypto.git", "4.1.0"..<"6.0.0"),
        // A real adopter writes: .package(url: "https://github.com/<org>/LoginConformance", from: "0.2.0")
        .package(name: "LoginConformance", path: "../.."),
    ],
    targets: [
        .target(name: "LimitedLoginTokens", dependencies: [
            .product(name: "JWTKit", package: "jwt-kit"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        .testTarget(
            name: "LimitedLoginTokensTests",
            dependencies: [
                "LimitedLoginTokens",
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "LoginConformanceTesting", package: "LoginConformance"),
            ]
            // The baseline is Tests/conformance-baseline.json, outside this target's folder: read through #filePath
            // by the tests, never bundled, nothing to exclude.
        ),
    ]
)
