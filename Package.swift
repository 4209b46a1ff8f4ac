// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "testselect",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "TestSelectKit", targets: ["TestSelectKit"]),
        .executable(name: "testselect", targets: ["testselect"]),
        .executable(name: "testselect-bench", targets: ["testselect-bench"]),
        .plugin(name: "TestSelectPlugin", targets: ["TestSelectPlugin"]),
    ],
    targets: [
        .target(
            name: "TestSelectKit",
            path: "tools/testselect/Sources/TestSelectKit"
        ),
        .executableTarget(
            name: "testselect",
            dependencies: ["TestSelectKit"],
            path: "tools/testselect/Sources/testselect"
        ),
        // `swift package testselect ...` in any package that depends on this one.
        .plugin(
            name: "TestSelectPlugin",
            capability: .command(
                intent: .custom(
                    verb: "testselect",
                    description:
                        "Select (and run) the test suites a change must run: testselect's own arguments")
            ),
            dependencies: ["testselect"],
            path: "tools/testselect/Plugins/TestSelectPlugin"
        ),
        .target(
            name: "TestSelectBenchmark",
            dependencies: ["TestSelectKit"],
            path: "tools/testselect/Sources/TestSelectBenchmark"
        ),
        // Depends on `testselect` so that `swift run -c release testselect-bench` builds the binary it times.
        .executableTarget(
            name: "testselect-bench",
            dependencies: ["TestSelectBenchmark", "testselect"],
            path: "tools/testselect/Sources/testselect-bench"
        ),
        .target(
            name: "TestSelectTestSupport",
            dependencies: ["TestSelectKit"],
            path: "tools/testselect/Sources/TestSelectTestSupport"
        ),
        .testTarget(
            name: "TestSelectKitTests",
            dependencies: ["TestSelectKit", "TestSelectBenchmark", "TestSelectTestSupport"],
            path: "Tests/TestSelectKitTests"
        ),
        .testTarget(
            name: "TestSelectBenchmarkTests",
            dependencies: ["TestSelectBenchmark", "TestSelectTestSupport", "testselect"],
            path: "Tests/TestSelectBenchmarkTests"
        ),
        .testTarget(
            name: "TestSelectEndToEndTests",
            dependencies: ["testselect", "TestSelectTestSupport"],
            path: "Tests/TestSelectEndToEndTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
