// swift-tools-version:6.2
import PackageDescription

// vapor/jwt-kit (exact 5.8.0, SwiftPM) behind the harness protocol (Vectors/HARNESS.md), signed-token family, in two
// configurations (first argument): `readme`, jwt-kit used the way its README shows (JWKS in a JWTKeyCollection,
// verify(_:as:expectedAudience:) with a payload whose verify checks exp and iss), and `careful`, the validator of
// Examples/JWTKitAdopter (LimitedLoginTokenValidator), depended on by path, never copied.
// The package lives one folder down (Implementations/jwt-kit/JWTKitImplementation) because SwiftPM names a
// root package after its folder, and a package named jwt-kit would clash with vapor/jwt-kit.
// Built by Implementations/jwt-kit/install.sh: `swift build -c release --scratch-path .build-implementations/swift`.
let package = Package(
    name: "JWTKitImplementation",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/vapor/jwt-kit.git", exact: "5.8.0"),
        .package(name: "JWTKitAdopter", path: "../../../Examples/JWTKitAdopter"),
    ],
    targets: [
        .executableTarget(name: "jwt-kit-adapter", dependencies: [
            .product(name: "JWTKit", package: "jwt-kit"),
            .product(name: "LimitedLoginTokens", package: "JWTKitAdopter"),
        ]),
    ]
)
