import TestSelectManifest

/// The tests of one package that a run builds once and runs once.
public struct PackageJob: Sendable, Hashable {
    /// Repository-relative package directory (`.` for the root).
    public var directory: String
    /// Test targets to run, sorted; `*` runs every test of the package (an unreadable manifest).
    public var suites: [String]
    /// Whether these are all the package's suites (then `swift test` runs unfiltered).
    public var coversPackage: Bool
    /// Tests an impact map leaves out (`--impact`), sorted: `swift test --skip` names them.
    public var skipped: [String]

    /// Creates a job.
    public init(directory: String, suites: [String], coversPackage: Bool = false, skipped: [String] = []) {
        self.directory = directory
        self.suites = suites.sorted()
        self.coversPackage = coversPackage || suites.contains("*")
        self.skipped = skipped.sorted()
    }

    /// The `swift test --skip` expression leaving out `skipped`, or nil when nothing is.
    public var skip: String? {
        CIFormatters.skip(for: skipped)
    }

    /// The `swift test --filter` expression, or nil to run every test of the package.
    ///
    /// `^(A|B)\.` matches XCTest ids (`A.Class/test`) and Swift Testing ids (`A.Suite/test()`,
    /// `A.freeFunction()`) of exactly these modules.
    public var filter: String? {
        coversPackage ? nil : CIFormatters.filter(for: suites)
    }

    /// The suites as `directory:Target`.
    public var suiteNames: [String] {
        suites.map { "\(directory):\($0)" }
    }

    /// A file-name-safe name for the package's logs (`packages/es-models` -> `packages-es-models`).
    public var slug: String {
        directory == "." ? "root" : directory.replacingOccurrences(of: "/", with: "-")
    }
}

/// What `testselect run` builds and runs: one job per package, optionally one shard of them.
public struct RunPlan: Sendable, Hashable {
    /// The jobs, sorted by directory.
    public var jobs: [PackageJob]

    /// Creates a plan.
    public init(jobs: [PackageJob]) {
        self.jobs = jobs.sorted { $0.directory < $1.directory }
    }

    /// The selected suites, grouped by package.
    public init(selection: Selection, graph: ResolvedGraph) {
        var byPackage: [String: [String]] = [:]
        var skipped: [String: [String]] = [:]
        for suite in selection.selected {
            byPackage[suite.package, default: []].append(suite.target)
            skipped[suite.package, default: []] += suite.scope?.skipped ?? []
        }
        self.init(
            jobs: byPackage.map { directory, targets in
                let all = RunPlan.suites(of: directory, in: graph)
                return PackageJob(
                    directory: directory, suites: targets,
                    coversPackage: !all.isEmpty && Set(targets) == Set(all), skipped: skipped[directory] ?? []
                )
            })
    }

    /// Every suite of every package of the graph (`--all`).
    public init(everythingIn graph: ResolvedGraph) {
        self.init(
            jobs: graph.packages.compactMap { package in
                let suites = RunPlan.suites(of: package.directory, in: graph)
                return suites.isEmpty
                    ? nil : PackageJob(directory: package.directory, suites: suites, coversPackage: true)
            })
    }

    static func suites(of directory: String, in graph: ResolvedGraph) -> [String] {
        guard let index = graph.package(at: directory) else { return [] }
        return graph.packages[index].targets.filter { graph.targets[$0].isSuite }.map {
            graph.targets[$0].name
        }
    }

    /// Every suite as `directory:Target`.
    public var suiteNames: [String] {
        jobs.flatMap(\.suiteNames)
    }

    /// Only the suites of one shard, balanced by recorded durations (see `ShardPlanner`).
    public func shard(_ shard: Shard, durations: DurationStore) -> RunPlan {
        let assignment = ShardPlanner.assign(plan: self, shards: shard.count, durations: durations)
        let mine = Set(assignment[shard.index - 1].map { "\($0.package):\($0.target)" })
        return RunPlan(
            jobs: jobs.compactMap { job in
                let kept = job.suites.filter { mine.contains("\(job.directory):\($0)") }
                guard !kept.isEmpty else { return nil }
                return PackageJob(
                    directory: job.directory, suites: kept,
                    coversPackage: job.coversPackage && kept == job.suites,
                    skipped: job.skipped.filter { id in
                        kept.contains { ModuleName.matches(module: TestInventory.module(of: id), target: $0) }
                    })
            })
    }
}
