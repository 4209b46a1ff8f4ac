// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "es-models",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ESModels", targets: ["ESModels"]),
        .executable(name: "es-models-benchmark", targets: ["es-models-benchmark"]),
    ],
    targets: [
        .target(name: "ESModels"),
        .executableTarget(name: "es-models-benchmark", dependencies: ["ESModels"]),
        .testTarget(name: "ESModelsTests", dependencies: ["ESModels"]),
    ]
)
