import Testing

@testable import TestSelectManifest

@Suite struct StaticManifestReaderTests {
    /// The host reading (as SwiftPM would read it here, with `environment`).
    func read(
        _ body: String, tools: String = "5.9", environment: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> DeclaredPackage {
        try reading(body, tools: tools, environment: environment, sourceLocation: sourceLocation).package
    }

    /// The whole reading: host package, every configuration, environment reads, notes.
    func reading(
        _ body: String, tools: String = "5.9", environment: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> StaticReading {
        let text = "// swift-tools-version:\(tools)\nimport PackageDescription\n\n" + body
        switch StaticManifestReader.read(text, host: HostContext(environment: environment)) {
        case .success(let reading): return reading
        case .failure(let failure):
            Issue.record("static reader failed: \(failure)", sourceLocation: sourceLocation)
            throw failure
        }
    }

    /// The union of every configuration: what selection sees.
    func union(_ body: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> DeclaredPackage {
        DeclaredPackage.union(try reading(body, sourceLocation: sourceLocation).configurations)
    }

    func failure(_ body: String) -> String? {
        let text = "// swift-tools-version:5.9\nimport PackageDescription\n\n" + body
        if case .failure(let failure) = StaticManifestReader.read(text, host: HostContext(environment: [:])) {
            return failure.reason
        }
        return nil
    }

    @Test func everyTargetKindAndDependencyForm() throws {
        let package = try read(
            """
            let package = Package(
                name: "Kinds",
                products: [
                    .library(name: "Lib", type: .static, targets: ["A"]),
                    .executable(name: "tool", targets: ["Tool"]),
                    .plugin(name: "Gen", targets: ["GenPlugin"]),
                ],
                dependencies: [
                    .package(url: "https://github.com/apple/swift-nio.git", from: "2.0.0"),
                    .package(path: "../Local/"),
                    .package(name: "Renamed", path: "../renamed-dir"),
                    .package(id: "scope.Name", from: "1.0.0"),
                ],
                targets: [
                    .target(
                        name: "A",
                        dependencies: [
                            "B",
                            .target(name: "C", condition: .when(platforms: [.linux, .macOS])),
                            .product(name: "NIO", package: "swift-nio"),
                            .byName(name: "D"),
                        ],
                        path: "./Sources//A/",
                        exclude: ["README.md"],
                        sources: ["x", "y/z.swift"],
                        resources: [.process("Resources"), .copy("Data/"), .embedInCode("blob.bin")],
                        plugins: [.plugin(name: "GenPlugin"), .plugin(name: "Other", package: "Renamed")]
                    ),
                    .target(name: "B"), .target(name: "C"), .target(name: "D"),
                    .executableTarget(name: "Tool"),
                    .plugin(name: "GenPlugin", capability: .buildTool()),
                    .macro(name: "Macros"),
                    .systemLibrary(name: "CSys", pkgConfig: "sys"),
                    .binaryTarget(name: "Local", path: "Local.xcframework"),
                    .binaryTarget(name: "Remote", url: "https://example.com/r.zip", checksum: "00"),
                    .testTarget(name: "ATests", dependencies: ["A"]),
                ]
            )
            """)
        #expect(package.name == "Kinds")
        #expect(package.toolsVersion == ToolsVersion(5, 9))
        #expect(
            package.targets.map(\.kind) == [
                .regular, .regular, .regular, .regular, .executable, .plugin, .macro, .system, .binary,
                .binary, .test,
            ])
        let a = try #require(package.targets.first)
        #expect(
            a.dependencies == [
                .byName(name: "B", condition: nil),
                .target(name: "C", condition: DependencyCondition(platforms: ["linux", "macos"])),
                .product(name: "NIO", package: "swift-nio", condition: nil),
                .byName(name: "D", condition: nil),
            ])
        #expect(a.path == "./Sources//A/")
        #expect(a.sources == ["x", "y/z.swift"])
        #expect(a.resources == ["Resources", "Data", "blob.bin"])
        #expect(
            a.plugins == [
                PluginUsage(name: "GenPlugin", package: nil), PluginUsage(name: "Other", package: "Renamed"),
            ])
        #expect(package.targets[9].url == "https://example.com/r.zip")
        #expect(package.products[0].linkage == .static)
        #expect(package.products.map(\.kind) == [.library, .executable, .plugin])
        #expect(package.dependencies.map(\.identity) == ["swift-nio", "local", "renamed-dir", "scope.Name"])
        #expect(package.dependencies[1].path == "../Local")
        #expect(package.dependencies[2].name == "Renamed")
        #expect(package.dependencies.map(\.kind) == [.url, .path, .path, .registry])
    }

