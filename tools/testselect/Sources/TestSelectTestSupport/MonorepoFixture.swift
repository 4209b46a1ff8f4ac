/// A small monorepo of path-dependent packages for tests, shaped like a real one:
///
/// - `packages/core` (`Core`, `CoreTests`): the shared leaf, used by path from two services.
/// - `packages/shared-utils`: package name `Utils` (not its directory name); product `UtilsKit`
///   exposes the targets `Utils` and `UtilsExtras`; `UtilsTests` reads fixtures under `Tests/Fixtures`.
/// - `packages/lint-plugin`: a build-tool plugin product `Lint` used by `services/app`.
/// - `services/app`: `AppCore` (uses `Core`, `UtilsKit`, the `Lint` plugin), executable `app`,
///   `AppCoreTests`, and `AppLinuxTests` whose dependency on `Core` holds only on Linux.
/// - `services/worker`: `Worker` (uses `Core`) and `WorkerTests`.
public enum MonorepoFixture {
    /// Every file of the fixture, by repository-relative path.
    public static let files: [String: String] = [
        "README.md": "# Fixture monorepo\n",
        "scripts/release.sh": "#!/bin/sh\necho release\n",
        "packages/core/Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "core",
            products: [.library(name: "Core", targets: ["Core"])],
            targets: [
                .target(name: "Core"),
                .testTarget(name: "CoreTests", dependencies: ["Core"]),
            ]
        )
        """,
        "packages/core/Sources/Core/Core.swift": "public func core() -> Int { 1 }\n",
        "packages/core/Tests/CoreTests/CoreTests.swift": "import Core\n",
        "packages/shared-utils/Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "Utils",
            products: [.library(name: "UtilsKit", targets: ["Utils", "UtilsExtras"])],
            targets: [
                .target(name: "Utils"),
                .target(name: "UtilsExtras", dependencies: ["Utils"]),
                .testTarget(name: "UtilsTests", dependencies: ["Utils"], exclude: ["Fixtures"]),
            ]
        )
        """,
        "packages/shared-utils/Sources/Utils/Utils.swift": "public func utils() {}\n",
        "packages/shared-utils/Sources/UtilsExtras/Extras.swift": "import Utils\n",
        "packages/shared-utils/Tests/UtilsTests/UtilsTests.swift": "import Utils\n",
        "packages/shared-utils/Tests/Fixtures/sample.json": "{}\n",
        "packages/lint-plugin/Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "lint-plugin",
            products: [.plugin(name: "Lint", targets: ["LintPlugin"])],
            targets: [
                .plugin(name: "LintPlugin", capability: .buildTool()),
            ]
        )
        """,
        "packages/lint-plugin/Plugins/LintPlugin/Plugin.swift": "import PackagePlugin\n",
        "services/app/Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription

        let shared: [Target.Dependency] = [
            .product(name: "Core", package: "core"),
            .product(name: "UtilsKit", package: "Utils"),
        ]

        let package = Package(
            name: "app",
            products: [.executable(name: "app", targets: ["app"])],
            dependencies: [
                .package(path: "../../packages/core"),
                .package(name: "Utils", path: "../../packages/shared-utils"),
                .package(path: "../../packages/lint-plugin"),
            ],
            targets: [
                .target(
                    name: "AppCore",
                    dependencies: shared,
                    plugins: [.plugin(name: "Lint", package: "lint-plugin")]
                ),
                .executableTarget(name: "app", dependencies: ["AppCore"]),
                .testTarget(name: "AppCoreTests", dependencies: ["AppCore"]),
                .testTarget(
                    name: "AppLinuxTests",
                    dependencies: [.product(name: "Core", package: "core", condition: .when(platforms: [.linux]))]
                ),
            ]
        )
        """,
        "services/app/Sources/AppCore/App.swift": "import Core\n",
        "services/app/Sources/app/main.swift": "import AppCore\n",
        "services/app/Tests/AppCoreTests/AppTests.swift": "import AppCore\n",
        "services/app/Tests/AppLinuxTests/LinuxTests.swift": "import Core\n",
        "services/worker/Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "worker",
            dependencies: [.package(path: "../../packages/core")],
            targets: [
                .target(name: "Worker", dependencies: [.product(name: "Core", package: "core")]),
                .testTarget(name: "WorkerTests", dependencies: ["Worker"]),
            ]
        )
        """,
        "services/worker/Sources/Worker/Worker.swift": "import Core\n",
        "services/worker/Tests/WorkerTests/WorkerTests.swift": "import Worker\n",
    ]

    /// Every suite of the fixture, as `directory:Target`.
    public static let suites = [
        "packages/core:CoreTests", "packages/shared-utils:UtilsTests", "services/app:AppCoreTests",
        "services/app:AppLinuxTests", "services/worker:WorkerTests",
    ]
}

extension TemporaryRepository {
    /// Writes the fixture monorepo and commits it; returns the commit.
    @discardableResult
    public func writeMonorepo() throws -> String {
        try write(MonorepoFixture.files)
        return try commitAll("monorepo")
    }
}
