// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "catalogue",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Catalogue", targets: ["Catalogue"]),
        .executable(name: "catalogue", targets: ["catalogue"]),
    ],
    dependencies: [
        .package(path: "../../packages/cli-kit"),
        .package(path: "../../packages/http-kit"),
        .package(path: "../../packages/es-models"),
        .package(path: "../../packages/es-embedded"),
        .package(path: "../../packages/integration-fixtures"),
        .package(path: "../../packages/time-kit"),
    ],
    targets: [
        .target(
            name: "Catalogue",
            dependencies: [
                .product(name: "CLIKit", package: "cli-kit"), .product(name: "Digest", package: "cli-kit"),
                .product(name: "HTTPKit", package: "http-kit"),
                .product(name: "HTTPKitClient", package: "http-kit"),
                .product(name: "ESModels", package: "es-models"),
                .product(name: "TimeKit", package: "time-kit"),
            ]),
        .target(
            name: "CatalogueCommand",
            dependencies: [
                "Catalogue", .product(name: "CLIKit", package: "cli-kit"),
                .product(name: "HTTPKit", package: "http-kit"),
                .product(name: "HTTPKitServer", package: "http-kit"),
                .product(name: "ESModels", package: "es-models"),
                .product(name: "ESEmbedded", package: "es-embedded"),
                .product(name: "TimeKit", package: "time-kit"),
            ]),
        .executableTarget(name: "catalogue", dependencies: ["CatalogueCommand"]),
        .target(
            name: "CatalogueTestSupport",
            dependencies: [
                "Catalogue",
                .product(name: "HTTPKit", package: "http-kit"),
                .product(name: "HTTPKitTesting", package: "http-kit"),
                .product(name: "HTTPKitServer", package: "http-kit"),
                .product(name: "HTTPKitServerTesting", package: "http-kit"),
                .product(name: "ESModels", package: "es-models"),
                .product(name: "IntegrationFixtures", package: "integration-fixtures"),
                .product(name: "TimeKit", package: "time-kit"), .product(name: "TimeKitTesting", package: "time-kit"),
            ]),
        .testTarget(
            name: "CatalogueTests",
            dependencies: [
                "Catalogue",
                .product(name: "HTTPKit", package: "http-kit"),
                .product(name: "ESModels", package: "es-models"),
                .product(name: "TimeKit", package: "time-kit"), .product(name: "TimeKitTesting", package: "time-kit"),
            ]),
        .testTarget(
            name: "CatalogueIntegrationTests",
            dependencies: [
                "Catalogue", "CatalogueTestSupport", .product(name: "SeededRandom", package: "cli-kit"),
                .product(name: "HTTPKit", package: "http-kit"),
                .product(name: "HTTPKitTesting", package: "http-kit"),
                .product(name: "HTTPKitServer", package: "http-kit"),
                .product(name: "HTTPKitServerTesting", package: "http-kit"),
                .product(name: "ESModels", package: "es-models"),
                .product(name: "ESEmbedded", package: "es-embedded"),
                .product(name: "ESEmbeddedServer", package: "es-embedded"),
                .product(name: "IntegrationFixtures", package: "integration-fixtures"),
                .product(name: "TimeKit", package: "time-kit"), .product(name: "TimeKitTesting", package: "time-kit"),
            ]),
        .testTarget(
            name: "CatalogueCommandTests",
            dependencies: [
                "CatalogueCommand", "Catalogue", "CatalogueTestSupport", "catalogue",
                // Run as a real process by the store fault tests.
                .product(name: "es-embedded", package: "es-embedded"),
                .product(name: "CLIKit", package: "cli-kit"),
                .product(name: "CLIKitTesting", package: "cli-kit"),
                .product(name: "HTTPKit", package: "http-kit"),
                .product(name: "HTTPKitTesting", package: "http-kit"),
                .product(name: "HTTPKitServer", package: "http-kit"),
                .product(name: "HTTPKitServerTesting", package: "http-kit"),
                .product(name: "ESModels", package: "es-models"),
                .product(name: "ESEmbedded", package: "es-embedded"),
                .product(name: "IntegrationFixtures", package: "integration-fixtures"),
                .product(name: "TimeKit", package: "time-kit"), .product(name: "TimeKitTesting", package: "time-kit"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
