// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "testselect",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "TestSelectKit", targets: ["TestSelectKit"]),
        .executable(name: "testselect", targets: ["testselect"]),
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
        .target(
            name: "TestSelectTestSupport",
            dependencies: ["TestSelectKit"],
            path: "tools/testselect/Sources/TestSelectTestSupport"
        ),
        .testTarget(
            name: "TestSelectKitTests",
            dependencies: ["TestSelectKit", "TestSelectTestSupport"],
            path: "Tests/TestSelectKitTests"
        ),
        .testTarget(
            name: "TestSelectEndToEndTests",
            dependencies: ["testselect", "TestSelectTestSupport"],
            path: "Tests/TestSelectEndToEndTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
