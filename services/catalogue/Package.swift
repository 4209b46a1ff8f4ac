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
    ],
    targets: [
        .target(
            name: "Catalogue",
            dependencies: [
                .product(name: "CLIKit", package: "cli-kit"),
                .product(name: "HTTPKit", package: "http-kit"),
                .product(name: "HTTPKitClient", package: "http-kit"),
                .product(name: "ESModels", package: "es-models"),
            ]),
        .target(
            name: "CatalogueCommand",
            dependencies: [
                "Catalogue", .product(name: "CLIKit", package: "cli-kit"),
                .product(name: "HTTPKit", package: "http-kit"),
                .product(name: "HTTPKitServer", package: "http-kit"),
                .product(name: "ESModels", package: "es-models"),
                .product(name: "ESEmbedded", package: "es-embedded"),
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
            ]),
        .testTarget(
            name: "CatalogueTests",
            dependencies: [
                "Catalogue",
                .product(name: "HTTPKit", package: "http-kit"),
                .product(name: "ESModels", package: "es-models"),
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
            ]),
    ],
    swiftLanguageModes: [.v6]
)
