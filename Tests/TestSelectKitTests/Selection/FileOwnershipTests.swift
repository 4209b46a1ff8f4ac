import TestSelectKit
import Testing

@Suite struct FileOwnershipTests {
    static func graph() -> ResolvedGraph {
        let tools = ToolsVersion(5, 9)
        let outer = DeclaredPackage(
            name: "outer", toolsVersion: tools,
            targets: [
                DeclaredTarget(name: "Wide", kind: .regular, path: "Sources"),
                DeclaredTarget(name: "Narrow", kind: .regular, path: "Sources/Narrow"),
                DeclaredTarget(
                    name: "Picky", kind: .regular, path: "Sources/Picky", sources: ["Keep.swift", "Sub"],
                    resources: ["Data"]),
                DeclaredTarget(name: "OuterTests", kind: .test),
            ])
        let fixture = DeclaredPackage(
            name: "fixture", toolsVersion: tools, targets: [DeclaredTarget(name: "F", kind: .regular)])
        let listing = FileListing(files: [
            "Tests/OuterTests/t.swift", "Tests/OuterTests/Fixtures/pkg/Sources/F/f.swift",
        ])
        return ResolvedGraph.build(
            packages: [
                LoadedPackage(
                    directory: ".", manifestFile: "Package.swift", reading: .staticReader,
                    variants: [("Package.swift", outer)]),
                LoadedPackage(
                    directory: "Tests/OuterTests/Fixtures/pkg", manifestFile: "Package.swift",
                    reading: .staticReader,
                    variants: [("Package.swift", fixture)]),
            ],
            listing: listing, repositoryName: "repo")
    }

    func owners(_ path: String) -> [String] {
        let graph = Self.graph()
        return FileOwnership(graph: graph).locate(path).owners.map { graph.targets[$0].name }
    }

    @Test func longestPrefixNarrowedBySources() {
        #expect(owners("Sources/Narrow/a.swift") == ["Narrow"])
        #expect(owners("Sources/Other/a.swift") == ["Wide"])
        #expect(owners("Sources/Picky/Keep.swift") == ["Picky"])
        #expect(owners("Sources/Picky/Sub/x.swift") == ["Picky"])
        #expect(owners("Sources/Picky/Data/blob.json") == ["Picky"])
        #expect(owners("Sources/Picky/Ignored.swift") == ["Wide"])
        #expect(owners("Tests/OuterTests/t.swift") == ["OuterTests"])
        #expect(owners("scripts/x.sh") == [])
    }

    @Test func aFixturePackageInsideATestTargetCountsForBoth() {
        #expect(owners("Tests/OuterTests/Fixtures/pkg/Sources/F/f.swift") == ["F", "OuterTests"])
        #expect(owners("Tests/OuterTests/Fixtures/pkg/README.txt") == ["OuterTests"])
    }

    @Test func manifestsResolvedFilesAndTestsTrees() {
        let graph = Self.graph()
        let ownership = FileOwnership(graph: graph)
        #expect(ownership.locate("Package.swift").isManifest)
        #expect(ownership.locate("Package@swift-6.0.swift").isManifest)
        #expect(!ownership.locate("Sources/Package.swift").isManifest)
        #expect(ownership.locate("Package.resolved").isResolvedFile)
        #expect(ownership.locate("Tests/Shared/data.json").testsTrees == [0])
        #expect(ownership.locate("Tests/OuterTests/Fixtures/pkg/Package.swift").isManifest)
        #expect(ownership.locate("Tests/OuterTests/Fixtures/pkg/Package.swift").package == 1)
    }
}
