import TestSelectKit
import Testing

/// Shards: every suite exactly once, balanced by recorded durations.
@Suite struct ShardPlannerTests {
    let plan = RunPlan(jobs: [
        PackageJob(directory: "packages/a", suites: ["A1Tests", "A2Tests", "A3Tests"], coversPackage: true),
        PackageJob(directory: "packages/b", suites: ["BTests"], coversPackage: true),
        PackageJob(directory: "services/c", suites: ["C1Tests", "C2Tests", "C3Tests", "C4Tests"]),
    ])

    func names(_ shard: [ShardPlanner.Suite]) -> [String] {
        shard.map { "\($0.package):\($0.target)" }
    }

    @Test func shardsCoverEverySuiteExactlyOnce() {
        let durations = DurationStore(
            suites: ["packages/a:A1Tests": 40, "services/c:C2Tests": 5, "packages/b:BTests": 12],
            builds: ["packages/a": 20])
        for count in 1...9 {
            let shards = ShardPlanner.assign(plan: plan, shards: count, durations: durations)
            #expect(shards.count == count)
            let all = shards.flatMap(names)
            #expect(all.sorted() == plan.suiteNames.sorted(), "\(count) shards")
            #expect(Set(all).count == all.count, "\(count) shards")
            let sharded = (1...count).flatMap { index in
                plan.shard(Shard(index: index, count: count)!, durations: durations).suiteNames
            }
            #expect(sharded.sorted() == plan.suiteNames.sorted(), "\(count) shards")
        }
    }

    @Test func longestSuitesFirstOnTheLeastLoadedShard() {
        let plan = RunPlan(jobs: [PackageJob(directory: "p", suites: ["A", "B", "C", "D"])])
        let durations = DurationStore(
            suites: ["p:A": 100, "p:B": 60, "p:C": 50, "p:D": 30], builds: ["p": 0])
        let shards = ShardPlanner.assign(plan: plan, shards: 2, durations: durations)
        // A (100) and B (60) open the shards; C (50) joins the lighter B (110); D (30) the lighter A.
        #expect(names(shards[0]) == ["p:A", "p:D"])
        #expect(names(shards[1]) == ["p:B", "p:C"])
        #expect(ShardPlanner.loads(of: shards, durations: durations) == [130, 110])
    }

    @Test func unknownSuitesCountAsTheMedian() {
        let plan = RunPlan(jobs: [PackageJob(directory: "p", suites: ["A", "B", "C", "New"])])
        let durations = DurationStore(suites: ["p:A": 10, "p:B": 20, "p:C": 90], builds: ["p": 0])
        let shards = ShardPlanner.assign(plan: plan, shards: 2, durations: durations)
        let new = shards.flatMap { $0 }.first { $0.target == "New" }
        #expect(new?.seconds == 20)
        #expect(names(shards[0]) == ["p:C"])
        #expect(ShardPlanner.loads(of: shards, durations: durations) == [90, 50])
    }

    @Test func expensiveBuildsKeepAPackageTogether() {
        let plan = RunPlan(jobs: [
            PackageJob(directory: "p", suites: ["P1", "P2", "P3"]),
            PackageJob(directory: "q", suites: ["Q1", "Q2", "Q3"]),
        ])
        let durations = DurationStore(
            suites: ["p:P1": 3, "p:P2": 2, "p:P3": 1, "q:Q1": 3, "q:Q2": 2, "q:Q3": 1],
            builds: ["p": 120, "q": 100])
        let shards = ShardPlanner.assign(plan: plan, shards: 2, durations: durations)
        #expect(Set(shards[0].map(\.package)).count == 1)
        #expect(Set(shards[1].map(\.package)).count == 1)
    }

    @Test func cheapBuildsLetAPackageSpreadWhenThatShortensTheLongestShard() {
        let plan = RunPlan(jobs: [PackageJob(directory: "p", suites: ["A", "B"])])
        let durations = DurationStore(suites: ["p:A": 100, "p:B": 100], builds: ["p": 10])
        let shards = ShardPlanner.assign(plan: plan, shards: 2, durations: durations)
        #expect(names(shards[0]) == ["p:A"])
        #expect(names(shards[1]) == ["p:B"])
    }

    @Test func withNothingRecordedEveryRunnerComputesTheSameShards() {
        let first = ShardPlanner.assign(plan: plan, shards: 3, durations: DurationStore())
        let second = ShardPlanner.assign(plan: plan, shards: 3, durations: DurationStore())
        #expect(first.map(names) == second.map(names))
        #expect(first.allSatisfy { !$0.isEmpty })
        #expect(first.flatMap { $0 }.allSatisfy { $0.seconds == ShardPlanner.defaultSuiteSeconds })
    }

    @Test func shardSpecifications() {
        #expect(Shard(parsing: "2/4") == Shard(index: 2, count: 4))
        #expect(Shard(parsing: "2/4")?.description == "2/4")
        for bad in ["0/4", "5/4", "1/0", "x/2", "1", "1/2/3", "", "-1/2"] {
            #expect(Shard(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func aShardKeepsTheFilterOnlyWhenItHasThePackageSuitesItNeeds() throws {
        var recorded = Dictionary(uniqueKeysWithValues: plan.suiteNames.map { ($0, 1.0) })
        recorded["packages/a:A1Tests"] = 100
        let durations = DurationStore(
            suites: recorded, builds: ["packages/a": 1, "packages/b": 1, "services/c": 1])
        let first = plan.shard(try #require(Shard(index: 1, count: 2)), durations: durations)
        let job = try #require(first.jobs.first { $0.directory == "packages/a" })
        #expect(job.suites == ["A1Tests"])
        #expect(job.coversPackage == false)
        #expect(job.filter == "^(A1Tests)\\.")
        let whole = plan.shard(try #require(Shard(index: 1, count: 1)), durations: durations)
        #expect(whole == plan)
        #expect(whole.jobs[0].filter == nil)
    }
}
