// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "cms-indexer",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "CMSIndexer", targets: ["CMSIndexer"]),
        .library(name: "CMSIndexerCommand", targets: ["CMSIndexerCommand"]),
        .library(name: "CMSIndexerDemo", targets: ["CMSIndexerDemo"]),
        .executable(name: "cms-indexer", targets: ["cms-indexer"]),
        .executable(name: "cms-indexer-bench", targets: ["cms-indexer-bench"]),
    ],
    dependencies: [
        .package(path: "../../packages/cli-kit"),
        .package(path: "../../packages/es-models"),
        .package(path: "../../packages/es-embedded"),
        .package(path: "../../packages/http-kit"),
        .package(path: "../../packages/time-kit"),
        .package(path: "../../packages/sql-kit"),
    ],
    targets: [
        .target(
            name: "CMSIndexer",
            dependencies: [
                .product(name: "SQLiteKit", package: "sql-kit"),
                .product(name: "PostgresKit", package: "sql-kit"),
                .product(name: "CLIKit", package: "cli-kit"),
                .product(name: "SeededRandom", package: "cli-kit"),
                .product(name: "ESModels", package: "es-models"),
                .product(name: "ESEmbedded", package: "es-embedded"),
                .product(name: "TimeKit", package: "time-kit"),
            ]),
        // The demo CMS database (`cms-indexer demo-db`, the dev stack, benchmarks).
        .target(
            name: "CMSIndexerDemo",
            dependencies: [
                "CMSIndexer", .product(name: "SQLiteKit", package: "sql-kit"),
                .product(name: "PostgresKit", package: "sql-kit"),
                .product(name: "SeededRandom", package: "cli-kit"),
                .product(name: "ESModels", package: "es-models"),
                .product(name: "TimeKit", package: "time-kit"),
            ]),
        // The command line on CLIKit, over the library and the demo.
        .target(
            name: "CMSIndexerCommand",
            dependencies: [
                "CMSIndexer", "CMSIndexerDemo", .product(name: "SQLiteKit", package: "sql-kit"),
                .product(name: "PostgresKit", package: "sql-kit"),
                .product(name: "CLIKit", package: "cli-kit"),
                .product(name: "ESModels", package: "es-models"),
                .product(name: "ESEmbedded", package: "es-embedded"),
                .product(name: "TimeKit", package: "time-kit"),
            ]),
        .target(
            name: "CMSIndexerTestSupport",
            dependencies: [
                "CMSIndexer", "CMSIndexerCommand", .product(name: "PostgresKit", package: "sql-kit"),
                .product(name: "PostgresKitTesting", package: "sql-kit"),
                .product(name: "CLIKit", package: "cli-kit"),
                .product(name: "CLIKitTesting", package: "cli-kit"),
                .product(name: "ESModels", package: "es-models"),
                .product(name: "ESEmbedded", package: "es-embedded"),
                .product(name: "TimeKit", package: "time-kit"),
                .product(name: "TimeKitTesting", package: "time-kit"),
            ]),
        .target(
            name: "CMSIndexerBenchmark",
            dependencies: [
                "CMSIndexer", "CMSIndexerDemo", .product(name: "PostgresKitTesting", package: "sql-kit"),
                .product(name: "CLIKit", package: "cli-kit"),
                .product(name: "SeededRandom", package: "cli-kit"),
                .product(name: "ESModels", package: "es-models"),
                .product(name: "ESEmbedded", package: "es-embedded"),
                .product(name: "TimeKit", package: "time-kit"),
            ]),
        .executableTarget(name: "cms-indexer", dependencies: ["CMSIndexerCommand"]),
        .executableTarget(
            name: "cms-indexer-bench",
            dependencies: ["CMSIndexerBenchmark", "CMSIndexer", .product(name: "CLIKit", package: "cli-kit")]),
        .testTarget(
            name: "CMSIndexerTests",
            dependencies: [
                "CMSIndexer", "CMSIndexerCommand", "CMSIndexerDemo", "CMSIndexerTestSupport",
                "CMSIndexerBenchmark",
                .product(name: "SQLiteKit", package: "sql-kit"),
                .product(name: "PostgresKit", package: "sql-kit"),
                .product(name: "PostgresKitTesting", package: "sql-kit"), "cms-indexer", "cms-indexer-bench",
                .product(name: "CLIKit", package: "cli-kit"),
                .product(name: "CLIKitTesting", package: "cli-kit"),
                .product(name: "ESEmbedded", package: "es-embedded"),
                .product(name: "ESEmbeddedServer", package: "es-embedded"),
                .product(name: "HTTPKit", package: "http-kit"),
                .product(name: "HTTPKitTesting", package: "http-kit"),
                .product(name: "HTTPKitServer", package: "http-kit"),
                .product(name: "HTTPKitServerTesting", package: "http-kit"),
                .product(name: "ESModels", package: "es-models"),
                .product(name: "TimeKit", package: "time-kit"),
                .product(name: "TimeKitTesting", package: "time-kit"),
            ]),
        .testTarget(
            name: "MappingSyncTests",
            dependencies: [
                "CMSIndexer", "CMSIndexerCommand", "CMSIndexerTestSupport",
                .product(name: "CLIKit", package: "cli-kit"),
                .product(name: "CLIKitTesting", package: "cli-kit"),
                .product(name: "ESModels", package: "es-models"),
                .product(name: "TimeKitTesting", package: "time-kit"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
