import TestSelectKit
import TestSelectSelectionChecking
import TestSelectTestSupport
import Testing

/// Plans: jobs per package from a selection or from the whole graph.
@Suite struct RunPlanTests {
    @Test func aSelectionBecomesOneJobPerPackage() throws {
        try withTemporaryRepository { repo in
            try repo.writeMonorepo()
            try repo.touch("packages/core/Sources/Core/Core.swift")
            let workspace = try repo.workspace()
            let outcome = try workspace.select(base: "main", head: nil, listed: nil)
            let plan = RunPlan(selection: outcome.selection, graph: outcome.head)
            #expect(plan.jobs.map(\.directory) == ["packages/core", "services/app", "services/worker"])
            #expect(plan.jobs[1].suites == ["AppCoreTests", "AppLinuxTests"])
            // Every suite of a package selected: the package runs unfiltered.
            #expect(plan.jobs.allSatisfy { $0.coversPackage })
            #expect(plan.jobs[1].filter == nil)

            try repo.git("checkout", "-q", "--", ".")
            try repo.touch("services/app/Sources/AppCore/App.swift")
            let narrow = try workspace.select(base: "main", head: nil, listed: nil)
            let appOnly = RunPlan(selection: narrow.selection, graph: narrow.head)
            #expect(appOnly.jobs.count == 1)
            #expect(appOnly.jobs[0].suites == ["AppCoreTests"])
            #expect(appOnly.jobs[0].filter == "^(AppCoreTests)\\.")
            #expect(appOnly.suiteNames == ["services/app:AppCoreTests"])
        }
    }

    @Test func everythingRunsEveryPackageWithTests() throws {
        try withTemporaryRepository { repo in
            try repo.writeMonorepo()
            let workspace = try repo.workspace()
            let graph = try workspace.graph(of: try workspace.headSnapshot(revision: nil))
            let plan = RunPlan(everythingIn: graph)
            #expect(plan.suiteNames == MonorepoFixture.suites)
            #expect(!plan.jobs.contains { $0.directory == "packages/lint-plugin" })
            #expect(plan.jobs.allSatisfy { $0.filter == nil })
        }
    }

    @Test func logNamesAreFileNameSafe() {
        #expect(PackageJob(directory: ".", suites: ["T"]).slug == "root")
        #expect(PackageJob(directory: "packages/es-models", suites: ["T"]).slug == "packages-es-models")
        #expect(PackageJob(directory: "p", suites: ["*"]).filter == nil)
        #expect(PackageJob(directory: "p", suites: ["B", "A"]).filter == "^(A|B)\\.")
    }
}
