import Foundation
import TestSelectKit
import TestSelectManifest
import TestSelectSupport

/// Options of `testselect-bench`.
public struct BenchmarkOptions: Sendable {
    /// Repository sizes, in packages.
    public var sizes = [10, 100, 1000]
    /// How many manifests `dump-package` reads per size at most; above it, a sample is timed and scaled.
    public var sample = 100
    /// How many times `testselect` runs per size (the median is reported).
    public var runs = 5
    /// The `testselect` executable to time.
    public var testselect: String
    /// The `swift` executable for `dump-package`.
    public var swift = "swift"
    /// Where the generated repositories go (kept when set; a temporary directory otherwise).
    public var directory: String?

    /// Options with defaults, timing `testselect`.
    public init(testselect: String) {
        self.testselect = testselect
    }
}

/// What one size measured.
public struct BenchmarkResult: Sendable {
    /// Packages in the repository.
    public var packages: Int
    /// Median seconds of `testselect --format json`.
    public var staticSeconds: Double
    /// Seconds of the dump-package route (scaled from the sample when sampled).
    public var swiftPMSeconds: Double
    /// Manifests `dump-package` actually read.
    public var dumped: Int
    /// Whether both routes agree (see `Benchmark`).
    public var identical: Bool
    /// Peak resident memory of `testselect`, in MiB.
    public var peakMB: Double

    /// `swiftPMSeconds / staticSeconds`.
    public var ratio: Double { staticSeconds > 0 ? swiftPMSeconds / staticSeconds : 0 }

    /// The machine-readable last line of a size's report.
    public var line: String {
        String(
            format: "bench packages=%d static_s=%.3f swiftpm_s=%.3f ratio=%.1f identical=%@ peak_mb=%.1f",
            packages,
            staticSeconds, swiftPMSeconds, ratio, identical ? "true" : "false", peakMB)
    }
}

/// Errors of the benchmark.
public enum BenchmarkError: Error, CustomStringConvertible {
    /// `swift package dump-package` failed on a generated package.
    case dumpPackageFailed(String, String)
    /// `testselect` failed.
    case testselectFailed(status: Int32, log: String)
    /// The generated repository is not a git repository.
    case notAGitRepository(String)
    /// A git command failed.
    case gitFailed([String], String)
    /// The impact benchmark cannot go on.
    case impact(String)
    /// `--on` names no commit of the repository.
    case unknownRevision(String)

    public var description: String {
        switch self {
        case .dumpPackageFailed(let directory, let stderr):
            return "'swift package dump-package' failed in '\(directory)': \(stderr)"
        case .testselectFailed(let status, let log):
            return "'testselect' exited with status \(status): \(log)"
        case .notAGitRepository(let root): return "'\(root)' is not a git repository"
        case .gitFailed(let arguments, let stderr):
            return "'git \(arguments.joined(separator: " "))' failed: \(stderr)"
        case .impact(let reason): return reason
        case .unknownRevision(let revision):
            return
                "'--on \(revision)' names no commit here (a branch, tag or commit, as 'git rev-parse' reads it)"
        }
    }
}

/// The selection benchmark: for each size, generate a synthetic monorepo (`SyntheticMonorepo`),
/// commit a change to a library a quarter of the way up its graph, then time
///
/// - the static route: the `testselect` binary, `--format json --base HEAD~1 --head HEAD`, `runs`
///   times (median wall time, peak resident memory), and
/// - the SwiftPM route: `swift package dump-package` on every manifest, one after another, with a
///   cold manifest cache, then the same graph and selection rules; above `sample` manifests, a
///   sample (the changed package first, then every k-th) is dumped and the time scaled.
///
/// `identical` holds when the selection from the SwiftPM route equals testselect's JSON, and every
/// dumped package's graph equals the static reader's. With a sample, the selection is computed on
/// the static graph with the sampled packages replaced by their dumps.
public final class Benchmark: Sendable {
    let options: BenchmarkOptions
    let print: @Sendable (String) -> Void
    let git = SystemProcessRunner()

