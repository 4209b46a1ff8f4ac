/// One job of a pipeline testselect writes for a CI system (`--format gitlab`, `--format
/// buildkite`): the packages it tests, each with the suites to run. The writers differ only in how
/// their CI spells a job; what each job runs is decided here, once.
public struct PipelineJob: Sendable, Hashable {
    /// What the CI shows: `test <package>`, or `shard I/N: <packages>`. It holds names a pull
    /// request controls: writers show it, never run it.
    public var title: String
    /// An identifier of letters, digits and `-` only (`package-2`, `shard-1-of-4`).
    public var key: String
    /// The packages it builds and tests, each with its suites.
    public var packages: [PackageJob]

    /// Where every job writes its JUnit XML (`swift test --xunit-output`), from the repository root.
    public static let junitDirectory = ".build/junit"
    /// The files CI collects as JUnit reports.
    public static let junitFiles = junitDirectory + "/*.xml"

    /// One job per package of the plan; with `shards`, one per non-empty shard, split exactly as
    /// `testselect run --shard I/N` and `--format github-matrix --shards N` split it.
    public static func jobs(_ plan: RunPlan, shards: Int?, durations: DurationStore) -> [PipelineJob] {
        guard let shards else {
            return plan.jobs.enumerated().map { index, job in
                PipelineJob(title: "test \(job.directory)", key: "package-\(index + 1)", packages: [job])
            }
        }
        return (1...max(1, shards)).compactMap { index -> PipelineJob? in
            guard let shard = Shard(index: index, count: shards) else { return nil }
            let packages = plan.shard(shard, durations: durations).jobs
            guard !packages.isEmpty else { return nil }
            return PipelineJob(
                title: "shard \(shard): " + packages.map(\.directory).joined(separator: ", "),
                key: "shard-\(index)-of-\(shards)", packages: packages)
        }
    }

    /// The shell lines the job runs from the repository root: one `swift test` per package with its
    /// filter and JUnit file. Every package runs even when one before it failed; the job fails when
    /// any did. Names are quoted for the shell, so a line is safe to run as it is.
    public var script: [String] {
        let tests = packages.map { job in
            CIFormatters.swiftTest(
                package: job.directory, filter: job.filter, skip: job.skip,
                junit: "\(PipelineJob.junitDirectory)/\(job.slug).xml")
        }
        let setup = "mkdir -p \(PipelineJob.junitDirectory)"
        guard tests.count > 1 else { return [setup] + tests }
        return [setup, "failed=0"] + tests.map { $0 + " || failed=1" } + ["exit \"$failed\""]
    }

    /// The line a pipeline with nothing to test runs (GitLab rejects a pipeline without jobs).
    public static let nothingToRun = "echo 'testselect: no test suite must run for this change'"
}
