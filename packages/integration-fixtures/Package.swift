// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "integration-fixtures",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "IntegrationFixtures", targets: ["IntegrationFixtures"]),
        .executable(name: "integration-fixtures-bench", targets: ["integration-fixtures-bench"]),
    ],
    dependencies: [
        .package(path: "../cli-kit"),
        .package(path: "../es-models"),
        .package(path: "../es-embedded"),
        .package(path: "../http-kit"),
    ],
    targets: [
        .target(
            name: "IntegrationFixtures",
            dependencies: [
                .product(name: "SeededRandom", package: "cli-kit"),
                .product(name: "ESModels", package: "es-models"),
                .product(name: "ESEmbedded", package: "es-embedded"),
            ]),
        .target(
            name: "IntegrationFixturesBenchmark",
            dependencies: [
                "IntegrationFixtures", .product(name: "CLIKit", package: "cli-kit"),
                .product(name: "ESModels", package: "es-models"),
            ]),
        .executableTarget(
            name: "integration-fixtures-bench",
            dependencies: ["IntegrationFixturesBenchmark", .product(name: "CLIKit", package: "cli-kit")]),
        .testTarget(
            name: "IntegrationFixturesBenchmarkTests",
            dependencies: [
                "IntegrationFixturesBenchmark", "integration-fixtures-bench",
                .product(name: "CLIKitTesting", package: "cli-kit"),
            ]),
        .testTarget(
            name: "IntegrationFixturesTests",
            dependencies: [
                "IntegrationFixtures",
                .product(name: "ESModels", package: "es-models"),
                .product(name: "ESEmbedded", package: "es-embedded"),
                .product(name: "ESEmbeddedServer", package: "es-embedded"),
                .product(name: "HTTPKit", package: "http-kit"),
                .product(name: "HTTPKitTesting", package: "http-kit"),
                .product(name: "HTTPKitServer", package: "http-kit"),
                .product(name: "HTTPKitServerTesting", package: "http-kit"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
