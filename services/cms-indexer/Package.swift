// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "cms-indexer",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "CMSIndexer", targets: ["CMSIndexer"]),
        .library(name: "SQLiteKit", targets: ["SQLiteKit"]),
        .library(name: "PostgresKit", targets: ["PostgresKit"]),
        .library(name: "PostgresKitTesting", targets: ["PostgresKitTesting"]),
        .executable(name: "cms-indexer", targets: ["cms-indexer"]),
        .executable(name: "cms-indexer-bench", targets: ["cms-indexer-bench"]),
    ],
    dependencies: [
        .package(path: "../../packages/cli-kit"),
        .package(path: "../../packages/es-models"),
        .package(path: "../../packages/es-embedded"),
        .package(path: "../../packages/http-kit"),
        .package(path: "../../packages/time-kit"),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .target(name: "SQLiteKit", dependencies: ["CSQLite"]),
        .systemLibrary(
            name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"]), .brew(["libpq"])]),
        .target(name: "PostgresKit", dependencies: ["CLibPQ"]),
        .target(
            name: "PostgresKitTesting",
            dependencies: ["PostgresKit", .product(name: "CLIKitTesting", package: "cli-kit")]),
        .target(
            name: "CMSIndexer",
            dependencies: [
                "SQLiteKit", "PostgresKit", .product(name: "CLIKit", package: "cli-kit"),
                .product(name: "SeededRandom", package: "cli-kit"),
                .product(name: "ESModels", package: "es-models"),
                .product(name: "ESEmbedded", package: "es-embedded"),
                .product(name: "TimeKit", package: "time-kit"),
            ]),
        .target(
            name: "CMSIndexerTestSupport",
            dependencies: [
                "CMSIndexer", "PostgresKit", "PostgresKitTesting",
                .product(name: "CLIKit", package: "cli-kit"),
                .product(name: "CLIKitTesting", package: "cli-kit"),
                .product(name: "ESModels", package: "es-models"),
                .product(name: "ESEmbedded", package: "es-embedded"),
                .product(name: "TimeKit", package: "time-kit"), .product(name: "TimeKitTesting", package: "time-kit"),
            ]),
        .target(
            name: "CMSIndexerBenchmark",
            dependencies: [
                "CMSIndexer", "PostgresKitTesting", .product(name: "CLIKit", package: "cli-kit"),
                .product(name: "SeededRandom", package: "cli-kit"),
                .product(name: "ESModels", package: "es-models"),
                .product(name: "ESEmbedded", package: "es-embedded"),
                .product(name: "TimeKit", package: "time-kit"),
            ]),
        .executableTarget(name: "cms-indexer", dependencies: ["CMSIndexer"]),
        .executableTarget(
            name: "cms-indexer-bench",
            dependencies: ["CMSIndexerBenchmark", "CMSIndexer", .product(name: "CLIKit", package: "cli-kit")]),
        .testTarget(name: "SQLiteKitTests", dependencies: ["SQLiteKit", "CMSIndexerTestSupport"]),
        .testTarget(name: "PostgresKitTests", dependencies: ["PostgresKit", "PostgresKitTesting"]),
        .testTarget(
            name: "CMSIndexerTests",
            dependencies: [
                "CMSIndexer", "CMSIndexerTestSupport", "CMSIndexerBenchmark", "SQLiteKit", "PostgresKit",
                "PostgresKitTesting", "cms-indexer", "cms-indexer-bench",
                .product(name: "CLIKit", package: "cli-kit"),
                .product(name: "CLIKitTesting", package: "cli-kit"),
                .product(name: "ESEmbedded", package: "es-embedded"),
                .product(name: "ESEmbeddedServer", package: "es-embedded"),
                .product(name: "HTTPKit", package: "http-kit"),
                .product(name: "HTTPKitTesting", package: "http-kit"),
                .product(name: "HTTPKitServer", package: "http-kit"),
                .product(name: "HTTPKitServerTesting", package: "http-kit"),
                .product(name: "ESModels", package: "es-models"),
                .product(name: "TimeKit", package: "time-kit"), .product(name: "TimeKitTesting", package: "time-kit"),
            ]),
        .testTarget(
            name: "MappingSyncTests",
            dependencies: [
                "CMSIndexer", "CMSIndexerTestSupport", .product(name: "CLIKit", package: "cli-kit"),
                .product(name: "ESModels", package: "es-models"),
                .product(name: "TimeKitTesting", package: "time-kit"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
