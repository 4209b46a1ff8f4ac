// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "sql-kit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SQLiteKit", targets: ["SQLiteKit"]),
        .library(name: "PostgresKit", targets: ["PostgresKit"]),
        .library(name: "PostgresKitTesting", targets: ["PostgresKitTesting"]),
    ],
    dependencies: [
        .package(path: "../cli-kit")
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
        .testTarget(
            name: "SQLiteKitTests",
            dependencies: ["SQLiteKit", .product(name: "CLIKitTesting", package: "cli-kit")]),
        .testTarget(name: "PostgresKitTests", dependencies: ["PostgresKit", "PostgresKitTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
