import TestSelectManifest
import TestSelectTestSupport
import Testing

@Suite struct ResolvedGraphTests {
    func names(_ graph: ResolvedGraph, _ edges: [ResolvedGraph.Edge]) -> [String] {
        edges.map { graph.qualifiedName($0.target) }
    }

    @Test func productsResolveToTheirTargetsAcrossPathDependencies() throws {
        let graph = GraphFixture.serviceAndSharedKit()
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
        let graph = GraphFixture.serviceAndSharedKit()
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
        let graph = GraphFixture.serviceAndSharedKit()
        let service = try #require(graph.package(at: "services/service"))
        #expect(graph.packages[service].dependencyDirectories == ["libs/shared-kit", nil, nil])
        #expect(graph.warnings.isEmpty)
    }

    @Test func anAbsolutePathDependencyIsANoteNotAWarning() throws {
        // A repository using testselect's plugin from a checkout beside it names that checkout by
        // an absolute path: external, said once as a note, never "holds no package".
        let user = DeclaredPackage(
            name: "user", toolsVersion: GraphFixture.tools,
            targets: [DeclaredTarget(name: "UTests", kind: .test)],
            dependencies: [
                DeclaredPackageDependency(
                    identity: "testselect", kind: .path, path: "/opt/checkouts/testselect")
            ])
        let graph = ResolvedGraph.build(
            packages: [GraphFixture.loaded("app", user)], listing: FileListing(files: []), repositoryName: "r"
        )
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
            name: "lib", toolsVersion: GraphFixture.tools,
            targets: [
                DeclaredTarget(name: "L1", kind: .regular), DeclaredTarget(name: "LTests", kind: .test),
            ])
        let user = DeclaredPackage(
            name: "user", toolsVersion: GraphFixture.tools,
            targets: [
                DeclaredTarget(
                    name: "U", kind: .test,
                    dependencies: [.product(name: "Missing", package: "lib", condition: nil)])
            ],
            dependencies: [DeclaredPackageDependency(identity: "lib", kind: .path, path: "../lib")])
        let graph = ResolvedGraph.build(
            packages: [GraphFixture.loaded("p/lib", lib), GraphFixture.loaded("p/user", user)],
            listing: FileListing(files: []),
            repositoryName: "r")
        let u = try #require(graph.target(directory: "p/user", name: "U"))
        #expect(names(graph, graph.dependencies[u]) == ["p/lib:L1"])
        #expect(graph.warnings.contains { $0.message.contains("declares no such product") })
    }
}
