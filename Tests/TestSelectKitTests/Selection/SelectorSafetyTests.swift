import TestSelectKit
import TestSelectManifest
import TestSelectSelectionChecking
import TestSelectTestSupport
import Testing

/// Cases where testselect cannot be precise and must select more, saying why.
@Suite struct SelectorSafetyTests {
    /// Data beside a target's sources: outside its `sources:` list, or in its `exclude:`. Neither is
    /// compiled and tests read both at run time, so both select the target's dependents alike, with
    /// a reason that says the file is not built (a file outside `sources:` once selected nothing).
    @Test func filesOutsideSourcesAndExcludedFilesBothSelectTheirTarget() throws {
        try withTemporaryRepository { repo in
            try repo.write([
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "data",
                    targets: [
                        .target(name: "Listed", sources: ["Listed.swift"]),
                        .target(name: "Excluding", exclude: ["Samples"]),
                        .target(name: "Plain"),
                        .testTarget(name: "ListedTests", dependencies: ["Listed"]),
                        .testTarget(name: "ExcludingTests", dependencies: ["Excluding"]),
                        .testTarget(name: "PlainTests", dependencies: ["Plain"]),
                    ])
                """,
                "Sources/Listed/Listed.swift": "public let listed = 1\n",
                "Sources/Listed/golden/expected.json": "{}\n",
                "Sources/Excluding/Excluding.swift": "public let excluding = 1\n",
                "Sources/Excluding/Samples/input.txt": "sample\n",
                "Sources/Plain/Plain.swift": "public let plain = 1\n",
                "Tests/ListedTests/T.swift": "// t\n",
                "Tests/ExcludingTests/T.swift": "// t\n",
                "Tests/PlainTests/T.swift": "// t\n",
            ])
            let base = try repo.commitAll()
            try repo.touch("Sources/Listed/golden/expected.json", line: "{\"changed\": true}")
            try repo.touch("Sources/Excluding/Samples/input.txt", line: "changed")
            let selection = try repo.select(base: base)
            selection.check()
                .selectsExactly([".:ListedTests", ".:ExcludingTests"])
                .selects(
                    ".:ListedTests", because: .dependencyChanged, file: "Sources/Listed/golden/expected.json"
                )
                .selects(
                    ".:ExcludingTests", because: .dependencyChanged,
                    file: "Sources/Excluding/Samples/input.txt")
            let details = selection.selected.flatMap(\.reasons).compactMap(\.detail).sorted()
            #expect(details == ["not built: in its 'exclude'", "not built: outside its 'sources'"])
            #expect(selection.unownedFiles.isEmpty)
        }
    }

    @Test func unreadableManifestSelectsAllItsTestsOnAnyChange() throws {
        try withTemporaryRepository { repo in
            try repo.write(MonorepoFixture.files)
            try repo.write("packages/gen/Package.swift", ManifestCorpus.unevaluable)
            try repo.write("packages/gen/Sources/Gen/Gen.swift", "// gen\n")
            let base = try repo.commitAll()
            try repo.touch("services/worker/Sources/Worker/Worker.swift")
            let selection = try repo.select(base: base)
            selection.check()
                .selects("packages/gen:*", because: .manifestUnreadable, file: "packages/gen/Package.swift")
                .selects("services/worker:WorkerTests")
            #expect(
                selection.warnings.contains {
                    $0.severity == .warning && $0.package == "packages/gen"
                        && $0.file == "packages/gen/Package.swift"
                        && $0.message.contains("contentsOfDirectory")
                })
        }
    }

    @Test func unreadablePackageChangeSelectsItsDependents() throws {
        try withTemporaryRepository { repo in
            try repo.write(MonorepoFixture.files)
            try repo.write("packages/gen/Package.swift", ManifestCorpus.unevaluable)
            try repo.write("packages/gen/Sources/Gen/Gen.swift", "// gen\n")
            try repo.write(
                "services/uses-gen/Package.swift",
                """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "uses-gen",
                    dependencies: [.package(path: "../../packages/gen")],
                    targets: [.testTarget(name: "UsesGenTests", dependencies: [.product(name: "Gen", package: "gen")])]
                )
                """)
            let base = try repo.commitAll()
            try repo.touch("packages/gen/Sources/Gen/Gen.swift")
            try repo.select(base: base).check()
                .selectsExactly(["packages/gen:*", "services/uses-gen:UsesGenTests"])
                .selects("services/uses-gen:UsesGenTests", because: .dependencyChanged, via: ["*"])
        }
    }

    @Test func shallowCloneWithoutMergeBaseRunsEverything() throws {
        try withTemporaryRepository(name: "origin") { origin in
            try origin.writeMonorepo()
            try origin.touch("packages/core/Sources/Core/Core.swift")
            try origin.commitAll("second")
            try origin.git("checkout", "-q", "-b", "feature")
            try origin.touch("services/worker/Sources/Worker/Worker.swift")
            try origin.commitAll("feature work")
            try origin.git("checkout", "-q", "main")
            try origin.touch("packages/shared-utils/Sources/Utils/Utils.swift")
            try origin.commitAll("main moves on")
            try withTemporaryDirectory { directory in
                let clone = directory + "/clone"
                try origin.git(
                    "clone", "-q", "--depth", "1", "--branch", "feature", "--no-single-branch",
                    "file://\(origin.root)", clone)
                let workspace = try Workspace.open(
                    repository: clone, currentDirectory: clone, loader: ManifestLoader(dumpPackage: nil))
                let selection = try workspace.select(base: "origin/main", head: nil, listed: nil).selection
                selection.check()
                    .runsAll(reasonContaining: "shallow clone")
                    .selectsExactly(MonorepoFixture.suites)
                    .selects("packages/core:CoreTests", because: .noMergeBase)
            }
        }
    }

    @Test func unknownRevisionIsBadInput() throws {
        try withTemporaryRepository { repo in
            try repo.writeMonorepo()
            #expect(throws: GitError.unknownRevision("no-such-branch")) {
                try repo.select(base: "no-such-branch")
            }
        }
    }

    @Test func notAGitRepositoryIsBadInput() throws {
        try withTemporaryDirectory { directory in
            let workspace = try Workspace.open(
                repository: directory, currentDirectory: directory, loader: ManifestLoader(dumpPackage: nil))
            #expect(throws: GitError.notARepository(directory)) {
                try workspace.select(base: nil, head: nil, listed: nil)
            }
        }
    }

    @Test func ifConfigInManifestTakesTheUnionOfBranches() throws {
        try withTemporaryRepository { repo in
            try repo.write(MonorepoFixture.files)
            try repo.write(
                "services/platform/Package.swift",
                """
                // swift-tools-version:5.9
                import PackageDescription

                var dependencies: [Target.Dependency] = []
                #if os(macOS)
                dependencies.append(.product(name: "Core", package: "core"))
                #else
                dependencies.append(.product(name: "UtilsKit", package: "Utils"))
                #endif

                let package = Package(
                    name: "platform",
                    dependencies: [
                        .package(path: "../../packages/core"),
                        .package(name: "Utils", path: "../../packages/shared-utils"),
                    ],
                    targets: [.testTarget(name: "PlatformTests", dependencies: dependencies)]
                )
                """)
            try repo.commitAll()
            let macOSBranch = [ChangedFile(path: "packages/core/Sources/Core/Core.swift", status: .modified)]
            try repo.select(listed: macOSBranch).check()
                .selects("services/platform:PlatformTests", because: .dependencyChanged, via: ["Core"])
            let otherBranch = [
                ChangedFile(path: "packages/shared-utils/Sources/Utils/Utils.swift", status: .modified)
            ]
            try repo.select(listed: otherBranch).check()
                .selects("services/platform:PlatformTests", because: .dependencyChanged, via: ["Utils"])
        }
    }

    @Test func fixturePackagesCanBeExcludedWhileTheirFilesStillCount() throws {
        try withTemporaryRepository { repo in
            try repo.write(MonorepoFixture.files)
            try repo.write(
                "packages/core/Tests/Fixtures/Broken/Package.swift",
                "// swift-tools-version:5.9\nlet package = broken(\n")
            try repo.write(".testselect.json", #"{"ignorePackages": ["**/Tests/Fixtures/**"]}"#)
            let base = try repo.commitAll()
            try repo.touch("packages/core/Tests/Fixtures/Broken/Package.swift")
            let selection = try repo.select(base: base)
            selection.check()
                .selectsExactly(["packages/core:CoreTests"])
                .selects("packages/core:CoreTests", because: .unownedFile)
            #expect(selection.warnings.isEmpty)
        }
    }

    @Test func changedFilesListReplacesGit() throws {
        try withTemporaryRepository { repo in
            try repo.writeMonorepo()
            let listed = ChangeDetector.parseList("packages/core/Sources/Core/Core.swift\nM\tREADME.md\n") {
                _ in true
            }
            try repo.select(listed: listed).check()
                .selects("packages/core:CoreTests", because: .dependencyChanged)
                .skips("packages/shared-utils:UtilsTests")
        }
    }
}
