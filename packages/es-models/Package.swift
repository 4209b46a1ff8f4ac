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
        .package(path: "../cli-kit"),
        .package(path: "../http-kit"),
        .package(path: "../time-kit"),
    ],
    targets: [
        // HTTPKitClient is the non-blocking transport of `HTTPSearchBackend` for `http` clusters
        // (URLSession is kept for `https`, which needs TLS).
        .target(
            name: "ESModels",
            dependencies: [
                .product(name: "HTTPKit", package: "http-kit"),
                .product(name: "HTTPKitClient", package: "http-kit"),
                .product(name: "TimeKit", package: "time-kit"),
            ]),
        .executableTarget(
            name: "es-models-benchmark",
            dependencies: ["ESModels", .product(name: "CLIKit", package: "cli-kit")]),
        .testTarget(
            name: "ESModelsTests",
            dependencies: [
                "ESModels", "es-models-benchmark", .product(name: "CLIKitTesting", package: "cli-kit"),
                .product(name: "TimeKitTesting", package: "time-kit"),
                // The wire tests' cluster is http-kit's server (see Support/ClusterStandIn.swift).
                .product(name: "HTTPKit", package: "http-kit"),
                .product(name: "HTTPKitServer", package: "http-kit"),
                .product(name: "HTTPKitServerTesting", package: "http-kit"),
            ]),
    ]
)
