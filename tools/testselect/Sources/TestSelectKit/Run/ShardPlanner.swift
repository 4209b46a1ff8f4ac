/// Splits suites into shards of about equal duration, from recorded durations.
///
/// Suites are placed longest first (a suite with no recorded duration counts as the median of the
/// recorded ones), each on the shard that ends up with the smallest load. A shard's load counts the
/// build of every package it touches once (a package's recorded build time, else the median build
/// time), so a package's suites stay together unless splitting them shortens the longest shard.
/// With nothing recorded, a suite counts 1 s and a build 30 s. Ties go to the lower shard and to
/// the suite named first, so every runner computes the same assignment from the same inputs.
///
/// Complexity: O(s log s + s * n) for s suites and n shards.
public enum ShardPlanner {
    /// A suite placed on a shard.
    public struct Suite: Sendable, Hashable {
        /// Repository-relative package directory.
        public var package: String
        /// Test target name.
        public var target: String
        /// The seconds it is expected to take.
        public var seconds: Double
    }

    /// Seconds assumed for a suite when no duration is recorded at all.
    public static let defaultSuiteSeconds = 1.0
    /// Seconds assumed for a package build when no build duration is recorded at all.
    public static let defaultBuildSeconds = 30.0

    /// The suites of each shard (index 0 is shard 1), each list in plan order.
    public static func assign(plan: RunPlan, shards count: Int, durations: DurationStore) -> [[Suite]] {
        let medianSuite = durations.medianSuiteSeconds ?? defaultSuiteSeconds
        let medianBuild = durations.medianBuildSeconds ?? defaultBuildSeconds
        let suites = plan.jobs.flatMap { job in
            job.suites.map { target in
                Suite(
                    package: job.directory, target: target,
                    seconds: durations.seconds(package: job.directory, target: target) ?? medianSuite)
            }
        }
        let order = suites.indices.sorted { left, right in
            if suites[left].seconds != suites[right].seconds {
                return suites[left].seconds > suites[right].seconds
            }
            return (suites[left].package, suites[left].target) < (suites[right].package, suites[right].target)
        }
        let shardCount = max(1, count)
        var loads = Array(repeating: 0.0, count: shardCount)
        var packages = Array(repeating: Set<String>(), count: shardCount)
        var placed = Array(repeating: 0, count: suites.count)
        for index in order {
            let suite = suites[index]
            let build = durations.builds[suite.package] ?? medianBuild
            var best = 0
            var bestLoad = Double.infinity
            for shard in 0..<shardCount {
                let load =
                    loads[shard] + suite.seconds + (packages[shard].contains(suite.package) ? 0 : build)
                if load < bestLoad {
                    best = shard
                    bestLoad = load
                }
            }
            loads[best] = bestLoad
            packages[best].insert(suite.package)
            placed[index] = best
        }
        var result = Array(repeating: [Suite](), count: shardCount)
        for (index, suite) in suites.enumerated() { result[placed[index]].append(suite) }
        return result
    }

    /// The expected seconds of each shard (builds included), in shard order.
    public static func loads(of shards: [[Suite]], durations: DurationStore) -> [Double] {
        let medianBuild = durations.medianBuildSeconds ?? defaultBuildSeconds
        return shards.map { suites in
            let builds = Set(suites.map(\.package)).reduce(0.0) { $0 + (durations.builds[$1] ?? medianBuild) }
            return suites.reduce(builds) { $0 + $1.seconds }
        }
    }
}
