// swift-tools-version:6.0
import PackageDescription

// Suites in the manifest reader's folders that check it through TestSelectKit (formats, selection).
let kitTestsBesideManifestTests = [
    "Manifest/DumpPackageAgreementTests.swift", "Manifest/ManifestLoaderTests.swift",
    "Changes/ChangeListTests.swift", "Discovery/WorkingTreeSnapshotTests.swift",
]

let package = Package(
    name: "testselect",
    platforms: [.macOS(.v13)],
    products: [
        .library(
            name: "TestSelectKit", targets: ["TestSelectKit", "TestSelectManifest", "TestSelectSupport"]),
        .executable(name: "testselect", targets: ["testselect"]),
        .executable(name: "testselect-bench", targets: ["testselect-bench"]),
        .plugin(name: "TestSelectPlugin", targets: ["TestSelectPlugin"]),
    ],
    targets: [
        // TestSelectKit's folders are three modules, their files where they were:
        // TestSelectSupport (JSON, processes, paths), TestSelectManifest (manifests read into
        // the package graph, the repository's files and git), and TestSelectKit (selection, run,
        // impact, formats, the command line).
        .target(
            name: "TestSelectSupport",
            path: "tools/testselect/Sources/TestSelectKit/Support"
        ),
        .target(
            name: "TestSelectManifest",
            dependencies: ["TestSelectSupport"],
            path: "tools/testselect/Sources/TestSelectKit",
            sources: ["Manifest", "Graph", "Discovery", "Changes"]
        ),
        .target(
            name: "TestSelectKit",
            dependencies: ["TestSelectSupport", "TestSelectManifest"],
            path: "tools/testselect/Sources/TestSelectKit",
            sources: ["CLI", "Config", "Impact", "Output", "Run", "Selection", "Workspace"]
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
            dependencies: ["TestSelectManifest", "TestSelectSupport"],
            path: "tools/testselect/Sources/TestSelectTestSupport",
            exclude: ["SelectionChecker.swift"]
        ),
        // The selection's fluent checks, apart so that the manifest reader's suites need no TestSelectKit.
        .target(
            name: "TestSelectSelectionChecking",
            dependencies: ["TestSelectKit", "TestSelectManifest", "TestSelectTestSupport"],
            path: "tools/testselect/Sources/TestSelectTestSupport",
            sources: ["SelectionChecker.swift"]
        ),
        .testTarget(
            name: "TestSelectSupportTests",
            dependencies: ["TestSelectSupport"],
            path: "Tests/TestSelectKitTests/Support",
            exclude: ["LoggedProcessTests.swift"]
        ),
        .testTarget(
            name: "TestSelectManifestTests",
            dependencies: ["TestSelectManifest", "TestSelectSupport", "TestSelectTestSupport"],
            path: "Tests/TestSelectKitTests",
            exclude: kitTestsBesideManifestTests,
            sources: ["Manifest", "Graph", "Discovery", "Changes"]
        ),
        .testTarget(
            name: "TestSelectKitTests",
            dependencies: [
                "TestSelectKit", "TestSelectManifest", "TestSelectSupport", "TestSelectBenchmark",
                "TestSelectTestSupport", "TestSelectSelectionChecking",
            ],
            path: "Tests/TestSelectKitTests",
            sources: [
                "CLI", "Config", "Impact", "Output", "Run", "Selection", "Support/LoggedProcessTests.swift",
            ]
                + kitTestsBesideManifestTests
        ),
        .testTarget(
            name: "TestSelectBenchmarkTests",
            dependencies: [
                "TestSelectBenchmark", "TestSelectKit", "TestSelectManifest", "TestSelectSupport",
                "TestSelectTestSupport", "TestSelectSelectionChecking", "testselect",
            ],
            path: "Tests/TestSelectBenchmarkTests"
        ),
        .testTarget(
            name: "TestSelectEndToEndTests",
            dependencies: [
                "testselect", "TestSelectKit", "TestSelectManifest", "TestSelectSupport",
                "TestSelectTestSupport",
            ],
            path: "Tests/TestSelectEndToEndTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
