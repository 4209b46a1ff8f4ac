// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "integration-fixtures",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "IntegrationFixtures", targets: ["IntegrationFixtures"])
    ],
    dependencies: [
        .package(path: "../es-models"),
        .package(path: "../es-embedded"),
        .package(path: "../http-kit"),
    ],
    targets: [
        .target(
            name: "IntegrationFixtures",
            dependencies: [
                .product(name: "ESModels", package: "es-models"),
                .product(name: "ESEmbedded", package: "es-embedded"),
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
            ]),
    ],
    swiftLanguageModes: [.v6]
)
