import Foundation
import TestSelectManifest
import TestSelectSupport

/// `testselect run`: build and run the selected suites, package by package, and report.
public struct RunCommand: TestSelectCommand {
    public static let configuration = CommandConfiguration(
        name: "run",
        abstract: "Build and run the selected test suites (or every suite), package by package, and report.",
        discussion: """
            For each package with selected suites: one 'swift build --build-tests', then one
            'swift test --skip-build --filter ^(A|B)\\.' over the selected test targets (XCTest and Swift
            Testing alike). Output goes to .build/testselect/logs/<package>.log; a terminal gets a live
            status line per running package, CI (no terminal, or CI set) plain lines. Then a table, the
            failing tests and the tail of each failing log, and the closing line 'N passed, N failed'.

            Exit status: 0 when every test passed, 1 when a test failed, crashed or timed out, 2 when a package
            failed to build (named in the output), 64 bad usage, 130 interrupted.

            --build-cache DIR: before a package builds on a runner without its .build, restore the one saved
            for this toolchain, platform and checkout path, and give every tracked file whose content is
            unchanged its recorded modification time back, so only what changed compiles; after a build
            that succeeded, save it. DIR suits a CI cache action; entries beyond --build-cache-size are
            pruned, least recently used first. What happened is in each package's log and progress line.

            --retries N: a test that fails runs again, alone ('swift test --filter' naming it), up to N more
            times. One that then passes is FLAKY: named in the table and the summary, a <flakyFailure>
            per failed run in JUnit (as Maven Surefire writes it), "flaky" in --report, counted apart
            in the closing line ('N passed, N failed, N flaky'), recorded in .build/testselect/flakes.json
            (or --flakes FILE; 'testselect flakes' lists them), never recorded as a pass by --cache.
            A flaky test does not fail the run unless --fail-on-flaky. Tests named in .testselect.json's
            "quarantine" ("[<package dir>:]<Module>.<Suite>/<test>", a suite, or a module) run and are
            reported, and their failures do not fail the run.

            --jobs: each 'swift build' already uses every core, so running many packages at once mostly
            adds memory pressure; two at a time keeps the cores busy while one package links or runs its
            tests. The default is min(2, cores).

            Durations of every suite and build are recorded in .build/testselect/durations.json (or
            --durations FILE, which CI can cache); --shard I/N uses them to balance shards, and
            'testselect --format github-matrix --shards N' prints the matching matrix. Every shard must
            read the same durations (a run updates its file: give each runner its own copy).

            EXAMPLES:
              testselect run                                  # what the working tree's changes need
              testselect run --base origin/main --junit .build/junit
              testselect run --all                            # every suite of every package
              testselect run --all --shard 2/4 --durations ci-durations.json
              testselect run --base origin/main --dry-run     # what would run, and how
              testselect run --retries 2 --report .build/run.json
            """)

