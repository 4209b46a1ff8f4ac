import Foundation
import TestSelectManifest

/// The result cache as one command uses it: the fingerprints of the working tree's suites, and which
/// of them passed before with exactly these inputs.
public struct ResultCacheSession: Sendable {
    /// A suite not run because it passed before with the same inputs.
    public struct CachedSuite: Sendable, Hashable {
        public var package: String
        public var target: String
        /// The run it passed in.
        public var run: String

        public var name: String { "\(package):\(target)" }
    }

    public let cache: ResultCache
    public let fingerprints: SuiteFingerprints
    /// Whether passes are recorded (`--cache-read-only` reads only).
    public let writes: Bool
    /// This run's name, recorded with its passes.
    public let run: String

    /// Opens the cache in `directory` for the working tree of `workspace`.
    ///
    /// - Throws: `RunError.cacheNeedsGit` outside a git repository (the fingerprints are git object ids).
    public static func open(
        directory: String, readOnly: Bool, workspace: Workspace, graph: ResolvedGraph,
        config: TestSelectConfig,
        context: CommandContext
    ) throws -> ResultCacheSession {
        guard let git = workspace.git else { throw RunError.cacheNeedsGit(workspace.root) }
        let version = context.swiftVersion()
        let files = try git.workingTreeFiles()
        let fingerprints = try SuiteFingerprints(
            graph: graph, config: config, files: files.tracked + files.untracked, toolchain: version,
            platform: ResultCacheSession.platform, blobIDs: git.workingTreeBlobIDs(of:))
        let run =
            context.environment["GITHUB_RUN_ID"].map { "github run \($0)" }
            ?? "the run of \(ISO8601DateFormatter().string(from: context.now()))"
        return ResultCacheSession(
            cache: ResultCache(directory: Workspace.absolute(directory, from: context.currentDirectory)),
            fingerprints: fingerprints, writes: !readOnly, run: run)
    }

    /// Opens the cache for the working tree of `workspace`, with the working tree's
    /// `.testselect.json` (what every command that takes `--cache` fingerprints).
    public static func open(
        directory: String, readOnly: Bool, workspace: Workspace, graph: ResolvedGraph, context: CommandContext
    ) throws -> ResultCacheSession {
        try open(
            directory: directory, readOnly: readOnly, workspace: workspace, graph: graph,
            config: try workspace.config(of: try workspace.headSnapshot(revision: nil)), context: context)
    }

    /// This machine's operating system and architecture.
    static var platform: String {
        #if os(Linux)
            let system = "Linux"
        #elseif os(macOS)
            let system = "macOS"
        #else
            let system = "other"
        #endif
        #if arch(x86_64)
            return system + " x86_64"
        #elseif arch(arm64)
            return system + " arm64"
        #else
            return system
        #endif
    }

    /// The command a suite's tests run with (part of its fingerprint).
    static func command(for target: String) -> String {
        "swift test --skip-build --filter " + CIFormatters.filter(for: [target])
    }

    /// The inputs of a suite now.
    public func inputs(package: String, target: String) -> SuiteInputs? {
        fingerprints.inputs(
            directory: package, target: target, command: ResultCacheSession.command(for: target))
    }

    /// The plan without the suites that already passed with these inputs, and those suites.
    public func split(_ plan: RunPlan) -> (plan: RunPlan, cached: [CachedSuite]) {
        var cached: [CachedSuite] = []
        var jobs: [PackageJob] = []
        for job in plan.jobs {
            var kept: [String] = []
            for suite in job.suites {
                if let inputs = inputs(package: job.directory, target: suite),
                    let pass = cache.pass(for: inputs)
                {
                    cached.append(CachedSuite(package: job.directory, target: suite, run: pass.run))
                } else {
                    kept.append(suite)
                }
            }
            guard !kept.isEmpty else { continue }
            jobs.append(
                PackageJob(
                    directory: job.directory, suites: kept,
                    coversPackage: job.coversPackage && kept == job.suites))
        }
        return (RunPlan(jobs: jobs), cached)
    }

    /// Records the suites that passed (never a failed, crashed, timed-out or unbuilt one).
    public func record(_ results: [PackageRunResult]) throws {
        guard writes else { return }
        for result in results {
            for suite in result.passedSuites {
                guard let inputs = inputs(package: result.job.directory, target: suite) else { continue }
                try cache.record(suite: "\(result.job.directory):\(suite)", inputs: inputs, run: run)
            }
        }
        cache.prune()
    }
}

extension PackageRunResult {
    /// The suites of the job whose tests all passed on their first run: every suite of a package that
    /// passed, but those holding a flaky test or a quarantined failure; of one whose tests failed, those
    /// without such a test either (a failure of unknown module taints them all).
    public var passedSuites: [String] {
        switch outcome {
        case .passed,
            .testsFailed where testsNotRun == 0:
            let tainted = tests.filter { $0.status == .failed || $0.isFlaky }
            if tainted.isEmpty, outcome == .passed { return job.suites }
            if tainted.contains(where: { $0.module.isEmpty }) { return [] }
            return job.suites.filter { suite in
                suite != "*" && !tainted.contains { ModuleName.matches(module: $0.module, target: suite) }
            }
        default:
            return []
        }
    }
}
