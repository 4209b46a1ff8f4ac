import TestSelectKit
import TestSelectManifest
import TestSelectSelectionChecking
import TestSelectTestSupport
import Testing

@Suite struct SelectorTests {
    @Test func editInALeafTargetSelectsOnlyItsSuites() throws {
        try withTemporaryRepository { repo in
            let base = try repo.writeMonorepo()
            try repo.touch("services/worker/Sources/Worker/Worker.swift")
            try repo.select(base: base).check()
                .selectsExactly(["services/worker:WorkerTests"])
                .selects("services/worker:WorkerTests", because: .dependencyChanged, via: ["Worker"])
        }
    }

    @Test func editInASharedPackageSelectsEveryDependentAcrossPackages() throws {
        try withTemporaryRepository { repo in
            let base = try repo.writeMonorepo()
            try repo.touch("packages/core/Sources/Core/Core.swift")
            try repo.select(base: base).check()
                .selectsExactly([
                    "packages/core:CoreTests", "services/app:AppCoreTests", "services/app:AppLinuxTests",
                    "services/worker:WorkerTests",
                ])
                .selects("services/app:AppCoreTests", because: .dependencyChanged, via: ["AppCore", "Core"])
                .selects("services/worker:WorkerTests", because: .dependencyChanged, via: ["Worker", "Core"])
                .skips("packages/shared-utils:UtilsTests")
        }
    }

    @Test func conditionalDependencyCountsOnEveryPlatform() throws {
        try withTemporaryRepository { repo in
            let base = try repo.writeMonorepo()
            try repo.touch("packages/core/Sources/Core/Core.swift")
            try repo.select(base: base).check()
                .selects("services/app:AppLinuxTests", because: .dependencyChanged, via: ["Core"])
        }
    }

    @Test func productNameDifferentFromItsTargetsResolvesToEveryTarget() throws {
        try withTemporaryRepository { repo in
            let base = try repo.writeMonorepo()
            try repo.touch("packages/shared-utils/Sources/UtilsExtras/Extras.swift")
            try repo.select(base: base).check()
                .selectsExactly(["services/app:AppCoreTests"])
                .selects(
                    "services/app:AppCoreTests", because: .dependencyChanged, via: ["AppCore", "UtilsExtras"])
        }
    }

    @Test func pluginUsageIsAnEdge() throws {
        try withTemporaryRepository { repo in
            let base = try repo.writeMonorepo()
            try repo.touch("packages/lint-plugin/Plugins/LintPlugin/Plugin.swift")
            try repo.select(base: base).check()
                .selectsExactly(["services/app:AppCoreTests"])
                .selects(
                    "services/app:AppCoreTests", because: .dependencyChanged, via: ["AppCore", "LintPlugin"])
        }
    }

    @Test func manifestChangeSelectsThePackageAndItsDependents() throws {
        try withTemporaryRepository { repo in
            let base = try repo.writeMonorepo()
            try repo.touch("packages/core/Package.swift")
            try repo.select(base: base).check()
                .selects("packages/core:CoreTests", because: .manifestChanged)
                .selects("services/worker:WorkerTests", because: .manifestChanged, via: ["Worker", "Core"])
                .selects("services/app:AppCoreTests", because: .manifestChanged)
                .skips("packages/shared-utils:UtilsTests")
        }
    }

    @Test func resolvedFileChangeSelectsThePackage() throws {
        try withTemporaryRepository { repo in
            let base = try repo.writeMonorepo()
            try repo.write("services/worker/Package.resolved", "{\"pins\":[],\"version\":2}\n")
            try repo.select(base: base).check()
                .selectsExactly(["services/worker:WorkerTests"])
                .selects("services/worker:WorkerTests", because: .resolvedChanged)
        }
    }

    @Test func fileUnderTestsTreeInNoTargetSelectsThePackageSuites() throws {
        try withTemporaryRepository { repo in
            let base = try repo.writeMonorepo()
            try repo.touch("packages/shared-utils/Tests/Fixtures/sample.json", line: "{\"a\":1}")
            try repo.select(base: base).check()
                .selectsExactly(["packages/shared-utils:UtilsTests"])
                .selects("packages/shared-utils:UtilsTests", because: .unownedFile)
                .listsUnowned("packages/shared-utils/Tests/Fixtures/sample.json")
        }
    }

    @Test func fileInNoTargetSelectsNothingButIsListed() throws {
        try withTemporaryRepository { repo in
            let base = try repo.writeMonorepo()
            try repo.touch("scripts/release.sh", line: "echo more")
            try repo.select(base: base).check()
                .selectsNothing()
                .listsUnowned("scripts/release.sh")
        }
    }

