import Foundation
import TestSelectKit
import TestSelectManifest
import TestSelectSelectionChecking
import TestSelectTestSupport
import Testing

@Suite struct ManifestLoaderTests {
    static func manifest(tools: String, name: String, targets: [String]) -> String {
        """
        // swift-tools-version:\(tools)
        import PackageDescription

        let package = Package(name: "\(name)", targets: [\(targets.map { ".target(name: \"\($0)\")" }.joined(separator: ", "))])
        """
    }

    @Test func fallsBackToDumpPackageWhenTheStaticReaderCannotEvaluate() throws {
        try withTemporaryRepository { repo in
            try repo.write(
                "Package.swift",
                """
                // swift-tools-version:5.9
                import Foundation
                import PackageDescription

                let modules = (try? FileManager.default.contentsOfDirectory(atPath: Context.packageDirectory + "/Sources")) ?? []
                let package = Package(
                    name: "fallback",
                    targets: modules.map { .target(name: $0) } + [.testTarget(name: "CoreTests", dependencies: ["Core"])])
                """)
            try repo.write("Sources/Core/Core.swift", "// core\n")
            let workspace = try repo.workspace(dumpPackage: DumpPackageReader())
            let graph = try workspace.graph(of: try workspace.headSnapshot(revision: nil))
            let package = try #require(graph.packages.first)
            guard case .swiftPM(let reason) = package.loaded.reading else {
                Issue.record("expected the SwiftPM fallback, got \(package.loaded.reading)")
                return
            }
            #expect(reason.contains("contentsOfDirectory"))
            #expect(package.targets.map { graph.targets[$0].name } == ["Core", "CoreTests"])
            let json = GraphJSONFormatter.package(package)
            #expect(json["package"]?["reader"]?.stringValue == "swiftpm")
        }
    }

    @Test func aManifestNeitherReaderCanReadIsUnreadableWithBothReasons() throws {
        try withTemporaryRepository { repo in
            try repo.write(
                "Package.swift",
                "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"broken\", targets: [.target(name: ]\n"
            )
            let workspace = try repo.workspace(dumpPackage: DumpPackageReader())
            let graph = try workspace.graph(of: try workspace.headSnapshot(revision: nil))
            let package = try #require(graph.packages.first)
            guard case .unreadable(let reason) = package.loaded.reading else {
                Issue.record("expected an unreadable package, got \(package.loaded.reading)")
                return
            }
            #expect(reason.hasPrefix("Package.swift: line 3"))
            #expect(reason.contains("'swift package dump-package' failed too"))
            #expect(package.targets.map { graph.targets[$0].name } == ["*"])
        }
    }

    @Test func withoutFallbackAnUnevaluableManifestIsUnreadable() throws {
        try withTemporaryRepository { repo in
            try repo.write("Package.swift", ManifestCorpus.unevaluable)
            let workspace = try repo.workspace(dumpPackage: nil)
            let graph = try workspace.graph(of: try workspace.headSnapshot(revision: nil))
            #expect(graph.packages.first?.loaded.isUnreadable == true)
        }
    }

    @Test func chosenVariantMatchesSwiftPM() throws {
        try withTemporaryRepository { repo in
            try repo.write("Package.swift", Self.manifest(tools: "5.9", name: "v", targets: ["Regular"]))
            try repo.write(
                "Package@swift-6.0.swift", Self.manifest(tools: "6.0", name: "v", targets: ["Six"]))
            try repo.write(
                "Package@swift-7.swift", Self.manifest(tools: "6.0", name: "v", targets: ["Seven"]))
            let swiftPM = try DumpPackageReader().read(packageDirectory: repo.root).get()
            let workspace = try repo.workspace()
            let graph = try workspace.graph(of: try workspace.headSnapshot(revision: nil))
            let package = try #require(graph.packages.first)
            #expect(package.loaded.manifestFile == "Package@swift-6.0.swift")
            #expect(package.loaded.chosen == swiftPM)
            // Selection takes every variant: the union of their targets.
            #expect(Set(package.targets.map { graph.targets[$0].name }) == ["Regular", "Six", "Seven"])
        }
    }

