import TestSelectKit
import Testing

@Suite struct ResolvedGraphTests {
    static func loaded(_ directory: String, _ package: DeclaredPackage) -> LoadedPackage {
        LoadedPackage(
            directory: directory, manifestFile: "Package.swift", reading: .staticReader,
            variants: [("Package.swift", package)])
    }

    static let tools = ToolsVersion(5, 9)

    static func graph() -> ResolvedGraph {
        let shared = DeclaredPackage(
            name: "SharedKit", toolsVersion: tools,
            products: [
                DeclaredProduct(
                    name: "Shared", kind: .library, linkage: .automatic,
                    targets: ["SharedCore", "SharedExtras"]),
                DeclaredProduct(name: "Gen", kind: .plugin, targets: ["GenPlugin"]),
            ],
            targets: [
                DeclaredTarget(name: "SharedCore", kind: .regular),
                DeclaredTarget(
                    name: "SharedExtras", kind: .regular,
                    dependencies: [.byName(name: "SharedCore", condition: nil)]),
                DeclaredTarget(name: "GenPlugin", kind: .plugin),
            ])
        let service = DeclaredPackage(
            name: "service", toolsVersion: tools,
            targets: [
                DeclaredTarget(
                    name: "App", kind: .regular,
                    dependencies: [
                        .product(
                            name: "Shared", package: "SharedKit",
                            condition: DependencyCondition(platforms: ["linux"])),
                        .product(name: "Remote", package: "swift-remote", condition: nil),
                    ],
                    plugins: [PluginUsage(name: "Gen", package: "shared-kit")]),
                DeclaredTarget(
                    name: "AppTests", kind: .test, dependencies: [.byName(name: "App", condition: nil)]),
                DeclaredTarget(
                    name: "ByName", kind: .regular, dependencies: [.byName(name: "Shared", condition: nil)]),
            ],
            dependencies: [
                DeclaredPackageDependency(identity: "shared-kit", kind: .path, path: "../../libs/shared-kit"),
                DeclaredPackageDependency(
                    identity: "swift-remote", kind: .url, url: "https://example.com/swift-remote.git"),
                DeclaredPackageDependency(identity: "outside", kind: .path, path: "../../../outside"),
            ])
        return ResolvedGraph.build(
            packages: [loaded("services/service", service), loaded("libs/shared-kit", shared)],
            listing: FileListing(files: []), repositoryName: "Mono")
    }

    func names(_ graph: ResolvedGraph, _ edges: [ResolvedGraph.Edge]) -> [String] {
        edges.map { graph.qualifiedName($0.target) }
    }

    @Test func productsResolveToTheirTargetsAcrossPathDependencies() throws {
        let graph = Self.graph()
        let app = try #require(graph.target(directory: "services/service", name: "App"))
        #expect(
            names(graph, graph.dependencies[app]) == [
                "libs/shared-kit:SharedCore", "libs/shared-kit:SharedExtras", "libs/shared-kit:GenPlugin",
            ])
        #expect(graph.dependencies[app][0].kind == .product("Shared"))
        #expect(graph.dependencies[app][0].condition == DependencyCondition(platforms: ["linux"]))
        #expect(graph.dependencies[app][2].kind == .plugin("Gen"))
        let byName = try #require(graph.target(directory: "services/service", name: "ByName"))
        #expect(
            names(graph, graph.dependencies[byName]) == [
                "libs/shared-kit:SharedCore", "libs/shared-kit:SharedExtras",
            ])
    }

    @Test func reverseEdgesAndPackageLevelDependents() throws {
        let graph = Self.graph()
        let core = try #require(graph.target(directory: "libs/shared-kit", name: "SharedCore"))
        #expect(
            graph.dependents[core].map(graph.qualifiedName).sorted() == [
                "libs/shared-kit:SharedExtras", "services/service:App", "services/service:ByName",
            ])
        let shared = try #require(graph.package(at: "libs/shared-kit"))
        #expect(graph.packageDependents[shared].map { graph.packages[$0].directory } == ["services/service"])
        #expect(graph.packages[shared].identity == "shared-kit")
        #expect(graph.suites.map(graph.qualifiedName) == ["services/service:AppTests"])
    }

    @Test func pathDependenciesOutsideTheRepositoryAreExternal() throws {
        let graph = Self.graph()
        let service = try #require(graph.package(at: "services/service"))
        #expect(graph.packages[service].dependencyDirectories == ["libs/shared-kit", nil, nil])
        #expect(graph.warnings.isEmpty)
    }

    @Test func anAbsolutePathDependencyIsANoteNotAWarning() throws {
        // A repository using testselect's plugin from a checkout beside it names that checkout by
        // an absolute path: external, said once as a note, never "holds no package".
        let user = DeclaredPackage(
            name: "user", toolsVersion: Self.tools,
            targets: [DeclaredTarget(name: "UTests", kind: .test)],
            dependencies: [
                DeclaredPackageDependency(
                    identity: "testselect", kind: .path, path: "/opt/checkouts/testselect")
            ])
        let graph = ResolvedGraph.build(
            packages: [Self.loaded("app", user)], listing: FileListing(files: []), repositoryName: "r")
        let app = try #require(graph.package(at: "app"))
        #expect(graph.packages[app].dependencyDirectories == [nil])
        #expect(graph.warnings.map(\.severity) == [.note])
        #expect(
            graph.warnings.first?.message
                == "'app' depends on '/opt/checkouts/testselect', which lies outside the repository: treated as an external dependency"
        )
    }

    @Test func unknownProductsAreWarningsAndCountConservatively() throws {
        let lib = DeclaredPackage(
            name: "lib", toolsVersion: Self.tools,
            targets: [
                DeclaredTarget(name: "L1", kind: .regular), DeclaredTarget(name: "LTests", kind: .test),
            ])
        let user = DeclaredPackage(
            name: "user", toolsVersion: Self.tools,
            targets: [
                DeclaredTarget(
                    name: "U", kind: .test,
                    dependencies: [.product(name: "Missing", package: "lib", condition: nil)])
            ],
            dependencies: [DeclaredPackageDependency(identity: "lib", kind: .path, path: "../lib")])
        let graph = ResolvedGraph.build(
            packages: [Self.loaded("p/lib", lib), Self.loaded("p/user", user)],
            listing: FileListing(files: []),
            repositoryName: "r")
        let u = try #require(graph.target(directory: "p/user", name: "U"))
        #expect(names(graph, graph.dependencies[u]) == ["p/lib:L1"])
        #expect(graph.warnings.contains { $0.message.contains("declares no such product") })
    }
}
