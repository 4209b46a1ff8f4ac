// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "http-kit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "HTTPKit", targets: ["HTTPKit"]),
        .library(name: "HTTPKitTesting", targets: ["HTTPKitTesting"]),
        .executable(name: "http-kit-bench", targets: ["http-kit-bench"]),
    ],
    dependencies: [
        .package(path: "../cli-kit")
    ],
    targets: [
        .systemLibrary(name: "CHTTPKitEpoll"),
        .target(name: "HTTPKit", dependencies: ["CHTTPKitEpoll"]),
        .target(name: "HTTPKitTesting", dependencies: ["HTTPKit"]),
        .target(
            name: "HTTPKitBenchmark", dependencies: ["HTTPKit", .product(name: "CLIKit", package: "cli-kit")]),
        .executableTarget(
            name: "http-kit-bench",
            dependencies: ["HTTPKitBenchmark", .product(name: "CLIKit", package: "cli-kit")]),
        // A server with few descriptors to spare, run by HTTPKitTests in its own process.
        .executableTarget(name: "http-kit-starved-server", dependencies: ["HTTPKit"]),
        .testTarget(
            name: "HTTPKitTests",
            dependencies: [
                "HTTPKit", "HTTPKitTesting", "http-kit-starved-server",
                .product(name: "CLIKitTesting", package: "cli-kit"),
            ]),
        .testTarget(name: "HTTPKitTestingTests", dependencies: ["HTTPKit", "HTTPKitTesting"]),
        .testTarget(
            name: "HTTPKitBenchmarkTests",
            dependencies: [
                "HTTPKitBenchmark", "http-kit-bench", .product(name: "CLIKit", package: "cli-kit"),
                .product(name: "CLIKitTesting", package: "cli-kit"),
            ]),
    ]
)