    /// Where to look and what changed.
    public var options = SelectionOptions()
    /// `--impact`.
    public var impact = ImpactOptions()
    /// Every suite of every package.
    @Flag(help: "Run every suite of every package (no diff needed).") public var all: Bool
    /// Packages built and tested at once.
    @Option(value: "n", in: 1..., help: "Packages built and tested at once (default: min(2, cores)).")
    public var jobs: Int?
    /// The shard to run.
    @Option(
        value: "i/n", help: "Run only shard i of n, balanced by recorded durations.",
        expected: "'I/N' with 1 <= I <= N, e.g. '2/4'", convert: { Shard(parsing: $0) })
    public var shard: Shard?
    /// The durations file.
    @Option(
        "--durations", value: "file",
        help: "Durations file read for balancing and updated (default: .build/testselect/durations.json).")
    public var durationsPath: String?
    /// Where JUnit files go.
    @Option("--junit", value: "dir", help: "Write one JUnit XML file per package into this directory.")
    public var junitDirectory: String?
    /// Stop at the first failing package.
    @Flag(help: "Stop at the first package that fails (running ones are cancelled).") public var failFast:
        Bool
    /// How long a package's tests may run.
    @Option(
        value: "seconds",
        help: "Stop a package's tests after this long and count it as failed (default: no limit).",
        expected: "a number of seconds above 0",
        convert: { Double($0).flatMap { $0 > 0 && $0.isFinite ? $0 : nil } })
    public var timeout: Double?
    /// Print what would run.
    @Flag(help: "Print the packages, suites and commands that would run; run nothing.") public var dryRun:
        Bool
    /// The result cache.
    @Option(
        "--cache", value: "dir",
        help: "Skip suites that passed before with the same inputs, kept in this directory; record passes.")
    public var cacheDirectory: String?
    /// Read the result cache, record nothing.
    @Flag(help: "With --cache: skip what passed before, record nothing.") public var cacheReadOnly: Bool
    /// How many times a failing test runs again.
    @Option(
        value: "n", in: 0...100,
        help: "Run failing tests again, alone, up to n times; one that then passes is FLAKY.")
    public var retries = 0
    /// A flaky test fails the run.
    @Flag(help: "With --retries: a flaky test fails the run (exit 1).") public var failOnFlaky: Bool
    /// The flakes file.
    @Option(
        "--flakes", value: "file",
        help: "Flaky tests' record, updated by --retries (default: .build/testselect/flakes.json).")
    public var flakesPath: String?
    /// The run's JSON report.
    @Option("--report", value: "file", help: "Write the run's results as JSON (schema testselect-run/1).")
    public var reportPath: String?
    /// The build cache.
    @Option(
        "--build-cache", value: "dir",
        help: "Restore each package's .build from this directory before building; save it after.")
    public var buildCacheDirectory: String?
    /// The build cache's size bound, in GB.
    @Option(
        "--build-cache-size", value: "gb",
        help:
            "With --build-cache: the most its entries may hold, in GB (default: \(RunCommand.defaultBuildCacheSize.argumentDescription)).",
        expected: "a number of GB above 0",
        convert: { Double($0).flatMap { $0 > 0 && $0.isFinite ? $0 : nil } })
    public var buildCacheSize: Double?
    /// The build cache's size bound when `--build-cache-size` is not given, in GB.
    public static let defaultBuildCacheSize = 20.0

    public init() {}

    /// The default `--jobs`: two packages at a time (one, on a single core).
    public static func defaultJobs(cores: Int = ProcessInfo.processInfo.activeProcessorCount) -> Int {
        max(1, min(2, cores))
    }

    public func validate() throws {
        try options.validate()
        try impact.validate()
        if all {
            for (name, value) in [
                ("--base", options.base), ("--head", options.head), ("--changed-files", options.changedFiles),
                ("--impact", impact.directory),
            ] where value != nil {
                throw UsageError.conflictingOptions("--all", name)
            }
        }
        if cacheReadOnly, cacheDirectory == nil {
            throw UsageError.needsOption("--cache-read-only", needs: "--cache DIR")
        }
        if buildCacheSize != nil, buildCacheDirectory == nil {
            throw UsageError.needsOption("--build-cache-size", needs: "--build-cache DIR")
        }
        if failOnFlaky, retries == 0 { throw UsageError.needsOption("--fail-on-flaky", needs: "--retries N") }
        for (name, value) in [
            ("--durations", durationsPath), ("--junit", junitDirectory), ("--cache", cacheDirectory),
            ("--flakes", flakesPath), ("--report", reportPath), ("--build-cache", buildCacheDirectory),
        ] {
            if let value, value.isEmpty {
                throw UsageError.invalidValue(option: name, value: value, expected: "a non-empty path")
            }
        }
    }

