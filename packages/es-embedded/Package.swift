// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "es-embedded",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ESEmbedded", targets: ["ESEmbedded"])
    ],
    dependencies: [
        .package(path: "../es-models")
    ],
    targets: [
        .target(
            name: "ESEmbedded",
            dependencies: [.product(name: "ESModels", package: "es-models")]),
        .testTarget(
            name: "ESEmbeddedTests",
            dependencies: ["ESEmbedded", .product(name: "ESModels", package: "es-models")]),
    ]
)