    @Test func ignoredMarkdownSelectsNothingAndIsNotUnownedButATargetsMarkdownCounts() throws {
        try withTemporaryRepository { repo in
            let base = try repo.writeMonorepo()
            try repo.touch("README.md", line: "more docs")
            let readme = try repo.select(base: base)
            readme.check().selectsNothing()
            #expect(readme.unownedFiles.isEmpty)
            // Inside a target's directory the same kind of file counts: SwiftPM may bundle it, a test may read it.
            try repo.write("services/app/Sources/AppCore/Notes.md", "notes\n")
            let selection = try repo.select(base: base)
            selection.check()
                .selects(
                    "services/app:AppCoreTests", because: .dependencyChanged, via: ["AppCore"],
                    file: "services/app/Sources/AppCore/Notes.md")
            #expect(selection.unownedFiles.isEmpty)
            #expect(
                selection.changedFiles.map(\.path) == ["README.md", "services/app/Sources/AppCore/Notes.md"])
        }
    }

    @Test func uncommittedAndUntrackedFilesCountWithoutHead() throws {
        try withTemporaryRepository { repo in
            let base = try repo.writeMonorepo()
            try repo.touch("packages/core/Sources/Core/Core.swift")
            try repo.git("add", "packages/core/Sources/Core/Core.swift")
            try repo.write("services/worker/Sources/Worker/New.swift", "// new\n")
            let selection = try repo.select(base: base)
            selection.check()
                .selects("packages/core:CoreTests", because: .dependencyChanged)
                .selects("services/worker:WorkerTests", because: .dependencyChanged, via: ["Worker"])
            #expect(selection.head == nil)
            #expect(
                selection.changedFiles.contains(
                    ChangedFile(path: "services/worker/Sources/Worker/New.swift", status: .added)))
        }
    }

    @Test func withHeadOnlyCommittedChangesCount() throws {
        try withTemporaryRepository { repo in
            let base = try repo.writeMonorepo()
            try repo.touch("services/worker/Sources/Worker/Worker.swift")
            let head = try repo.commitAll()
            try repo.touch("packages/core/Sources/Core/Core.swift")
            try repo.select(base: base, head: head).check().selectsExactly(["services/worker:WorkerTests"])
        }
    }

    @Test func renameAcrossTargetsSelectsBothSides() throws {
        try withTemporaryRepository { repo in
            let base = try repo.writeMonorepo()
            try repo.write(
                "packages/core/Sources/Core/Moving.swift", "public struct Moving { let a = 1; let b = 2 }\n")
            let withFile = try repo.commitAll()
            try repo.git(
                "mv", "packages/core/Sources/Core/Moving.swift", "services/worker/Sources/Worker/Moving.swift"
            )
            let head = try repo.commitAll()
            _ = base
            let selection = try repo.select(base: withFile, head: head)
            #expect(
                selection.changedFiles == [
                    ChangedFile(
                        path: "services/worker/Sources/Worker/Moving.swift", status: .renamed,
                        oldPath: "packages/core/Sources/Core/Moving.swift")
                ])
            selection.check()
                .selects("packages/core:CoreTests", because: .dependencyChanged, via: ["Core"])
                .selects("services/worker:WorkerTests", because: .dependencyChanged, via: ["Worker"])
                .selects("services/app:AppCoreTests")
        }
    }

    @Test func deletedFileIsMappedWithTheBaseGraph() throws {
        try withTemporaryRepository { repo in
            let base = try repo.writeMonorepo()
            try repo.remove("services/worker/Sources/Worker/Worker.swift")
            try repo.select(base: base).check().selectsExactly(["services/worker:WorkerTests"])
        }
    }

    @Test func deletedPackageInTheWorkingTreeSelectsItsFormerDependents() throws {
        try withTemporaryRepository { repo in
            let base = try repo.writeMonorepo()
            try repo.remove("packages/lint-plugin")
            let selection = try repo.select(base: base)
            // services/app declares a path dependency on it: its resolution changes, so all its suites run.
            selection.check()
                .selectsExactly(["services/app:AppCoreTests", "services/app:AppLinuxTests"])
                .selects(
                    "services/app:AppCoreTests", because: .manifestChanged, via: ["AppCore", "LintPlugin"]
                )
                .selects(
                    "services/app:AppLinuxTests", because: .manifestChanged,
                    file: "packages/lint-plugin/Package.swift")
            #expect(!selection.selected.contains { $0.package == "packages/lint-plugin" })
        }
    }

    @Test func deletedTargetSelectsItsFormerDependents() throws {
        try withTemporaryRepository { repo in
            let base = try repo.writeMonorepo()
            try repo.remove("packages/shared-utils/Sources/UtilsExtras")
            try repo.write(
                "packages/shared-utils/Package.swift",
                """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "Utils",
                    products: [.library(name: "UtilsKit", targets: ["Utils"])],
                    targets: [
                        .target(name: "Utils"),
                        .testTarget(name: "UtilsTests", dependencies: ["Utils"], exclude: ["Fixtures"]),
                    ]
                )
                """)
            let selection = try repo.select(base: base)
            selection.check()
                .selects("packages/shared-utils:UtilsTests", because: .manifestChanged)
                .selects(
                    "services/app:AppCoreTests", because: .dependencyChanged, via: ["AppCore", "UtilsExtras"]
                )
                .skips("services/worker:WorkerTests")
        }
    }

    @Test func globalFileRunsEverything() throws {
        try withTemporaryRepository { repo in
            let base = try repo.writeMonorepo()
            try repo.write(".swift-version", "6.3\n")
            let selection = try repo.select(base: base)
            selection.check()
                .runsAll(reasonContaining: ".swift-version")
                .selectsExactly(MonorepoFixture.suites)
                .selects("packages/core:CoreTests", because: .globalFile, file: ".swift-version")
        }
    }

    @Test func variantManifestOnlyChangeSelectsThePackage() throws {
        try withTemporaryRepository { repo in
            try repo.write(MonorepoFixture.files)
            try repo.write(
                "services/worker/Package@swift-6.0.swift",
                """
                // swift-tools-version:6.0
                import PackageDescription

                let package = Package(
                    name: "worker",
                    dependencies: [.package(path: "../../packages/core")],
                    targets: [
                        .target(name: "Worker", dependencies: [.product(name: "Core", package: "core")]),
                        .testTarget(name: "WorkerTests", dependencies: ["Worker"]),
                    ]
                )
                """)
            let base = try repo.commitAll()
            try repo.touch("services/worker/Package@swift-6.0.swift")
            try repo.select(base: base).check()
                .selectsExactly(["services/worker:WorkerTests"])
                .selects(
                    "services/worker:WorkerTests", because: .manifestChanged,
                    file: "services/worker/Package@swift-6.0.swift")
        }
    }
}
