import TestSelectManifest

/// How long a package's job is expected to take, so the longest start first.
///
/// Recorded durations are used when there are some; a package never built counts the median build
/// (or `ShardPlanner.defaultBuildSeconds`) once for itself and once for every in-repository package
/// it depends on, since each package compiles its path dependencies in its own `.build`.
public struct RunEstimate: Sendable {
    let durations: DurationStore
    let dependencyCounts: [String: Int]

    /// Creates an estimate from recorded durations and the graph of the packages.
    public init(durations: DurationStore, graph: ResolvedGraph) {
        self.durations = durations
        var counts: [String: Int] = [:]
        for (index, package) in graph.packages.enumerated() {
            var seen: Set<Int> = [index]
            var stack = package.packageDependencies
            while let next = stack.popLast() {
                guard seen.insert(next).inserted else { continue }
                stack += graph.packages[next].packageDependencies
            }
            counts[package.directory] = seen.count - 1
        }
        dependencyCounts = counts
    }

    /// The expected seconds of a job: its build plus its suites.
    public func seconds(for job: PackageJob) -> Double {
        let build =
            durations.builds[job.directory]
            ?? (durations.medianBuildSeconds ?? ShardPlanner.defaultBuildSeconds)
            * Double(1 + (dependencyCounts[job.directory] ?? 0))
        let median = durations.medianSuiteSeconds ?? ShardPlanner.defaultSuiteSeconds
        return job.suites.reduce(build) { total, suite in
            total + (durations.seconds(package: job.directory, target: suite) ?? median)
        }
    }
}
