// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "es-models",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "ESModels", targets: ["ESModels"])
    ],
    targets: [
        .target(name: "ESModels"),
        .testTarget(name: "ESModelsTests", dependencies: ["ESModels"]),
    ]
)