    @Test func aLegacySystemPackageIsReadAsSwiftPMReadsIt() throws {
        try withTemporaryRepository(name: "CZlib") { repo in
            try repo.write(
                "Package.swift",
                "// swift-tools-version:4.2\nimport PackageDescription\nlet package = Package(name: \"CZlib\", pkgConfig: \"zlib\")\n"
            )
            try repo.write(
                "module.modulemap", "module CZlib [system] { header \"shim.h\" link \"z\" export * }\n")
            let swiftPM = try DumpPackageReader().read(packageDirectory: repo.root).get()
            let workspace = try repo.workspace(dumpPackage: nil)
            let graph = try workspace.graph(of: try workspace.headSnapshot(revision: nil))
            let package = try #require(graph.packages.first)
            #expect(package.loaded.reading == .staticReader)
            #expect(package.loaded.chosen == swiftPM)
            #expect(package.loaded.chosen?.targets.map(\.kind) == [.system])
        }
    }

    @Test func aVariantSwiftPMRejectsIsLeftOutAndSaidSoWithoutPoisoningThePackage() throws {
        try withTemporaryRepository { repo in
            // SwiftPM 6.3 reads Package@swift-5.5.swift; the old Package.swift (tools 5.3) uses
            // 'executableTarget', which SwiftPM refuses under 5.3, and a directory listing the static
            // reader cannot evaluate.
            try repo.write(
                "Package.swift",
                """
                // swift-tools-version:5.3
                import Foundation
                import PackageDescription
                let extra = (try? FileManager.default.contentsOfDirectory(atPath: "Sources")) ?? []
                let package = Package(name: "tool", targets: [.executableTarget(name: "tool")] + extra.map { .target(name: $0) })
                """)
            try repo.write(
                "Package@swift-5.5.swift", Self.manifest(tools: "5.5", name: "tool", targets: ["Tool"]))
            try repo.write("Sources/Tool/main.swift", "// tool\n")
            let workspace = try repo.workspace(dumpPackage: DumpPackageReader())
            let graph = try workspace.graph(of: try workspace.headSnapshot(revision: nil))
            let package = try #require(graph.packages.first)
            #expect(!package.loaded.isUnreadable)
            #expect(package.loaded.manifestFile == "Package@swift-5.5.swift")
            #expect(package.targets.map { graph.targets[$0].name } == ["Tool"])
            #expect(package.loaded.notes.contains { $0.hasPrefix("Package.swift is left out") })
        }
    }

    @Test func variantRules() {
        let tools: [String: ToolsVersion] = [
            "Package.swift": ToolsVersion(5, 9), "Package@swift-5.8.swift": ToolsVersion(5, 8),
            "Package@swift-6.swift": ToolsVersion(6, 0), "Package@swift-6.1.swift": ToolsVersion(6, 1),
        ]
        let toolchain = ToolsVersion(6, 3, 1)
        #expect(
            ManifestVariants.chosen(among: Array(tools.keys), toolsVersions: tools, toolchain: toolchain)
                == "Package@swift-6.swift")
        let noExact = tools.filter { $0.key != "Package@swift-6.swift" }
        #expect(
            ManifestVariants.chosen(among: Array(noExact.keys), toolsVersions: noExact, toolchain: toolchain)
                == "Package@swift-6.1.swift")
        let older = ["Package.swift": ToolsVersion(5, 9), "Package@swift-5.8.swift": ToolsVersion(5, 8)]
        #expect(
            ManifestVariants.chosen(among: Array(older.keys), toolsVersions: older, toolchain: toolchain)
                == "Package.swift")
        let exactPatch = [
            "Package.swift": ToolsVersion(6, 0), "Package@swift-6.3.1.swift": ToolsVersion(5, 0),
        ]
        #expect(
            ManifestVariants.chosen(
                among: Array(exactPatch.keys), toolsVersions: exactPatch, toolchain: toolchain)
                == "Package@swift-6.3.1.swift")
    }
}