    @Test func constantsConcatenationInterpolationAndQualifiedNames() throws {
        let package = try read(
            """
            let name = "Core"
            let nio: PackageDescription.Target.Dependency = .product(name: "NIO", package: "swift-nio")
            let common: [Target.Dependency] = [nio] + ["\\(name)Utils"]
            let package = Package(
                name: "\\(name)-package",
                dependencies: [.package(url: "https://github.com/apple/swift-nio", from: "2.0.0")],
                targets: [
                    Target.target(name: name, dependencies: common),
                    .target(name: "\\(name)Utils"),
                    Target.testTarget(name: name + "Tests", dependencies: [Target.Dependency.target(name: name)]),
                ]
            )
            """)
        #expect(package.name == "Core-package")
        #expect(package.targets.map(\.name) == ["Core", "CoreUtils", "CoreTests"])
        #expect(package.targets[0].dependencies.map(\.name) == ["NIO", "CoreUtils"])
    }

    @Test func mutationsAfterThePackageAndOnLocalArrays() throws {
        let package = try read(
            """
            var targets: [Target] = [.target(name: "A")]
            targets += [.target(name: "B")]
            targets.append(.target(name: "C"))
            targets.append(contentsOf: [.target(name: "D")])
            var package = Package(name: "M", targets: targets)
            package.targets.append(.testTarget(name: "ATests", dependencies: ["A"]))
            package.targets += [.testTarget(name: "BTests", dependencies: ["B"])]
            package.products.append(.library(name: "All", targets: ["A", "B"]))
            package.dependencies.insert(.package(path: "../x"), at: 0)
            package.platforms = [.macOS(.v13)]
            package.swiftLanguageVersions = [.v5]
            """)
        #expect(package.targets.map(\.name) == ["A", "B", "C", "D", "ATests", "BTests"])
        #expect(package.products.map(\.name) == ["All"])
        #expect(package.dependencies.map(\.identity) == ["x"])
    }

    @Test func ifConfigTakesTheUnionOfAllBranches() throws {
        let manifest = """
            #if os(Linux)
            let platformTargets: [Target] = [.target(name: "LinuxImpl")]
            #elseif os(Windows)
            let platformTargets: [Target] = [.target(name: "WindowsImpl")]
            #else
            let platformTargets: [Target] = [.target(name: "DarwinImpl")]
            #endif

            let package = Package(name: "U", targets: platformTargets)

            #if swift(>=5.9)
            package.targets.append(.testTarget(name: "UTests"))
            #endif
            """
        let package = try union(manifest)
        #expect(Set(package.targets.map(\.name)) == ["LinuxImpl", "WindowsImpl", "DarwinImpl", "UTests"])
        #if os(Linux)
            // The host reading is what SwiftPM reads on this machine.
            #expect(try read(manifest).targets.map(\.name) == ["LinuxImpl", "UTests"])
        #endif
    }

    @Test func packagesDeclaredInEachBranchAreMerged() throws {
        let package = try union(
            """
            #if os(Linux)
            let package = Package(name: "P", targets: [.target(name: "Core"), .target(name: "LinuxGlue")])
            #else
            let package = Package(
                name: "P", platforms: [.macOS(.v13)], targets: [.target(name: "Core"), .target(name: "DarwinGlue")])
            #endif
            """)
        #expect(Set(package.targets.map(\.name)) == ["Core", "LinuxGlue", "DarwinGlue"])
    }

