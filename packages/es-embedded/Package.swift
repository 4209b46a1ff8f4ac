// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "es-embedded",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ESEmbedded", targets: ["ESEmbedded"]),
        .library(name: "ESEmbeddedServer", targets: ["ESEmbeddedServer"]),
        .library(name: "ESEmbeddedCommand", targets: ["ESEmbeddedCommand"]),
        .executable(name: "es-embedded", targets: ["es-embedded"]),
        .executable(name: "es-embedded-bench", targets: ["es-embedded-bench"]),
    ],
    dependencies: [
        .package(path: "../cli-kit"),
        .package(path: "../es-models"),
        .package(path: "../http-kit"),
    ],
    targets: [
        .target(
            name: "ESEmbedded",
            dependencies: ["CMalloc", .product(name: "ESModels", package: "es-models")]),
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        .systemLibrary(
            name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .target(
            name: "ESEmbeddedServer",
            dependencies: [
                "ESEmbedded", "CZlib", .product(name: "CLIKit", package: "cli-kit"),
                .product(name: "Digest", package: "cli-kit"),
                .product(name: "ESModels", package: "es-models"),
                .product(name: "HTTPKit", package: "http-kit"),
                .product(name: "HTTPKitServer", package: "http-kit"),
            ]),
        // The command line (serve, check, repair) on CLIKit, over the engine and its REST facade.
        .target(
            name: "ESEmbeddedCommand",
            dependencies: [
                "ESEmbedded", "ESEmbeddedServer", .product(name: "CLIKit", package: "cli-kit"),
                .product(name: "ESModels", package: "es-models"),
                .product(name: "HTTPKit", package: "http-kit"),
                .product(name: "HTTPKitServer", package: "http-kit"),
            ]),
        .executableTarget(name: "es-embedded", dependencies: ["ESEmbeddedCommand"]),
        .target(
            name: "ESEmbeddedBenchmark",
            dependencies: [
                "ESEmbedded", .product(name: "CLIKit", package: "cli-kit"),
                .product(name: "CLIKitTesting", package: "cli-kit"),
                .product(name: "SeededRandom", package: "cli-kit"),
                .product(name: "ESModels", package: "es-models"),
            ]),
        .executableTarget(
            name: "es-embedded-bench",
            dependencies: ["ESEmbeddedBenchmark", .product(name: "CLIKit", package: "cli-kit")]),
        .testTarget(
            name: "ESEmbeddedTests",
            dependencies: [
                "ESEmbedded", .product(name: "CLIKitTesting", package: "cli-kit"),
                .product(name: "ESModels", package: "es-models"),
            ]),
        .testTarget(
            name: "ESEmbeddedServerTests",
            dependencies: [
                "ESEmbedded", "ESEmbeddedServer", "ESEmbeddedCommand", "es-embedded", "es-embedded-bench",
                .product(name: "CLIKit", package: "cli-kit"), .product(name: "Digest", package: "cli-kit"),
                .product(name: "CLIKitTesting", package: "cli-kit"),
                .product(name: "ESModels", package: "es-models"),
                .product(name: "HTTPKit", package: "http-kit"),
                .product(name: "HTTPKitTesting", package: "http-kit"),
                .product(name: "HTTPKitServer", package: "http-kit"),
                .product(name: "HTTPKitServerTesting", package: "http-kit"),
            ]),
    ]
)