    /// Creates a benchmark writing its report through `print`.
    public init(options: BenchmarkOptions, print: @escaping @Sendable (String) -> Void) {
        self.options = options
        self.print = print
    }

    /// Runs one size in a fresh repository.
    public func run(size: Int) throws -> BenchmarkResult {
        let base =
            options.directory.map { $0 + "/bench-\(size)" }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent(
                "testselect-bench-\(UUID().uuidString.prefix(8))"
            ).path
        let root = base + "/monorepo"
        try? FileManager.default.removeItem(atPath: base)
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { if options.directory == nil { try? FileManager.default.removeItem(atPath: base) } }

        let started = ContinuousClock.now
        let repo = SyntheticMonorepo(packageCount: size)
        try repo.write(to: root)
        try commit(root, message: "synthetic monorepo", initialize: true)
        try String(contentsOfFile: root + "/" + repo.changedFile, encoding: .utf8)
            .appending("// changed\n").write(
                toFile: root + "/" + repo.changedFile, atomically: false, encoding: .utf8)
        try commit(root, message: "change", initialize: false)
        print(
            "== \(size) packages (\(repo.targetCount) targets, \(repo.pathDependencyCount) path dependencies); "
                + "generated and committed in \(format(Benchmark.seconds(ContinuousClock.now - started))) s")
        print("change: \(repo.changedFile) (committed; --base HEAD~1 --head HEAD)")

        let measured = try timeTestSelect(root: root, work: base)
        let total = measured.selected.count + measured.skipped
        print(
            "testselect --format json: median \(format(measured.median)) s of \(options.runs) runs "
                + "(min \(format(measured.minimum)) s), peak \(String(format: "%.1f", measured.peakMB)) MB; "
                + "\(measured.selected.count) of \(total) suites selected")

        let swiftPM = try timeSwiftPM(root: root, repo: repo, expected: measured.selected)
        let result = BenchmarkResult(
            packages: size, staticSeconds: measured.median, swiftPMSeconds: swiftPM.seconds,
            dumped: swiftPM.dumped,
            identical: swiftPM.identical, peakMB: measured.peakMB)
        print(result.line)
        return result
    }

    private struct StaticMeasurement {
        var median: Double
        var minimum: Double
        var peakMB: Double
        var selected: [String]
        var skipped: Int
    }

    private func timeTestSelect(root: String, work: String) throws -> StaticMeasurement {
        var times: [Double] = []
        var peak = 0
        var json = JSONValue.null
        let log = work + "/testselect.json"
        for _ in 0..<max(1, options.runs) {
            try? FileManager.default.removeItem(atPath: log)
            let process = try LoggedProcess.launch(
                options.testselect,
                ["--repo", root, "--base", "HEAD~1", "--head", "HEAD", "--format", "json"], output: log)
            let exit = process.wait()
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            guard exit.succeeded else {
                throw BenchmarkError.testselectFailed(status: exit.status, log: text)
            }
            times.append(exit.seconds)
            peak = max(peak, exit.peakMemoryBytes)
            json = try JSONValue.parse(text)
        }
        let selected = (json["selected"]?.arrayValue ?? []).compactMap { suite -> String? in
            guard let package = suite["package"]?.stringValue, let target = suite["target"]?.stringValue
            else {
                return nil
            }
            return "\(package):\(target)"
        }
        let sorted = times.sorted()
        return StaticMeasurement(
            median: sorted[sorted.count / 2], minimum: sorted[0], peakMB: Double(peak) / 1_048_576,
            selected: selected.sorted(), skipped: json["skipped"]?.arrayValue?.count ?? 0)
    }