    public func run(in context: CommandContext) throws -> Int32 {
        let planned = try plan(in: context)
        let workspace = planned.workspace
        var plan = planned.plan
        let durationsFile = DurationStore.path(option: durationsPath, root: workspace.root, context: context)
        var durations = DurationStore.loadOrWarn(from: durationsFile, context: context)
        let flakesFile = FlakeStore.path(option: flakesPath, root: workspace.root, context: context)
        // Read before anything runs, so a damaged file is a usage error, not a lost record.
        var flakes = retries > 0 ? try FlakeStore.load(from: flakesFile) : FlakeStore()
        var buildCache: BuildCache? = nil
        if let buildCacheDirectory, !dryRun {
            guard let git = workspace.git else { throw RunError.buildCacheNeedsGit(workspace.root) }
            buildCache = try BuildCache(
                directory: Workspace.absolute(buildCacheDirectory, from: context.currentDirectory),
                root: workspace.root, git: git, toolchain: context.swiftVersion(),
                platform: ResultCacheSession.platform,
                limitBytes: Int64((buildCacheSize ?? RunCommand.defaultBuildCacheSize) * 1_000_000_000),
                runner: context.runner, now: context.now)
        }
        if let shard {
            plan = plan.shard(shard, durations: durations)
        }
        var cached: [ResultCacheSession.CachedSuite] = []
        var session: ResultCacheSession? = nil
        if let cacheDirectory {
            let opened = try ResultCacheSession.open(
                directory: cacheDirectory, readOnly: cacheReadOnly, workspace: workspace,
                graph: planned.graph, context: context)
            (plan, cached) = opened.split(plan)
            session = opened
        }
        let estimate = RunEstimate(durations: durations, graph: planned.graph)
        if dryRun {
            context.output.write(
                RunSummary.cachedLines(cached).map { NameSafety.visible($0) + "\n" }.joined()
                    + RunCommand.describe(plan, estimate: estimate, shard: shard.map { "\($0)" }))
            return 0
        }
        guard !plan.jobs.isEmpty else {
            if let junitDirectory {
                try JUnitWriter.write(
                    [], cached: cached, to: Workspace.absolute(junitDirectory, from: context.currentDirectory)
                )
            }
            if let reportPath {
                try RunReport.write(
                    [], cached: cached, root: workspace.root,
                    to: Workspace.absolute(reportPath, from: context.currentDirectory))
            }
            let lines = RunSummary.cachedLines(cached) + (cached.isEmpty ? ["nothing to run"] : [])
            context.output.write(
                lines.map { NameSafety.visible($0) + "\n" }.joined() + RunSummary.closingLine([]) + "\n")
            return 0
        }
        let width = jobs ?? RunCommand.defaultJobs()
        let suiteCount = plan.jobs.reduce(0) { $0 + $1.suites.count }
        context.output.write(
            "running \(suiteCount) suite\(suiteCount == 1 ? "" : "s") in \(plan.jobs.count) package\(plan.jobs.count == 1 ? "" : "s")"
                + (shard.map { " (shard \($0))" } ?? "")
                + ", \(min(width, plan.jobs.count)) at a time; logs in .build/testselect/logs/\n")
        let run = try execute(
            plan, root: workspace.root, width: width, estimate: estimate,
            quarantine: planned.config.quarantine, buildCache: buildCache, context: context)

        durations.record(run.results)
        do {
            try durations.save(to: durationsFile)
        } catch {
            context.warn("\(error)")
        }
        do {
            try session?.record(run.results)
        } catch {
            context.warn("the result cache was not updated: \(error)")
        }
        if flakes.record(run.results, at: context.now()) > 0 {
            do {
                try flakes.save(to: flakesFile)
            } catch {
                context.warn("the flaky tests were not recorded: \(error)")
            }
        }
        if let reportPath {
            try RunReport.write(
                run.results, cached: cached, root: workspace.root,
                to: Workspace.absolute(reportPath, from: context.currentDirectory))
        }
        if let junitDirectory {
            try JUnitWriter.write(
                run.results, cached: cached,
                to: Workspace.absolute(junitDirectory, from: context.currentDirectory))
        }
        context.output.write(
            RunSummary.format(
                run.results, root: workspace.root, seconds: run.seconds, interrupted: run.interrupted,
                cached: cached))
        if run.interrupted { return 130 }
        if run.results.contains(where: { $0.outcome == .buildFailed }) { return 2 }
        if run.results.contains(where: \.isFailure) { return 1 }
        if failOnFlaky, run.results.contains(where: { $0.tests.contains(where: \.isFlaky) }) {
            context.errors.write("testselect: flaky tests fail this run ('--fail-on-flaky')\n")
            return 1
        }
        return 0
    }

