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
            ]),
    ],
    swiftLanguageModes: [.v6]
)
