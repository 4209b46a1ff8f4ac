// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "cli-kit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "CLIKit", targets: ["CLIKit"]),
        .library(name: "CLIKitTesting", targets: ["CLIKitTesting"]),
        .library(name: "SeededRandom", targets: ["SeededRandom"]),
        .library(name: "Digest", targets: ["Digest"]),
    ],
    targets: [
        .target(name: "CLIKit"),
        .target(name: "CLIKitTesting", dependencies: ["CLIKit"]),
        .target(name: "SeededRandom"),
        // SHA-256 and HMAC-SHA-256, for the services (page cursors, fingerprints).
        .target(name: "Digest"),
        // A small tool built with CLIKit (a group, a command with options, one with an argument),
        // run by CLIKitTestingTests against the shared behaviour cases.
        .executableTarget(name: "cli-kit-fixture", dependencies: ["CLIKit"]),
        .testTarget(name: "CLIKitTests", dependencies: ["CLIKit"]),
        .testTarget(
            name: "CLIKitTestingTests", dependencies: ["CLIKit", "CLIKitTesting", "cli-kit-fixture"]),
        .testTarget(name: "SeededRandomTests", dependencies: ["SeededRandom"]),
        .testTarget(name: "DigestTests", dependencies: ["Digest"]),
    ],
    swiftLanguageModes: [.v6]
)
