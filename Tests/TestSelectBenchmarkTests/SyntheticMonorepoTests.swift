import Foundation
import TestSelectBenchmark
import TestSelectKit
import TestSelectManifest
import TestSelectSelectionChecking
import TestSelectTestSupport
import Testing

/// The generated monorepos: deterministic, a DAG, and read by the static reader without falling back.
@Suite struct SyntheticMonorepoTests {
    @Test func theSameSeedGivesTheSameRepository() {
        let first = SyntheticMonorepo(packageCount: 60)
        let second = SyntheticMonorepo(packageCount: 60)
        #expect(first.packages == second.packages)
        #expect(first.manifest(for: 45) == second.manifest(for: 45))
        #expect(SyntheticMonorepo(packageCount: 60, seed: 1).packages != first.packages)
    }

    @Test func dependenciesFormADirectedAcyclicGraph() {
        let repo = SyntheticMonorepo(packageCount: 120)
        for (index, package) in repo.packages.enumerated() {
            #expect(package.dependencies.allSatisfy { $0 < index && !repo.packages[$0].isService })
        }
        #expect(repo.packages.filter(\.isService).count == 20)
        #expect(repo.packages.filter(\.isService).allSatisfy { $0.directory.hasPrefix("services/svc-") })
        #expect(repo.pathDependencyCount > 120)
        #expect(!repo.packages[repo.changedPackage].isService)
        #expect(repo.changedFile.hasSuffix("Core/Core.swift"))
    }

    @Test func everyManifestIsReadStaticallyWithItsTargetsAndDependencies() throws {
        let repo = SyntheticMonorepo(packageCount: 40)
        for index in repo.packages.indices {
            let manifest = repo.manifest(for: index)
            #expect(manifest.contains("#if os(Linux)"))
            let declared = DeclaredPackage.union(try StaticManifestReader.read(manifest).get().configurations)
            #expect(declared.targets.count == (index % 9 == 0 ? 9 : 8), "package \(index)")
            let paths = declared.dependencies.filter { $0.path != nil }
            #expect(paths.count == repo.packages[index].dependencies.count, "package \(index)")
            #expect(declared.dependencies.count == paths.count + (index % 5 == 0 ? 1 : 0), "package \(index)")
            #expect(declared.products.count == 3)
        }
        #expect(repo.targetCount == 40 * 8 + 5)
    }

    @Test func theWrittenRepositoryLinksEveryPackage() throws {
        try withTemporaryRepository { git in
            let repo = SyntheticMonorepo(packageCount: 30)
            try repo.write(to: git.root)
            try git.commitAll("synthetic")
            let workspace = try git.workspace()
            let graph = try workspace.graph(of: try workspace.headSnapshot(revision: "HEAD"))
            #expect(graph.packages.count == 30)
            #expect(graph.packages.allSatisfy { $0.loaded.reading == .staticReader })
            #expect(graph.warnings == [])
            #expect(graph.suites.count == 30 * 2 + 4)
            try git.touch(repo.changedFile)
            let selection = try git.select(base: "HEAD")
            let changed = repo.packages[repo.changedPackage].directory
            #expect(selection.selected.contains { $0.package == changed })
            #expect(selection.selected.count > 2)
        }
    }
}