    @Test func differentScalarsInIfBranchesGiveOneConfigurationEach() throws {
        let reading = try reading(
            """
            #if os(Linux)
            let path = "Sources/Linux"
            #else
            let path = "Sources/Darwin"
            #endif
            let package = Package(name: "P", targets: [.target(name: "Impl", path: path)])
            """)
        #expect(
            Set(reading.configurations.map { $0.targets[0].path }) == ["Sources/Linux", "Sources/Darwin"])
    }

    @Test func settingsLoopsAndUnrelatedCodeAreSkipped() throws {
        let package = try read(
            """
            let upcoming: [SwiftSetting] = ["ExistentialAny", "InternalImportsByDefault"].map { .enableUpcomingFeature($0) }
            let package = Package(
                name: "S",
                platforms: [.macOS(.v13), .custom("Haiku", versionString: "1")],
                targets: [
                    .target(name: "A", swiftSettings: upcoming + [.unsafeFlags(["-Xfrontend", "-warn"])]),
                    .testTarget(name: "ATests", dependencies: ["A"], linkerSettings: [.linkedLibrary("z", .when(platforms: [.linux]))]),
                ]
            )
            for target in package.targets where target.type != .plugin {
                var settings = target.swiftSettings ?? []
                settings.append(.enableExperimentalFeature("StrictConcurrency"))
                target.swiftSettings = settings
            }
            package.targets.forEach { target in
                target.cSettings = (target.cSettings ?? []) + [.define("X")]
            }
            """)
        #expect(package.targets.map(\.name) == ["A", "ATests"])
    }

    @Test func loopsOverKnownArraysAreEvaluated() throws {
        let package = try read(
            """
            let package = Package(name: "L")
            for name in ["Alpha", "Beta"] {
                let testName = name + "Tests"
                package.targets.append(.target(name: name))
                package.targets.append(.testTarget(name: testName, dependencies: [.target(name: name)]))
            }
            """)
        #expect(package.targets.map(\.name) == ["Alpha", "AlphaTests", "Beta", "BetaTests"])
    }

    @Test func loopsChangeTargetsThroughTheirReferences() throws {
        let package = try read(
            """
            let package = Package(name: "L", targets: [.target(name: "A"), .target(name: "B"), .target(name: "C")])
            for target in package.targets where target.name != "A" {
                target.dependencies.append("A")
            }
            let c = package.targets[2]
            c.dependencies += [.product(name: "NIO", package: "swift-nio")]
            """)
        #expect(package.targets.map { $0.dependencies.map(\.name) } == [[], ["A"], ["A", "NIO"]])
    }

    @Test func loopsOverValuesTheReaderCannotKnowAreRefused() throws {
        let reason = failure(
            """
            import Foundation
            let names = try FileManager.default.contentsOfDirectory(atPath: "Sources")
            let package = Package(name: "L", targets: [.target(name: "A")])
            for name in names {
                package.targets.append(.target(name: name))
            }
            """)
        #expect(reason?.contains("'for' loop") == true)
    }

    @Test func environmentChecksThatOnlyChangeSettingsAreFine() throws {
        let manifest = """
            import class Foundation.ProcessInfo

            let linkSettings: [LinkerSetting]
            if let path = ProcessInfo.processInfo.environment["CI_RPATH"] {
                linkSettings = [.unsafeFlags(["-Xlinker", "-rpath", "-Xlinker", path])]
            } else {
                linkSettings = []
            }
            #if os(Windows)
            let pkgConfig: String? = nil
            #else
            var pkgConfig: String? = "sqlite3"
            if ProcessInfo.processInfo.environment["TARGET_OS"] == "android" {
                pkgConfig = nil
            }
            #endif

            let package = Package(
                name: "Tool",
                targets: [
                    .systemLibrary(name: "CSQLite", pkgConfig: pkgConfig),
                    .target(
                        /** The core library */
                        name: "Core", dependencies: ["CSQLite"], linkerSettings: linkSettings),
                ]
            )
            """
        let package = try read(manifest)
        #expect(package.targets.map(\.name) == ["CSQLite", "Core"])
        // Checks that only change settings never fork the reading.
        #expect(try reading(manifest).configurations.count == 1)
    }

    @Test func attributesModifiersAndDiscardedValuesAreSkipped() throws {
        let package = try read(
            """
            @preconcurrency import PackageDescription
            nonisolated(unsafe) var extra: [Target] = []
            @available(*, deprecated, message: "old")
            func unused() -> Int { 1 }
            _ = unused
            print("reading the manifest"); extra.append(.target(name: "B"))
            let package = Package(
                name: "A",
                dependencies: [
                    .package(url: "https://example.com/a.git", "1.0.0"..<"2.0.0"),
                    Package.Dependency.package(url: "https://example.com/b.git", .upToNextMajor(from: "1.0.0")),
                ],
                targets: [.target(name: "A", swiftSettings: [.define("X", .when(configuration: .debug))])] + extra
            )
            """)
        #expect(package.targets.map(\.name) == ["A", "B"])
        #expect(package.dependencies.map(\.identity) == ["a", "b"])
    }

    @Test func functionsTernariesAndExtensionsAreEvaluated() throws {
        let package = try read(
            """
            func lib(_ name: String, dependencies: [Target.Dependency] = []) -> Target {
                .target(name: name, dependencies: dependencies)
            }
            extension Target.Dependency {
                static let shared: Target.Dependency = .product(name: "Shared", package: "shared")
            }
            let useA = true
            let package = Package(
                name: "F",
                targets: [lib("A", dependencies: [.shared]), .target(name: useA ? "B" : "C")]
            )
            """)
        #expect(package.targets.map(\.name) == ["A", "B"])
        #expect(
            package.targets[0].dependencies == [.product(name: "Shared", package: "shared", condition: nil)])
    }

    @Test func whatTheReaderCannotComputeIsNotGuessed() {
        let context = failure(
            """
            let package = Package(name: "C", targets: [.target(name: "A", path: "\\(Context.packageDirectory)/A")])
            """)
        #expect(context?.contains("Context.packageDirectory") == true)
        let forever = failure(
            """
            var names: [String] = []
            while true { names.append("x") }
            let package = Package(name: "W")
            """)
        #expect(forever?.contains("too long") == true)
    }

    @Test func pluginUsagesWrittenAsStringLiteralsAreOfTheSamePackage() throws {
        let package = try read(
            """
            let package = Package(
                name: "P",
                targets: [
                    .target(name: "Lib", plugins: ["Stamp", .plugin(name: "Lint", package: "linter")]),
                    .plugin(name: "Stamp", capability: .buildTool, dependencies: ["StampTool"]),
                    .executableTarget(name: "StampTool"),
                ]
            )
            """)
        let lib = try #require(package.targets.first { $0.name == "Lib" })
        #expect(
            lib.plugins == [
                PluginUsage(name: "Stamp", package: nil), PluginUsage(name: "Lint", package: "linter"),
            ])
        let computed = failure(
            """
            let name = ProcessInfo.processInfo.environment["PLUGIN"] ?? FileManager.default.currentDirectoryPath
            let package = Package(name: "P", targets: [.target(name: "Lib", plugins: [.plugin(name: name)])])
            """)
        #expect(computed != nil)
    }

    @Test func stringsCommentsAndFormatting() throws {
        let package = try read(
            """
            /* a block comment /* nested */ still a comment */
            let raw = #"Raw"#
            let multi = \"\"\"
                Multi
                \"\"\"
            let package = Package(
                name: raw + multi, // trailing comment
                targets: [
                    .target(name: "Quote\\"d"),
                    .target(name: #"Back\\slash"#),
                ]
            );
            """)
        #expect(package.name == "RawMulti")
        #expect(package.targets.map(\.name) == ["Quote\"d", "Back\\slash"])
    }

    @Test func missingToolsVersionOrPackageIsNotGuessed() {
        if case .success = StaticManifestReader.read(
            "import PackageDescription\nlet package = Package(name: \"X\")\n")
        {
            Issue.record("a manifest without a tools-version line must not be read statically")
        }
        #expect(failure("let notAPackage = 1\n")?.contains("no top-level 'let package") == true)
        #expect(
            failure("let package = Package(name: \"X\", targets: [.target(name: \"A\"")?.contains("line")
                == true)
    }
}
