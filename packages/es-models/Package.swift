// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "es-models",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ESModels", targets: ["ESModels"]),
        .executable(name: "es-models-benchmark", targets: ["es-models-benchmark"]),
    ],
    dependencies: [
        .package(path: "../cli-kit")
    ],
    targets: [
        .target(name: "ESModels"),
        .executableTarget(
            name: "es-models-benchmark",
            dependencies: ["ESModels", .product(name: "CLIKit", package: "cli-kit")]),
        .testTarget(
            name: "ESModelsTests",
            dependencies: [
                "ESModels", "es-models-benchmark", .product(name: "CLIKitTesting", package: "cli-kit"),
            ]),
    ]
)
