import TestSelectKit
import TestSelectManifest
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
        // Outside Picky's `sources`: the enclosing target that builds it, and Picky, which holds it.
        #expect(owners("Sources/Picky/Ignored.swift") == ["Wide", "Picky"])
        #expect(owners("Tests/OuterTests/t.swift") == ["OuterTests"])
        #expect(owners("scripts/x.sh") == [])
    }

    @Test func aTargetHoldsWhatItDoesNotBuildAndSaysSo() {
        let tools = ToolsVersion(5, 9)
        let package = DeclaredPackage(
            name: "p", toolsVersion: tools,
            targets: [
                DeclaredTarget(name: "Listed", kind: .regular, sources: ["Listed.swift"]),
                DeclaredTarget(
                    name: "Excluding", kind: .regular, exclude: ["Samples"], resources: ["Samples"]),
                // Two targets splitting one folder with `sources:` lists.
                DeclaredTarget(name: "Left", kind: .regular, path: "Shared", sources: ["Left"]),
                DeclaredTarget(name: "Right", kind: .regular, path: "Shared", sources: ["Right"]),
            ])
        let graph = ResolvedGraph.build(
            packages: [
                LoadedPackage(
                    directory: ".", manifestFile: "Package.swift", reading: .staticReader,
                    variants: [("Package.swift", package)])
            ],
            listing: FileListing(files: []), repositoryName: "repo")
        let ownership = FileOwnership(graph: graph)
        func located(_ path: String) -> [String: String] {
            let location = ownership.locate(path)
            return Dictionary(
                uniqueKeysWithValues: location.owners.map {
                    (graph.targets[$0].name, location.notBuilt[$0] ?? "built")
                })
        }
        #expect(located("Sources/Listed/Listed.swift") == ["Listed": "built"])
        #expect(located("Sources/Listed/golden.json") == ["Listed": "not built: outside its 'sources'"])
        #expect(located("Sources/Excluding/E.swift") == ["Excluding": "built"])
        #expect(located("Sources/Excluding/Samples/a.txt") == ["Excluding": "not built: in its 'exclude'"])
        #expect(located("Shared/Left/l.swift") == ["Left": "built"])
        #expect(located("Shared/Right/r.swift") == ["Right": "built"])
        #expect(
            located("Shared/notes.txt") == [
                "Left": "not built: outside its 'sources'", "Right": "not built: outside its 'sources'",
            ])
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