    private func timeSwiftPM(root: String, repo: SyntheticMonorepo, expected: [String]) throws -> (
        seconds: Double, dumped: Int, identical: Bool
    ) {
        let workspace = try Workspace.open(
            repository: root, currentDirectory: root, loader: ManifestLoader(dumpPackage: nil))
        guard let git = workspace.git else { throw BenchmarkError.notAGitRepository(root) }
        let snapshot = RevisionSnapshot(git: git, revision: "HEAD")
        let staticGraph = try workspace.graph(of: snapshot)
        let count = repo.packages.count
        let sampled = count > options.sample
        var sample = [repo.changedPackage]
        if sampled {
            let others = stride(from: 0, to: count, by: max(1, count / options.sample)).filter {
                $0 != repo.changedPackage
            }
            sample += others.prefix(options.sample - 1)
        } else {
            sample = Array(repo.packages.indices)
        }
        let route = SwiftPMRoute(swift: options.swift)
        var dumped: [String: DeclaredPackage] = [:]
        var dumpSeconds = 0.0
        for index in sample {
            let directory = repo.packages[index].directory
            let (package, seconds) = try route.dump(packageDirectory: root + "/" + directory)
            dumped[directory] = package
            dumpSeconds += seconds
        }
        let started = ContinuousClock.now
        let loaded = staticGraph.packages.map { package -> LoadedPackage in
            guard let declared = dumped[package.directory] else { return package.loaded }
            return SwiftPMRoute.loaded(declared, directory: package.directory)
        }
        let (graph, selection) = try SwiftPMRoute.select(
            packages: loaded, in: workspace, base: "HEAD~1", head: "HEAD")
        let selectSeconds = Benchmark.seconds(ContinuousClock.now - started)
        let names = selection.selected.map { "\($0.package):\($0.target)" }.sorted()
        let graphsAgree = dumped.keys.allSatisfy { directory in
            guard let mine = staticGraph.package(at: directory), let theirs = graph.package(at: directory)
            else {
                return false
            }
            return Benchmark.comparable(GraphJSONFormatter.package(staticGraph.packages[mine]))
                == Benchmark.comparable(GraphJSONFormatter.package(graph.packages[theirs]))
        }
        let perManifest = dumpSeconds / Double(sample.count)
        let total = perManifest * Double(count) + selectSeconds
        if sampled {
            print(
                "swift package dump-package: \(format(perManifest)) s per manifest, timed on a sample of "
                    + "\(sample.count) of \(count) manifests (cold manifest cache, one after another); "
                    + "scaled to \(count) manifests: \(format(total)) s")
        } else {
            print(
                "swift package dump-package: \(format(dumpSeconds)) s for all \(count) manifests "
                    + "(\(format(perManifest)) s each; cold manifest cache, one after another), "
                    + "then \(format(selectSeconds)) s for graph and selection")
        }
        let identical = names == expected && graphsAgree
        let scope =
            sampled
            ? "the selection over testselect's graph with the \(sample.count) sampled packages read by dump-package"
            : "the selection from the dump-package graph"
        print(
            "identical: \(identical) (\(scope) \(names == expected ? "equals" : "DIFFERS from") testselect's; "
                + "the \(sample.count) dumped package graphs \(graphsAgree ? "equal" : "DIFFER from") the static reader's)"
        )
        return (total, sample.count, identical)
    }

    /// A package's graph JSON without the `reader` marker, which only says how it was read.
    static func comparable(_ json: JSONValue) -> JSONValue {
        guard case .object(let members) = json else { return json }
        return .object(
            members.map { key, value in
                guard key == "package", case .object(let fields) = value else { return (key, value) }
                return (key, .object(fields.filter { $0.0 != "reader" }))
            })
    }

    private func commit(_ root: String, message: String, initialize: Bool) throws {
        var commands: [[String]] = []
        if initialize { commands.append(["init", "-q", "-b", "main"]) }
        commands += [
            ["add", "-A"],
            [
                "-c", "user.name=Benchmark", "-c", "user.email=bench@example.com", "-c",
                "commit.gpgsign=false",
                "commit", "-q", "-m", message,
            ],
        ]
        for arguments in commands {
            let output = try git.run("git", arguments, in: root)
            guard output.status == 0 else { throw BenchmarkError.gitFailed(arguments, output.stderr) }
        }
    }

    private func format(_ seconds: Double) -> String {
        String(format: "%.3f", seconds)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