    /// Runs the plan's jobs with progress, stopping every child process on an interrupt.
    private func execute(
        _ plan: RunPlan, root: String, width: Int, estimate: RunEstimate, quarantine: Quarantine,
        buildCache: BuildCache?, context: CommandContext
    ) throws -> (results: [PackageRunResult], seconds: Double, interrupted: Bool) {
        let logs = root + "/.build/testselect/logs"
        do {
            try FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true)
        } catch {
            throw RunError.cannotWrite(path: logs, reason: "\(error)")
        }
        let registry = ProcessRegistry()
        let runner = PackageTestRunner(
            swift: context.swift, root: root, logDirectory: logs,
            registry: registry, clock: context.clock,
            testTimeout: timeout.map { Duration.seconds($0) }, retries: retries,
            quarantine: quarantine, buildCache: buildCache)
        let progress = RunCommand.progress(for: context, total: plan.jobs.count, logPath: runner.logPath)
        let interrupts = InterruptHandler { registry.cancelAll() }
        let started = context.clock.now()
        let results = RunScheduler(runner: runner, width: width, failFast: failFast, progress: progress).run(
            plan, expectedSeconds: estimate.seconds(for:))
        let elapsed = context.clock.now() - started
        interrupts.uninstall()
        progress.close()
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return (results, seconds, interrupts.signalReceived != nil)
    }

    /// The workspace, its head graph and the plan (before sharding); prints the selection first.
    private func plan(in context: CommandContext) throws -> (
        workspace: Workspace, graph: ResolvedGraph, plan: RunPlan, config: TestSelectConfig
    ) {
        if all {
            let workspace = try options.workspace(in: context)
            let snapshot = try workspace.headSnapshot(revision: nil)
            let config = try workspace.config(of: snapshot)
            let graph = try workspace.graph(of: snapshot, config: config, requirePackages: true)
            for warning in graph.warnings { context.warn(warning.message) }
            for package in graph.packages {
                if case .unreadable(let reason) = package.loaded.reading {
                    context.warn(
                        "cannot read the manifest of '\(package.directory)' (\(reason)); running all its tests"
                    )
                }
            }
            return (workspace, graph, RunPlan(everythingIn: graph), config)
        }
        let workspace = try options.workspace(in: context)
        let outcome = try impact.apply(
            to: options.select(in: context, workspace: workspace), workspace: workspace, head: options.head,
            context: context)
        context.output.write(SelectionTextFormatter.format(outcome.selection) + "\n")
        return (
            workspace, outcome.head, RunPlan(selection: outcome.selection, graph: outcome.head),
            outcome.config
        )
    }

    /// The live display on a terminal; plain lines in CI (`CI` set), for `TERM=dumb` and for pipes.
    static func progress(
        for context: CommandContext, total: Int, logPath: (@Sendable (PackageJob) -> String)? = nil
    ) -> any RunProgress {
        let environment = context.environment
        let ci = environment["CI"].map { !$0.isEmpty && $0 != "false" && $0 != "0" } ?? false
        guard context.errors.isTerminal, !ci, environment["TERM"] != "dumb" else {
            return PlainRunProgress(stream: context.errors, clock: context.clock, logPath: logPath)
        }
        return LiveRunProgress(
            stream: context.errors, total: total, colors: environment["NO_COLOR"] == nil, clock: context.clock
        )
    }

    /// The `--dry-run` text: one `swift test` command per package, with what it runs.
    static func describe(_ plan: RunPlan, estimate: RunEstimate, shard: String?) -> String {
        guard !plan.jobs.isEmpty else { return "nothing to run\n" }
        let suites = plan.jobs.reduce(0) { $0 + $1.suites.count }
        var lines = [
            "would run \(suites) suite\(suites == 1 ? "" : "s") in \(plan.jobs.count) package\(plan.jobs.count == 1 ? "" : "s")"
                + (shard.map { " (shard \($0))" } ?? "") + ":"
        ]
        for job in plan.jobs {
            let filter =
                (job.filter.map { " --filter " + CIFormatters.shellQuote($0) } ?? "")
                + (job.skip.map { " --skip " + CIFormatters.shellQuote($0) } ?? "")
            let left = job.skipped.isEmpty ? "" : "; the impact map leaves out \(job.skipped.count) tests"
            lines.append(
                "  \(job.directory): \(job.suites.joined(separator: ", ")) (about \(RunSummary.duration(estimate.seconds(for: job)))\(left))"
            )
            lines.append("    swift test --package-path \(CIFormatters.shellQuote(job.directory))\(filter)")
        }
        return lines.map(NameSafety.visible).joined(separator: "\n") + "\n"
    }
}
